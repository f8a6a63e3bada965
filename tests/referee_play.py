"""Helpers of the referee tests: random play, and records resumed at random cuts."""

from __future__ import annotations

import random
from collections.abc import Callable

from trufspec import dumps
from trufspec.referee import resume
from trufspec.referee.state import GameState


def play_until(state: GameState, rng: random.Random, done: Callable[[GameState], bool]) -> GameState:
    """Apply random legal actions until ``done``."""
    while not done(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def assert_resumes(state: GameState, rng: random.Random, deals: int, cuts: int) -> list[str]:
    """Play ``deals`` deals at random, recording after each action; a record cut at ``cuts``
    random actions resumes to the same record.  The records, in order."""
    texts = []
    while state.deal_number <= deals and not state.is_game_over:
        state.apply(rng.choice(state.legal_actions()))
        texts.append(dumps([state.record()]))
    for text in rng.sample(texts, cuts):
        assert dumps([resume(text).record()]) == text
    return texts
