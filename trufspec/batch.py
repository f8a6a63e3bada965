"""Check many games: files read a block of games at a time, the blocks checked on several cores.

A game platform or a club archive holds hundreds of thousands of deals.  Each file is cut into
blocks of whole games as it is read (:mod:`trufspec.notation.blocks`), each block is checked on
its own, and the reports of a file's blocks are joined into the report of the file.  Games do
not depend on each other, so the joined report is the one a check of the whole file gives; only
the lines that diagnostics point at are kept, so memory does not grow with the size of a file.

With ``jobs`` above 1 the blocks go to a pool of processes, a few at a time, and come back in
order: the output does not depend on how many processes did the work.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from functools import partial
from itertools import chain
from typing import BinaryIO, TypeVar

from trufspec.api import decode
from trufspec.diagnostics import Diagnostic
from trufspec.inputs import opening, reads_as_json
from trufspec.jsonrecords import check_json
from trufspec.notation.blocks import Block, blocks
from trufspec.notation.parse import no_collection, parse_text
from trufspec.records import Game
from trufspec.validator.judge import check_parsed
from trufspec.validator.report import FileReport, GameResult

__all__ = [
    "BLOCK_SIZE",
    "STDIN",
    "Work",
    "check_block",
    "check_blocks",
    "check_paths",
    "checked",
    "join",
    "map_paths",
]

STDIN = "-"
"""The path that names standard input."""

BLOCK_SIZE = 256 * 1024
"""Games are checked in blocks of about this many bytes: large enough that handing a block to
another process costs little next to checking it, small enough to keep memory flat."""

R = TypeVar("R")


def check_block(
    block: Block, path: str, options: Mapping[str, str] | None, figures: bool = True
) -> FileReport:
    """The report of one block of a file: its games, or a REC002 when its bytes are not text;
    without the recomputed figures unless ``figures`` (see ``FileReport.without_figures``)."""
    report = checked(block, path, options)[2]
    return report if figures else report.without_figures()


def checked(
    block: Block, path: str, options: Mapping[str, str] | None
) -> tuple[str | None, tuple[Game, ...], FileReport]:
    """The text of a block, its games and its report; the text is None when the block has
    none (bytes that are not text).  A JSON record is read straight into records and each
    finding given its JSON Pointer (``trufspec.jsonrecords.check_json``)."""
    if block.json:
        text, parsed, report = check_json(block.data, path, options)
        return text, parsed.games, report
    text, problem = decode(block.data, path, block.first_line, block.offset)
    if problem is not None:
        return None, (), FileReport(path, (), (problem,))
    # As check_text does: the records are made and checked with the cycle collector paused.
    with no_collection():
        parsed = parse_text(text, path, block.first_line)
        return text, parsed.games, check_parsed(parsed, text, path, options, block.first_line)


def join(path: str, parts: Iterable[FileReport]) -> FileReport:
    """The report of a file from the reports of its blocks, in order.

    A file that is not text is unreadable as a whole, as :func:`trufspec.check_bytes` has it:
    its report is the first REC002, a NUL byte being reported before any invalid UTF-8.
    """
    games: list[GameResult] = []
    diagnostics: list[Diagnostic] = []
    lines: dict[int, str] = {}
    unreadable: list[Diagnostic] = []
    for part in parts:
        if any(d.code == "REC002" for d in part.diagnostics):
            unreadable.extend(d for d in part.diagnostics if d.code == "REC002")
            continue
        games.extend(part.games)
        diagnostics.extend(part.diagnostics)
        lines.update(part.lines)
    if unreadable:
        binary = [d for d in unreadable if "NUL" in d.message]
        return FileReport(path, (), ((binary or unreadable)[0],))
    diagnostics.sort(key=Diagnostic.sort_key)
    return FileReport(path, tuple(games), tuple(diagnostics), lines)


def check_blocks(
    parts: Iterable[Block],
    path: str,
    options: Mapping[str, str] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> FileReport:
    """The report of one file given as blocks (see :func:`trufspec.check_stream`)."""
    work = ((0, path, block) for block in parts)
    check = partial(_check_one, options=options, figures=True)
    return next(_reports(work, check, jobs, progress, set()), FileReport(path, (), ()))


def check_stream(
    lines: Iterable[bytes],
    path: str,
    options: Mapping[str, str] | None = None,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> FileReport:
    """Check a file read as binary ``lines`` (an open file in ``"rb"`` mode), a game at a time.

    The report is the one :func:`check_bytes` gives for the whole file, but neither the text
    nor the records of the whole file are ever held at once, so a file of any size is checked
    in little memory; with ``jobs`` above 1 the games are checked on that many processes.
    ``progress`` is called with the number of bytes of each block once it is checked.
    """
    return check_blocks(blocks(lines, BLOCK_SIZE), path, options, jobs, progress)


def check_paths(
    paths: Iterable[str],
    options: Mapping[str, str] | None = None,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    unreadable: Callable[[str, OSError], None] | None = None,
    figures: bool = True,
    input_format: str = "auto",
) -> Iterator[FileReport]:
    """The report of each file, in the order of ``paths`` (``-`` is standard input).

    A file that cannot be opened or read to its end is passed to ``unreadable`` with the error
    and has no report.  The blocks of all the files share one pool of ``jobs`` processes, so a
    folder of small files is checked in parallel as well as one large file.  Without
    ``figures`` the reports leave out the recomputed scores, which an output of diagnostics
    does not show, and the memory of a large check stays small.
    """
    failed: set[int] = set()
    check = partial(_check_one, options=options, figures=figures)
    work = _blocks_of(paths, unreadable, failed, input_format)
    return _reports(work, check, jobs, progress, failed)


Work = tuple[int, str, Block]
"""A block of games to check: the index of its file among those checked, the file's path and
the block."""


def _blocks_of(
    paths: Iterable[str],
    unreadable: Callable[[str, OSError], None] | None,
    failed: set[int],
    input_format: str = "auto",
) -> Iterator[Work]:
    """The blocks of each file in turn, read as they are needed; a file that fails to open or
    to read is added to ``failed``.  A JSON record (see :func:`trufspec.inputs.reads_as_json`)
    is one block."""
    for index, path in enumerate(paths):
        try:
            with _open(path) as handle:
                start, lines = opening(iter(handle))
                if reads_as_json(path, input_format, start):
                    yield index, path, Block(b"".join(lines), 1, json=True)
                    continue
                for block in blocks(lines, BLOCK_SIZE):
                    yield index, path, block
        except OSError as error:
            failed.add(index)
            if unreadable is not None:
                unreadable(path, error)


def _open(path: str) -> AbstractContextManager[BinaryIO]:
    """A file to read as bytes; standard input is not closed after it."""
    if path == STDIN:
        return nullcontext(sys.stdin.buffer)
    return open(path, "rb")


def _reports(
    work: Iterable[Work],
    check: Callable[[Work], FileReport],
    jobs: int,
    progress: Callable[[int], None] | None,
    failed: set[int],
) -> Iterator[FileReport]:
    """Check every block and join the blocks of each file."""
    return (join(path, parts) for path, parts in _per_file(work, check, jobs, progress, failed))


def map_paths(
    paths: Iterable[str],
    function: Callable[[Work], R],
    *,
    jobs: int = 1,
    unreadable: Callable[[str, OSError], None] | None = None,
    parallel_from: int | None = None,
    input_format: str = "auto",
) -> Iterator[tuple[str, list[R]]]:
    """For each file of ``paths`` that can be read, in order, its path and what ``function``
    (a module-level function, so that other processes can run it) makes of each of its
    blocks, in order.

    The work is shared out as a check's is; ``parallel_from`` lowers the size of input from
    which other processes are started, for work that costs more per byte than a check."""
    failed: set[int] = set()
    return _per_file(
        _blocks_of(paths, unreadable, failed, input_format),
        function,
        jobs,
        None,
        failed,
        parallel_from,
    )


def _per_file(
    work: Iterable[Work],
    function: Callable[[Work], R],
    jobs: int,
    progress: Callable[[int], None] | None,
    failed: set[int],
    parallel_from: int | None = None,
) -> Iterator[tuple[str, list[R]]]:
    """Run ``function`` on every block and gather the results of each file.

    A file's results are given when the first block of the next file comes back or the work
    ends; by then the reading of the file is over, so a file that failed half way is known and
    left out rather than given with half its games.
    """
    current: tuple[int, str] | None = None
    parts: list[R] = []
    for (index, path, block), result in _in_order(
        function, work, jobs, parallel_from or PARALLEL_FROM
    ):
        if current is not None and index != current[0]:
            if current[0] not in failed:
                yield current[1], parts
            parts = []
        current = (index, path)
        parts.append(result)
        if progress is not None:
            progress(len(block.data))
    if current is not None and current[0] not in failed:
        yield current[1], parts


def _check_one(item: Work, options: Mapping[str, str] | None, figures: bool) -> FileReport:
    _, path, block = item
    return check_block(block, path, options, figures)


PARALLEL_FROM = 1024 * 1024
"""Bytes of input from which a check starts other processes: starting them costs about as much
as checking this much on one, so a few small files are checked at once where they are."""


def _in_order(
    function: Callable[[Work], R],
    items: Iterable[Work],
    jobs: int,
    parallel_from: int = PARALLEL_FROM,
) -> Iterator[tuple[Work, R]]:
    """``(item, function(item))`` for each item, in order; on ``jobs`` processes
    when ``jobs`` is above 1 and the input is larger than ``parallel_from`` bytes.

    Only a few items per process are in flight at once, so that reading a large file never
    runs far ahead of checking it.
    """
    iterator = iter(items)
    ahead: list[Work] = []
    size = 0
    if jobs > 1:
        for item in iterator:
            ahead.append(item)
            size += len(item[2].data)
            if size >= parallel_from:
                break
    if size < parallel_from:
        for item in chain(ahead, iterator):
            yield item, function(item)
        return
    # A fork server, not a plain fork: forking a process that runs threads (an application
    # embedding trufspec, a test runner) can deadlock, and the server forks from a clean one.
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("forkserver")) as pool:
        pending: deque[tuple[Work, Future[R]]] = deque()
        for item in chain(ahead, iterator):
            pending.append((item, pool.submit(function, item)))
            if len(pending) >= 4 * jobs:
                done, future = pending.popleft()
                yield done, future.result()
        while pending:
            done, future = pending.popleft()
            yield done, future.result()
