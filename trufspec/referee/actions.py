"""The actions of a live game: immutable values whose text is the notation's own words.

Every action names the player who takes it, so that a table app can pass on what a player
asked for and be told, when it is not allowed, who was wrong and why.  ``str()`` of an action
is what the record writes for it: a card ``QH``, a bid ``3S -JD 3D``, a choice ``atas
adjust +1``.  Actions compare by value, so an action built by an app equals the one
:meth:`~trufspec.referee.state.GameState.legal_actions` lists.
"""

from __future__ import annotations

from attrs import frozen

from trufspec.cards import Card

__all__ = ["Action", "PlayCard", "BidCards", "Choose", "NextDeal", "Discard", "Claim", "Vote"]


@frozen
class Action:
    """Something a player does; the subclasses say what."""

    player: str


@frozen
class PlayCard(Action):
    """A card played to the trick (or, in Tromplemond, cut)."""

    card: Card
    acknowledged: bool = False
    """The table saw that the card breaks a rule of play (a revoke, a trump led too early)
    and let it stand, as a record marks it with ``!``: the game goes on from it."""

    def __str__(self) -> str:
        return f"{self.card}!" if self.acknowledged else str(self.card)


@frozen
class BidCards(Action):
    """A bid made with cards of the hand; ``minus`` holds the indices of the cards bid minus."""

    cards: tuple[Card, ...]
    minus: frozenset[int] = frozenset()

    def __str__(self) -> str:
        return " ".join(("-" if i in self.minus else "") + str(c) for i, c in enumerate(self.cards))


@frozen
class Choose(Action):
    """A choice the rules leave to a player, in the words the record writes for it (the mode
    and adjustment of an even game: ``atas adjust +1``)."""

    words: str

    def __str__(self) -> str:
        return self.words


@frozen
class NextDeal(Action):
    """The dealer deals the next deal, once the last one is scored."""

    def __str__(self) -> str:
        return "deal"


@frozen
class Discard(Action):
    """Ruff and Honours: the player who takes the stock sets these cards aside."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "discards " + " ".join(map(str, self.cards))


@frozen
class Claim(Action):
    """Tromplemond: the secret cards a player says they hold, true or not."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))


@frozen
class Vote(Action):
    """Tromplemond: a voting slip, or the choice of one of the two players outside a two-way
    tie; written as the name of the player it sends off (the record's slip ``Rob>Emily``)."""

    target: str

    def __str__(self) -> str:
        return self.target
