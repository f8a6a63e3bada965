"""How fast trufspec reads and checks records, next to the floor of merely tokenizing them.

Generates (seeded) a file of fully recorded four-player truf-jb deals with the independent game
generator of the test suite (``tests/truf_games.py``, its plain-Python core, no Hypothesis),
then times, best of three, on the same bytes:

* the floor: ``re.findall(r"(?:10|[2-9TJQKA])[SHDC]|[^\\s]+", line)`` over every line, about the
  least any reader of the notation must do;
* parse only: ``trufspec.loads`` (syntax and the record tree);
* full validation: ``trufspec.check_text`` (parse, record checks, replay of every deal and the
  scores and totals).

Run from the repository root::

    python benchmarks/check.py [--deals 10000] [--seed 0] [--deals-per-game 10] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
try:
    import trufspec
except ImportError:  # running from a checkout that is not installed
    sys.path.insert(0, str(ROOT))
    import trufspec
sys.path.insert(0, str(ROOT / "tests"))

from truf_games import random_game, render_games

from trufspec.diagnostics import Severity

FLOOR = re.compile(r"(?:10|[2-9TJQKA])[SHDC]|[^\s]+")


def generate(deals: int, seed: int, per_game: int):
    """Games of ``per_game`` deals (the last one shorter) adding up to ``deals`` deals."""
    rng = random.Random(seed)
    games = []
    left = deals
    number = 0
    while left > 0:
        number += 1
        count = min(per_game, left)
        games.append(random_game(rng, 4, None, count, "full", event=f"Benchmark game {number}"))
        left -= count
    return games, render_games(games)


def floor(text: str) -> int:
    tokens = 0
    for line in text.splitlines():
        tokens += len(FLOOR.findall(line))
    return tokens


def best_of(repeat: int, run: Callable[[], object]) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals in the file (default 10000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the generator (default 0)")
    parser.add_argument("--deals-per-game", type=int, default=10, help="deals per game (default 10)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement; the best counts")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.deals_per_game < 1 or args.repeat < 1:
        parser.error("--deals, --deals-per-game and --repeat must be positive")

    start = time.perf_counter()
    games, text = generate(args.deals, args.seed, args.deals_per_game)
    generated = time.perf_counter() - start
    size = len(text.encode("utf-8"))
    megabytes = size / 1e6
    print(
        f"{args.deals} four-player truf-jb deals in {len(games)} games, fully recorded: "
        f"{megabytes:.2f} MB, {text.count(chr(10))} lines (seed {args.seed}, generated in {generated:.1f} s)"
    )

    floor_time, tokens = best_of(args.repeat, lambda: floor(text))
    parse_time, parsed = best_of(args.repeat, lambda: trufspec.loads(text, "benchmark.truf"))
    check_time, report = best_of(args.repeat, lambda: trufspec.check_text(text, "benchmark.truf"))

    # The figures only mean something if the work was done and came out right.
    assert len(parsed.games) == len(games), "the parser did not read every game"
    bad = [d for d in report.diagnostics if d.severity in (Severity.ERROR, Severity.WARNING)]
    for game, result in zip(games, report.games):
        if [d.totals for d in result.deals] != [d.totals for d in game.deals]:
            bad.append(f"totals of game at line {result.line} differ from the generator's")
    if bad:
        print(f"WARNING: the check reported {len(bad)} problems in legal games, first: {bad[0]}")

    print(f"best of {args.repeat}:")
    header = f"  {'':34} {'seconds':>8} {'deals/s':>10} {'MB/s':>8} {'x floor':>8}"
    print(header)
    for label, seconds in (
        (f"floor (regex, {tokens} tokens)", floor_time),
        ("parse only (trufspec.loads)", parse_time),
        ("full validation (check_text)", check_time),
    ):
        print(
            f"  {label:34} {seconds:8.3f} {args.deals / seconds:10.0f} "
            f"{megabytes / seconds:8.2f} {seconds / floor_time:8.1f}"
        )
    print(f"  full validation / parse only: {check_time / parse_time:.2f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
