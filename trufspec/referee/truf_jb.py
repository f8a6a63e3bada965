"""truf-jb at the table: the referee of JB Games' "Truf House Rule 1".

A deal goes through ``bids`` (every player bids at once, so any player who has not bid may),
``contract`` (only in an even game: the bid winner chooses the mode, and the adjustment the
readings allow), ``play`` and ``end`` (scored; the next dealer deals with
:class:`~trufspec.referee.actions.NextDeal`).  The game is ``over`` after the number of deals
of the ``deals`` reading; with ``deals=0`` it goes on as long as the table does.

Every judgement is the validator's: a bid is valued and judged by
:func:`~trufspec.rulesets.truf.jb.bids.evaluate_bids` on the record entry it makes, the
bid winner, trump and mode by the same module, the even game's choice by
:func:`~trufspec.rulesets.truf.jb.bids.decide_mode` on the contract it writes, the play by the
shared trick mechanics under :func:`~trufspec.rulesets.truf.jb.ruleset.trick_rules`, the
scores by :func:`~trufspec.rulesets.truf.jb.ruleset.deal_scores`.  Only the list of every
bid (:class:`~trufspec.referee.choices.SignedCardBids`) is made here, from the readings that
limit bids; the property tests hold it to the validator.

The dealer moves one seat to the left each deal, from the first player; the record writes
them, although no clause of truf-jb judges it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from trufspec.cards import FULL_PACK, NT, Card, Suit
from trufspec.diagnostics import Diagnostic
from trufspec.engine.findings import Findings
from trufspec.records import (
    Atom,
    BidEntry,
    Bids,
    Cards,
    Contract,
    Deal,
    Dealer,
    Figure,
    HandEntry,
    Hands,
    Mode,
    Play,
    Score,
    Total,
    Trick,
    Tricks,
    Undealt,
)
from trufspec.referee.actions import Action, BidCards, Choose, NextDeal, PlayCard
from trufspec.referee.choices import Chain, SignedCardBids
from trufspec.referee.errors import Refused, refusal
from trufspec.referee.state import GameState, Setup, clause_diagnostic, deal_pack, first_error, hand_order
from trufspec.referee.tricks import TrickTable
from trufspec.rulesets.truf.jb import bids as bidding
from trufspec.rulesets.truf.jb.ruleset import REMOVED_CARD, deal_scores, game_winners, trick_rules
from trufspec.spec.registry import default_registry

__all__ = ["TrufJbState"]


class TrufJbState(GameState):
    """A game of truf-jb for three or four players (see the module's documentation)."""

    ruleset = "truf-jb"

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        count = len(setup.players)
        if count not in (3, 4):
            raise Refused([clause_diagnostic("JB001", {"count": count})])
        self._rules = trick_rules(setup.readings)
        fixed = count == 3 and setup.readings["three-player-leftover"] == "remove-fixed-card"
        self._pack = tuple(c for c in FULL_PACK if not (fixed and c is REMOVED_CARD))
        self._removed: tuple[Card, ...] = (REMOVED_CARD,) if fixed else ()
        self._plays = {(p, c): PlayCard(p, c) for p in setup.players for c in self._pack}
        """Every card play of the game, made once: the legal plays are listed at every turn."""
        self._judged: tuple[BidCards | None, bidding.Bid | None] = (None, None)
        """The last bid found legal, with its value: applied next, as a rule."""
        self.size = len(self._pack) // count
        """The cards of a hand, the tricks of a deal and the max total of the bids."""
        self._start_deal()

    # ------------------------------------------------------------------ the deal

    def _start_deal(self) -> None:
        players, number = self.players, self.deal_number
        self.dealer = players[(number - 1) % len(players)]
        if number <= len(self.setup.hands):
            hands = {p: tuple(self.setup.hands[number - 1][p]) for p in players}
            dealt = {c for hand in hands.values() for c in hand}
            undealt = self._removed + tuple(c for c in self._pack if c not in dealt)
        else:
            cards = deal_pack(self.setup.seed, number, self._pack)
            size = self.size
            hands = {p: hand_order(cards[i * size : (i + 1) * size]) for i, p in enumerate(players)}
            undealt = self._removed + tuple(cards[len(players) * size :])
        self.dealt = hands
        self.undealt = undealt
        start = (players.index(self.dealer) + 1) % len(players)
        self._bid_order = players[start:] + players[:start]
        self.bids: dict[str, tuple[BidCards, bidding.Bid]] = {}
        self._bid_lists: dict[str, SignedCardBids] = {}
        self.contract: Contract | None = None
        self._choices: dict[str, tuple[Contract, Diagnostic | None]] = {}
        self.choice: bidding.ModeChoice | None = None
        self.table: TrickTable | None = None
        self._phase = "bids"

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def to_act(self) -> tuple[str, ...]:
        phase = self._phase
        if phase == "play":
            assert self.table is not None
            return self.table.to_act()
        if phase == "bids":
            return tuple(p for p in self._bid_order if p not in self.bids)
        if phase == "contract":
            assert self.contract is not None
            return (self.contract.winner.value,)
        if phase == "end":
            return (self._next_dealer(),)
        return ()

    def _next_dealer(self) -> str:
        return self.players[self.deal_number % len(self.players)]

    def hand(self, player: str) -> tuple[Card, ...]:
        if self.table is not None:
            return tuple(self.table.hands[player])
        return self.dealt[player]

    @property
    def winners(self) -> tuple[str, ...]:
        return game_winners(self.players, self.totals) if self._phase == "over" else ()

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, player: str | None = None) -> Sequence[Action]:
        phase = self._phase
        if phase == "play":
            assert self.table is not None
            legal = self.table.legal(self._plays)
            return legal if player is None else [a for a in legal if a.player == player]
        acting = self.to_act if player is None else tuple(p for p in self.to_act if p == player)
        if phase == "bids":
            return Chain([self._bid_list(p) for p in acting], self.is_legal)
        if phase == "contract":
            return [Choose(p, words) for p in acting for words, (_, problem) in self._choices.items() if problem is None]
        if phase == "end":
            return [NextDeal(p) for p in acting]
        return ()

    def _bid_list(self, player: str) -> SignedCardBids:
        found = self._bid_lists.get(player)
        if found is None:
            readings = self.readings
            cap = self.size if readings["max-bid"] == "tricks-available" else None
            single_minus = readings["single-minus"] != "reject"
            found = SignedCardBids(player, self.dealt[player], single_minus, cap, lambda c: bidding.card_value(c, False))
            self._bid_lists[player] = found
        return found

    # ------------------------------------------------------------------ judging an action

    def why_not(self, action: Action) -> Diagnostic | None:
        player = action.player
        if player not in self.players:
            return clause_diagnostic("REC010", {"name": player, "players": " ".join(self.players)})
        phase = self._phase
        if phase == "play" and type(action) is PlayCard:
            assert self.table is not None
            fault = self.table.fault(player, action.card)
            return None if fault is None else clause_diagnostic(*fault)
        if phase == "bids" and type(action) is BidCards:
            return self._bid_problem(action)
        if phase == "contract" and type(action) is Choose:
            return self._choice_problem(action)
        if phase == "end" and type(action) is NextDeal:
            dealer = self._next_dealer()
            return None if player == dealer else refusal("REF001", f"{player} cannot deal: {dealer} deals deal {self.deal_number + 1}")
        return refusal("REF001", f"{player} cannot {_doing(action)} now: {self._situation()}")

    def _situation(self) -> str:
        if self._phase == "over":
            return "the game is over"
        waiting = " or ".join(self.to_act)
        return f"deal {self.deal_number} is at its {self._phase}, and {waiting} is to {_PHASE_ACTS[self._phase]}"

    def _bid_problem(self, action: BidCards) -> Diagnostic | None:
        player = action.player
        if player in self.bids:
            return clause_diagnostic("REC011", {"name": player, "section": "bids"})
        if not action.cards:
            return clause_diagnostic("JB201", {"player": player, "problem": "bid no card"})
        findings = Findings(default_registry(), None)
        bid = self._evaluate(action, findings)
        problem = first_error(findings.diagnostics)
        if problem is None and bid is not None:
            self._judged = (action, bid)
        return problem

    def _evaluate(self, action: BidCards, findings: Findings) -> bidding.Bid | None:
        """The bid as the validator values it, judging it into ``findings``."""
        entry = _bid_entry(action, None)
        hands = {action.player: list(self.dealt[action.player])}
        found = bidding.evaluate_bids(Bids((entry,)), self.players, hands, self.readings, self.size, findings)
        return found.get(action.player)

    def _choice_problem(self, action: Choose) -> Diagnostic | None:
        assert self.contract is not None
        winner = self.contract.winner.value
        if action.player != winner:
            return refusal("REF001", f"{action.player} cannot choose the mode: the bid winner {winner} does")
        found = self._choices.get(action.words)
        if found is None:
            allowed = ", ".join(w for w, (_, problem) in self._choices.items() if problem is None)
            return refusal("REF001", f"{winner} cannot choose '{action.words}': the choices are {allowed}")
        return found[1]

    # ------------------------------------------------------------------ applying an action

    def _do(self, action: Action) -> None:
        kind = type(action)
        if kind is PlayCard:
            assert isinstance(action, PlayCard) and self.table is not None
            table = self.table
            table.play(action.player, action.card)
            if len(table.done) == table.tricks:
                self._score()
        elif kind is BidCards:
            assert isinstance(action, BidCards)
            judged, bid = self._judged
            if judged is not action:
                found = self._evaluate(action, Findings(default_registry(), None))
                assert found is not None
                bid = found
            self.bids[action.player] = (action, bid)
            if len(self.bids) == len(self.players):
                self._close_bidding()
        elif kind is Choose:
            assert isinstance(action, Choose)
            contract = self._choices[action.words][0]
            self.choice = bidding.decide_mode(self.size, self.size, contract, self.readings, Findings(default_registry(), None))
            self._start_play(contract)
        else:
            self.deal_number += 1
            self._start_deal()

    def _close_bidding(self) -> None:
        """The bid winner, the trump and the mode, from the bids (JB205 to JB212)."""
        values = {p: bid for p, (_, bid) in self.bids.items()}
        contest = bidding.bid_winner(values, self.readings)
        assert contest is not None  # every bid is made with cards
        winner = contest.winner
        trump = bidding.trump_of(values[winner]) or NT
        total = sum(b.value for b in values.values())
        if total == self.size:
            self._choices = self._even_choices(winner, trump)
            self.contract = Contract(Atom(winner), Atom(trump))
            self._phase = "contract"
            return
        findings = Findings(default_registry(), None)
        self.choice = bidding.decide_mode(total, self.size, None, self.readings, findings)
        assert self.choice is not None
        mode = Mode.ATAS if self.choice.high else Mode.BAWAH
        self._start_play(Contract(Atom(winner), Atom(trump), Atom(mode)))

    def _even_choices(self, winner: str, trump: Suit | type[NT] | object) -> dict[str, tuple[Contract, Diagnostic | None]]:
        """Every way the contract of an even game may be written, with what the validator
        says of it (JB212): the mode with the adjustment, and the mode alone."""
        amount = self.readings.integer("even-adjust-amount")
        choices = {}
        for mode, adjust in ((Mode.ATAS, amount), (Mode.BAWAH, -amount), (Mode.ATAS, None), (Mode.BAWAH, None)):
            contract = Contract(Atom(winner), Atom(trump), Atom(mode), None if adjust is None else Atom(adjust))  # type: ignore[arg-type]
            findings = Findings(default_registry(), None)
            bidding.decide_mode(self.size, self.size, contract, self.readings, findings)
            words = mode.value if adjust is None else f"{mode.value} adjust {adjust:+d}"
            choices[words] = (contract, first_error(findings.diagnostics))
        return choices

    def _start_play(self, contract: Contract) -> None:
        self.contract = contract
        assert contract.trump is not None
        trump = contract.trump.value
        suit = trump if isinstance(trump, Suit) else None
        self.table = TrickTable(self.players, self._rules, suit, self.dealt, contract.winner.value, self.size)
        self._phase = "play"

    def _score(self) -> None:
        """JB401 to JB406 and the running total; the end of the game after its deals (JB502)."""
        assert self.table is not None and self.choice is not None and self.contract is not None
        values = {p: bid for p, (_, bid) in self.bids.items()}
        taken = dict(self.table.won)
        scored = deal_scores(self.players, values, self.contract.winner.value, self.choice, taken, self.readings)
        scores = {p: s.points for p, s in scored.items()}
        for player, points in scores.items():
            self.totals[player] += points
        self.scores.append(scores)
        self._phase = "end"
        figures = (taken, scores, dict(self.totals))
        self.finished.append(functools.partial(_deal_record, self._facts(), None, figures))
        wanted = self.readings.integer("deals")
        if wanted and self.deal_number >= wanted:
            self._phase = "over"

    # ------------------------------------------------------------------ records and copies

    def record_actions(self, deal: Deal) -> Iterator[Action]:
        bids = deal.find(Bids)
        for entry in bids.entries if bids is not None else ():
            if entry.cards is None:
                raise Refused([refusal("REF003", f"{entry.player.value}'s bid in deal {self.deal_number} is written as a number, not with its cards")])
            yield BidCards(entry.player.value, entry.cards.cards, entry.minus)
        if self._phase == "contract":
            contract = deal.find(Contract)
            mode = contract.mode if contract is not None else None
            if contract is None or mode is None:
                raise Refused([refusal("REF003", f"the contract of deal {self.deal_number} does not say the mode of its even game")])
            words = (Mode.ATAS if mode.value.is_high else Mode.BAWAH).value
            if contract.adjust is not None:
                words += f" adjust {contract.adjust.value:+d}"
            yield Choose(contract.winner.value, words)
        play = deal.find(Play)
        for trick in play.tricks if play is not None else ():
            assert self.table is not None
            players = [a.value for a in trick.players] if trick.by_player else self.table.order(trick.leader.value)
            for player, card in zip(players, trick.cards):
                yield PlayCard(player, card)

    def current_deal(self, player: str | None = None) -> Deal | None:
        if self._phase in ("end", "over"):
            return None
        return _deal_record(self._facts(), player, ())

    def _facts(self) -> _DealFacts:
        """What the record of the deal is made from; none of it is changed once the deal is
        scored (the next deal replaces it), so a record can be made from it later."""
        return _DealFacts(self.players, self.deal_number, self.dealer, self.dealt, self.undealt, self.bids, self.contract, self.table)

    def copy(self) -> TrufJbState:
        other = TrufJbState.__new__(TrufJbState)
        self._copy_common(other)
        other.__dict__.update({k: v for k, v in self.__dict__.items() if k not in other.__dict__})
        other.bids = dict(self.bids)
        other._bid_lists = dict(self._bid_lists)
        other.table = None if self.table is None else self.table.copy()
        return other


