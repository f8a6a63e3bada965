"""The hooks the suite's Schemathesis run loads (``SCHEMATHESIS_HOOKS``): real games for the
operations on a hosted game.

A hosted game's operations take the game's id and one of its tokens.  Made-up ones only reach
the 401 and 403 of the token check; so the run starts one game of its own, and every request
to those operations whose id is not itself the thing under test is sent to that game with its
table token, as the run's own credentials.  Schemathesis then also sends each such request
without them and with made-up ones, and checks that those are refused.

The links of the document carry a new game's id and table token too.  In its stateful phase
Schemathesis takes a token it did not set itself for one it made up, and reports the answer to
it as an operation that ignores its credentials; such a report is set aside only when the token
sent is the very table token the server gave for that game.
"""

from __future__ import annotations

import threading
from typing import Any

import httpx
import schemathesis
from schemathesis.core.parameters import ParameterLocation

_GAME: dict[str, tuple[str, str]] = {}
"""The run's own game (id and table token), by the server's address."""
_LOCK = threading.Lock()
_TABLES: dict[str, str] = {}
"""The table token of every game the run started, through the links or for itself."""


def _game(base_url: str) -> tuple[str, str]:
    """The run's game on the server at ``base_url``, started at first use."""
    with _LOCK:
        if base_url not in _GAME:
            answer = httpx.post(
                base_url.rstrip("/") + "/v1/games",
                json={"ruleset": "truf-basics", "players": ["Ana", "Budi", "Citra", "Dewi"]},
                timeout=30,
            )
            answer.raise_for_status()
            created = answer.json()
            _GAME[base_url] = (created["id"], created["tokens"]["table"])
            _TABLES[created["id"]] = created["tokens"]["table"]
        return _GAME[base_url]


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    """Keep the table token of each game the run starts."""
    if case.operation.path == "/v1/games" and response.status_code == 201:
        created = response.json()
        _TABLES[created["id"]] = created["tokens"]["table"]


@schemathesis.hook
def filter_failure(context: Any, failure: Any, case: Any, response: Any) -> bool:
    """Set aside a report of made-up credentials accepted when they were the game's own."""
    if type(failure).__name__ != "IgnoredAuth" or "generated" not in str(failure.scenario):
        return True
    game = (case.path_parameters or {}).get("game")
    sent = {k.lower(): v for k, v in (case.headers or {}).items()}.get("authorization")
    return not (game in _TABLES and sent == f"Bearer {_TABLES[game]}")


@schemathesis.auth()
class GameTokens:
    """The run's game and its table token, for a request about a game."""

    def get(self, case: Any, context: Any) -> tuple[str, str] | None:
        if "game" not in (case.path_parameters or {}):
            return None
        if case.meta is not None and case.meta.is_negative_at(ParameterLocation.PATH):
            return None  # the id is what the request tests
        return _game(str(context.operation.base_url))

    def set(self, case: Any, data: tuple[str, str], context: Any) -> None:
        game, token = data
        case.path_parameters = {**case.path_parameters, "game": game}
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}


@schemathesis.hook
def map_case(context: Any, case: Any) -> Any:
    """A generated game's bots at seats of its players only: the document cannot say that a key
    of ``bots`` is one of ``players`` (the server refuses any other with 422, which the suite
    tests on its own).  A body made to break the document is left as it was made."""
    body = case.body
    if (
        case.operation.path == "/v1/games"
        and case.method.upper() == "POST"
        and isinstance(body, dict)
        and isinstance(body.get("bots"), dict)
        and isinstance(body.get("players"), list)
        and not (case.meta is not None and case.meta.is_negative_at(ParameterLocation.BODY))
    ):
        players = body["players"]
        case.body = {**body, "bots": {k: v for k, v in body["bots"].items() if k in players}}
    return case
