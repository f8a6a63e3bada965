"""truf-de dealing: the hands (TD101, TD102), the redeal rule (TD103) and who deals (TD104 to
TD106).

The record cannot show the order in which cards went round, so the direction of the deal
(TD106) matters here for one thing only: which of several players tied for the lowest total
deals next (TD105 under ``dealer-tie=next-in-direction``).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from trufspec.cards import Card, Rank
from trufspec.engine.findings import Findings
from trufspec.records import Deal, Dealer, Hands, Undealt
from trufspec.spec.options import Readings

__all__ = [
    "HAND",
    "DealerRule",
    "check_dealer",
    "dealer_rule",
    "clockwise",
    "hands_of",
    "one_sided",
]

HAND = 13
"""TD101: the cards of each hand."""


def hands_of(
    deal: Deal, seats: Sequence[str], options: Readings, findings: Findings
) -> dict[str, list[Card]] | None:
    """TD101 to TD103: the hands as dealt, when the record gives all of them."""
    section = deal.find(Hands)
    if section is None:
        return None
    hands = {e.player.value: list(e.cards) for e in section.entries if e.player.value in seats}
    if set(hands) != set(seats) or section.incomplete:
        findings.unchecked("the deal (not every hand is recorded)")
        return None
    findings.judge("TD002", "TD101", "TD102", "TD103")
    for entry in section.entries:
        if entry.player.value not in seats:
            continue
        if len(entry.cards) != HAND:
            findings.add("TD101", entry.span, player=entry.player.value, count=len(entry.cards))
        thrown_in = one_sided(list(entry.cards), options)
        if thrown_in is not None:
            findings.add("TD103", entry.span, player=entry.player.value, what=thrown_in)
    undealt = deal.find(Undealt)
    if undealt is not None:
        cards = " ".join(map(str, undealt.cards))
        findings.add("TD102", undealt.span, problem=f"{cards} is recorded as undealt")
    return hands


def one_sided(hand: list[Card], options: Readings) -> str | None:
    """TD103 and TD-A12: what makes a hand one that must be thrown in, if anything."""
    if not hand:
        return None
    aces = options["redeal-pictures"]
    numbers_with_aces = aces == "aces-with-numbers"
    if all(not c.rank.is_picture and (numbers_with_aces or c.rank is not Rank.ACE) for c in hand):
        has_ace = any(c.rank is Rank.ACE for c in hand)
        return "only number cards and aces" if has_ace else "only number cards"
    with_aces = aces == "aces-and-pictures"
    if all(c.rank.is_picture or (with_aces and c.rank is Rank.ACE) for c in hand):
        return "only aces and picture cards" if with_aces else "only picture cards"
    return None


def clockwise(index: int, options: Readings) -> bool:
    """TD106 and TD-A13: whether deal ``index`` (from 0) goes clockwise."""
    direction = options["direction"]
    if direction == "alternate-ccw-first":
        return index % 2 == 1
    return direction == "fixed-cw"


@frozen
class DealerRule:
    """TD105 and TD106 for one deal, as values: who may deal it and why, so that the record
    check and the live referee judge a dealer by the same reckoning.

    ``judged`` are the clauses the facts allow judging, ``unchecked`` what keeps the check
    from running (then no dealer is wrong), and ``candidates`` the players who may deal, each
    with the reason the rules give them, the first being the one a report names.
    """

    judged: tuple[str, ...]
    unchecked: str | None
    candidates: tuple[tuple[str, str], ...]

    def fault(self, player: str) -> tuple[str, str] | None:
        """The dealer expected instead of ``player`` and the reason, or None when ``player``
        may deal (or the check cannot run)."""
        if self.unchecked is not None or any(player == name for name, _ in self.candidates):
            return None
        return self.candidates[0]


def dealer_rule(
    index: int,
    previous: tuple[str, ...],
    seats: Sequence[str],
    totals: Sequence[dict[str, int]],
    options: Readings,
) -> DealerRule:
    """TD105 for deal ``index`` (from 1): the lowest total deals, ties settled as the options
    say.

    ``totals`` are the totals before this deal as the rules give them and as the record last
    stated them, and ``previous`` the dealers the previous deal had as recorded and as the
    rules gave it: a dealer that fits either is right, since a table deals by what it wrote
    down.
    """
    if not totals:
        return DealerRule((), "the dealer (the totals before this deal are not known)", ())
    judged = ["TD105"]
    step = 1 if clockwise(index, options) else -1
    way = "clockwise" if step == 1 else "counter-clockwise"
    candidates: list[tuple[str, str]] = []
    for figures in totals:
        lowest = min(figures[p] for p in seats)
        tied = [p for p in seats if figures[p] == lowest]
        names = " and ".join(tied)
        if len(tied) == 1:
            candidates.append((tied[0], f"the lowest total, {lowest}"))
        elif options["dealer-tie"] == "any-tied":
            candidates.extend((p, f"{names} share the lowest total, {lowest}") for p in tied)
        elif not any(p in seats for p in previous):
            unchecked = "the dealer (the previous dealer is not recorded)"
            return DealerRule(tuple(judged), unchecked, ())
        else:
            judged.append("TD106")
            for before in (p for p in previous if p in seats):
                start = seats.index(before)
                order = [seats[(start + step * k) % len(seats)] for k in range(1, len(seats) + 1)]
                first = next(p for p in order if p in tied)
                reason = (
                    f"{names} share the lowest total, {lowest}; {first} comes first {way} "
                    f"after {before}"
                )
                candidates.append((first, reason))
    return DealerRule(tuple(judged), None, tuple(candidates))


def check_dealer(
    index: int,
    deal: Deal,
    previous: tuple[str, ...],
    seats: Sequence[str],
    totals: Sequence[dict[str, int]],
    options: Readings,
    findings: Findings,
) -> tuple[str, ...]:
    """TD104 and TD105: the recorded dealer of deal ``index`` (from 0), as :func:`dealer_rule`
    judges it; one mistake is reported once, where it was made.  Returns the dealers this
    deal had as recorded and as the rules gave it (empty when the dealer is not recorded).
    """
    written = deal.find(Dealer)
    if written is None:
        return ()
    player = written.player
    if index == 0:
        findings.judge("TD104")
        return (player.value,)
    rule = dealer_rule(index, previous, seats, totals, options)
    findings.judge(*rule.judged)
    if rule.unchecked is not None:
        findings.unchecked(rule.unchecked)
    fault = rule.fault(player.value)
    if fault is None:
        return (player.value,)
    expected, reason = fault
    findings.add(
        "TD105",
        player.span,
        ack=player.ack,
        number=deal.number.value,
        written=player.value,
        expected=expected,
        reason=reason,
    )
    return (player.value, expected)