class _DealFacts(NamedTuple):
    players: tuple[str, ...]
    number: int
    dealer: str
    dealt: dict[str, tuple[Card, ...]]
    undealt: tuple[Card, ...]
    bids: dict[str, tuple[BidCards, bidding.Bid]]
    contract: Contract | None
    table: TrickTable | None


def _deal_record(facts: _DealFacts, player: str | None, figures: tuple[dict[str, int], ...]) -> Deal:
    """The record of the deal so far, as ``player`` sees it (None: everything); with
    ``figures`` (tricks taken, scores, totals) once it is scored.

    It is made for the deal in progress, and for
    :attr:`~trufspec.referee.state.GameState.finished` once the deal is scored."""
    shown = facts.players if player is None else (player,)
    sections: list = [
        Dealer(Atom(facts.dealer)),
        Hands(tuple(HandEntry(Atom(p), Cards(facts.dealt[p])) for p in shown), incomplete=player is not None),
    ]
    if facts.undealt and player is None:
        sections.append(Undealt(Cards(facts.undealt)))
    bidding_over = len(facts.bids) == len(facts.players)
    visible = [p for p in facts.bids if bidding_over or player is None or p == player]
    sections.append(Bids(tuple(_bid_entry(*facts.bids[p]) for p in visible), incomplete=len(visible) < len(facts.players)))
    if facts.contract is not None and facts.table is not None:
        sections.append(facts.contract)
    if facts.table is not None:
        sections.append(_play_record(facts.table))
    if figures:
        taken, scores, totals = (tuple(Figure((p,), values[p]) for p in facts.players) for values in figures)
        sections.extend((Tricks(taken), Score(scores), Total(totals)))
    return Deal("deal", Atom(facts.number), tuple(sections))


