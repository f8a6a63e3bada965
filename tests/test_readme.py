"""The README's examples run as printed from a fresh clone.

The files a clone has (``git ls-files``, as the working tree holds them) are copied to an
empty folder, nothing else is written there, and each ``$ trufspec ...`` example and each
Python block of the README runs in it: an example followed by its output must print that
output, and the Python blocks must run to their end.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runs import PACKAGE_ROOT
from clone import copy_checkout

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def blocks(language: str) -> list[list[str]]:
    """The README's code blocks opened with ```` ```language ````, as lines."""
    found: list[tuple[str, list[str]]] = []
    open_block: tuple[str, list[str]] | None = None
    for line in README.read_text(encoding="utf-8").splitlines():
        if open_block is None and line.startswith("```"):
            open_block = (line[3:].strip(), [])
        elif open_block is not None and line == "```":
            found.append(open_block)
            open_block = None
        elif open_block is not None:
            open_block[1].append(line)
    return [lines for kind, lines in found if kind == language]


def examples() -> list[tuple[str, list[str]]]:
    """Each ``$ trufspec`` line of the README's plain blocks, with the output printed under
    it (up to the next prompt or the end of the block)."""
    found: list[tuple[str, list[str]]] = []
    for lines in blocks(""):
        current: list[str] | None = None
        for line in lines:
            if line.startswith("$ "):
                current = None
                if line.startswith("$ trufspec "):
                    current = []
                    found.append((line[2:], current))
            elif current is not None:
                current.append(line)
    return found


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_checkout(tmp_path_factory.mktemp("clone"))


def environment() -> dict[str, str]:
    env = {**os.environ, "NO_COLOR": "1", "PYTHON": sys.executable, "COLUMNS": "200"}
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(PACKAGE_ROOT), os.environ.get("PYTHONPATH")) if p
    )
    return env


def test_the_readme_has_examples() -> None:
    assert examples()[0][0].startswith("trufspec check records/")
    assert blocks("python")


@pytest.mark.parametrize("example", examples(), ids=[e for e, _ in examples()])
def test_a_readme_example_reads_only_what_a_clone_has_and_prints_what_it_shows(
    clone: Path, example: tuple[str, list[str]]
) -> None:
    command, shown = example
    words = command.replace("&&", " ").split()
    written = {words[i + 1] for i, word in enumerate(words[:-1]) if word in ("-o", "--output")}
    # Every record it reads is in the clone, or written by the command line itself.
    for word in words:
        if word.endswith(".truf") and word not in written:
            assert (clone / word).is_file(), f"{word} is not in a fresh clone"
    if not shown:
        return  # it runs in a copy of the records too: test_cli_examples
    script = f'trufspec() {{ "$PYTHON" -m trufspec "$@"; }}\n{command}\n'
    result = subprocess.run(
        ["bash", "-c", script],
        capture_output=True,
        text=True,
        cwd=clone,
        env=environment(),
        timeout=300,
    )
    assert result.returncode in (0, 1), result.stderr
    assert result.stdout.splitlines() == shown


@pytest.mark.parametrize("number", range(len(blocks("python"))))
def test_a_readme_python_block_runs(clone: Path, number: int) -> None:
    code = "\n".join(blocks("python")[number])
    assert not re.search(r"\bclub-night\.truf\b", code)
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=clone,
        env=environment(),
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout
