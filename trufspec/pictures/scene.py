"""What a picture of a deal shows: the hands round the table, the cards on the table, the
tricks, and the cards that diagnostics point at.

The scene is the one description that the SVG pictures and the HTML report both draw, so a
card marked in one is marked in the other.  It holds only what the record writes and what the
check found: the order of play and the winner of each trick come from the engine's own
:func:`~trufspec.engine.tricks.order_of_play` and :func:`~trufspec.engine.tricks.trick_winner`,
and a diagnostic marks the thing written at the position in the record it points at: that
card where it is written (a card in a trick marks it in the player's hand too, the hand it was
played from, but a card named again in a bid is another mention and stays unmarked), or the
hand, bid or trick whose entry it points at.  Nothing here judges a rule; a picture of a
faulty deal shows the fault where the check put it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from attrs import evolve, frozen

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
    HandEntry,
    Hands,
    Off,
    Play,
    Public,
    Ruff,
    Secret,
    Span,
    Stock,
    Trick,
    Undealt,
)

__all__ = [
    "SUIT_ORDER",
    "BidScene",
    "DealScene",
    "PlacedCard",
    "Seat",
    "TrickScene",
    "deal_scene",
    "gravest",
    "pointing",
    "positions",
]

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order suits are shown in a hand: black and red alternate, as card players sort them."""


@frozen
class PlacedCard:
    """A card as a picture shows it.

    ``marks`` are the indices (in the diagnostics the scene was made with) of the diagnostics
    that point at this card where it is drawn; ``fault`` the severity of the gravest of them
    (which decides how the mark is drawn); ``played`` is the trick it is played to (0
    when the record does not show it played); ``discarded`` says it was set aside before the
    play (a Ruff and Honours ruffer's discards); ``joined`` that it reached the hand after the
    deal (the stock a ruffer takes, or a card the record shows played but not dealt).
    """

    card: Card
    marks: tuple[int, ...] = ()
    played: int = 0
    discarded: bool = False
    joined: bool = False
    fault: str = ""