_PHASE_ACTS = {"bids": "bid", "contract": "choose the mode", "play": "play a card", "end": "deal the next deal"}


def _doing(action: Action) -> str:
    """What an action does, in words, for a refusal."""
    if isinstance(action, PlayCard):
        return f"play {action.card}"
    if isinstance(action, BidCards):
        return f"bid {action}"
    if isinstance(action, Choose):
        return f"choose '{action.words}'"
    return "deal"


def _bid_entry(action: BidCards, bid: bidding.Bid | None) -> BidEntry:
    """The record's entry of a bid, with its value restated once it is known."""
    restated = None if bid is None else Atom(bid.value)
    return BidEntry(Atom(action.player), Cards(action.cards), action.minus, restated=restated)


def _play_record(table: TrickTable) -> Play:
    """The tricks so far: each in the leader form when it went round the table in the order
    of the reading, else with each card's player."""
    tricks = []
    for number, trick in enumerate([*table.done, tuple(table.current)] if table.current else table.done, start=1):
        players = tuple(p for p, _ in trick)
        cards = Cards(tuple(c for _, c in trick))
        leader = Atom(players[0])
        if players == table.order(players[0])[: len(players)]:
            tricks.append(Trick(Atom(number), leader, cards))
        else:
            tricks.append(Trick(Atom(number), leader, cards, tuple(Atom(p) for p in players)))
    return Play(tuple(tricks), incomplete=not table.over)
