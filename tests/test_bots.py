"""The bots at their three levels: legal play that checks clean, seats and budgets as asked,
and the judgement each level is said to have.

Strength is measured by ``benchmarks/bots.py``, not here: a test only holds each level to what
it must never do (an illegal action, a hang, a game that does not check clean) and to the
choices its documentation promises.
"""

from __future__ import annotations

import random

import pytest

import trufspec
from trufspec.diagnostics import Severity
from trufspec.referee import STATES, Claim, Vote, new_game
from trufspec.referee.tricks import TrickGame
from trufspec.referee.tromplemond import TromplemondState
from trufspec.rulesets.tromplemond.pack import is_jack
from trufspec.simulate import PARALLEL_FROM, Detail, level_problems, simulate, simulator_for
from trufspec.simulate.bots import (
    LEVELS,
    BasicBot,
    Budget,
    SearchBot,
    make_bot,
    parse_budget,
)
from trufspec.simulate.table import play_game, render

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
