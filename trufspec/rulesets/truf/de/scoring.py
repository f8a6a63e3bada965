"""truf-de scoring: what a player scores for a deal, and which clause fixes it.

Let b be the player's bid after any adjustment (it may be negative) and k the tricks taken.
Method one scores k - b in main atas and b - k in main bawah, so an exact bid scores 0 (TD402
to TD404).  Method two adds: a bid of 0 that takes no trick scores 5 (TD405), in main bawah
only unless ``method-two-modes=both``.  Method three multiplies a positive score by the
multiplier (TD406); combined with method two, the 5 is multiplied too unless
``multiply-bonus=no``.
"""

from __future__ import annotations

from attrs import frozen

from trufspec.spec.options import Readings

__all__ = ["Scored", "score"]

ZERO_BID = 5
"""Method two's score for a bid of 0 that takes no trick."""


@frozen
class Scored:
    """A score with the clause that fixes it and, under method three, the working."""

    points: int
    clause: str
    working: str = ""
    judged: tuple[str, ...] = ()
    """The clauses whose conditions were weighed to reach the score, the one that fixes it
    among them."""


def score(bid: int, taken: int, high: bool, options: Readings) -> Scored:
    """The score of one player for one deal."""
    method = options["scoring"]
    base = taken - bid if high else bid - taken
    clause = "TD402" if base == 0 else ("TD404" if high else "TD403")
    bonus = (
        method in ("two", "three-with-two")
        and bid == 0
        and taken == 0
        and (not high or options["method-two-modes"] == "both")
    )
    judged = [clause]
    if method in ("two", "three-with-two") and bid == 0 and taken == 0:
        judged.append("TD405")
    if bonus:
        base, clause = ZERO_BID, "TD405"
    multiplied = method in ("three", "three-with-two") and base > 0
    if multiplied:
        judged.append("TD406")
    if multiplied and (not bonus or options["multiply-bonus"] == "yes"):
        multiplier = options.integer("multiplier")
        return Scored(
            base * multiplier, "TD406", f"{base} times the multiplier {multiplier}", tuple(judged)
        )
    return Scored(base, clause, judged=tuple(judged))
