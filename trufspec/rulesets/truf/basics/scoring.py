"""truf-basics scoring: what a player scores for a round, and which clause fixes it.

Let t be the target, k the tricks won, H the highest target of the round and (u, o) the
penalties per trick under and per trick over the target: (2, 1) in Main Atas, (1, 2) in Main
Bawah.  A target above zero hit exactly scores t and missed loses u or o per trick; a zero
target scores H when no trick is won and otherwise loses o per trick and 2 more.
"""

from __future__ import annotations

from attrs import frozen

__all__ = ["Scored", "score"]


@frozen
class Scored:
    """A score with the clause that fixes it and, for a missed zero target, the working."""

    points: int
    clause: str
    working: str = ""


def score(target: int, taken: int, high: bool, highest: int) -> Scored:
    """The score of one player for one round (TB401 to TB405)."""
    under, over = (2, 1) if high else (1, 2)
    penalties = "TB402" if high else "TB403"
    if target == 0:
        if taken == 0:
            return Scored(highest, "TB404")
        return Scored(
            -over * taken - 2, "TB405", f"{over} for each of the {taken} tricks, and 2 more"
        )
    if taken == target:
        return Scored(target, "TB401")
    if taken < target:
        return Scored(-under * (target - taken), penalties)
    return Scored(-over * (taken - target), penalties)
