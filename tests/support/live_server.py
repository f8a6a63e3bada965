"""A real ``trufspec serve`` for the tests: uvicorn on 127.0.0.1, started and stopped by them.

The server is the command a user runs, in its own process, so the tests go through everything
between a client and the referee: uvicorn, the pool processes, the SQLite file or the
PostgreSQL database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from postgres_cluster import free_port

__all__ = ["Server", "launched", "running"]

ROOT = Path(__file__).resolve().parents[2]


class Server:
    def __init__(self, url: str, process: subprocess.Popen[bytes], log: Path) -> None:
        self.url = url
        self.process = process
        self.log = log

    def client(self, **kwargs: Any) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30, **kwargs)


@contextmanager
def launched(
    database: Path,
    *options: str,
    workers: int = 1,
    port: int | None = None,
    database_url: str | None = None,
) -> Iterator[Server]:
    """A server just launched, perhaps not yet answering (see :func:`running`); stopped, with
    its workers and their pools, when the block ends."""
    port = port or free_port()
    log = database.with_suffix(f".{port}.log")
    command = [sys.executable, "-m", "trufspec", "serve", "--port", str(port)]
    command += ["--database", database_url or str(database), "--workers", str(workers)]
    command += ["--pool", "1", *options]
    with open(log, "wb") as output:
        # In the root of the checkout, whose records/ the check page offers to pick from, as
        # a user's server there does (the installed package of a compiled build has none
        # beside it); PYTHONSAFEPATH keeps the sources there off the path, so that the
        # package the session imports is the one that serves.
        process = subprocess.Popen(
            command,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONSAFEPATH": "1"},
        )
    try:
        yield Server(f"http://127.0.0.1:{port}", process, log)
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(20)
        except ProcessLookupError:
            pass  # the test stopped it, and all of its group has ended
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@contextmanager
def running(
    database: Path,
    *options: str,
    workers: int = 1,
    port: int | None = None,
    database_url: str | None = None,
) -> Iterator[Server]:
    """A server on a free port of 127.0.0.1 (or on ``port``: a server started again where it
    was) keeping its games in the SQLite file ``database``, or in the PostgreSQL database of
    ``database_url`` when one is given (``database`` then names where the log goes), once it
    answers; stopped (with its workers and their pools) when the block ends."""
    launch = launched(database, *options, workers=workers, port=port, database_url=database_url)
    with launch as server:
        deadline = time.monotonic() + 60
        while True:
            if server.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {server.log.read_text(errors='replace')}")
            try:
                if httpx.get(server.url + "/v1/rules", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                text = server.log.read_text(errors="replace")
                raise RuntimeError(f"the server did not start: {text}")
            time.sleep(0.2)
        yield server
