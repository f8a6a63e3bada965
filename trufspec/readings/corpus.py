"""The readings of many files, and how often each ambiguity mattered across their games.

Files are read a block of games at a time and the blocks shared out to processes by the
check's own machinery (:func:`trufspec.batch.map_paths`), so a club's season is replayed under
every reading on every core, and the files come back in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial

import attrs
from attrs import frozen

from trufspec.api import decode
from trufspec.batch import PARALLEL_FROM, Work, map_paths
from trufspec.jsonrecords import point, read_json
from trufspec.readings.model import LEGALITY, SCORE, WINNER, FileReadings
from trufspec.readings.replay import LIMIT, readings_parsed, readings_text
from trufspec.rulesets import RULESETS
from trufspec.spec.registry import default_registry

__all__ = ["AmbiguityCount", "Summary", "block_readings", "readings_paths", "summarise"]

READINGS_PARALLEL_FROM = PARALLEL_FROM // 16
"""Bytes of input from which other processes are started: a game is replayed some ten to two
hundred times, so the start of a pool pays off on far less input than for a check."""


def readings_paths(
    paths: Iterable[str],
    options: Mapping[str, str] | None = None,
    *,
    limit: int = LIMIT,
    jobs: int = 1,
    unreadable: Callable[[str, OSError], None] | None = None,
    input_format: str = "auto",
) -> Iterator[FileReadings]:
    """The readings of each file of ``paths`` that can be read, in order (``-`` is standard
    input); a file that cannot be read goes to ``unreadable`` with the error."""
    function = partial(block_readings, options=dict(options) if options else None, limit=limit)
    for path, parts in map_paths(
        paths,
        function,
        jobs=jobs,
        unreadable=unreadable,
        parallel_from=READINGS_PARALLEL_FROM,
        input_format=input_format,
    ):
        yield _join(path, parts)


def block_readings(item: Work, options: Mapping[str, str] | None, limit: int) -> FileReadings:
    _, path, block = item
    text, problem = decode(block.data, path, block.first_line, block.offset)
    if problem is not None:
        return FileReadings(path, (), (problem,))
    if not block.json:
        return readings_text(text, path, options, block.first_line, limit)
    parsed = read_json(text, path)
    found = readings_parsed(parsed, path, options, limit)
    return attrs.evolve(found, diagnostics=point(found.diagnostics, parsed.games))


def _join(path: str, parts: list[FileReadings]) -> FileReadings:
    """The readings of a file from those of its blocks; a file with a block that is not text
    is not text, as for the check."""
    unreadable = [d for part in parts for d in part.diagnostics if d.code == "REC002"]
    if unreadable:
        return FileReadings(path, (), (unreadable[0],))
    games = tuple(game for part in parts for game in part.games)
    return FileReadings(path, games, tuple(d for part in parts for d in part.diagnostics))


@frozen
class AmbiguityCount:
    """How many of the ``games`` replayed under the readings of one ambiguity had their
    findings (``legality``), a score or total (``score``) or the winner changed by it, among
    the readings the record does not rule out; and how many records ruled out one of its
    readings (``ruled_out``: the table did not play so)."""

    ruleset: str
    ambiguity: str
    title: str
    games: int
    legality: int
    score: int
    winner: int
    ruled_out: int = 0


@frozen
class Summary:
    """The games of a corpus: how many were replayed, how many could not be, and the count of
    every ambiguity of the rulesets they play, in register order."""

    files: int
    games: int
    skipped: int
    counts: tuple[AmbiguityCount, ...]


def summarise(files: Iterable[FileReadings]) -> Summary:
    """Count, for each ambiguity, the games whose result it changed."""
    registry = default_registry()
    tallies: dict[str, list[int]] = {}
    number_of_files = number_of_games = skipped = 0
    for file in files:
        number_of_files += 1
        for game in file.games:
            number_of_games += 1
            if game.skipped is not None:
                skipped += 1
                continue
            depends = game.depends_on
            out = {c.ambiguity for d in game.ruled_out for c in d.changes}
            for tried in game.tried:
                tally = tallies.setdefault(tried.ambiguity, [0, 0, 0, 0, 0])
                tally[0] += 1
                for position, kind in enumerate((LEGALITY, SCORE, WINNER), start=1):
                    tally[position] += tried.ambiguity in depends.get(kind, ())
                tally[4] += tried.ambiguity in out
    counts = tuple(
        AmbiguityCount(name, a.id, a.title, *tallies[a.id])
        for name in RULESETS
        for a in registry.ambiguities_of(name)
        if a.id in tallies
    )
    return Summary(number_of_files, number_of_games, skipped, counts)
