"""The 26-card pack, card points and the accounting of a round's twenty cards.

The pack is A K Q J 10 4 3 2 of spades, hearts and diamonds with the ace and jack of clubs
(TM002).  Every round uses the four jacks and four aces and twelve of the eighteen other cards;
six are set aside unseen (TM101).  Each player shows two public cards and keeps three secret
(TM102).  What the record shows of a round (public rows, revealed secret rows, set-aside cards)
is checked against that as far as it goes: a round whose voted-off hand was never revealed is
still checked for everything it does show.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from trufspec.cards import FULL_PACK, Card, Rank, Suit
from trufspec.engine.findings import Findings
from trufspec.records import Cards, Deal, Discards, Public, Secret

__all__ = [
    "PACK",
    "POINTS",
    "ALWAYS_USED",
    "PUBLIC_SIZE",
    "SECRET_SIZE",
    "SET_ASIDE",
    "points",
    "is_jack",
    "RoundCards",
    "round_cards",
]

_KEPT_CLUBS = (Rank.ACE, Rank.JACK)
PACK: frozenset[Card] = frozenset(
    card
    for card in FULL_PACK
    if card.rank
    in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.FOUR, Rank.THREE, Rank.TWO)
    and (card.suit is not Suit.CLUBS or card.rank in _KEPT_CLUBS)
)
"""TM002: the 26 cards."""

POINTS: dict[Rank, int] = {
    Rank.ACE: 10,
    Rank.KING: 8,
    Rank.QUEEN: 6,
    Rank.TEN: 4,
    Rank.FOUR: 2,
    Rank.THREE: 2,
    Rank.TWO: 2,
    Rank.JACK: 0,
}
"""TM003: the points of each rank to its holder (a jack costs the other stayers 20)."""

ALWAYS_USED = (Rank.JACK, Rank.ACE)
"""TM101: the ranks every round uses."""
PUBLIC_SIZE, SECRET_SIZE, SET_ASIDE = 2, 3, 6
"""TM101, TM102: each player's public and secret cards, and the cards set aside."""


def points(cards: Sequence[Card]) -> int:
    """The card points of a hand to its holder (TM003)."""
    return sum(POINTS.get(card.rank, 0) for card in cards)


def is_jack(card: Card) -> bool:
    return card.rank is Rank.JACK


@frozen
class RoundCards:
    """The cards a round's record shows: public and revealed secret rows by player, and the
    set-aside cards when listed."""

    public: dict[str, tuple[Card, ...]]
    secret: dict[str, tuple[Card, ...]]
    discards: tuple[Card, ...] | None

    def hand(self, player: str) -> tuple[Card, ...] | None:
        """All five cards of a player, when both rows are known."""
        if player not in self.public or player not in self.secret:
            return None
        return self.public[player] + self.secret[player]


def round_cards(deal: Deal, seats: Sequence[str], findings: Findings) -> RoundCards:
    """TM002, TM101, TM102: the cards of a round, checked."""
    public = deal.find(Public)
    secret = deal.find(Secret)
    discards = deal.find(Discards)
    rows: dict[str, dict[str, tuple[Card, ...]]] = {"public": {}, "secret": {}}
    for section, row, size in ((public, "public", PUBLIC_SIZE), (secret, "secret", SECRET_SIZE)):
        for entry in section.entries if section is not None else ():
            player = entry.player.value
            if player not in seats:
                continue
            findings.judge("TM002", "TM102")
            _in_pack(entry.cards, f"{player}'s {row} cards", findings)
            if len(entry.cards) != size:
                findings.add(
                    "TM102",
                    entry.span,
                    player=player,
                    count=len(entry.cards),
                    row=row,
                    expected=size,
                )
            rows[row][player] = tuple(entry.cards)
    if public is None or set(rows["public"]) != set(seats) or public.incomplete:
        findings.unchecked("the public cards (not every player's are recorded)")
    set_aside = None
    if discards is not None:
        findings.judge("TM002", "TM101")
        _in_pack(discards.cards, "set aside", findings)
        set_aside = tuple(discards.cards)
        _check_set_aside(discards, rows, findings)
    _check_used(rows["public"], rows["secret"], seats, public, secret, findings)
    return RoundCards(rows["public"], rows["secret"], set_aside)


def _in_pack(cards: Cards, where: str, findings: Findings) -> None:
    for index, card in enumerate(cards):
        if card not in PACK:
            findings.add(
                "TM002", cards.span(index), ack=cards.acknowledged(index), card=card, where=where
            )


def _check_set_aside(
    discards: Discards, rows: dict[str, dict[str, tuple[Card, ...]]], findings: Findings
) -> None:
    """TM101: six cards set aside, none of them a jack or an ace, none of them in a hand."""
    cards = discards.cards
    if len(cards) != SET_ASIDE:
        findings.add(
            "TM101", discards.span, problem=f"{len(cards)} cards are set aside, not {SET_ASIDE}"
        )
    held = {
        card: (player, row)
        for row, hands in rows.items()
        for player, hand in hands.items()
        for card in hand
    }
    for index, card in enumerate(cards):
        if card.rank in ALWAYS_USED:
            findings.add(
                "TM101",
                cards.span(index),
                ack=cards.acknowledged(index),
                problem=f"{card} is set aside",
            )
        elif card in held:
            player, row = held[card]
            findings.add(
                "TM101",
                cards.span(index),
                ack=cards.acknowledged(index),
                problem=f"{card} is set aside and also among {player}'s {row} cards",
            )


def _check_used(
    public: dict[str, tuple[Card, ...]],
    secret: dict[str, tuple[Card, ...]],
    seats: Sequence[str],
    public_section: Public | None,
    secret_section: Secret | None,
    findings: Findings,
) -> None:
    """TM101: when all twenty cards are on the table, every jack and ace is among them."""
    if set(public) != set(seats) or set(secret) != set(seats):
        return
    shown = [card for hands in (public, secret) for hand in hands.values() for card in hand]
    if len(shown) != len(set(shown)):
        return  # the same card twice is REC013's to report
    findings.judge("TM101")
    missing = sorted(
        (c for c in PACK if c.rank in ALWAYS_USED and c not in shown),
        key=lambda c: c.sort_key,
        reverse=True,
    )
    if missing:
        section: Secret | Public | None = secret_section or public_section
        assert section is not None
        cards = " ".join(map(str, missing))
        findings.add(
            "TM101",
            section.span,
            problem=f"{cards} {'is' if len(missing) == 1 else 'are'} in no hand",
        )
