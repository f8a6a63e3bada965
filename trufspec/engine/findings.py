"""Collect the findings of a replay as diagnostics of named clauses.

Replay code says *which clause* a fact breaks and gives the values for the clause's message;
this collector turns that into a :class:`~trufspec.diagnostics.Diagnostic` with the clause
attached, lowers the severity of an irregularity the record acknowledges with ``!``, and marks
findings that follow from an earlier error of the same deal as consequential.
"""

from __future__ import annotations

from typing import Any

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.records import Span
from trufspec.spec.registry import Registry

__all__ = ["Findings"]


class Findings:
    """The diagnostics of one game's replay, in the order they were found."""

    def __init__(self, registry: Registry, path: str | None) -> None:
        self.registry = registry
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self.disturbed = False
        """Set once a deal's state stopped matching the record (a card played that was not
        held): what is found after it in the deal is marked consequential."""
        self._unchecked: list[str] = []

    def add(
        self, code: str, span: Span, *, ack: bool = False, follows: bool = False, **values: Any
    ) -> None:
        """Report that the record breaks clause ``code`` at ``span``.

        ``ack`` says the record marks this very token with ``!``: the players saw the
        irregularity and accepted it, so it is reported as acknowledged, not as an error.
        ``follows`` says this finding is the consequence of another one just reported (a total
        that carries a wrong score forward), whether or not the deal is disturbed.
        """
        clause = self.registry.clause(code)
        severity = clause.severity
        if ack and severity in (Severity.ERROR, Severity.WARNING):
            severity = Severity.ACKNOWLEDGED
        message = clause.format(**values)
        self.diagnostics.append(
            Diagnostic(code, severity, message, span, self.path, clause, consequential=self.disturbed or follows)
        )

    def fault(self, code: str, span: Span, *, ack: bool = False, **values: Any) -> None:
        """Report a fault after which the record's own course, not the rules', is followed:
        what the rest of the deal shows may follow from it, and is marked consequential."""
        self.add(code, span, ack=ack, **values)
        self.disturbed = True

    def unchecked(self, what: str) -> None:
        """Note a check that could not run for lack of facts in the record (said once per deal,
        by :meth:`close_deal`)."""
        if what not in self._unchecked:
            self._unchecked.append(what)

    def close_deal(self, kind: str, number: int, span: Span) -> None:
        """End a deal: report what could not be checked in it, and forget its disturbance."""
        if self._unchecked:
            self.add("REC015", span, kind=kind, number=number, what="; ".join(self._unchecked))
        self._unchecked = []
        self.disturbed = False
