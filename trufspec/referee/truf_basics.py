"""truf-basics at the table: the referee of "Truf: The Basics", four players, six rounds.

The hooks of :class:`~trufspec.referee.truf.TrufState` are the ruleset's own functions: a
declaration (one card, SUM, SUBTRACT or NO TRUF) is judged and given its target by
``evaluate``, the bid winner by
``bid_winner``, the contract by
``check_trump`` and
``decide_mode``, the scores by
``deal_scores``.  The legal declarations of a
player are those of one or two cards of the hand, with each way of marking them, that
``evaluate`` finds no fault in.

The bid winner chooses the mode when the targets add up to 13 and, under
``no-truf-by-choice=yes``, may play without trumps: the contract forms offered are the declared
trump and no trump, in either mode, and those the validator accepts are the choices.  No
clause says who deals: anyone may deal the next round.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from trufspec.cards import FULL_PACK, NT, Trump
from trufspec.diagnostics import Diagnostic
from trufspec.engine.findings import Breach, Findings
from trufspec.engine.totals import best_totals
from trufspec.records import Contract
from trufspec.referee.actions import BidCards
from trufspec.referee.errors import Refused
from trufspec.referee.state import Setup, clause_diagnostic
from trufspec.referee.truf import TrufState, mode_forms
from trufspec.rulesets.truf.basics import declarations as declaring
from trufspec.rulesets.truf.basics.ruleset import ROUNDS, check_trump, deal_scores, trick_rules

__all__ = ["TrufBasicsState"]


@mypyc_attr(native_class=False)
class TrufBasicsState(TrufState):
    """A game of truf-basics (see the module's documentation)."""

    ruleset = "truf-basics"
    _bid_form = "TB201"

    def __init__(self, setup: Setup) -> None:
        if len(setup.players) != 4:
            raise Refused([clause_diagnostic("TB001", {"count": len(setup.players)})])
        self._rules = trick_rules(setup.readings)
        self._pack = FULL_PACK
        super().__init__(setup)

    def _dealer_fault(self, player: str) -> Diagnostic | None:
        return None  # no clause says who deals

    def _all_bids(self, player: str) -> Sequence[BidCards]:
        hand = self.dealt[player]
        forms = [BidCards(player, (card,)) for card in hand]
        for pair in itertools.combinations(hand, 2):
            forms.append(BidCards(player, pair))
            if pair[0].suit is pair[1].suit:
                forms += [
                    BidCards(player, pair, frozenset({0})),
                    BidCards(player, pair, frozenset({1})),
                ]
        return tuple(bid for bid in forms if self._bid_problem(bid) is None)

    def _judge_bid(self, action: BidCards) -> tuple[declaring.Declaration, list[Breach]]:
        hand = self.dealt[action.player]
        return declaring.declare(action.player, action.cards, action.minus, hand, self.readings)

    def _bid_value(self, bid: Any) -> int:
        return int(bid.target)

    def _contest(self, values: dict[str, Any]) -> tuple[str, Trump]:
        contest = declaring.bid_winner(values, self.readings)
        assert contest is not None  # every declaration is made with cards
        trump = declaring.trump_of(values[contest.winner])
        assert trump is not None
        return contest.winner, trump

    def _contract_forms(self, winner: str, trump: Trump, total: int) -> list[Contract]:
        return mode_forms(winner, trump, ()) + (
            mode_forms(winner, NT, ()) if trump is not NT else []
        )

    def _judge_contract(self, contract: Contract, total: int, findings: Findings) -> bool | None:
        winner = contract.winner.value
        check_trump(contract, self.bids[winner][1], self.readings, findings)
        return declaring.decide_mode(total, contract, findings)

    def _deal_scores(
        self, values: dict[str, Any], winner: str, taken: dict[str, int]
    ) -> dict[str, int]:
        return {
            p: s.points
            for p, s in deal_scores(self.players, values, bool(self.choice), taken).items()
        }

    def _game_length(self) -> int:
        return ROUNDS

    def _game_winners(self) -> tuple[str, ...]:
        return best_totals(self.players, self.totals)
