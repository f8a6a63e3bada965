"""truf-de against an independent oracle, and the source's worked examples as test vectors.

``oracle_truf_de`` plays legal games of the German rules with its own small
implementation (nothing from ``trufspec.engine`` or ``trufspec.rulesets``), by bots or by any
legal choice, over the option grid (``truf_de_games`` holds the strategies):

1. every legal game, fully recorded or as a score sheet, checks without an error or a
   warning, and the recomputed scores, totals and winners are the oracle's;
2. one fault, played (a revoke, a trump led too early, a trick led by the wrong player) or
   written into a finished record (a score, a total, the tricks taken, a bid's value, the
   dealer, the trump, the mode, the winner), is reported with exactly the expected clause on
   the expected line, and nothing else is reported unless marked as its consequence.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterable

import pytest
from budgets import examples
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from oracle_truf_de import (
    DEFAULTS,
    PLAYERS,
    Card,
    GeneratedDeal,
    GeneratedGame,
    bid_value,
    hand_strength,
    random_game,
    render,
    score_of,
)
from truf_de_games import de_options, truf_de_games

import trufspec
from trufspec.cards import parse_card
from trufspec.diagnostics import Severity
from trufspec.rulesets.truf.de import bids as bidding
from trufspec.rulesets.truf.de.scoring import score
from trufspec.spec.options import Readings, resolve
from trufspec.spec.registry import default_registry
from trufspec.validator.report import FileReport

PATH = "generated.truf"
BAD = (Severity.ERROR, Severity.WARNING)
seeds = st.integers(0, 2**32 - 1)
mutation_settings = settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)


def options_of(**chosen: str) -> Readings:
    return Readings(resolve(chosen, default_registry().options_of("truf-de")))


def check(game: GeneratedGame) -> FileReport:
    return trufspec.check_text(game.text, PATH)


def primary(report: FileReport) -> list[tuple[str, int]]:
    return [
        (d.code, d.line) for d in report.diagnostics if d.severity in BAD and not d.consequential
    ]


def describe(report: FileReport, game: GeneratedGame) -> str:
    found = "\n".join(
        f"  {d.line}:{d.column} {d.severity.value} {d.code} {d.message}" for d in report.diagnostics
    )
    return f"{game.text}\n{found or '  (no diagnostics)'}"


# ------------------------------------------------------------------ test vectors (part 5, DT)


@pytest.mark.parametrize(
    ("adjust", "adjusted", "high"),
    [(-1, [4, 3, 2, 0], False), (1, [6, 5, 4, 2], True)],
)
def test_five_four_three_one(adjust: int, adjusted: list[int], high: bool) -> None:
    """5, 4, 3, 1 make 13: 4, 3, 2, 0 in main bawah or 6, 5, 4, 2 in main atas."""
    bids = {p: bidding.Bid(p, v) for p, v in zip(PLAYERS, (5, 4, 3, 1))}
    assert sum(b.value for b in bids.values()) == 13
    choice = bidding.ModeChoice(high, adjust)
    assert list(bidding.targets(bids, choice).values()) == adjusted


@pytest.mark.parametrize(
    ("bid", "taken", "high", "chosen", "points", "clause"),
    [
        # method one
        (4, 0, False, {}, 4, "TD403"),
        (4, 6, False, {}, -2, "TD403"),
        (3, 3, False, {}, 0, "TD402"),
        (-1, 0, False, {}, -1, "TD403"),
        (3, 5, True, {}, 2, "TD404"),
        (3, 1, True, {}, -2, "TD404"),
        # method two
        (0, 0, False, {"scoring": "two"}, 5, "TD405"),
        (-1, 0, False, {"scoring": "two"}, -1, "TD403"),
        (0, 0, True, {"scoring": "two"}, 0, "TD402"),
        (0, 0, True, {"scoring": "two", "method-two-modes": "both"}, 5, "TD405"),
        # method three, and three with two
        (4, 0, False, {"scoring": "three"}, 8, "TD406"),
        (4, 6, False, {"scoring": "three"}, -2, "TD403"),
        (0, 0, False, {"scoring": "three-with-two"}, 10, "TD406"),
        (0, 0, False, {"scoring": "three-with-two", "multiply-bonus": "no"}, 5, "TD405"),
        (2, 5, True, {"scoring": "three", "multiplier": "3"}, 9, "TD406"),
    ],
)
def test_score_table(
    bid: int, taken: int, high: bool, chosen: dict[str, str], points: int, clause: str
) -> None:
    """Part 5, DT items 2 to 4, and the source's example of method three: main bawah, bid 4,
    no trick, multiplier 2 scores 8."""
    result = score(bid, taken, high, options_of(**chosen))
    assert (result.points, result.clause) == (points, clause)
    assert score_of(bid, taken, high, DEFAULTS | chosen) == points


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("7H 7S 2D 3C", "Budi"),
        ("7D 7C 2D 3C", "Ana"),
        ("KS QS JH JD", "Ana"),
        ("QS KS JH JD", "Budi"),
        ("QH JS KD AC", "Dewi"),
    ],
)
def test_bid_winner_and_ties(cards: str, winner: str) -> None:
    """Ties go by suit, spades, hearts, diamonds, clubs, and within a suit (pictures only, all
    worth 0) by rank, king above queen above jack (TD-A4); an ace's 1 beats every picture."""
    bids = {
        p: bidding.Bid(p, bidding.card_value(parse_card(c)), parse_card(c))
        for p, c in zip(PLAYERS, cards.split())
    }
    assert bidding.bid_winner(bids) == winner


