"""What a hosted game may be started with: the rulesets, their numbers of seats and readings.

``POST /v1/games`` refuses a set-up the referee would refuse, and says so in its OpenAPI
document: the schema of its body and the check of a body (:func:`check_new_game`) are both
made from the tables below, which ask the games' descriptors (their seats), the referee and the
rulesets' options, so that a body the document allows is a game started, and a body it does not
is refused with where and why.
"""

from __future__ import annotations

import re
from typing import Any

from trufspec.games import game_of
from trufspec.referee import STATES
from trufspec.serve.bodies import invalid
from trufspec.serve.models import PLAYER_PATTERN, NewGame
from trufspec.simulate.bots import LEVELS
from trufspec.spec.options import Option
from trufspec.spec.registry import default_registry

__all__ = ["check_new_game", "new_game_schema", "reading_pattern"]


def _digits(low: str, high: str) -> list[str]:
    """Patterns of the numbers of one length from ``low`` to ``high`` (digit strings)."""
    if not low:
        return [""]
    if low[0] == high[0]:
        return [low[0] + rest for rest in _digits(low[1:], high[1:])]
    rest = len(low) - 1
    if low[1:] == "0" * rest and high[1:] == "9" * rest:
        return [f"[{low[0]}-{high[0]}]" + "[0-9]" * rest]
    parts = [low[0] + tail for tail in _digits(low[1:], "9" * rest)]
    if int(high[0]) - int(low[0]) > 1:
        parts.append(f"[{int(low[0]) + 1}-{int(high[0]) - 1}]" + "[0-9]" * rest)
    parts += [high[0] + tail for tail in _digits("0" * rest, high[1:])]
    return parts


_END = r"(?![\s\S])"
"""The end of the text for both Python's and ECMAScript's expressions (see
:mod:`trufspec.jsonrecords.model`)."""


def reading_pattern(option: Option) -> str:
    """The pattern of the values of a whole-number reading: its numbers from ``minimum`` to
    ``maximum`` written plainly (no sign, no leading zero)."""
    assert option.minimum is not None and option.maximum is not None
    assert option.minimum >= 0, "the readings' numbers are not negative"
    parts = []
    for length in range(len(str(option.minimum)), len(str(option.maximum)) + 1):
        low = max(option.minimum, 10 ** (length - 1) if length > 1 else 0)
        high = min(option.maximum, 10**length - 1)
        parts += _digits(str(low), str(high))
    return "^(?:" + "|".join(parts) + ")" + _END


def _reading_schema(option: Option) -> dict[str, Any]:
    if option.choices is not None:
        return {"type": "string", "enum": list(option.choices), "description": option.doc}
    return {"type": "string", "pattern": reading_pattern(option), "description": option.doc}


def _player_schema() -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "maxLength": 100, "pattern": PLAYER_PATTERN}


def new_game_schema(seed: dict[str, Any]) -> dict[str, Any]:
    """The schema of ``POST /v1/games``: one form per ruleset with a referee, each with its
    numbers of seats and its readings; ``seed`` is the schema of the seed, as generated."""
    forms = []
    for ruleset in STATES:
        counts = game_of(ruleset).seats
        options = default_registry().options_of(ruleset)
        forms.append(
            {
                "title": ruleset,
                "type": "object",
                "properties": {
                    "ruleset": {"const": ruleset},
                    "players": {
                        "type": "array",
                        "items": _player_schema(),
                        "minItems": min(counts),
                        "maxItems": max(counts),
                        "uniqueItems": True,
                        "description": "The players in their seating order, clockwise.",
                    },
                    "readings": {
                        "type": "object",
                        "properties": {key: _reading_schema(o) for key, o in options.items()},
                        "additionalProperties": False,
                        "default": {},
                    },
                    "seed": seed,
                    "bots": {
                        "type": "object",
                        "propertyNames": _player_schema(),
                        "additionalProperties": {"type": "string", "enum": list(LEVELS)},
                        "maxProperties": max(counts),
                        "default": {},
                        "description": "The seats the server plays (each one of the players), "
                        "with their bot's level: a bot's seat gets no token, and its bot acts as "
                        "soon as it is to act.",
                    },
                },
                "required": ["ruleset", "players"],
                "additionalProperties": False,
            }
        )
    return {
        "title": "NewGame",
        "description": "A game to host: its ruleset, the players and the readings in force; "
        "the hands are dealt from the seed (a random one when none is given).",
        "oneOf": forms,
    }


def check_new_game(request: NewGame) -> None:
    """Refuse (422) a set-up the schema of :func:`new_game_schema` does not allow."""
    errors: list[dict[str, str]] = []
    if request.ruleset not in STATES:
        errors.append(
            {
                "source": "body",
                "key": "/ruleset",
                "message": "is not a ruleset with a referee: " + ", ".join(STATES),
            }
        )
    else:
        counts = game_of(request.ruleset).seats
        if len(request.players) not in counts:
            seats = " or ".join(map(str, counts))
            errors.append(
                {
                    "source": "body",
                    "key": "/players",
                    "message": f"names {len(request.players)} players; "
                    f"{request.ruleset} seats {seats}",
                }
            )
        options = default_registry().options_of(request.ruleset)
        for key, value in request.readings.items():
            option = options.get(key)
            where = "/readings/" + key.replace("~", "~0").replace("/", "~1")
            if option is None:
                errors.append(
                    {"source": "body", "key": where, "message": "is not a reading of this ruleset"}
                )
            elif (why := _why_not(option, value)) is not None:
                errors.append({"source": "body", "key": where, "message": why})
    for seat, level in request.bots.items():
        where = "/bots/" + seat.replace("~", "~0").replace("/", "~1")
        if seat not in request.players:
            errors.append({"source": "body", "key": where, "message": "is not one of the players"})
        elif level not in LEVELS:
            levels = ", ".join(LEVELS)
            errors.append(
                {"source": "body", "key": where, "message": f"is not a bot's level: {levels}"}
            )
    if len(set(request.players)) != len(request.players):
        errors.append({"source": "body", "key": "/players", "message": "names a player twice"})
    if errors:
        first = errors[0]
        raise invalid(
            "the body does not follow the schema of this request: "
            f"at {first['key']} {first['message']}",
            errors,
        )


def _why_not(option: Option, value: str) -> str | None:
    """Why ``value`` is not a value of ``option`` in the schema, or None when it is."""
    if option.choices is not None:
        return None if value in option.choices else "is not one of " + ", ".join(option.choices)
    if re.fullmatch(reading_pattern(option), value):
        return None
    return (
        f"is not a whole number from {option.minimum} to {option.maximum} written with digits only"
    )
