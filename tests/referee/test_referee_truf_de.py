"""The truf-de referee: whole games, the dealer, thrown-in hands and resumed records."""

from __future__ import annotations

import random

import pytest
from referee_play import assert_resumes, play_until, why_refused

from trufspec import check_text, dumps
from trufspec.cards import parse_card
from trufspec.diagnostics import Severity
from trufspec.referee import BidCards, NextDeal, Refused, new_game

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")


@pytest.mark.parametrize(
    "readings",
    [
        {},
        {"winner": "lowest-total", "scoring": "three", "direction": "fixed-cw"},
        {"dealer-tie": "any-tied", "scoring": "two"},
    ],
)
def test_a_game_of_thirteen_deals_checks_clean_with_its_scores(readings: dict[str, str]) -> None:
    state = play_until(
        new_game("truf-de", PLAYERS, readings, seed=21), random.Random(2), lambda s: s.is_game_over
    )
    assert len(state.scores) == 13 and state.winners
    report = check_text(dumps([state.record()]))
    assert [
        d.code for d in report.diagnostics if d.severity in (Severity.ERROR, Severity.WARNING)
    ] == []
    (game,) = report.games
    assert [d.scores for d in game.deals] == state.scores and game.winners == state.winners


def test_the_lowest_total_deals_next_and_anyone_else_is_refused_under_td105() -> None:
    state = play_until(
        new_game("truf-de", PLAYERS, seed=5), random.Random(1), lambda s: s.phase == "end"
    )
    lowest = min(state.totals.values())
    dealers = state.to_act
    assert dealers and all(state.totals[p] == lowest for p in dealers)
    other = next(p for p in PLAYERS if state.totals[p] != lowest)
    refusal = state.why_not(NextDeal(other))
    assert (
        refusal is not None and refusal.code == "TD105" and f"dealt by {other}" in refusal.message
    )
    state.apply(NextDeal(dealers[0]))
    assert (
        state.deal_number == 2
        and state.phase == "bids"
        and "dealer " + dealers[0] in dumps([state.record()])
    )


def test_a_bid_is_one_card_of_the_hand() -> None:
    state = new_game("truf-de", PLAYERS, seed=3)
    hand = state.hand("Ana")
    assert list(state.legal_actions("Ana")) == [BidCards("Ana", (c,)) for c in hand]
    refusal = why_refused(state, BidCards("Ana", hand[:2]))
    assert refusal.code == "TD201" and "bid 2 cards" in refusal.message
    stranger = state.hand("Budi")[0]
    assert why_refused(state, BidCards("Ana", (stranger,))).code == "TD201"


def test_bad_set_ups_are_refused() -> None:
    with pytest.raises(Refused) as raised:
        new_game("truf-de", PLAYERS[:3])
    assert raised.value.diagnostic.code == "TD001"
    numbers = [parse_card(f"{rank}{suit}") for suit in "SHDC" for rank in range(2, 11)]
    pictures = [parse_card(f"{rank}{suit}") for suit in "SHDC" for rank in "JQKA"]
    pack = (
        numbers[:13] + numbers[13:26] + numbers[26:36] + pictures[:3] + pictures[3:] + numbers[36:]
    )
    hands = {p: tuple(pack[i * 13 : (i + 1) * 13]) for i, p in enumerate(PLAYERS)}
    with pytest.raises(Refused) as raised:
        new_game("truf-de", PLAYERS, hands=[hands])
    assert raised.value.diagnostic.code == "TD103"
    with pytest.raises(Refused) as raised:
        new_game("truf-de", PLAYERS, dealer="Zoe")
    assert raised.value.diagnostic.code == "REF002"


def test_a_dealt_hand_is_never_one_to_throw_in() -> None:
    for seed in range(40):
        state = new_game("truf-de", PLAYERS, {"redeal-pictures": "pictures-only"}, seed=seed)
        assert all(
            any(c.rank.value <= 10 for c in state.hand(p))
            and any(c.rank.value > 10 for c in state.hand(p))
            for p in PLAYERS
        )


def test_a_truf_de_record_resumes_at_any_cut() -> None:
    texts = assert_resumes(
        new_game("truf-de", PLAYERS, seed=8, dealer="Citra"), random.Random(6), 2, 10
    )
    assert "dealer Citra" in texts[0]
