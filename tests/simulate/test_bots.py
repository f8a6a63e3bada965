"""The bots at their three levels: legal play that checks clean, seats and budgets as asked,
and the judgement each level is said to have.

Strength is measured by ``benchmarks/bots.py``, not here: a test only holds each level to what
it must never do (an illegal action, a hang, a game that does not check clean) and to the
choices its documentation promises.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import trufspec
from trufspec.cards import FULL_PACK, Card
from trufspec.diagnostics import Severity
from trufspec.referee import STATES, Claim, PlayCard, Vote, new_game
from trufspec.referee.ruff_and_honours import RuffAndHonoursState
from trufspec.referee.tricks import TrickGame
from trufspec.referee.tromplemond import ORDERED_PACK, TromplemondState
from trufspec.rulesets.tromplemond.pack import is_jack
from trufspec.simulate import PARALLEL_FROM, Detail, level_problems, simulate, simulator_for
from trufspec.simulate.bots import (
    LEVELS,
    BasicBot,
    Budget,
    SearchBot,
    _trick_worlds,
    _tromplemond_worlds,
    make_bot,
    parse_budget,
)
from trufspec.simulate.refereed import play_game, render

SHORT = {"truf-jb": {"deals": "2"}, "tromplemond": {"max-rounds": "2"}}
"""Readings that keep a game short, where the default game is long."""


def errors(text: str) -> list[str]:
    report = trufspec.check_text(text, "bots.truf")
    return [d.code for d in report.diagnostics if d.severity is Severity.ERROR]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("ruleset", sorted(STATES))
def test_games_of_every_level_check_clean(ruleset: str, level: str) -> None:
    played = play_game(
        ruleset,
        random.Random(f"{ruleset}:{level}"),
        SHORT.get(ruleset),
        deals=2,
        levels=(level,),
        budget=Budget(playouts=6),
    )
    text = render(played.game, Detail.FULL)
    assert errors(text) == []
    assert played.game.tag("Bots") == " ".join([level] * len(played.game.players))
    assert (played.game.tag("Think") is not None) == (level == "search")


def test_one_level_per_seat_seats_as_many_players() -> None:
    levels = ("search", "basic", "random")
    played = play_game("truf-jb", random.Random(2), {"deals": "1"}, levels=levels, budget=Budget(4))
    assert len(played.game.players) == 3
    assert played.game.tag("Bots") == "search basic random"
    assert played.game.tag("Think") == "4"


@pytest.mark.slow
def test_each_game_has_its_own_event_and_jobs_change_nothing() -> None:
    levels = ("basic", "random", "basic", "search")
    short, budget = {"max-rounds": "1"}, Budget(playouts=4)
    alone = list(simulate("tromplemond", PARALLEL_FROM, 7, Detail.FULL, short, levels, budget))
    shared = list(
        simulate("tromplemond", PARALLEL_FROM, 7, Detail.FULL, short, levels, budget, jobs=2)
    )
    assert alone == shared
    events = [text.splitlines()[0] for text in alone[:3]]
    assert events == [f'[Event "Simulation, seed 7, game {n}"]' for n in (1, 2, 3)]


@pytest.mark.parametrize(
    ("text", "budget"),
    [("0.5s", Budget(seconds=0.5)), ("2s", Budget(seconds=2.0)), ("200", Budget(playouts=200))],
)
def test_budgets_are_seconds_or_playouts(text: str, budget: Budget) -> None:
    assert parse_budget(text) == budget


@pytest.mark.parametrize("text", ["0", "0s", "-1", "-0.5s", "fast", "", "1.5"])
def test_a_budget_that_leaves_no_time_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"0\.5s"):
        parse_budget(text)


def test_levels_that_cannot_be_seated_are_named() -> None:
    simulator = simulator_for("tromplemond")
    assert level_problems(simulator, ["basic"]) == []
    assert level_problems(simulator, ["basic"] * 4) == []
    (unknown,) = level_problems(simulator, ["clever"])
    assert "random, basic, search" in unknown
    (count,) = level_problems(simulator, ["basic", "search"])
    assert "one per seat (4 players)" in count
    assert "3 or 4" in level_problems(simulator_for("truf-jb"), ["basic"] * 5)[0]
    with pytest.raises(ValueError, match="random, basic, search"):
        make_bot("clever", random.Random(1))


@pytest.mark.parametrize("ruleset", sorted(STATES))
def test_a_search_out_of_time_plays_its_best_so_far(ruleset: str) -> None:
    """A budget too short for one playout still gives a legal action, at once."""
    rng = random.Random(3)
    state = new_game(ruleset, ("Ana", "Budi", "Citra", "Dewi"), SHORT.get(ruleset), seed=3)
    hurried = SearchBot(rng, Budget(seconds=1e-9))
    basic = BasicBot(rng)
    for _ in range(60):
        if state.is_game_over:
            break
        player = state.current_player
        assert player is not None
        action = hurried.choose(state, player)
        assert state.is_legal(action)
        state.apply(action if rng.random() < 0.5 else basic.choose(state, player))


def test_tromplemond_claims_hide_jacks_and_visible_lies_draw_votes() -> None:
    """A claim never shows the claimer's jacks; a claim made of cards the voter can see
    elsewhere draws more votes than the same table without the lie."""
    hidden = lied = honest = 0
    for seed in range(30):
        bot = BasicBot(random.Random(seed))
        state = new_game("tromplemond", ("Ana", "Budi", "Citra", "Dewi"), seed=seed)
        assert isinstance(state, TromplemondState)
        while state.phase == "claims":
            player = state.to_act[0]
            action = bot.choose(state, player)
            assert isinstance(action, Claim)
            assert not any(is_jack(c) for c in action.cards)
            hidden += any(is_jack(c) for c in state.secret[player])
            state.apply(action)
        if state.phase != "votes":
            continue
        voter = state.to_act[0]
        liar = next(p for p in state.players if p != voter)
        before = BasicBot(random.Random(seed)).choose(state, voter)
        honest += isinstance(before, Vote) and before.target == liar
        state.claims[liar] = state.public[voter] + state.secret[voter][:1]
        after = BasicBot(random.Random(seed)).choose(state, voter)
        lied += isinstance(after, Vote) and after.target == liar
    assert hidden > 5
    assert lied > honest


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["simulate", "truf-jb", "--bots", "clever"], "random, basic, search"),
        (["simulate", "truf-de", "--bots", "basic,random"], "one per seat (4 players)"),
        (["simulate", "truf-jb", "--think", "0"], "0.5s"),
        (["simulate", "truf-jb", "--think", "-2s"], "0.5s"),
        (["play", "truf-de", "--bots", "basic,basic"], "random, basic or search"),
        (["play", "truf-de", "--bots", "expert"], "random, basic, search"),
    ],
)
def test_bad_levels_and_budgets_are_usage_errors(args: list[str], named: str) -> None:
    from click.testing import CliRunner

    from trufspec.cli import main

    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert named in " ".join(result.output.split())


def test_simulate_seats_the_levels_asked_for() -> None:
    from click.testing import CliRunner

    from trufspec.cli import main

    args = ["simulate", "tromplemond", "--bots", "search,random,basic,basic", "--think", "5"]
    result = CliRunner().invoke(main, [*args, "--seed", "2", "--option", "max-rounds=1"])
    assert result.exit_code == 0, result.output
    assert '[Bots "search random basic basic"]' in result.output
    assert '[Think "5"]' in result.output
    assert errors(result.output) == []


@pytest.mark.parametrize("ruleset", ["truf-jb", "truf-basics", "truf-de"])
def test_the_referee_values_a_bid_as_its_record_restates_it(ruleset: str) -> None:
    from trufspec.records import Bids
    from trufspec.referee import BidCards
    from trufspec.referee.truf import TrufState

    state = new_game(ruleset, ("Ana", "Budi", "Citra", "Dewi"), seed=4)
    assert isinstance(state, TrufState)
    hand = state.hand("Ana")
    assert state.bid_value(BidCards("Ana", (hand[0], hand[0]))) is None
    bid = BidCards("Ana", (hand[1],))
    value = state.bid_value(bid)
    assert value is not None
    state.apply(bid)
    deal = state.current_deal()
    assert deal is not None
    bids = deal.find(Bids)
    assert bids is not None
    assert [e.restated.value for e in bids.entries if e.restated is not None] == [value]
    assert state.bid_values() == {"Ana": value}
    assert state.bid_value(BidCards("Ana", (hand[2],))) is None  # Ana has bid


def test_a_world_with_other_hands_plays_on_from_them() -> None:
    rng = random.Random(8)
    state = new_game("truf-de", ("Ana", "Budi", "Citra", "Dewi"), seed=8)
    basic = BasicBot(rng)
    while state.phase != "play":
        player = state.current_player
        assert player is not None
        state.apply(basic.choose(state, player))
    assert isinstance(state, TrickGame)
    swapped = {"Budi": state.hand("Citra"), "Citra": state.hand("Budi")}
    world = state.with_hidden(swapped)
    assert world.hand("Budi") == state.hand("Citra")
    assert state.hand("Budi") != world.hand("Budi")
    while not world.is_deal_over:
        player = world.current_player
        assert player is not None
        world.apply(basic.choose(world, player))
    assert not state.is_deal_over


def _to_phase(ruleset: str, seed: int, done: Callable[[Any], bool]) -> TrickGame | TromplemondState:
    """A game of ``basic`` bots played until ``done(state)`` holds."""
    state = new_game(ruleset, ("Ana", "Budi", "Citra", "Dewi"), seed=seed)
    basic = BasicBot(random.Random(seed))
    while not done(state):
        player = state.current_player
        assert player is not None
        state.apply(basic.choose(state, player))
    assert isinstance(state, (TrickGame, TromplemondState))
    return state


def test_the_search_tries_one_card_of_a_run_nobody_else_can_split() -> None:
    """Of the searcher's cards of one suit with no card between them left elsewhere, only
    the lowest is a candidate; cards with an outstanding card between them all are."""
    tried = 0
    for seed in range(40):
        state = _to_phase(
            "ruff-and-honours", seed, lambda s: s.phase == "play" and not s.table.current
        )
        assert isinstance(state, TrickGame) and state.table is not None
        player = state.current_player
        assert player is not None
        legal = state.legal_actions(player)
        candidates, _ = SearchBot(random.Random(1))._candidates(state, player)
        cards = {a.card for a in candidates if isinstance(a, PlayCard)}
        assert cards <= {a.card for a in legal if isinstance(a, PlayCard)}
        outside = set(FULL_PACK) - set(state.hand(player))
        for action in legal:
            assert isinstance(action, PlayCard)
            card = action.card
            lower = [c for c in state.hand(player) if c.suit is card.suit and c.rank < card.rank]
            covered = any(
                all(Card(r, card.suit) not in outside for r in range(low.rank + 1, card.rank))
                for low in lower
            )
            assert (card in cards) != covered
            tried += covered
    assert tried > 10


def test_a_tromplemond_searcher_deals_the_claims_as_told_but_for_the_jacks() -> None:
    """Most worlds give each other player their claim with jacks in place of some claimed
    cards, first of those the searcher knows to be false; every world deals distinct cards
    the searcher has not seen, and every jack it has not seen is in somebody's hand."""
    believed = 0
    for seed in range(20):
        state = _to_phase("tromplemond", seed, lambda s: s.phase != "claims")
        assert isinstance(state, TromplemondState)
        if state.phase != "votes":
            continue
        player = state.to_act[0]
        others = [p for p in state.players if p != player]
        seen = set(state.secret[player]).union(*state.public.values())
        unseen_jacks = {c for c in ORDERED_PACK if is_jack(c) and c not in seen}
        deal = _tromplemond_worlds(state, player)
        for _ in range(10):
            world = deal(random.Random(seed))
            assert isinstance(world, TromplemondState)
            dealt = [c for p in others for c in world.secret[p]]
            assert len(dealt) == len(set(dealt)) and not set(dealt) & seen
            assert unseen_jacks <= set(dealt)
            told = all(
                all(c == k or is_jack(c) for c, k in zip(world.secret[p], state.claims[p]))
                and not any(k in seen for k in state.claims[p] if k in world.secret[p])
                for p in others
            )
            believed += told
    assert believed > 100


