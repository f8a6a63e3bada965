"""How fast trufspec checks large corpora, next to floors measured in the same run on the same bytes.

For each corpus size (default 1,000, 10,000 and 100,000 fully recorded four-player truf-jb deals,
in games of ten deals, played by the truf-jb oracle of the test suite) it prints:

* the floors: reading the file and cutting every line into tokens with one regular expression
  (``re.findall``), and ``json.loads`` of the same records written as JSON;
* parse only (``trufspec.loads``) and the full check (parse, record checks, replay and scores)
  on one core, in the process (``trufspec.batch.check_paths`` with ``jobs=1``);
* the full check as users run it, ``trufspec check --jobs N`` in a fresh process, for one core
  and for every core, with the peak resident memory of that process (the best time of as many
  runs as the in-process timings: one at 100,000 deals);
* ratios: full check / regex floor, full check / JSON floor, time per deal across sizes
  (linear time keeps it flat), and the speed-up from one core to all;
* where the time goes: the share of parsing in the full check, the rest being the record
  checks, the replay and the scores (profile either side with ``python -m cProfile``).

Ratios are what compare across machines.  The figures are printed, never asserted: speed is a
benchmark's business, not a unit test's.  Run from the repository root::

    python benchmarks/run.py [--sizes 1000 10000 100000] [--seed 0] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
try:
    import trufspec
except ImportError:  # running from a checkout that is not installed
    sys.path.insert(0, str(ROOT))
    import trufspec

sys.path.insert(
    0, str(ROOT / "tests" / "support")
)  # the truf-jb oracle of the test suite draws the games
from oracle_truf_jb import GeneratedGame, random_game, render_games  # noqa: E402

from trufspec.batch import check_paths  # noqa: E402
from trufspec.diagnostics import Severity  # noqa: E402

# What the other benchmark scripts import from this one.
__all__ = ["best_of", "command", "generate", "render_games"]

TOKEN = re.compile(r"(?:10|[2-9TJQKA])[SHDC]|[^\s]+")
PER_GAME = 10
SMALL_RECORD = ROOT / "records" / "truf-jb" / "notation-example.truf"


def generate(deals: int, seed: int) -> list[GeneratedGame]:
    """Legal games of ten deals (the last one shorter) adding up to ``deals`` deals."""
    rng = random.Random(seed)
    games: list[GeneratedGame] = []
    left = deals
    while left > 0:
        count = min(PER_GAME, left)
        games.append(
            random_game(rng, 4, None, count, "full", event=f"Benchmark game {len(games) + 1}")
        )
        left -= count
    return games


def as_json(games: list[GeneratedGame]) -> str:
    """The same records as JSON: every fact the notation writes, one object per deal."""

    def cards(cs: list[Any]) -> list[str]:
        return [str(c) for c in cs]

    return json.dumps(
        [
            {
                "players": list(game.players),
                "deals": [
                    {
                        "number": deal.number,
                        "hands": {p: cards(h) for p, h in deal.hands.items()},
                        "bids": [
                            {"player": b.player, "cards": cards(b.cards), "value": b.value}
                            for b in deal.bids
                        ],
                        "contract": {
                            "winner": deal.winner,
                            "trump": deal.trump,
                            "mode": deal.mode_word,
                        },
                        "play": [
                            {"leader": t.leader, "cards": cards(t.cards)} for t in deal.tricks
                        ],
                        "tricks": deal.taken,
                        "score": deal.scores,
                        "total": deal.totals,
                    }
                    for deal in game.deals
                ],
            }
            for game in games
        ]
    )


def regex_floor(path: str) -> int:
    """Read the file and cut every line into tokens: about the least any reader must do."""
    findall = TOKEN.findall
    with open(path, encoding="utf-8") as handle:
        return sum(len(findall(line)) for line in handle)


def best_of(repeat: int, work: Callable[[], Any]) -> tuple[float, Any]:
    """The best time of ``repeat`` runs, and what the last one gave.  Each run starts clean: the
    result of the run before is dropped, and earlier garbage collected, before the clock starts."""
    best, result = float("inf"), None
    for _ in range(repeat):
        result = None
        gc.collect()
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def command(path: str, jobs: int) -> tuple[float, float, int]:
    """``trufspec check --jobs N`` in a fresh process: seconds, peak resident MB, exit status."""
    script = (
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "done = subprocess.run([sys.executable, '-m', 'trufspec', 'check', '--jobs', sys.argv[2], sys.argv[1]],"
        " stdout=subprocess.DEVNULL)\n"
        "seconds = time.perf_counter() - start\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "print(seconds, peak, done.returncode)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, path, str(jobs)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.split()
    return float(out[0]), int(out[1]) / 1024, int(out[2])


def measure(deals: int, seed: int, repeat: int, cores: int, folder: str) -> dict[str, float]:
    start = time.perf_counter()
    games = generate(deals, seed)
    text = render_games(games)
    path = os.path.join(folder, f"corpus-{deals}.truf")
    Path(path).write_text(text, encoding="utf-8")
    document = as_json(games)
    # Only the totals are kept to check the check against: the generated games are a large heap
    # of their own, which the cycle collector would walk again and again during the timings.
    expected = [[deal.totals for deal in game.deals] for game in games]
    del games
    generated = time.perf_counter() - start
    megabytes = os.path.getsize(path) / 1e6
    print(
        f"\n{deals} deals in {len(expected)} games: {megabytes:.1f} MB, {text.count(chr(10))} lines (generated in {generated:.0f} s)"
    )

    times: dict[str, float] = {}
    times["regex floor"], _ = best_of(repeat, lambda: regex_floor(path))
    times["json.loads floor"], _ = best_of(repeat, partial(json.loads, document))
    del document
    heavy = max(1, repeat if deals <= 10_000 else 1)
    times["parse only"], parsed = best_of(heavy, partial(trufspec.loads, text, path))
    games_read = len(parsed.games)
    del parsed, text
    times["full check, 1 core"], reports = best_of(heavy, lambda: list(check_paths([path], jobs=1)))
    report = reports[0]
    problems = [d for d in report.diagnostics if d.severity in (Severity.ERROR, Severity.WARNING)]
    wrong = sum(
        1 for totals, r in zip(expected, report.games) if [d.totals for d in r.deals] != totals
    )
    if games_read != len(expected) or problems or wrong:
        print(
            f"  WARNING: {games_read} games read, {len(problems)} problems, {wrong} games with other totals"
        )
    del reports, report, expected

    rows = list(times.items())
    peaks = {}
    for jobs in sorted({1, cores}):
        # The best of as many runs as the in-process timings, and the highest peak among them.
        runs = [command(path, jobs) for _ in range(heavy)]
        seconds, peak, status = (
            min(r[0] for r in runs),
            max(r[1] for r in runs),
            max(r[2] for r in runs),
        )
        label = f"trufspec check --jobs {jobs}"
        rows.append((label, seconds))
        times[label] = seconds
        peaks[label] = peak
        if status != 0:
            print(f"  WARNING: {label} exited {status}")
    floor = times["regex floor"]
    print(f"  {'':30} {'seconds':>8} {'deals/s':>9} {'MB/s':>7} {'x floor':>8} {'peak MB':>8}")
    for label, seconds in rows:
        peak_text = f"{peaks[label]:8.0f}" if label in peaks else ""
        print(
            f"  {label:30} {seconds:8.3f} {deals / seconds:9.0f} {megabytes / seconds:7.2f} "
            f"{seconds / floor:8.1f} {peak_text}"
        )
    full = times["full check, 1 core"]
    parse = times["parse only"]
    print(
        f"  where the full check's time goes: parsing {parse / full:.0%}, record checks, replay and scores {1 - parse / full:.0%}"
    )
    print(f"  full check / json.loads floor: {full / times['json.loads floor']:.1f}x")
    if cores > 1:
        one, many = times["trufspec check --jobs 1"], times[f"trufspec check --jobs {cores}"]
        print(f"  speed-up from 1 to {cores} cores: {one / many:.2f}x")
    return {"deals": deals, "full": full, **{f"peak {k}": v for k, v in peaks.items()}}


def start_up(repeat: int) -> float:
    """The best time of ``trufspec check`` on one small record, process start included."""
    best, _ = best_of(
        repeat,
        lambda: subprocess.run(
            [sys.executable, "-m", "trufspec", "check", str(SMALL_RECORD)],
            stdout=subprocess.DEVNULL,
            check=True,
        ),
    )
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000], help="deals per corpus"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the generator (default 0)")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of each in-process measurement; the best counts"
    )
    args = parser.parse_args(argv)
    if min(args.sizes) < 1 or args.repeat < 1:
        parser.error("sizes and --repeat must be positive")
    cores = os.cpu_count() or 1
    print(f"trufspec {trufspec.__version__}, Python {sys.version.split()[0]}, {cores} cores")
    print(
        f"a small record checked from the command line: {start_up(args.repeat):.2f} s, process start included"
    )
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for deals in sorted(args.sizes):
            results.append(measure(deals, args.seed, args.repeat, cores, folder))
    if len(results) > 1:
        print("\ntime per deal of the full check (linear time keeps these equal):")
        base = results[0]
        for result in results:
            per_deal = result["full"] / result["deals"] * 1e6
            growth = (result["full"] / base["full"]) / (result["deals"] / base["deals"])
            print(
                f"  {result['deals']:>7} deals: {per_deal:7.0f} us a deal, {growth:.2f}x the per-deal time of {base['deals']}"
            )
    print(
        f"\n(peak resident memory of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
