"""The JSON report: the stable, versioned contract for programs that read trufspec's findings.

Club websites, tournament software and CI jobs parse this output, so its shape is documented
in ``docs/json-output.rst``, described by the JSON Schema shipped in ``trufspec/schemas/``, and
only changes with a new ``version``.  The document is built of the types of
:mod:`trufspec.output.contract`, from which the schema is generated, so the two cannot differ.
Every key is always present (``null`` when unknown) so that a reader never has to guess whether
a key is missing because nothing was found or because this version does not produce it.
"""

from __future__ import annotations

from typing import Final

from trufspec.diagnostics import Diagnostic
from trufspec.output import contract
from trufspec.output.links import reference_url
from trufspec.validator.report import DealResult, FileReport, GameResult, Report

__all__ = ["VERSION", "diagnostic", "document", "render"]

VERSION: Final = 2
"""The version of the contract; raised on any change a reader could notice."""


def render(report: Report, rules_url: str | None = None) -> str:
    """The report as one JSON document, indented, UTF-8 text kept as is, ending in a newline;
    each clause links to its page of the reference published at ``rules_url``, if given."""
    return contract.encode(document(report, rules_url))


def document(report: Report, rules_url: str | None = None) -> contract.CheckDocument:
    """The report as the contract's document."""
    summary = report.summary
    return contract.CheckDocument(
        version=VERSION,
        files=[_file(file, rules_url) for file in report.files],
        summary=contract.Summary(
            files=summary.files,
            games=summary.games,
            deals=summary.deals,
            errors=summary.errors,
            warnings=summary.warnings,
        ),
    )


def _file(file: FileReport, rules_url: str | None) -> contract.File:
    return contract.File(
        path=file.path,
        games=[_game(game) for game in file.games],
        diagnostics=[
            diagnostic(d, rules_url) for d in sorted(file.diagnostics, key=Diagnostic.sort_key)
        ],
    )


def _game(game: GameResult) -> contract.Game:
    return contract.Game(
        line=game.line,
        ruleset=game.ruleset,
        players=list(game.players),
        deals=[_deal(deal) for deal in game.deals],
        winners=list(game.winners),
        options=dict(game.options),
    )


def _deal(deal: DealResult) -> contract.Deal:
    return contract.Deal(
        number=deal.number,
        line=deal.line,
        scores=None if deal.scores is None else dict(deal.scores),
        totals=None if deal.totals is None else dict(deal.totals),
        figures={label: dict(values) for label, values in deal.figures},
        contract=deal.contract,
        trump=deal.trump,
        mode=deal.mode,
        tricks=None if deal.tricks is None else dict(deal.tricks),
    )


def diagnostic(finding: Diagnostic, rules_url: str | None = None) -> contract.Diagnostic:
    """A diagnostic as the contract carries it, in this document and in the readings'."""
    span = finding.span
    return contract.Diagnostic(
        code=finding.code,
        severity=finding.severity.value,
        line=span.line,
        column=span.column,
        end_line=span.end_line,
        end_column=span.end_column,
        message=finding.message,
        consequential=finding.consequential,
        clause=_clause(finding, rules_url),
        data=dict(finding.data),
        pointer=finding.pointer,
    )


def _clause(diagnostic: Diagnostic, rules_url: str | None) -> contract.Clause | None:
    """The clause the diagnostic applies and its first citation: the one the text report shows."""
    clause = diagnostic.clause
    if clause is None:
        return None
    citation = (
        contract.Citation(
            source=clause.citations[0].source,
            locator=clause.citations[0].locator,
            quote=clause.citations[0].quote,
        )
        if clause.citations
        else None
    )
    return contract.Clause(
        code=clause.code,
        title=clause.title,
        citation=citation,
        url=None if rules_url is None else reference_url(rules_url, clause),
    )
