"""Resume anywhere: a record cut at any action resumes to the state the live game had there.

For every ruleset with a referee (truf-jb at four and three), under random readings of every
option, a random game is played; its record is cut at every action outside the play of tricks
and at a few among the cards, resumed with the game's seed, and the rest of the game's actions
are applied to the resumed state.  At every
step the phase, the players to act and the legal actions are the live game's, and at the end
the record and the scores are the same.  A server that keeps games as records and resumes one
before each action is sound only because this holds.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from referee_properties import BUDGET, TABLES, fresh, play, readings

from trufspec import dumps
from trufspec.referee import resume
from trufspec.referee.state import GameState


def snapshot(state: GameState) -> tuple[object, ...]:
    """What must be the same in a live game and the game resumed from its record: the legal
    actions by their number and a sample at fixed places (a truf-jb hand has millions of
    bids; the hands and bids that make them are compared through the record)."""
    legal = state.legal_actions()
    step = max(1, len(legal) // 64)
    return (
        state.phase,
        state.deal_number,
        state.to_act,
        len(legal),
        tuple(legal[::step]),
        tuple(state.totals.items()),
        len(state.scores),
    )


@pytest.mark.slow
@BUDGET
@given(
    table=st.sampled_from(sorted(TABLES)),
    seed=st.integers(0, 2**16),
    irregular=st.sampled_from((0.0, 0.05, 0.3)),
    data=st.data(),
)
def test_a_record_cut_at_any_action_resumes_to_the_live_game(
    table: str, seed: int, irregular: float, data: st.DataObject
) -> None:
    chosen = data.draw(readings(TABLES[table][0]), label="readings")
    live = fresh(table, chosen, seed)
    seen = [snapshot(live)]
    rng = random.Random(seed)
    while live.deal_number <= 2 and not live.is_game_over and len(live.history) < 300:
        play(live, rng, 2, irregular, len(live.history) + 1)
        seen.append(snapshot(live))
    actions, whole = live.history, dumps([live.record()])
    # Every cut outside the play of tricks (where the phases change and the table's statements
    # are made), and a few drawn among the cards.
    drawn = data.draw(st.lists(st.integers(0, len(actions)), max_size=3), label="cuts")
    cuts = {cut for cut, shot in enumerate(seen) if shot[0] != "play"} | set(drawn)
    for cut in sorted(cuts):
        again = fresh(table, chosen, seed)
        for action in actions[:cut]:
            again.apply(action)
        text = dumps([again.record()])
        state = resume(text, seed=seed)
        assert snapshot(state) == seen[cut], text
        for step, action in enumerate(actions[cut:], start=cut + 1):
            state.apply(action)
            assert snapshot(state) == seen[step], (step, action, text)
        assert dumps([state.record()]) == whole, text
        assert state.scores == live.scores
