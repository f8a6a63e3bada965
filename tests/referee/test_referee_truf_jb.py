"""The truf-jb referee: whole games, refusals, undo, copies, views and resumed records."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from referee_play import trick_play, why_refused

from trufspec import check_text, dumps, loads
from trufspec.cards import Card, parse_card
from trufspec.diagnostics import Severity
from trufspec.referee import BidCards, Choose, NextDeal, PlayCard, Refused, new_game, resume
from trufspec.referee.choices import SignedCardBids
from trufspec.referee.state import GameState
from trufspec.rulesets.truf.jb.bids import card_value

FOUR = ("Ana", "Budi", "Citra", "Dewi")
THREE = ("Eko", "Fitri", "Gita")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(word) for word in text.split())


def play_out(
    state: GameState,
    rng: random.Random,
    until: Callable[[GameState], object] = lambda s: s.is_game_over,
) -> GameState:
    while not until(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def errors(text: str) -> list[str]:
    return [d.code for d in check_text(text).diagnostics if d.severity is Severity.ERROR]


READINGS = [
    {},
    {"turn-order": "clockwise", "trump-broken-by": "ruff-only", "single-minus": "reject"},
    {"turn-order": "counterclockwise", "max-bid": "tricks-available", "zero-bid-miss": "flat"},
    {
        "even-adjust-scope": "mode-only",
        "tie-card-order": "suit-then-rank",
        "tie-cards": "plus-only",
    },
    {
        "three-player-leftover": "remove-fixed-card",
        "even-adjust-amount": "2",
        "adjusted-bid-floor": "none",
    },
]


@pytest.mark.parametrize("players", [FOUR, THREE])
@pytest.mark.parametrize("readings", READINGS)
def test_a_game_played_through_the_referee_checks_clean_with_its_scores(
    players: tuple[str, ...], readings: dict[str, str]
) -> None:
    state = new_game("truf-jb", players, {**readings, "deals": "3"}, seed=11)
    play_out(state, random.Random(5))
    text = dumps([state.record()])
    report = check_text(text)
    assert [
        d.code for d in report.diagnostics if d.severity in (Severity.ERROR, Severity.WARNING)
    ] == []
    (game,) = report.games
    assert [deal.scores for deal in game.deals] == state.scores
    assert game.deals[-1].totals == state.totals
    assert game.winners == state.winners and state.winners
    assert f'[Winner "{" ".join(state.winners)}"]' in text


def test_a_card_that_breaks_follow_suit_is_refused_with_the_validators_diagnostic() -> None:
    state = new_game("truf-jb", FOUR, seed=3)
    rng = random.Random(2)
    # Play on until a follower holds the suit led and another card.
    while True:
        play_out(state, rng, lambda s: s.phase == "play" and trick_play(s).current)
        led = trick_play(state).current[0][1].suit
        player = state.current_player
        assert player is not None
        hand = state.hand(player)
        off = [c for c in hand if c.suit is not led]
        if off and any(c.suit is led for c in hand):
            break
        state.apply(rng.choice(state.legal_actions()))
    before = dumps([state.record()])
    refusal = state.why_not(PlayCard(player, off[0]))
    assert refusal is not None and refusal.code == "JB305"
    same = [c for c in hand if c.suit is led]
    assert (
        refusal.message
        == f"{player} played {off[0]} but holds {' '.join(map(str, same))}; a player must follow suit"
    )
    assert refusal.clause is not None and refusal.clause.citations[0].locator == "Playing, rule 5"
    with pytest.raises(Refused) as raised:
        state.apply(PlayCard(player, off[0]))
    assert raised.value.diagnostic == refusal
    assert "JB305" in str(raised.value) and "Follow suit" in str(raised.value)
    assert dumps([state.record()]) == before  # the state is left as it was


def test_the_bad_input_of_an_app_is_refused_with_a_clear_diagnostic() -> None:
    state = new_game("truf-jb", FOUR, {"turn-order": "clockwise"}, seed=4)
    assert why_refused(state, PlayCard("Budi", state.hand("Budi")[0])).code == "REF001"
    assert (
        "deal 1 is at its bids"
        in why_refused(state, PlayCard("Budi", state.hand("Budi")[0])).message
    )
    assert why_refused(state, BidCards("Zoe", cards("2S"))).code == "REC010"
    held = state.hand("Ana")
    state.apply(BidCards("Ana", held[:1]))
    assert why_refused(state, BidCards("Ana", held[1:2])).code == "REC011"
    not_held = next(c for c in state.hand("Budi") if c not in held)
    refusal = why_refused(state, BidCards("Ana", (not_held,)))
    assert refusal.code == "REC011"
    refusal = why_refused(state, BidCards("Citra", (not_held,)))
    assert (
        refusal.code == "JB201" and f"bid {not_held}, which is not in their hand" in refusal.message
    )
    assert why_refused(state, BidCards("Citra", ())).code == "JB201"
    play_out(state, random.Random(1), lambda s: s.phase == "play")
    leader = state.current_player
    other = next(p for p in FOUR if p != leader)
    assert why_refused(state, PlayCard(other, state.hand(other)[0])).code == "JB301"
    state.apply(state.legal_actions()[0])
    wrong = next(p for p in FOUR if p not in (leader, state.current_player))
    refusal = why_refused(state, PlayCard(wrong, state.hand(wrong)[0]))
    assert refusal.code == "JB304" and "clockwise" in refusal.message
    player = state.current_player
    assert player is not None
    gone = trick_play(state).current[0][1]
    refusal = why_refused(state, PlayCard(player, gone))
    assert refusal.code == "JB306" and refusal.message.endswith("it was already played in trick 1")
    assert why_refused(state, Choose(player, "atas")).code == "REF001"
    assert why_refused(state, NextDeal(player)).code == "REF001"


def test_a_set_up_the_rules_do_not_allow_is_refused() -> None:
    with pytest.raises(Refused) as raised:
        new_game("truf-jb", FOUR, {"no-such-reading": "x"})
    assert raised.value.diagnostic.code == "REC014" and "unknown option 'no-such-reading'" in str(
        raised.value
    )
    with pytest.raises(Refused) as raised:
        new_game("truf-jb", FOUR, {"turn-order": "sideways"})
    assert "cannot be 'sideways'" in raised.value.diagnostic.message
    with pytest.raises(Refused) as raised:
        new_game("truf-jb", ("Ana", "Budi"))
    assert raised.value.diagnostic.code == "JB001"
    with pytest.raises(Refused) as raised:
        new_game("chess", FOUR)
    assert raised.value.diagnostic.code == "REF002"
    with pytest.raises(Refused) as raised:
        new_game("truf-jb", ("Ana", "Ana", "Budi"))
    assert (
        raised.value.diagnostic.code == "REC005"
        and "names Ana more than once" in raised.value.diagnostic.message
    )
    with pytest.raises(Refused) as raised:
        new_game("truf-jb", ("Ana Maria", "Budi", "Citra"))
    assert raised.value.diagnostic.code == "REF002"
    short = {p: cards("2S 3S") for p in FOUR}
    with pytest.raises(Refused) as raised:
        new_game("truf-jb", FOUR, hands=[short])
    assert raised.value.diagnostic.code == "JB101"


def test_given_hands_are_played_and_later_deals_are_dealt_from_the_seed() -> None:
    dealt = new_game("truf-jb", FOUR, seed=9)
    hands = {p: dealt.hand(p) for p in FOUR}
    given = new_game("truf-jb", FOUR, seed=1, hands=[hands])
    assert {p: given.hand(p) for p in FOUR} == hands
    again = new_game("truf-jb", FOUR, seed=9)
    assert {p: again.hand(p) for p in FOUR} == hands


EVEN_HANDS = {
    "Ana": cards("AS QS JS 8S 7S 6H 5H 2H AD KD JD 10D 2D"),
    "Budi": cards("KS 6S 4S 2S AH 8H 3H 8D 6D KC QC JC 4C"),
    "Citra": cards("3S QH 10H 9H 7H 9D 7D 4D 3D 8C 5C 3C 2C"),
    "Dewi": cards("10S 9S 5S KH JH 4H QD 5D AC 10C 9C 7C 6C"),
}


def even_game(readings: dict[str, str]) -> GameState:
    """A deal whose bids 5 + 4 + 3 + 1 make 13, an even game."""
    state = new_game("truf-jb", FOUR, readings, hands=[EVEN_HANDS])
    for player, bid in zip(FOUR, ("5H", "4S", "3C", "AC")):
        state.apply(BidCards(player, cards(bid)))
    return state


def test_an_even_game_waits_for_the_bid_winners_choice() -> None:
    state = even_game({})
    assert state.phase == "contract" and state.to_act == ("Ana",)
    assert [str(a) for a in state.legal_actions()] == [
        "trump H atas adjust +1",
        "trump H bawah adjust -1",
        "trump H atas",
        "trump H bawah",
    ]
    assert why_refused(state, Choose("Budi", "trump H atas")).code == "REF001"
    assert why_refused(state, Choose("Ana", "trump S atas")).code == "REF001"
    state.apply(Choose("Ana", "trump H bawah adjust -1"))
    assert state.phase == "play" and "contract Ana trump" in dumps([state.record()])
    modes = even_game({"even-adjust-scope": "mode-only"})
    assert [str(a) for a in modes.legal_actions()] == ["trump H atas", "trump H bawah"]
    refusal = why_refused(modes, Choose("Ana", "trump H atas adjust +1"))
    assert refusal.code == "JB212" and "mode-only" in refusal.message


def test_bids_are_listed_without_being_made_and_limited_by_the_readings() -> None:
    state = new_game("truf-jb", FOUR, seed=2)
    bids = state.legal_actions("Ana")
    assert len(bids) == 3**13 - 1 and len(state.legal_actions()) == 4 * len(bids)
    assert bids[0] == BidCards("Ana", state.hand("Ana")[:1])
    assert all(state.is_legal(bids[i]) for i in range(0, len(bids), 99_991))
    reject = new_game("truf-jb", FOUR, {"single-minus": "reject"}, seed=2)
    single = BidCards("Ana", reject.hand("Ana")[:1], frozenset({0}))
    assert why_refused(reject, single).code == "JB202" and single not in reject.legal_actions()
    assert len(reject.legal_actions("Ana")) == 3**13 - 1 - 13


def test_the_list_of_bids_under_a_cap_is_every_bid_within_it() -> None:
    hand = cards("KS 9S 2H AD 10C")

    def value(c: Card) -> int:
        return card_value(c, False)

    listed = SignedCardBids("Ana", hand, True, 13, value)
    expected = set()
    for code in range(1, 3 ** len(hand)):
        digits = [(code // 3**i) % 3 for i in range(len(hand))]
        chosen = [(c, d) for c, d in zip(hand, digits) if d]
        if len(chosen) == 1:
            continue
        total = sum(value(c) * (1 if d == 1 else -1) for c, d in chosen)
        if max(total, 0) <= 13:
            expected.add(
                (
                    tuple(c for c, _ in chosen),
                    frozenset(i for i, (_, d) in enumerate(chosen) if d == 2),
                )
            )
    multi = {(b.cards, b.minus) for b in listed[2 * len(hand) :]}
    assert multi == expected and len(listed) == 2 * len(hand) + len(expected)


def test_undo_takes_back_an_action_and_copies_are_independent() -> None:
    state = new_game("truf-jb", FOUR, {"deals": "2"}, seed=6)
    rng = random.Random(3)
    seen = []
    while not state.is_game_over:
        seen.append(dumps([state.record()]))
        state.apply(rng.choice(state.legal_actions()))
    for text in reversed(seen):
        state.undo()
        assert dumps([state.record()]) == text
    with pytest.raises(IndexError):
        state.undo()
    play_out(state, rng, lambda s: s.phase == "play")
    twin = state.copy()
    twin.apply(twin.legal_actions()[0])
    assert len(twin.history) == len(state.history) + 1
    assert sum(map(len, (state.hand(p) for p in FOUR))) == 52


def test_a_view_shows_a_player_their_hand_and_nothing_hidden() -> None:
    state = new_game("truf-jb", FOUR, seed=8)
    state.apply(BidCards("Budi", state.hand("Budi")[:2], frozenset({1})))
    view = state.view("Ana")
    text = dumps([view.record])
    assert view.hand == state.hand("Ana") and str(state.hand("Ana")[0]) in text
    assert not any(str(c) in text.split("bids")[0] for c in state.hand("Budi"))
    assert "Budi:" not in text  # Budi's bid is not shown before everyone has bid
    assert all(a.player == "Ana" for a in view.legal_actions[:5])
    play_out(state, random.Random(1), lambda s: s.phase == "play")
    assert "Budi:" in dumps([state.view("Ana").record])
    with pytest.raises(KeyError):
        state.view("Zoe")


@pytest.mark.parametrize("players", [FOUR, THREE])
def test_a_record_resumes_at_any_cut(players: tuple[str, ...]) -> None:
    state = new_game("truf-jb", players, {"deals": "2", "turn-order": "clockwise"}, seed=12)
    rng = random.Random(4)
    texts = []
    while not state.is_game_over:
        state.apply(rng.choice(state.legal_actions()))
        texts.append(dumps([state.record()]))
    for text in [*rng.sample(texts, 12), texts[-1]]:
        resumed = resume(text)
        assert dumps([resumed.record()]) == text
    resumed = resume(loads(texts[30]).games[0])
    play_out(resumed, rng)
    assert errors(dumps([resumed.record()])) == []


def test_a_record_that_breaks_a_rule_is_not_resumed() -> None:
    state = new_game("truf-jb", FOUR, {"turn-order": "clockwise"}, seed=12)
    play_out(state, random.Random(4), lambda s: s.phase == "play" and len(trick_play(s).done) == 2)
    text = dumps([state.record()])
    first = re.search(r"1\. (\w+:\s+)(\S+) (\S+)", text)
    assert first is not None
    swapped = text.replace(
        first.group(0), f"1. {first.group(1)}{first.group(3)} {first.group(2)}", 1
    )
    with pytest.raises(Refused) as raised:
        resume(swapped)
    codes = [d.code for d in raised.value.diagnostics]
    assert codes[0] == "REF003" and "JB306" in codes
    with pytest.raises(Refused) as raised:
        resume(text.split("hands")[0] + "bids\n  Ana: 3S\n")
    assert (
        raised.value.diagnostic.code == "REF003"
        and "does not give every hand" in raised.value.diagnostic.message
    )
    with pytest.raises(Refused) as raised:
        resume(text + "\n" + text)
    assert "holds 2" in raised.value.diagnostic.message
