"""truf-jb bidding: bid values, the bid winner and its tie-breaks, trump, and the mode.

Each function applies the clauses named in its docstring and reports, through the findings,
every restated value of the record that differs from the recomputed one.  What it cannot
compute for lack of facts it leaves as None and notes as unchecked.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from attrs import frozen

from trufspec.cards import NT, Card, NoTrump, Rank, Trump
from trufspec.engine.findings import Breach, Findings
from trufspec.records import BidEntry, Bids, Contract
from trufspec.spec.options import Readings
from trufspec.spec.wording import Phrase

__all__ = [
    "Bid",
    "Contest",
    "ModeChoice",
    "adjust_amounts",
    "bid_winner",
    "card_bid",
    "card_value",
    "decide_mode",
    "describe_trump",
    "evaluate_bids",
    "over_cap",
    "report_winner",
    "targets",
    "trump_of",
]


@frozen
class Bid:
    """A player's bid as the rules see it: its value after the clamp and, for a card bid, the
    cards with their signs."""

    player: str
    value: int
    cards: tuple[Card, ...] = ()
    minus: frozenset[int] = frozenset()
    raw: int = 0
    """The signed sum before the clamp at zero."""

    @property
    def by_cards(self) -> bool:
        return bool(self.cards)


def _rank_value(rank: Rank, single: bool) -> int:
    """The value :func:`card_value` gives a card of this rank."""
    if rank is Rank.ACE:
        return 1
    if rank.is_picture:
        return 0 if single else 10
    return rank.value


_CARD_VALUES = {
    (rank, single): _rank_value(rank, single) for rank in Rank for single in (True, False)
}
"""The value of each rank alone and among other cards, worked out once: a bid's value is
summed card by card in every deal."""


def card_value(card: Card, single: bool) -> int:
    """JB004: number cards their number, the ace 1, pictures 0 alone and 10 with other cards."""
    return _CARD_VALUES[card.rank, single]


def _entry_bid(
    entry: BidEntry, hand: Sequence[Card] | None, options: Readings, findings: Findings
) -> Bid:
    player = entry.player.value
    if entry.cards is None:
        assert entry.number is not None
        value = entry.number.value
        if entry.restated is not None:
            findings.judge("JB213")
            if entry.restated.value != value:
                findings.add(
                    "JB213",
                    entry.restated.span,
                    ack=entry.restated.ack,
                    player=player,
                    cards=value,
                    expected=value,
                    written=entry.restated.value,
                )
        findings.unchecked(f"{player}'s bid value (the bid cards are not recorded)")
        return Bid(player, value, raw=value)
    cards = entry.cards
    single = len(cards.cards) == 1
    findings.judge(
        "JB004", "JB203", "JB202" if single else None, "JB201" if hand is not None else None
    )
    bid, breaches = card_bid(player, cards.cards, entry.minus, hand, options)
    for breach in breaches:
        assert breach.index is not None  # each breach of a card bid is one card's
        findings.report(breach, cards.span(breach.index), ack=cards.acknowledged(breach.index))
    # JB203, JB204: the signed sum of the card values, and zero for a negative sum.
    if entry.restated is not None:
        code = "JB204" if bid.raw < 0 else "JB213"
        findings.judge(code)
        if entry.restated.value != bid.value:
            written = " ".join(
                ("-" if i in bid.minus else "") + str(c) for i, c in enumerate(cards.cards)
            )
            findings.add(
                code,
                entry.restated.span,
                ack=entry.restated.ack,
                player=player,
                cards=written,
                sum=bid.raw,
                expected=bid.value,
                written=entry.restated.value,
            )
    return bid


def card_bid(
    player: str,
    cards: Sequence[Card],
    minus: frozenset[int],
    hand: Collection[Card] | None,
    options: Readings,
) -> tuple[Bid, list[Breach]]:
    """JB004, JB201 to JB204: ``player``'s bid of ``cards`` (those at ``minus`` bid minus)
    from ``hand`` (None when the record does not give it), valued, with what is wrong with
    it.  The record check and the live referee both ask it."""
    breaches = []
    single = len(cards) == 1
    # JB202: a single card always counts as plus.
    if single and minus:
        if options["single-minus"] == "reject":
            breaches.append(Breach("JB202", 0, {"player": player, "card": cards[0]}))
        minus = frozenset()
    # JB201: the bid cards come from the bidder's own hand, each card once.
    held = (
        set(hand) if hand is not None else None
    )  # a set finds a card by identity; a list compares it with each card
    named: set[Card] = set()
    for index, card in enumerate(cards):
        if card in named:
            breaches.append(
                Breach("JB201", index, {"player": player, "problem": f"bid {card} twice"})
            )
        elif held is not None and card not in held:
            problem = Phrase(
                "bid {card}, which is not in {player:their} hand", {"card": card, "player": player}
            )
            breaches.append(Breach("JB201", index, {"player": player, "problem": problem}))
        named.add(card)
    raw = sum(
        -card_value(c, single) if i in minus else card_value(c, single) for i, c in enumerate(cards)
    )
    return Bid(player, max(raw, 0), tuple(cards), minus, raw), breaches


def over_cap(bid: Bid, options: Readings, max_total: int) -> Breach | None:
    """JB214: a bid above the tricks of the deal, under ``max-bid=tricks-available``."""
    if options["max-bid"] != "tricks-available" or bid.value <= max_total:
        return None
    return Breach("JB214", None, {"player": bid.player, "value": bid.value, "max_total": max_total})


def evaluate_bids(
    bids: Bids,
    seats: Sequence[str],
    hands: dict[str, list[Card]] | None,
    options: Readings,
    max_total: int,
    findings: Findings,
) -> dict[str, Bid]:
    """Every recorded bid, valued (JB201 to JB204, JB213, JB214)."""
    found: dict[str, Bid] = {}
    capped = options["max-bid"] == "tricks-available"
    for entry in bids.entries:
        player = entry.player.value
        if player not in seats or player in found:
            continue
        hand = hands.get(player) if hands is not None else None
        bid = _entry_bid(entry, hand, options, findings)
        if capped:
            findings.judge("JB214")
            breach = over_cap(bid, options, max_total)
            if breach is not None:
                findings.report(breach, entry.span)
        found[player] = bid
    return found


def _tie_card(bid: Bid, options: Readings) -> tuple[int, int]:
    """JB207: the key of a bidder's highest card for the tie-break (spades high)."""
    considered = [
        c for i, c in enumerate(bid.cards) if options["tie-cards"] == "all" or i not in bid.minus
    ]
    if options["tie-card-order"] == "suit-then-rank":
        return max((c.suit.index, c.rank.value) for c in considered or bid.cards)
    return max((c.rank.value, c.suit.index) for c in considered or bid.cards)


