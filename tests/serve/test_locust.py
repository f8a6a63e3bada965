"""The Locust scenarios of the benchmarks run against a live server, briefly: each one's
requests are answered, none fails, so the figures they give are of work actually done."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest
from live_server import running

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]
MAIN = {
    "CheckUser": "/v1/check",
    "RefereeUser": "/v1/referee",
    "HostedUser": "/v1/games/{id}/actions",
}


@pytest.mark.slow
@pytest.mark.parametrize("scenario", sorted(MAIN))
def test_a_locust_scenario_runs_without_a_failure(tmp_path: Path, scenario: str) -> None:
    with running(tmp_path / "games.sqlite") as server:
        command = [
            *(sys.executable, "-m", "locust", "-f", str(ROOT / "benchmarks" / "locustfile.py")),
            *("--headless", "--users", "2", "--spawn-rate", "2", "--run-time", "3s"),
            *("--stop-timeout", "5", "--host", server.url),
            *("--csv", str(tmp_path / "stats"), "--loglevel", "ERROR", scenario),
        ]
        done = subprocess.run(command, capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    with open(tmp_path / "stats_stats.csv", encoding="utf-8") as stats:
        rows = {row["Name"]: row for row in csv.DictReader(stats)}
    assert int(rows[MAIN[scenario]]["Request Count"]) > 0
    assert int(rows["Aggregated"]["Failure Count"]) == 0
