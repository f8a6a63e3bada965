"""Test marks: records that say which diagnostics they expect.

A record meant to break a rule says so with a comment on the line where the diagnostic is
expected: ``;! JB305`` (several codes may follow).  The test suite, the documentation build and
``trufspec coverage`` compare these marks with what a check reports, so that the examples in the
docs, the sample records and the tests cannot drift apart.

Every error, warning and acknowledged irregularity must be marked, except the consequences of
an earlier error (``consequential``), which a record may mark but need not; an informational
diagnostic likewise must be present when marked and is otherwise not required.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from attrs import frozen

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.records import Game, comment_texts_with_lines

__all__ = ["Mark", "marks_of", "Mismatch", "compare"]


@frozen
class Mark:
    line: int
    code: str


def marks_of(games: Iterable[Game]) -> Counter[Mark]:
    """The marks of the records, one per code named (a code named twice on a line counts twice)."""
    found: Counter[Mark] = Counter()
    for line, text in comment_texts_with_lines(tuple(games)):
        if text.startswith(";!"):
            for code in text[2:].split():
                found[Mark(line, code)] += 1
    return found


@frozen
class Mismatch:
    """A mark with no diagnostic (``missing``) or a diagnostic with no mark (``unexpected``)."""

    kind: str
    mark: Mark

    def __str__(self) -> str:
        what = "expected but not reported" if self.kind == "missing" else "reported but not marked"
        return f"line {self.mark.line}: {self.mark.code} {what}"


def compare(games: Iterable[Game], diagnostics: Iterable[Diagnostic]) -> list[Mismatch]:
    """Where the marks of the records and the diagnostics of a check disagree."""
    expected = marks_of(games)
    reported: Counter[Mark] = Counter()
    informational: Counter[Mark] = Counter()
    for diagnostic in diagnostics:
        mark = Mark(diagnostic.line, diagnostic.code)
        if diagnostic.severity is Severity.INFO or diagnostic.consequential:
            informational[mark] += 1
        else:
            reported[mark] += 1
    missing = expected - (reported + informational)
    unexpected = reported - expected
    return [Mismatch("missing", m) for m in sorted(missing, key=_order)] + [
        Mismatch("unexpected", m) for m in sorted(unexpected, key=_order)
    ]


def _order(mark: Mark) -> tuple[int, str]:
    return (mark.line, mark.code)
