"""Pathological sizes: the work of a check grows with the file and no faster, and a line of
megabytes is read to diagnostics in memory of the order of its size.

Work is counted, not timed: the Python function calls a check makes (``sys.setprofile``),
which a shared machine cannot disturb.  Times and the memory of files of tens of megabytes are
measured by ``python benchmarks/sizes.py``.
"""

from __future__ import annotations

import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import trufspec
from trufspec.diagnostics import PER_LINE

RECORDS = Path(__file__).resolve().parent.parent / "records"

GAMES = [
    "truf-jb/club-night-2027-03-05.truf",
    "truf-basics/club-night-2027-03-20.truf",
    "truf-de/score-sheet-2026-11-14.truf",
    "ruff-and-honours/club-night-2026-10-06.truf",
    "tromplemond/club-night-2026-10-08.truf",
]


def calls(work: Callable[[], Any]) -> int:
    """The Python and C function calls made by ``work``."""
    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


def test_the_work_per_game_stays_flat_as_a_file_doubles_five_times() -> None:
    """A file of the sample games of every ruleset, then twice, four times... 32 times as
    long: the calls per copy may fall (caches warm up) but never rise."""
    base = "\n".join((RECORDS / name).read_text(encoding="utf-8") for name in GAMES)
    trufspec.check_text(base, "warm.truf")
    per_copy = []
    for doubling in range(6):
        copies = 2**doubling
        text = "\n".join([base] * copies)
        report = trufspec.check_text(text, "big.truf")
        assert len(report.games) == len(GAMES) * copies
        per_copy.append(calls(lambda: trufspec.check_text(text, "big.truf")) / copies)
    assert max(per_copy[1:]) <= per_copy[0] * 1.02, per_copy


HEAD = '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]\ndeal 1\n'
MEGABYTES = 5_000_000


@pytest.mark.parametrize(
    "line",
    [
        pytest.param('[Event "' + "e" * MEGABYTES + '"]', id="tag value"),
        pytest.param("; " + "c" * MEGABYTES, id="comment"),
        pytest.param("{" + "c" * MEGABYTES, id="unclosed brace comment"),
        pytest.param("x" * MEGABYTES, id="one word"),
        pytest.param("dealer " + "A" * MEGABYTES, id="name"),
        pytest.param('dealer "' + "A" * MEGABYTES + '"', id="quoted name"),
        pytest.param("total Ana " + "9" * MEGABYTES, id="number"),
    ],
)
def test_a_five_megabyte_line_gives_diagnostics_in_memory_of_its_order(line: str) -> None:
    text = HEAD + line + "\n" if not line.startswith("[") else line + "\n" + HEAD
    tracemalloc.start()
    try:
        report = trufspec.check_text(text, "long.truf")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report.diagnostics
    assert peak < 12 * len(text), f"{peak / 1e6:.0f} MB for a {len(text) / 1e6:.0f} MB line"


@pytest.mark.parametrize(
    ("line", "code"),
    [
        pytest.param("hands\n  Ana: " + "AS " * 200_000, "REC013", id="one card, in a hand"),
        pytest.param("total " + "Ana 1 " * 100_000, "REC011", id="one name, in a total line"),
        pytest.param("total " + " ".join(f"P{n} 1" for n in range(100_000)), "REC010", id="a hundred thousand names"),
    ],
)
def test_a_line_that_breaks_a_clause_at_every_token_reports_it_twenty_times(line: str, code: str) -> None:
    """Found by a 5 MB line of one card, which made a diagnostic of every card and ran the
    command out of memory (4 GB) rendering them."""
    text = HEAD + line + "\n"
    tracemalloc.start()
    try:
        report = trufspec.check_text(text, "flood.truf")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    flooded = [d for d in report.diagnostics if d.code == code]
    assert len(flooded) == PER_LINE
    assert {d.span.line for d in flooded} == {text.count("\n")}
    # Every token is an object with a position: tens of bytes for each byte of the line.
    assert peak < 100 * len(text), f"{peak / 1e6:.0f} MB for a {len(text) / 1e6:.1f} MB line"
