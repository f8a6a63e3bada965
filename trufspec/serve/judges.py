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


def _serve(connection: Connection, warm: Callable[[], object] | None) -> None:
    """A judge's loop: warm up, say so, then receive a function and its arguments and send
    back what it returns."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl-C is the server's to handle
    if warm is not None:
        warm()
    connection.send(_READY)
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


_READY = "ready"


class _Judge:
    def __init__(self, context: Any, warm: Callable[[], object] | None) -> None:
        self.connection, child = multiprocessing.Pipe()
        self.process: BaseProcess = context.Process(target=_serve, args=(child, warm), daemon=True)
        self.process.start()
        child.close()
        if self.connection.recv() != _READY:
            raise RuntimeError("a judge process did not start")

    def stop(self) -> None:
        if self.process.is_alive() and self.process.pid is not None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.join(5)
        self.connection.close()


class Judges:
    """A pool of judge processes; :meth:`run` awaits a judgement within its budget."""

    def __init__(self, size: int, budget: float, warm: Callable[[], object] | None = None) -> None:
        """``size`` processes, each of which runs ``warm`` once before its first judgement
        (what is loaded on first use, such as the parser, is then not paid for by a request
        under its budget)."""
        self.size = size
        self.budget = budget
        self.warm = warm
        # A fork server, not a fork: the server runs threads, and a fork of a process with
        # threads can deadlock.  The judges are started once, before the first request.
        self._context = multiprocessing.get_context("forkserver")
        # The fork server imports the judged work once; a judge started to replace one that
        # overran is then ready in milliseconds.
        self._context.set_forkserver_preload(["trufspec.serve.judged"])
        self._idle: asyncio.Queue[_Judge] | None = None
        self._all: list[_Judge] = []
        self._replacing: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._idle = asyncio.Queue()
        judges = await asyncio.to_thread(
            lambda: [_Judge(self._context, self.warm) for _ in range(self.size)]
        )
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
            # since it may still be busy with the work nobody waits for any more.  The answer
            # does not wait for the new judge, which joins the others once it is ready.
            self._all.remove(judge)
            self._replacing.add(asyncio.create_task(self._replace(judge)))
            if isinstance(error, TimeoutError):
                raise OverBudget(self.budget) from None
            if isinstance(error, asyncio.CancelledError):
                raise
            raise JudgeFailed(str(error)) from None
        self._idle.put_nowait(judge)
        if not ok:
            raise JudgeFailed(value)
        return value  # type: ignore[no-any-return]

    async def _replace(self, judge: _Judge) -> None:
        def replace() -> _Judge:
            judge.stop()
            return _Judge(self._context, self.warm)

        fresh = await asyncio.to_thread(replace)
        self._all.append(fresh)
        assert self._idle is not None
        self._idle.put_nowait(fresh)
        task = asyncio.current_task()
        if task is not None:
            self._replacing.discard(task)
