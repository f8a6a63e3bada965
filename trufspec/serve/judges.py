"""Processes that judge records for the server, each stopped when it overruns its time budget.

The event loop never checks a record itself: a check, a readings report or a stateless referee
action goes to one of a few judge processes, and the loop awaits the answer.  A record too
costly to judge (a megabyte of deals, a bid space of millions) would hold a thread for as long
as it takes, and a thread cannot be stopped; a process can.  When a judgement overruns the
budget its process is killed and replaced, and the request is answered with a problem, while
the other requests go on in the other judges.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

__all__ = ["JudgeFailed", "Judges", "OverBudget"]

R = TypeVar("R")


class OverBudget(Exception):
    """The judgement took longer than its budget; its process was stopped."""


class JudgeFailed(Exception):
    """The judgement raised: a bug of trufspec, reported without its traceback."""


def _serve(connection: Connection) -> None:
    """A judge's loop: receive a function and its arguments, send back what it returns."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl-C is the server's to handle
    while True:
        try:
            function, args = connection.recv()
        except EOFError:
            return
        try:
            connection.send((True, function(*args)))
        except Exception as error:  # a bug: the server answers 500 without the traceback
            connection.send((False, f"{type(error).__name__}: {error}"))


def _settle(ready: asyncio.Future[None]) -> None:
    if not ready.done():
        ready.set_result(None)


class _Judge:
    def __init__(self, context: Any) -> None:
        self.connection, child = multiprocessing.Pipe()
        self.process: BaseProcess = context.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()
        child.close()

    def stop(self) -> None:
        if self.process.is_alive() and self.process.pid is not None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.join(5)
        self.connection.close()


class Judges:
    """A pool of judge processes; :meth:`run` awaits a judgement within its budget."""

    def __init__(self, size: int, budget: float) -> None:
        self.size = size
        self.budget = budget
        # A fork server, not a fork: the server runs threads, and a fork of a process with
        # threads can deadlock.  The judges are started once, before the first request.
        self._context = multiprocessing.get_context("forkserver")
        # The fork server imports the judged work once; a judge started to replace one that
        # overran is then ready in milliseconds.
        self._context.set_forkserver_preload(["trufspec.serve.judged"])
        self._idle: asyncio.Queue[_Judge] | None = None
        self._all: list[_Judge] = []

    async def start(self) -> None:
        self._idle = asyncio.Queue()
        judges = await asyncio.to_thread(lambda: [_Judge(self._context) for _ in range(self.size)])
        for judge in judges:
            self._all.append(judge)
            self._idle.put_nowait(judge)

    async def stop(self) -> None:
        judges, self._all = self._all, []

        def stop_all() -> None:
            for judge in judges:
                judge.stop()

        await asyncio.to_thread(stop_all)

    async def run(self, function: Callable[..., R], *args: Any) -> R:
        """What ``function(*args)`` returns, computed in a judge process (``function`` is a
        module-level function); :class:`OverBudget` past the budget, :class:`JudgeFailed`
        when it raises."""
        assert self._idle is not None, "the judges are started with the application"
        judge = await self._idle.get()
        loop = asyncio.get_running_loop()
        try:
            judge.connection.send((function, args))
            ready = loop.create_future()
            loop.add_reader(judge.connection.fileno(), _settle, ready)
            try:
                await asyncio.wait_for(ready, self.budget)
            finally:
                loop.remove_reader(judge.connection.fileno())
            ok, value = judge.connection.recv()
        except (TimeoutError, asyncio.CancelledError, OSError, EOFError) as error:
            # Overrun, or the client went away while the judge worked: that judge is replaced,
            # since it may still be busy with the work nobody waits for any more.
            self._all.remove(judge)
            fresh = await asyncio.to_thread(self._replace, judge)
            self._all.append(fresh)
            self._idle.put_nowait(fresh)
            if isinstance(error, TimeoutError):
                raise OverBudget(self.budget) from None
            if isinstance(error, asyncio.CancelledError):
                raise
            raise JudgeFailed(str(error)) from None
        self._idle.put_nowait(judge)
        if not ok:
            raise JudgeFailed(value)
        return value  # type: ignore[no-any-return]

    def _replace(self, judge: _Judge) -> _Judge:
        judge.stop()
        return _Judge(self._context)
