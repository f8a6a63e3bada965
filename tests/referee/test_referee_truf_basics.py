"""The truf-basics referee: whole games, declarations, the trump player's choices, resuming."""

from __future__ import annotations

import random
from typing import cast

import pytest
from referee_play import assert_resumes, play_until, trick_play, why_refused

from trufspec import check_text, dumps
from trufspec.cards import Card, parse_card
from trufspec.diagnostics import Severity
from trufspec.referee import BidCards, Choose, Refused, new_game
from trufspec.referee.state import GameState

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(w) for w in text.split())


@pytest.mark.parametrize(
    "readings",
    [
        {},
        {"no-truf-by-choice": "yes", "trump-lead": "until-broken"},
        {"subtract-valid": "result", "same-suit-tiebreak": "rank"},
    ],
)
def test_six_rounds_check_clean_with_their_scores(readings: dict[str, str]) -> None:
    state = play_until(
        new_game("truf-basics", PLAYERS, readings, seed=31),
        random.Random(3),
        lambda s: s.is_game_over,
    )
    report = check_text(dumps([state.record()]))
    assert [
        d.code for d in report.diagnostics if d.severity in (Severity.ERROR, Severity.WARNING)
    ] == []
    (game,) = report.games
    assert (
        len(state.scores) == 6
        and [d.scores for d in game.deals] == state.scores
        and game.winners == state.winners
    )


HANDS = {
    "Ana": cards("9S 8S AH KH 7H 6H JD 10D 7D 5D AC 9C 5C"),
    "Budi": cards("JS 3S 2S JH 10H 8H 5H KD QD 9D 8D 3D JC"),
    "Citra": cards("AS KS 10S 7S 5S 4S QH 9H AD 6D 4D QC 2C"),
    "Dewi": cards("QS 6S 4H 3H 2H 2D KC 10C 8C 7C 6C 4C 3C"),
}


def test_declarations_are_judged_by_their_forms() -> None:
    state = new_game("truf-basics", PLAYERS, hands=[HANDS])
    assert state.why_not(BidCards("Ana", cards("9C 5C"), frozenset({1}))) is None  # SUBTRACT 9 - 5
    refusal = why_refused(state, BidCards("Ana", cards("AH 5D")))
    assert refusal.code == "TB205"  # NO TRUF worth 6, below 7
    assert why_refused(state, BidCards("Ana", cards("AH KH 7H"))).code == "TB201"
    assert why_refused(state, BidCards("Ana", cards("AH"), frozenset({0}))).code == "TB201"
    legal = state.legal_actions("Ana")
    assert (
        BidCards("Ana", cards("9C 5C"), frozenset({1})) in legal
        and BidCards("Ana", cards("AH 5D")) not in legal
    )
    assert all(len(cast(BidCards, b).cards) <= 2 for b in legal)


def test_the_trump_player_may_choose_no_trump_under_the_reading() -> None:
    def bid(readings: dict[str, str]) -> GameState:
        state = new_game("truf-basics", PLAYERS, readings, hands=[HANDS])
        for player, declared in zip(PLAYERS, ("9C", "2S", "5S", "4C")):
            state.apply(BidCards(player, cards(declared)))
        return state

    fixed = bid({})
    assert fixed.phase == "play" and "contract Ana trump C atas" in dumps([fixed.record()])
    chooser = bid({"no-truf-by-choice": "yes"})
    assert chooser.phase == "contract"
    assert [str(a) for a in chooser.legal_actions()] == ["trump C atas", "trump NT atas"]
    assert why_refused(chooser, Choose("Ana", "trump C bawah")).code == "TB213"
    chooser.apply(Choose("Ana", "trump NT atas"))
    assert trick_play(chooser).trump is None


def test_a_truf_basics_record_resumes_at_any_cut_and_bad_set_ups_are_refused() -> None:
    assert_resumes(
        new_game("truf-basics", PLAYERS, {"no-truf-by-choice": "yes"}, seed=4),
        random.Random(9),
        2,
        10,
    )
    with pytest.raises(Refused) as raised:
        new_game("truf-basics", PLAYERS[:3])
    assert raised.value.diagnostic.code == "TB001"
