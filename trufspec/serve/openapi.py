"""The OpenAPI document of ``/v1``: exactly what the service reads, checks and answers.

Litestar writes the paths, parameters and answers from the routes; the schemas of the bodies
are replaced here by those msgspec writes from the very types the service decodes and encodes
with (:mod:`.bodies` reads every body strictly into them), so a length, a pattern, a required
key or a key the API does not have is in the document exactly as it is enforced.  The set-up of
a hosted game is described per ruleset (:mod:`.setups`), and the links from a new game to its
view, its actions and its record let a client, or a test tool, follow a game from its start.
"""

from __future__ import annotations

import copy
from typing import Any

import msgspec

from trufspec.output import contract
from trufspec.output.schemas import described
from trufspec.serve.models import (
    ActionRequest,
    ActionResult,
    CheckRequest,
    ClauseDetail,
    GameCreated,
    GameEvent,
    GameRecord,
    GameView,
    NewGame,
    Problem,
    ReadingsRequest,
    RefereeRequest,
    RefereeResponse,
    RulesIndex,
)
from trufspec.serve.setups import new_game_schema
from trufspec.spec.registry import default_registry

__all__ = ["BODIES", "document"]

BODIES: dict[str, type[msgspec.Struct]] = {
    "check": CheckRequest,
    "readings": ReadingsRequest,
    "referee": RefereeRequest,
    "createGame": NewGame,
    "act": ActionRequest,
}
"""The body each operation (by its id) reads."""

_ANSWERS: tuple[type[msgspec.Struct], ...] = (
    RulesIndex,
    ClauseDetail,
    contract.CheckDocument,
    contract.ReadingsDocument,
    RefereeResponse,
    GameCreated,
    GameView,
    GameEvent,
    ActionResult,
    GameRecord,
    Problem,
)

_EXAMPLE_RECORD = (
    '[Ruleset "truf-basics"]\n[Players "Ana Budi Citra Dewi"]\n\ndeal 1\nhands\n'
    "  Ana:   9S 8S AH KH 7H 6H JD 10D 7D 5D AC 9C 5C\n"
    "  Budi:  JS 3S 2S JH 10H 8H 5H KD QD 9D 8D 3D JC\n"
    "  Citra: AS KS 10S 7S 5S 4S QH 9H AD 6D 4D QC 2C\n"
    "  Dewi:  QS 6S 4H 3H 2H 2D KC 10C 8C 7C 6C 4C 3C\n"
    "bids\n  Ana:   9C -5C   = 4\n  Budi:  2S       = 2\n  Citra: 5S -KS   = 5\n"
    "  Dewi:  4C       = 4\ncontract Citra trump S atas\nplay\n  1. Citra: AS 6S\n  *\n"
)
"""A deal of truf-basics cut in the middle of its first trick, where Ana is to play."""

_EXAMPLES: dict[str, dict[str, Any]] = {
    "check": {"record": _EXAMPLE_RECORD},
    "readings": {"record": _EXAMPLE_RECORD},
    "referee": {"record": _EXAMPLE_RECORD, "action": "8S"},
    "createGame": {"ruleset": "truf-basics", "players": ["Ana", "Budi", "Citra", "Dewi"]},
}

_TABLE = "Bearer {$response.body#/tokens/table}"
_SAME_TOKEN = "$request.header.Authorization"

_LINKS: dict[tuple[str, str], dict[str, dict[str, Any]]] = {
    ("createGame", "201"): {
        "ViewAsTable": {
            "operationId": "viewGame",
            "parameters": {
                "path.game": "$response.body#/id",
                "query.offset": "0",
                "header.Authorization": _TABLE,
            },
            "description": "The whole game, seen with the table's token.",
        },
        "ViewAsFirstSeat": {
            "operationId": "viewGame",
            "parameters": {
                "path.game": "$response.body#/id",
                "query.seat": "$response.body#/players/0",
                "query.offset": "0",
                "header.Authorization": _TABLE,
            },
            "description": "The first seat's view, asked with the table's token.",
        },
        "Act": {
            "operationId": "act",
            "parameters": {"path.game": "$response.body#/id", "header.Authorization": _TABLE},
            "description": "An action in the game, sent with the table's token.",
        },
        "Record": {
            "operationId": "gameRecord",
            "parameters": {"path.game": "$response.body#/id", "header.Authorization": _TABLE},
            "description": "The game's record, which the table may have at any time.",
        },
    },
    ("viewGame", "200"): {
        "PlayFirstLegalAction": {
            "operationId": "act",
            "parameters": {"path.game": "$request.path.game", "header.Authorization": _SAME_TOKEN},
            "requestBody": {
                "action": "$response.body#/legal_actions/items/0",
                "seat": "$response.body#/legal_actions/player",
                "version": "$response.body#/version",
            },
            "description": "The first legal action of the view, as the seat it is listed for.",
        },
    },
    ("act", "200"): {
        "ViewAgain": {
            "operationId": "viewGame",
            "parameters": {
                "path.game": "$request.path.game",
                "query.offset": "0",
                "header.Authorization": _SAME_TOKEN,
            },
            "description": "The game after the action, with the same token.",
        },
    },
}


