"""Diagnostics: every finding of the parser and of the rules engine, as a value.

The validator never raises for a problem in a record: it returns diagnostics.  A diagnostic
names its code (a rule clause such as ``JB321`` or a record-level code such as ``REC101``), how
serious it is (its :class:`Severity`, which the clause's strength sets), where it is and what
is wrong in one sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs
from attrs import field, frozen

from trufspec.records import NO_SPAN, Span
from trufspec.spec.severity import Severity
from trufspec.spec.wording import Phrase, say, sentence

if TYPE_CHECKING:
    from trufspec.spec.clauses import Clause

__all__ = ["PER_LINE", "Diagnostic", "Flood", "Severity"]


def _plain(value: Any) -> str | int:
    """A value as JSON carries it: an integer as it is, anything else as its text."""
    return value if isinstance(value, int) and not isinstance(value, bool) else str(value)


@frozen
class Diagnostic:
    """One finding.

    ``consequential`` marks a finding that follows from an earlier error in the same deal (a
    card that cannot be played because an earlier illegal card changed the hands), so that
    reports can show the first cause plainly and the rest as its consequences.

    ``data`` holds the values the message was written from (the player, the card, the figure
    expected and the one written), by the names of the clause's placeholders, so that a
    program reading the JSON report need not parse the message.  Like the clause, it does
    not take part in comparisons: two diagnostics with the same message are the same finding.
    """

    code: str
    severity: Severity
    message: str
    span: Span = NO_SPAN
    path: str | None = None
    clause: Clause | None = field(default=None, eq=False, repr=False)
    consequential: bool = False
    related: tuple[tuple[str, Span], ...] = ()
    data: tuple[tuple[str, str | int], ...] = field(default=(), eq=False)
    pointer: str | None = None
    """For a record read from JSON, the JSON Pointer (RFC 6901) of the place the finding is
    about (``""``: the whole document); the span is then the place of that value in the JSON
    text."""
    words: Phrase | None = field(default=None, eq=False, repr=False)
    """The template and the values the message was written from, so that it can be said to
    the player it is about (:meth:`said_to`); None for a message written as it stands."""
    actor: str | None = field(default=None, eq=False, repr=False)
    """For a refusal of the referee, the player whose action it refuses: the one a table says
    it to (:meth:`said_to`)."""

    @classmethod
    def of(
        cls,
        clause: Clause,
        span: Span,
        path: str | None,
        values: Mapping[str, Any],
        *,
        severity: Severity | None = None,
        consequential: bool = False,
    ) -> Diagnostic:
        """The diagnostic of ``clause`` with its message written from ``values`` (its severity
        unless another is given); the values are kept as its data, cards and other values
        as the text the message shows them by."""
        data = tuple((name, _plain(value)) for name, value in values.items())
        return cls(
            clause.code,
            clause.severity if severity is None else severity,
            clause.format(**values),
            span,
            path,
            clause,
            consequential=consequential,
            data=data,
            words=Phrase(clause.message, values),
        )

    @classmethod
    def written(
        cls, code: str, severity: Severity, template: str, values: Mapping[str, Any]
    ) -> Diagnostic:
        """A diagnostic under a code no clause states (the referee's own), its message written
        from ``template`` and ``values`` as a clause's is, so that it too can be said to the
        player who acted."""
        data = tuple((name, _plain(value)) for name, value in values.items())
        return cls(code, severity, say(template, values), data=data, words=Phrase(template, values))

    def reworded(self, template: str, values: Mapping[str, Any]) -> Diagnostic:
        """The same finding (its code, clause and place) in other words: what a table tells a
        player where the record's words would describe a play that did not happen ("trick 2
        is led by Ana, but …" to a player who tried to lead out of turn)."""
        return attrs.evolve(self, message=say(template, values), words=Phrase(template, values))

    def said_to(self, person: str) -> str:
        """The message as a sentence said to ``person``, the player who acted: "You played KS
        but hold 6D 3D", where the message says "Budi played KS but holds 6D 3D" of Budi."""
        words = self.words
        if words is None:
            return sentence(self.message)
        if self.clause is not None and words.template == self.clause.message:
            return sentence(self.clause.said_to(person, words.values))
        return sentence(words.to(person))

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    def sort_key(self) -> tuple[int, int, int, str]:
        return (self.span.line, self.span.column, self.severity.rank, self.code)


PER_LINE = 20
"""At most this many diagnostics of one clause on one line are kept.  A line may break a clause
at every one of its tokens (a hand of a million aces, a score line naming one player a million
times); its first diagnostics say all there is to say, and a report of one per token would take
memory out of proportion to the line."""


class Flood:
    """Keeps count of the diagnostics of each clause on each line, to admit :data:`PER_LINE`."""

    def __init__(self) -> None:
        # A plain dict: one is made for every judgement the referee asks of the rules, and a
        # Counter costs several times as much to make.
        self._seen: dict[tuple[str, int], int] = {}

    def admits(self, code: str, line: int) -> bool:
        """Whether one more diagnostic of ``code`` on ``line`` is to be kept."""
        key = (code, line)
        count = self._seen[key] = self._seen.get(key, 0) + 1
        return count <= PER_LINE
