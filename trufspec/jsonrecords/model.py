"""Game records in JSON, as types: one definition for the reader, the writer and the schema.

The JSON form says everything the notation says, node for node: the tags in order, each deal's
sections in the order written, every entry, card and figure, the ``!`` marks and the comments
with their places.  Only the positions are left out, since JSON has no lines: a diagnostic on
a JSON record points at its place with a JSON Pointer instead (:mod:`.pointers`).

The field names are those of the record model (:mod:`trufspec.records`), so that a JSON
Pointer is the path of attribute names and indices that leads to a node.  A card is written as
the notation writes it in a run: ``"QH"``, ``"-5C"`` for a bid's minus card and ``"7D!"`` for
a card marked ``!``.  Any other ``!`` mark is a ``<field>_ack`` flag beside the value it
marks (``"winner_ack": true``).  Fields that hold their default (false, empty, null) are left
out when written and may be left out when read.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from trufspec.cards import CARD_PATTERN

__all__ = [
    "VERSION",
    "JsonComment",
    "JsonDeal",
    "JsonGame",
    "JsonSection",
    "RecordDocument",
]

VERSION = 1
"""The version of the JSON record format; raised on any change a reader could notice."""

_END = r"(?![\s\S])"
"""The end of the text, where both Python's and ECMAScript's regular expressions see it
(``$`` also matches before a final newline in Python)."""

Name = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^[^\n\x00]*" + _END,
        description="A player's name, as the Players tag seats them.",
    ),
]
"""A name as the notation can write it: any text on one line (quoted when it is not a word),
without a NUL, which no text file holds."""
Text = Annotated[str, msgspec.Meta(pattern=r"^[^\n\x00]*" + _END)]
CardWord = Annotated[
    str,
    msgspec.Meta(
        pattern=rf"^-?{CARD_PATTERN}!?" + _END,
        description="A card as a run writes it: QH, 10D; -5C a minus card of a bid; 7D! marked.",
    ),
]
Flag = Annotated[str, msgspec.Meta(pattern=r'^[^\s"{};!*]+' + _END, max_length=100)]
BIGGEST = 10**18 - 1
"""The largest number the notation writes: eighteen digits."""
Number = Annotated[int, msgspec.Meta(ge=-BIGGEST, le=BIGGEST)]
Count = Annotated[int, msgspec.Meta(ge=0, le=BIGGEST)]
"""A trick's number, as the notation writes it: unsigned."""


class _Node(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """A node of a record: immutable, its defaults left out when written, and a key the format
    does not have refused rather than silently dropped (a misspelt ``incomplete`` must not turn
    a partial record into a complete one)."""


class JsonComment(_Node, frozen=True):
    """A ``; line`` or ``{brace}`` comment, with its delimiters; ``place`` is where it stands
    relative to its node, ``index`` the card it follows inside a run (-1: before the first)."""

    text: Annotated[str, msgspec.Meta(pattern=r"^(;([^\n\x00]*[^\n\r\x00])?|\{[^}\x00]*\})" + _END)]
    place: Literal["before", "after", "end"] = "after"
    index: int | None = None


Comments = list[JsonComment]


class JsonTag(_Node, frozen=True):
    name: Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z][A-Za-z0-9_]*" + _END)]
    value: Text
    comments: Comments = []


# ------------------------------------------------------------------ sections


class _Section(_Node, tag_field="section", frozen=True):
    comments: Comments = []


class JsonDealer(_Section, tag="dealer", frozen=True):
    player: Name = ""
    player_ack: bool = False


class JsonCardSection(_Section, frozen=True):
    cards: list[CardWord] = []


class JsonUndealt(JsonCardSection, tag="undealt", frozen=True):
    pass


class JsonStock(JsonCardSection, tag="stock", frozen=True):
    pass


class JsonDiscards(JsonCardSection, tag="discards", frozen=True):
    pass


class JsonHandEntry(_Node, frozen=True):
    player: Name
    cards: list[CardWord] = []
    comments: Comments = []


class _HandSection(_Section, frozen=True):
    entries: list[JsonHandEntry] = []
    incomplete: bool = False


class JsonHands(_HandSection, tag="hands", frozen=True):
    pass


class JsonPublic(_HandSection, tag="public", frozen=True):
    pass


class JsonClaims(_HandSection, tag="claims", frozen=True):
    pass


class JsonSecret(_HandSection, tag="secret", frozen=True):
    pass


class JsonBidEntry(_Node, frozen=True):
    """A bid: ``cards`` (minus cards signed ``-``) or a plain ``number``; ``restated`` is the
    value written after ``=``."""

    player: Name
    cards: list[CardWord] | None = None
    number: Number | None = None
    number_ack: bool = False
    restated: Number | None = None
    restated_ack: bool = False
    comments: Comments = []


