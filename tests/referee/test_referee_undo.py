"""Undo in every ruleset: any walk of take-backs and moves played again leaves the state, its
record and its legal actions exactly as playing to the same point does; and a copy of a
state, however made, plays on alone."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from trufspec import dumps
from trufspec.games import GAMES
from trufspec.referee import GameState, new_game
from trufspec.referee.state import UNDO_STRIDE
from trufspec.referee.tricks import TrickGame

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")


def seen_at(state: GameState) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """What a table sees of a state: its record, who is to act and the first legal actions."""
    legal = state.legal_actions()
    first = tuple(str(legal[i]) for i in range(min(len(legal), 12)))
    return dumps([state.record()]), state.to_act, first


@pytest.mark.parametrize("ruleset", [game.id for game in GAMES])
@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 10**6), walk=st.lists(st.integers(-70, 25), min_size=4, max_size=12))
def test_a_walk_of_undos_and_moves_again_reaches_the_states_play_reaches(
    ruleset: str, seed: int, walk: list[int]
) -> None:
    rng = random.Random(seed)
    state = new_game(ruleset, PLAYERS, seed=seed)
    seen = [seen_at(state)]
    while not state.is_game_over and len(state.history) < 16 * UNDO_STRIDE + 5:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        seen.append(seen_at(state))
    played = list(state.history)
    for step in walk:
        if step < 0:
            for _ in range(min(-step, len(state.history))):
                state.undo()
        else:
            for action in played[len(state.history) : len(state.history) + step]:
                state.apply(action)
        assert seen_at(state) == seen[len(state.history)]
    for action in played[len(state.history) :]:
        state.apply(action)
    assert seen_at(state) == seen[-1]


@pytest.mark.parametrize("ruleset", [game.id for game in GAMES])
@pytest.mark.parametrize(
    "duplicate",
    [GameState.copy, copy.deepcopy, lambda state: pickle.loads(pickle.dumps(state))],
    ids=["copy", "deepcopy", "pickle"],
)
def test_a_state_copied_deep_copied_or_pickled_mid_deal_plays_on_alone(
    ruleset: str, duplicate: Callable[[GameState], GameState]
) -> None:
    """A state in the middle of a deal, copied (search), deep-copied (OpenSpiel's clone) or
    pickled (OpenSpiel's saved state), in either build: the copy plays on as the state would,
    and playing it leaves the state as it was."""
    rng = random.Random(3)
    state = new_game(ruleset, PLAYERS, seed=3)
    # A game of tricks, in the middle of one; Tromplemond, which plays none, at its vote.
    while not (
        state.table.current if isinstance(state, TrickGame) and state.table else state.history[3:]
    ):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    before = seen_at(state)
    other = duplicate(state)
    assert seen_at(other) == before
    rest = []
    for _ in range(60):  # to the end of the deal, or of what the player to act may do
        legal = other.legal_actions()
        if other.is_deal_over or not legal:
            break
        rest.append(legal[rng.randrange(len(legal))])
        other.apply(rest[-1])
    assert rest
    assert seen_at(state) == before
    for action in rest:
        state.apply(action)
    assert seen_at(state) == seen_at(other)
