"""The configuration file and the walk of directories: ``[tool.trufspec]`` in a pyproject.toml
or a trufspec.toml, found from the current directory up; the command line over the file;
``--exclude`` and ``.gitignore``."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from cli_runs import SYNTAX_ERROR, VALID, run, write


def readings(result: subprocess.CompletedProcess[str]) -> dict[str, str]:
    assert result.returncode in (0, 1), result.stderr
    options: dict[str, str] = json.loads(result.stdout)["files"][0]["games"][0]["options"]
    return options


def checked(result: subprocess.CompletedProcess[str]) -> list[str]:
    assert result.returncode in (0, 1), result.stderr
    return [file["path"] for file in json.loads(result.stdout)["files"]]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A folder of records with a pyproject.toml, and a subfolder to run from."""
    write(tmp_path / "records" / "club.truf", VALID)
    (tmp_path / "records" / "sub").mkdir()
    write(
        tmp_path / "pyproject.toml",
        '[project]\nname = "club"\n\n[tool.trufspec]\nformat = "json"\noptions = { max-bid = "tricks-available", deals = 5 }\n',
    )
    return tmp_path


@pytest.mark.slow
def test_the_settings_of_pyproject_are_found_from_a_subfolder(project: Path) -> None:
    result = run("check", "..", cwd=project / "records" / "sub")
    assert readings(result)["max-bid"] == "tricks-available"
    assert readings(result)["deals"] == "5"


@pytest.mark.slow
def test_the_command_line_overrides_the_file(project: Path) -> None:
    result = run("check", "--option", "max-bid=none", "records", cwd=project)
    # --option overrides the file's reading of that key only; the others stay.
    assert readings(result)["max-bid"] == "none"
    assert readings(result)["deals"] == "5"
    text = run("check", "--format", "text", "records", cwd=project)
    assert text.stdout.splitlines()[-1] == "no problems found in 1 file, 1 game, 1 deal"


@pytest.mark.slow
def test_a_trufspec_toml_wins_over_the_pyproject_beside_it(project: Path) -> None:
    write(project / "trufspec.toml", 'options = { max-bid = "none" }\n')
    result = run("check", "records", cwd=project)
    # The text format: the pyproject's format = "json" is not read.
    assert result.stdout.splitlines()[-1] == "no problems found in 1 file, 1 game, 1 deal"
    assert readings(run("check", "--format", "json", "records", cwd=project))["max-bid"] == "none"


@pytest.mark.slow
def test_a_pyproject_without_the_table_is_passed_over(project: Path) -> None:
    write(project / "records" / "pyproject.toml", '[project]\nname = "inner"\n')
    assert readings(run("check", ".", cwd=project / "records"))["max-bid"] == "tricks-available"


@pytest.mark.slow
def test_select_and_ignore_from_the_file_and_over_it(tmp_path: Path) -> None:
    write(tmp_path / "broken.truf", SYNTAX_ERROR)
    write(tmp_path / "trufspec.toml", 'select = ["rec0"]\n')  # a prefix, in any case
    assert run("check", "broken.truf", cwd=tmp_path).returncode == 1
    assert run("check", "--select", "JB", "broken.truf", cwd=tmp_path).returncode == 0
    write(tmp_path / "trufspec.toml", 'ignore = "REC001"\n')
    assert run("check", "broken.truf", cwd=tmp_path).returncode == 0
    assert run("check", "--ignore", "JB", "broken.truf", cwd=tmp_path).returncode == 1


@pytest.mark.slow
def test_exclude_from_the_file_is_relative_to_it_and_the_option_replaces_it(tmp_path: Path) -> None:
    write(tmp_path / "records" / "club.truf", VALID)
    write(tmp_path / "records" / "drafts" / "draft.truf", SYNTAX_ERROR)
    write(tmp_path / "records" / "old.truf", VALID)
    write(tmp_path / "trufspec.toml", 'format = "json"\nexclude = ["records/drafts/"]\n')
    assert checked(run("check", ".", cwd=tmp_path / "records")) == ["./club.truf", "./old.truf"]
    replaced = run("check", "--exclude", "old.truf", ".", cwd=tmp_path / "records")
    assert checked(replaced) == ["./club.truf", "./drafts/draft.truf"]
    # A file named on the command line is read whatever the patterns say.
    assert checked(run("check", "drafts/draft.truf", cwd=tmp_path / "records")) == [
        "drafts/draft.truf"
    ]


@pytest.mark.slow
def test_gitignore_is_respected_in_the_folder_and_above_it_in_its_repository(
    tmp_path: Path,
) -> None:
    (tmp_path / ".git").mkdir()
    write(tmp_path / ".gitignore", "*.generated.truf\n")
    write(tmp_path / "records" / ".gitignore", "build/\n!keep.generated.truf\n")
    write(tmp_path / "records" / "club.truf", VALID)
    write(tmp_path / "records" / "build" / "copy.truf", SYNTAX_ERROR)
    write(tmp_path / "records" / "night.generated.truf", SYNTAX_ERROR)
    write(tmp_path / "records" / "deep" / "keep.generated.truf", VALID)
    result = run("check", "--format", "json", "records", cwd=tmp_path)
    assert checked(result) == ["records/club.truf", "records/deep/keep.generated.truf"]
    # Everything ignored: the folder names no records.
    write(tmp_path / "records" / ".gitignore", "*\n")
    empty = run("check", "records", cwd=tmp_path)
    assert empty.returncode == 2
    assert "records: no records (*.truf files) in this directory" in empty.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "selct = ['JB']\n",
            "trufspec.toml: unknown key 'selct'; the keys are: select, ignore, options, exclude, format",
        ),
        (
            "select = ['JB9X']\n",
            "trufspec.toml: select: 'JB9X' is not a clause code or the start of one",
        ),
        ("ignore = 3\n", "trufspec.toml: ignore: expected a list of strings"),
        (
            "options = { trump-lead = 'sometimes' }\n",
            "trufspec.toml: options: option 'trump-lead' cannot be 'sometimes'",
        ),
        (
            "options = { trump-laed = 'free' }\n",
            "trufspec.toml: options: no ruleset has an option 'trump-laed'",
        ),
        ("options = 'max-bid=none'\n", "trufspec.toml: options: expected a table of readings"),
        (
            "format = 'xml'\n",
            "trufspec.toml: format: 'xml' is not one of text, json, github, sarif",
        ),
        ("select = [\n", "trufspec.toml: not a valid TOML file"),
    ],
)
def test_a_bad_setting_is_a_usage_error_naming_the_file_and_the_key(
    tmp_path: Path, content: str, message: str
) -> None:
    write(tmp_path / "club.truf", VALID)
    write(tmp_path / "trufspec.toml", content)
    result = run("check", "club.truf", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"trufspec: error: {tmp_path}/{message}"), result.stderr


@pytest.mark.slow
def test_a_bad_setting_in_pyproject_names_the_table(tmp_path: Path) -> None:
    write(tmp_path / "club.truf", VALID)
    write(tmp_path / "pyproject.toml", "[tool.trufspec]\nformat = 3\n")
    result = run("score", "club.truf", cwd=tmp_path)
    assert result.returncode == 2
    assert (
        result.stderr
        == f"trufspec: error: {tmp_path / 'pyproject.toml'}: [tool.trufspec]: format: expected a string\n"
    )
