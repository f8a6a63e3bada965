"""Claims: what each player says their secret cards are.

Claims are free: a player may lie about any card, and the game is about seeing through it.  So
the only rules judged are the order (the dealer first, then clockwise, TM201) and the form (three
cards, TM202); a claim that names a card outside the pack or one lying face up is pointed out as
a visible lie (TM203, information only).  Once the secret rows are revealed, the claims can be
compared with the truth: :func:`true_claims` counts, per player, the claimed cards they held.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trufspec.cards import Card
from trufspec.engine.findings import Breach, Findings
from trufspec.records import Claims, Deal
from trufspec.rulesets.tromplemond.pack import PACK, RoundCards
from trufspec.spec.options import Readings

__all__ = [
    "CLAIM_SIZE",
    "check_claims",
    "claim_breaches",
    "on_show",
    "order_problem",
    "true_claims",
]

CLAIM_SIZE = 3


def _clockwise(seats: Sequence[str], first: str) -> list[str]:
    start = seats.index(first)
    return [seats[(start + k) % len(seats)] for k in range(len(seats))]


def check_claims(
    deal: Deal,
    seats: Sequence[str],
    dealer: str | None,
    cards: RoundCards,
    options: Readings,
    findings: Findings,
) -> dict[str, tuple[Card, ...]]:
    """TM201 to TM203 for every claims section; the first claims of each player.

    Later claims sections are the repeats of the interrogation and the further claims of a tie
    (TM210): their form is judged, their order is not.
    """
    first: dict[str, tuple[Card, ...]] = {}
    shown = on_show(cards.public)
    for number, section in enumerate(deal.find_all(Claims)):
        names = [e.player.value for e in section.entries]
        findings.judge("TM202", "TM203", "TM210" if number else None)
        if number == 0 and dealer is not None and dealer in seats:
            findings.judge("TM201")
            order = order_problem(names, seats, dealer, options)
            if order is not None:
                place, values = order
                findings.add("TM201", section.entries[place].player.span, **values)
        for entry in section.entries:
            player = entry.player.value
            if player not in seats:
                continue
            first.setdefault(player, tuple(entry.cards))
            for breach in claim_breaches(player, tuple(entry.cards), shown):
                index = breach.index
                findings.report(breach, entry.span if index is None else entry.cards.span(index))
    return first


def on_show(public: Mapping[str, Sequence[Card]]) -> dict[Card, str]:
    """The cards lying face up, each with the player it lies in front of."""
    return {card: player for player, row in public.items() for card in row}


def order_problem(
    names: Sequence[str], seats: Sequence[str], dealer: str, options: Readings
) -> tuple[int, dict[str, Any]] | None:
    """TM201: the dealer claims first and, under ``claim-order=clockwise``, the others in
    turn.  ``names`` are the claimers in the order they claimed; returns the place (from 0) of
    the first one out of order with the values of the message, or None.  The record check and
    the live referee both ask it."""
    expected = _clockwise(seats, dealer)
    judged = len(names) if options["claim-order"] == "clockwise" else 1
    for place, name in enumerate(names[:judged]):
        if place < len(expected) and name != expected[place]:
            order = ", ".join(expected) if judged > 1 else f"{dealer} first"
            return place, {"player": name, "place": place + 1, "expected": order}
    return None


def claim_breaches(player: str, cards: Sequence[Card], shown: Mapping[Card, str]) -> list[Breach]:
    """TM202, TM203: what is wrong with ``player``'s claim of ``cards`` given the cards on
    ``shown`` (see :func:`on_show`): each clause broken, the index of the card at fault (None
    for the claim as a whole) and the values of the message.  The record check and the live
    referee both ask it."""
    breaches = []
    if len(cards) != CLAIM_SIZE:
        breaches.append(Breach("TM202", None, {"player": player, "count": len(cards)}))
    for index, card in enumerate(cards):
        reason = None
        if card not in PACK:
            reason = "is not in the pack"
        elif card in shown:
            owner = shown[card]
            reason = (
                "lies face up in front of them"
                if owner == player
                else f"lies face up in front of {owner}"
            )
        if reason is not None:
            values = {"player": player, "card": card, "reason": reason}
            breaches.append(Breach("TM203", index, values))
    return breaches


def true_claims(claims: dict[str, tuple[Card, ...]], cards: RoundCards) -> dict[str, int]:
    """How many of each player's claimed cards were in their secret row, for the players whose
    secret row is revealed."""
    return {
        player: len(set(claimed) & set(cards.secret[player]))
        for player, claimed in claims.items()
        if player in cards.secret
    }
