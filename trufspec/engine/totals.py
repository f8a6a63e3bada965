"""Running totals, shared by every ruleset that adds up scores deal by deal.

The totals are recomputed from the scores; a ``total`` line in the record is a claim checked
against them.  Each total is checked as the record's previous total plus the deal's score, so
that one wrong figure is reported once and not again in every later deal; a total that only
carries a wrong score of the same deal forward is reported as its consequence.  When a deal's
scores cannot be known (the record lacks the facts), the totals are unknown from there on,
until the record restates them: a ``total`` line that gives every player's (or team's) figure.
A line that leaves one out restates nothing (and a figure for anyone else is left aside), so
the totals are always those of the game's sides, never a guess from a damaged line.
"""

from __future__ import annotations

from collections.abc import Sequence

from trufspec.engine.findings import Findings
from trufspec.records import Tricks

__all__ = ["RunningTotals", "best_totals"]


class RunningTotals:
    """The totals of one game, per player or team, as the deals are replayed.

    Two sets are kept: the totals the rules give from the start, and the totals as the record
    last stated them.  A total line is right when it is either plus the deal's score: a table
    that carried an earlier mistake forward, or whose earlier line was a slip of the pen, is
    told about that mistake once, where it was made.
    """

    def __init__(self, sides: Sequence[str], clause: str) -> None:
        self.clause = clause
        self.sides = tuple(sides)
        self.totals: dict[str, int] | None = dict.fromkeys(sides, 0)
        self.stated: dict[str, int] | None = dict(self.totals)

    def add(
        self,
        scores: dict[str, int] | None,
        written: Tricks | None,
        findings: Findings,
        written_scores: Tricks | None = None,
    ) -> dict[str, int] | None:
        """Add a deal's scores and check the record's ``total`` line (``written``); the new
        totals.  ``written_scores`` is the deal's ``score`` line, to tell a total that carries
        a wrong score forward from a total that is wrong in itself."""
        previous, stated = self.totals, self.stated
        if scores is None or previous is None or stated is None:
            self.totals = self.stated = None
            recorded = _figures(written)
            if set(recorded) >= set(self.sides):
                restated = {side: recorded[side] for side in self.sides}
                self.totals, self.stated = restated, dict(restated)
            return self.totals
        computed = {side: previous[side] + scores.get(side, 0) for side in previous}
        carried = {side: stated[side] + scores.get(side, 0) for side in stated}
        self.totals, self.stated = computed, dict(carried)
        if written is None:
            return computed
        findings.judge(self.clause)
        for figure in written.entries:
            side = figure.side_name
            if side not in computed:
                continue
            self.stated[side] = figure.value
            if figure.value in (computed[side], carried[side]):
                continue
            said = _figures(written_scores)
            follows = side in said and figure.value in (
                previous[side] + said[side],
                stated[side] + said[side],
            )
            findings.add(
                self.clause,
                figure.span,
                ack=figure.ack,
                follows=follows,
                player=side,
                expected=computed[side],
                previous=previous[side],
                score=scores.get(side, 0),
                written=figure.value,
            )
        return computed


def _figures(line: Tricks | None) -> dict[str, int]:
    """The figures of a line (a deal's scores or totals) by side; none without the line."""
    return {f.side_name: f.value for f in line.entries} if line is not None else {}


def best_totals(
    sides: Sequence[str], totals: dict[str, int], lowest: bool = False
) -> tuple[str, ...]:
    """The sides with the highest total (the lowest with ``lowest``), in the order given: the
    winners of a game that the best total wins."""
    best = min(totals.values()) if lowest else max(totals.values())
    return tuple(side for side in sides if totals[side] == best)
