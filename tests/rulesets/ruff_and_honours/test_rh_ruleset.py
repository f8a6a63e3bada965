"""ruff-and-honours: the source's figures as test vectors, and the team score sheet.

The scoring vectors of the rules analysis (part 5, RH items 1 to 3) are also records under
``records/ruff-and-honours/clauses/`` (RH404, RH406-bar-start-of-hand, RH501-one-hand-win); here
they run through the scoring function itself, and item 4 (a turned king of trumps counted on
one basis and not on the other) through a generated hand.  The simulator's bots play like
partners: the team with more trumps makes them count, and nobody takes a trick from a partner.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from oracle_ruff_and_honours import (
    BOTS,
    UNIFORM,
    GeneratedHand,
    Policy,
    legal_cards,
    partner_of,
    team_of,
    winner_of,
)
from rh_games import OPTION_GRID, PLAYERS, TEAMS, random_game, render

import trufspec
from trufspec.diagnostics import Severity
from trufspec.rulesets.ruff_and_honours.scoring import score_hand
from trufspec.spec.options import Readings, resolve
from trufspec.spec.registry import default_registry

ROOT = Path(__file__).resolve().parents[3]
PACKAGE_ROOT = Path(trufspec.__file__).resolve().parents[1]
"""Where the trufspec this session imports lies: a subprocess is given it on its path."""
SAMPLE = ROOT / "records" / "ruff-and-honours" / "complete-game.truf"
US, THEM = TEAMS


def options(**chosen: str) -> Readings:
    known = default_registry().options_of("ruff-and-honours")
    return Readings(resolve({k.replace("_", "-"): v for k, v in chosen.items()}, known))


@pytest.mark.parametrize(
    ("taken", "honours", "before", "chosen", "expected", "clause"),
    [
        # 1: eight tricks score 2, three honours 2 more.
        (8, 3, 0, {}, 4, "RH404"),
        # 2: at 6, eight tricks bring the team to 8, so its honours are barred ...
        (8, 3, 6, {}, 2, "RH406"),
        # ... unless the bar is tested at the start of the hand: 6 + 2 + 2 = 10.
        (8, 3, 6, {"honours_bar_timing": "start-of-hand"}, 4, "RH404"),
        # 3: from 0, twelve tricks and four honours make 10, a win in one hand ...
        (12, 4, 0, {}, 10, "RH404"),
        # ... and 8 under the Elizabethan values.
        (12, 4, 0, {"honour_points": "1-and-2"}, 8, "RH404"),
        # Trick points that reach 9 pre-empt honours.
        (11, 3, 4, {}, 5, "RH405"),
    ],
)
def test_scoring_vectors(
    taken: int, honours: int, before: int, chosen: dict[str, str], expected: int, clause: str
) -> None:
    scores = score_hand(
        {US: taken, THEM: 12 - taken},
        {US: honours, THEM: 4 - honours},
        {US: before, THEM: 0},
        options(**chosen),
    )
    assert (scores[US].points, scores[US].clause) == (expected, clause)
    assert scores[THEM].points == 0


def test_bar_for_both_teams() -> None:
    """honours-bar-scope=both-teams: a team on 8 stops the other team's honours too."""
    taken, honours, before = {US: 5, THEM: 7}, {US: 0, THEM: 3}, {US: 8, THEM: 0}
    assert score_hand(taken, honours, before, options())[THEM].points == 3
    barred = score_hand(taken, honours, before, options(honours_bar_scope="both-teams"))[THEM]
    assert (barred.points, barred.clause) == (1, "RH406")


def test_turned_king_counts_after_the_ruff_only() -> None:
    """Vector 4: the turned king of trumps goes to the ruffer; held-after-ruff counts it for
    the ruffer's team, as-dealt does not, so one record's honours line is right under one
    reading and wrong under the other."""
    dealt = {key: values[0] for key, values in OPTION_GRID.items()} | {"honours-basis": "as-dealt"}
    rng = random.Random(4)
    for _ in range(5000):
        game = random_game(random.Random(rng.getrandbits(64)), dealt, 1)
        hand = game.hands[0]
        if hand.stock[0][0] == 13 and hand.stock[0] not in hand.discards:
            break
    else:
        raise AssertionError("no hand with a turned king kept by the ruffer")
    render(game)
    assert [
        d for d in trufspec.check_text(game.text).diagnostics if d.severity is Severity.ERROR
    ] == []
    after = trufspec.check_text(game.text, options={"honours-basis": "held-after-ruff"})
    found = [
        (d.code, d.line)
        for d in after.diagnostics
        if d.severity is Severity.ERROR and not d.consequential
    ]
    assert ("RH403", hand.lines["honours"]) in found


