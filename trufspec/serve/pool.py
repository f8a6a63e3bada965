"""The pool of processes that do the server's costly work, each stopped when it overruns its
time budget.

The event loop never checks a record itself: a check, a readings report or a stateless referee
action goes to one of a few pool processes, and the loop awaits the answer.  A record too
costly to check (a megabyte of deals, a bid space of millions) would hold a thread for as long
as it takes, and a thread cannot be stopped; a process can.  When a task overruns the budget
its process is killed and replaced, and the request is answered with a problem, while the other
requests go on in the other processes of the pool.

A pool process that cannot start is started again in the background, a little later each
time: the usual cause is the server being stopped while it starts (a service manager signals
the whole process group, the pool processes and their fork server with it), and a process that
then failed its start-up would print a traceback for what is an ordinary stop.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

__all__ = ["OverBudget", "Pool", "WorkFailed"]

R = TypeVar("R")

_LOG = logging.getLogger("trufspec.serve")

#: Seconds before a pool process that could not start is started again; doubled at each failure.
_FIRST_RETRY = 0.5
_LAST_RETRY = 30.0


class OverBudget(Exception):
    """The task took longer than its budget; its process was stopped."""


class WorkFailed(Exception):
    """The task raised: a bug of trufspec, reported without its traceback."""


def _serve(connection: Connection, warm: Callable[[], object] | None) -> None:
    """A pool process's loop: warm up, say so, then receive a function and its arguments and send
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


class _NotStarted(Exception):
    """A pool process ended, or could not be made, before it said it was ready."""


class _PoolProcess:
    def __init__(self, context: Any, warm: Callable[[], object] | None) -> None:
        self.connection, child = multiprocessing.Pipe()
        self.process: BaseProcess = context.Process(target=_serve, args=(child, warm), daemon=True)
        try:
            self.process.start()
        except (OSError, EOFError) as error:  # the fork server is gone
            self.connection.close()
            answer = str(error) or type(error).__name__
            raise _NotStarted(f"the fork server did not answer ({answer})") from None
        finally:
            child.close()
        try:
            ready = self.connection.recv() == _READY
        except EOFError:
            ready = False
        if not ready:
            self.process.join(5)  # it has closed its end of the pipe: it is ending
            ended = _ended(self.process.exitcode)
            self.stop()
            raise _NotStarted(ended)

    def stop(self) -> None:
        self.process.kill()  # nothing if it has ended, however late that became known
        self.process.join(5)
        self.connection.close()


def _ended(exitcode: int | None) -> str:
    """How a pool process that never became ready ended, in words."""
    if exitcode is not None and exitcode < 0:
        try:
            return f"its process was stopped by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"its process was stopped by signal {-exitcode}"
    return f"its process ended with status {exitcode}"


class Pool:
    """A pool of processes; :meth:`run` awaits a task's answer within its budget."""

    def __init__(self, size: int, budget: float, warm: Callable[[], object] | None = None) -> None:
        """``size`` processes, each of which runs ``warm`` once before its first task
        (what is loaded on first use, such as the parser, is then not paid for by a request
        under its budget)."""
        self.size = size
        self.budget = budget
        self.warm = warm
        # A fork server, not a fork: the server runs threads, and a fork of a process with
        # threads can deadlock.  The processes are started once, before the first request.
        self._context = multiprocessing.get_context("forkserver")
        # The fork server imports the pool's work once; a process started to replace one that
        # overran is then ready in milliseconds.
        self._context.set_forkserver_preload(["trufspec.serve.work"])
        self._idle: asyncio.Queue[_PoolProcess] | None = None
        self._all: list[_PoolProcess] = []
        self._replacing: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Start the processes, waiting for each to be ready; one that cannot start is started
        again in the background (see the module's docstring)."""
        self._idle = asyncio.Queue()
        for _ in range(self.size):
            process = await self._started(_FIRST_RETRY)
            if process is None:
                self._fill(_FIRST_RETRY)
            else:
                self._join(process)

    async def _started(self, retry: float) -> _PoolProcess | None:
        """A new pool process, or None, logged, when it could not start (to be tried again in
        ``retry`` seconds)."""
        try:
            return await asyncio.to_thread(_PoolProcess, self._context, self.warm)
        except _NotStarted as error:
            _LOG.warning("a pool process could not start: %s; trying again in %g s", error, retry)
            return None

    def _join(self, process: _PoolProcess) -> None:
        assert self._idle is not None
        self._all.append(process)
        self._idle.put_nowait(process)

    def _fill(self, delay: float, stopping: _PoolProcess | None = None) -> None:
        """Start a pool process in the background after ``delay`` seconds (having stopped
        ``stopping``, the one it replaces), and again, twice as late each time, while it
        cannot start."""
        task = asyncio.create_task(self._filled(delay, stopping))
        self._replacing.add(task)
        task.add_done_callback(self._replacing.discard)

    async def _filled(self, delay: float, stopping: _PoolProcess | None) -> None:
        if stopping is not None:
            await asyncio.to_thread(stopping.stop)
        retry = _FIRST_RETRY
        while True:
            await asyncio.sleep(delay)
            process = await self._started(retry)
            if process is not None:
                self._join(process)
                return
            delay, retry = retry, min(retry * 2, _LAST_RETRY)

    async def stop(self) -> None:
        for task in self._replacing:
            task.cancel()
        processes, self._all = self._all, []

        def stop_all() -> None:
            for process in processes:
                process.stop()

        await asyncio.to_thread(stop_all)

    async def run(self, function: Callable[..., R], *args: Any) -> R:
        """What ``function(*args)`` returns, computed in a pool process (``function`` is a
        module-level function); :class:`OverBudget` past the budget, :class:`WorkFailed`
        when it raises."""
        assert self._idle is not None, "the pool is started with the application"
        process = await self._idle.get()
        loop = asyncio.get_running_loop()
        try:
            process.connection.send((function, args))
            ready = loop.create_future()
            loop.add_reader(process.connection.fileno(), _settle, ready)
            try:
                await asyncio.wait_for(ready, self.budget)
            finally:
                loop.remove_reader(process.connection.fileno())
            ok, value = process.connection.recv()
        except (TimeoutError, asyncio.CancelledError, OSError, EOFError) as error:
            # Overrun, or the client went away while the process worked: that process is
            # replaced, since it may still be busy with the work nobody waits for any more.  The
            # answer does not wait for the new process, which joins the others once it is ready.
            self._all.remove(process)
            self._fill(0, stopping=process)
            if isinstance(error, TimeoutError):
                raise OverBudget(self.budget) from None
            if isinstance(error, asyncio.CancelledError):
                raise
            raise WorkFailed(str(error)) from None
        self._idle.put_nowait(process)
        if not ok:
            raise WorkFailed(value)
        return value  # type: ignore[no-any-return]
