"""The public API's types are what a caller's type checker reads: trufspec ships ``py.typed``,
so a program that uses ``trufspec``, ``trufspec.referee`` and ``trufspec.pictures`` must
type-check at ``--strict`` against the installed package, and a wrong use must be caught."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from mypy import api

pytestmark = pytest.mark.slow

CALLER = """
from collections.abc import Mapping, Sequence
from pathlib import Path

import trufspec
from trufspec import Formatted, Parsed
from trufspec.cards import Card
from trufspec.diagnostics import Diagnostic
from trufspec.validator.report import FileReport, GameResult
from trufspec.pictures import chart_svg, deal_svg, trick_svg
from trufspec.records import Deal, Game
from trufspec.referee import (
    REFEREE_CODES,
    STATES,
    Action,
    Choose,
    GameState,
    NextDeal,
    PlayCard,
    Refused,
    View,
    describe,
    new_game,
    resume,
)


def read(path: Path) -> tuple[Game, ...]:
    parsed: Parsed = trufspec.load(path)
    again: Parsed = trufspec.loads(path.read_text(encoding="utf-8"), str(path))
    text: str = trufspec.dumps(parsed.games, unicode=True)
    decoded: tuple[str, Diagnostic | None] = trufspec.decode(text.encode(), str(path))
    return again.games if decoded[1] is None else ()


def check(path: Path, options: Mapping[str, str]) -> list[str]:
    report: FileReport = trufspec.check_text(path.read_text(encoding="utf-8"), str(path))
    same: FileReport = trufspec.check_bytes(path.read_bytes(), str(path), options)
    with path.open("rb") as lines:
        streamed: FileReport = trufspec.check_stream(lines, str(path), options, jobs=1)
    formatted: Formatted = trufspec.format_bytes(path.read_bytes(), str(path))
    results: tuple[GameResult, ...] = report.games + same.games + streamed.games
    messages = [f"{d.code} {d.severity.value} {d.span.line}" for d in report.diagnostics]
    return messages + [formatted.output or "", str(len(results)), trufspec.__version__]


def draw(game: Game, result: GameResult) -> list[str]:
    deal: Deal = game.deals[0]
    players: Sequence[str] = game.players
    return [
        deal_svg(deal, players, trick=1, size=12.0),
        trick_svg(deal, players, 1, readings={"tie-cards": "second"}),
        chart_svg(game, result),
    ]


def play(ruleset: str) -> Game:
    if ruleset not in STATES:
        raise SystemExit(REFEREE_CODES["REF002"])
    try:
        state: GameState = new_game(ruleset, ["Ana", "Budi", "Citra", "Dewi"], seed=7)
    except Refused as refused:
        raise SystemExit(describe(refused.diagnostics[0])) from refused
    while not state.is_game_over:
        player: str | None = state.current_player
        actions: Sequence[Action] = state.legal_actions(player)
        action = actions[0] if actions else NextDeal(player or "Ana")
        problem: Diagnostic | None = state.why_not(action)
        if problem is None:
            state.apply(action)
        if isinstance(action, PlayCard):
            card: Card = action.card
            hand: tuple[Card, ...] = state.hand(action.player)
            assert card not in hand
    view: View = state.view("Ana")
    shown: Deal | None = state.last_deal("Ana")
    assert shown is None or shown == view.record.deals[-1]
    resumed: GameState = resume(trufspec.dumps([view.record]), seed=7)
    passed: Diagnostic | None = resumed.why_not(Choose("Ana", "pass"))
    if passed is not None:
        said: str = passed.said_to("Ana")
        assert said[:1].isupper()
    let_stand: Action = resumed.acknowledged(resumed.action("Ana", "QH"))
    resumed.why_not(let_stand)
    from_value: GameState = resume(state.record())
    report: FileReport = trufspec.check_games([from_value.record()])
    assert not report.diagnostics
    winners: tuple[str, ...] = state.winners
    return state.record() if winners else resumed.record()
"""

MISUSED = """
import trufspec
from trufspec.pictures import deal_svg
from trufspec.referee import new_game

count: int = trufspec.dumps([])
new_game("truf-jb", "Ana Budi Citra Dewi", seed=[7])
deal_svg(trufspec.loads("").games, ["Ana"])
"""


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One mypy cache for the module: trufspec is analysed once, by the first test."""
    return tmp_path_factory.mktemp("mypy-cache")


def mypy(folder: Path, cache: Path, program: str) -> tuple[str, int]:
    """mypy --strict's report on ``program`` and its status, run as a caller runs it: from a
    folder of their own (not trufspec's checkout, nor its configuration), reading trufspec
    where it is installed."""
    (folder / "caller.py").write_text(textwrap.dedent(program), encoding="utf-8")
    (folder / "mypy.ini").write_text("[mypy]\n", encoding="utf-8")
    report, errors, status = api.run(
        [
            "--strict",
            "--config-file",
            str(folder / "mypy.ini"),
            "--cache-dir",
            str(cache),
            str(folder / "caller.py"),
        ]
    )
    return report + errors, status


def test_a_program_using_the_public_api_type_checks_at_strict(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    report, status = mypy(tmp_path, cache, CALLER)
    assert status == 0, report
    assert "Success: no issues found in 1 source file" in report


def test_a_wrong_use_of_the_public_api_is_caught(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The types are real, not Any: each misuse is an error of its own line."""
    monkeypatch.chdir(tmp_path)
    report, status = mypy(tmp_path, cache, MISUSED)
    assert status == 1, report
    lines = {line.split(":")[1] for line in report.splitlines() if ": error:" in line}
    assert lines == {"6", "7", "8"}, report
