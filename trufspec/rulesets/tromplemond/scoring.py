"""Scoring a round: the formula of TM401 and TM402.

For each player i who stays in, with S the other players whose hands count:
``score_i = own_i + sum(own_j / 2 for j in S) - 20 * sum(jacks_j for j in S)``, where ``own`` is
the card points of all five cards (a jack 0).  The player voted off scores 0 and their hand
counts for nobody.  Card points are all even, so the halves are whole numbers.  An irregularity
may take a player out of the scoring in the same way (TM901, TM904), or under
``early-reveal-mode=offender-zero-but-hand-counts`` score a player 0 whose hand still counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import frozen

from trufspec.cards import Card
from trufspec.rulesets.tromplemond.pack import is_jack, points

__all__ = ["JACK_PENALTY", "Scored", "round_scores"]

JACK_PENALTY = 20


@frozen
class Scored:
    """A player's score with its working, for the message of a wrong score."""

    points: int
    working: str


def round_scores(
    seats: Sequence[str],
    hands: Mapping[str, Sequence[Card]],
    counted: frozenset[str],
    zero: frozenset[str],
) -> dict[str, Scored]:
    """The scores of a round: ``counted`` hands give half points and cost jacks to the others;
    the players in ``zero`` score 0; ``hands`` holds at least the counted hands."""
    scores = {}
    for player in seats:
        if player in zero or player not in counted:
            scores[player] = Scored(0, "out of the round")
            continue
        own = points(hands[player])
        others = [p for p in seats if p in counted and p != player]
        half = sum(points(hands[p]) // 2 for p in others)
        jacks = sum(1 for p in others for card in hands[p] if is_jack(card))
        total = own + half - JACK_PENALTY * jacks
        working = f"{own} own + {half} half of the others - {JACK_PENALTY * jacks} for {jacks} jack{'s' if jacks != 1 else ''}"
        scores[player] = Scored(total, working)
    return scores