@frozen
class Seat:
    """A player at the table: their hand in the order it is drawn, their roles in the deal
    (``dealer``, ``leads``, ``contract``, ``ruffs``, ``voted off``) and further named card
    rows (a Tromplemond player's public and secret cards and claims, which are told apart as
    the players see them).  ``marks`` are the diagnostics about the hand as a whole (its size),
    ``fault`` the gravest one's severity."""

    player: str
    hand: tuple[PlacedCard, ...]
    roles: tuple[str, ...] = ()
    extras: tuple[tuple[str, tuple[PlacedCard, ...]], ...] = ()
    marks: tuple[int, ...] = ()
    fault: str = ""


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
    plain number, and the value restated after ``=``; ``marks`` are the diagnostics that
    point at the bid but at none of its cards (its value, a minus sign, the entry)."""

    player: str
    cards: tuple[PlacedCard, ...] = ()
    minus: frozenset[int] = frozenset()
    number: int | None = None
    restated: int | None = None
    marks: tuple[int, ...] = ()


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
    at = positions(diagnostics, inside)
    grave = _grave(diagnostics)
    play = deal.find(Play)
    direction = (
        "counterclockwise"
        if (readings or {}).get("turn-order") == "counterclockwise"
        else "clockwise"
    )
    turns = order_of_play(play.tricks, seats, direction) if play is not None else []
    played: dict[str, dict[Card, tuple[int, tuple[int, ...]]]] = {seat: {} for seat in seats}
    for trick, players in zip(play.tricks if play is not None else (), turns, strict=False):
        for position, (player, card) in enumerate(zip(players, trick.cards.cards, strict=False)):
            # A card played twice is drawn once in the hand, marked by both plays.
            number, marks = played.setdefault(player, {}).get(card, (trick.number.value, ()))
            played[player][card] = (number, marks + _at(at, trick.cards.span(position)))
    trump, trump_card = _trump(deal)
    contract = deal.find(Contract)
    tricks = _tricks(play, turns, trump, at, len(seats), grave)
    hands, rebuilt = _hands(deal, seats, played, at)
    ruff = deal.find(Ruff)
    discards = set(ruff.discards or ()) if ruff is not None and not ruff.declined else set()
    ruffer = ruff.player.value if ruff is not None and not ruff.declined else None
    scene_seats = []
    for seat in seats:
        held = hands.get(seat, [])
        own = {card for card, _ in held}
        hand = [
            grave(
                PlacedCard(
                    card,
                    tuple(sorted({*marks, *played[seat].get(card, (0, ()))[1]})),
                    played[seat].get(card, (0, ()))[0],
                    seat == ruffer and card in discards,
                )
            )
            for card, marks in held
        ]
        hand += [
            grave(PlacedCard(card, marks, number, joined=True))
            for card, (number, marks) in played.get(seat, {}).items()
            if card not in own
        ]
        entries = _entries(deal, seat)
        seat_marks = tuple(
            sorted({i for entry in entries for i in pointing(at, entry.span, entry.cards)})
        )
        scene_seats.append(
            Seat(
                seat,
                tuple(hand),
                _roles(deal, seat, tricks, contract, ruffer),
                _extras(deal, seat, at, grave),
                seat_marks,
                gravest(diagnostics, seat_marks),
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
        bids=_bids(deal, at, grave),
        table=_table(deal, at, grave),
        rebuilt=rebuilt,
        marks=tuple(inside),
    )


Positions = Mapping[tuple[int, int], Sequence[int]]
"""The diagnostics of a deal by the (line, column) they point at."""

Grave = Callable[[PlacedCard], PlacedCard]
"""Gives a marked card the severity of its gravest diagnostic."""


def positions(diagnostics: Sequence[Diagnostic], indices: Sequence[int]) -> Positions:
    """The diagnostics of ``indices`` by the (line, column) they point at."""
    at: dict[tuple[int, int], list[int]] = {}
    for index in indices:
        at.setdefault((diagnostics[index].span.line, diagnostics[index].span.column), []).append(
            index
        )
    return at


def _at(at: Positions, span: Span) -> tuple[int, ...]:
    """The diagnostics that point at the thing written at ``span``."""
    return tuple(at.get((span.line, span.column), ()))


def pointing(at: Positions, span: Span, cards: Cards | None = None) -> tuple[int, ...]:
    """The diagnostics that point inside ``span`` but at none of the ``cards`` written in it:
    those about an entry as a whole (a hand's size, a bid's value, a slip, a figure)."""
    on_cards = (
        {(cards.span(i).line, cards.span(i).column) for i in range(len(cards))}
        if cards is not None
        else set()
    )
    return tuple(
        sorted(
            index
            for (line, column), found in at.items()
            if (span.line, span.column) <= (line, column) <= (span.end_line, span.end_column)
            and (line, column) not in on_cards
            for index in found
        )
    )


def gravest(diagnostics: Sequence[Diagnostic], marks: Sequence[int]) -> str:
    """The severity of the gravest of the diagnostics ``marks`` (``""`` for none)."""
    if not marks:
        return ""
    return min((diagnostics[i].severity for i in marks), key=lambda s: s.rank).value


def _grave(diagnostics: Sequence[Diagnostic]) -> Grave:
    def mark(placed: PlacedCard) -> PlacedCard:
        return evolve(placed, fault=gravest(diagnostics, placed.marks)) if placed.marks else placed

    return mark


def _entries(deal: Deal, seat: str) -> list[HandEntry]:
    """The hand entries of a player (a Tromplemond player's public and secret rows, and the
    claim, whose count and place are the player's)."""
    return [
        entry
        for kind in (Hands, Public, Secret, Claims)
        for section in (deal.find(kind),)
        if section is not None
        for entry in section.entries
        if entry.player.value == seat
    ]


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
    at: Positions,
    players: int,
    grave: Grave,
) -> tuple[TrickScene, ...]:
    if play is None:
        return ()
    scenes = []
    for number, (trick, order) in enumerate(zip(play.tricks, turns, strict=False)):
        cards = trick.cards.cards[: len(order)]
        plays = tuple(
            (
                player,
                grave(PlacedCard(card, _at(at, trick.cards.span(i)), trick.number.value)),
            )
            for i, (player, card) in enumerate(zip(order, cards, strict=False))
        )
        winner = _winner(trick, order, cards, trump, players, play.tricks[number + 1 :])
        own = pointing(at, trick.span, trick.cards)
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
    deal: Deal,
    seats: Sequence[str],
    played: Mapping[str, Mapping[Card, tuple[int, tuple[int, ...]]]],
    at: Positions,
) -> tuple[dict[str, list[tuple[Card, tuple[int, ...]]]], bool]:
    """Each player's cards as dealt, with the diagnostics that point at each where the hand
    writes it, or rebuilt from the play when the record leaves the hands out (True then).  A
    Tromplemond round's public and secret cards are no hand: they are rows of their own (see
    :func:`_extras`), as the players see them."""
    hands: dict[str, list[tuple[Card, tuple[int, ...]]]] = {}
    section = deal.find(Hands)
    if section is not None:
        for entry in section.entries:
            hands.setdefault(entry.player.value, []).extend(
                (card, _at(at, entry.cards.span(i))) for i, card in enumerate(entry.cards)
            )
    if hands or deal.find(Public) is not None or not any(played.values()):
        return hands, False
    return {seat: [(card, ()) for card in played.get(seat, {})] for seat in seats}, True


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


