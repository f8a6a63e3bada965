"""Check a corpus on a Dask cluster: the blocks of games of every file shared out to its workers.

Install with ``pip install 'trufspec[dask]'``.  The files are cut into blocks of whole games
here (:mod:`trufspec.notation.blocks`), but only where each block starts and ends is kept: the
workers read their byte ranges themselves, so the files must be at the same paths on every
worker (a shared file system, or the same checkout everywhere).  Each block is checked as
:func:`trufspec.batch.check_block` checks it on one machine, and the reports come back in order
and are joined per file, so the report is the one a single process gives.

From the command line::

    trufspec check --dask tcp://scheduler:8786 archive/   # a running cluster
    trufspec check --dask local archive/                  # a cluster of this machine's cores
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from attrs import frozen

from trufspec.batch import BLOCK_SIZE, check_block, join
from trufspec.notation.blocks import Block, blocks
from trufspec.validator.report import FileReport

__all__ = ["Extent", "extents", "check_on_cluster", "client_for"]


@frozen
class Extent:
    """Where a block of games lies in a file: what a worker needs to read and check it."""

    index: int
    path: str
    offset: int
    size: int
    first_line: int


def extents(
    paths: Iterable[str], unreadable: Callable[[str, OSError], None] | None = None
) -> Iterator[Extent]:
    """The blocks of each file, as extents; a file that cannot be read goes to ``unreadable``."""
    for index, path in enumerate(paths):
        try:
            with open(path, "rb") as handle:
                found = [
                    Extent(index, path, block.offset, len(block.data), block.first_line)
                    for block in blocks(handle, BLOCK_SIZE)
                ]
        except OSError as error:
            if unreadable is not None:
                unreadable(path, error)
            continue
        yield from found


def _check_extent(extent: Extent, options: Mapping[str, str] | None) -> FileReport:
    """Read one block on a worker and check it."""
    with open(extent.path, "rb") as handle:
        handle.seek(extent.offset)
        data = handle.read(extent.size)
    return check_block(Block(data, extent.first_line, extent.offset), extent.path, options)


def check_on_cluster(
    paths: Iterable[str],
    client: Any,
    options: Mapping[str, str] | None = None,
    unreadable: Callable[[str, OSError], None] | None = None,
) -> list[FileReport]:
    """The report of each readable file, in the order of ``paths``, checked by the workers of
    the Dask ``client``'s cluster (a ``dask.bag`` of block extents, one partition each)."""
    import dask.bag

    found = list(extents(paths, unreadable))
    if not found:
        return []
    bag = dask.bag.from_sequence(found, npartitions=len(found))
    reports = bag.map(_check_extent, options=dict(options) if options else None).compute(
        scheduler=client.get
    )
    joined: list[FileReport] = []
    start = 0
    for end in range(1, len(found) + 1):
        if end == len(found) or found[end].index != found[start].index:
            joined.append(join(found[start].path, reports[start:end]))
            start = end
    return joined


def client_for(address: str) -> Any:
    """A Dask client: of the scheduler at ``address``, or of a new cluster of this machine's
    cores when ``address`` is ``local``."""
    from dask.distributed import Client

    if address == "local":
        # The client starts the cluster itself, so that closing the client closes the cluster
        # with it, workers first: a cluster left to the interpreter's exit can be torn down
        # while its workers still send heartbeats, which print tracebacks on the way out.  Even
        # so a worker's last heartbeat can meet the closed scheduler and log its traceback: the
        # cluster's own logs are silenced but for the critical, since a check's failure on a
        # worker comes back to the client as its error, and nothing else they say is the user's.
        return Client(processes=True, dashboard_address=None, silence_logs=logging.CRITICAL)
    return Client(address)
