"""Claims: what each player says their secret cards are.

Claims are free: a player may lie about any card, and the game is about seeing through it.  So
the only rules judged are the order (the dealer first, then clockwise, TM201) and the form (three
cards, TM202); a claim that names a card outside the pack or one lying face up is pointed out as
a visible lie (TM203, information only).  Once the secret rows are revealed, the claims can be
compared with the truth: :func:`true_claims` counts, per player, the claimed cards they held.
"""

from __future__ import annotations

from collections.abc import Sequence

from trufspec.cards import Card
from trufspec.engine.findings import Findings
from trufspec.records import Claims, Deal
from trufspec.rulesets.tromplemond.pack import PACK, RoundCards
from trufspec.spec.options import OptionValues

__all__ = ["CLAIM_SIZE", "check_claims", "true_claims"]

CLAIM_SIZE = 3


def _clockwise(seats: Sequence[str], first: str) -> list[str]:
    start = seats.index(first)
    return [seats[(start + k) % len(seats)] for k in range(len(seats))]


def check_claims(
    deal: Deal,
    seats: Sequence[str],
    dealer: str | None,
    cards: RoundCards,
    options: OptionValues,
    findings: Findings,
) -> dict[str, tuple[Card, ...]]:
    """TM201 to TM203 for every claims section; the first claims of each player.

    Later claims sections are the repeats of the interrogation and the further claims of a tie
    (TM210): their form is judged, their order is not.
    """
    first: dict[str, tuple[Card, ...]] = {}
    on_show = {card: player for player, row in cards.public.items() for card in row}
    for number, section in enumerate(deal.find_all(Claims)):
        names = [e.player.value for e in section.entries]
        findings.judge("TM202", "TM203", "TM210" if number else None)
        if number == 0 and dealer is not None and dealer in seats:
            _check_order(section, names, seats, dealer, options, findings)
        for entry in section.entries:
            player = entry.player.value
            if player not in seats:
                continue
            first.setdefault(player, tuple(entry.cards))
            if len(entry.cards) != CLAIM_SIZE:
                findings.add("TM202", entry.span, player=player, count=len(entry.cards))
            for index, card in enumerate(entry.cards):
                reason = None
                if card not in PACK:
                    reason = "is not in the pack"
                elif card in on_show:
                    owner = on_show[card]
                    reason = (
                        "lies face up in front of them"
                        if owner == player
                        else f"lies face up in front of {owner}"
                    )
                if reason is not None:
                    findings.add(
                        "TM203", entry.cards.span(index), player=player, card=card, reason=reason
                    )
    return first


def _check_order(
    section: Claims,
    names: list[str],
    seats: Sequence[str],
    dealer: str,
    options: OptionValues,
    findings: Findings,
) -> None:
    """TM201: the dealer first and, under ``claim-order=clockwise``, the others in turn."""
    findings.judge("TM201")
    expected = _clockwise(seats, dealer)
    judged = len(names) if options["claim-order"] == "clockwise" else 1
    for place, entry in enumerate(section.entries[:judged]):
        if place < len(expected) and entry.player.value != expected[place]:
            order = ", ".join(expected) if judged > 1 else f"{dealer} first"
            findings.add(
                "TM201",
                entry.player.span,
                player=entry.player.value,
                place=place + 1,
                expected=order,
            )
            return


def true_claims(claims: dict[str, tuple[Card, ...]], cards: RoundCards) -> dict[str, int]:
    """How many of each player's claimed cards were in their secret row, for the players whose
    secret row is revealed."""
    return {
        player: len(set(claimed) & set(cards.secret[player]))
        for player, claimed in claims.items()
        if player in cards.secret
    }
