"""truf-jb at the table: the referee of JB Games' "Truf House Rule 1", three or four players.

The hooks of :class:`~trufspec.referee.truf.TrufState` are the ruleset's own functions: bids
valued and judged by ``evaluate_bids``, the winner and trump by ``bid_winner`` and
``trump_of``, the mode by ``decide_mode``, the scores by ``deal_scores``, the winners by
``best_totals`` (or ``highest_bids_met`` under ``winner=highest-bid-made``).  Only the list
of every bid (:class:`~trufspec.referee.choices.SignedCardBids`, any set of cards of the
hand, each plus or minus) is made here, from the readings that limit bids; the property tests
hold it to the validator.

Three players deal 17 cards each, with one card left undealt (or the 2C taken out under
``three-player-leftover=remove-fixed-card``).  No clause of truf-jb says who deals: any player
may deal the next deal, the one to the left of the dealer first in ``to_act``.  The game has
the deals of the ``deals`` reading; with ``deals=0`` it goes on as long as the table does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from trufspec.cards import FULL_PACK, NT, Trump
from trufspec.diagnostics import Diagnostic
from trufspec.engine.findings import Breach, Findings
from trufspec.engine.totals import best_totals
from trufspec.records import Contract
from trufspec.referee.actions import BidCards
from trufspec.referee.choices import SignedCardBids
from trufspec.referee.errors import Refused
from trufspec.referee.state import Setup, clause_diagnostic
from trufspec.referee.truf import TrufState, mode_forms
from trufspec.rulesets.truf.jb import bids as bidding
from trufspec.rulesets.truf.jb.ruleset import (
    REMOVED_CARD,
    bids_met,
    deal_scores,
    highest_bids_met,
    trick_rules,
)

__all__ = ["TrufJbState"]


@mypyc_attr(native_class=False)
class TrufJbState(TrufState):
    """A game of truf-jb (see the module's documentation)."""

    ruleset = "truf-jb"
    _bid_form = "JB201"

    def __init__(self, setup: Setup) -> None:
        count = len(setup.players)
        if count not in (3, 4):
            raise Refused([clause_diagnostic("JB001", {"count": count})])
        self._rules = trick_rules(setup.readings)
        fixed = count == 3 and setup.readings["three-player-leftover"] == "remove-fixed-card"
        self._pack = tuple(c for c in FULL_PACK if not (fixed and c is REMOVED_CARD))
        self._removed = (REMOVED_CARD,) if fixed else ()
        super().__init__(setup)
        self._met: list[dict[str, int] | None] = []

    def _dealer_fault(self, player: str) -> Diagnostic | None:
        return None  # no clause says who deals

    def _all_bids(self, player: str) -> Sequence[BidCards]:
        readings = self.readings
        cap = self.size if readings["max-bid"] == "tricks-available" else None
        single_minus = readings["single-minus"] != "reject"
        return SignedCardBids(player, self.dealt[player], single_minus, cap, _value_among_others)

    def _judge_bid(self, action: BidCards) -> tuple[bidding.Bid, list[Breach]]:
        bid, breaches = bidding.card_bid(
            action.player, action.cards, action.minus, self.dealt[action.player], self.readings
        )
        cap = bidding.over_cap(bid, self.readings, self.size)
        return bid, breaches if cap is None else [*breaches, cap]

    def _contest(self, values: dict[str, Any]) -> tuple[str, Trump]:
        contest = bidding.bid_winner(values, self.readings)
        assert contest is not None  # every bid is made with cards
        return contest.winner, bidding.trump_of(values[contest.winner]) or NT

    def _contract_forms(self, winner: str, trump: Trump, total: int) -> list[Contract]:
        return mode_forms(
            winner,
            trump,
            bidding.adjust_amounts(self.readings) if total == self.size else (),
        )

    def _judge_contract(
        self, contract: Contract, total: int, findings: Findings
    ) -> bidding.ModeChoice | None:
        return bidding.decide_mode(total, self.size, contract, self.readings, findings)

    def _deal_scores(
        self, values: dict[str, Any], winner: str, taken: dict[str, int]
    ) -> dict[str, int]:
        scored = deal_scores(self.players, values, winner, self.choice, taken, self.readings)
        scores = {p: s.points for p, s in scored.items()}
        self._met.append(bids_met(self.players, values, scores))
        return scores

    def _game_length(self) -> int:
        return self.readings.integer("deals")

    def _game_winners(self) -> tuple[str, ...]:
        if self.readings["winner"] == "highest-bid-made":
            found = highest_bids_met(self.players, self._met)
            assert found is not None  # every deal is scored at the table
            return found[0]
        return best_totals(self.players, self.totals)


def _value_among_others(card: Any) -> int:
    """JB004: a card's value in a bid of several cards."""
    return bidding.card_value(card, False)