def test_card_values() -> None:
    assert [
        bid_value(c) for c in ((14, "S"), (13, "S"), (12, "H"), (11, "D"), (10, "C"), (2, "C"))
    ] == [1, 0, 0, 0, 10, 2]
    assert [bidding.card_value(parse_card(c)) for c in ("AS", "KS", "QH", "JD", "10C", "2C")] == [
        1,
        0,
        0,
        0,
        10,
        2,
    ]


# ------------------------------------------------------------------ legal games


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(truf_de_games())
def test_legal_game_validates_with_the_oracles_figures(game: GeneratedGame) -> None:
    report = check(game)
    assert [d for d in report.diagnostics if d.severity in BAD] == [], describe(report, game)
    result = report.games[0]
    assert [d.scores for d in result.deals] == [d.scores for d in game.deals]
    assert [d.totals for d in result.deals] == [d.totals for d in game.deals]
    assert tuple(result.winners) == game.winners
    incomplete = [d for d in report.diagnostics if d.code == "TD502"]
    assert len(incomplete) == (len(game.deals) < 13)


# ------------------------------------------------------------------ played faults


@pytest.mark.parametrize(
    ("fault", "codes"),
    [("revoke", {"TD305"}), ("trump-lead", {"TD303"}), ("wrong-leader", {"TD301", "TD302"})],
)
@mutation_settings
@given(seed=seeds, options=de_options(), detail=st.just("full"))
def test_played_fault(
    fault: str, codes: set[str], seed: int, options: dict[str, str], detail: str
) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        game = random_game(
            random.Random(rng.getrandbits(64)), options, rng.choice((1, 2)), detail, fault
        )
        if game.fault_at is not None:
            break
    else:
        return
    deal, trick = game.fault_at
    line = game.lines[deal]["tricks_played"][trick]
    report = check(game)
    found = primary(report)
    assert len(found) == 1 and found[0][1] == line and found[0][0] in codes, describe(report, game)
    if fault == "wrong-leader":
        assert found[0][0] == ("TD301" if trick == 0 else "TD302")


# ------------------------------------------------------------------ written faults


def _mutated(
    seed: int, options: dict[str, str], detail: str, deals: int = 1
) -> tuple[GeneratedGame, random.Random]:
    rng = random.Random(seed)
    return random_game(rng, options, deals, detail), rng


def score_clause(game: GeneratedGame, deal_index: int, player: str) -> str:
    """The clause that fixes a player's score, by the oracle's own reading of the methods."""
    deal = game.deals[deal_index]
    options = game.options
    bid, taken, high = deal.targets[player], deal.taken[player], deal.high
    bonus = (
        options["scoring"] in ("two", "three-with-two")
        and bid == 0
        and taken == 0
        and (not high or options["method-two-modes"] == "both")
    )
    base = 5 if bonus else (taken - bid if high else bid - taken)
    if (
        options["scoring"] in ("three", "three-with-two")
        and base > 0
        and not (bonus and options["multiply-bonus"] == "no")
    ):
        return "TD406"
    if bonus:
        return "TD405"
    if base == 0:
        return "TD402"
    return "TD404" if high else "TD403"


