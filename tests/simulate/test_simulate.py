"""``trufspec simulate``: every ruleset's simulated games are legal, canonical and reproducible.

The games of a ruleset with a referee are played through it, and the others by a simulator
written from the source on its own; either way a simulated game must check clean.  Here, for
every ruleset: games at both levels of detail, under every reading each simulator plays by,
check without an error or a warning and print back unchanged; a seed plays the same games
again; and the command refuses what it cannot simulate, saying why.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import trufspec
from trufspec.diagnostics import Severity
from trufspec.simulate import SIMULATORS, Detail, option_problems, simulate, simulator_for
from trufspec.spec.registry import default_registry

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(SIMULATORS)


def readings(ruleset: str) -> list[dict[str, str]]:
    """The defaults, then each reading the simulator plays by, one option at a time."""
    simulator = simulator_for(ruleset)
    options = default_registry().options_of(ruleset)
    found: list[dict[str, str]] = [{}]
    for key in sorted(simulator.options):
        for value in options[key].choices or ():
            if value != options[key].default:
                found.append({key: value})
    return found


def problems(text: str, options: dict[str, str]) -> list[str]:
    report = trufspec.check_text(text, "simulated.truf")
    return [
        f"{d.line}: {d.code} {d.message}"
        for d in report.diagnostics
        if d.severity in (Severity.ERROR, Severity.WARNING, Severity.ACKNOWLEDGED)
    ]


@pytest.mark.slow
@pytest.mark.parametrize("detail", list(Detail), ids=lambda d: d.value)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_simulated_games_check_clean_under_every_reading(ruleset: str, detail: Detail) -> None:
    for options in readings(ruleset):
        games = list(simulate(ruleset, 6, seed=11, detail=detail, options=options))
        text = "\n".join(games)
        found = problems(text, options)
        assert not found, f"{options}:\n" + "\n".join(found[:10]) + "\n\n" + text[:3000]
        parsed = trufspec.loads(text)
        assert parsed.ok and len(parsed.games) == 6
        assert trufspec.dumps(parsed.games) == text
        assert all(g.ruleset == ruleset for g in parsed.games)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_seed_plays_the_same_games(ruleset: str) -> None:
    first = list(simulate(ruleset, 3, seed=5))
    assert first == list(simulate(ruleset, 3, seed=5))
    assert first[:2] == list(simulate(ruleset, 2, seed=5))
    assert first != list(simulate(ruleset, 3, seed=6))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_sheets_hold_no_cards_played(ruleset: str) -> None:
    games = trufspec.loads("\n".join(simulate(ruleset, 3, seed=2, detail=Detail.SHEET))).games
    keywords = {type(s).__name__ for g in games for d in g.deals for s in d.sections}
    assert "Play" not in keywords and "Hands" not in keywords


def test_unknown_and_unsimulated_options_are_refused() -> None:
    simulator = simulator_for("truf-jb")
    assert option_problems(simulator, {"no-such": "x"})[0].startswith(
        "truf-jb has no option 'no-such'"
    )
    assert "cannot be" in option_problems(simulator, {"zero-bid-miss": "never"})[0]
    with pytest.raises(ValueError, match="truf-jb has no option 'no-such'"):
        list(simulate("truf-jb", 1, 1, options={"no-such": "x"}))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trufspec", *args], capture_output=True, text=True, cwd=ROOT
    )


@pytest.mark.slow
def test_command_writes_games_that_check_clean(tmp_path: Path) -> None:
    target = tmp_path / "games.truf"
    result = run("simulate", "truf-jb", "--games", "3", "--seed", "4", "-o", str(target))
    assert result.returncode == 0, result.stderr
    text = target.read_text(encoding="utf-8")
    assert text.startswith(
        '[Event "Simulation, seed 4, game 1"]\n[Round "1"]\n[Ruleset "truf-jb"]\n'
    )
    assert text == run("simulate", "truf-jb", "-n", "3", "--seed", "4").stdout
    assert run("check", str(target)).returncode == 0


@pytest.mark.slow
def test_command_without_a_seed_writes_the_seed_it_drew() -> None:
    result = run("simulate", "tromplemond")
    assert result.returncode == 0, result.stderr
    seed = result.stdout.split("seed ", 1)[1].split(",", 1)[0]
    assert run("simulate", "tromplemond", "--seed", seed).stdout == result.stdout


@pytest.mark.slow
def test_command_refuses_an_unknown_ruleset_and_option() -> None:
    result = run("simulate", "bridge")
    assert result.returncode == 2 and "no ruleset 'bridge'" in result.stderr
    result = run("simulate", "truf-jb", "--option", "zero-bid-miss=never")
    assert result.returncode == 2 and "zero-bid-miss" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_seed_plays_the_same_games_in_every_process(ruleset: str) -> None:
    # String hashing differs from process to process: a simulator that iterates over a set of
    # strings would play other games under another PYTHONHASHSEED.
    outputs = set()
    for hash_seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-m", "trufspec", "simulate", ruleset, "-n", "2", "--seed", "9"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert result.returncode == 0, result.stderr
        outputs.add(result.stdout)
    assert len(outputs) == 1