@frozen
class Contest:
    """How the bid winner was found: the clause that decided it and the reason in words."""

    winner: str
    clause: str
    reason: str
    rival: str | None = None

    @property
    def judged(self) -> tuple[str, ...]:
        """The clauses that decided it: the highest bid, then each tie-break reached (the
        highest card compared by the rank order)."""
        return {"JB205": ("JB205",), "JB206": ("JB205", "JB206")}.get(
            self.clause, ("JB205", "JB206", "JB207", "JB003")
        )


def bid_winner(bids: dict[str, Bid], options: Readings) -> Contest | None:
    """JB205 to JB207: the highest bid; on a tie fewer cards; then the highest card.  None when
    a tie cannot be broken from the record (bids written as numbers)."""
    top = max(b.value for b in bids.values())
    tied = [b for b in bids.values() if b.value == top]
    if len(tied) == 1:
        return Contest(tied[0].player, "JB205", f"{tied[0].player} bid the most, {top}")
    if not all(b.by_cards for b in tied):
        return None
    fewest = min(len(b.cards) for b in tied)
    fewer = [b for b in tied if len(b.cards) == fewest]
    if len(fewer) == 1:
        rival = next(b.player for b in tied if b is not fewer[0])
        return Contest(fewer[0].player, "JB206", "fewer bid cards", rival)
    best = max(fewer, key=lambda b: _tie_card(b, options))
    rival = next(b.player for b in fewer if b is not best)
    return Contest(best.player, "JB207", "the higher card", rival)


def _highest_card(bid: Bid, options: Readings) -> Card:
    key = _tie_card(bid, options)
    order: Callable[[Card], tuple[int, int]] = (
        (lambda c: (c.suit.index, c.rank.value))
        if options["tie-card-order"] == "suit-then-rank"
        else (lambda c: (c.rank.value, c.suit.index))
    )
    return next(c for c in bid.cards if order(c) == key)


