"""Collect the findings of a replay as diagnostics of named clauses.

Replay code says *which clause* a fact breaks and gives the values for the clause's message;
this collector turns that into a :class:`~trufspec.diagnostics.Diagnostic` with the clause
attached, lowers the severity of an irregularity the record acknowledges with ``!``, and marks
findings that follow from an earlier error of the same deal as consequential.

A finding follows from an earlier fault only when it depends on what the fault changed.  A
fault in the play (a revoke, a trump led too early) puts the rest of the play on the record's
course, so the play's later findings are its consequences; but the tricks were counted as
played, so the deal's figures (tricks taken, scores, totals) do not follow from it, and a
wrong score after a revoke is an error of its own.  A fault that puts the record's play or
contract in doubt (a card the player did not hold, a trick given to the wrong player, a
contract the bids do not make) does carry into the figures: every player's, or those of the
players it names.

It also keeps the codes of the clauses the replay *judged*: a check whose facts the record
gives says so with :meth:`Findings.judge`, whether or not the record breaks the clause.  That
is how ``trufspec coverage`` tells a record that obeys a clause from one that never comes near
it (a three-player rule in a four-player game, a follow-suit rule in a score sheet).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import frozen

from trufspec.diagnostics import Diagnostic, Flood, Severity
from trufspec.records import Span
from trufspec.spec.clauses import Phase
from trufspec.spec.registry import Registry

__all__ = ["Breach", "Findings", "FIGURES", "Problem"]

FIGURES = (Phase.SCORING, Phase.GAME_END)
"""The phases of the clauses about a deal's figures: tricks taken, scores, totals, winners."""


@frozen
class Breach:
    """A clause that plain values break, found without a record: the one judgement the record
    check and the live referee share.  The check places it at the token of card ``index`` of
    the entry it reads (the entry as a whole when None); the referee refuses the action with it.
    """

    code: str
    index: int | None
    values: Mapping[str, Any]
    fault: bool = False
    """Whether the record's own course, not the rules', is followed after it
    (:meth:`Findings.fault`)."""


Problem = Breach
"""Deprecated: the former name of :class:`Breach`, kept so that code written against it goes on
working; "problem" is the word of the service's answers (RFC 9457)."""


class Findings:
    """The diagnostics of one game's replay, in the order they were found."""

    def __init__(
        self, registry: Registry, path: str | None, judged: set[str] | None = None
    ) -> None:
        self.registry = registry
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self.judged: set[str] = set() if judged is None else judged
        """The codes of the clauses the replay judged (broken or not)."""
        self.disturbed = False
        """Set once a deal's state stopped matching the record (a card played that was not
        held): what is found after it in the deal is marked consequential, except the
        figures, which follow :attr:`figures_disturbed`."""
        self.figures_disturbed: frozenset[str] | None = frozenset()
        """The players whose figures in the rest of the deal may follow from an earlier
        fault; None for every player's."""
        self._unchecked: list[str] = []
        self._flood = Flood()

    def add(
        self, code: str, span: Span, *, ack: bool = False, follows: bool = False, **values: Any
    ) -> None:
        """Report that the record breaks clause ``code`` at ``span``.

        ``ack`` says the record marks this very token with ``!``: the players saw the
        irregularity and accepted it, so it is reported as acknowledged, not as an error.
        ``follows`` says this finding is the consequence of another one just reported (a total
        that carries a wrong score forward), whether or not the deal is disturbed.  A finding
        about a player's figures (its clause of the scoring or the game's end, its ``player``
        value) is otherwise a consequence only when those figures are disturbed.
        """
        self.judged.add(code)
        if not self._flood.admits(code, span.line):
            return
        clause = self.registry.clause(code)
        if clause.phase in FIGURES:
            disturbed = self.figures_disturbed
            follows = follows or disturbed is None or values.get("player") in disturbed
        else:
            follows = follows or self.disturbed
        severity = clause.severity
        if ack and severity in (Severity.ERROR, Severity.WARNING):
            severity = Severity.ACKNOWLEDGED
        self.diagnostics.append(
            Diagnostic.of(clause, span, self.path, values, severity=severity, consequential=follows)
        )

    def report(self, breach: Breach, span: Span, *, ack: bool = False) -> None:
        """Report ``breach`` at ``span``, as a fault when it is one."""
        if breach.fault:
            self.fault(breach.code, span, ack=ack, **breach.values)
        else:
            self.add(breach.code, span, ack=ack, **breach.values)

    def judge(self, *codes: str | None) -> None:
        """Say that the record gives the facts of these clauses and that they were checked
        (a code of None, a rule the ruleset does not have, is passed over)."""
        for code in codes:
            if code is not None:
                self.judged.add(code)

    def fault(
        self,
        code: str,
        span: Span,
        *,
        ack: bool = False,
        figures: bool | tuple[str, ...] = True,
        **values: Any,
    ) -> None:
        """Report a fault after which the record's own course, not the rules', is followed:
        what the rest of the deal shows may follow from it, and is marked consequential.

        ``figures`` says whose figures may follow from it too: every player's (True), those
        of the players named, or none (False, a fault of the play that leaves the tricks
        counted as played)."""
        self.add(code, span, ack=ack, **values)
        self.disturbed = True
        if figures is True:
            self.figures_disturbed = None
        elif figures:
            self.disturb_figures(*figures)

    def disturb_figures(self, *players: str) -> None:
        """Say that these players' figures in the rest of the deal may follow from a finding
        just reported (a wrong count of their tricks carries into their score)."""
        if self.figures_disturbed is not None:
            self.figures_disturbed = self.figures_disturbed | frozenset(players)

    def unchecked(self, what: str) -> None:
        """Note a check that could not run for lack of facts in the record (said once per deal,
        by :meth:`close_deal`)."""
        if what not in self._unchecked:
            self._unchecked.append(what)

    def close_deal(self, kind: str, number: int, span: Span) -> None:
        """End a deal: report what could not be checked in it, and forget its disturbance."""
        self.judged.add("REC015")
        if self._unchecked:
            self.add("REC015", span, kind=kind, number=number, what="; ".join(self._unchecked))
        self._unchecked = []
        self.disturbed = False
        self.figures_disturbed = frozenset()
