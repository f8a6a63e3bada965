"""The score of a hand: trick points first, then honours, with the bar at eight.

At the end of a hand (RH-A9): each team scores one point per trick over six (RH402); a team
those points bring to the target has won, and no honours are applied (RH405); otherwise a team
holding three or four honours scores their value (RH404) unless the bar at eight withholds it
(RH406).  Only one team can take more than six tricks and only one can hold three honours, so
the order decides every case.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from trufspec.cards import Card, Rank, Suit
from trufspec.spec.options import Readings

__all__ = ["Scored", "score_hand", "honours_in", "honour_value", "TESTED"]

HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
WORDS = {3: "three", 4: "four"}

TESTED = {
    "RH402": ("RH402",),
    "RH405": ("RH402", "RH405"),
    "RH406": ("RH402", "RH405", "RH406"),
    "RH404": ("RH402", "RH405", "RH406", "RH404"),
}
"""The clauses a team's score was tested by, from the clause that fixed it: the tests run in
the source's order (trick points, a win on tricks, the bar, honours) and stop at the first
that settles the score."""


@frozen
class Scored:
    """A team's score for a hand, the clause that fixes it and the working, in words."""

    points: int
    clause: str
    working: str


def honours_in(cards: list[Card], trump: Suit) -> int:
    """How many of the ace, king, queen and jack of trumps are among ``cards``."""
    return sum(1 for card in cards if card.suit == trump and card.rank in HONOURS)


def honour_value(count: int, options: Readings) -> int:
    """RH404: what a team's honours score (RH-A7)."""
    three, four = (2, 4) if options["honour-points"] == "2-and-4" else (1, 2)
    return {3: three, 4: four}.get(count, 0)


def _trick_working(taken: int) -> str:
    over = taken - 6
    if over <= 0:
        return "no trick over six"
    return (
        f"{over} point{'s' if over != 1 else ''} for the trick{'s' if over != 1 else ''} over six"
    )


def score_hand(
    taken: Mapping[str, int],
    honours: Mapping[str, int],
    before: Mapping[str, int],
    options: Readings,
) -> dict[str, Scored]:
    """The score of each team (keys of ``before``) for a hand."""
    target = options.integer("target-points")
    bar = options.integer("honours-bar-score")
    tricks = {team: max(taken[team] - 6, 0) for team in before}
    after = {team: before[team] + tricks[team] for team in before}
    winner = next((team for team in before if after[team] >= target), None)
    tested = after if options["honours-bar-timing"] == "after-tricks" else before
    barred = {team for team in before if tested[team] == bar}
    if options["honours-bar-scope"] == "both-teams" and barred:
        barred = set(before)
    scores = {}
    for team in before:
        working = _trick_working(taken[team])
        value = honour_value(honours[team], options)
        if value == 0:
            scores[team] = Scored(tricks[team], "RH402", working)
        elif winner is not None:
            reason = (
                f"{winner} reaches {after[winner]} on tricks and wins, so honours are not applied"
            )
            scores[team] = Scored(tricks[team], "RH405", f"{working}; {reason}")
        elif team in barred:
            holder = next(t for t in before if t in barred and tested[t] == bar)
            moment = (
                "after the tricks"
                if options["honours-bar-timing"] == "after-tricks"
                else "at the start of the hand"
            )
            reason = f"{holder} has {bar} {moment}, so honours are not applied"
            scores[team] = Scored(tricks[team], "RH406", f"{working}; {reason}")
        else:
            scores[team] = Scored(
                tricks[team] + value,
                "RH404",
                f"{working}, {value} for {WORDS[honours[team]]} honours",
            )
    return scores
