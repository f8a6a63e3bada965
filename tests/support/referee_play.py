"""Helpers of the referee tests: random play, and records resumed at random cuts."""

from __future__ import annotations

import random
from collections.abc import Callable

from trufspec import dumps
from trufspec.diagnostics import Diagnostic
from trufspec.engine.tricks import TrickPlay
from trufspec.referee import resume
from trufspec.referee.actions import Action
from trufspec.referee.state import GameState
from trufspec.referee.tricks import TrickGame
from trufspec.referee.tromplemond import TromplemondState, is_irregularity

IRREGULAR = 0.03
"""How often random play states one of the irregularities on offer (Tromplemond's), which
would otherwise crowd out the game."""


def pick(state: GameState, rng: random.Random, irregular: float = IRREGULAR) -> Action:
    """A random legal action, an irregularity only at the chance ``irregular``."""
    legal = state.legal_actions()
    if not isinstance(state, TromplemondState):  # the only one whose table states irregularities
        return rng.choice(legal)
    fair = [a for a in legal if not is_irregularity(a)]
    if len(fair) < len(legal) and rng.random() >= irregular:
        legal = fair
    return rng.choice(legal)


def why_refused(state: GameState, action: Action) -> Diagnostic:
    """The referee's refusal of ``action``, which the test expects refused."""
    refusal = state.why_not(action)
    assert refusal is not None, action
    return refusal


def trick_play(state: GameState) -> TrickPlay:
    """The play of tricks of a game whose play has begun."""
    assert isinstance(state, TrickGame) and state.table is not None
    return state.table


def play_until(
    state: GameState,
    rng: random.Random,
    done: Callable[[GameState], bool],
    irregular: float = IRREGULAR,
) -> GameState:
    """Apply random legal actions until ``done``, irregularities at the chance ``irregular``."""
    while not done(state):
        state.apply(pick(state, rng, irregular))
    return state


def assert_resumes(state: GameState, rng: random.Random, deals: int, cuts: int) -> list[str]:
    """Play ``deals`` deals at random, recording after each action; a record cut at ``cuts``
    random actions resumes to the same record.  The records, in order."""
    texts = []
    while state.deal_number <= deals and not state.is_game_over:
        state.apply(pick(state, rng))
        texts.append(dumps([state.record()]))
    for text in rng.sample(texts, cuts):
        assert dumps([resume(text).record()]) == text
    return texts
