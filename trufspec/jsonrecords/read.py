"""JSON records read into the record model, judged by what the notation can say.

The schema (msgspec, while decoding) judges the shape of a document: which keys, which types,
which words.  It cannot say everything the notation's grammar says: that a bid has cards or a
number, that a vote is a tally, a slip or a blank slip, that a comment stands where the
notation can put one.  A record the notation cannot write is one the rest of trufspec was never
made for, so the reader judges each node by the grammar's rules before it builds it.  What
breaks one is a REC001 finding with the pointer of the place (and its line and column in the
file), as a syntax error of the notation is: the node is left out, and a deal that lost one is
not judged by the rules, as a deal with a syntax error is not.

The records read carry the spans of their values in the JSON text (:class:`.places.Layout`),
so that the findings of the check have a line and a column in the file, and the pointer of a
finding is found from its span (:func:`.pointers.locate`).  A document decoded without its
text (a request body already decoded) gives records without positions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from trufspec.cards import CARD_SPELLINGS, NT, Card, parse_card, parse_suit
from trufspec.diagnostics import Diagnostic
from trufspec.jsonrecords import model as m
from trufspec.jsonrecords.places import Layout
from trufspec.notation.parse import Parsed
from trufspec.notation.words import is_bare
from trufspec.records import (
    NO_SPAN,
    Atom,
    BidEntry,
    Bids,
    Bribe,
    Cards,
    Claims,
    Comment,
    Contract,
    Cut,
    Deal,
    Dealer,
    Decide,
    Discards,
    EarlyReveal,
    Figure,
    Game,
    HandEntry,
    Hands,
    Honours,
    Misdeal,
    Mode,
    Off,
    Place,
    Play,
    Pot,
    Public,
    Ruff,
    Score,
    Secret,
    Section,
    Span,
    Stock,
    Tag,
    Total,
    Trick,
    Tricks,
    Tromp,
    Undealt,
    Vote,
    Votes,
)
from trufspec.validator.wellformed import record_diagnostic

__all__ = ["read_document"]

_SPELLINGS = dict(CARD_SPELLINGS)
"""The card spellings as a plain dict, where a lookup is quicker than in the read-only view."""


class _Unsaid(Exception):
    """A node the notation cannot say: raised where the reader finds it, caught where the node
    is left out (a tag, a section, an entry, a comment); it never leaves this module."""

    def __init__(self, pointer: str, detail: str) -> None:
        super().__init__(detail)
        self.pointer = pointer
        self.detail = detail


def read_document(
    document: m.RecordDocument, text: str | None = None, path: str | None = None
) -> Parsed:
    """The games of a decoded JSON record document, judged: what the notation cannot say is a
    REC001 finding and is left out.  With the ``text`` the document was decoded from, the
    records and the findings have their places in it."""
    reader = _Reader(None if text is None else Layout(text), path)
    games = reader.games(document)
    return Parsed(games, tuple(reader.findings), frozenset(reader.damaged))


class _Reader:
    def __init__(self, layout: Layout | None, path: str | None) -> None:
        self.layout = layout
        self.path = path
        self.findings: list[Diagnostic] = []
        self.damaged: set[tuple[int, int]] = set()

    # ------------------------------------------------------------------ places and findings

    def span(self, pointer: str) -> Span:
        """The span of the value at ``pointer``; for a key left out (its default taken), an
        empty span at the start of the object that leaves it out."""
        if self.layout is None:
            return NO_SPAN
        place = self.layout.place(pointer)
        if place is not None:
            return self.layout.between(*place)
        span = self.layout.span(pointer)
        return Span(span.line, span.column, span.line, span.column)

    def unsaid(self, error: _Unsaid) -> None:
        detail = f"the notation cannot say this: {error.detail}"
        finding = record_diagnostic("REC001", self.span(error.pointer), self.path, detail=detail)
        self.findings.append(attrs.evolve(finding, pointer=error.pointer))

    def atom(self, value: Any, pointer: str, ack: bool = False) -> Atom[Any]:
        return Atom(value, self.span(pointer), ack)

    def cards(
        self, words: Sequence[str], pointer: str, signed: bool = False
    ) -> tuple[Cards, frozenset[int]]:
        """A run of cards; only a bid's cards (``signed``) may be minus cards."""
        source = () if self.layout is None else self.layout.strings(pointer)
        try:
            # The usual run: plain cards, each a key of the spellings, looked up in one go.
            return Cards(tuple(map(_SPELLINGS.__getitem__, words)), source), frozenset()
        except KeyError:
            pass
        cards: list[Card] = []
        acks: set[int] = set()
        minus: set[int] = set()
        for i, word in enumerate(words):
            if word.endswith("!"):
                acks.add(i)
            if word.startswith("-"):
                if not signed:
                    raise _Unsaid(f"{pointer}/{i}", "only a bid's cards are signed minus")
                minus.add(i)
            cards.append(parse_card(word.lstrip("-").rstrip("!")))
        return Cards(tuple(cards), source, frozenset(acks)), frozenset(minus)

    def run(self, words: Sequence[str], pointer: str, least: int = 0) -> Cards:
        if len(words) < least:
            raise _Unsaid(pointer, "this section names at least one card")
        return self.cards(words, pointer)[0]

    def comments(
        self,
        comments: Sequence[m.JsonComment],
        pointer: str,
        places: frozenset[Place] = frozenset({Place.BEFORE, Place.AFTER}),
        run: int | None = None,
    ) -> tuple[Comment, ...]:
        """The comments of a node, each where the notation can put it: in ``places``; among
        the cards only for a node that prints a ``run`` of that many cards, a brace comment
        after a card but the last (one after the last stands after the node); in the order
        they stand in the text, and a line comment last on its line.  A comment that breaks
        this is a finding, and left out."""
        kept: list[Comment] = []
        for i, c in enumerate(comments):
            at = f"{pointer}/{i}"
            try:
                kept.append(self.comment(c, at, places, run, kept))
            except _Unsaid as error:
                self.unsaid(error)
        return tuple(kept)

    def comment(
        self,
        c: m.JsonComment,
        pointer: str,
        places: frozenset[Place],
        run: int | None,
        before: Sequence[Comment],
    ) -> Comment:
        place = Place(c.place)
        line = c.text.startswith(";")
        if place not in places:
            raise _Unsaid(f"{pointer}/place", f"no comment stands {place.value} this node")
        if c.index is not None:
            if place is not Place.AFTER or run is None or not -1 <= c.index <= run - 2:
                raise _Unsaid(
                    f"{pointer}/index", "a comment among cards stands after a card but the last"
                )
            if line:
                raise _Unsaid(f"{pointer}/text", "a comment among cards is a {brace} comment")
        rank = _rank(place, c.index)
        if before and _rank(before[-1].place, before[-1].index) > rank:
            raise _Unsaid(pointer, "the comments are not in the order they stand in")
        last = before[-1] if before else None
        if last is not None and last.place is Place.AFTER and last.is_line and place is Place.AFTER:
            raise _Unsaid(pointer, "a ; comment runs to the end of its line")
        return Comment(c.text, place, c.index, span=self.span(pointer))

    # ------------------------------------------------------------------ games and deals

    def games(self, document: m.RecordDocument) -> tuple[Game, ...]:
        games: list[Game] = []
        last = len(document.games) - 1
        for g, game in enumerate(document.games):
            try:
                games.append(
                    self.game(game, f"/games/{g}", len(games), first=not games, last=g == last)
                )
            except _Unsaid as error:
                self.unsaid(error)
        return tuple(games)

    def game(self, game: m.JsonGame, pointer: str, number: int, first: bool, last: bool) -> Game:
        if not game.tags and not first:
            raise _Unsaid(
                f"{pointer}/tags",
                "a game after the first starts with its tags; its deals would be the game's before",
            )
        if not game.tags and not game.deals:
            raise _Unsaid(pointer, "a game has tags or deals")
        if not game.deals and not last:
            raise _Unsaid(
                f"{pointer}/deals",
                "a game followed by another has deals; its tags would be the next game's",
            )
        tags = []
        for t, tag in enumerate(game.tags):
            at = f"{pointer}/tags/{t}"
            comments = self.comments(tag.comments, f"{at}/comments")
            tags.append(Tag(tag.name, tag.value, span=self.span(at), comments=comments))
        deals = tuple(
            self.deal(d, f"{pointer}/deals/{n}", (number, n)) for n, d in enumerate(game.deals)
        )
        ends = frozenset({Place.END}) if game.tags else frozenset[Place]()
        comments = self.comments(game.comments, f"{pointer}/comments", ends)
        return Game(tuple(tags), deals, span=self.span(pointer), comments=comments)

    def deal(self, deal: m.JsonDeal, pointer: str, place: tuple[int, int]) -> Deal:
        sections = []
        for s, section in enumerate(deal.sections):
            try:
                sections.append(self.section(section, f"{pointer}/sections/{s}", place))
            except _Unsaid as error:
                self.unsaid(error)
                self.damaged.add(place)
        comments = self.comments(
            deal.comments, f"{pointer}/comments", frozenset({Place.BEFORE, Place.AFTER, Place.END})
        )
        return Deal(
            deal.kind,
            self.atom(deal.number, f"{pointer}/number"),
            tuple(sections),
            span=self.span(pointer),
            comments=comments,
        )

    def section(self, section: m.JsonSection, pointer: str, place: tuple[int, int]) -> Section:
        built, run = _READERS[type(section)](self, section, pointer, place)
        comments = self.comments(section.comments, f"{pointer}/comments", run=run)
        return attrs.evolve(built, span=self.span(pointer), comments=comments)

    def entries(
        self,
        items: Sequence[Any],
        pointer: str,
        place: tuple[int, int],
        read: Callable[[Any, str], Any],
    ) -> tuple[Any, ...]:
        """The entries of a section, each read by ``read``; one the notation cannot say is a
        finding and left out, and its deal is not judged."""
        found = []
        for i, item in enumerate(items):
            try:
                found.append(read(item, f"{pointer}/{i}"))
            except _Unsaid as error:
                self.unsaid(error)
                self.damaged.add(place)
        return tuple(found)

    # ------------------------------------------------------------------ entries

    def hand(self, e: m.JsonHandEntry, at: str) -> HandEntry:
        cards = self.run(e.cards, f"{at}/cards")
        comments = self.comments(e.comments, f"{at}/comments", run=len(cards))
        return HandEntry(
            self.atom(e.player, f"{at}/player"), cards, span=self.span(at), comments=comments
        )

    def bid(self, e: m.JsonBidEntry, at: str) -> BidEntry:
        if (e.cards is None) == (e.number is None):
            raise _Unsaid(at, "a bid is its cards or a number, one of the two")
        if e.cards is not None and not e.cards:
            raise _Unsaid(f"{at}/cards", "a bid of cards names at least one")
        _marked_only_with(
            at, ("number", e.number, e.number_ack), ("restated", e.restated, e.restated_ack)
        )
        cards, minus = (None, frozenset[int]())
        if e.cards is not None:
            cards, minus = self.cards(e.cards, f"{at}/cards", signed=True)
        return BidEntry(
            self.atom(e.player, f"{at}/player"),
            cards,
            minus,
            None if e.number is None else self.atom(e.number, f"{at}/number", e.number_ack),
            None if e.restated is None else self.atom(e.restated, f"{at}/restated", e.restated_ack),
            span=self.span(at),
            comments=self.comments(
                e.comments, f"{at}/comments", run=None if cards is None else len(cards)
            ),
        )

    def trick(self, t: m.JsonTrick, at: str) -> Trick:
        _marked_only_with(at, ("winner", t.winner, t.winner_ack))
        if t.players and len(t.players) > len(t.cards):
            raise _Unsaid(f"{at}/players", "each player named in a trick plays a card")
        if t.players and t.players[0] != t.leader:
            raise _Unsaid(f"{at}/leader", "the first player named in a trick leads it")
        cards = self.run(t.cards, f"{at}/cards")
        if t.players:
            self.one_card_each(t.players, t.cards, at)
        return Trick(
            self.atom(t.number, f"{at}/number"),
            self.atom(t.leader, f"{at}/leader"),
            cards,
            tuple(self.atom(p, f"{at}/players/{i}") for i, p in enumerate(t.players)),
            None if t.winner is None else self.atom(t.winner, f"{at}/winner", t.winner_ack),
            span=self.span(at),
            comments=self.comments(t.comments, f"{at}/comments", run=len(cards)),
        )

    def figure(self, f: m.JsonFigure, at: str) -> Figure:
        return Figure(tuple(f.side), f.value, f.ack, span=self.span(at))

    def vote(self, v: m.JsonVote, at: str) -> Vote:
        if v.target is None and v.voter is None:
            raise _Unsaid(at, "a vote names its target, or its voter for a blank slip")
        if v.voter is None and v.count is None:
            raise _Unsaid(at, "a tally gives its count")
        if v.voter is not None and v.count is not None:
            raise _Unsaid(at, "a vote is a tally (a count) or a slip (a voter), not both")
        if v.target is None and v.ack:
            raise _Unsaid(f"{at}/ack", "a blank slip takes no mark")
        return Vote(
            None if v.target is None else self.atom(v.target, f"{at}/target"),
            None if v.voter is None else self.atom(v.voter, f"{at}/voter"),
            v.count,
            v.ack,
            span=self.span(at),
        )

    def one_card_each(self, players: Sequence[str], cards: Sequence[str], pointer: str) -> None:
        """Where each card has its player, more cards than players are read as the notation
        reads the record printed: the cards left over follow the last player (REC012)."""
        if len(cards) > len(players):
            at = f"{pointer}/cards/{len(players) - 1}"
            count = len(cards) - len(players) + 1
            finding = record_diagnostic(
                "REC012", self.span(at), self.path, player=players[-1], count=count
            )
            self.findings.append(attrs.evolve(finding, pointer=at))

    def flags(self, flags: Sequence[str], pointer: str) -> tuple[str, ...]:
        for i, flag in enumerate(flags):
            if not is_bare(flag):
                raise _Unsaid(
                    f"{pointer}/{i}", "a flag is a word that is neither a keyword nor a card"
                )
        return tuple(flags)


