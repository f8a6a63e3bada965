"""The record model: what a game record says, as immutable typed values.

A file holds :class:`Game` objects; a game has its tags and its deals (a Tromplemond round is a
:class:`Deal` of kind ``round``); a deal is the ordered sequence of the sections written for
it.  Sections keep the order of the text because order carries meaning (a re-vote follows a
tie) and because printing must give back what was written.

Every node carries a :class:`Span` and the comments that belong to it.  Spans and comments
positions are excluded from equality: two records are equal when they *mean* the same, which
is what the formatter checks after reprinting a file.

Cards are shared values (:mod:`trufspec.cards`); a :class:`Cards` run keeps where each card of
the run stands, so that a diagnostic can point at one card without a node per card.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, Generic, NamedTuple, TypeVar, cast, overload

import attrs
from attrs import field, frozen

from trufspec.cards import Card, Trump

__all__ = [
    "Span",
    "NO_SPAN",
    "Place",
    "Comment",
    "Atom",
    "Cards",
    "Mode",
    "Tag",
    "Dealer",
    "Undealt",
    "HandEntry",
    "Hands",
    "Public",
    "Claims",
    "Secret",
    "BidEntry",
    "Bids",
    "Contract",
    "Trick",
    "Play",
    "Figure",
    "Tricks",
    "Score",
    "Total",
    "Honours",
    "Pot",
    "Stock",
    "Ruff",
    "Vote",
    "Votes",
    "Decide",
    "Off",
    "Discards",
    "Cut",
    "EarlyReveal",
    "Misdeal",
    "Tromp",
    "Bribe",
    "Section",
    "Deal",
    "Game",
    "replace",
    "without_comments",
    "comment_texts",
    "comment_texts_with_lines",
    "cards_in",
]

T = TypeVar("T")
N = TypeVar("N", bound=attrs.AttrsInstance)
"""A record node: an attrs class, which :func:`replace` copies with changes."""


class Span(NamedTuple):
    """Where a node stands in its file: 1-based line and column, the end one past the last
    character (the convention of Lark's tokens).

    A named tuple, not an attrs class like the records: a fully recorded deal has over a
    hundred spans, and a tuple is made ten times faster than a frozen attrs instance, which
    is a fifth of the time it takes to read a record.  It is as immutable, and compares by
    value the same way.
    """

    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


NO_SPAN = Span(0, 0, 0, 0)
"""The span of a node built in code rather than read from text."""


class Place(enum.Enum):
    """Where a comment stands relative to the node that owns it."""

    BEFORE = "before"
    """On lines of its own, before the node."""
    AFTER = "after"
    """After the node, on the node's (first) line; with an ``index``, after that card."""
    END = "end"
    """On lines of its own, after the last part of a deal or a block of tags."""


@frozen
class Comment:
    """A ``; line`` or ``{brace}`` comment, kept verbatim with its delimiters.

    ``index`` places a brace comment inside a run of cards: after the card at that index.
    """

    text: str
    place: Place = Place.AFTER
    index: int | None = None
    span: Span = field(default=NO_SPAN, eq=False, repr=False)

    @property
    def is_line(self) -> bool:
        return self.text.startswith(";")

    @property
    def marks(self) -> tuple[str, ...]:
        """The codes of a ``;!`` test mark (``;! JB321 JB301``), empty for other comments."""
        if not self.text.startswith(";!"):
            return ()
        return tuple(self.text[2:].split())


@frozen
class Atom(Generic[T]):
    """A single value written in a record (a name, a number, a suit), with its position and
    whether it carries the acknowledgement mark ``!``."""

    value: T
    span: Span = field(default=NO_SPAN, eq=False, repr=False)
    ack: bool = False


@frozen
class Cards:
    """A run of cards as written, in order; behaves as a sequence of
    :class:`~trufspec.cards.Card`.

    ``acks`` holds the indices of the cards marked ``!``.  ``source`` keeps the text the cards
    were read from, as ``(line, column, text)`` pieces, and :meth:`span` finds a card's position
    in it when a diagnostic needs one: most cards are never pointed at, so none of them pays
    for a position up front.
    """

    cards: tuple[Card, ...]
    source: tuple[tuple[int, int, str], ...] = field(default=(), eq=False, repr=False)
    acks: frozenset[int] = frozenset()

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...

    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return self.cards[index]

    def span(self, index: int) -> Span:
        """The span of the card at ``index`` (``NO_SPAN`` for cards built in code)."""
        spans = _card_spans(self.source)
        return spans[index] if 0 <= index < len(spans) else NO_SPAN

    def acknowledged(self, index: int) -> bool:
        return index in self.acks


_WORD = re.compile(r"\S+")


@lru_cache(maxsize=16)
def _card_spans(source: tuple[tuple[int, int, str], ...]) -> tuple[Span, ...]:
    """The span of every card of a run, found once for all the diagnostics that point into it:
    a run of thousands of repeated cards gets a diagnostic for each, and finding each span
    afresh would take time growing with the square of the run."""
    return tuple(
        Span(line, column + match.start(), line, column + match.end())
        for line, column, text in source
        for match in _WORD.finditer(text)
    )


class Mode(enum.Enum):
    """The scoring mode of a Truf deal as the record words it."""

    ATAS = "atas"
    BAWAH = "bawah"
    HIGH = "high"
    LOW = "low"

    @property
    def is_high(self) -> bool:
        """Main Atas and the high game are the same mode under two names."""
        return self in (Mode.ATAS, Mode.HIGH)


_span = field(default=NO_SPAN, eq=False, repr=False, kw_only=True)
_comments = field(default=(), kw_only=True, repr=False)


@frozen
class Tag:
    """A ``[Name "value"]`` pair; ``value`` is unescaped."""

    name: str
    value: str
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


# ------------------------------------------------------------------------ sections


@frozen
class Dealer:
    player: Atom[str]
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Undealt:
    """Cards left out of the deal (the 52nd card of a three-player truf-jb deal)."""

    cards: Cards
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class HandEntry:
    """One player's cards: in ``hands``, ``public``, ``claims`` or ``secret``."""

    player: Atom[str]
    cards: Cards
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Hands:
    """The hands as dealt; ``incomplete`` (a ``*`` at the end) says the record leaves the rest
    of the section out."""

    entries: tuple[HandEntry, ...]
    incomplete: bool = False
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Public(Hands):
    """Tromplemond: the cards each player shows face up."""


@frozen
class Claims(Hands):
    """Tromplemond: the secret cards each player says they hold (true or not)."""


@frozen
class Secret(Hands):
    """Tromplemond: the secret cards revealed after the vote."""


@frozen
class BidEntry:
    """One player's bid: signed cards (``minus`` holds the indices of minus cards) or a plain
    number, and optionally the value restated after ``=``."""

    player: Atom[str]
    cards: Cards | None = None
    minus: frozenset[int] = frozenset()
    number: Atom[int] | None = None
    restated: Atom[int] | None = None
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Bids:
    entries: tuple[BidEntry, ...]
    incomplete: bool = False
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Contract:
    """The bid winner and, restated, the trump (or NT), the mode and the adjustment."""

    winner: Atom[str]
    trump: Atom[Trump] | None = None
    mode: Atom[Mode] | None = None
    adjust: Atom[int] | None = None
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Trick:
    """A numbered trick.  In the leader form ``players`` is empty and the cards follow the
    leader clockwise; in the per-card form each card has its player.  ``winner`` is the winner
    as the record restates it (``= Citra``)."""

    number: Atom[int]
    leader: Atom[str]
    cards: Cards
    players: tuple[Atom[str], ...] = ()
    winner: Atom[str] | None = None
    span: Span = _span
    comments: tuple[Comment, ...] = _comments

    @property
    def by_player(self) -> bool:
        """True for the per-card form (``1. Dewi 2C Ana 4C``)."""
        return bool(self.players)


@frozen
class Play:
    tricks: tuple[Trick, ...]
    incomplete: bool = False
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Figure:
    """A figure for a player or a team (``Ana -6``, ``Ana+Citra 3``)."""

    side: tuple[str, ...]
    value: int
    ack: bool = False
    span: Span = _span

    @property
    def side_name(self) -> str:
        return "+".join(self.side)


@frozen
class Tricks:
    """Tricks taken, per player or team."""

    entries: tuple[Figure, ...]
    incomplete: bool = False
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Score(Tricks):
    """The deal's score, per player or team."""


@frozen
class Total(Tricks):
    """The running total after the deal."""


@frozen
class Honours(Tricks):
    """Ruff and Honours: honours held, per team."""


@frozen
class Pot(Tricks):
    """Tromplemond: what each player won from the TROMP! pot this round."""


@frozen
class Stock:
    """Ruff and Honours: the four stock cards, the turned-up card first."""

    cards: Cards
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Ruff:
    """Ruff and Honours: who took the stock and what they discarded (``None``: not known)."""

    player: Atom[str]
    discards: Cards | None = None
    declined: bool = False
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Vote:
    """A tally (``Emily 2``: ``voter`` is None) or a slip (``Rob>Emily``: count is None).

    A blank slip (``Rob>-``: ``target`` is None) is a voter's abstention, written as it is
    handed in so that a record cut inside the vote still holds it."""

    target: Atom[str] | None
    voter: Atom[str] | None = None
    count: int | None = None
    ack: bool = False
    span: Span = _span


@frozen
class Votes:
    entries: tuple[Vote, ...]
    incomplete: bool = False
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Decide(Votes):
    """Tromplemond: the private choice of the two players outside a two-way tie."""


@frozen
class Off:
    """Tromplemond: the player voted off."""

    player: Atom[str]
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Discards:
    """Tromplemond: the six cards set aside for the round."""

    cards: Cards
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Cut:
    """A card cut to settle a tie: each player and the card they cut."""

    players: tuple[Atom[str], ...]
    cards: Cards
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class EarlyReveal:
    """Tromplemond: a player showed secret cards before the vote (flags such as
    ``intentional`` or ``void`` qualify it)."""

    player: Atom[str]
    flags: tuple[str, ...] = ()
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Misdeal:
    """A dealer's error (flags such as ``waived`` qualify it)."""

    flags: tuple[str, ...] = ()
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Tromp:
    """Tromplemond: a TROMP! call, with the phrase as shouted, or a pass (``tromp Nick pass``:
    ``phrase`` is None), written as it is made so that a record cut among the calls holds it."""

    player: Atom[str]
    phrase: str | None
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


@frozen
class Bribe:
    """Tromplemond: a player offered a bribe (``!`` when the table let them play on)."""

    player: Atom[str]
    span: Span = _span
    comments: tuple[Comment, ...] = _comments


Section = (
    Dealer
    | Undealt
    | Hands
    | Bids
    | Contract
    | Play
    | Tricks
    | Stock
    | Ruff
    | Votes
    | Off
    | Discards
    | Cut
    | EarlyReveal
    | Misdeal
    | Tromp
    | Bribe
)

S = TypeVar("S")


@frozen
class Deal:
    """One deal (or Tromplemond round): its number and its sections in the order written."""

    kind: str
    number: Atom[int]
    sections: tuple[Section, ...] = ()
    span: Span = _span
    comments: tuple[Comment, ...] = _comments

    def find(self, kind: type[S]) -> S | None:
        """The first section of exactly this type (``deal.find(Bids)``), or None."""
        for section in self.sections:
            if type(section) is kind:
                return cast(S, section)
        return None

    def find_all(self, kind: type[S]) -> list[S]:
        """Every section of exactly this type, in order (votes may be held twice)."""
        return [cast(S, s) for s in self.sections if type(s) is kind]


@frozen
class Game:
    """A game: its tags (in order, unknown ones included) and its deals."""

    tags: tuple[Tag, ...]
    deals: tuple[Deal, ...] = ()
    span: Span = _span
    comments: tuple[Comment, ...] = _comments

    def tag(self, name: str) -> str | None:
        """The value of the first tag of that name, or None."""
        for tag in self.tags:
            if tag.name == name:
                return tag.value
        return None

    @property
    def players(self) -> tuple[str, ...]:
        """The seating from the ``Players`` tag, clockwise; empty when the tag is missing."""
        return tuple((self.tag("Players") or "").split())

    @property
    def ruleset(self) -> str | None:
        return self.tag("Ruleset")


def replace(node: N, **changes: object) -> N:
    """A copy of a record node with some fields changed (records are immutable)."""
    # mypy's attrs plugin accepts only a concrete class here, not a type variable bound to one.
    return attrs.evolve(node, **changes)  # type: ignore[misc]


def without_comments(value: T) -> T:
    """The same record with every comment removed: what it records, and nothing else."""
    if isinstance(value, tuple):
        return cast(T, tuple(without_comments(v) for v in value))
    kind = type(value)
    if not attrs.has(kind) or isinstance(value, (Span, Card)):
        return value
    changes: dict[str, Any] = {}
    for attribute in attrs.fields(kind):
        current = getattr(value, attribute.name)
        if attribute.name == "comments":
            if current:
                changes["comments"] = ()
        elif isinstance(current, tuple) or attrs.has(type(current)):
            stripped = without_comments(current)
            if stripped is not current:
                changes[attribute.name] = stripped
    if not changes:
        return value
    # attrs.has() proved value an attrs instance, which mypy's attrs plugin cannot see.
    return attrs.evolve(value, **changes)  # type: ignore[misc]


def comment_texts(value: object) -> list[str]:
    """Every comment of a record, in the order it stands in the text."""
    return [text for _, text in comment_texts_with_lines(value)]


def comment_texts_with_lines(value: object) -> list[tuple[int, str]]:
    """Every comment of a record with the line it stands on, in the order of the text."""
    found: list[Comment] = []

    def collect(node: object) -> None:
        if isinstance(node, tuple):
            for item in node:
                collect(item)
        elif isinstance(node, Comment):
            found.append(node)
        elif attrs.has(kind := type(node)) and not isinstance(node, (Span, Card, Cards)):
            for attribute in attrs.fields(kind):
                collect(getattr(node, attribute.name))

    collect(value)
    found.sort(key=lambda c: (c.span.line, c.span.column))
    return [(c.span.line, c.text) for c in found]


def cards_in(value: object) -> Iterator[Card]:
    """Every card a record value holds, at any depth: what that part of a record shows its
    reader (the bots and the environments' worlds deal anew only the cards a player's view of a
    deal does not show)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, Cards):
        yield from value.cards
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
    elif attrs.has(kind := type(value)):
        for attribute in attrs.fields(kind):
            yield from cards_in(getattr(value, attribute.name))
