"""The deal of a hand: twelve cards each, the stock and its trump, the ruff and its discards.

The cards are accounted for through the whole deal: the hands as dealt and the stock make the
pack (a card written twice is REC013), the ruffer's discards come from the cards they hold once
the stock is theirs, and the hands left after the ruff are the hands the play is checked
against (so a discarded card cannot be played).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from trufspec.cards import Card, Rank, Suit
from trufspec.engine.findings import Findings
from trufspec.records import Deal, Hands, Ruff, Stock
from trufspec.spec.options import OptionValues

__all__ = ["HAND_SIZE", "STOCK_SIZE", "Setup", "entitled", "set_up"]

HAND_SIZE = 12
STOCK_SIZE = 4


@frozen
class Setup:
    """What the deal establishes; None where the record lacks the facts.

    ``dealt`` are the twelve-card hands as dealt, ``held`` the hands at the first lead (after
    the ruff), ``ruffer`` who took the stock as the record says (None when nobody did, or it
    is not known) and ``stock`` the four stock cards."""

    trump: Suit | None
    dealt: dict[str, list[Card]] | None
    held: dict[str, list[Card]] | None
    ruffer: str | None
    stock: tuple[Card, ...]


def set_up(
    deal: Deal, seats: Sequence[str], dealer: str | None, options: OptionValues, findings: Findings
) -> Setup:
    """Check the deal, the stock and the ruff; the setup of the hand's play."""
    dealt = _dealt(deal, seats, findings)
    section = deal.find(Stock)
    stock: tuple[Card, ...] = tuple(section.cards) if section is not None else ()
    if section is not None:
        findings.judge("RH103")
    if section is not None and len(stock) != STOCK_SIZE:
        findings.add("RH103", section.span, count=len(stock))
    trump = stock[0].suit if stock else None
    if trump is None:
        findings.unchecked("trumps and the ruff (the stock is not recorded)")
        return Setup(None, dealt, None, None, stock)
    ruff = deal.find(Ruff)
    expected = entitled(dealt, trump, stock, dealer)
    if ruff is None:
        findings.unchecked("the ruff (it is not recorded)")
        return Setup(trump, dealt, None, None, stock)
    ruffer = ruff.player.value
    findings.judge("RH107")
    if expected is not None:
        findings.judge("RH104")
    if expected is not None and ruffer != expected[0]:
        findings.fault(
            "RH104",
            ruff.player.span,
            ack=ruff.player.ack,
            expected=expected[0],
            reason=expected[1],
            written=ruffer,
        )
    if ruff.declined:
        if options["ruff"] == "compulsory":
            findings.fault("RH107", ruff.span, ack=ruff.player.ack, player=ruffer)
        return Setup(trump, dealt, dealt, None, stock)
    held = _discard(ruff, dealt, stock, options, findings)
    return Setup(trump, dealt, held, ruffer, stock)


def _dealt(deal: Deal, seats: Sequence[str], findings: Findings) -> dict[str, list[Card]] | None:
    """RH102: the hands as dealt, when the record gives all four."""
    section = deal.find(Hands)
    if section is None:
        findings.unchecked("the deal (the hands are not recorded)")
        return None
    hands = {e.player.value: list(e.cards) for e in section.entries if e.player.value in seats}
    findings.judge("RH102")
    for entry in section.entries:
        if entry.player.value in seats and len(entry.cards) != HAND_SIZE:
            findings.add("RH102", entry.span, player=entry.player.value, count=len(entry.cards))
    if set(hands) != set(seats) or section.incomplete:
        findings.unchecked("the deal (not every hand is recorded)")
        return None
    findings.judge("RH002")
    return hands


def entitled(
    dealt: dict[str, list[Card]] | None, trump: Suit, stock: tuple[Card, ...], dealer: str | None
) -> tuple[str, str] | None:
    """RH104: who takes the stock and why, or None when the record does not show it."""
    ace = Card(Rank.ACE, trump)
    if dealt is not None:
        for player, hand in dealt.items():
            if ace in hand:
                return player, f"{player} was dealt {ace}, the ace of trumps"
    if dealer is None:
        return None
    if ace == stock[0]:
        return dealer, f"the ace of trumps, {ace}, is the turned card, so the dealer ruffs"
    if ace in stock:
        return dealer, f"the ace of trumps, {ace}, is in the stock, so the dealer ruffs"
    return None


def _discard(
    ruff: Ruff,
    dealt: dict[str, list[Card]] | None,
    stock: tuple[Card, ...],
    options: OptionValues,
    findings: Findings,
) -> dict[str, list[Card]] | None:
    """RH105: the discards come from the ruffer's sixteen cards (or twelve, under
    ruff-discard-from=original-12); the hands at the first lead."""
    ruffer = ruff.player.value
    if ruff.discards is None:
        findings.unchecked("the ruffer's discards (they are not recorded)")
        return None
    findings.judge("RH105")
    if len(ruff.discards) != STOCK_SIZE:
        findings.fault(
            "RH105",
            ruff.span,
            player=ruffer,
            problem=f"discarded {len(ruff.discards)} cards, not 4",
        )
    if dealt is None or ruffer not in dealt:
        findings.unchecked("the ruffer's discards (the hands are not recorded)")
        return None
    hand = dict.fromkeys(dealt[ruffer] + list(stock))
    allowed = set(dealt[ruffer]) if options["ruff-discard-from"] == "original-12" else set(hand)
    for index, card in enumerate(ruff.discards):
        if card in allowed and card in hand:
            del hand[card]
            continue
        if card in hand:
            # The table did set the card aside: the hand at the first lead is without it.
            del hand[card]
            problem = f"discarded {card}, which came from the stock (ruff-discard-from=original-12)"
        else:
            problem = f"discarded {card}, which they do not hold"
        findings.fault(
            "RH105",
            ruff.discards.span(index),
            ack=ruff.discards.acknowledged(index),
            player=ruffer,
            problem=problem,
        )
    held = {player: list(cards) for player, cards in dealt.items()}
    held[ruffer] = list(hand)
    return held
