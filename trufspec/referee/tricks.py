"""The play of tricks at a live table, as actions: the legal card plays and why one is not.

The state of the play is the engine's :class:`~trufspec.engine.tricks.TrickPlay`, the one a
replay of a record replays through, so the referee and the validator cannot disagree: a
ruleset's referee keeps one per deal, and this module turns its answers into actions and
refusals.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence

from mypy_extensions import mypyc_attr

from trufspec.cards import FULL_PACK, Card, parse_card
from trufspec.diagnostics import Diagnostic
from trufspec.engine.tricks import TrickPlay
from trufspec.records import Deal, Play
from trufspec.referee.actions import Action, PlayCard
from trufspec.referee.errors import Refused, refusal
from trufspec.referee.state import GameState, clause_diagnostic

__all__ = ["TrickGame", "card_plays", "played"]


@functools.lru_cache(maxsize=64)
def card_plays(seats: tuple[str, ...]) -> Mapping[str, Mapping[Card, PlayCard]]:
    """Every card play at a table, by player and card, made once: the legal plays are listed
    at every turn, and an action found among them is the same object as the one applied.
    (Keyed by player, then card, so that looking one up allocates nothing.)"""
    return {player: {card: PlayCard(player, card) for card in FULL_PACK} for player in seats}


def played(player: str, words: str) -> PlayCard:
    """The card ``player`` means by ``words`` (``QH``); ``ValueError`` when the words are not
    a card."""
    return PlayCard(player, parse_card(words.strip()))


@mypyc_attr(native_class=False)
class TrickGame(GameState):
    """The part of a game state that every game of tricks shares: the hands as dealt and then
    as the play of tricks holds them, and the cards of a recorded play."""

    dealt: dict[str, tuple[Card, ...]]
    """The hands as dealt."""
    table: TrickPlay | None
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
            table.forget()
        else:
            other.dealt = {**other.dealt, **{p: tuple(cards) for p, cards in hands.items()}}
        return other

    def _legal_plays(self, player: str | None) -> list[PlayCard]:
        """The cards that may be played now, as actions: every player's who may play, or
        ``player``'s (none when it is not their turn)."""
        table = self.table
        assert table is not None
        plays = card_plays(table.seats)
        if player is None:
            return [plays[p][card] for p in table.to_act() for card in table.allowed(p)]
        if player not in table.to_act():
            return []
        mine = plays[player]
        return [mine[card] for card in table.allowed(player)]

    def _play_problem(self, action: PlayCard) -> Diagnostic | None:
        """The validator's diagnostic for playing ``action`` now, or None.  A card played out
        of turn breaks the clause the validator names, but the player is told whose turn it
        is (a record's words, "trick 2 is led by Ana, but …", would tell them of a play that
        did not happen)."""
        table = self.table
        assert table is not None
        fault = table.fault(action.player, action.card, action.acknowledged)
        if fault is None:
            return None
        problem = clause_diagnostic(*fault)
        waiting = table.to_act()
        if action.player in waiting or not waiting:
            return problem
        if any(player == action.player for player, _ in table.current):
            return problem.reworded(
                "{player} {player:has} already played to this trick", {"player": action.player}
            )
        values: dict[str, str] = {"turn": "turn" if table.current else "lead"}
        if len(waiting) == 1:
            template = "it is {waiting:'s} {turn}"
            values["waiting"] = waiting[0]
        else:
            template = "it is the {turn} of {waiting}"
            values["waiting"] = f"{', '.join(waiting[:-1])} or {waiting[-1]}"
        order = fault[1].get("order")
        if order is not None:
            template += ": play goes {order}"
            values["order"] = str(order)
        return problem.reworded(template, values)

    def _played(self, deal: Deal) -> Iterator[Action]:
        """The cards the play of a recorded deal shows, each with its player, for
        :meth:`record_actions` (a trick in the leader form goes round in the order of the
        reading, which the play of tricks knows)."""
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
