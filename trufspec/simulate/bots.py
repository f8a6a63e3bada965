"""Bots: players who choose among the referee's legal actions as people would.

A bot knows no rule of its own.  Every choice it makes is one of the actions the referee
lists as legal now, and everything it reckons with (what a bid is worth, who wins the trick
so far) is the referee's or the shared trick mechanics' answer.  What a bot adds is a
player's judgement: it bids what its hand is worth, with cards of the suit it would like as
trumps; it takes the stock when it may and sets its lowest cards aside; it chooses the high
game when its hand promises more than it bid; it wins tricks while its bid needs them, as
cheaply as it can, and ducks once the bid is made.  Now and then it plays any legal card, as
players do, so that the games show the odd play too.

A bot plays any game the referee runs; its judgement is that of games of tricks
(:class:`~trufspec.referee.tricks.TrickGame`: the Truf family and Ruff and Honours); in
Tromplemond's vote it hands in a slip but now and then, where the readings let it, none; in a
phase it has no judgement of it takes any legal action.  Its random choices come from the
generator it is given, so a game is the same for the same seed.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from trufspec.cards import Card, Rank, Suit
from trufspec.engine.tricks import trick_winner
from trufspec.records import Bids
from trufspec.referee import Action, BidCards, Choose, GameState, PlayCard
from trufspec.referee.actions import Discard
from trufspec.referee.tricks import TrickGame
from trufspec.referee.tromplemond import is_irregularity

__all__ = ["Bot", "hand_strength", "bid_values", "ABSTAINING"]

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits in a fixed order: a set's order would change from run to run, and with it the
games of a seed."""

_PAIRS = 24
"""How many bids of two cards a bot weighs besides its bids of one card: a player looks at a
handful of ways to make the bid they want, not at every one."""


ABSTAINING = 0.15
"""How often a voter who may hand in no slip (Tromplemond's ``allow-abstain=yes``) hands in
none, as one player in a few does; otherwise they vote."""


def hand_strength(hand: Sequence[Card]) -> float:
    """The tricks a hand can expect to take, as a player reckons them: aces, guarded kings
    and queens, and the length of the longest suit (which the bid would make trumps)."""
    worth = 0.0
    lengths = []
    for suit in _SUITS:
        ranks = sorted((c.rank for c in hand if c.suit is suit), reverse=True)
        lengths.append(len(ranks))
        for rank in ranks:
            if rank == Rank.ACE:
                worth += 1.0
            elif rank == Rank.KING:
                worth += 0.8 if len(ranks) >= 2 else 0.3
            elif rank == Rank.QUEEN:
                worth += 0.5 if len(ranks) >= 3 else 0.1
            elif rank == Rank.JACK and len(ranks) >= 4:
                worth += 0.3
    return 0.85 * worth + 0.6 * max(max(lengths) - 3, 0) + 0.2 * sum(1 for n in lengths if n <= 1)


def _favourite_suit(hand: Sequence[Card]) -> Suit:
    """The suit a player would like as trumps: the longest, then the one with the best cards."""
    return max(
        _SUITS,
        key=lambda s: (
            sum(1 for c in hand if c.suit is s),
            sum(c.rank for c in hand if c.suit is s),
        ),
    )


def bid_values(state: GameState) -> dict[str, int]:
    """The value of each bid made in the deal in progress, as the referee's record restates it."""
    deal = state.current_deal()
    bids = None if deal is None else deal.find(Bids)
    if bids is None:
        return {}
    return {e.player.value: e.restated.value for e in bids.entries if e.restated is not None}


