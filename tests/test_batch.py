"""Streaming and parallel checking report exactly what a check of the whole file reports.

A file is cut into blocks of whole games as it is read, and the blocks may be checked on other
processes; the report must not depend on the block size or on the number of processes.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from budgets import examples
from corpus import as_json, corpus
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trufspec
from trufspec import batch
from trufspec.batch import check_blocks, check_paths
from trufspec.notation.blocks import Block, blocks
from trufspec.output import json as json_report
from trufspec.validator.report import FileReport, Report


def streamed(text: str, size: int, jobs: int = 1) -> FileReport:
    data = text.encode("utf-8")
    return check_blocks(blocks(io.BytesIO(data), size), "x.truf", jobs=jobs)


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32), games=st.integers(1, 6), size=st.sampled_from([1, 200, 5000, 10**9])
)
def test_blocks_report_what_the_whole_file_reports(seed: int, games: int, size: int) -> None:
    text = corpus(seed, games)
    whole = trufspec.check_bytes(text.encode("utf-8"), "x.truf")
    assert as_json(streamed(text, size)) == as_json(whole)
    assert streamed(text, size).lines == whole.lines


def test_blocks_hold_whole_games_and_every_byte() -> None:
    text = corpus(7, 6)
    data = text.encode("utf-8")
    found = list(blocks(io.BytesIO(data), 1))
    assert b"".join(b.data for b in found) == data
    assert len(found) == 6
    assert [b.offset for b in found] == [data.index(b.data) for b in found]
    for block in found:
        assert block.data.lstrip().startswith(b"[")
        assert text.split("\n")[block.first_line - 1].startswith("[")


def test_a_bracket_in_a_comment_across_lines_starts_no_game() -> None:
    data = (
        b'[Ruleset "truf-jb"]\n\ndeal 1 {see\n[Event "x"] below}\ndealer Ana\n[Ruleset "truf-jb"]\n'
    )
    found = list(blocks(io.BytesIO(data), 1))
    assert [b.first_line for b in found] == [1, 6]


def test_an_empty_file_is_one_empty_block() -> None:
    assert list(blocks(io.BytesIO(b""), 1)) == [Block(b"", 1)]


@pytest.fixture
def always_parallel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Start the pool of processes for inputs of any size (the tests' corpora are small)."""
    monkeypatch.setattr(batch, "PARALLEL_FROM", 0)


def test_small_input_is_checked_without_other_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool of processes was started for a small input")

    monkeypatch.setattr(batch, "ProcessPoolExecutor", refuse)
    text = corpus(4, 6)
    assert as_json(streamed(text, 1, jobs=2)) == as_json(
        trufspec.check_bytes(text.encode(), "x.truf")
    )


@pytest.mark.slow
@pytest.mark.usefixtures("always_parallel")
def test_parallel_check_reports_what_one_process_reports() -> None:
    text = corpus(3, 12)
    one = streamed(text, 1, jobs=1)
    two = streamed(text, 1, jobs=2)
    assert as_json(two) == as_json(one)
    assert any(d.severity.value == "error" for d in one.diagnostics)


def test_undecodable_block_is_reported_at_its_line_in_the_file() -> None:
    text = corpus(5, 3, faults=False)
    lines = text.split("\n")
    at = len(lines) - 2
    data = (
        ("\n".join(lines[:at]) + "\n").encode() + b"  \xff\n" + "\n".join(lines[at + 1 :]).encode()
    )
    whole = trufspec.check_bytes(data, "x.truf")
    report = check_blocks(blocks(io.BytesIO(data), 1), "x.truf")
    assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("REC002", at + 1, 3)]
    assert as_json(report) == as_json(whole)


def test_a_nul_byte_is_reported_before_invalid_utf8_as_for_the_whole_file() -> None:
    text = corpus(6, 3, faults=False)
    first, second = text.split("[Event", 2)[1:3]
    data = ("[Event" + first).encode() + b"\xff\n" + ("[Event" + second).encode() + b"\x00\n"
    whole = trufspec.check_bytes(data, "x.truf")
    assert "NUL" in whole.diagnostics[0].message
    assert as_json(check_blocks(blocks(io.BytesIO(data), 1), "x.truf")) == as_json(whole)


@pytest.mark.slow
@pytest.mark.usefixtures("always_parallel")
def test_check_paths_keeps_the_order_of_files_and_skips_the_unreadable(tmp_path: Path) -> None:
    paths = []
    for number in range(4):
        path = tmp_path / f"{number}.truf"
        path.write_text(corpus(number, 2), encoding="utf-8")
        paths.append(str(path))
    paths.insert(2, str(tmp_path / "missing.truf"))
    failed: list[str] = []
    reports = list(check_paths(paths, jobs=2, unreadable=lambda p, e: failed.append(p)))
    assert [r.path for r in reports] == [p for p in paths if "missing" not in p]
    assert failed == [str(tmp_path / "missing.truf")]
    for report in reports:
        assert as_json(report) == as_json(
            trufspec.check_bytes(Path(report.path).read_bytes(), report.path)
        )


def test_progress_counts_every_byte(tmp_path: Path) -> None:
    path = tmp_path / "a.truf"
    path.write_text(corpus(9, 5), encoding="utf-8")
    seen: list[int] = []
    list(check_paths([str(path)], progress=seen.append))
    assert sum(seen) == path.stat().st_size


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_command_line_jobs_give_the_same_output(tmp_path: Path, jobs: str) -> None:
    from cli_runs import run

    for number in range(3):
        (tmp_path / f"{number}.truf").write_text(corpus(number, 3), encoding="utf-8")
    result = run("check", "--format", "json", "--jobs", jobs, tmp_path)
    assert result.returncode == 1
    expected = Report(
        tuple(trufspec.check_bytes(p.read_bytes(), str(p)) for p in sorted(tmp_path.glob("*.truf")))
    )
    assert result.stdout == json_report.render(expected)


def test_a_check_without_figures_reports_the_same_diagnostics_and_counts(tmp_path: Path) -> None:
    path = tmp_path / "games.truf"
    path.write_text(corpus(7, 4), encoding="utf-8")
    full = next(check_paths([str(path)]))
    lean = next(check_paths([str(path)], figures=False))
    assert lean.diagnostics == full.diagnostics and lean.lines == full.lines
    assert [len(g.deals) for g in lean.games] == [len(g.deals) for g in full.games]
    assert any(d.scores for g in full.games for d in g.deals)
    assert not any(d.scores or d.totals or g.options for g in lean.games for d in g.deals)
