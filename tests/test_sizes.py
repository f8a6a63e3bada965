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
from functools import partial
from typing import Any

import pytest
from samples import ONE_PER_RULESET, RECORDS

import trufspec
from trufspec.diagnostics import PER_LINE
from trufspec.validator.report import FileReport


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


@pytest.mark.slow
def test_the_work_per_game_stays_flat_as_a_file_doubles_five_times() -> None:
    """A file of the sample games of every ruleset, then twice, four times... 32 times as
    long: the calls per copy may fall (caches warm up) but never rise."""
    base = "\n".join((RECORDS / name).read_text(encoding="utf-8") for name in ONE_PER_RULESET)
    trufspec.check_text(base, "warm.truf")
    per_copy = []
    for doubling in range(6):
        copies = 2**doubling
        text = "\n".join([base] * copies)
        report = trufspec.check_text(text, "big.truf")
        assert len(report.games) == len(ONE_PER_RULESET) * copies
        per_copy.append(calls(partial(trufspec.check_text, text, "big.truf")) / copies)
    assert max(per_copy[1:]) <= per_copy[0] * 1.02, per_copy


def checked(text: str) -> tuple[FileReport, int]:
    """The report of ``text`` and the peak of the memory allocated to make it, in bytes."""
    tracemalloc.start()
    try:
        report = trufspec.check_text(text, "long.truf")
        return report, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


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
    report, peak = checked(text)
    assert report.diagnostics
    assert peak < 12 * len(text), f"{peak / 1e6:.0f} MB for a {len(text) / 1e6:.0f} MB line"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("line", "code"),
    [
        pytest.param("hands\n  Ana: " + "AS " * 200_000, "REC013", id="one card, in a hand"),
        pytest.param("total " + "Ana 1 " * 100_000, "REC011", id="one name, in a total line"),
        pytest.param(
            "total " + " ".join(f"P{n} 1" for n in range(100_000)),
            "REC010",
            id="a hundred thousand names",
        ),
    ],
)
def test_a_line_that_breaks_a_clause_at_every_token_reports_it_twenty_times(
    line: str, code: str
) -> None:
    """Found by a 5 MB line of one card, which made a diagnostic of every card and ran the
    command out of memory (4 GB) rendering them."""
    text = HEAD + line + "\n"
    report, peak = checked(text)
    flooded = [d for d in report.diagnostics if d.code == code]
    assert len(flooded) == PER_LINE
    assert {d.span.line for d in flooded} == {text.count("\n")}
    # Every token is an object with a position: tens of bytes for each byte of the line.
    assert peak < 100 * len(text), f"{peak / 1e6:.0f} MB for a {len(text) / 1e6:.1f} MB line"