def _rank(place: Place, index: int | None) -> tuple[int, int]:
    """The order of comments in the text: before the node, among its cards by card, after it,
    at the end."""
    if place is Place.BEFORE:
        return (0, 0)
    if place is Place.END:
        return (3, 0)
    return (1, index) if index is not None else (2, 0)


def _marked_only_with(at: str, *values: tuple[str, object, bool]) -> None:
    """A ``!`` mark (``<name>_ack``) marks a value that is there."""
    for name, value, ack in values:
        if ack and value is None:
            raise _Unsaid(f"{at}/{name}_ack", f"the mark is on a {name} the record does not give")


# ------------------------------------------------------------------ sections

Read = tuple[Section, int | None]
"""A section read, without its span and comments, and how many cards it prints in a run
among which a comment may stand (None: it prints none)."""


def _player(cls: Callable[[Atom[str]], Section]) -> Callable[[_Reader, Any, str, Any], Read]:
    def read(r: _Reader, s: Any, at: str, place: Any) -> Read:
        return cls(r.atom(s.player, f"{at}/player", s.player_ack)), None

    return read


def _card_section(cls: Callable[[Cards], Section]) -> Callable[[_Reader, Any, str, Any], Read]:
    def read(r: _Reader, s: Any, at: str, place: Any) -> Read:
        cards = r.run(s.cards, f"{at}/cards", least=1)
        return cls(cards), len(cards)

    return read