def test_the_player_who_took_the_stock_holds_its_card_shown_in_every_world() -> None:
    checked = 0
    for seed in range(10):
        state = _to_phase(
            "ruff-and-honours", seed, lambda s: s.phase == "play" and len(s.table.done) == 1
        )
        assert isinstance(state, RuffAndHonoursState)
        taker = state.ruffer
        shown = state.stock[0]
        if shown not in state.hand(taker):  # played to the first trick
            continue
        for player in (p for p in state.players if p != taker):
            deal = _trick_worlds(state, player)
            for draw in range(5):
                assert shown in deal(random.Random(draw)).hand(taker)
                checked += 1
    assert checked > 60


def test_a_search_weighs_the_cards_it_sets_aside_with_the_stock() -> None:
    """The stock's taker is offered the low cards ``basic`` sets aside and each short plain
    suit set aside whole, all legal; the search picks one of them."""
    state = _to_phase("ruff-and-honours", 0, lambda s: s.phase == "ruff")
    player = state.to_act[0]
    candidates, deal = SearchBot(random.Random(2))._candidates(state, player)
    assert deal is not None and len(candidates) > 1
    assert candidates[0] == BasicBot(random.Random(2)).choose(state, player)
    assert all(state.is_legal(a) for a in candidates)
    assert SearchBot(random.Random(2), Budget(playouts=12)).choose(state, player) in candidates


def test_a_playout_scores_the_searcher_by_its_lead_over_the_best_other_total() -> None:
    state = _to_phase("truf-de", 4, lambda s: s.phase == "play")
    player = state.current_player
    assert player is not None
    bot = SearchBot(random.Random(4))
    world = state.copy()
    outcome = bot._playout(world, player, state.legal_actions(player)[0])
    assert world.is_deal_over
    others = [t for p, t in world.totals.items() if p != player]
    assert outcome == world.totals[player] - max(others)
