"""How large the HTML report of 100 fully recorded deals is, and how fast it is written.

The aim the report is held to: a page of 100 full deals under 2 MB, written in under a second
(the time to draw it, on top of the check, which ``benchmarks/run.py`` times).  For each
ruleset, simulated games are played until they hold at least 100 deals (``trufspec simulate``,
every card recorded), checked once, and drawn a few times; the best time is kept, as a single
run on a shared machine can be a third slow.

Run from the repository root: ``python benchmarks/report.py [--deals N] [--runs R]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

try:
    import trufspec
except ImportError:  # a source checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import trufspec

from trufspec.pictures.html import read_source, render_report
from trufspec.simulate import SIMULATORS, simulate

SIZE_LIMIT = 2_000_000
TIME_LIMIT = 1.0


def corpus(ruleset: str, deals: int) -> str:
    """Simulated games of ``ruleset``, recorded card by card, with ``deals`` deals or more."""
    texts: list[str] = []
    count = 0
    for text in simulate(ruleset, 10_000, seed=7):
        texts.append(text)
        count += len(trufspec.loads(text).games[0].deals)
        if count >= deals:
            break
    return "\n".join(texts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    print(
        f"{'ruleset':18} {'deals':>6} {'check s':>8} {'draw s':>7} {'size MB':>8}  within the aims"
    )
    for ruleset in SIMULATORS:
        text = corpus(ruleset, arguments.deals)
        started = time.perf_counter()
        source = read_source(f"{ruleset}.truf", text.encode("utf-8"))
        checked = time.perf_counter() - started
        deals = sum(len(g.deals) for g in source.games)
        best = float("inf")
        for _ in range(arguments.runs):
            started = time.perf_counter()
            page = render_report([source])
            best = min(best, time.perf_counter() - started)
        size = len(page.encode("utf-8"))
        ok = "yes" if size < SIZE_LIMIT and best < TIME_LIMIT else "NO"
        print(f"{ruleset:18} {deals:>6} {checked:>8.3f} {best:>7.3f} {size / 1e6:>8.2f}  {ok}")


if __name__ == "__main__":
    main()