def _hands(cls: type[Hands]) -> Callable[[_Reader, Any, str, Any], Read]:
    def read(r: _Reader, s: Any, at: str, place: tuple[int, int]) -> Read:
        return cls(r.entries(s.entries, f"{at}/entries", place, r.hand), s.incomplete), None

    return read


def _figures(cls: type[Tricks]) -> Callable[[_Reader, Any, str, Any], Read]:
    def read(r: _Reader, s: Any, at: str, place: tuple[int, int]) -> Read:
        return cls(r.entries(s.entries, f"{at}/entries", place, r.figure), s.incomplete), None

    return read


def _votes(cls: type[Votes]) -> Callable[[_Reader, Any, str, Any], Read]:
    def read(r: _Reader, s: Any, at: str, place: tuple[int, int]) -> Read:
        return cls(r.entries(s.entries, f"{at}/entries", place, r.vote), s.incomplete), None

    return read


def _bids(r: _Reader, s: m.JsonBids, at: str, place: tuple[int, int]) -> Read:
    return Bids(r.entries(s.entries, f"{at}/entries", place, r.bid), s.incomplete), None


def _play(r: _Reader, s: m.JsonPlay, at: str, place: tuple[int, int]) -> Read:
    return Play(r.entries(s.tricks, f"{at}/tricks", place, r.trick), s.incomplete), None


