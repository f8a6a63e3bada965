"""Cards, ranks and suits: the vocabulary every ruleset shares.

Cards are values, not nodes: there are exactly 52 of them, made once and shared, so a record of
a hundred thousand deals does not allocate a hundred thousand queens of spades, and a card is
equal only to itself.  Where a card stands in a record is kept by the record node that holds it
(see :mod:`trufspec.records`).

The orders defined here are the *usual* ones (ace high, and the bridge suit order clubs <
diamonds < hearts < spades for sorting); a ruleset that orders suits differently for its
tie-breaks says so in its own clauses and passes its order explicitly.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

import attrs

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "NoTrump",
    "NT",
    "Trump",
    "FULL_PACK",
    "CARD_PATTERN",
    "CARD_SPELLINGS",
    "parse_card",
    "parse_suit",
]


class Suit(enum.Enum):
    """The four French suits; ``value`` is the ASCII letter used in the notation."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        """The canonical ASCII letter (``S``)."""
        return self.value

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol (``♠``)."""
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        """Position in the bridge order, clubs 0 to spades 3: the default for sorting."""
        return _SUIT_INDEX[self]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return self.index < other.index

    def __str__(self) -> str:
        return self.value


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_INDEX = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


class Rank(enum.IntEnum):
    """Ranks in the usual trick-taking order, ace high; the integer value orders them."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """How the notation writes the rank: ``2`` to ``10``, then ``J Q K A``."""
        return _RANK_LETTERS[self]

    @property
    def is_picture(self) -> bool:
        """Jack, queen or king: the cards several rulesets value at zero."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = {r: str(int(r)) for r in Rank if r <= 10} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}


class NoTrump(enum.Enum):
    """The absence of a trump suit, written ``NT`` in a contract."""

    NT = "NT"

    def __str__(self) -> str:
        return "NT"


NT = NoTrump.NT
Trump = Suit | NoTrump


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
"""The one object of each card, made the first time it is asked for."""


@attrs.frozen(eq=False, order=False, repr=False, init=False)
class Card:
    """One of the 52 cards.  Compare with ``==``; sort with :attr:`sort_key`.

    Cards order by rank first and then by suit in the bridge order, which is how a hand is
    usually read; the tie-breaks of the rulesets use their own orders.

    There is one object per card: ``Card(rank, suit)`` returns it, and so do unpickling and
    copying.  Equality and hashing are therefore those of identity, so a set or a dict finds a
    card without running Python code: cards are looked up in sets and dicts all through a
    replay.
    """

    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank | int, suit: Suit | str) -> Card:
        """The shared card of that rank and suit, given as enums or as their values (``14``,
        ``"S"``); ``ValueError`` for a card that does not exist."""
        rank, suit = Rank(rank), Suit(suit)
        card = _INTERNED.get((rank, suit))
        if card is None:
            card = super().__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            _INTERNED[rank, suit] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        # Pickled cards (the reports of other processes) come back as the shared object.
        return (Card, (self.rank, self.suit))

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.rank.value, self.suit.index)

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"<Card {self}>"

    def unicode(self) -> str:
        """The card with its suit symbol, as ``10♥``."""
        return self.rank.letter + self.suit.symbol


FULL_PACK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 52-card pack, in suit then rank order; each card object is the one every parse returns."""

# Ranks and suits read in either case, one rule for both: a record typed in lower case
# (``qs``), or half and half (``Qs``, ``qS``), names the same card as ``QS``.  The printer writes
# the canonical capitals.
_RANKS_BY_TEXT = {text: r for r in Rank for text in {r.letter, r.letter.lower()}} | {
    "T": Rank.TEN,
    "t": Rank.TEN,
}
_SUITS_BY_TEXT = (
    {s.letter: s for s in Suit} | {s.letter.lower(): s for s in Suit} | {s.symbol: s for s in Suit}
)
_CARDS_BY_TEXT: dict[str, Card] = {
    rank_text + suit_text: Card(rank, suit)
    for rank_text, rank in _RANKS_BY_TEXT.items()
    for suit_text, suit in _SUITS_BY_TEXT.items()
}

CARD_SPELLINGS: Mapping[str, Card] = MappingProxyType(_CARDS_BY_TEXT)
"""Every way the notation may write a card (``10H``, ``TH``, ``th``, ``Qs``, ``10♥``), to the card."""

CARD_PATTERN = r"(?:10|[2-9TJQKAtjqka])[SHDCshdc♠♥♦♣]"
"""The regular expression of one card as the notation writes it, rank and suit in either case
(the grammar, the JSON record schema and the editors' grammars use the same)."""


def parse_card(text: str) -> Card:
    """Read one card (``10H``, ``TH``, ``qs``, ``10♥``: rank and suit in either case);
    ``ValueError`` otherwise."""
    try:
        return _CARDS_BY_TEXT[text]
    except KeyError:
        raise ValueError(f"not a card: {text!r}") from None


def parse_suit(text: str) -> Suit:
    """Read a suit letter (in either case) or symbol; ``ValueError`` otherwise."""
    try:
        return _SUITS_BY_TEXT[text]
    except KeyError:
        raise ValueError(f"not a suit: {text!r}") from None
