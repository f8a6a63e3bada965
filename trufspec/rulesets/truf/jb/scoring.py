"""truf-jb scoring: what a player scores for a deal, and which clause fixes it.

Let b be the player's bid after any even-game adjustment, k the tricks taken, Z the zero-bid
figure (5 with four players, 7 with three) and (u, o) the penalties per trick short and per
trick over: (2, 1) in a high game, (1, 2) in a low one.  Then an exact bid scores b, an exact
zero bid scores Z, a missed bid loses u or o per trick, and a missed zero bid loses Z for the
first trick taken and o for each further trick (under the default reading, ``zero-bid-miss``).
"""

from __future__ import annotations

from attrs import frozen

from trufspec.spec.options import Readings

__all__ = ["Scored", "score"]


@frozen
class Scored:
    """A score with the clause that fixes it and, for a missed zero bid, the working."""

    points: int
    clause: str
    working: str = ""


def score(
    bid: int, taken: int, high: bool, players: int, options: Readings, original: int
) -> Scored:
    """The score of one player for one deal (JB401 to JB406)."""
    zero = 5 if players == 4 else 7
    short, over = (2, 1) if high else (1, 2)
    penalties = "JB404" if high else "JB405"
    # JB-A8: a zero bid is judged on the bid after the adjustment, or as made.
    zero_bid = (original if options["zero-bid-basis"] == "original" else bid) == 0
    if zero_bid:
        if taken == 0:
            return Scored(zero, "JB402")
        rule = options["zero-bid-miss"]
        if rule == "flat":
            return Scored(-zero, "JB406", f"{zero} lost for the bid")
        extra = taken - 1 if rule == "first-trick" else taken
        points = -zero - over * extra
        return Scored(
            points,
            "JB406",
            f"{zero} for the first trick and {over} for each of the {extra} more"
            if rule == "first-trick"
            else f"{zero} and {over} for each of the {extra} tricks",
        )
    if taken == bid:
        return Scored(bid, "JB401")
    if taken < bid:
        return Scored(-short * (bid - taken), penalties)
    return Scored(-over * (taken - bid), penalties)