def _contract(r: _Reader, s: m.JsonContract, at: str, place: Any) -> Read:
    _marked_only_with(
        at,
        ("trump", s.trump, s.trump_ack),
        ("mode", s.mode, s.mode_ack),
        ("adjust", s.adjust, s.adjust_ack),
    )
    trump = None
    if s.trump is not None:
        value = NT if s.trump == "NT" else parse_suit(s.trump)
        trump = r.atom(value, f"{at}/trump", s.trump_ack)
    return Contract(
        r.atom(s.winner, f"{at}/winner", s.winner_ack),
        trump,
        None if s.mode is None else r.atom(Mode(s.mode), f"{at}/mode", s.mode_ack),
        None if s.adjust is None else r.atom(s.adjust, f"{at}/adjust", s.adjust_ack),
    ), None


def _ruff(r: _Reader, s: m.JsonRuff, at: str, place: Any) -> Read:
    if s.declined and s.discards is not None:
        raise _Unsaid(f"{at}/discards", "a player who declines the stock discards nothing")
    discards = None if s.discards is None else r.run(s.discards, f"{at}/discards", least=1)
    player = r.atom(s.player, f"{at}/player")
    return Ruff(player, discards, s.declined), None if discards is None else len(discards)


def _cut(r: _Reader, s: m.JsonCut, at: str, place: Any) -> Read:
    if not s.players or len(s.players) > len(s.cards):
        raise _Unsaid(f"{at}/players", "a cut names at least one player, each with a card")
    cards = r.run(s.cards, f"{at}/cards")
    r.one_card_each(s.players, s.cards, at)
    players = tuple(r.atom(p, f"{at}/players/{i}") for i, p in enumerate(s.players))
    return Cut(players, cards), len(cards)


