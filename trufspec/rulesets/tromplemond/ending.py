"""The end of the game: eight rounds or 200 points, ties played off, the winner.

After each round the totals are looked at (TM-A6): the game is over once ``max-rounds`` rounds
are played or a total reaches ``target-points``.  A tie for first place (or, under
``tie-scope=any-tie``, any tie) then gets up to ``extra-round-max`` extra rounds, all four
playing and the scores adding up (TM502); a tie that remains is settled by a card cut, which the
record states with its ``Winner`` tag.  A round after the end is reported (TM501, TM502).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from trufspec.engine.findings import Findings
from trufspec.records import Deal, Game
from trufspec.spec.options import Readings

__all__ = ["Ending"]


class Ending:
    """Follows the totals round by round to know when the game is over."""

    def __init__(self, options: Readings) -> None:
        self.options = options
        self.max_rounds = options.integer("max-rounds")
        self.target = options.integer("target-points")
        self.any_tie = options["tie-scope"] == "any-tie"
        self.extra_max = options.integer("extra-round-max")
        self.played = 0
        self.extra = 0
        self.over: str | None = None
        """Why the game is over, once it is."""
        self.totals: dict[str, int] | None = {}

    def copy(self) -> Ending:
        """An independent copy: a live game's state is copied for search.  The totals are
        replaced after each round, never changed in place, so the copy shares them."""
        return _restored(*self._makings())

    def __deepcopy__(self, memo: dict[int, object]) -> Ending:
        """:meth:`copy`, for ``copy.deepcopy`` (OpenSpiel clones a state with it): what
        :meth:`copy` shares does not change."""
        return self.copy()

    def __reduce__(self) -> tuple[Callable[..., Ending], _Makings]:
        """How the ending is pickled (OpenSpiel pickles a state to save it)."""
        return _restored, self._makings()

    def _makings(self) -> _Makings:
        """The constructor's argument and the fields a round changes: how the ending is
        copied and pickled, the one way that also works where the class is compiled with mypyc
        (no ``__dict__``, no bare ``__new__``)."""
        return self.options, self.played, self.extra, self.over, self.totals

    def tied(self) -> bool:
        """Whether the totals hold the kind of tie that is played off."""
        if not self.totals:
            return False
        values = list(self.totals.values())
        if self.any_tie:
            return len(set(values)) < len(values)
        return values.count(max(values)) > 1

    def before(self, deal: Deal, findings: Findings, follows: bool = False) -> None:
        """TM501, TM502: a round may be played only while the game is not over, or as an
        extra round for a tie.  ``follows`` says an earlier round had a fault, after which the
        table may have judged the end by other totals than the rules give."""
        if self.over is None or self.totals is None:
            return
        findings.judge("TM501")
        if self.tied():
            findings.judge("TM502")
        problem = self.next_round_problem(deal.number.value)
        if problem is not None:
            code, values = problem
            findings.add(code, deal.number.span, follows=follows, **values)
        self.begin_round()

    def next_round_problem(self, number: int) -> tuple[str, dict[str, Any]] | None:
        """TM501, TM502: the clause that playing round ``number`` now breaks, with the values
        of its message, or None when it may be played.  The record check and the live referee
        both ask it, neither changing the state."""
        if self.over is None or self.totals is None:
            return None
        if not self.tied():
            return "TM501", {"number": number, "reason": self.over}
        if self.extra >= self.extra_max:
            rounds = f"{self.extra_max} extra round{'s' if self.extra_max != 1 else ''}"
            reason = f"only {rounds} may be played; a card cut decides"
            return "TM502", {"number": number, "extra": self.extra + 1, "reason": reason}
        return None

    def begin_round(self) -> None:
        """Count a round begun after the end as an extra round (TM502)."""
        if self.over is not None and self.totals is not None:
            self.extra += 1

    def after(self, totals: dict[str, int] | None) -> None:
        """Take in the totals after a round."""
        self.played += 1
        self.totals = totals
        if self.over is not None or totals is None:
            return
        leader = max(totals, key=lambda p: totals[p])
        if totals[leader] >= self.target:
            self.over = f"{leader} reached {totals[leader]} points, the target being {self.target}"
        elif self.played >= self.max_rounds:
            self.over = f"all {self.max_rounds} rounds were played"

    def winners(self, game: Game, seats: Sequence[str], findings: Findings) -> tuple[str, ...]:
        """TM503: the highest total wins once the game is over; equal leaders after the extra
        rounds are settled by a card cut, so the Winner tag may name any one of them."""
        if self.over is None or not self.totals:
            return ()
        findings.judge("TM501")
        totals = self.totals
        best = max(totals.values())
        leaders = tuple(p for p in seats if totals[p] == best)
        if self.tied():
            findings.judge("TM502")
        written = game.tag("Winner")
        if written is None:
            return leaders
        findings.judge("TM503")
        named = set(written.split())
        cut = len(leaders) > 1 and self.extra >= self.extra_max
        right = named == set(leaders) or (cut and len(named) == 1 and named <= set(leaders))
        if not right:
            span = next(t.span for t in game.tags if t.name == "Winner")
            findings.add("TM503", span, expected=" and ".join(leaders), total=best, written=written)
        return leaders


_Makings = tuple[Readings, int, int, str | None, dict[str, int] | None]
"""What :meth:`Ending._makings` gives."""


def _restored(
    options: Readings, played: int, extra: int, over: str | None, totals: dict[str, int] | None
) -> Ending:
    """The ending of :meth:`Ending._makings`."""
    ending = Ending(options)
    ending.played, ending.extra, ending.over, ending.totals = played, extra, over, totals
    return ending
