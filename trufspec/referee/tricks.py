"""The play of tricks at a live table: who is to play, which cards may be played, and why not.

Every judgement is the engine's (``trufspec.engine.tricks``): the cards that may be played
come from ``playable`` and the fault of a card from ``play_fault``, both asking ``breaks``,
which the replay of a record asks of every card; the winner of a trick from
``trick_winner``; so the referee and the validator cannot disagree.  What this module adds is the state that a replay of a record rebuilds from the
record as it goes: the hands left, the trick on the table, whether trumps are broken, who leads.
A ruleset's referee keeps one :class:`TrickTable` per deal; it serves every game that plays
tricks, through the ``TrickRules`` of its ruleset.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence

from trufspec.cards import FULL_PACK, Card, Suit, parse_card
from trufspec.diagnostics import Diagnostic
from trufspec.engine.tricks import (
    TrickRules,
    play_fault,
    playable,
    seatings,
    trick_winner,
    trumps_broken,
    why_not_held,
)
from trufspec.records import Atom, Cards, Deal, Play, Trick
from trufspec.referee.actions import Action, PlayCard
from trufspec.referee.errors import Refused, refusal
from trufspec.referee.state import GameState, clause_diagnostic

__all__ = ["TrickTable", "TrickGame", "card_plays", "played"]


@functools.lru_cache(maxsize=64)
def card_plays(seats: tuple[str, ...]) -> Mapping[str, Mapping[Card, PlayCard]]:
    """Every card play at a table, by player and card, made once: the legal plays are listed
    at every turn, and an action found among them is the same object as the one applied.
    (Keyed by player, then card, so that looking one up allocates nothing.)"""
    return {player: {card: PlayCard(player, card) for card in FULL_PACK} for player in seats}


def played(player: str, words: str) -> PlayCard:
    """The card ``player`` means by ``words`` (``QH``, or ``QH!`` for a card the table lets
    stand though it breaks a rule of play); ``ValueError`` when the words are not a card."""
    text = words.strip()
    return PlayCard(player, parse_card(text.removesuffix("!")), text.endswith("!"))


class TrickTable:
    """The tricks of one deal as they are played.

    ``tricks`` is how many tricks the deal has; ``leader`` leads the first.  The order of play
    round the table follows the ruleset's reading (``TrickRules.enforce_order``): under
    ``free`` any player who has not played to the trick may play, and :meth:`to_act` names
    them all, the next one clockwise first.
    """

    __slots__ = (
        "_allowed",
        "_free",
        "_orders",
        "_plays",
        "_waiting",
        "acked",
        "broken",
        "current",
        "done",
        "hands",
        "leader",
        "ruffed",
        "rules",
        "seats",
        "tricks",
        "trump",
        "won",
    )

    def __init__(
        self,
        seats: Sequence[str],
        rules: TrickRules,
        trump: Suit | None,
        hands: Mapping[str, Sequence[Card]],
        leader: str,
        tricks: int,
    ) -> None:
        self.seats = tuple(seats)
        self.rules = rules
        self.trump = trump
        self.hands = {seat: dict.fromkeys(hands[seat], True) for seat in self.seats}
        """What each player holds, as an ordered set (the order of the hand as dealt)."""
        self.leader = leader
        self.current: list[tuple[str, Card]] = []
        """The trick on the table: who played which card, in order of play."""
        self.done: list[tuple[tuple[str, Card], ...]] = []
        """The tricks played, each as its cards with their players in order of play."""
        self.won = dict.fromkeys(self.seats, 0)
        self.broken = False
        self.ruffed = False
        self.tricks = tricks
        self.acked: tuple[tuple[int, int], ...] = ()
        """The cards the table acknowledged
        (:attr:`~trufspec.referee.actions.PlayCard.acknowledged`), as the index of their trick
        (from 0) and their place in it."""
        self._allowed: dict[str, tuple[list[Card], list[PlayCard]]] = {}
        self._waiting: tuple[str, ...] = ()
        """The players still to play to the trick on the table, in order of play."""
        self._free = rules.enforce_order == "free"
        self._plays = card_plays(self.seats)
        self._orders = seatings(self.seats, rules.enforce_order)

    def copy(self) -> TrickTable:
        other = TrickTable.__new__(TrickTable)
        other.seats, other.rules, other.trump, other.tricks = (
            self.seats,
            self.rules,
            self.trump,
            self.tricks,
        )
        other._orders = self._orders
        other._allowed = dict(self._allowed)
        other._waiting, other._free = self._waiting, self._free
        other._plays = self._plays
        other.hands = {seat: dict(hand) for seat, hand in self.hands.items()}
        other.leader, other.broken, other.ruffed, other.acked = (
            self.leader,
            self.broken,
            self.ruffed,
            self.acked,
        )
        other.current = list(self.current)
        other.done = list(self.done)
        other.won = dict(self.won)
        return other

    @property
    def over(self) -> bool:
        """Every trick of the deal is played."""
        return len(self.done) == self.tricks

    def order(self, leader: str) -> tuple[str, ...]:
        """The players in order of play from ``leader``, in the direction of the reading."""
        return self._orders[leader]

    def to_act(self) -> tuple[str, ...]:
        """Who may play the next card."""
        if not self.current:
            return () if len(self.done) == self.tricks else (self.leader,)
        return self._waiting if self._free else self._waiting[:1]

    def allowed(self, player: str) -> list[Card]:
        """The cards ``player`` may play to the trick now, were it their turn."""
        return self._judged(player)[0]

    def legal(self) -> list[PlayCard]:
        """Every card that may be played now, as the action of its player."""
        legal: list[PlayCard] = []
        judged = self._judged
        for player in self.to_act():
            legal += judged(player)[1]
        return legal

    def legal_of(self, player: str) -> list[PlayCard]:
        """The cards ``player`` may play now, as actions: none when it is not their turn (what
        :meth:`legal` holds of theirs, without judging the others')."""
        return list(self._judged(player)[1]) if player in self.to_act() else []

    def _judged(self, player: str) -> tuple[list[Card], list[PlayCard]]:
        """The cards ``player`` may play now, and their plays as actions: worked out once per
        card played, since the list of legal actions and the check of the action chosen both
        ask, and kept for a player until the cards they may play change (under ``free``
        order, those waiting to follow are listed at every card of the trick)."""
        found = self._allowed.get(player)
        if found is None:
            led = self.current[0][1].suit if self.current else None
            cards = playable(self.hands[player], led, self.trump, self.broken, self.rules)
            plays = self._plays[player]
            found = self._allowed[player] = (cards, [plays[card] for card in cards])
        return found

    def fault(
        self, player: str, card: Card, acknowledged: bool = False
    ) -> tuple[str, dict[str, object]] | None:
        """The clause that ``player`` playing ``card`` now breaks, with the values of its
        message, or None when the card may be played (``player`` sits at the table).

        A card the table ``acknowledged`` may break the rules on which card is played (follow
        suit, leading trumps): the play goes on from it as the validator's replay of a record
        that marks it ``!`` does.  Who plays and whether the card is held are not waived: the
        table could not go on from a card played out of turn or not held."""
        if player in self.to_act() and card in self.allowed(player):
            return None
        rules, current = self.rules, self.current
        number = len(self.done) + 1
        if not current:
            if player != self.leader:
                if number == 1:
                    return rules.first_leader, {"player": player, "expected": self.leader}
                return rules.next_leader, {
                    "number": number,
                    "player": player,
                    "expected": self.leader,
                    "previous": number - 1,
                }
        elif any(p == player for p, _ in current):
            return rules.one_card_each, {
                "number": number,
                "count": len(current) + 1,
                "players": len(self.seats),
            }
        elif rules.enforce_order != "free":
            expected = self._orders[self.leader][len(current)]
            if player != expected and rules.turn_order is not None:
                order = rules.enforce_order
                return rules.turn_order, {
                    "player": player,
                    "previous": current[-1][0],
                    "expected": expected,
                    "order": order,
                }
        hand = self.hands[player]
        if card not in hand:
            played = [tuple(c for _, c in trick) for trick in self.done] + [
                tuple(c for _, c in current)
            ]
            return rules.card_held, {
                "player": player,
                "card": card,
                "reason": why_not_held(card, played, None),
            }
        if card in self.allowed(player):
            return None
        if acknowledged:
            return None
        fault = play_fault(
            card, hand, current[0][1].suit if current else None, self.trump, self.broken, rules
        )
        assert fault is not None
        code, values = fault
        return code, {"player": player, **values}

    def play(self, player: str, card: Card, acknowledged: bool = False) -> None:
        """Play a card that :meth:`fault` allows; a full trick goes to its winner, who leads
        next."""
        del self.hands[player][card]
        current = self.current
        if acknowledged:
            self.acked += ((len(self.done), len(current)),)
        if current:
            if card.suit is self.trump and card.suit is not current[0][1].suit:
                self.ruffed = True
            waiting = self._waiting
            at = waiting.index(player)
            self._waiting = waiting[:at] + waiting[at + 1 :]
        else:
            self._waiting = self._orders[player][1:]
        current.append((player, card))
        if len(current) < len(self.seats):
            # What the others may play changes with the lead, and at the end of the trick;
            # in between only the hand of the player who played has changed.
            if len(current) == 1:
                self._allowed.clear()
            else:
                self._allowed.pop(player, None)
            return
        self._allowed.clear()
        cards = [c for _, c in current]
        winner = current[trick_winner(cards, self.trump)][0]
        self.won[winner] += 1
        self.broken = trumps_broken(self.broken, cards, self.trump, self.ruffed, self.rules)
        self.done.append(tuple(current))
        self.current = []
        self.ruffed = False
        self.leader = winner

    def why_not(self, player: str, card: Card, acknowledged: bool = False) -> Diagnostic | None:
        """The validator's diagnostic for ``player`` playing ``card`` now, or None."""
        fault = self.fault(player, card, acknowledged)
        return None if fault is None else clause_diagnostic(*fault)

    def record(self) -> Play:
        """The tricks so far, as a record: each in the leader form when it went round the
        table in the order of the reading, else with each card's player."""
        tricks = []
        acked = self.acked
        for number, trick in enumerate(
            [*self.done, tuple(self.current)] if self.current else self.done, start=1
        ):
            players, played = zip(*trick)
            acks = (
                frozenset(place for index, place in acked if index == number - 1)
                if acked
                else frozenset()
            )
            cards = Cards(played, acks=acks)
            leader = Atom(players[0])
            if players == self.order(players[0])[: len(players)]:
                tricks.append(Trick(Atom(number), leader, cards))
            else:
                tricks.append(Trick(Atom(number), leader, cards, tuple(Atom(p) for p in players)))
        return Play(tuple(tricks), incomplete=not self.over)


class TrickGame(GameState):
    """The part of a game state that every game of tricks shares: the hands as dealt and then
    as the trick table holds them, and the cards of a recorded play."""

    dealt: dict[str, tuple[Card, ...]]
    """The hands as dealt."""
    table: TrickTable | None
    """The tricks of the deal, once the play has begun."""

    def hand(self, player: str) -> tuple[Card, ...]:
        if self.table is not None:
            return tuple(self.table.hands[player])
        return self.dealt[player]

    def with_hidden(self, hands: Mapping[str, Sequence[Card]]) -> TrickGame:
        """A copy of the game in which the players named hold ``hands`` for the rest of the
        play: a world a search samples from what a player has not seen, played out and
        dropped.  Before the play they are the hands dealt; once it has begun, its record
        still shows the hands as dealt, and only the play goes on from them."""
        other = self.copy()
        if other.table is not None:
            table = other.table
            for player, cards in hands.items():
                table.hands[player] = dict.fromkeys(cards, True)
            table._allowed.clear()
        else:
            other.dealt = {**other.dealt, **{p: tuple(cards) for p, cards in hands.items()}}
        return other

    def _played(self, deal: Deal) -> Iterator[Action]:
        """The cards the play of a recorded deal shows, each with its player, for
        :meth:`record_actions` (a trick in the leader form goes round in the order of the
        reading, which the trick table knows)."""
        play = deal.find(Play)
        for trick in play.tricks if play is not None else ():
            if self.table is None:
                problem = f"{deal.kind} {deal.number.value} shows tricks, but the record leaves out an action of its {self._phase} before them"
                raise Refused([refusal("REF003", problem)])
            players = (
                [a.value for a in trick.players]
                if trick.by_player
                else self.table.order(trick.leader.value)
            )
            for index, (player, card) in enumerate(zip(players, trick.cards)):
                yield PlayCard(player, card, index in trick.cards.acks)
