"""The pool processes of the server: one stopped before it is ready is started again, a
server stopped while it starts (its whole process group signalled, as a service manager does)
stops without a traceback, and ``--pool`` sets their number (``--judges``, its former name,
with a warning)."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import signal
import time
from pathlib import Path

import pytest
import uvicorn
from click.testing import CliRunner
from live_server import launched

from trufspec.cli import main
from trufspec.serve.app import ServerSettings
from trufspec.serve.pool import Pool

pytestmark = pytest.mark.server


def _stopped_once(marker: str) -> None:
    """A pool process's warm-up that stops its own process the first time (``marker`` exists)."""
    try:
        os.remove(marker)
    except FileNotFoundError:
        return
    os.kill(os.getpid(), signal.SIGTERM)


@pytest.mark.slow
def test_a_pool_process_stopped_before_it_is_ready_is_started_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    marker = tmp_path / "stop"
    marker.touch()
    pool = Pool(1, budget=30, warm=functools.partial(_stopped_once, str(marker)))

    async def answered() -> int:
        await pool.start()
        try:
            return await asyncio.wait_for(pool.run(os.getpid), 60)
        finally:
            await pool.stop()

    with caplog.at_level(logging.WARNING, logger="trufspec.serve"):
        pid = asyncio.run(answered())
    assert not marker.exists()
    assert pid != os.getpid()
    assert [r.getMessage() for r in caplog.records] == [
        "a pool process could not start: its process was stopped by SIGTERM; trying again in 0.5 s"
    ]


def _pool_process_started(group: int) -> bool:
    """Whether a process of the process group ``group`` is a pool process (a child of a fork
    server)."""
    parents: dict[int, int] = {}
    servers: set[int] = set()
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue  # not a process, or one that has just ended
        if int(fields[2]) == group:
            parents[int(entry.name)] = int(fields[1])
            if b"multiprocessing.forkserver" in command:
                servers.add(int(entry.name))
    return any(parent in servers for parent in parents.values())


@pytest.mark.slow
def test_a_server_stopped_while_its_workers_start_stops_cleanly(tmp_path: Path) -> None:
    with launched(tmp_path / "games.sqlite", workers=2) as server:
        # Signalled while a worker warms its pool process up (which takes about a second), the
        # moment a service manager's stop can come.
        deadline = time.monotonic() + 60
        while not _pool_process_started(server.process.pid):
            assert server.process.poll() is None, server.log.read_text(errors="replace")
            assert time.monotonic() < deadline, server.log.read_text(errors="replace")
            time.sleep(0.02)
        os.killpg(server.process.pid, signal.SIGTERM)
        assert server.process.wait(30) == 0
    text = server.log.read_text(errors="replace")
    assert "Traceback" not in text, text
    assert "Stopping parent process" in text


@pytest.mark.parametrize(
    ("options", "warned"), [(["--pool", "3"], False), (["--judges", "3"], True)]
)
def test_the_pool_s_size_is_set_by_pool_or_by_its_former_name_judges_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: list[str], warned: bool
) -> None:
    for name, value in ServerSettings().environment().items():
        monkeypatch.setenv(name, value)  # restored after the command sets them
    started: list[ServerSettings] = []
    monkeypatch.setattr(
        uvicorn, "run", lambda *a, **k: started.append(ServerSettings.from_environment())
    )
    database = str(tmp_path / "games.sqlite")
    result = CliRunner().invoke(main, ["serve", "--database", database, *options])
    assert result.exit_code == 0, result.output
    assert [s.pool for s in started] == [3]
    assert ("--judges is deprecated; use --pool" in result.stderr) == warned
