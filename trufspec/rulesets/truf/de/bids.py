"""truf-de bidding: one card per player, the highest bid and its ties, trump, and the mode.

Each function applies the clauses named in its docstring and reports, through the findings,
every restated value of the record that differs from the recomputed one.  What it cannot
compute for lack of facts it leaves as None and notes as unchecked.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from attrs import frozen

from trufspec.cards import Card, Rank, Suit
from trufspec.engine.findings import Breach, Findings
from trufspec.records import BidEntry, Bids, Contract
from trufspec.spec.wording import Phrase

__all__ = [
    "SUIT_ORDER",
    "Bid",
    "ModeChoice",
    "bid_winner",
    "card_bid",
    "card_value",
    "decide_mode",
    "evaluate_bids",
    "judge_winner",
    "report_winner",
    "targets",
]

TOTAL = 13
"""The tricks of a deal, against which the bids are added up."""

SUIT_ORDER = {Suit.SPADES: 3, Suit.HEARTS: 2, Suit.DIAMONDS: 1, Suit.CLUBS: 0}
"""TD205: the order of the suits for tied bids, spades highest."""


@frozen
class Bid:
    """A player's bid: its value and, when the record gives it, its card."""

    player: str
    value: int
    card: Card | None = None


def card_value(card: Card) -> int:
    """TD004: pictures 0, the ace 1, number cards their number."""
    if card.rank is Rank.ACE:
        return 1
    if card.rank.is_picture:
        return 0
    return card.rank.value


def _entry_bid(entry: BidEntry, hand: Sequence[Card] | None, findings: Findings) -> Bid:
    player = entry.player.value
    if entry.cards is None:
        assert entry.number is not None
        findings.unchecked(f"{player}'s bid value (the bid card is not recorded)")
        return Bid(player, entry.number.value)
    cards = entry.cards
    findings.judge("TD201", "TD004")
    bid, breaches = card_bid(player, cards.cards, entry.minus, hand)
    for breach in breaches:
        assert breach.index is not None  # each breach of a bid is placed at its first card
        findings.report(breach, cards.span(breach.index), ack=cards.acknowledged(breach.index))
    card, value = cards[0], bid.value
    if entry.restated is not None:
        findings.judge("TD203")
    if entry.restated is not None and entry.restated.value != value:
        findings.add(
            "TD203",
            entry.restated.span,
            ack=entry.restated.ack,
            player=player,
            card=card,
            expected=value,
            written=entry.restated.value,
        )
    return Bid(player, value, card)


def card_bid(
    player: str, cards: Sequence[Card], minus: frozenset[int], hand: Collection[Card] | None
) -> tuple[Bid, list[Breach]]:
    """TD004, TD201: ``player``'s bid of ``cards`` from ``hand`` (None when the record does not
    give it), valued by its first card, with what is wrong with it.  The record check and the
    live referee both ask it."""
    breaches = []
    # TD201: one card, from the bidder's own hand; a bid of several cards is valued by its
    # first, which is what the rest of the deal can be judged by.
    if len(cards) != 1 or minus:
        problem = (
            f"bid {len(cards)} cards" if len(cards) != 1 else f"bid {cards[0]} as a minus card"
        )
        breaches.append(Breach("TD201", 0, {"player": player, "problem": problem}, fault=True))
    card = cards[0]
    if hand is not None and card not in hand:
        phrase = Phrase(
            "bid {card}, which is not in {player:their} hand", {"card": card, "player": player}
        )
        breaches.append(Breach("TD201", 0, {"player": player, "problem": phrase}, fault=True))
    return Bid(player, card_value(card), card), breaches


def evaluate_bids(
    bids: Bids, seats: Sequence[str], hands: dict[str, list[Card]] | None, findings: Findings
) -> dict[str, Bid]:
    """Every recorded bid, valued (TD201, TD203); one bid each, made at once (TD202), which is
    all a record can show of the timing."""
    findings.judge("TD202")
    found: dict[str, Bid] = {}
    for entry in bids.entries:
        player = entry.player.value
        if player not in seats or player in found:
            continue
        hand = hands.get(player) if hands is not None else None
        found[player] = _entry_bid(entry, hand, findings)
    return found


