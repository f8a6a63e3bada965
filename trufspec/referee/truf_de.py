"""truf-de at the table: the referee of the German "TRUF Spielregeln", four players.

The hooks of :class:`~trufspec.referee.truf.TrufState` are the ruleset's own functions: a bid
is one card of the hand, valued and judged by
``evaluate_bids``; the highest bidder by
``bid_winner``, trumps being the suit of their card; the
mode by ``decide_mode``; the scores by
``deal_scores`` and the winners after 13 deals by
``game_winners``.

Who deals is a rule here: the players choose the first dealer (the first player, unless
:func:`~trufspec.referee.new_game` is told another), and from the second deal on the lowest
total deals (TD105, ties settled by the readings).  The players who may deal next are those
``dealer_rule`` accepts.  A hand of only number cards, or
only pictures, is thrown in and dealt again (TD103): the deal from the seed is repeated, as
``one_sided`` says, until no hand is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import evolve
from mypy_extensions import mypyc_attr

from trufspec.cards import FULL_PACK, Card, Trump
from trufspec.diagnostics import Diagnostic
from trufspec.engine.findings import Breach, Findings
from trufspec.engine.ruleset import DealOutcome
from trufspec.records import Contract
from trufspec.referee.actions import BidCards
from trufspec.referee.errors import Refused
from trufspec.referee.state import Setup, clause_diagnostic, deal_pack, hand_order
from trufspec.referee.truf import TrufState, mode_forms
from trufspec.rulesets.truf.de import bids as bidding
from trufspec.rulesets.truf.de.deal import HAND, dealer_rule, one_sided
from trufspec.rulesets.truf.de.ruleset import DEALS, TRICK_RULES, deal_scores, game_winners

__all__ = ["TrufDeState"]


@mypyc_attr(native_class=False)
class TrufDeState(TrufState):
    """A game of truf-de (see the module's documentation)."""

    ruleset = "truf-de"
    _bid_form = "TD201"

    def __init__(self, setup: Setup) -> None:
        if len(setup.players) != 4:
            raise Refused([clause_diagnostic("TD001", {"count": len(setup.players)})])
        self._rules = TRICK_RULES
        self._pack = FULL_PACK
        super().__init__(setup)
        self._outcomes: list[DealOutcome] = []

    def _deal_hands(self, number: int) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...]]:
        attempt = 0
        while True:
            cards = deal_pack(self.setup.seed, number if attempt == 0 else f"{number}.{attempt}")
            hands = {
                p: hand_order(cards[i * HAND : (i + 1) * HAND]) for i, p in enumerate(self.players)
            }
            if all(one_sided(list(hand), self.readings) is None for hand in hands.values()):
                return hands, ()
            attempt += 1

    def _dealer_fault(self, player: str) -> Diagnostic | None:
        """TD105, as ``dealer_rule`` judges the next deal dealt by ``player``."""
        rule = dealer_rule(
            self.deal_number, (self.dealer,), self.players, [self.totals], self.readings
        )
        fault = rule.fault(player)
        if fault is None:
            return None
        expected, reason = fault
        return clause_diagnostic(
            "TD105",
            {
                "number": self.deal_number + 1,
                "written": player,
                "expected": expected,
                "reason": reason,
            },
        )

    def _all_bids(self, player: str) -> Sequence[BidCards]:
        return tuple(BidCards(player, (card,)) for card in self.dealt[player])

    def _judge_bid(self, action: BidCards) -> tuple[bidding.Bid, list[Breach]]:
        return bidding.card_bid(
            action.player, action.cards, action.minus, self.dealt[action.player]
        )

    def _contest(self, values: dict[str, Any]) -> tuple[str, Trump]:
        winner = bidding.bid_winner(values)
        assert winner is not None  # every bid is a card
        card = values[winner].card
        assert card is not None
        return winner, card.suit

    def _contract_forms(self, winner: str, trump: Trump, total: int) -> list[Contract]:
        return mode_forms(winner, trump, (1,) if total == self.size else ())

    def _judge_contract(
        self, contract: Contract, total: int, findings: Findings
    ) -> bidding.ModeChoice | None:
        return bidding.decide_mode(total, contract, findings)

    def _deal_scores(
        self, values: dict[str, Any], winner: str, taken: dict[str, int]
    ) -> dict[str, int]:
        scored = deal_scores(self.players, values, self.choice, taken, self.readings)
        scores = {p: s.points for p, s in scored.items()}
        mode = None if self.choice is None else "high" if self.choice.high else "low"
        self._outcomes.append(DealOutcome(scores, tricks=dict(taken), mode=mode))
        return scores

    def _game_length(self) -> int:
        return DEALS

    def _game_winners(self) -> tuple[str, ...]:
        played = self._outcomes
        outcomes = [*played[:-1], evolve(played[-1], totals=dict(self.totals))]
        found = game_winners(self.players, outcomes, self.readings)
        assert found is not None  # the table knows every deal's tricks and mode
        return found[0]
