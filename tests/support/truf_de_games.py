"""Hypothesis strategies for truf-de games, over the option grid the property tests explore.

The games themselves come from :mod:`oracle_truf_de`, the independent statement of
the rules (it imports nothing from ``trufspec.engine`` or ``trufspec.rulesets``): here are only
the grid of readings and the strategies, which let Hypothesis draw the seed, the readings, the
length, the level of detail, and whether the players are bots or make any legal choice (which
reaches odd but legal games the bots would not play).
"""

from __future__ import annotations

import random

from hypothesis import strategies as st
from oracle_truf_de import GeneratedGame, random_game

__all__ = ["OPTION_GRID", "de_options", "truf_de_games"]

OPTION_GRID: dict[str, tuple[str, ...]] = {
    "scoring": ("one", "two", "three", "three-with-two"),
    "multiplier": ("2", "3"),
    "method-two-modes": ("bawah-only", "both"),
    "multiply-bonus": ("yes", "no"),
    "winner": ("highest-total", "lowest-total"),
    "dealer-tie": ("next-in-direction", "any-tied"),
    "redeal-pictures": ("aces-and-pictures", "pictures-only"),
    "direction": ("alternate-ccw-first", "fixed-ccw", "fixed-cw"),
}


def de_options() -> st.SearchStrategy[dict[str, str]]:
    """Every combination of the option grid."""
    return st.fixed_dictionaries(
        {key: st.sampled_from(values) for key, values in OPTION_GRID.items()}
    )


@st.composite
def truf_de_games(
    draw: st.DrawFn,
    options: st.SearchStrategy[dict[str, str]] | None = None,
    deals: st.SearchStrategy[int] = st.sampled_from([1, 2, 3, 13]),
    detail: st.SearchStrategy[str] = st.sampled_from(["full", "score-sheet"]),
) -> GeneratedGame:
    """A legal truf-de game over the option grid, with its record text."""
    chosen = draw(options if options is not None else de_options())
    count = draw(deals)
    kind = draw(detail)
    bots = draw(st.booleans())
    seed = draw(st.randoms(use_true_random=False)).getrandbits(64)
    return random_game(random.Random(seed), chosen, count, kind, bots=bots)
