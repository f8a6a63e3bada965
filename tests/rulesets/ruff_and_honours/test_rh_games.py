"""ruff-and-honours against an independent oracle: random legal games, and single faults in them.

``rh_games`` plays legal games from the source's rules with the simulator's own implementation
of the deal, the ruff, the play and the scoring (:mod:`oracle_ruff_and_honours`,
independent of the engine), under every combination of the options grid, by the bots or by
uniformly random legal choices.

1. Every legal game checks without an error or a warning, and the validator's recomputed
   scores, totals and winners (in the JSON report too) are the oracle's.
2. One fault is reported with exactly the expected clause on the expected line, and nothing
   else is reported except as its consequence: a wrong ruffer, a discard the ruffer does not
   hold, a revoke (played, after which the game goes on legally), a wrong honours count, a
   wrong score, a wrong total, a wrong dealer, a hand played after the game is won and a wrong
   ``Winner`` tag.

Games for a mutation are found constructively: a seed is drawn and derived seeds are walked
until a game offers what the fault needs.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Required, TypedDict, Unpack

from budgets import examples
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rh_games import (
    PACK,
    PLAYERS,
    TEAMS,
    GeneratedGame,
    card_text,
    random_game,
    render,
    rh_games,
    rh_options,
    score_hand,
)

import trufspec
from trufspec.diagnostics import Diagnostic, Severity
from trufspec.output.json import render as render_json
from trufspec.validator.report import FileReport, Report

BAD = (Severity.ERROR, Severity.WARNING)

legal_settings = settings(
    max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
mutation_settings = settings(
    max_examples=examples(15),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
seeds = st.integers(0, 2**32)


def check(text: str) -> FileReport:
    return trufspec.check_text(text, "generated.truf")


def describe(text: str, diagnostics: list[Diagnostic]) -> str:
    listing = "\n".join(
        f"  {d.line} {d.code} {d.message}{' (consequential)' if d.consequential else ''}"
        for d in diagnostics
    )
    return f"{text}\n{listing}"


def primary(report: FileReport) -> list[tuple[str, int]]:
    return [
        (d.code, d.line) for d in report.diagnostics if d.severity in BAD and not d.consequential
    ]


def replace_line(text: str, line: int, new: str) -> str:
    lines = text.split("\n")
    lines[line - 1] = new
    return "\n".join(lines)


class GameChoices(TypedDict, total=False):
    """The choices of :func:`random_game` after its options, as :func:`find_game` passes them on."""

    max_hands: Required[int]
    revoke_hand: int | None
    play_on: bool


def find_game(
    seed: int,
    options: dict[str, str],
    wanted: Callable[[GeneratedGame], bool],
    **kwargs: Unpack[GameChoices],
) -> GeneratedGame:
    """The first game from seeds derived from ``seed`` that ``wanted`` accepts."""
    rng = random.Random(seed)
    for _ in range(200):
        game = random_game(random.Random(rng.getrandbits(64)), options, **kwargs)
        if wanted(game):
            return render(game)
    raise AssertionError("no game found for the mutation")


def assert_only(text: str, expected: tuple[str, int]) -> None:
    report = check(text)
    assert primary(report) == [expected], describe(
        text, [d for d in report.diagnostics if d.severity in BAD]
    )


# ------------------------------------------------------------------------ the oracle itself


def test_oracle_figures_of_the_source() -> None:
    """Rules analysis, part 5, RH items 1 to 3."""
    default = {
        "honour-points": "2-and-4",
        "honours-bar-timing": "after-tricks",
        "honours-bar-scope": "own-team",
        "target-points": "9",
    }
    scores, _ = score_hand(
        {TEAMS[0]: 8, TEAMS[1]: 4}, {TEAMS[0]: 3, TEAMS[1]: 1}, {TEAMS[0]: 0, TEAMS[1]: 0}, default
    )
    assert scores == {TEAMS[0]: 4, TEAMS[1]: 0}
    scores, clauses = score_hand(
        {TEAMS[0]: 8, TEAMS[1]: 4}, {TEAMS[0]: 3, TEAMS[1]: 1}, {TEAMS[0]: 6, TEAMS[1]: 0}, default
    )
    assert scores[TEAMS[0]] == 2 and clauses[TEAMS[0]] == "RH406"
    early = default | {"honours-bar-timing": "start-of-hand"}
    scores, _ = score_hand(
        {TEAMS[0]: 8, TEAMS[1]: 4}, {TEAMS[0]: 3, TEAMS[1]: 1}, {TEAMS[0]: 6, TEAMS[1]: 0}, early
    )
    assert scores[TEAMS[0]] == 4
    scores, _ = score_hand(
        {TEAMS[0]: 12, TEAMS[1]: 0},
        {TEAMS[0]: 4, TEAMS[1]: 0},
        {TEAMS[0]: 0, TEAMS[1]: 0},
        default | {"target-points": "11"},
    )
    assert scores[TEAMS[0]] == 10


# ------------------------------------------------------------------------ legal games


@legal_settings
@given(rh_games())
def test_generated_record_is_canonical(game: GeneratedGame) -> None:
    formatted = trufspec.format_bytes(game.text.encode(), "generated.truf")
    assert formatted.output == game.text


@legal_settings
@given(rh_games())
def test_legal_game_validates_with_the_oracles_figures(game: GeneratedGame) -> None:
    report = check(game.text)
    problems = [d for d in report.diagnostics if d.severity in BAD]
    assert problems == [], describe(game.text, problems)
    (result,) = report.games
    assert [d.scores for d in result.deals] == [h.scores for h in game.hands]
    assert [d.totals for d in result.deals] == [h.totals for h in game.hands]
    assert result.winners == game.winners
    document = json.loads(render_json(Report((report,))))
    games = document["files"][0]["games"]
    assert games[0]["winners"] == list(game.winners)
    assert games[0]["deals"][-1]["totals"] == game.hands[-1].totals


# ------------------------------------------------------------------------ single faults


@mutation_settings
@given(seeds, rh_options())
def test_wrong_ruffer(seed: int, options: dict[str, str]) -> None:
    game = find_game(seed, options, lambda g: True, max_hands=3)
    hand = game.hands[-1]
    other = next(p for p in PLAYERS if p != hand.ruffer)
    line = hand.lines["ruff"]
    text = game.text.split("\n")[line - 1].replace(f"ruff {hand.ruffer} ", f"ruff {other} ", 1)
    assert_only(replace_line(game.text, line, text), ("RH104", line))


@mutation_settings
@given(seeds, rh_options())
def test_discard_not_held(seed: int, options: dict[str, str]) -> None:
    game = find_game(seed, options, lambda g: not g.hands[-1].declined, max_hands=3)
    hand = game.hands[-1]
    holding = set(hand.dealt[hand.ruffer]) | set(hand.stock)
    stranger = random.Random(seed).choice([c for c in PACK if c not in holding])
    discards = [stranger, *hand.discards[1:]]
    line = hand.lines["ruff"]
    text = f"ruff {hand.ruffer} discards " + " ".join(card_text(c) for c in discards)
    assert_only(replace_line(game.text, line, text), ("RH105", line))


@mutation_settings
@given(seeds, rh_options())
def test_revoke_played(seed: int, options: dict[str, str]) -> None:
    game = find_game(
        seed, options, lambda g: g.hands[0].revoke is not None, max_hands=3, revoke_hand=0
    )
    hand = game.hands[0]
    assert hand.revoke is not None
    assert_only(game.text, ("RH303", hand.lines[f"trick{hand.revoke + 1}"]))


@mutation_settings
@given(seeds, rh_options(), st.sampled_from(TEAMS), st.sampled_from([-1, 1]))
def test_wrong_honours_count(seed: int, options: dict[str, str], team: str, delta: int) -> None:
    game = find_game(seed, options, lambda g: g.hands[-1].honours[team] + delta >= 0, max_hands=3)
    hand = game.hands[-1]
    counts = dict(hand.honours) | {team: hand.honours[team] + delta}
    line = hand.lines["honours"]
    text = "honours " + " ".join(f"{t} {counts[t]}" for t in TEAMS)
    assert_only(replace_line(game.text, line, text), ("RH403", line))


@mutation_settings
@given(seeds, rh_options(), st.sampled_from(TEAMS), st.sampled_from([-1, 1, 2]))
def test_wrong_score(seed: int, options: dict[str, str], team: str, delta: int) -> None:
    game = find_game(seed, options, lambda g: True, max_hands=4)
    hand = random.Random(seed).choice(game.hands)
    scores = dict(hand.scores) | {team: hand.scores[team] + delta}
    line = hand.lines["score"]
    text = "score  " + " ".join(f"{t} {scores[t]}" for t in TEAMS)
    assert_only(replace_line(game.text, line, text), (hand.clauses[team], line))


@mutation_settings
@given(seeds, rh_options(), st.sampled_from(TEAMS))
def test_wrong_total(seed: int, options: dict[str, str], team: str) -> None:
    game = find_game(seed, options, lambda g: True, max_hands=4)
    hand = random.Random(seed).choice(game.hands)
    totals = dict(hand.totals) | {team: hand.totals[team] + 1}
    line = hand.lines["total"]
    text = "total  " + " ".join(f"{t} {totals[t]}" for t in TEAMS)
    assert_only(replace_line(game.text, line, text), ("RH407", line))


@mutation_settings
@given(seeds, rh_options())
def test_wrong_dealer(seed: int, options: dict[str, str]) -> None:
    game = find_game(seed, options, lambda g: len(g.hands) > 1, max_hands=3)
    hand = game.hands[-1]
    other = next(p for p in PLAYERS if p != hand.dealer)
    line = hand.lines["dealer"]
    assert_only(replace_line(game.text, line, f"dealer {other}"), ("RH106", line))


@mutation_settings
@given(seeds, rh_options())
def test_hand_played_after_the_game_is_won(seed: int, options: dict[str, str]) -> None:
    options = options | {"target-points": "4"}
    game = find_game(
        seed, options, lambda g: len(g.hands) >= 2 and bool(g.winners), max_hands=12, play_on=True
    )
    last = game.hands[-1]
    assert_only(game.text, ("RH502", last.lines["deal"]))
    assert check(game.text).games[0].winners == game.winners


@mutation_settings
@given(seeds, rh_options())
def test_wrong_winner_tag(seed: int, options: dict[str, str]) -> None:
    options = options | {"target-points": "4"}
    game = find_game(seed, options, lambda g: bool(g.winners), max_hands=12)
    loser = next(t for t in TEAMS if t not in game.winners)
    render(game, winner_tag=loser)
    assert_only(game.text, ("RH501", 5))
    render(game, winner_tag=game.winners[0])
    assert primary(check(game.text)) == []
