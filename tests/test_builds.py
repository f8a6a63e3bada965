"""The build compiled with mypyc behaves as the pure Python build, byte for byte.

``HATCH_BUILD_HOOKS_ENABLE=1 pip install .`` compiles the reader, the engine and the rulesets
(see ``[tool.hatch.build.targets.wheel.hooks.mypyc]`` in pyproject.toml).  When the trufspec
this session imports is that compiled build, these tests run the source tree of this
repository as the pure build beside it (a process whose ``sys.path`` starts with the
repository, so its ``.py`` files are imported) and compare what both print: ``trufspec check``
in text and in JSON of every sample record in ``records/``, and the games ``trufspec simulate``
plays of every ruleset, and their checks.

When the session imports the pure build (the usual run, on an editable install), there is no
second build to compare with, and the tests say so by asserting that the pure build is what
runs.  ``TRUFSPEC_BUILD=compiled`` (or ``pure``) in the environment states which build a run
is meant to test, so that a CI job of the compiled build fails, rather than passes as a pure
run, when its install did not compile.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import trufspec
import trufspec.engine.tricks
from trufspec.builds import COMPILED, PURE, build_name, is_compiled
from trufspec.games import GAMES

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "records"

PURE_MAIN = (
    "import sys\n"
    f"sys.path.insert(0, {str(ROOT)!r})\n"
    "from trufspec.cli import main\n"
    "main(prog_name='trufspec')\n"
)
"""``trufspec`` run from the source tree: the pure build, whatever is installed."""

INSTALLED_MAIN = "from trufspec.cli import main\nmain(prog_name='trufspec')\n"
"""``trufspec`` as the session imports it (run from a folder of no package, with no
``PYTHONPATH``, so that the source tree does not shadow an installed build)."""


def trufspec_cli(main: str, *args: str | Path, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["NO_COLOR"] = "1"
    return subprocess.run(
        [sys.executable, "-c", main, *map(str, args)],
        capture_output=True,
        cwd=cwd,
        env=env,
        timeout=600,
        check=False,
    )


def test_the_build_is_the_one_meant() -> None:
    """The build this session imports is the one ``TRUFSPEC_BUILD`` names, when it names one,
    and ``trufspec --version`` says the same."""
    meant = os.environ.get("TRUFSPEC_BUILD")
    if meant is not None:
        assert meant in ("compiled", "pure")
        assert is_compiled() == (meant == "compiled")
    engine_file = Path(trufspec.engine.tricks.__file__ or "")
    assert is_compiled() == (engine_file.suffix != ".py")
    assert build_name() == (COMPILED if is_compiled() else PURE)
    package = Path(trufspec.__file__).resolve().parents[1]
    version = trufspec_cli(INSTALLED_MAIN, "--version", cwd=package)
    assert version.stdout.decode().strip().endswith(f"({build_name()})")


def test_the_source_tree_runs_the_pure_build(tmp_path: Path) -> None:
    version = trufspec_cli(PURE_MAIN, "--version", cwd=tmp_path)
    assert version.returncode == 0
    assert version.stdout.decode().strip().endswith(f"({PURE})")


def both_builds(tmp_path: Path, *args: str | Path) -> tuple[bytes, int]:
    """What the installed build prints and its exit status, once the pure build has printed
    and exited the same; when the installed build is the pure one, the session's own."""
    installed = trufspec_cli(INSTALLED_MAIN, *args, cwd=tmp_path)
    assert installed.stderr == b""
    if is_compiled():
        pure = trufspec_cli(PURE_MAIN, *args, cwd=tmp_path)
        assert pure.stderr == b""
        assert (pure.returncode, pure.stdout) == (installed.returncode, installed.stdout)
    else:
        assert build_name() == PURE
    return installed.stdout, installed.returncode


@pytest.mark.parametrize("output", ["text", "json"])
def test_every_sample_record_checks_the_same(tmp_path: Path, output: str) -> None:
    """Every record in ``records/``, with its errors and warnings: the clauses' examples break
    every rule, so every diagnostic the compiled rulesets give is compared."""
    printed, status = both_builds(tmp_path, "check", "--jobs", "1", "--format", output, RECORDS)
    assert status == 1  # the clauses' examples of broken rules have errors
    assert printed.count(b"JB") and printed.count(b"TD") and printed.count(b"RH")


@pytest.mark.parametrize("ruleset", [game.id for game in GAMES])
def test_simulated_games_play_and_check_the_same(tmp_path: Path, ruleset: str) -> None:
    """Games the bots play through the referee (whose judgements are the compiled rulesets'),
    then their checks in text and JSON."""
    games, status = both_builds(
        tmp_path, "simulate", ruleset, "--games", "2", "--seed", "3", "--bots", "random", "-j", "1"
    )
    assert status == 0 and games.count(b"[Event ") == 2
    record = tmp_path / f"{ruleset}.truf"
    record.write_bytes(games)
    for output in ("text", "json"):
        printed, status = both_builds(tmp_path, "check", "--format", output, record)
        assert status == 0, printed.decode()
        assert printed
