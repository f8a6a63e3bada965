"""What a picture of a deal shows: the hands round the table, the cards on the table, the
tricks, and the cards that diagnostics point at.

The scene is the one description that the SVG pictures and the HTML report both draw, so a
card marked in one is marked in the other.  It holds only what the record writes and what the
check found: the order of play and the winner of each trick come from the engine's own
:func:`~trufspec.engine.tricks.order_of_play` and :func:`~trufspec.engine.tricks.trick_winner`,
and a diagnostic marks the card whose position in the record it names.  Nothing here judges a
rule; a picture of a faulty deal shows the fault where the check put it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import frozen

from trufspec.cards import Card, Suit, Trump
from trufspec.diagnostics import Diagnostic
from trufspec.engine.tricks import order_of_play, trick_winner
from trufspec.records import (
    BidEntry,
    Bids,
    Cards,
    Claims,
    Contract,
    Cut,
    Deal,
    Dealer,
    Discards,
    Hands,
    Off,
    Play,
    Public,
    Ruff,
    Secret,
    Stock,
    Trick,
    Undealt,
)

__all__ = ["PlacedCard", "Seat", "TrickScene", "BidScene", "DealScene", "deal_scene", "SUIT_ORDER"]

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order suits are shown in a hand: black and red alternate, as card players sort them."""


@frozen
class PlacedCard:
    """A card as a picture shows it.

    ``marks`` are the indices (in the diagnostics the scene was made with) of the diagnostics
    that point at this card anywhere in the deal; ``played`` is the trick it is played to (0
    when the record does not show it played); ``discarded`` says it was set aside before the
    play (a Ruff and Honours ruffer's discards); ``joined`` that it reached the hand after the
    deal (the stock a ruffer takes, or a card the record shows played but not dealt).
    """

    card: Card
    marks: tuple[int, ...] = ()
    played: int = 0
    discarded: bool = False
    joined: bool = False


@frozen
class Seat:
    """A player at the table: their hand in the order it is drawn, their roles in the deal
    (``dealer``, ``leads``, ``contract``, ``ruffs``, ``voted off``) and further named card
    rows (a Tromplemond player's claims)."""

    player: str
    hand: tuple[PlacedCard, ...]
    roles: tuple[str, ...] = ()
    extras: tuple[tuple[str, tuple[PlacedCard, ...]], ...] = ()


@frozen
class TrickScene:
    """One trick: who led it, each card with its player in order of play, and the winner
    (None when the record does not let it be known)."""

    number: int
    leader: str
    plays: tuple[tuple[str, PlacedCard], ...]
    winner: str | None
    marks: tuple[int, ...] = ()
    """The diagnostics about the trick that point at no card (a wrong leader, a miscount)."""


@frozen
class BidScene:
    """A Truf bid as written: its cards (``minus`` holds the indices of minus cards) or a
    plain number, and the value restated after ``=``."""

    player: str
    cards: tuple[PlacedCard, ...] = ()
    minus: frozenset[int] = frozenset()
    number: int | None = None
    restated: int | None = None


@frozen
class DealScene:
    """Everything a picture of one deal (or Tromplemond round) draws.

    ``rebuilt`` says the hands are not in the record and were rebuilt from the cards played;
    ``table`` holds the named card rows that belong to no hand (the stock, the undealt card,
    the cards set aside, the cut); ``marks`` are all the diagnostics whose position lies in
    the deal.
    """

    kind: str
    number: int
    seats: tuple[Seat, ...]
    trump: Trump | None = None
    trump_card: Card | None = None
    """The card that made trumps, when it lies on the table (the Ruff and Honours stock's top)."""
    declarer: str | None = None
    mode: str | None = None
    tricks: tuple[TrickScene, ...] = ()
    bids: tuple[BidScene, ...] = ()
    table: tuple[tuple[str, tuple[PlacedCard, ...]], ...] = ()
    rebuilt: bool = False
    marks: tuple[int, ...] = ()

    @property
    def card_marks(self) -> tuple[int, ...]:
        """The diagnostics that mark a card of the deal, wherever it is drawn."""
        placed = [c for seat in self.seats for c in seat.hand] + [
            c for _, row in self.table for c in row
        ]
        placed += [c for seat in self.seats for _, row in seat.extras for c in row]
        placed += [c for trick in self.tricks for _, c in trick.plays]
        return tuple(sorted({index for card in placed for index in card.marks}))

    @property
    def has_cards(self) -> bool:
        """True when there is a hand, a trick or a card on the table to draw: a score-sheet
        deal has none, and gets no diagram."""
        return any(seat.hand or seat.extras for seat in self.seats) or bool(
            self.tricks or self.table
        )


