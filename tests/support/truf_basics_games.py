"""The Hypothesis side of the truf-basics oracle: strategies of legal games and options.

The oracle itself (the rules written again from "Truf: The Basics", the game model, the bots,
fault injection and rendering) is :mod:`oracle_truf_basics`, which
imports nothing from ``trufspec.engine`` or ``trufspec.rulesets``; this module adds what only
the tests need: the grid of option readings and the strategies drawing from it.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st
from oracle_truf_basics import (
    DEFAULT_OPTIONS,
    PACK,
    PLAYERS,
    Card,
    Fault,
    GeneratedDeal,
    GeneratedDeclaration,
    GeneratedGame,
    Lines,
    card_text,
    card_value,
    declaration_target,
    declaration_valid,
    random_game,
    render,
    score_of,
    winner_of,
)

__all__ = [
    "DEFAULT_OPTIONS",
    "OPTION_GRID",
    "PACK",
    "PLAYERS",
    "Card",
    "Fault",
    "GeneratedDeal",
    "GeneratedDeclaration",
    "GeneratedGame",
    "Lines",
    "basics_options",
    "card_text",
    "card_value",
    "declaration_target",
    "declaration_valid",
    "random_game",
    "render",
    "score_of",
    "truf_basics_games",
    "winner_of",
]

OPTION_GRID: dict[str, tuple[str, ...]] = {
    "no-truf-by-choice": ("no", "yes"),
    "subtract-valid": ("sum", "result"),
    "same-suit-tiebreak": ("cards-value-rank", "rank"),
    "trump-lead": ("free", "until-broken"),
}
"""Every reading of the options the oracle plays by, defaults first."""


# ----------------------------------------------------------------------------- Hypothesis


def basics_options() -> st.SearchStrategy[dict[str, str]]:
    """Every combination of the option grid."""
    return st.fixed_dictionaries(
        {key: st.sampled_from(values) for key, values in OPTION_GRID.items()}
    )


@st.composite
def truf_basics_games(
    draw: st.DrawFn, deals: st.SearchStrategy[int] = st.integers(1, 6)
) -> GeneratedGame:
    """A legal truf-basics game: every option combination, 1 to 6 rounds, a full record or a
    score sheet, played by the bots or by chance."""
    chosen = draw(basics_options())
    count = draw(deals)
    detail = draw(st.sampled_from(["full", "score-sheet"]))
    seed = draw(st.randoms(use_true_random=False)).getrandbits(64)
    bots = draw(st.booleans())
    return random_game(random.Random(seed), chosen, count, detail, bots=bots)
