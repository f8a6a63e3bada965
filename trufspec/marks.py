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
from collections.abc import Iterable, Iterator

from attrs import frozen

from trufspec.diagnostics import Diagnostic, Severity

__all__ = ["Mark", "marks_of", "readable_text", "Mismatch", "compare"]


@frozen
class Mark:
    line: int
    code: str


def marks_of(text: str) -> Counter[Mark]:
    """The marks of a record's text, one per code named (a code named twice on a line counts
    twice).

    The marks are read from the text, not from the parsed records, so that a mark on a line
    the parser could not read (the syntax error a record is about) is still seen.  A ``;``
    starts a comment outside a quoted tag value and outside a brace comment."""
    found: Counter[Mark] = Counter()
    for line, comment in _line_comments(text):
        if comment.startswith(";!"):
            for code in comment[2:].split():
                found[Mark(line, code)] += 1
    return found


def _line_comments(text: str) -> Iterator[tuple[int, str]]:
    """Each ``;`` comment of the text, with its line number."""
    in_brace = False
    for number, line in enumerate(text.splitlines(), start=1):
        in_string = False
        for index, char in enumerate(line):
            if in_brace:
                in_brace = char != "}"
            elif in_string:
                in_string = char != '"'
            elif char == '"':
                in_string = True
            elif char == "{":
                in_brace = True
            elif char == ";":
                yield number, line[index:]
                break


def readable_text(data: bytes) -> str:
    """The text of a record as far as it can be read, for its marks: a record of unreadable
    input (REC002) still says on which line the bad byte stands."""
    return data.replace(b"\x00", b" ").decode("utf-8", errors="replace")


@frozen
class Mismatch:
    """A mark with no diagnostic (``missing``) or a diagnostic with no mark (``unexpected``)."""

    kind: str
    mark: Mark

    def __str__(self) -> str:
        what = "expected but not reported" if self.kind == "missing" else "reported but not marked"
        return f"line {self.mark.line}: {self.mark.code} {what}"


def compare(text: str, diagnostics: Iterable[Diagnostic]) -> list[Mismatch]:
    """Where the marks of a record's text and the diagnostics of its check disagree."""
    expected = marks_of(text)
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