def deal_scene(
    deal: Deal,
    seats: Sequence[str],
    diagnostics: Sequence[Diagnostic] = (),
    readings: Mapping[str, str] | None = None,
    end_line: int | None = None,
) -> DealScene:
    """The scene of ``deal`` at a table seated ``seats`` (clockwise), with the cards that
    ``diagnostics`` point at marked.

    ``readings`` are the readings in force (a truf-jb game read with
    ``turn-order=counterclockwise`` plays its tricks the other way round); ``end_line`` is the
    last line of the deal in its file when a diagnostic may point past the deal's own span (at
    a comment after it), else the span's end.
    """
    last = deal.span.end_line if end_line is None else end_line
    inside = [
        i
        for i, d in enumerate(diagnostics)
        if deal.span.line <= d.span.line <= last and d.span.line > 0
    ]
    at: dict[tuple[int, int], list[int]] = {}
    for index in inside:
        at.setdefault((diagnostics[index].span.line, diagnostics[index].span.column), []).append(
            index
        )
    runs = _runs(deal)
    by_card: dict[Card, list[int]] = {}
    for run in runs:
        for position in range(len(run)):
            span = run.span(position)
            for index in at.get((span.line, span.column), ()):
                by_card.setdefault(run[position], []).append(index)
    marks = {card: tuple(sorted(set(found))) for card, found in by_card.items()}
    play = deal.find(Play)
    direction = (
        "counterclockwise"
        if (readings or {}).get("turn-order") == "counterclockwise"
        else "clockwise"
    )
    turns = order_of_play(play.tricks, seats, direction) if play is not None else []
    played: dict[str, dict[Card, int]] = {seat: {} for seat in seats}
    for trick, players in zip(play.tricks if play is not None else (), turns):
        for player, card in zip(players, trick.cards.cards):
            played.setdefault(player, {}).setdefault(card, trick.number.value)
    trump, trump_card = _trump(deal)
    contract = deal.find(Contract)
    tricks = _tricks(play, turns, trump, marks, at, len(seats))
    hands, rebuilt = _hands(deal, seats, played)
    ruff = deal.find(Ruff)
    discards = set(ruff.discards or ()) if ruff is not None and not ruff.declined else set()
    ruffer = ruff.player.value if ruff is not None and not ruff.declined else None
    scene_seats = []
    for seat in seats:
        held = hands.get(seat, [])
        own = set(held)
        hand = [
            PlacedCard(
                card,
                marks.get(card, ()),
                played[seat].get(card, 0),
                seat == ruffer and card in discards,
            )
            for card in held
        ]
        hand += [
            PlacedCard(card, marks.get(card, ()), number, joined=True)
            for card, number in played.get(seat, {}).items()
            if card not in own
        ]
        scene_seats.append(
            Seat(
                seat,
                tuple(hand),
                _roles(deal, seat, tricks, contract, ruffer),
                _extras(deal, seat, marks),
            )
        )
    return DealScene(
        kind=deal.kind,
        number=deal.number.value,
        seats=tuple(scene_seats),
        trump=trump,
        trump_card=trump_card,
        declarer=contract.winner.value if contract is not None else None,
        mode=contract.mode.value.value
        if contract is not None and contract.mode is not None
        else None,
        tricks=tricks,
        bids=_bids(deal, marks),
        table=_table(deal, marks),
        rebuilt=rebuilt,
        marks=tuple(inside),
    )


def _runs(deal: Deal) -> list[Cards]:
    """Every run of cards the deal writes, wherever it stands."""
    runs: list[Cards] = []
    for section in deal.sections:
        if isinstance(section, Hands):
            runs += [entry.cards for entry in section.entries]
        elif isinstance(section, Bids):
            runs += [entry.cards for entry in section.entries if entry.cards is not None]
        elif isinstance(section, Play):
            runs += [trick.cards for trick in section.tricks]
        elif isinstance(section, (Stock, Undealt, Discards, Cut)):
            runs.append(section.cards)
        elif isinstance(section, Ruff) and section.discards is not None:
            runs.append(section.discards)
    return runs


def _trump(deal: Deal) -> tuple[Trump | None, Card | None]:
    """The trump as the record states it: in the contract, or by the stock's turned-up card."""
    contract = deal.find(Contract)
    if contract is not None and contract.trump is not None:
        return contract.trump.value, None
    stock = deal.find(Stock)
    if stock is not None and len(stock.cards):
        return stock.cards[0].suit, stock.cards[0]
    return None, None


