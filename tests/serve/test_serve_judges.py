"""The judge processes of the server: one stopped before it is ready is started again, and a
server stopped while it starts (its whole process group signalled, as a service manager does)
stops without a traceback."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import signal
import time
from pathlib import Path

import pytest
from live_server import launched

from trufspec.serve.judges import Judges

pytestmark = pytest.mark.server


def _stopped_once(marker: str) -> None:
    """A judge's warm-up that stops its own process the first time (``marker`` exists)."""
    try:
        os.remove(marker)
    except FileNotFoundError:
        return
    os.kill(os.getpid(), signal.SIGTERM)


@pytest.mark.slow
def test_a_judge_stopped_before_it_is_ready_is_started_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    marker = tmp_path / "stop"
    marker.touch()
    judges = Judges(1, budget=30, warm=functools.partial(_stopped_once, str(marker)))

    async def judged() -> int:
        await judges.start()
        try:
            return await asyncio.wait_for(judges.run(os.getpid), 60)
        finally:
            await judges.stop()

    with caplog.at_level(logging.WARNING, logger="trufspec.serve"):
        pid = asyncio.run(judged())
    assert not marker.exists()
    assert pid != os.getpid()
    assert [r.getMessage() for r in caplog.records] == [
        "a judge could not start: its process was stopped by SIGTERM; trying again in 0.5 s"
    ]


def _judge_started(group: int) -> bool:
    """Whether a process of the process group ``group`` is a judge (a child of a fork server)."""
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
        # Signalled while a worker warms its judge up (which takes about a second), the
        # moment a service manager's stop can come.
        deadline = time.monotonic() + 60
        while not _judge_started(server.process.pid):
            assert server.process.poll() is None, server.log.read_text(errors="replace")
            assert time.monotonic() < deadline, server.log.read_text(errors="replace")
            time.sleep(0.02)
        os.killpg(server.process.pid, signal.SIGTERM)
        assert server.process.wait(30) == 0
    text = server.log.read_text(errors="replace")
    assert "Traceback" not in text, text
    assert "Stopping parent process" in text