def _early_reveal(r: _Reader, s: m.JsonEarlyReveal, at: str, place: Any) -> Read:
    return EarlyReveal(r.atom(s.player, f"{at}/player"), r.flags(s.flags, f"{at}/flags")), None


def _misdeal(r: _Reader, s: m.JsonMisdeal, at: str, place: Any) -> Read:
    return Misdeal(r.flags(s.flags, f"{at}/flags")), None


def _tromp(r: _Reader, s: m.JsonTromp, at: str, place: Any) -> Read:
    return Tromp(r.atom(s.player, f"{at}/player"), s.phrase), None


_READERS: dict[type, Callable[[_Reader, Any, str, Any], Read]] = {
    m.JsonDealer: _player(Dealer),
    m.JsonUndealt: _card_section(Undealt),
    m.JsonStock: _card_section(Stock),
    m.JsonDiscards: _card_section(Discards),
    m.JsonHands: _hands(Hands),
    m.JsonPublic: _hands(Public),
    m.JsonClaims: _hands(Claims),
    m.JsonSecret: _hands(Secret),
    m.JsonBids: _bids,
    m.JsonContract: _contract,
    m.JsonPlay: _play,
    m.JsonTricks: _figures(Tricks),
    m.JsonScore: _figures(Score),
    m.JsonTotal: _figures(Total),
    m.JsonHonours: _figures(Honours),
    m.JsonPot: _figures(Pot),
    m.JsonRuff: _ruff,
    m.JsonVotes: _votes(Votes),
    m.JsonDecide: _votes(Decide),
    m.JsonOff: _player(Off),
    m.JsonCut: _cut,
    m.JsonEarlyReveal: _early_reveal,
    m.JsonMisdeal: _misdeal,
    m.JsonTromp: _tromp,
    m.JsonBribe: _player(Bribe),
}
