"""The JSON document of ``trufspec readings``: a versioned contract, like the check's.

Its shape is documented in ``docs/json-output.rst`` beside the check's and described by the
JSON Schema shipped with the package (:data:`SCHEMA`, ``readings.schema.json``), against which
the tests validate it.  Every key is always present; diagnostics have the form of the check's.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from trufspec.readings.corpus import Summary, summarise
from trufspec.readings.model import Difference, FileReadings, GameReadings
from trufspec.readings.verdict import verdict
from trufspec.report.json import _diagnostic

__all__ = ["VERSION", "SCHEMA", "render", "to_dict", "schema"]

VERSION = 1
"""The version of the contract; raised on any change a reader could notice."""

SCHEMA = "readings.schema.json"
"""The file name of the JSON Schema of the document, in this package."""


def schema() -> dict[str, Any]:
    """The JSON Schema of the document."""
    text = resources.files("trufspec.readings").joinpath(SCHEMA).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def render(files: list[FileReadings], limit: int) -> str:
    """The readings of ``files`` as one JSON document, ending in a newline."""
    return json.dumps(to_dict(files, limit), indent=2, ensure_ascii=False) + "\n"


def to_dict(files: list[FileReadings], limit: int) -> dict[str, Any]:
    """The readings as plain JSON values, in the documented key order."""
    return {
        "version": VERSION,
        "limit": limit,
        "files": [_file(file) for file in files],
        "summary": _summary(summarise(files)),
    }


def _file(file: FileReadings) -> dict[str, Any]:
    return {
        "path": file.path,
        "games": [_game(game) for game in file.games],
        "diagnostics": [_diagnostic(d) for d in file.diagnostics],
    }


def _game(game: GameReadings) -> dict[str, Any]:
    return {
        "line": game.line,
        "ruleset": game.ruleset,
        "players": list(game.players),
        "verdict": verdict(game),
        "skipped": game.skipped,
        "options": dict(game.in_force),
        "winners": list(game.winners),
        "combinations": game.combinations,
        "combined": game.combined,
        "replays": game.replays,
        "tried": [
            {
                "ambiguity": t.ambiguity,
                "title": t.title,
                "option": t.option,
                "in_force": t.in_force,
                "others": list(t.others),
            }
            for t in game.tried
        ],
        "differences": [_difference(d) for d in game.differences],
        "unchanged": list(game.unchanged),
        "diagnostics": [_diagnostic(d) for d in game.diagnostics],
    }


def _difference(difference: Difference) -> dict[str, Any]:
    return {
        "readings": [
            {"ambiguity": c.ambiguity, "option": c.option, "reading": c.reading} for c in difference.changes
        ],
        "changes": list(difference.kinds),
        "winner_changed": difference.winner_changed,
        "winners": list(difference.winners),
        "figures": [
            {
                "deal": f.deal,
                "line": f.line,
                "figure": f.figure,
                "player": f.player,
                "before": f.before,
                "after": f.after,
            }
            for f in difference.figures
        ],
        "findings": [
            {
                "change": "appears" if f.appears else "disappears",
                "code": f.code,
                "severity": f.severity,
                "line": f.line,
                "message": f.message,
            }
            for f in difference.findings
        ],
    }


def _summary(summary: Summary) -> dict[str, Any]:
    return {
        "files": summary.files,
        "games": summary.games,
        "skipped": summary.skipped,
        "ambiguities": [
            {
                "ruleset": c.ruleset,
                "ambiguity": c.ambiguity,
                "title": c.title,
                "games": c.games,
                "legality": c.legality,
                "score": c.score,
                "winner": c.winner,
            }
            for c in summary.counts
        ],
    }
