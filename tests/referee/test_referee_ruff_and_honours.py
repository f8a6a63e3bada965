"""The Ruff and Honours referee: whole games, the ruff, the dealer, views and resumed records."""

from __future__ import annotations

import random

import pytest
from referee_play import assert_resumes, play_until, why_refused

from trufspec import check_text, dumps
from trufspec.diagnostics import Severity
from trufspec.referee import Choose, Discard, NextDeal, PlayCard, Refused, new_game
from trufspec.referee.ruff_and_honours import RuffAndHonoursState

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")
READINGS = [
    {},
    {"ruff": "optional", "hand-end": "when-decided"},
    {"honours-basis": "as-dealt", "ruff-discard-from": "original-12"},
    {
        "honours-bar-timing": "start-of-hand",
        "honour-points": "1-and-2",
        "honours-basis": "as-dealt-plus-ruff-gain",
    },
]


@pytest.mark.parametrize("readings", READINGS)
def test_a_game_to_nine_checks_clean_with_its_scores(readings: dict[str, str]) -> None:
    state = play_until(
        new_game("ruff-and-honours", PLAYERS, readings, seed=3),
        random.Random(8),
        lambda s: s.is_game_over,
    )
    report = check_text(dumps([state.record()]))
    assert [
        d.code for d in report.diagnostics if d.severity in (Severity.ERROR, Severity.WARNING)
    ] == []
    (game,) = report.games
    assert [d.scores for d in game.deals] == state.scores and game.winners == state.winners
    assert max(state.totals.values()) >= 9 and set(state.totals) == {"Ana+Citra", "Budi+Dewi"}


def test_the_ruff_is_the_entitled_players_and_judged_by_the_rules() -> None:
    state = new_game("ruff-and-honours", PLAYERS, seed=5)
    assert isinstance(state, RuffAndHonoursState)
    ruffer = state.current_player
    assert ruffer is not None
    assert state.phase == "ruff" and state.to_act == (ruffer,)
    pool = state.hand(ruffer)  # the ruffer has taken up the stock
    assert pool[-4:] == state.stock and len(pool) == 16
    seen = state.view(ruffer)
    assert seen.hand == pool and all(str(c) in state.observation_string(ruffer) for c in pool)
    other = next(p for p in PLAYERS if p != ruffer)
    assert not any(str(c) in state.observation_string(other) for c in state.stock[1:])
    assert why_refused(state, Discard(other, state.hand(other)[:4])).code == "RH104"
    refusal = why_refused(state, Discard(ruffer, pool[:3]))
    assert refusal.code == "RH105" and "discarded 3 cards, not 4" in refusal.message
    assert why_refused(state, Choose(ruffer, "declines")).code == "RH107"
    assert len(state.legal_actions()) == 1820  # four of the sixteen cards
    state.apply(Discard(ruffer, pool[-4:]))
    assert state.phase == "play" and state.current_player == PLAYERS[1]
    assert set(state.hand(ruffer)) == set(pool[:-4])
    assert all(str(c) in state.observation_string(ruffer) for c in state.stock)


def test_the_player_to_the_left_of_the_dealer_deals_next() -> None:
    state = play_until(
        new_game("ruff-and-honours", PLAYERS, seed=2, dealer="Citra"),
        random.Random(1),
        lambda s: s.phase == "end",
    )
    assert state.to_act == ("Dewi",)
    refusal = why_refused(state, NextDeal("Ana"))
    assert refusal.code == "RH106"
    state.apply(NextDeal("Dewi"))
    assert state.phase == "ruff" and state.deal_number == 2


def test_a_card_out_of_turn_is_answered_with_whose_turn_it_is() -> None:
    state = play_until(
        new_game("ruff-and-honours", PLAYERS, seed=2),
        random.Random(1),
        lambda s: s.phase == "play",
        irregular=0,
    )
    leader = state.current_player
    assert leader is not None
    other = next(p for p in PLAYERS if p != leader)
    early = why_refused(state, PlayCard(other, state.hand(other)[0]))
    assert (early.code, early.message) == ("RH301", f"it is {leader}'s lead")
    state.apply(state.legal_actions(leader)[0])
    follower = state.current_player
    wrong = next(p for p in PLAYERS if p not in (leader, follower))
    late = why_refused(state, PlayCard(wrong, state.hand(wrong)[0]))
    assert late.message == f"it is {follower}'s turn: play goes clockwise"
    again = why_refused(state, PlayCard(leader, state.hand(leader)[0]))
    assert again.message == f"{leader} has already played to this trick"
    assert again.said_to(leader) == "You have already played to this trick"


def test_a_view_hides_the_stock_and_the_discards_of_others() -> None:
    state = new_game("ruff-and-honours", PLAYERS, seed=5)
    assert isinstance(state, RuffAndHonoursState)
    ruffer = state.current_player
    assert ruffer is not None
    discards = (state.hand(ruffer) + state.stock)[-4:]
    state.apply(Discard(ruffer, discards))
    other = next(p for p in PLAYERS if p != ruffer)
    text = dumps([state.view(other).record])
    assert f"stock {state.stock[0]}\n" in text and f"ruff {ruffer} discards *\n" in text
    assert "discards " + " ".join(map(str, discards)) in dumps([state.view(ruffer).record])


def test_a_record_resumes_at_any_cut_and_bad_set_ups_are_refused() -> None:
    assert_resumes(
        new_game("ruff-and-honours", PLAYERS, {"ruff": "optional"}, seed=7), random.Random(2), 2, 10
    )
    with pytest.raises(Refused) as raised:
        new_game("ruff-and-honours", PLAYERS[:3])
    assert raised.value.diagnostic.code == "RH001"
