"""Checking on a Dask cluster gives the report of one process: same diagnostics, same scores.

The cluster is a ``LocalCluster`` of two worker processes on this machine, started once for
the module; the corpus has several files of several blocks, with faults.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_runs import run
from corpus import corpus
from dask import distributed

import trufspec
from trufspec import batch
from trufspec.cluster import check_on_cluster, extents
from trufspec.output import json as json_report
from trufspec.validator.report import Report

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(batch, "BLOCK_SIZE", 4000)  # several blocks a file, read here only
    monkeypatch.setattr("trufspec.cluster.BLOCK_SIZE", 4000)
    paths = []
    for number in range(3):
        path = tmp_path / f"{number}.truf"
        path.write_text(corpus(number, 8), encoding="utf-8")
        paths.append(str(path))
    return paths


def test_cluster_report_is_the_single_process_report(
    client: distributed.Client, files: list[str]
) -> None:
    assert len(list(extents(files))) > len(files)
    on_cluster = check_on_cluster(files, client)
    alone = [trufspec.check_bytes(Path(p).read_bytes(), p) for p in files]
    assert json_report.render(Report(tuple(on_cluster))) == json_report.render(Report(tuple(alone)))
    assert any(d.severity.value == "error" for r in on_cluster for d in r.diagnostics)
    assert all(g.deals and g.deals[-1].totals is not None for r in on_cluster for g in r.games[:1])


def test_unreadable_file_is_reported_and_left_out(
    client: distributed.Client, files: list[str], tmp_path: Path
) -> None:
    missing = str(tmp_path / "missing.truf")
    failed: list[str] = []
    reports = check_on_cluster(
        [files[0], missing, files[1]], client, unreadable=lambda p, e: failed.append(p)
    )
    assert [r.path for r in reports] == [files[0], files[1]]
    assert failed == [missing]


def test_dask_option_refuses_stdin() -> None:
    result = run("check", "--dask", "local", "-")
    assert result.returncode == 2
    assert "standard input cannot be checked on a cluster" in result.stderr


def test_command_line_on_a_local_cluster(tmp_path: Path) -> None:
    for number in range(2):
        (tmp_path / f"{number}.truf").write_text(corpus(number, 4), encoding="utf-8")
    on_cluster = run("check", "--format", "json", "--dask", "local", tmp_path)
    alone = run("check", "--format", "json", "--jobs", "1", tmp_path)
    assert on_cluster.returncode == alone.returncode == 1
    assert on_cluster.stdout == alone.stdout
