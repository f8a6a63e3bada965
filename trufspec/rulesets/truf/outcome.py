"""A Truf deal's outcome: its scores and the contract they were scored under.

The three Truf rulesets settle a deal the same way (a bid winner, a trump or no trumps, a high
or a low game, the tricks each player took), so they report it the same way.
"""

from __future__ import annotations

from trufspec.cards import Trump
from trufspec.engine.ruleset import DealOutcome

__all__ = ["settled"]


def settled(
    scores: dict[str, int] | None,
    winner: str | None,
    trump: Trump | None,
    high: bool | None,
    taken: dict[str, int] | None,
) -> DealOutcome:
    """The outcome of a deal before its running totals: the scores, the bid winner, the trump
    (``NT`` for no trumps), the mode (``high`` or ``low``) and the tricks taken, each None
    where the record does not give the facts."""
    return DealOutcome(
        scores,
        contract=winner,
        trump=None if trump is None else str(trump),
        mode=None if high is None else "high" if high else "low",
        tricks=taken,
    )
