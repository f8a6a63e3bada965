"""The referee and the validator cannot disagree.

In random games under sampled readings, at random steps, every candidate action (each card of
the hand of each player who may play, a sample of the bid forms, each way of writing a
choice) is legal for the referee exactly when the record with that action written at its end
checks without an error.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from agreement import (
    JB_READINGS,
    TM_READINGS,
    append,
    assert_agree,
    play_candidates,
    tm_candidates,
    validator_accepts,
)
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee_play import pick

from trufspec.cards import FULL_PACK, NT, Suit, parse_card
from trufspec.referee import BidCards, Choose, Discard, NextDeal, new_game
from trufspec.referee.actions import Action
from trufspec.referee.ruff_and_honours import RuffAndHonoursState
from trufspec.referee.state import GameState
from trufspec.referee.truf import TrufState


def play_checking(
    state: GameState,
    rng: random.Random,
    candidates: Callable[[GameState, random.Random], list[Action]],
    done: Callable[[GameState], bool],
    chance: float,
    always: tuple[str, ...] = (),
) -> None:
    """Play at random until ``done``, checking the candidates at a ``chance`` of the steps
    and at every step of the phases ``always``."""
    while not done(state):
        if rng.random() < chance or state.phase in always:
            assert_agree(state, candidates(state, rng))
        state.apply(pick(state, rng))


def jb_candidates(state: GameState, rng: random.Random) -> list[Action]:
    """The actions to try at this point of a truf-jb deal."""
    phase = state.phase
    if phase == "play":
        return play_candidates(state, rng)
    if phase == "contract":
        winner = state.to_act[0]
        assert isinstance(state, TrufState)
        assert state.contract is not None
        assert state.contract.trump is not None
        trump = state.contract.trump.value
        forms = (
            "atas adjust +1",
            "bawah adjust -1",
            "atas adjust +2",
            "bawah adjust +1",
            "atas",
            "bawah",
        )
        return [Choose(winner, f"trump {t} {w}") for t in {trump, NT, Suit.SPADES} for w in forms]
    found: list[Action] = []
    for player in state.to_act:
        listed = state.legal_actions(player)
        found += [listed[rng.randrange(len(listed))] for _ in range(4)]
        hand = state.hand(player)
        pictures = [c for c in hand if c.rank.is_picture or c.rank.value == 10]
        found.append(BidCards(player, hand[:1], frozenset({0})))
        found.append(
            BidCards(player, tuple(pictures[:3]))
            if len(pictures) >= 2
            else BidCards(player, hand[:3])
        )
        stranger = next(c for c in FULL_PACK if c not in hand)
        found.append(BidCards(player, (stranger,)))
    return found


def de_candidates(state: GameState, rng: random.Random) -> list[Action]:
    """The actions to try at this point of a truf-de deal."""
    phase = state.phase
    if phase == "end":
        return [NextDeal(p) for p in state.players]
    if phase != "bids":
        return jb_candidates(state, rng)
    found: list[Action] = []
    for player in state.to_act:
        hand = state.hand(player)
        stranger = next(c for c in FULL_PACK if c not in hand)
        found += [BidCards(player, (c,)) for c in hand]
        found += [
            BidCards(player, (stranger,)),
            BidCards(player, hand[:2]),
            BidCards(player, hand[:1], frozenset({0})),
        ]
    return found


def basics_candidates(state: GameState, rng: random.Random) -> list[Action]:
    """The actions to try at this point of a truf-basics round: in the bids, every card alone
    and a sample of pairs in each marking, and three cards."""
    if state.phase != "bids":
        return jb_candidates(state, rng)
    found: list[Action] = []
    for player in state.to_act:
        hand = state.hand(player)
        found += [BidCards(player, (c,)) for c in hand]
        for _ in range(8):
            pair = tuple(rng.sample(hand, 2))
            found += [
                BidCards(player, pair),
                BidCards(player, pair, frozenset({0})),
                BidCards(player, pair, frozenset({0, 1})),
            ]
        found += [BidCards(player, hand[:3]), BidCards(player, hand[:1], frozenset({0}))]
    return found


BASICS_READINGS = {
    "no-truf-by-choice": ("no", "yes"),
    "subtract-valid": ("sum", "result"),
    "same-suit-tiebreak": ("cards-value-rank", "rank"),
    "trump-lead": ("free", "until-broken"),
}


@pytest.mark.slow
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    readings=st.fixed_dictionaries(
        {}, optional={k: st.sampled_from(v) for k, v in BASICS_READINGS.items()}
    ),
)
def test_the_truf_basics_referee_calls_legal_what_the_validator_accepts(
    seed: int, readings: dict[str, str]
) -> None:
    rng = random.Random(seed)
    state = new_game("truf-basics", ("Ana", "Budi", "Citra", "Dewi"), readings, seed=seed)
    play_checking(
        state, rng, basics_candidates, lambda s: s.deal_number >= 2, 0.15, ("bids", "contract")
    )


DE_READINGS = {
    "dealer-tie": ("next-in-direction", "any-tied"),
    "direction": ("alternate-ccw-first", "fixed-ccw", "fixed-cw"),
    "redeal-pictures": ("aces-and-pictures", "pictures-only", "aces-with-numbers"),
    "scoring": ("one", "two", "three", "three-with-two"),
    "winner": (
        "highest-total",
        "lowest-total",
        "most-tricks",
        "fewest-tricks",
        "tricks-by-variant",
    ),
}


@pytest.mark.slow
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    readings=st.fixed_dictionaries(
        {}, optional={k: st.sampled_from(v) for k, v in DE_READINGS.items()}
    ),
)
def test_the_truf_de_referee_calls_legal_what_the_validator_accepts(
    seed: int, readings: dict[str, str]
) -> None:
    rng = random.Random(seed)
    state = new_game("truf-de", ("Ana", "Budi", "Citra", "Dewi"), readings, seed=seed)
    play_checking(
        state, rng, de_candidates, lambda s: s.deal_number >= 3, 0.15, ("contract", "end")
    )


@pytest.mark.slow
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([("Ana", "Budi", "Citra", "Dewi"), ("Eko", "Fitri", "Gita")]),
    readings=st.fixed_dictionaries(
        {}, optional={k: st.sampled_from(v) for k, v in JB_READINGS.items()}
    ),
)
def test_the_truf_jb_referee_calls_legal_what_the_validator_accepts(
    seed: int, players: tuple[str, ...], readings: dict[str, str]
) -> None:
    rng = random.Random(seed)
    state = new_game("truf-jb", players, readings, seed=seed)
    play_checking(state, rng, jb_candidates, lambda s: s.phase == "end", 0.25, ("contract",))


def test_the_candidates_include_refusals() -> None:
    """The agreement is tested on illegal actions too, not only on legal ones."""
    state = new_game(
        "truf-jb", ("Ana", "Budi", "Citra", "Dewi"), {"single-minus": "reject"}, seed=3
    )
    tried = jb_candidates(state, random.Random(1))
    assert any(not state.is_legal(a) for a in tried)
    assert any(state.is_legal(a) for a in tried)
    assert not validator_accepts(
        append(state, BidCards("Ana", (parse_card("2S"),), frozenset({0})))
    )


def test_the_choices_of_an_even_game_agree_under_every_reading() -> None:
    hands = {
        "Ana": "AS QS JS 8S 7S 6H 5H 2H AD KD JD 10D 2D",
        "Budi": "KS 6S 4S 2S AH 8H 3H 8D 6D KC QC JC 4C",
        "Citra": "3S QH 10H 9H 7H 9D 7D 4D 3D 8C 5C 3C 2C",
        "Dewi": "10S 9S 5S KH JH 4H QD 5D AC 10C 9C 7C 6C",
    }
    given = {p: tuple(parse_card(w) for w in h.split()) for p, h in hands.items()}
    for scope in JB_READINGS["even-adjust-scope"]:
        for amount in JB_READINGS["even-adjust-amount"]:
            state = new_game(
                "truf-jb",
                tuple(hands),
                {"even-adjust-scope": scope, "even-adjust-amount": amount},
                hands=[given],
            )
            for player, bid in zip(hands, ("5H", "4S", "3C", "AC"), strict=False):
                state.apply(BidCards(player, (parse_card(bid),)))
            assert state.phase == "contract"
            assert_agree(state, jb_candidates(state, random.Random(0)))


RH_READINGS = {
    "ruff": ("compulsory", "optional"),
    "ruff-discard-from": ("any-of-16", "original-12"),
    "honours-basis": ("held-after-ruff", "as-dealt", "as-dealt-plus-ruff-gain"),
    "hand-end": ("all-tricks", "when-decided"),
    "target-points": ("9", "3"),
}


def rh_candidates(state: GameState, rng: random.Random) -> list[Action]:
    """The actions to try at this point of a Ruff and Honours hand."""
    if state.phase == "end":
        return [NextDeal(p) for p in state.players]
    if state.phase == "play":
        return play_candidates(state, rng)
    assert isinstance(state, RuffAndHonoursState)
    found: list[Action] = []
    for player in state.players:
        legal = state.legal_actions(state.to_act[0])
        found += [rng.choice(legal) for _ in range(3)] if player == state.to_act[0] else []
        pool = list(state.hand(player)) + list(state.stock)
        found += [
            Discard(player, tuple(rng.sample(pool, 4))),
            Discard(player, tuple(pool[:3])),
            Choose(player, "declines"),
        ]
        stranger = next(c for c in FULL_PACK if c not in pool)
        found.append(Discard(player, (stranger, *pool[:3])))
    return found


@pytest.mark.slow
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    readings=st.fixed_dictionaries(
        {}, optional={k: st.sampled_from(v) for k, v in RH_READINGS.items()}
    ),
)
def test_the_ruff_and_honours_referee_calls_legal_what_the_validator_accepts(
    seed: int, readings: dict[str, str]
) -> None:
    rng = random.Random(seed)
    state = new_game("ruff-and-honours", ("Ana", "Budi", "Citra", "Dewi"), readings, seed=seed)
    play_checking(
        state,
        rng,
        rh_candidates,
        lambda s: s.deal_number >= 3 or s.is_game_over,
        0.15,
        ("ruff", "end"),
    )


@pytest.mark.slow
@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    readings=st.fixed_dictionaries(
        {}, optional={k: st.sampled_from(v) for k, v in TM_READINGS.items()}
    ),
)
def test_the_tromplemond_referee_calls_legal_what_the_validator_accepts(
    seed: int, readings: dict[str, str]
) -> None:
    rng = random.Random(seed)
    state = new_game("tromplemond", ("Ana", "Budi", "Citra", "Dewi"), readings, seed=seed)
    play_checking(
        state,
        rng,
        tm_candidates,
        lambda s: s.deal_number >= 3 or s.is_game_over,
        0.3,
        ("votes", "decide", "cut", "off", "calls", "end"),
    )


@pytest.mark.slow
@pytest.mark.parametrize("betting", ["off", "tromp"])
def test_abstentions_and_the_naming_of_who_goes_off_agree(betting: str) -> None:
    """Every voter abstains in the first round (the table then names who goes off), half of
    them at random in the next two."""
    rng = random.Random(2)
    state = new_game(
        "tromplemond",
        ("Ana", "Budi", "Citra", "Dewi"),
        {"allow-abstain": "yes", "betting": betting},
        seed=2,
    )
    seen = set()
    while state.deal_number <= 3 and not state.is_game_over:
        if state.phase in ("votes", "decide", "off"):
            seen.add(state.phase)
            assert_agree(state, tm_candidates(state, rng))
        legal = state.legal_actions()
        abstentions = [a for a in legal if str(a) == "abstain"]
        wanted = abstentions and (state.deal_number == 1 or rng.random() < 0.5)
        state.apply(abstentions[0] if wanted else rng.choice(legal))
    assert "off" in seen
    assert "votes" in seen
