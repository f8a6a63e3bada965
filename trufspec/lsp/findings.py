"""The validator's diagnostics as the editor shows them, the rule behind each, and their fixes.

Every finding is the validator's own (:func:`trufspec.api.check_text`): this module only says
it in the protocol's terms.  The clause code is the diagnostic's code, linked to the clause's
page of the rules reference when the settings give its address; a finding that follows from an
earlier fault points back at that fault; and where a finding says what the record should have
written (a figure the rules recompute, a keyword a misspelling stands for), a quick fix writes it.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen
from lsprotocol import types

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.lsp.text import Document
from trufspec.output.links import reference_url
from trufspec.records import Span
from trufspec.spec.clauses import Clause
from trufspec.spec.registry import default_registry

__all__ = ["SOURCE", "Fix", "clause_of", "describe_clause", "fix_of", "shown_span", "to_lsp"]

SOURCE = "trufspec"
"""The name diagnostics carry as their source, as ruff's carry ``Ruff``."""

_SEVERITIES = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.ACKNOWLEDGED: types.DiagnosticSeverity.Information,
    Severity.INFO: types.DiagnosticSeverity.Hint,
}
"""An acknowledged irregularity is information (the table accepted it); what could not be
checked is a hint, shown unobtrusively, as ``trufspec check`` shows it only on request."""


def clause_of(diagnostic: Diagnostic) -> Clause | None:
    """The clause a diagnostic applies: its own, or the one its code names (a syntax error
    is made with no clause attached)."""
    if diagnostic.clause is not None:
        return diagnostic.clause
    try:
        return default_registry().clause(diagnostic.code)
    except KeyError:
        return None


def shown_span(span: Span, document: Document) -> Span:
    """Where a finding is shown: a finding about a whole deal or game is shown on its first
    line (as ``trufspec check`` gives it a line and a column), not under every line of it."""
    if span.end_line <= span.line or not 0 < span.line <= len(document.lines):
        return span
    return Span(span.line, span.column, span.line, len(document.lines[span.line - 1]) + 1)


def to_lsp(
    found: Sequence[Diagnostic], document: Document, uri: str, rules_url: str | None
) -> list[types.Diagnostic]:
    """The diagnostics of a document, in the order given (the validator's: by position)."""
    result = []
    cause: Diagnostic | None = None
    for diagnostic in found:
        related = [
            types.DiagnosticRelatedInformation(types.Location(uri, document.range_of(span)), label)
            for label, span in diagnostic.related
        ]
        if diagnostic.consequential and cause is not None:
            related.append(
                types.DiagnosticRelatedInformation(
                    types.Location(uri, document.range_of(shown_span(cause.span, document))),
                    f"this follows from {cause.code}: {cause.message}",
                )
            )
        elif diagnostic.severity is not Severity.INFO and not diagnostic.code.startswith("REC"):
            # A fault of the play, not of the record's form, is what later findings follow from.
            cause = diagnostic
        clause = clause_of(diagnostic)
        link = (
            types.CodeDescription(href=reference_url(rules_url, clause))
            if rules_url and clause is not None
            else None
        )
        result.append(
            types.Diagnostic(
                range=document.range_of(shown_span(diagnostic.span, document)),
                message=diagnostic.message,
                severity=_SEVERITIES[diagnostic.severity],
                code=diagnostic.code,
                code_description=link,
                source=SOURCE,
                related_information=related or None,
            )
        )
    return result


def describe_clause(clause: Clause, rules_url: str | None = None) -> str:
    """A clause in Markdown: its title, its rule, the source's words it rests on, and the
    readings that change it (the options that select them, and their values)."""
    registry = default_registry()
    heading = f"**{clause.code}** {clause.title}"
    if rules_url:
        heading = f"**[{clause.code}]({reference_url(rules_url, clause)})** {clause.title}"
    parts = [
        heading,
        f"*{clause.ruleset}, {clause.phase.label}, {clause.strength.value}*",
        clause.statement,
    ]
    for citation in clause.citations:
        words = f"> “{citation.quote}” ({citation.source}, {citation.locator})"
        if citation.translation:
            words += f"\n>\n> our translation: “{citation.translation}”"
        parts.append(words)
    if clause.note:
        parts.append(clause.note)
    for name in clause.ambiguities:
        try:
            entry = registry.ambiguity(name)
        except KeyError:
            continue
        question = f"Unclear in the source ({entry.id}): {entry.question}"
        if entry.option:
            readings = ", ".join(
                f"`{r.value}`" + (" (the default)" if r.value == entry.default else "")
                for r in entry.readings
            )
            parts.append(f"{question} The option `{entry.option}` chooses: {readings}.")
        else:
            parts.append(f"{question} Read as: {entry.reading(entry.default).description}")
    return "\n\n".join(parts)


@frozen
class Fix:
    """A quick fix: a title, and the text that replaces a range."""

    title: str
    range: types.Range
    new_text: str


def fix_of(diagnostic: Diagnostic, document: Document) -> Fix | None:
    """The fix a diagnostic implies, if it implies one.

    A finding that knows what the record should say (its ``expected`` and ``written`` values:
    a score, a total, a trick count, a trick's winner) writes the expected value where the
    written one stands; a misspelt section keyword (its ``suggestion``) becomes the keyword.
    """
    data = dict(diagnostic.data)
    span = diagnostic.span
    if span.line != span.end_line or not 0 < span.line <= len(document.lines):
        return None
    line = span.line - 1
    start, end = span.column - 1, span.end_column - 1
    shown = document.lines[line][start:end]
    if "suggestion" in data:
        wanted, written = str(data["suggestion"]), shown
    elif "expected" in data and "written" in data:
        wanted, written = str(data["expected"]), str(data["written"])
    else:
        return None
    if not written or wanted == written:
        return None
    if shown != written:
        # A figure's span covers its side too (``Ana 4``): the figure is its last word.
        if not shown.endswith((f" {written}", f"\t{written}")):
            return None
        start = end - len(written)
    where = document.range_of(span._replace(column=start + 1, end_column=end + 1))
    return Fix(f"Write {wanted} for {written} ({diagnostic.code})", where, wanted)