def report_winner(
    contest: Contest,
    contract: Contract,
    bids: dict[str, Bid],
    options: Readings,
    findings: Findings,
) -> None:
    """Report a contract whose winner is not the one the bids give."""
    written = contract.winner.value
    if written == contest.winner:
        return
    span, ack = contract.winner.span, contract.winner.ack
    winner = bids[contest.winner]
    if contest.clause == "JB205":
        findings.fault(
            "JB205", span, ack=ack, expected=contest.winner, written=written, reason=contest.reason
        )
    elif contest.clause == "JB206":
        findings.fault(
            "JB206",
            span,
            ack=ack,
            expected=contest.winner,
            other=contest.rival,
            value=winner.value,
            written=written,
        )
    else:
        findings.fault(
            "JB207",
            span,
            ack=ack,
            expected=contest.winner,
            other=contest.rival,
            value=winner.value,
            count=len(winner.cards),
            card=_highest_card(winner, options),
            written=written,
        )


def trump_of(bid: Bid) -> Trump | None:
    """JB208: the suit of the winning bid's cards when they share one, else no trump; None
    when the bid cards are not recorded."""
    if not bid.by_cards:
        return None
    suits = {c.suit for c in bid.cards}
    return suits.pop() if len(suits) == 1 else NT


def describe_trump(trump: Trump) -> str:
    return "no trump" if isinstance(trump, NoTrump) else f"{trump.name.lower()}"


@frozen
class ModeChoice:
    """The mode of a deal and the adjustment made in an even game (0 otherwise)."""

    high: bool
    adjust: int


def adjust_amounts(options: Readings) -> tuple[int, ...]:
    """JB-A6a: the amounts an even game may be adjusted by (up or down): the one the
    ``even-adjust-amount`` reading fixes, or with 0 any the bid winner picks, 1 to 13."""
    amount = options.integer("even-adjust-amount")
    return (amount,) if amount else tuple(range(1, 14))


def decide_mode(
    total: int, max_total: int, contract: Contract | None, options: Readings, findings: Findings
) -> ModeChoice | None:
    """JB209 to JB212: high above the max total, low below it; at the max total the bid winner
    adjusts every bid up or down.  None when an even game's choice is not recorded, or its
    amount is the bid winner's to pick (``even-adjust-amount=0``) and the record gives only the
    mode."""
    amount = options.integer("even-adjust-amount")
    mode = contract.mode if contract is not None else None
    adjust = contract.adjust if contract is not None else None
    if total != max_total:
        high = total > max_total
        code = "JB210" if high else "JB211"
        findings.judge("JB209", code)
        if mode is not None and mode.value.is_high != high:
            findings.fault(
                code,
                mode.span,
                ack=mode.ack,
                total=total,
                max_total=max_total,
                written=mode.value.value,
            )
        if adjust is not None:
            written = f"an even game adjusted by {adjust.value:+d}"
            findings.fault(
                code, adjust.span, ack=adjust.ack, total=total, max_total=max_total, written=written
            )
        return ModeChoice(high, 0)
    # An even game: the winner's choice is the adjustment, or failing that the mode.
    findings.judge("JB209", "JB212")
    if adjust is not None:
        allowed = adjust_amounts(options)
        if abs(adjust.value) not in allowed or options["even-adjust-scope"] == "mode-only":
            moves = f"by {amount}" if amount else f"by {allowed[0]} to {allowed[-1]}"
            problem = (
                f"the adjustment is {adjust.value:+d}, but bids move {moves} (up or down)"
                if options["even-adjust-scope"] != "mode-only"
                else "under the mode-only reading the bids are not adjusted"
            )
            findings.add("JB212", adjust.span, ack=adjust.ack, total=total, problem=problem)
        high = adjust.value > 0
        if mode is not None and mode.value.is_high != high:
            findings.fault(
                "JB212",
                mode.span,
                ack=mode.ack,
                total=total,
                problem=(
                    f"adjusting by {adjust.value:+d} makes a {'high' if high else 'low'} game, "
                    f"not {mode.value.value}"
                ),
            )
        moved = amount or abs(adjust.value)
        return ModeChoice(high, moved if high else -moved)
    if mode is not None and (amount or options["even-adjust-scope"] == "mode-only"):
        high = mode.value.is_high
        return ModeChoice(high, amount if high else -amount)
    findings.unchecked("the mode of this even game (the adjustment is not recorded)")
    return None


def targets(
    bids: dict[str, Bid], winner: str | None, choice: ModeChoice, options: Readings
) -> dict[str, int]:
    """The bids each player must make, after an even game's adjustment (JB212)."""
    scope = options["even-adjust-scope"]
    floor = options["adjusted-bid-floor"] == "zero"
    result = {}
    for player, bid in bids.items():
        moved = (
            choice.adjust
            if scope == "all-players" or (scope == "winner-only" and player == winner)
            else 0
        )
        target = bid.value + moved
        result[player] = max(target, 0) if floor and moved else target
    return result
