"""The deal of a hand: twelve cards each, the stock and its trump, the ruff and its discards.

The cards are accounted for through the whole deal: the hands as dealt and the stock make the
pack (a card written twice is REC013), the ruffer's discards come from the cards they hold once
the stock is theirs, and the hands left after the ruff are the hands the play is checked
against (so a discarded card cannot be played).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import frozen

from trufspec.cards import Card, Rank, Suit
from trufspec.engine.findings import Breach, Findings
from trufspec.records import Deal, Hands, Ruff, Stock
from trufspec.spec.options import Readings

__all__ = ["HAND_SIZE", "STOCK_SIZE", "Setup", "entitled", "judge_ruff", "set_up"]

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
    deal: Deal, seats: Sequence[str], dealer: str | None, options: Readings, findings: Findings
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
    if ruff is None:
        findings.unchecked("the ruff (it is not recorded)")
        return Setup(trump, dealt, None, None, stock)
    ruffer = ruff.player.value
    findings.judge("RH107", "RH104" if entitled(dealt, trump, stock, dealer) else None)
    discards = ruff.discards
    if not ruff.declined and discards is None:
        findings.unchecked("the ruffer's discards (they are not recorded)")
    elif not ruff.declined:
        findings.judge("RH105")
        if dealt is None or ruffer not in dealt:
            findings.unchecked("the ruffer's discards (the hands are not recorded)")
    given = None if discards is None else discards.cards
    held, breaches = judge_ruff(ruffer, ruff.declined, given, dealt, stock, dealer, options)
    for breach in breaches:
        index = breach.index
        if index is not None:
            assert discards is not None  # only a discard is a card at fault
            findings.report(breach, discards.span(index), ack=discards.acknowledged(index))
        elif breach.code == "RH104":
            findings.report(breach, ruff.player.span, ack=ruff.player.ack)
        else:
            findings.report(breach, ruff.span, ack=breach.code == "RH107" and ruff.player.ack)
    return Setup(trump, dealt, held, None if ruff.declined else ruffer, stock)


def judge_ruff(
    ruffer: str,
    declined: bool,
    discards: Sequence[Card] | None,
    dealt: Mapping[str, Sequence[Card]] | None,
    stock: tuple[Card, ...],
    dealer: str | None,
    options: Readings,
) -> tuple[dict[str, list[Card]] | None, list[Breach]]:
    """RH104, RH105, RH107: what is wrong with ``ruffer``'s ruff (``declined``, or setting
    ``discards`` aside: None when they are not known) after a deal of ``dealt`` (None when not
    known) and ``stock``, and the hands at the first lead (None when the facts do not give
    them).  The record check and the live referee both ask it."""
    breaches = []
    expected = entitled(dealt, stock[0].suit, stock, dealer)
    if expected is not None and ruffer != expected[0]:
        values = {"expected": expected[0], "reason": expected[1], "written": ruffer}
        breaches.append(Breach("RH104", None, values, fault=True))
    held = None if dealt is None else {p: list(cards) for p, cards in dealt.items()}
    if declined:
        if options["ruff"] == "compulsory":
            breaches.append(Breach("RH107", None, {"player": ruffer}, fault=True))
        return held, breaches
    if discards is None:
        return None, breaches
    if len(discards) != STOCK_SIZE:
        problem = f"discarded {len(discards)} cards, not 4"
        breaches.append(Breach("RH105", None, {"player": ruffer, "problem": problem}, fault=True))
    if held is None or ruffer not in held:
        return None, breaches
    hand = dict.fromkeys([*held[ruffer], *stock])
    allowed = set(held[ruffer]) if options["ruff-discard-from"] == "original-12" else set(hand)
    for index, card in enumerate(discards):
        if card in allowed and card in hand:
            del hand[card]
            continue
        if card in hand:
            # The table did set the card aside: the hand at the first lead is without it.
            del hand[card]
            problem = f"discarded {card}, which came from the stock (ruff-discard-from=original-12)"
        else:
            problem = f"discarded {card}, which they do not hold"
        values = {"player": ruffer, "problem": problem}
        breaches.append(Breach("RH105", index, values, fault=True))
    held[ruffer] = list(hand)
    return held, breaches


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
    dealt: Mapping[str, Sequence[Card]] | None,
    trump: Suit,
    stock: tuple[Card, ...],
    dealer: str | None,
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
