"""Whether an input fails, and the smallest input that fails the same way.

An input fails when the checker, the formatter or the referee resuming its games answers
with anything other than values: an exception, more than :data:`SLOW` seconds on a record under :data:`SMALL` bytes, or a growth of
the process's peak memory out of proportion to the input.  Failures are told apart by their
*signature*, the exception's type and the place in trufspec it came from, so that a campaign
keeps one reproducer per bug, not one per input.
"""

from __future__ import annotations

import cProfile
import resource
import signal
import traceback
from collections.abc import Callable
from time import process_time
from types import FrameType, TracebackType
from typing import TypeVar

from attrs import frozen

import trufspec
from trufspec.referee import Refused, resume

__all__ = ["Failure", "probe", "minimise", "SLOW", "SMALL"]

SLOW = 2.0
"""Seconds of processor time (the machine's load does not count) a record under :data:`SMALL`
bytes may take to be checked and formatted."""
SMALL = 10_000
LIMIT = 20
"""Seconds of processor time after which a probe is stopped, with ten more for each megabyte of
the input: a record that loops is reported, not waited for (a process paused or starved by a
busy machine is not)."""
MEMORY = 64 * 1024 * 1024
"""Bytes of growth of the peak memory allowed whatever the input, on top of 2,000 per byte."""


@frozen
class Failure:
    """How an input failed."""

    kind: str
    """The exception's type, ``slow`` or ``memory``."""
    where: str
    """The innermost place in trufspec: ``module.py:line`` (for a slow input, the function
    that takes the most time)."""
    detail: str

    @property
    def signature(self) -> str:
        return f"{self.kind} at {self.where}"


class _Stopped(Exception):
    """Raised in a probe that runs past :data:`LIMIT`."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise _Stopped


def _where(tb: TracebackType | None) -> str:
    """The innermost frame of the traceback that is trufspec's own code."""
    place = "?"
    for frame in traceback.extract_tb(tb):
        if "/trufspec/" in frame.filename:
            place = f"{frame.filename.rsplit('/trufspec/', 1)[1]}:{frame.lineno}"
    return place


def _peak() -> int:
    """The process's peak resident memory in bytes (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def probe(data: bytes, fmt: bool = True) -> Failure | None:
    """Check ``data`` as a file, and format it with ``fmt``; the failure, or None when only
    values came out."""
    before = _peak()
    previous = signal.signal(signal.SIGPROF, _stop)
    limit = LIMIT + len(data) / 100_000
    signal.setitimer(signal.ITIMER_PROF, limit)
    start = process_time()
    try:
        _run(data, fmt)
    except _Stopped:
        return Failure(
            "slow", "?", f"stopped after {limit:.0f} s of processor time for {len(data)} bytes"
        )
    except Exception as error:  # any exception is the failure being looked for
        detail = "".join(traceback.format_exception(error))
        return Failure(type(error).__name__, _where(error.__traceback__), detail)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
    elapsed = process_time() - start
    if elapsed > SLOW and len(data) < SMALL:
        return Failure(
            "slow", _hotspot(data, fmt), f"{elapsed:.1f} s of processor time for {len(data)} bytes"
        )
    grown = _peak() - before
    if grown > MEMORY + 2_000 * len(data):
        return Failure(
            "memory", "?", f"peak memory grew by {grown // 1_000_000} MB for {len(data)} bytes"
        )
    return None


def _run(data: bytes, fmt: bool) -> None:
    trufspec.check_bytes(data, "fuzz.truf")
    if fmt:
        trufspec.format_bytes(data, "fuzz.truf")
        _resume(data)


def _resume(data: bytes) -> None:
    """Resume every game of the input through the referee and play on a few actions: a record
    the referee cannot play on is refused with a value, like any other answer."""
    for game in trufspec.loads(data.decode("utf-8", errors="replace")).games:
        try:
            state = resume(game)
        except Refused:
            continue
        for _ in range(3):
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(legal[0])
        state.record()


def _hotspot(data: bytes, fmt: bool) -> str:
    """Where a slow input spends its time: the function of trufspec that takes the most of it
    (itself, not in what it calls), which tells one slowness from another."""
    profile = cProfile.Profile()
    profile.runcall(_run, data, fmt)
    own: dict[str, float] = {}
    for entry in profile.getstats():
        code = entry.code  # a code object, or a string for a built-in function
        if not isinstance(code, str) and "/trufspec/" in code.co_filename:
            place = f"{code.co_filename.rsplit('/trufspec/', 1)[1]}:{code.co_firstlineno}"
            own[place] = own.get(place, 0.0) + entry.inlinetime
    return max(own, key=own.__getitem__) if own else "?"


def minimise(
    data: bytes, signature: str, budget: int = 400, check: Callable[[bytes], Failure | None] = probe
) -> bytes:
    """A smaller input that fails with the same ``signature``: lines, then runs of bytes, are
    removed while the failure stays (at most ``budget`` probes).  The input is cut by slicing,
    never split into a list of its bytes: a failing input may be megabytes long."""
    tries = [0]

    def same(candidate: bytes) -> bool:
        tries[0] += 1
        failure = check(candidate)
        return failure is not None and failure.signature == signature

    lines = _remove_runs(data.split(b"\n"), b"\n".join, same, tries, budget)
    return _remove_runs(b"\n".join(lines), bytes, same, tries, budget)


Units = TypeVar("Units", list[bytes], bytes)


def _remove_runs(
    units: Units,
    join: Callable[[Units], bytes],
    same: Callable[[bytes], bool],
    tries: list[int],
    budget: int,
) -> Units:
    """``units`` (lines, or bytes) without the runs, halving in length, whose removal keeps the
    failure, until ``tries[0]`` reaches ``budget``."""
    size = max(len(units) // 2, 1)
    while size >= 1 and tries[0] < budget:
        at = 0
        while at < len(units) and tries[0] < budget:
            fewer = units[:at] + units[at + size :]
            if same(join(fewer)):
                units = fewer
            else:
                at += size
        size //= 2
    return units
