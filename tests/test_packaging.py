"""The wheel carries everything trufspec reads at run time, and an installed trufspec works
away from the source checkout.

The grammar lives at the top of the repository and the rule texts are data files, so a
packaging mistake would pass every other test (they run from the checkout) and only show up
for users: these tests build the real wheel and look inside it.
"""

from __future__ import annotations

import email.parser
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import attr
import attrs
import click
import lark
import msgspec
import pathspec
import pytest
from run_once import once

import trufspec

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]

RECORD = """\
[Event "Club night"]
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]

deal 1
dealer Ana
bids Ana: 3 Budi: 7 Citra: 0 Dewi: 2
tricks Ana 3 Budi 6 Citra 1 Dewi 3
"""


def _build_wheel(out: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(out)],
        check=True,
        cwd=out,
        timeout=600,
    )


@pytest.fixture
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel pip builds from this checkout (the build backend comes from the index), built
    once for the run's workers."""
    [built] = once(tmp_path_factory, "wheel", _build_wheel).glob("trufspec-*.whl")
    return built


def test_wheel_contains_the_grammar_the_rule_texts_and_the_type_marker(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        grammar = archive.read("trufspec/grammar/trufrec.lark")
    assert grammar == (ROOT / "grammar" / "trufrec.lark").read_bytes()
    assert "trufspec/py.typed" in names
    sources = sorted(n for n in names if n.startswith("trufspec/spec/sources/"))
    folder = ROOT / "trufspec" / "spec" / "sources"
    expected = sorted(f"trufspec/spec/sources/{p.name}" for p in folder.glob("*.txt"))
    assert len(expected) == 5
    assert sources == expected
    schemas = {n for n in names if n.startswith("trufspec/schemas/")}
    assert schemas == {
        f"trufspec/schemas/{name}.schema.json"
        for name in ("check", "score", "standings", "coverage", "readings", "record")
    }
    templates = {
        f"trufspec/pictures/templates/{name}"
        for name in ("report.html.j2", "report.css", "report.js")
    }
    assert templates <= names


def test_wheel_metadata(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        info = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = email.parser.Parser().parsestr(archive.read(info).decode("utf-8"))
        scripts = archive.read(info.replace("METADATA", "entry_points.txt")).decode("utf-8")
    assert metadata["Name"] == "trufspec"
    assert metadata["Version"] == trufspec.__version__
    assert metadata["Requires-Python"] == ">=3.11"
    requires = metadata.get_all("Requires-Dist") or []
    required = {r.split(">=")[0].split(";")[0].strip() for r in requires}
    assert {"lark", "attrs", "click", "jinja2", "msgspec", "pathspec"} <= required
    assert "trufspec = trufspec.cli:main" in scripts
    # The Sphinx extension links into the published reference by the Documentation address.
    urls = dict(url.split(", ", 1) for url in metadata.get_all("Project-URL") or [])
    assert urls["Documentation"].startswith("https://") and urls["Source"].startswith("https://")


def test_installed_wheel_checks_a_record_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    # A bare environment that sees the dependencies of this test session (no network needed)
    # but not its trufspec: only the wheel's copy can answer.
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # The dependencies' packages are linked into a folder of their own, not their site-packages
    # put on the path: a session's trufspec installed there (a compiled build) would shadow
    # the wheel's.
    dependencies = tmp_path / "dependencies"
    dependencies.mkdir()
    for module in (lark, attr, attrs, click, msgspec, pathspec):
        package = Path(str(module.__file__)).resolve().parent
        (dependencies / package.name).symlink_to(package)
    Path(purelib, "test-dependencies.pth").write_text(f"{dependencies}\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        timeout=300,
    )

    work = tmp_path / "elsewhere"
    work.mkdir()
    (work / "club.truf").write_text(RECORD, encoding="utf-8")
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}

    where = subprocess.run(
        [python, "-c", "import trufspec; print(trufspec.__file__)"],
        cwd=work,
        env=clean,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert Path(where).resolve().is_relative_to(env_dir.resolve()), where

    result = subprocess.run(
        [env_dir / "bin" / "trufspec", "check", "club.truf"],
        cwd=work,
        env=clean,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no problems found in 1 file, 1 game, 1 deal" in result.stdout
