"""A server on 127.0.0.1 for the tests, started in a process of its own and stopped after them."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

__all__ = ["free_port", "running"]

START_SECONDS = 30.0
"""The longest a server may take to answer its first request."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running(
    command: Sequence[str],
    port: int,
    cwd: Path | None = None,
    environment: Mapping[str, str] | None = None,
) -> Iterator[str]:
    """Run ``command`` (a server listening on 127.0.0.1:``port``, with ``environment`` added to
    this process's) until the block ends; yields its address once it answers."""
    process = subprocess.Popen(
        list(command),
        cwd=cwd,
        env={**os.environ, **(environment or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        for _ in range(600):
            if process.poll() is not None:
                said = process.stderr.read() if process.stderr else ""
                raise RuntimeError(f"the server stopped: {said[-2000:]}")
            try:
                with urllib.request.urlopen(url + "/static/site.css", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    raise TimeoutError(f"no answer from {url} in {START_SECONDS} s") from None
                time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stderr is not None:
            process.stderr.close()


def uvicorn(factory: str, port: int) -> list[str]:
    """The command that serves an application ``factory`` (``module:function``) on ``port``."""
    return [
        sys.executable,
        "-m",
        "uvicorn",
        "--factory",
        factory,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
    ]
