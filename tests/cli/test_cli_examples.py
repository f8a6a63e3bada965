"""Every example of the command line runs as written: those in each command's ``--help`` (its
``Examples:`` paragraph) and every ``$ trufspec ...`` line of the documentation and the README.

The examples run in a shell (they may redirect or chain commands) in a folder holding a copy
of the sample records and the files the documentation writes before it runs them; an example
may find problems in records (exit 1) but must never be a usage error (exit 2).
"""

from __future__ import annotations

import inspect
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from cli_runs import PACKAGE_ROOT

from trufspec.cli import main

ROOT = Path(__file__).resolve().parents[2]
PROMPT = re.compile(r"^\s*\$ (trufspec .*)$", re.MULTILINE)


def help_examples() -> list[str]:
    """The lines of each command's ``Examples:`` paragraph, which click prints unwrapped."""
    found = []
    for _name, command in sorted(main.commands.items()):
        for paragraph in inspect.cleandoc(command.help or "").split("\n\n"):
            heading, *lines = paragraph.removeprefix("\b").strip("\n").split("\n")
            if paragraph.startswith("\b") and heading == "Examples:":
                found += [line.strip() for line in lines]
    return found


def documented_examples() -> list[str]:
    pages = [*sorted((ROOT / "docs").rglob("*.rst")), ROOT / "README.md"]
    return [
        command for page in pages for command in PROMPT.findall(page.read_text(encoding="utf-8"))
    ]


def first_block(path: Path, opening: str, closing: str) -> str:
    """The first code block of a page that starts with ``opening``, without its indent."""
    text = path.read_text(encoding="utf-8")
    start = text.index(opening) + len(opening)
    block = text[start : text.index(closing, start)]
    lines = block.strip("\n").split("\n")
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return "\n".join(line[indent:] for line in lines) + "\n"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the sample records, with the record the tutorial writes."""
    folder = tmp_path_factory.mktemp("examples")
    shutil.copytree(ROOT / "records", folder / "records")
    tutorial = ROOT / "docs" / "tutorials" / "club-evening.rst"
    (folder / "friday.truf").write_text(
        first_block(tutorial, ".. code-block:: truf\n", "\n\n("), encoding="utf-8"
    )
    return folder


def test_the_examples_are_found() -> None:
    assert "trufspec rules truf-jb/follow-suit" in help_examples()
    assert {"check", "fmt", "score", "rules", "coverage", "simulate"} <= {
        e.split()[1] for e in help_examples()
    }
    assert "trufspec check friday.truf" in documented_examples()
    assert len(documented_examples()) >= 8


def written(example: str) -> set[str]:
    """The files an example writes (``-o FILE``)."""
    words = example.split()
    return {words[i + 1] for i, word in enumerate(words[:-1]) if word in ("-o", "--output")}


def script(example: str, examples: list[str]) -> str:
    """The example, after each earlier one that writes a file it names: the examples run in
    any order, each worker in a workspace of its own, and an example may read what the line
    above it wrote (``trufspec check game.json`` after the conversion that writes it)."""
    words = set(example.split())
    before = [e for e in examples[: examples.index(example)] if written(e) & words]
    return "\n".join([*before, example])


EXAMPLES = help_examples() + documented_examples()


@pytest.mark.slow
@pytest.mark.parametrize("example", EXAMPLES)
def test_example_runs(workspace: Path, example: str) -> None:
    env = {**os.environ, "NO_COLOR": "1", "PYTHON": sys.executable}
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(PACKAGE_ROOT), os.environ.get("PYTHONPATH")) if p
    )
    lines = script(example, EXAMPLES)
    result = subprocess.run(
        ["bash", "-c", f'trufspec() {{ "$PYTHON" -m trufspec "$@"; }}\n{lines}\n'],
        capture_output=True,
        text=True,
        cwd=workspace,
        env=env,
        timeout=300,
    )
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    assert "Error:" not in result.stderr and "trufspec: error" not in result.stderr, result.stderr
    assert result.stdout or result.stderr or example.endswith(".truf")


def test_the_cli_page_shows_the_examples() -> None:
    from trufspec.sphinxext.cli import command_text

    root = click.Context(main, info_name="trufspec")
    command = main.commands["rules"]
    text = "\n".join(command_text(command, click.Context(command, info_name="rules", parent=root)))
    assert ".. code-block:: console\n\n   $ trufspec rules\n   $ trufspec rules truf-de\n" in text
