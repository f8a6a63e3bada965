"""Records to JSON, and JSON text to its document: the record model (:mod:`trufspec.records`) and the JSON types
(:mod:`.model`) node for node.

Writing is exact: a record read from notation, written as JSON and read back prints as the
same canonical text, comments included.  Reading is :mod:`.read`'s: it judges what it reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec

from trufspec.cards import NoTrump
from trufspec.jsonrecords import model as m
from trufspec.records import (
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
    Game,
    Hands,
    Honours,
    Misdeal,
    Off,
    Play,
    Pot,
    Public,
    Ruff,
    Score,
    Secret,
    Section,
    Stock,
    Total,
    Trick,
    Tricks,
    Tromp,
    Undealt,
    Votes,
)

__all__ = ["decode", "encode", "games_to_json", "to_document"]

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