def _tricks(
    play: Play | None,
    turns: Sequence[Sequence[str]],
    trump: Trump | None,
    marks: Mapping[Card, tuple[int, ...]],
    at: Mapping[tuple[int, int], list[int]],
    players: int,
) -> tuple[TrickScene, ...]:
    if play is None:
        return ()
    scenes = []
    for number, (trick, order) in enumerate(zip(play.tricks, turns)):
        cards = trick.cards.cards[: len(order)]
        plays = tuple(
            (player, PlacedCard(card, marks.get(card, ()), trick.number.value))
            for player, card in zip(order, cards)
        )
        winner = _winner(trick, order, cards, trump, players, play.tricks[number + 1 :])
        on_cards = {
            (trick.cards.span(i).line, trick.cards.span(i).column) for i in range(len(trick.cards))
        }
        own = tuple(
            sorted(
                index
                for (line, column), found in at.items()
                if trick.span.line <= line <= trick.span.end_line and (line, column) not in on_cards
                for index in found
            )
        )
        scenes.append(TrickScene(trick.number.value, trick.leader.value, plays, winner, own))
    return tuple(scenes)


def _winner(
    trick: Trick,
    order: Sequence[str],
    cards: Sequence[Card],
    trump: Trump | None,
    players: int,
    later: Sequence[Trick],
) -> str | None:
    """Who won a trick: by the engine's rule when the record states the trump (or no trump)
    and every card is there; else who the record says won it, or who led the next trick."""
    if trump is not None and cards and len(cards) == players:
        return order[trick_winner(cards, trump if isinstance(trump, Suit) else None)]
    if trick.winner is not None:
        return trick.winner.value
    return later[0].leader.value if later else None


def _hands(
    deal: Deal, seats: Sequence[str], played: Mapping[str, Mapping[Card, int]]
) -> tuple[dict[str, list[Card]], bool]:
    """Each player's cards as dealt (a Tromplemond player's public and secret cards), or
    rebuilt from the play when the record leaves the hands out; True when rebuilt."""
    hands: dict[str, list[Card]] = {}
    for kind in (Hands, Public, Secret):
        section = deal.find(kind)
        if section is not None:
            for entry in section.entries:
                hands.setdefault(entry.player.value, []).extend(entry.cards)
    if hands or not any(played.values()):
        return hands, False
    return {seat: list(played.get(seat, {})) for seat in seats}, True


def _roles(
    deal: Deal,
    seat: str,
    tricks: Sequence[TrickScene],
    contract: Contract | None,
    ruffer: str | None,
) -> tuple[str, ...]:
    dealer = deal.find(Dealer)
    off = deal.find(Off)
    roles = []
    if dealer is not None and dealer.player.value == seat:
        roles.append("dealer")
    if tricks and tricks[0].leader == seat:
        roles.append("leads")
    if contract is not None and contract.winner.value == seat:
        roles.append("contract")
    if ruffer == seat:
        roles.append("ruffs")
    if off is not None and off.player.value == seat:
        roles.append("voted off")
    return tuple(roles)


def _placed(
    cards: Cards | Sequence[Card], marks: Mapping[Card, tuple[int, ...]]
) -> tuple[PlacedCard, ...]:
    return tuple(PlacedCard(card, marks.get(card, ())) for card in cards)


def _extras(
    deal: Deal, seat: str, marks: Mapping[Card, tuple[int, ...]]
) -> tuple[tuple[str, tuple[PlacedCard, ...]], ...]:
    """A Tromplemond player's claims, shown beside the cards they hold."""
    claims = deal.find(Claims)
    if claims is None:
        return ()
    return tuple(
        ("claims", _placed(e.cards, marks)) for e in claims.entries if e.player.value == seat
    )


def _table(
    deal: Deal, marks: Mapping[Card, tuple[int, ...]]
) -> tuple[tuple[str, tuple[PlacedCard, ...]], ...]:
    """The card rows that belong to no hand, under the names the notation gives them."""
    rows: list[tuple[str, tuple[PlacedCard, ...]]] = []
    for section in deal.sections:
        if isinstance(section, Stock):
            rows.append(("stock", _placed(section.cards, marks)))
        elif isinstance(section, Undealt):
            rows.append(("undealt", _placed(section.cards, marks)))
        elif isinstance(section, Discards):
            rows.append(("set aside", _placed(section.cards, marks)))
        elif isinstance(section, Cut):
            rows.append(("cut", _placed(section.cards, marks)))
        elif isinstance(section, Ruff) and section.discards is not None:
            rows.append((f"{section.player.value} discards", _placed(section.discards, marks)))
    return tuple(rows)


def _bids(deal: Deal, marks: Mapping[Card, tuple[int, ...]]) -> tuple[BidScene, ...]:
    section = deal.find(Bids)
    if section is None:
        return ()
    return tuple(_bid(entry, marks) for entry in section.entries)


def _bid(entry: BidEntry, marks: Mapping[Card, tuple[int, ...]]) -> BidScene:
    return BidScene(
        entry.player.value,
        _placed(entry.cards, marks) if entry.cards is not None else (),
        entry.minus,
        entry.number.value if entry.number is not None else None,
        entry.restated.value if entry.restated is not None else None,
    )
