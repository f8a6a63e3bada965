"""The validator's replay and the live engine agree after irregularities the table let stand.

Random deals of every game of tricks, under sampled readings, in which the table now and then
lets a card stand that breaks a rule of play (a revoke, a trump led too early, marked ``!``):
at every step after such a card, each candidate action is legal for the live engine exactly
when the record with that action written at its end checks without an error, and the record
the engine writes checks clean at the end.  Tromplemond has no tricks: what its table lets
stand is a bribe (``bribe Sam!``, Sam plays on), and the same holds after one.  (Before the trick play was one mechanism, a revoke
made with a trump under truf-jb's ``trump-broken-by=ruff-only`` broke trumps for the referee
but not for the validator: this property finds it within a few examples.)
"""

from __future__ import annotations

import random

import pytest
from agreement import (
    JB_READINGS,
    TM_READINGS,
    assert_agree,
    play_candidates,
    tm_candidates,
    validator_accepts,
)
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee_play import pick

from trufspec.referee import Choose, PlayCard, new_game
from trufspec.referee.state import GameState
from trufspec.referee.tricks import TrickGame
from trufspec.referee.tromplemond import TromplemondState
from trufspec.simulate.bots import make_bot

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")

READINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "truf-jb": JB_READINGS,
    "truf-basics": {"trump-lead": ("free", "until-broken")},
    "truf-de": {"direction": ("alternate-ccw-first", "fixed-ccw", "fixed-cw")},
    "ruff-and-honours": {"hand-end": ("all-tricks", "when-decided")},
}


def irregular_plays(state: GameState) -> list[PlayCard]:
    """The cards the table could let stand now: held by a player to play, refused as they
    are, accepted once acknowledged."""
    found = []
    for player in state.to_act:
        for card in state.hand(player):
            plain = PlayCard(player, card)
            if state.is_legal(plain):
                continue
            let_stand = state.acknowledged(plain)
            if state.is_legal(let_stand):
                assert isinstance(let_stand, PlayCard)
                found.append(let_stand)
    return found


def play_irregularly(state: GameState, rng: random.Random, chance: float) -> int:
    """Play a deal at random, the table letting an irregular card stand at ``chance`` of the
    steps where one may be played, and check the agreement at every step after the first
    such card; the number of cards let stand."""
    let_stand = 0
    # The bids come from the basic bot: random ones leave most truf-jb deals without trumps,
    # where the trump rules have nothing to judge.
    bidder = make_bot("basic", rng)
    while not state.is_deal_over:
        if let_stand:
            assert_agree(state, play_candidates(state, rng) if state.phase == "play" else [])
        irregular = irregular_plays(state) if state.phase == "play" else []
        if irregular and rng.random() < chance:
            state.apply(rng.choice(irregular))
            let_stand += 1
        elif state.phase == "play":
            state.apply(pick(state, rng))
        else:
            state.apply(bidder.choose(state, state.to_act[0]))
    assert validator_accepts(state.record())
    return let_stand


@pytest.mark.slow
@settings(max_examples=examples(16), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset=st.sampled_from(sorted(READINGS)),
    seed=st.integers(0, 10_000),
    choices=st.data(),
)
def test_the_replay_and_the_engine_agree_after_cards_let_stand(
    ruleset: str, seed: int, choices: st.DataObject
) -> None:
    readings = {
        key: choices.draw(st.sampled_from(values), label=key)
        for key, values in READINGS[ruleset].items()
    }
    state = new_game(ruleset, PLAYERS, readings, seed=seed)
    play_irregularly(state, random.Random(seed), 0.3)


@pytest.mark.slow
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    readings=st.fixed_dictionaries(
        {}, optional={k: st.sampled_from(v) for k, v in TM_READINGS.items()}
    ),
)
def test_the_replay_and_the_engine_agree_after_bribes_let_stand(
    seed: int, readings: dict[str, str]
) -> None:
    rng = random.Random(seed)
    state = new_game("tromplemond", PLAYERS, readings, seed=seed)
    assert isinstance(state, TromplemondState)
    let_stand = 0
    while state.deal_number < 3 and not state.is_game_over:
        if let_stand:
            assert_agree(state, tm_candidates(state, rng))
        bribe = state.acknowledged(Choose(rng.choice(PLAYERS), f"bribe {rng.choice(PLAYERS)}"))
        if state.phase != "end" and state.is_legal(bribe) and rng.random() < 0.3:
            state.apply(bribe)
            let_stand += 1
        else:
            state.apply(pick(state, rng))
    assert validator_accepts(state.record())


def test_a_trump_revoke_under_ruff_only_does_not_break_trumps_for_either() -> None:
    """The case that once split them: a revoke made with a trump, let stand, under
    ``ruff-only``; across seeds, the engine and the validator agree on the next lead."""
    checked = 0
    for seed in range(2000):
        if checked == 8:
            break
        state = new_game("truf-jb", PLAYERS, {"trump-broken-by": "ruff-only"}, seed=seed)
        assert isinstance(state, TrickGame)
        rng = random.Random(seed)
        bidder = make_bot("basic", rng)
        while state.phase != "play":
            state.apply(bidder.choose(state, state.to_act[0]))
        trump = state.table.trump if state.table is not None else None
        while trump is not None and not state.is_deal_over:
            assert state.table is not None
            ruffs = [
                a
                for a in irregular_plays(state)
                if trump is not None and a.card.suit is trump and state.table.current
            ]
            if ruffs:
                state.apply(ruffs[0])
                checked += 1
                while state.phase == "play" and state.table.current:
                    state.apply(pick(state, rng))
                if state.phase == "play":
                    assert_agree(state, play_candidates(state, rng))
                break
            state.apply(pick(state, rng))
    assert checked == 8