def _hands(policy: Policy) -> list[GeneratedHand]:
    return [
        random_game(random.Random(f"bots:{seed}"), {}, 1, policy=policy).hands[0]
        for seed in range(200)
    ]


def _tricks_of_the_longer_trumps(hand: GeneratedHand) -> int | None:
    """The tricks taken by the team holding more trumps at the first lead (None on a tie)."""
    trump = hand.stock[0][1]
    counts = dict.fromkeys(TEAMS, 0)
    for player, cards in hand.held.items():
        counts[team_of(player)] += sum(1 for card in cards if card[1] == trump)
    if counts[TEAMS[0]] == counts[TEAMS[1]]:
        return None
    return hand.taken[max(TEAMS, key=counts.__getitem__)]


@pytest.mark.slow
def test_bots_make_trumps_count() -> None:
    """The bots are not noise: over 200 seeded hands the team with more trumps takes clearly
    more tricks than when the same cards are played at random."""

    def mean(policy: Policy) -> float:
        found = [n for n in map(_tricks_of_the_longer_trumps, _hands(policy)) if n is not None]
        return sum(found) / len(found)

    bots, uniform = mean(BOTS), mean(UNIFORM)
    assert bots > 7.5 and bots > uniform + 0.5


def overtaken(hand: GeneratedHand) -> int:
    """How often the last player took a trick from a partner when a card of theirs would not."""
    trump = hand.stock[0][1]
    hands = {player: list(cards) for player, cards in hand.held.items()}
    count = 0
    for leader, cards in hand.tricks:
        order = [PLAYERS[(PLAYERS.index(leader) + k) % 4] for k in range(4)]
        last = order[3]
        if order[winner_of(cards[:3], trump)] == partner_of(last) and winner_of(cards, trump) == 3:
            count += any(
                winner_of([*cards[:3], c], trump) != 3 for c in legal_cards(hands[last], cards[:3])
            )
        for player, card in zip(order, cards):
            hands[player].remove(card)
    return count


def test_bots_never_overtake_a_partner() -> None:
    assert sum(map(overtaken, _hands(BOTS))) == 0
    assert sum(map(overtaken, _hands(UNIFORM))) > 20


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(PACKAGE_ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "trufspec", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


@pytest.mark.slow
def test_score_prints_the_team_sheet() -> None:
    result = run_cli("score", str(SAMPLE))
    assert result.returncode == 0, result.stderr
    header = result.stdout.splitlines()[1].split()
    assert header == ["deal", US, THEM]
    assert result.stdout.rstrip().splitlines()[-1] == f"winner: {THEM}"


@pytest.mark.slow
def test_json_report_keys_figures_and_winners_by_team() -> None:
    result = run_cli("check", "--format", "json", str(SAMPLE))
    assert result.returncode == 0, result.stderr
    (game,) = json.loads(result.stdout)["files"][0]["games"]
    assert game["winners"] == [THEM]
    assert set(game["deals"][-1]["scores"]) == set(game["deals"][-1]["totals"]) == {US, THEM}
    assert game["deals"][-1]["totals"][THEM] >= 9


def test_hand_end_when_decided_without_the_totals_before() -> None:
    """RH-A9b read as when-decided needs the totals before a hand to know where it ends; when
    an earlier hand leaves them unknown, a hand that stops early is taken as it stands, and
    the report says that check could not run."""
    record = (
        ROOT / "records" / "ruff-and-honours" / "clauses" / "RH307-hand-ends-when-decided.good.truf"
    )
    first, second = record.read_text(encoding="utf-8").split("\ndeal 2\n")
    # The first hand keeps its deal but loses its play and figures: the totals after it are unknown.
    text = first.split("\nplay\n")[0] + "\n\ndeal 2\n" + second
    report = trufspec.check_text(text, "unknown-totals.truf")
    assert [d.code for d in report.diagnostics if d.severity is Severity.ERROR] == []
    assert any(
        d.code == "REC015" and "where the hand ends" in d.message for d in report.diagnostics
    )
    played_out = trufspec.check_text(
        text.replace("hand-end=when-decided", "hand-end=all-tricks"), "all.truf"
    )
    assert [(d.code, d.line) for d in played_out.diagnostics if d.severity is Severity.ERROR] == [
        ("RH307", text[: text.index("\nplay\n", text.index("deal 2"))].count("\n") + 2)
    ]
