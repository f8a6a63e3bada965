"""Records to JSON and back: the record model (:mod:`trufspec.records`) and the JSON types
(:mod:`.model`) node for node.

Writing is exact: a record read from notation, written as JSON and read back prints as the
same canonical text, comments included.  Reading trusts the schema for the shape of the data
(msgspec checks it while decoding) and builds the record model, positions left empty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec

from trufspec.cards import NT, Card, NoTrump, parse_card, parse_suit
from trufspec.jsonrecords import model as m
from trufspec.records import (
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
    Stock,
    Tag,
    Total,
    Trick,
    Tricks,
    Tromp,
    Undealt,
    Vote,
    Votes,
    replace,
)

__all__ = ["decode", "encode", "from_document", "games_to_json", "to_document"]

_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(m.RecordDocument)


def encode(document: m.RecordDocument) -> bytes:
    """The document as indented JSON, UTF-8 kept as is, ending in a newline."""
    return msgspec.json.format(_ENCODER.encode(document), indent=2) + b"\n"


def decode(data: bytes | str) -> m.RecordDocument:
    """The document of JSON text; ``msgspec.ValidationError`` (or ``DecodeError`` for text
    that is not JSON) when it does not follow the schema."""
    return _DECODER.decode(data)


def games_to_json(games: Iterable[Game]) -> bytes:
    """Games as a JSON record document."""
    return encode(to_document(games))


# ------------------------------------------------------------------ records -> JSON


def to_document(games: Iterable[Game]) -> m.RecordDocument:
    return m.RecordDocument(version=1, games=[_game(g) for g in games])


def _comments(comments: Sequence[Comment]) -> list[m.JsonComment]:
    return [m.JsonComment(c.text, c.place.value, c.index) for c in comments]


def _cards(run: Cards, minus: frozenset[int] = frozenset()) -> list[str]:
    return [
        ("-" if i in minus else "") + str(card) + ("!" if i in run.acks else "")
        for i, card in enumerate(run)
    ]


def _game(game: Game) -> m.JsonGame:
    return m.JsonGame(
        tags=[m.JsonTag(t.name, t.value, _comments(t.comments)) for t in game.tags],
        deals=[_deal(d) for d in game.deals],
        comments=_comments(game.comments),
    )


def _deal(deal: Deal) -> m.JsonDeal:
    return m.JsonDeal(
        number=deal.number.value,
        # A plain literal: the parser's kind is a lark token, a str subclass that msgspec would
        # not recognise as the default, and would write where a JSON-read deal's is left out.
        kind="round" if deal.kind == "round" else "deal",
        sections=[_section(s) for s in deal.sections],
        comments=_comments(deal.comments),
    )


def _hand_entries(section: Hands) -> dict[str, Any]:
    return {
        "entries": [
            m.JsonHandEntry(e.player.value, _cards(e.cards), _comments(e.comments))
            for e in section.entries
        ],
        "incomplete": section.incomplete,
    }


def _bid_entry(e: BidEntry) -> m.JsonBidEntry:
    return m.JsonBidEntry(
        player=e.player.value,
        cards=None if e.cards is None else _cards(e.cards, e.minus),
        number=None if e.number is None else e.number.value,
        number_ack=e.number is not None and e.number.ack,
        restated=None if e.restated is None else e.restated.value,
        restated_ack=e.restated is not None and e.restated.ack,
        comments=_comments(e.comments),
    )


def _trick(t: Trick) -> m.JsonTrick:
    return m.JsonTrick(
        number=t.number.value,
        leader=t.leader.value,
        cards=_cards(t.cards),
        players=[p.value for p in t.players],
        winner=None if t.winner is None else t.winner.value,
        winner_ack=t.winner is not None and t.winner.ack,
        comments=_comments(t.comments),
    )


def _figures(section: Tricks) -> dict[str, Any]:
    return {
        "entries": [m.JsonFigure(list(f.side), f.value, f.ack) for f in section.entries],
        "incomplete": section.incomplete,
    }


def _votes(section: Votes) -> dict[str, Any]:
    return {
        "entries": [
            m.JsonVote(
                None if v.target is None else v.target.value,
                None if v.voter is None else v.voter.value,
                v.count,
                v.ack,
            )
            for v in section.entries
        ],
        "incomplete": section.incomplete,
    }


def _contract(c: Contract) -> dict[str, Any]:
    trump = None
    if c.trump is not None:
        trump = "NT" if isinstance(c.trump.value, NoTrump) else c.trump.value.letter
    return {
        "winner": c.winner.value,
        "winner_ack": c.winner.ack,
        "trump": trump,
        "trump_ack": c.trump is not None and c.trump.ack,
        "mode": None if c.mode is None else c.mode.value.value,
        "mode_ack": c.mode is not None and c.mode.ack,
        "adjust": None if c.adjust is None else c.adjust.value,
        "adjust_ack": c.adjust is not None and c.adjust.ack,
    }


def _player(section: Any) -> dict[str, Any]:
    return {"player": section.player.value, "player_ack": section.player.ack}


_WRITERS: dict[type, tuple[type[m._Section], Callable[[Any], dict[str, Any]]]] = {
    Dealer: (m.JsonDealer, _player),
    Undealt: (m.JsonUndealt, lambda s: {"cards": _cards(s.cards)}),
    Stock: (m.JsonStock, lambda s: {"cards": _cards(s.cards)}),
    Discards: (m.JsonDiscards, lambda s: {"cards": _cards(s.cards)}),
    Hands: (m.JsonHands, _hand_entries),
    Public: (m.JsonPublic, _hand_entries),
    Claims: (m.JsonClaims, _hand_entries),
    Secret: (m.JsonSecret, _hand_entries),
    Bids: (
        m.JsonBids,
        lambda s: {"entries": [_bid_entry(e) for e in s.entries], "incomplete": s.incomplete},
    ),
    Contract: (m.JsonContract, _contract),
    Play: (
        m.JsonPlay,
        lambda s: {"tricks": [_trick(t) for t in s.tricks], "incomplete": s.incomplete},
    ),
    Tricks: (m.JsonTricks, _figures),
    Score: (m.JsonScore, _figures),
    Total: (m.JsonTotal, _figures),
    Honours: (m.JsonHonours, _figures),
    Pot: (m.JsonPot, _figures),
    Ruff: (
        m.JsonRuff,
        lambda s: {
            "player": s.player.value,
            "discards": None if s.discards is None else _cards(s.discards),
            "declined": s.declined,
        },
    ),
    Votes: (m.JsonVotes, _votes),
    Decide: (m.JsonDecide, _votes),
    Off: (m.JsonOff, _player),
    Cut: (
        m.JsonCut,
        lambda s: {"players": [p.value for p in s.players], "cards": _cards(s.cards)},
    ),
    EarlyReveal: (
        m.JsonEarlyReveal,
        lambda s: {"player": s.player.value, "flags": list(s.flags)},
    ),
    Misdeal: (m.JsonMisdeal, lambda s: {"flags": list(s.flags)}),
    Tromp: (m.JsonTromp, lambda s: {"player": s.player.value, "phrase": s.phrase}),
    Bribe: (m.JsonBribe, _player),
}


def _section(section: Section) -> m.JsonSection:
    kind, fields = _WRITERS[type(section)]
    return kind(comments=_comments(section.comments), **fields(section))  # type: ignore[return-value]


# ------------------------------------------------------------------ JSON -> records


def from_document(document: m.RecordDocument) -> tuple[Game, ...]:
    """The games of a JSON record document."""
    return tuple(_read_game(g) for g in document.games)


def _read_comments(comments: Sequence[m.JsonComment]) -> tuple[Comment, ...]:
    return tuple(Comment(c.text, Place(c.place), c.index) for c in comments)


def _read_cards(words: Sequence[str]) -> tuple[Cards, frozenset[int]]:
    cards: list[Card] = []
    acks: set[int] = set()
    minus: set[int] = set()
    for i, word in enumerate(words):
        if word.endswith("!"):
            acks.add(i)
        if word.startswith("-"):
            minus.add(i)
        cards.append(parse_card(word.lstrip("-").rstrip("!")))
    return Cards(tuple(cards), acks=frozenset(acks)), frozenset(minus)


def _run(words: Sequence[str]) -> Cards:
    return _read_cards(words)[0]


def _atom(value: Any, ack: bool = False) -> Atom[Any]:
    return Atom(value, ack=ack)


def _read_game(game: m.JsonGame) -> Game:
    return Game(
        tuple(Tag(t.name, t.value, comments=_read_comments(t.comments)) for t in game.tags),
        tuple(_read_deal(d) for d in game.deals),
        comments=_read_comments(game.comments),
    )


def _read_deal(deal: m.JsonDeal) -> Deal:
    return Deal(
        deal.kind,
        Atom(deal.number),
        tuple(_read_section(s) for s in deal.sections),
        comments=_read_comments(deal.comments),
    )


def _read_hands(cls: type[Hands]) -> Callable[[Any], Section]:
    def read(s: Any) -> Section:
        entries = tuple(
            HandEntry(_atom(e.player), _run(e.cards), comments=_read_comments(e.comments))
            for e in s.entries
        )
        return cls(entries, s.incomplete)

    return read


def _read_bid(e: m.JsonBidEntry) -> BidEntry:
    if e.cards is None and e.number is None:
        raise ValueError("a bid has its cards or its number")
    cards, minus = (None, frozenset[int]()) if e.cards is None else _read_cards(e.cards)
    return BidEntry(
        _atom(e.player),
        cards,
        minus,
        None if e.number is None else _atom(e.number, e.number_ack),
        None if e.restated is None else _atom(e.restated, e.restated_ack),
        comments=_read_comments(e.comments),
    )


def _read_trick(t: m.JsonTrick) -> Trick:
    return Trick(
        Atom(t.number),
        _atom(t.leader),
        _run(t.cards),
        tuple(_atom(p) for p in t.players),
        None if t.winner is None else _atom(t.winner, t.winner_ack),
        comments=_read_comments(t.comments),
    )


def _read_figures(cls: type[Tricks]) -> Callable[[Any], Section]:
    def read(s: Any) -> Section:
        entries = tuple(Figure(tuple(f.side), f.value, f.ack) for f in s.entries)
        return cls(entries, s.incomplete)

    return read


def _read_votes(cls: type[Votes]) -> Callable[[Any], Section]:
    def read(s: Any) -> Section:
        for v in s.entries:
            if v.voter is None and (v.target is None or v.count is None):
                raise ValueError("a tally has its target and count; a blank slip, its voter")
        entries = tuple(
            Vote(
                None if v.target is None else _atom(v.target),
                None if v.voter is None else _atom(v.voter),
                v.count,
                v.ack,
            )
            for v in s.entries
        )
        return cls(entries, s.incomplete)

    return read


def _read_contract(s: m.JsonContract) -> Section:
    trump = None
    if s.trump is not None:
        trump = _atom(NT if s.trump == "NT" else parse_suit(s.trump), s.trump_ack)
    return Contract(
        _atom(s.winner, s.winner_ack),
        trump,
        None if s.mode is None else _atom(Mode(s.mode), s.mode_ack),
        None if s.adjust is None else _atom(s.adjust, s.adjust_ack),
    )


_READERS: dict[type, Callable[[Any], Section]] = {
    m.JsonDealer: lambda s: Dealer(_atom(s.player, s.player_ack)),
    m.JsonUndealt: lambda s: Undealt(_run(s.cards)),
    m.JsonStock: lambda s: Stock(_run(s.cards)),
    m.JsonDiscards: lambda s: Discards(_run(s.cards)),
    m.JsonHands: _read_hands(Hands),
    m.JsonPublic: _read_hands(Public),
    m.JsonClaims: _read_hands(Claims),
    m.JsonSecret: _read_hands(Secret),
    m.JsonBids: lambda s: Bids(tuple(_read_bid(e) for e in s.entries), s.incomplete),
    m.JsonContract: _read_contract,
    m.JsonPlay: lambda s: Play(tuple(_read_trick(t) for t in s.tricks), s.incomplete),
    m.JsonTricks: _read_figures(Tricks),
    m.JsonScore: _read_figures(Score),
    m.JsonTotal: _read_figures(Total),
    m.JsonHonours: _read_figures(Honours),
    m.JsonPot: _read_figures(Pot),
    m.JsonRuff: lambda s: Ruff(
        _atom(s.player), None if s.discards is None else _run(s.discards), s.declined
    ),
    m.JsonVotes: _read_votes(Votes),
    m.JsonDecide: _read_votes(Decide),
    m.JsonOff: lambda s: Off(_atom(s.player, s.player_ack)),
    m.JsonCut: lambda s: Cut(tuple(_atom(p) for p in s.players), _run(s.cards)),
    m.JsonEarlyReveal: lambda s: EarlyReveal(_atom(s.player), tuple(s.flags)),
    m.JsonMisdeal: lambda s: Misdeal(tuple(s.flags)),
    m.JsonTromp: lambda s: Tromp(_atom(s.player), s.phrase),
    m.JsonBribe: lambda s: Bribe(_atom(s.player, s.player_ack)),
}


def _read_section(section: m.JsonSection) -> Section:
    built = _READERS[type(section)](section)
    comments = _read_comments(section.comments)
    return replace(built, comments=comments) if comments else built
