"""Whether an input fails, and the smallest input that fails the same way.

An input fails when the checker, the formatter or the referee resuming its games answers
with anything other than values (for a JSON record: the check, the score sheet, the readings,
the report and the conversion, and the notation reading the records the JSON reader admits
otherwise than it reads them): an exception, more than :data:`SLOW` seconds on a record under :data:`SMALL` bytes, or a growth of
the process's peak memory out of proportion to the input.  Failures are told apart by their
*signature*, the exception's type and the place in trufspec it came from, so that a campaign
keeps one reproducer per bug, not one per input.
"""

from __future__ import annotations

import cProfile
import json as json_module
import resource
import signal
import traceback
from collections.abc import Callable, Sequence
from time import process_time
from types import FrameType, TracebackType
from typing import Any, TypeVar

from attrs import frozen

import trufspec
import trufspec.records
from trufspec.diagnostics import Diagnostic
from trufspec.referee import Refused, resume

__all__ = ["Disagreement", "Failure", "probe", "minimise", "minimise_json", "SLOW", "SMALL"]

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


class Disagreement(Exception):
    """The JSON reader admitted records that the notation, reading them printed, reads
    otherwise: the two ways in do not admit the same records."""


def probe(data: bytes, fmt: bool = True, json: bool = False) -> Failure | None:
    """Check ``data`` as a file (a JSON record with ``json``), and format it (or, for JSON,
    read its readings, report and resume it) with ``fmt``; the failure, or None when only
    values came out."""
    before = _peak()
    previous = signal.signal(signal.SIGPROF, _stop)
    limit = LIMIT + len(data) / 100_000
    signal.setitimer(signal.ITIMER_PROF, limit)
    start = process_time()
    try:
        (_run_json if json else _run)(data, fmt)
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
            "slow",
            _hotspot(data, fmt, json),
            f"{elapsed:.1f} s of processor time for {len(data)} bytes",
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
        _resume_text(data)


def _run_json(data: bytes, fmt: bool) -> None:
    """The ways a JSON record goes in: ``check``, ``score`` and ``convert`` always;
    ``readings``, ``report`` and the referee with ``fmt``."""
    from trufspec.batch import checked
    from trufspec.jsonrecords import read_json, write_json
    from trufspec.notation.blocks import Block
    from trufspec.output import sheet
    from trufspec.pictures.html import Source, render_report
    from trufspec.readings.corpus import block_readings
    from trufspec.readings.replay import LIMIT

    path = "fuzz.json"
    text, games, report = checked(Block(data, 1, json=True), path, None)
    sheets = sheet.sheets(path, games, report.games)
    for render in (sheet.render_text, sheet.render_csv, sheet.render_json):
        render(sheets)
    parsed = read_json(data, path)
    write_json(parsed.games)
    _agree(parsed.games, parsed.diagnostics)
    if fmt:
        block_readings((0, path, Block(data, 1, json=True)), None, LIMIT)
        render_report([Source(path, text, games, report)])
        _resume(games)


def _agree(games: tuple[trufspec.records.Game, ...], found: tuple[Diagnostic, ...]) -> None:
    """Raise :class:`Disagreement` when the notation reads the games the JSON reader admitted
    (printed canonically) as other records, comments included, or with other findings of
    reading."""
    if any(d.code == "REC001" for d in found):
        return
    again = trufspec.loads(trufspec.dumps(games))
    if again.games != games:
        raise Disagreement("the notation reads the printed records otherwise")
    if sorted(d.code for d in again.diagnostics) != sorted(d.code for d in found):
        raise Disagreement("the notation reads the printed records with other findings")


def _resume_text(data: bytes) -> None:
    _resume(trufspec.loads(data.decode("utf-8", errors="replace")).games)


def _resume(games: Sequence[trufspec.records.Game]) -> None:
    """Resume every game through the referee and play on a few actions: a record the referee
    cannot play on is refused with a value, like any other answer."""
    for game in games:
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


def _hotspot(data: bytes, fmt: bool, json: bool = False) -> str:
    """Where a slow input spends its time: the function of trufspec that takes the most of it
    (itself, not in what it calls), which tells one slowness from another."""
    profile = cProfile.Profile()
    profile.runcall(_run_json if json else _run, data, fmt)
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


def minimise_json(
    data: bytes, signature: str, check: Callable[[bytes], Failure | None], budget: int = 400
) -> bytes:
    """A smaller JSON record that fails with the same ``signature``: the members of objects
    and the items of lists removed while the failure stays (at most ``budget`` probes), then
    written indented; an input that is not JSON is shrunk as bytes (:func:`minimise`)."""
    try:
        document = json_module.loads(data)
    except ValueError:
        return minimise(data, signature, budget, check)
    tries = 0

    def encode(value: object) -> bytes:
        return json_module.dumps(value, indent=2, ensure_ascii=False).encode(
            "utf-8", errors="surrogatepass"
        )

    changed = True
    while changed and tries < budget:
        changed = False
        for container, key in reversed(_members(document)):
            if tries >= budget:
                break
            if isinstance(container, list) and key >= len(container):
                continue
            if isinstance(container, dict) and key not in container:
                continue
            removed = container.pop(key)
            tries += 1
            failure = check(encode(document))
            if failure is not None and failure.signature == signature:
                changed = True
            elif isinstance(container, list):
                container.insert(key, removed)
            else:
                container[key] = removed
    small = encode(document)
    failure = check(small)
    return small if failure is not None and failure.signature == signature else data


def _members(value: object) -> list[tuple[Any, Any]]:
    """Every container of a decoded document with each of its keys or indices, outer first."""
    found: list[tuple[Any, Any]] = []
    pending = [value]
    while pending:
        node = pending.pop()
        items = (
            node.items()
            if isinstance(node, dict)
            else enumerate(node)
            if isinstance(node, list)
            else ()
        )
        for key, child in items:
            found.append((node, key))
            pending.append(child)
    return found
