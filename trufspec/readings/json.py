"""The JSON document of ``trufspec readings``: a versioned contract, like the check's.

Its shape is documented in ``docs/json-output.rst`` beside the check's.  The document is built
of the types of :mod:`trufspec.output.contract`, from which its JSON Schema is generated and
shipped with the package (``trufspec/schemas/readings.schema.json``, :func:`schema`), so the
two cannot differ.  Every key is always present; diagnostics have the form of the check's.
"""

from __future__ import annotations

import json
from typing import Any, Final

from trufspec.output import contract, schemas
from trufspec.output.json import diagnostic
from trufspec.readings.corpus import Summary, summarise
from trufspec.readings.model import Difference, FileReadings, GameReadings
from trufspec.readings.verdict import details, verdict

__all__ = ["VERSION", "render", "document", "schema"]

VERSION: Final = 1
"""The version of the contract; raised on any change a reader could notice."""


def schema() -> dict[str, Any]:
    """The JSON Schema of the document, as shipped."""
    loaded: dict[str, Any] = json.loads(schemas.shipped("readings"))
    return loaded


def render(files: list[FileReadings], limit: int) -> str:
    """The readings of ``files`` as one JSON document, ending in a newline."""
    return contract.encode(document(files, limit))


def document(files: list[FileReadings], limit: int) -> contract.ReadingsDocument:
    """The readings as the contract's document."""
    return contract.ReadingsDocument(
        version=VERSION,
        limit=limit,
        files=[_file(file) for file in files],
        summary=_summary(summarise(files)),
    )


def _file(file: FileReadings) -> contract.ReadingsFile:
    return contract.ReadingsFile(
        path=file.path,
        games=[_game(game) for game in file.games],
        diagnostics=[diagnostic(d) for d in file.diagnostics],
    )


def _game(game: GameReadings) -> contract.ReadingsGame:
    return contract.ReadingsGame(
        line=game.line,
        ruleset=game.ruleset,
        players=list(game.players),
        verdict=verdict(game),
        details=details(game),
        skipped=game.skipped,
        options=dict(game.in_force),
        winners=list(game.winners),
        combinations=game.combinations,
        combined=game.combined,
        replays=game.replays,
        tried=[
            contract.Tried(
                ambiguity=t.ambiguity,
                title=t.title,
                option=t.option,
                in_force=t.in_force,
                others=list(t.others),
            )
            for t in game.tried
        ],
        differences=[_difference(d) for d in game.differences],
        unchanged=list(game.unchanged),
        diagnostics=[diagnostic(d) for d in game.diagnostics],
    )


def _difference(difference: Difference) -> contract.Difference:
    return contract.Difference(
        readings=[
            contract.ReadingChange(ambiguity=c.ambiguity, option=c.option, reading=c.reading)
            for c in difference.changes
        ],
        # kinds holds only WINNER, SCORE and LEGALITY, which the model types as str.
        changes=list(difference.kinds),  # type: ignore[arg-type]
        winner_changed=difference.winner_changed,
        winners=list(difference.winners),
        figures=[
            contract.FigureChange(
                deal=f.deal,
                line=f.line,
                figure=f.figure,
                player=f.player,
                before=f.before,
                after=f.after,
            )
            for f in difference.figures
        ],
        findings=[
            contract.FindingChange(
                change="appears" if f.appears else "disappears",
                code=f.code,
                # The value of a Severity, which the model types as str.
                severity=f.severity,  # type: ignore[arg-type]
                line=f.line,
                message=f.message,
            )
            for f in difference.findings
        ],
        contradicted=difference.contradicted,
    )


def _summary(summary: Summary) -> contract.ReadingsSummary:
    return contract.ReadingsSummary(
        files=summary.files,
        games=summary.games,
        skipped=summary.skipped,
        ambiguities=[
            contract.AmbiguityCount(
                ruleset=c.ruleset,
                ambiguity=c.ambiguity,
                title=c.title,
                games=c.games,
                legality=c.legality,
                score=c.score,
                winner=c.winner,
                ruled_out=c.ruled_out,
            )
            for c in summary.counts
        ],
    )
