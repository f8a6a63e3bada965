"""The commands of the README and the tutorials work as written.

* Every ``pip install`` installs something that exists today: the checkout (with extras it
  has) or the Git repository named in ``pyproject.toml``, at the current release tag; the
  published name appears only as what it will be once released.
* Every pre-commit snippet names that repository and the current release tag.
* Every ``trufspec`` command parses, and every one whose input is at hand (the sample
  records, or a file an earlier command of the same line writes) runs without a usage error.
"""

from __future__ import annotations

import os
import re
import shlex
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from docblocks import rst_blocks
from packaging.requirements import Requirement

import trufspec
from trufspec.cli import main

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
REPOSITORY = PYPROJECT["project"]["urls"]["Source"]
TAG = f"v{trufspec.__version__}"
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs" / "tutorials").glob("*.rst"))]


def blocks(path: Path) -> list[tuple[str, list[str]]]:
    """The code blocks of a Markdown or reStructuredText file: their language and lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[tuple[str, list[str]]] = []
    if path.suffix == ".md":
        language: str | None = None
        body: list[str] = []
        for line in lines:
            if line.startswith("```"):
                if language is None:
                    language, body = line[3:].strip() or "text", []
                else:
                    found.append((language, body))
                    language = None
            elif language is not None:
                body.append(line)
        return found
    return [(language, body.splitlines()) for language, body in rst_blocks("\n".join(lines))]


def command_lines(path: Path) -> list[str]:
    """The shell command lines of a file's code blocks: the lines of ``sh`` blocks, the
    ``$`` lines of console and text blocks, and the ``run:`` steps of YAML workflows."""
    found = []
    for language, body in blocks(path):
        for line in body:
            stripped = line.strip()
            if language == "sh" and stripped and not stripped.startswith("#"):
                found.append(stripped)
            elif stripped.startswith("$ "):
                found.append(stripped[2:])
            elif language == "yaml" and (step := re.match(r"-?\s*run:\s*(.+)", stripped)):
                found.append(step[1])
    return found


def commands(line: str) -> list[list[str]]:
    """A command line as its commands (split on ``&&`` and on pipes), without redirections
    and ``|| true``."""
    found = []
    for part in line.split("&&"):
        part = part.split("||")[0].split(" > ")[0]
        found += [shlex.split(piped) for piped in part.split(" | ")]
    return found


def every_command() -> list[tuple[str, list[list[str]]]]:
    return [
        (f"{path.name}: {line}", commands(line))
        for path in DOCUMENTS
        for line in command_lines(path)
    ]


def test_the_documents_have_commands() -> None:
    programs = {words[0] for _, chain in every_command() for words in chain}
    assert {"pip", "trufspec"} <= {Path(program).name for program in programs}


def test_the_project_has_one_address() -> None:
    urls = PYPROJECT["project"]["urls"]
    assert urls["Homepage"] == REPOSITORY
    assert urls["Issues"] == f"{REPOSITORY}/issues"
    assert urls["Documentation"].startswith("https://")


def _installs_something_real(requirement: str) -> bool:
    """A checkout (``.``, with extras of pyproject.toml) or the Git repository of the
    project, at the current tag or its newest commit."""
    extras = set(PYPROJECT["project"]["optional-dependencies"])
    local = re.fullmatch(r"\.(?:\[([a-z,]+)\])?", requirement)
    if local is not None:
        return set((local[1] or "").split(",")) - {""} <= extras
    remote = re.fullmatch(r"trufspec(?:\[([a-z,]+)\])? @ git\+(\S+?)(?:@(\S+))?", requirement)
    if remote is None:
        return False
    named, address, tag = remote.groups()
    assert Requirement(requirement).url == f"git+{address}" + (f"@{tag}" if tag else ""), (
        requirement
    )
    return (
        set((named or "").split(",")) - {""} <= extras
        and address == REPOSITORY
        and tag in (None, TAG)
    )


@pytest.mark.parametrize(
    ("where", "chain"), every_command(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_every_install_command_installs_what_exists_today(
    where: str, chain: list[list[str]]
) -> None:
    for words in chain:
        if Path(words[0]).name == "pip" and words[1] == "install":
            requirements = [w for w in words[2:] if not w.startswith("-")]
            assert requirements and all(_installs_something_real(r) for r in requirements), where


def test_inline_install_commands_install_what_exists_or_say_when_they_will() -> None:
    for path in [*DOCUMENTS, ROOT / "docs" / "sphinx.rst"]:
        text = path.read_text(encoding="utf-8")
        for paragraph in re.split(r"\n\s*\n", text):
            flat = " ".join(paragraph.split())
            for found in re.finditer(r"`+pip install ([^`]+)`+", flat):
                requirement = found[1].strip().strip("'\"")
                if _installs_something_real(requirement):
                    continue
                # The published name, only as what it will be once trufspec is on PyPI.
                assert re.fullmatch(r"trufspec(\[[a-z]+\])?(==[0-9.]+)?", requirement), (
                    path.name,
                    flat,
                )
                assert re.search(
                    r"[Oo]nce (it is|trufspec is)? ?(published|on PyPI)|not on PyPI", flat
                ), (path.name, flat)


def test_pre_commit_snippets_name_the_repository_and_the_current_tag() -> None:
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    ids = set(re.findall(r"^- id: (\S+)", hooks, re.MULTILINE))
    snippets = [hooks]
    for path in DOCUMENTS:
        snippets += ["\n".join(body) for language, body in blocks(path) if language == "yaml"]
    snippets = [s for s in snippets if "rev:" in s]
    assert len(snippets) >= 3  # the hooks file, the README and the CI tutorial
    for snippet in snippets:
        assert set(re.findall(r"repo: (\S+)", snippet)) == {REPOSITORY}
        assert set(re.findall(r"rev: (\S+)", snippet)) == {TAG}
        assert set(re.findall(r"- id: (\S+)", snippet)) <= ids


def _trufspec(words: list[str]) -> list[str] | None:
    """The arguments of a ``trufspec`` command (also as ``.venv/bin/trufspec``)."""
    return words[1:] if Path(words[0]).name == "trufspec" else None


def _parses(arguments: list[str]) -> None:
    with main.make_context("trufspec", list(arguments)) as context:
        command = main.get_command(context, arguments[0])
        assert command is not None, arguments
        command.make_context(arguments[0], list(arguments[1:]), parent=context).close()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("where", "chain"), every_command(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_every_trufspec_command_parses_and_runs_where_its_input_is_at_hand(
    where: str, chain: list[list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "records").symlink_to(ROOT / "records")
    monkeypatch.chdir(tmp_path)
    for words in chain:
        arguments = _trufspec(words)
        if arguments is None:
            continue
        try:
            _parses(arguments)
        except click.UsageError as error:
            pytest.fail(f"{where}: {error.format_message()}")
        if arguments[0] in ("serve", "lsp"):
            continue  # a server runs until it is stopped: parsed here, run by its own tests
        inputs = [
            a
            for a in arguments[1:]
            if a.endswith(("/", ".truf", ".json")) and not a.startswith("-")
        ]
        written = {
            arguments[i + 1] for i, a in enumerate(arguments[:-1]) if a in ("-o", "--output")
        }
        if any(not os.path.exists(p) for p in inputs if p not in written):
            continue  # a file of the example, not in this repository: parsed, not run
        if arguments[0] == "fmt" and not {"--check", "--diff"} & set(arguments):
            continue  # it would rewrite the sample records
        if "-" in arguments[1:]:
            continue  # it reads what a pipe gives it: parsed, not run
        result = CliRunner().invoke(main, arguments)
        assert result.exit_code in (0, 1), f"{where}: {result.output}"
        assert result.output or (written and all(os.path.exists(p) for p in written)), where
