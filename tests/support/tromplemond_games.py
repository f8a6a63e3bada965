"""The Hypothesis side of the tromplemond oracle: strategies and option grids for the tests.

The rules, the game model, the random game and its rendering live in
:mod:`oracle_tromplemond`, which imports nothing from the engine or the rulesets; this
module draws games from it, by bots or by uniform choices, under options drawn from a grid, and
mutates them for the single-fault tests.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

from hypothesis import strategies as st
from oracle_tromplemond import (
    PLAYERS,
    GeneratedGame,
    GeneratedRound,
    jacks,
    random_game,
    render,
    round_scores,
)

__all__ = [
    "PLAYERS",
    "GeneratedRound",
    "GeneratedGame",
    "jacks",
    "round_scores",
    "random_game",
    "mutated",
    "tromplemond_games",
    "option_grid",
    "OPTION_GRID",
]

OPTION_GRID = {
    "two-way-disagreement": ("card-cut", "revote-all", "revote-others"),
    "cut-loser": ("lowest", "highest"),
    "cut-participants": ("tied-only", "all"),
    "early-reveal-mode": (
        "offender-as-voted-off",
        "offender-zero-but-hand-counts",
        "vote-still-held",
    ),
    "dealer-error-mode": ("as-voted-off", "zero-but-vote-held", "redeal-only"),
    "max-revotes": ("0", "1", "2"),
    "max-rounds": ("1", "2", "3"),
    "target-points": ("40", "200"),
    "betting": ("off", "tromp"),
    "tie-scope": ("first-place", "any-tie"),
    "extra-round-max": ("0", "1"),
}


def mutated(game: GeneratedGame, change: Callable[[GeneratedGame], object]) -> GeneratedGame:
    """A copy of the game with ``change`` applied to its model, rendered again."""
    copied = copy.deepcopy(game)
    change(copied)
    return render(copied)


@st.composite
def tromplemond_games(
    draw: st.DrawFn, options: st.SearchStrategy[dict[str, str]] | None = None
) -> GeneratedGame:
    """Hypothesis strategy: a legal game under options drawn from the grid, played by the bots
    or by uniform choices (which reach odd but legal corners the bots avoid)."""
    chosen = draw(options) if options is not None else draw(option_grid())
    seed = draw(st.integers(0, 2**32 - 1))
    return random_game(random.Random(seed), chosen, bots=draw(st.booleans()))


def option_grid() -> st.SearchStrategy[dict[str, str]]:
    """Options drawn from :data:`OPTION_GRID`, together with the claim order and abstention."""
    grid = dict(
        OPTION_GRID, **{"claim-order": ("clockwise", "free"), "allow-abstain": ("no", "yes")}
    )
    return st.fixed_dictionaries({key: st.sampled_from(values) for key, values in grid.items()})
