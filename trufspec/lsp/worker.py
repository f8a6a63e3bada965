"""The checks of the language server, run in a process of their own.

A check of a large document takes seconds (a megabyte of records takes about three), and
Python's threads share one interpreter lock: run beside the server's event loop, a check would
make every hover and keystroke wait.  In a process of its own it leaves the server free; and a
check whose document has changed meanwhile can be stopped outright, by ending the process,
where a thread can only be left to finish work nobody wants.  The process is started once,
imports the rules once, and is started again only after such a cancellation.  The server waits
for its answer on the event loop itself, with no thread in between.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Mapping
from contextlib import suppress
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import cast

from trufspec.diagnostics import Diagnostic

__all__ = ["Checker"]

Request = tuple[str, str, dict[str, str] | None]
"""What the process is asked: the text, the path its diagnostics name, the readings."""


def _serve(connection: Connection) -> None:
    """The checking process: check each text it is sent, until it is sent None.

    The text is checked as the bytes a save would write, so that an editor's buffer holding
    a NUL or a lone surrogate is reported as ``trufspec check`` reports such a file (REC002).
    """
    from trufspec.api import check_bytes
    from trufspec.jsonrecords import is_json
    from trufspec.lsp.json_documents import json_findings

    while True:
        request: Request | None = connection.recv()
        if request is None:
            return
        text, path, options = request
        data = text.encode("utf-8", "surrogatepass")
        if is_json(path):
            connection.send(json_findings(data, path, options))
        else:
            connection.send(check_bytes(data, path, options).diagnostics)


class Checker:
    """A checking process that runs one check at a time.  A check that is cancelled while
    the process works on it ends the process, so that its stale answer is never taken for
    the next one's."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._lock = asyncio.Lock()

    def start(self) -> None:
        """Start the process now, so that the first check does not wait for it to import."""
        if self._process is None or not self._process.is_alive():
            self._stop()
            ours, theirs = self._context.Pipe()
            process = self._context.Process(target=_serve, args=(theirs,), daemon=True)
            process.start()
            theirs.close()
            self._process, self._connection = process, ours

    async def check(
        self, text: str, path: str, options: Mapping[str, str] | None
    ) -> tuple[Diagnostic, ...] | None:
        """The diagnostics of ``text``, or None when the process failed."""
        async with self._lock:
            self.start()
            connection = self._connection
            assert connection is not None
            try:
                connection.send((text, path, dict(options) if options else None))
                await _readable(connection)
                return cast(tuple[Diagnostic, ...], connection.recv())
            except (EOFError, OSError):
                self._stop()
                return None
            except asyncio.CancelledError:
                self._stop()
                raise

    def close(self) -> None:
        """End the process (when the server shuts down)."""
        if self._connection is not None and not self._lock.locked():
            with suppress(OSError):
                self._connection.send(None)
        self._stop()

    def _stop(self) -> None:
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if process is not None:
            process.terminate()
            process.join(timeout=5)
        if connection is not None:
            connection.close()


async def _readable(connection: Connection) -> None:
    """Wait, on the event loop, until the process answers (or ends)."""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()
    descriptor = connection.fileno()

    def answered() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(descriptor, answered)
    try:
        await ready
    finally:
        loop.remove_reader(descriptor)
