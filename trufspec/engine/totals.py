"""Running totals, shared by every ruleset that adds up scores deal by deal.

The totals are recomputed from the scores; a ``total`` line in the record is a claim checked
against them.  When a deal's scores cannot be known (the record lacks the facts), the totals
are unknown from there on, until the record restates them: a restated total is then taken as
the fact to go on from.
"""

from __future__ import annotations

from typing import Sequence

from trufspec.engine.findings import Findings
from trufspec.records import Tricks

__all__ = ["RunningTotals"]


class RunningTotals:
    """The totals of one game, per player or team, as the deals are replayed."""

    def __init__(self, sides: Sequence[str], clause: str) -> None:
        self.clause = clause
        self.totals: dict[str, int] | None = {side: 0 for side in sides}

    def add(self, scores: dict[str, int] | None, written: Tricks | None, findings: Findings) -> dict[str, int] | None:
        """Add a deal's scores and check the record's ``total`` line; the new totals."""
        previous = self.totals
        if scores is None or previous is None:
            self.totals = None
        else:
            self.totals = {side: previous[side] + scores.get(side, 0) for side in previous}
        if written is None:
            return self.totals
        if self.totals is None:
            recorded = {f.side_name: f.value for f in written.entries}
            if previous is not None and set(recorded) >= set(previous):
                self.totals = {side: recorded[side] for side in previous}
            elif previous is None and recorded:
                self.totals = recorded
            return self.totals
        assert previous is not None and scores is not None
        for figure in written.entries:
            side = figure.side_name
            if side in self.totals and figure.value != self.totals[side]:
                findings.add(
                    self.clause,
                    figure.span,
                    ack=figure.ack,
                    player=side,
                    expected=self.totals[side],
                    previous=previous[side],
                    score=scores.get(side, 0),
                    written=figure.value,
                )
        return self.totals