class JsonBids(_Section, tag="bids", frozen=True):
    entries: list[JsonBidEntry] = []
    incomplete: bool = False


class JsonContract(_Section, tag="contract", frozen=True):
    winner: Name = ""
    winner_ack: bool = False
    trump: Literal["S", "H", "D", "C", "NT"] | None = None
    trump_ack: bool = False
    mode: Literal["atas", "bawah", "high", "low"] | None = None
    mode_ack: bool = False
    adjust: Number | None = None
    adjust_ack: bool = False


class JsonTrick(_Node, frozen=True):
    """A numbered trick: in the leader form ``players`` is empty and the cards follow the
    leader clockwise; in the per-card form each card has its player (the first is the leader).
    ``winner`` is the winner as the record restates it."""

    number: Count
    leader: Name
    cards: list[CardWord] = []
    players: list[Name] = []
    winner: Name | None = None
    winner_ack: bool = False
    comments: Comments = []


class JsonPlay(_Section, tag="play", frozen=True):
    tricks: list[JsonTrick] = []
    incomplete: bool = False


class JsonFigure(_Node, frozen=True):
    """A figure for a player, or for a team (several players)."""

    side: Annotated[list[Name], msgspec.Meta(min_length=1)]
    value: Number
    ack: bool = False


class _FigureSection(_Section, frozen=True):
    entries: list[JsonFigure] = []
    incomplete: bool = False


class JsonTricks(_FigureSection, tag="tricks", frozen=True):
    pass


class JsonScore(_FigureSection, tag="score", frozen=True):
    pass


class JsonTotal(_FigureSection, tag="total", frozen=True):
    pass


class JsonHonours(_FigureSection, tag="honours", frozen=True):
    pass


class JsonPot(_FigureSection, tag="pot", frozen=True):
    pass


class JsonRuff(_Section, tag="ruff", frozen=True):
    """Who took the stock: ``declined``, or the cards discarded (null: not known)."""

    player: Name = ""
    discards: list[CardWord] | None = None
    declined: bool = False


class JsonVote(_Node, frozen=True):
    """A tally (``count`` votes for ``target``) or a slip (``voter`` sends ``target`` off; a
    blank slip, an abstention, has no ``target``)."""

    target: Name | None
    voter: Name | None = None
    count: Number | None = None
    ack: bool = False


class JsonVotes(_Section, tag="votes", frozen=True):
    entries: list[JsonVote] = []
    incomplete: bool = False


class JsonDecide(_Section, tag="decide", frozen=True):
    entries: list[JsonVote] = []
    incomplete: bool = False


class JsonOff(_Section, tag="off", frozen=True):
    player: Name = ""
    player_ack: bool = False


class JsonCut(_Section, tag="cut", frozen=True):
    """Each player and the card they cut, in order."""

    players: list[Name] = []
    cards: list[CardWord] = []


class JsonEarlyReveal(_Section, tag="early-reveal", frozen=True):
    player: Name = ""
    flags: list[Flag] = []


class JsonMisdeal(_Section, tag="misdeal", frozen=True):
    flags: list[Flag] = []


class JsonTromp(_Section, tag="tromp", frozen=True):
    """A TROMP! call; a pass has no ``phrase``."""

    player: Name = ""
    phrase: Text | None = ""


class JsonBribe(_Section, tag="bribe", frozen=True):
    player: Name = ""
    player_ack: bool = False


JsonSection = (
    JsonDealer
    | JsonUndealt
    | JsonHands
    | JsonPublic
    | JsonClaims
    | JsonSecret
    | JsonBids
    | JsonContract
    | JsonPlay
    | JsonTricks
    | JsonScore
    | JsonTotal
    | JsonHonours
    | JsonPot
    | JsonStock
    | JsonRuff
    | JsonVotes
    | JsonDecide
    | JsonOff
    | JsonDiscards
    | JsonCut
    | JsonEarlyReveal
    | JsonMisdeal
    | JsonTromp
    | JsonBribe
)


class JsonDeal(_Node, frozen=True):
    """A deal (``kind`` deal) or a Tromplemond round (``kind`` round), its sections in the
    order written."""

    number: Number
    kind: Literal["deal", "round"] = "deal"
    sections: list[JsonSection] = []
    comments: Comments = []


class JsonGame(_Node, frozen=True):
    """A game: its tags in order (``Ruleset`` and ``Players`` among them) and its deals."""

    tags: list[JsonTag] = []
    deals: list[JsonDeal] = []
    comments: Comments = []


class RecordDocument(_Node, frozen=True):
    """A file of game records in JSON: what ``trufspec convert --to json`` writes."""

    version: Literal[1]
    games: list[JsonGame]