def _placed(cards: Cards, at: Positions, grave: Grave) -> tuple[PlacedCard, ...]:
    """A run of cards, each marked by the diagnostics that point at it there."""
    return tuple(grave(PlacedCard(card, _at(at, cards.span(i)))) for i, card in enumerate(cards))


_ROWS = ((Public, "public"), (Secret, "secret"), (Claims, "claims"))
"""A Tromplemond player's rows: the cards all see, the cards only they see until the round is
scored, and what they claim."""


def _extras(
    deal: Deal, seat: str, at: Positions, grave: Grave
) -> tuple[tuple[str, tuple[PlacedCard, ...]], ...]:
    """A Tromplemond player's public and secret cards and claims, each row apart."""
    rows = []
    for kind, name in _ROWS:
        section = deal.find(kind)
        if section is not None:
            rows += [
                (name, _placed(e.cards, at, grave))
                for e in section.entries
                if e.player.value == seat
            ]
    return tuple(rows)


def _table(
    deal: Deal, at: Positions, grave: Grave
) -> tuple[tuple[str, tuple[PlacedCard, ...]], ...]:
    """The card rows that belong to no hand, under the names the notation gives them."""
    rows: list[tuple[str, tuple[PlacedCard, ...]]] = []
    for section in deal.sections:
        if isinstance(section, Stock):
            rows.append(("stock", _placed(section.cards, at, grave)))
        elif isinstance(section, Undealt):
            rows.append(("undealt", _placed(section.cards, at, grave)))
        elif isinstance(section, Discards):
            rows.append(("set aside", _placed(section.cards, at, grave)))
        elif isinstance(section, Cut):
            rows.append(("cut", _placed(section.cards, at, grave)))
        elif isinstance(section, Ruff) and section.discards is not None:
            rows.append((f"{section.player.value} discards", _placed(section.discards, at, grave)))
    return tuple(rows)


def _bids(deal: Deal, at: Positions, grave: Grave) -> tuple[BidScene, ...]:
    section = deal.find(Bids)
    if section is None:
        return ()
    return tuple(_bid(entry, at, grave) for entry in section.entries)


def _bid(entry: BidEntry, at: Positions, grave: Grave) -> BidScene:
    return BidScene(
        entry.player.value,
        _placed(entry.cards, at, grave) if entry.cards is not None else (),
        entry.minus,
        entry.number.value if entry.number is not None else None,
        entry.restated.value if entry.restated is not None else None,
        pointing(at, entry.span, entry.cards),
    )