class Bot:
    """A player's judgement over the referee's legal actions (see the module's documentation)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: GameState, player: str) -> Action:
        """The action ``player`` takes now, one of ``state.legal_actions(player)`` but never
        the table's statement of an irregularity (bots play fair): in a phase the bot has no
        judgement of, any of them (the next deal is dealt by the first player the referee
        names)."""
        phase = state.phase
        if phase == "bids":
            return self._bid(state, player)
        legal = [a for a in state.legal_actions(player) if not is_irregularity(a)]
        if phase == "play" and isinstance(state, TrickGame):
            return self._card(state, player, legal)
        if phase == "contract":
            return self._contract(state, player, legal)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return min(
                discards,
                key=lambda a: (sorted(c.rank for c in a.cards), [c.suit.index for c in a.cards]),
            )
        if phase == "end":
            return legal[0]
        if phase == "votes":
            slips = [a for a in legal if not isinstance(a, Choose)]
            abstain = len(slips) < len(legal) and self.rng.random() < ABSTAINING
            return self.rng.choice([a for a in legal if a not in slips] if abstain else slips)
        return self.rng.choice(legal)

    # ------------------------------------------------------------------ bidding

    def _bid(self, state: GameState, player: str) -> Action:
        """A bid worth about the tricks the hand expects, made with the fewest cards and, when
        it can be, with cards of the suit the player wants as trumps; its value is the one the
        referee gives it."""
        rng, hand = self.rng, state.hand(player)
        strength = hand_strength(hand)
        tricks = len(hand) / 13
        wanted = max(round(strength * tricks + rng.gauss(0, 0.7)), 0)
        if strength < 1.5 and rng.random() < 0.7:
            wanted = 0
        suit = _favourite_suit(hand)
        pairs = list(itertools.combinations(hand, 2))
        shapes = [BidCards(player, (card,)) for card in hand]
        for first, second in rng.sample(pairs, min(_PAIRS, len(pairs))):
            shapes += [
                BidCards(player, (first, second)),
                BidCards(player, (first, second), frozenset({1})),
            ]
        scored = []
        for bid in shapes:
            value = self._value(state, bid)
            if value is not None:
                off_suit = 0 if all(c.suit is suit for c in bid.cards) else 2
                scored.append(((abs(value - wanted), len(bid.cards) + off_suit, rng.random()), bid))
        if not scored:
            return rng.choice(state.legal_actions(player))
        return min(scored, key=lambda pair: pair[0])[1]

    @staticmethod
    def _value(state: GameState, bid: BidCards) -> int | None:
        """What the referee values ``bid`` at, or None when it is not legal."""
        if not state.is_legal(bid):
            return None
        trial = state.copy()
        trial.apply(bid)
        return bid_values(trial).get(bid.player)

    # ------------------------------------------------------------------ the contract

    def _contract(self, state: GameState, player: str, legal: list[Action]) -> Action:
        """The high game when the hand promises more than the bid, else the low game; the
        declared trump rather than none."""
        high = hand_strength(state.hand(player)) * len(state.hand(player)) / 13 > bid_values(
            state
        ).get(player, 0)
        mode = "atas" if high else "bawah"
        fitting = [
            a
            for a in legal
            if isinstance(a, Choose) and mode in a.words.split() and "NT" not in a.words.split()
        ]
        return self.rng.choice(fitting or legal)

    # ------------------------------------------------------------------ the play

    def _card(self, state: TrickGame, player: str, legal: list[Action]) -> Action:
        """Short of the bid, lead from strength (trumps when long in them, else the top of the
        longest suit) and win as cheaply as possible; with the bid made, lead low from a
        short suit, duck under the winning card with the highest card that loses, and when
        every card wins, get rid of the highest.  In a game without bids every trick is wanted."""
        rng = self.rng
        plays = [a for a in legal if isinstance(a, PlayCard)]
        table = state.table
        if rng.random() < 0.05 or not plays or table is None:
            return rng.choice(legal)
        values = bid_values(state)
        wants = table.won[player] < values[player] if values else True
        trump = table.trump
        hand = state.hand(player)

        def strength(action: PlayCard) -> tuple[bool, int]:
            return (action.card.suit is trump, action.card.rank)

        cards = [c for _, c in table.current]
        if not cards:
            trumps = [a for a in plays if a.card.suit is trump]
            plain = [a for a in plays if a.card.suit is not trump] or plays
            suits = [s for s in _SUITS if any(a.card.suit is s for a in plain)]
            if wants:
                if len(trumps) >= 3:
                    return max(trumps, key=strength)
                longest = max(
                    suits,
                    key=lambda s: (
                        sum(1 for c in hand if c.suit is s),
                        max(a.card.rank for a in plain if a.card.suit is s),
                    ),
                )
                return max((a for a in plain if a.card.suit is longest), key=strength)
            shortest = min(suits, key=lambda s: sum(1 for c in hand if c.suit is s))
            return min((a for a in plain if a.card.suit is shortest), key=strength)
        wins = [a for a in plays if trick_winner([*cards, a.card], trump) == len(cards)]
        loses = [a for a in plays if a not in wins]
        if wants:
            return min(wins, key=strength) if wins else min(plays, key=strength)
        return max(loses, key=strength) if loses else max(plays, key=strength)
