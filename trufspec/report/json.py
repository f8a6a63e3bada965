"""The JSON report: the stable, versioned contract for programs that read trufspec's findings.

Club websites, tournament software and CI jobs parse this output, so its shape is documented
in ``docs/json-output.rst`` and only changes with a new ``version``.  Every key is always
present (``null`` when unknown) so that a reader never has to guess whether a key is missing
because nothing was found or because this version does not produce it.
"""

from __future__ import annotations

import json
from typing import Any

from trufspec.diagnostics import Diagnostic
from trufspec.report.model import DealResult, FileReport, GameResult, Report

__all__ = ["VERSION", "render", "to_dict"]

VERSION = 1
"""The version of the contract; raised on any change a reader could notice."""


def render(report: Report) -> str:
    """The report as one JSON document, indented, UTF-8 text kept as is, ending in a newline."""
    return json.dumps(to_dict(report), indent=2, ensure_ascii=False) + "\n"


def to_dict(report: Report) -> dict[str, Any]:
    """The report as plain JSON values, in the documented key order."""
    summary = report.summary
    return {
        "version": VERSION,
        "files": [_file(file) for file in report.files],
        "summary": {
            "files": summary.files,
            "games": summary.games,
            "deals": summary.deals,
            "errors": summary.errors,
            "warnings": summary.warnings,
        },
    }


def _file(file: FileReport) -> dict[str, Any]:
    return {
        "path": file.path,
        "games": [_game(game) for game in file.games],
        "diagnostics": [
            _diagnostic(d) for d in sorted(file.diagnostics, key=Diagnostic.sort_key)
        ],
    }


def _game(game: GameResult) -> dict[str, Any]:
    return {
        "line": game.line,
        "ruleset": game.ruleset,
        "players": list(game.players),
        "deals": [_deal(deal) for deal in game.deals],
        "winners": list(game.winners),
        "options": dict(game.options),
    }


def _deal(deal: DealResult) -> dict[str, Any]:
    return {
        "number": deal.number,
        "line": deal.line,
        "scores": None if deal.scores is None else dict(deal.scores),
        "totals": None if deal.totals is None else dict(deal.totals),
        "figures": {label: dict(values) for label, values in deal.figures},
    }


def _diagnostic(diagnostic: Diagnostic) -> dict[str, Any]:
    span = diagnostic.span
    return {
        "code": diagnostic.code,
        "severity": diagnostic.severity.value,
        "line": span.line,
        "column": span.column,
        "end_line": span.end_line,
        "end_column": span.end_column,
        "message": diagnostic.message,
        "consequential": diagnostic.consequential,
        "clause": _clause(diagnostic),
    }


def _clause(diagnostic: Diagnostic) -> dict[str, Any] | None:
    """The clause the diagnostic applies and its first citation: the one the text report shows."""
    clause = diagnostic.clause
    if clause is None:
        return None
    citation = (
        {
            "source": clause.citations[0].source,
            "locator": clause.citations[0].locator,
            "quote": clause.citations[0].quote,
        }
        if clause.citations
        else None
    )
    return {"code": clause.code, "title": clause.title, "citation": citation}