_PYTHON_SPACE = r"\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
"""The characters Python's ``\\s`` matches in a text, listed: ECMAScript's ``\\s``, which the
readers of the document use, leaves out ``\\x1c``-``\\x1f`` and ``\\x85`` and adds
``\\ufeff``."""


def _as_python_reads(schema: Any) -> Any:
    """``schema`` with each ``\\s`` of a character class written as the characters Python's
    expressions, which msgspec checks the patterns with, give it."""
    if isinstance(schema, dict):
        return {
            key: value.replace("[^\\s", "[^" + _PYTHON_SPACE)
            if key == "pattern" and isinstance(value, str)
            else _as_python_reads(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [_as_python_reads(item) for item in schema]
    return schema


def _clause_codes() -> list[str]:
    """The codes ``GET /v1/rules/{code}`` knows (any other is 404)."""
    return [clause.code for clause in default_registry().clauses()]


def _without_null(schema: dict[str, Any]) -> dict[str, Any]:
    """A query parameter's schema without the ``null`` of an optional value: a query string
    cannot send null, only leave the parameter out."""
    choices = schema.get("oneOf")
    if not isinstance(choices, list) or {"type": "null"} not in choices:
        return schema
    kept = [c for c in choices if c != {"type": "null"}]
    rest = {k: v for k, v in schema.items() if k != "oneOf"}
    return {**kept[0], **rest} if len(kept) == 1 else {**rest, "oneOf": kept}


_ETAG = {
    "description": "The view's weak entity tag: send it back as If-None-Match to be answered "
    "304, with no body, while the view has not changed.",
    "schema": {"type": "string"},
}

_HEADERS: dict[str, dict[str, Any]] = {
    "viewGame": {
        "name": "If-None-Match",
        "in": "header",
        "required": False,
        "description": "Entity tags of views the client holds: the answer is 304, with no body, "
        "when the view has one of them.",
        "schema": {"type": "string", "maxLength": 1000},
    },
    "gameEvents": {
        "name": "Last-Event-ID",
        "in": "header",
        "required": False,
        "description": "The id of the last event received (a version): the stream goes on with "
        "the events after it. Anything but a whole number is refused (400).",
        "schema": {"type": "string", "pattern": "^[0-9]{1,18}$"},
    },
}
"""The header each operation reads besides its token."""

_STREAM = {
    "description": "A stream of Server-Sent Events: each has the event name `action`, "
    "`deal-end` or `game-end`, a GameEvent as its JSON data, and, on the last event of each "
    "version, that version as its id; a comment line is sent while there is nothing to send. "
    "The stream closes after `game-end`.",
    "content": {
        "text/event-stream": {
            "schema": {"type": "string"},
            "x-data-schema": {"$ref": "#/components/schemas/GameEvent"},
        }
    },
}

_TOO_MANY = {
    "description": "Too many streams",
    "headers": {
        "Retry-After": {
            "description": "Seconds to wait before opening another stream.",
            "schema": {"type": "integer"},
        }
    },
    "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}},
}


def _answers(name: str, operation: dict[str, Any]) -> None:
    """The answers Litestar cannot tell from a route: a view's entity tag and its 304, and an
    event stream's media type and its 429."""
    responses = operation.get("responses", {})
    if name == "viewGame":
        responses["200"].setdefault("headers", {})["ETag"] = _ETAG
        responses["304"] = {"description": "The view has not changed: no body."}
    if name == "gameEvents":
        responses["200"] = copy.deepcopy(_STREAM)
        responses["429"] = copy.deepcopy(_TOO_MANY)
    if name in _HEADERS:
        operation.setdefault("parameters", []).append(copy.deepcopy(_HEADERS[name]))


def document(generated: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI document from the one Litestar ``generated`` from the routes, its
    descriptions cleaned as the shipped schemas' are (the same text under every version of
    msgspec and Litestar)."""
    openapi = copy.deepcopy(generated)
    _, schemas = msgspec.json.schema_components(
        (*BODIES.values(), *_ANSWERS), ref_template="#/components/schemas/{name}"
    )
    schemas["NewGame"] = new_game_schema(schemas["NewGame"]["properties"]["seed"])
    openapi.setdefault("components", {})["schemas"] = _as_python_reads(
        dict(sorted(schemas.items()))
    )
    for item in openapi.get("paths", {}).values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            name = str(operation.get("operationId", ""))
            for parameter in operation.get("parameters", []):
                parameter["schema"] = _without_null(parameter["schema"])
                if name == "rule" and parameter["name"] == "code":
                    parameter["schema"] = {"type": "string", "enum": _clause_codes()}
            _answers(name, operation)
            if name in BODIES:
                body: dict[str, Any] = {
                    "schema": {"$ref": f"#/components/schemas/{BODIES[name].__name__}"}
                }
                if name in _EXAMPLES:  # an action is an example only in a game of one's own
                    body["examples"] = {"example": {"value": _EXAMPLES[name]}}
                operation["requestBody"] = {"required": True, "content": {"application/json": body}}
            for status, answer in operation.get("responses", {}).items():
                links = _LINKS.get((name, status))
                if links is not None:
                    answer["links"] = links
    cleaned: dict[str, Any] = described(openapi)
    return cleaned