def _tie_key(bid: Bid) -> tuple[int, int]:
    """TD205 and TD-A4: the suit, then the rank within one suit."""
    assert bid.card is not None
    return (SUIT_ORDER[bid.card.suit], bid.card.rank.value)


def bid_winner(bids: dict[str, Bid]) -> str | None:
    """TD204, TD205: the highest bidder, by value and on a tie by the higher suit (and in one
    suit the higher card).  None when a tie cannot be broken because the tied cards are not
    recorded."""
    top = max(b.value for b in bids.values())
    tied = [b for b in bids.values() if b.value == top]
    if len(tied) > 1 and any(b.card is None for b in tied):
        return None
    return max(tied, key=_tie_key).player if len(tied) > 1 else tied[0].player


def judge_winner(bids: dict[str, Bid], findings: Findings) -> None:
    """Say which rules decided the highest bid: TD204 always, TD205 on a tie, and the rank
    order (TD003) on a tie within one suit."""
    top = max(b.value for b in bids.values())
    tied = [b.card.suit for b in bids.values() if b.value == top and b.card is not None]
    findings.judge("TD204")
    if len(tied) > 1:
        findings.judge("TD205", "TD003" if len(set(tied)) < len(tied) else None)


def report_winner(
    winner: str, contract: Contract, bids: dict[str, Bid], findings: Findings
) -> None:
    """Report a contract whose winner is not the one the bids give: under TD205 when the
    written winner's bid ties with the highest, else under TD204."""
    written = contract.winner.value
    span, ack = contract.winner.span, contract.winner.ack
    best = bids[winner]
    other = bids.get(written)
    if other is None or other.value != best.value or other.card is None or best.card is None:
        lower = f", {written} {other.value}" if other is not None else ""
        reason = f"{best.player} bid the most, {best.value}{lower}"
        findings.fault("TD204", span, ack=ack, expected=winner, written=written, reason=reason)
        return
    reason = (
        "the higher rank in the same suit"
        if best.card.suit == other.card.suit
        else "the higher suit"
    )
    findings.fault(
        "TD205", span, ack=ack, expected=winner, card=best.card, written=written, reason=reason
    )


@frozen
class ModeChoice:
    """The mode of a deal and the adjustment made when the bids add up to 13 (0 otherwise)."""

    high: bool
    adjust: int


def decide_mode(total: int, contract: Contract | None, findings: Findings) -> ModeChoice | None:
    """TD207 to TD209, TD211: main atas above 13, main bawah below; at 13 the highest bidder
    moves every bid one up or one down.  None when the choice at 13 is not recorded."""
    mode = contract.mode if contract is not None else None
    adjust = contract.adjust if contract is not None else None
    if total != TOTAL:
        high = total > TOTAL
        code = "TD207" if high else "TD208"
        findings.judge(code)
        if mode is not None and mode.value.is_high != high:
            findings.fault(
                code,
                mode.span,
                ack=mode.ack,
                total=total,
                written=f"main {'atas' if mode.value.is_high else 'bawah'}",
            )
        if adjust is not None:
            findings.fault(
                code,
                adjust.span,
                ack=adjust.ack,
                total=total,
                written=f"an adjustment by {adjust.value:+d}",
            )
        return ModeChoice(high, 0)
    if adjust is not None:
        findings.judge("TD209", "TD211")
        if abs(adjust.value) != 1:
            findings.add("TD211", adjust.span, ack=adjust.ack, written=f"{adjust.value:+d}")
        high = adjust.value > 0
        if mode is not None and mode.value.is_high != high:
            problem = f"moving the bids by {adjust.value:+d} makes main {'atas' if high else 'bawah'}, not main {'atas' if mode.value.is_high else 'bawah'}"
            findings.fault("TD209", mode.span, ack=mode.ack, total=total, problem=problem)
        return ModeChoice(high, 1 if high else -1)
    if mode is not None:
        findings.judge("TD209")
        high = mode.value.is_high
        return ModeChoice(high, 1 if high else -1)
    findings.unchecked("the mode of a deal whose bids add up to 13 (the choice is not recorded)")
    return None


def targets(bids: dict[str, Bid], choice: ModeChoice) -> dict[str, int]:
    """TD209, TD210: the bids after the adjustment, which may fall below zero."""
    return {player: bid.value + choice.adjust for player, bid in bids.items()}