@mutation_settings
@given(
    seed=seeds,
    options=de_options(),
    detail=st.sampled_from(["full", "score-sheet"]),
    player=st.sampled_from(PLAYERS),
    delta=st.sampled_from([-2, -1, 1, 3]),
)
def test_wrong_score(
    seed: int, options: dict[str, str], detail: str, player: str, delta: int
) -> None:
    game, _ = _mutated(seed, options, detail)
    game.deals[0].written["score"] = {player: game.deals[0].scores[player] + delta}
    render(game)
    report = check(game)
    assert primary(report) == [(score_clause(game, 0, player), game.lines[0]["score"])], describe(
        report, game
    )


@mutation_settings
@given(
    seed=seeds,
    options=de_options(),
    detail=st.sampled_from(["full", "score-sheet"]),
    player=st.sampled_from(PLAYERS),
)
def test_wrong_total(seed: int, options: dict[str, str], detail: str, player: str) -> None:
    game, _ = _mutated(seed, options, detail, deals=2)
    game.deals[1].written["total"] = {player: game.deals[1].totals[player] + 1}
    render(game)
    report = check(game)
    assert primary(report) == [("TD408", game.lines[1]["total"])], describe(report, game)


@mutation_settings
@given(seed=seeds, options=de_options(), player=st.sampled_from(PLAYERS))
def test_wrong_tricks_taken(seed: int, options: dict[str, str], player: str) -> None:
    game, _ = _mutated(seed, options, "full")
    game.deals[0].written["tricks"] = {player: game.deals[0].taken[player] + 1}
    render(game)
    report = check(game)
    assert primary(report) == [("TD407", game.lines[0]["tricks"])], describe(report, game)


@mutation_settings
@given(
    seed=seeds,
    options=de_options(),
    detail=st.sampled_from(["full", "score-sheet"]),
    player=st.sampled_from(PLAYERS),
)
def test_wrong_bid_value(seed: int, options: dict[str, str], detail: str, player: str) -> None:
    game, _ = _mutated(seed, options, detail)
    true = bid_value(game.deals[0].bids[player])
    game.deals[0].written["value"] = {player: true + 1}
    render(game)
    report = check(game)
    assert primary(report) == [("TD203", game.lines[0]["bids"][player])], describe(report, game)


@mutation_settings
@given(seed=seeds, options=de_options(), detail=st.sampled_from(["full", "score-sheet"]))
def test_wrong_trump(seed: int, options: dict[str, str], detail: str) -> None:
    game, _ = _mutated(seed, options, detail)
    deal = game.deals[0]
    deal.written["trump"] = next(s for s in "SHDC" if s != deal.trump)
    render(game)
    report = check(game)
    assert primary(report) == [("TD206", game.lines[0]["contract"])], describe(report, game)


@mutation_settings
@given(seed=seeds, options=de_options())
def test_wrong_mode(seed: int, options: dict[str, str]) -> None:
    rng = random.Random(seed)
    game = random_game(random.Random(rng.getrandbits(64)), options, 1, "score-sheet")
    while game.deals[0].total == 13:
        game = random_game(random.Random(rng.getrandbits(64)), options, 1, "score-sheet")
    deal = game.deals[0]
    deal.written["mode"] = "bawah" if deal.high else "atas"
    render(game)
    report = check(game)
    assert primary(report) == [("TD207" if deal.high else "TD208", game.lines[0]["contract"])], (
        describe(report, game)
    )


@mutation_settings
@given(seed=seeds, options=de_options())
def test_wrong_dealer(seed: int, options: dict[str, str]) -> None:
    game, rng = _mutated(seed, options, "score-sheet", deals=3)
    index = rng.choice((1, 2))
    before = game.deals[index - 1].totals
    lowest = min(before.values())
    tied = [p for p in PLAYERS if before[p] == lowest]
    wrong = [
        p
        for p in PLAYERS
        if p != game.deals[index].dealer
        and (options["dealer-tie"] == "next-in-direction" or p not in tied)
    ]
    game.deals[index].written["dealer"] = wrong[0]
    render(game)
    report = check(game)
    assert primary(report) == [("TD105", game.lines[index]["dealer"])], describe(report, game)


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, options=de_options())
def test_wrong_winner_and_too_many_deals(seed: int, options: dict[str, str]) -> None:
    game = random_game(random.Random(seed), options, 13, "score-sheet")
    losers = [p for p in PLAYERS if p not in game.winners]
    game.winners = (losers[0],)
    render(game)
    report = check(game)
    assert primary(report) == [("TD503", 4 + (game.text.count("[Options") > 0))], describe(
        report, game
    )
    longer = random_game(random.Random(seed), options, 14, "score-sheet")
    report = check(longer)
    assert primary(report) == [("TD501", longer.lines[13]["deal"])], describe(report, longer)


