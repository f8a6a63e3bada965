"""The ``trufspec`` command as users and CI run it: a real process, real files, exit codes.

Each test starts ``python -m trufspec`` with the package this test session imported first on
its path, so that the command under test is the code under test, installed or not.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import stat
from pathlib import Path

import pytest
from cli_runs import SYNTAX_ERROR, UNFORMATTED, VALID, run, write

import trufspec

pytestmark = pytest.mark.slow


@pytest.fixture
def canonical() -> str:
    """The sample record as the formatter prints it."""
    result = run("fmt", "-", stdin=VALID.encode())
    assert result.returncode == 0, result.stderr
    return result.stdout


# ------------------------------------------------------------------------ general


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert trufspec.__version__ in result.stdout


def test_version_names_the_build() -> None:
    """The version line says whether the modules compiled with mypyc run, as the import
    system finds the module of the play of tricks in the package this session runs."""
    tricks = importlib.util.find_spec("trufspec.engine.tricks")
    assert tricks is not None and tricks.origin is not None
    compiled = not tricks.origin.endswith(".py")
    result = run("--version")
    assert result.returncode == 0
    expected = "compiled with mypyc" if compiled else "pure Python"
    assert result.stdout.strip() == f"trufspec, version {trufspec.__version__} ({expected})"


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "check" in result.stdout and "fmt" in result.stdout


# ------------------------------------------------------------------------ check


def test_check_clean_file_exits_0(tmp_path: Path) -> None:
    result = run("check", write(tmp_path / "club.truf", VALID))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1].startswith("no problems found in 1 file, 1 game, 1 deal")


def test_check_file_with_errors_exits_1(tmp_path: Path) -> None:
    path = write(tmp_path / "broken.truf", SYNTAX_ERROR)
    result = run("check", path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{path}:7:" in result.stdout
    assert " error " in result.stdout
    assert "1 file, 1 game" in result.stdout.splitlines()[-1]


def test_check_missing_path_exits_2(tmp_path: Path) -> None:
    write(tmp_path / "club.truf", VALID)
    result = run("check", tmp_path / "club.truf", tmp_path / "nowhere.truf")
    assert result.returncode == 2
    assert "nowhere.truf" in result.stderr
    assert "Traceback" not in result.stderr


def test_check_file_that_cannot_be_opened_exits_2_and_checks_the_rest(tmp_path: Path) -> None:
    (tmp_path / "gone.truf").symlink_to(tmp_path / "deleted.truf")
    write(tmp_path / "club.truf", VALID)
    result = run("check", "--format", "json", "gone.truf", "club.truf", cwd=tmp_path)
    assert result.returncode == 2
    assert "gone.truf" in result.stderr
    assert "Traceback" not in result.stderr
    assert [f["path"] for f in json.loads(result.stdout)["files"]] == ["club.truf"]


@pytest.mark.parametrize("option", ["x", "=1", "key="])
def test_check_malformed_option_exits_2(tmp_path: Path, option: str) -> None:
    result = run("check", "--option", option, write(tmp_path / "club.truf", VALID))
    assert result.returncode == 2
    assert "KEY=VALUE" in result.stderr
    assert "Traceback" not in result.stderr


def test_check_reads_stdin() -> None:
    clean = run("check", "-", stdin=VALID.encode())
    assert clean.returncode == 0, clean.stdout + clean.stderr
    broken = run("check", "-", stdin=SYNTAX_ERROR.encode())
    assert broken.returncode == 1
    assert "-:7:" in broken.stdout


def test_check_directory_finds_nested_records_only(tmp_path: Path) -> None:
    write(tmp_path / "b" / "deep" / "er" / "night.truf", VALID)
    write(tmp_path / "a.truf", VALID)
    write(tmp_path / "b" / "notes.txt", SYNTAX_ERROR)
    write(tmp_path / "b" / "night.truf.bak", SYNTAX_ERROR)
    write(tmp_path / ".hidden" / "old.truf", SYNTAX_ERROR)
    result = run("check", "--format", "json", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    paths = [f["path"] for f in json.loads(result.stdout)["files"]]
    assert paths == [
        os.path.join(".", "a.truf"),
        os.path.join(".", "b", "deep", "er", "night.truf"),
    ]


def test_check_directory_without_records_is_a_usage_error(tmp_path: Path) -> None:
    write(tmp_path / "notes.txt", "nothing here")
    result = run("check", tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert (
        result.stderr
        == f"trufspec: error: {tmp_path}: no records (*.truf files) in this directory\n"
    )


def test_check_json_follows_the_contract(tmp_path: Path) -> None:
    write(tmp_path / "club.truf", VALID)
    write(tmp_path / "broken.truf", SYNTAX_ERROR)
    result = run("check", "--format", "json", "club.truf", "broken.truf", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.endswith("}\n")
    document = json.loads(result.stdout)
    assert list(document) == ["version", "files", "summary"]
    assert document["version"] == 2
    broken, club = document["files"]  # in the order of a directory walk, whatever the order named
    assert (broken["path"], club["path"]) == ("broken.truf", "club.truf")
    for file in document["files"]:
        assert list(file) == ["path", "games", "diagnostics"]
    [game] = club["games"]
    assert list(game) == ["line", "ruleset", "players", "deals", "winners", "options"]
    assert game["ruleset"] == "truf-jb"
    assert game["players"] == ["Ana", "Budi", "Citra", "Dewi"]
    [deal] = game["deals"]
    assert list(deal) == [
        "number",
        "line",
        "scores",
        "totals",
        "figures",
        "contract",
        "trump",
        "mode",
        "tricks",
    ]
    assert (deal["number"], deal["line"]) == (1, 5)
    errors = [d for d in broken["diagnostics"] if d["severity"] == "error"]
    assert errors
    assert list(errors[0]) == [
        "code",
        "severity",
        "line",
        "column",
        "end_line",
        "end_column",
        "message",
        "consequential",
        "clause",
        "data",
        "pointer",
    ]
    assert errors[0]["line"] == 7
    assert errors[0]["pointer"] is None
    assert list(document["summary"]) == ["files", "games", "deals", "errors", "warnings"]
    assert document["summary"]["files"] == 2
    assert document["summary"]["errors"] == len(errors) + sum(
        d["severity"] == "error" for d in club["diagnostics"]
    )


def test_check_random_bytes_is_a_diagnostic_not_a_crash() -> None:
    noise = random.Random(0).randbytes(100_000)
    result = run("check", "-", stdin=noise)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "REC002" in result.stdout


def test_check_random_text_is_a_diagnostic_not_a_crash() -> None:
    rng = random.Random(0)
    words = ["[", "]", '"', "deal", "1", "Ana:", "AS", "10H", "-", "=", ";", "{", "}", "*", "!"]
    words += ["\n", " "]
    noise = "".join(rng.choice(words) for _ in range(20_000))
    result = run("check", "-", stdin=noise.encode())
    assert result.returncode == 1
    assert "Traceback" not in result.stderr


# ------------------------------------------------------------------------ fmt


def test_fmt_check_flags_an_unformatted_file(tmp_path: Path) -> None:
    path = write(tmp_path / "club.truf", UNFORMATTED)
    result = run("fmt", "--check", path)
    assert result.returncode == 1
    assert f"would reformat {path}" in result.stderr
    assert path.read_text(encoding="utf-8") == UNFORMATTED


def test_fmt_check_passes_a_formatted_file(tmp_path: Path, canonical: str) -> None:
    path = write(tmp_path / "club.truf", canonical)
    result = run("fmt", "--check", path)
    assert result.returncode == 0, result.stderr
    assert "1 file would be left unchanged" in result.stderr


def test_fmt_rewrites_then_check_passes(tmp_path: Path, canonical: str) -> None:
    path = write(tmp_path / "club.truf", UNFORMATTED)
    path.chmod(0o640)
    result = run("fmt", path)
    assert result.returncode == 0, result.stderr
    assert "1 file reformatted" in result.stderr
    assert path.read_text(encoding="utf-8") == canonical
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.truf"]
    again = run("fmt", "--check", path)
    assert again.returncode == 0, again.stderr


def test_fmt_leaves_formatted_files_alone(tmp_path: Path, canonical: str) -> None:
    path = write(tmp_path / "club.truf", canonical)
    before = path.stat().st_mtime_ns
    os.utime(path, ns=(before - 10**9, before - 10**9))
    result = run("fmt", tmp_path)
    assert result.returncode == 0
    assert "1 file left unchanged" in result.stderr
    assert path.stat().st_mtime_ns == before - 10**9


def test_fmt_refuses_a_file_with_a_syntax_error(tmp_path: Path) -> None:
    path = write(tmp_path / "broken.truf", SYNTAX_ERROR)
    result = run("fmt", path)
    assert result.returncode == 1
    assert path.read_text(encoding="utf-8") == SYNTAX_ERROR
    assert f"{path}:7:" in result.stderr
    assert "1 file failed to reformat" in result.stderr
    assert "Traceback" not in result.stderr


def test_fmt_diff_prints_a_diff_and_writes_nothing(tmp_path: Path, canonical: str) -> None:
    path = write(tmp_path / "club.truf", UNFORMATTED)
    result = run("fmt", "--diff", path)
    assert result.returncode == 1
    assert path.read_text(encoding="utf-8") == UNFORMATTED
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"--- {path}")
    assert lines[1].startswith(f"+++ {path}")
    assert any(line.startswith("@@") for line in lines)
    removed = [line[1:] for line in lines[2:] if line.startswith("-")]
    added = [line[1:] for line in lines[2:] if line.startswith("+")]
    assert removed == UNFORMATTED.splitlines()
    assert added == canonical.splitlines()


def test_fmt_stdin_to_stdout(canonical: str) -> None:
    result = run("fmt", "-", stdin=UNFORMATTED.encode())
    assert result.returncode == 0, result.stderr
    assert result.stdout == canonical
    refused = run("fmt", "-", stdin=SYNTAX_ERROR.encode())
    assert refused.returncode == 1
    assert refused.stdout == ""
    assert "-:7:" in refused.stderr


def test_fmt_missing_path_exits_2(tmp_path: Path) -> None:
    result = run("fmt", tmp_path / "nowhere.truf")
    assert result.returncode == 2
    assert "nowhere.truf" in result.stderr


def test_fmt_random_bytes_is_refused_not_a_crash() -> None:
    result = run("fmt", "-", stdin=random.Random(0).randbytes(100_000))
    assert result.returncode == 1
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
