"""Hypothesis strategies over the ruff-and-honours oracle.

The rules core (the deal, the ruff, the play, the scoring and the record) is the oracle's,
:mod:`oracle_ruff_and_honours`, which is written from the source text and imports
nothing from ``trufspec.engine`` or ``trufspec.rulesets``.  Here are only the test's choices:
the grid of readings to play under and the strategies that draw games from it, played by the
bots or by uniformly random legal choices.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st
from oracle_ruff_and_honours import (
    BOTS,
    PACK,
    PLAYERS,
    TEAMS,
    UNIFORM,
    GeneratedGame,
    Policy,
    card_text,
    random_game,
    render,
    score_hand,
)

__all__ = [
    "OPTION_GRID",
    "PACK",
    "PLAYERS",
    "TEAMS",
    "GeneratedGame",
    "card_text",
    "random_game",
    "render",
    "score_hand",
    "rh_options",
    "rh_games",
]

OPTION_GRID: dict[str, tuple[str, ...]] = {
    "ruff": ("compulsory", "optional"),
    "ruff-discard-from": ("any-of-16", "original-12"),
    "honours-basis": ("held-after-ruff", "as-dealt", "as-dealt-plus-ruff-gain"),
    "honour-points": ("2-and-4", "1-and-2"),
    "honours-bar-scope": ("own-team", "both-teams"),
    "honours-bar-timing": ("after-tricks", "start-of-hand"),
    "target-points": ("9", "4"),
}
"""The options the tests vary; the bar is always one below the target."""


def _with_bar(options: dict[str, str]) -> dict[str, str]:
    return options | {"honours-bar-score": str(int(options["target-points"]) - 1)}


def rh_options() -> st.SearchStrategy[dict[str, str]]:
    """Every combination of the option grid."""
    grid = st.fixed_dictionaries(
        {key: st.sampled_from(values) for key, values in OPTION_GRID.items()}
    )
    return grid.map(_with_bar)


@st.composite
def rh_games(
    draw: st.DrawFn, max_hands: st.SearchStrategy[int] = st.integers(1, 6)
) -> GeneratedGame:
    """A legal game under any combination of the grid, played by the bots or by uniformly
    random legal choices, rendered."""
    options = draw(rh_options())
    seed = draw(st.randoms(use_true_random=False)).getrandbits(64)
    policies: list[Policy] = [BOTS, UNIFORM]
    policy = draw(st.sampled_from(policies))
    return render(random_game(random.Random(seed), options, draw(max_hands), policy=policy))