@mutation_settings
@given(
    seed=seeds,
    options=de_options(),
    detail=st.sampled_from(["full", "score-sheet"]),
    pick=st.randoms(use_true_random=False),
)
def test_wrong_highest_bidder(
    seed: int, options: dict[str, str], detail: str, pick: random.Random
) -> None:
    game, _ = _mutated(seed, options, detail)
    deal = game.deals[0]
    other = pick.choice([p for p in PLAYERS if p != deal.winner])
    deal.written["winner"] = other
    render(game)
    tied = bid_value(deal.bids[other]) == bid_value(deal.bids[deal.winner])
    report = check(game)
    assert primary(report) == [("TD205" if tied else "TD204", game.lines[0]["contract"])], describe(
        report, game
    )


@pytest.mark.slow
def test_score_command_prints_the_recomputed_sheet() -> None:
    """``trufspec score`` on a whole generated game: the oracle's totals and winner."""
    game = random_game(random.Random(11), dict(DEFAULTS), 13, "score-sheet")
    result = subprocess.run(
        [sys.executable, "-m", "trufspec", "score", "-"],
        input=game.text,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert result.returncode == 0, result.stderr
    last = next(line for line in result.stdout.splitlines() if line.strip().startswith("13 "))
    for player in PLAYERS:
        assert str(game.deals[-1].totals[player]) in last
    assert "winner" in result.stdout and all(w in result.stdout for w in game.winners)


@mutation_settings
@given(seed=seeds, options=de_options(), pick=st.randoms(use_true_random=False))
def test_bid_card_not_held(seed: int, options: dict[str, str], pick: random.Random) -> None:
    """A bid card from another player's hand, of the same value and beaten by the highest bid
    as before, so that nothing but the card itself is wrong."""
    rng = random.Random(seed)
    for _ in range(50):
        game = random_game(random.Random(rng.getrandbits(64)), options, 1, "full")
        deal = game.deals[0]
        key: Callable[[Card], tuple[int, int, int]]
        key = lambda c: (bid_value(c), "CDHS".index(c[1]), c[0])  # noqa: E731
        choices = [
            (p, c)
            for p in PLAYERS
            if p != deal.winner
            for q in PLAYERS
            if q != p
            for c in deal.hands[q]
            if bid_value(c) == bid_value(deal.bids[p]) and key(c) < key(deal.bids[deal.winner])
        ]
        if choices:
            break
    else:
        return
    player, card = pick.choice(choices)
    deal.bids[player] = card
    render(game)
    report = check(game)
    assert primary(report) == [("TD201", game.lines[0]["bids"][player])], describe(report, game)


# ------------------------------------------------------------------ the simulator's players


def test_bots_bid_from_the_strength_of_their_hand() -> None:
    """Over 200 simulated deals the highest bidder holds a stronger hand than the others, a
    zero bid comes from a weaker hand than a bid of five or more, and the bids follow the
    tricks the hands take; uniform choices show none of it."""

    def deals(bots: bool) -> list[GeneratedDeal]:
        rng = random.Random(7)
        return [
            d
            for _ in range(20)
            for d in random_game(
                random.Random(rng.getrandbits(64)), DEFAULTS, 10, "full", bots=bots
            ).deals
        ]

    def mean(values: Iterable[float]) -> float:
        values = list(values)
        return sum(values) / len(values)

    played = deals(True)
    assert len(played) == 200
    top = mean(hand_strength(d.hands[d.winner]) for d in played)
    rest = mean(hand_strength(d.hands[p]) for d in played for p in PLAYERS if p != d.winner)
    assert top > rest + 1
    zero = mean(
        hand_strength(d.hands[p]) for d in played for p in PLAYERS if bid_value(d.bids[p]) == 0
    )
    high = mean(
        hand_strength(d.hands[p]) for d in played for p in PLAYERS if bid_value(d.bids[p]) >= 5
    )
    assert zero + 1 < high
    misses = mean(abs(bid_value(d.bids[p]) - d.taken[p]) for d in played for p in PLAYERS)
    assert misses < mean(
        abs(bid_value(d.bids[p]) - d.taken[p]) for d in deals(False) for p in PLAYERS
    )
