"""How trufspec copes with pathological sizes: time per game as a file doubles, a 50 MB file,
and lines of 5 MB.

* **Doubling**: the sample games of every ruleset (one complete game each), then 2, 4 ... 32
  copies of them in one file, checked in the process: the processor time per copy stays flat
  when the check is linear (``tests/test_sizes.py`` asserts the same of the calls made).
* **A large file**: the sample games repeated into a file of ``--megabytes`` (default 50),
  checked as users run it, ``trufspec check --jobs 1``, with its time and peak memory.
* **Long lines**: a record with one line of 5 MB of each kind (a tag value, a comment, a name,
  a number, garbage, and runs of one card repeated, which break a rule at every card), each
  checked by the command, with its time, peak memory and number of diagnostics.

The figures are printed, never asserted.  Run from the repository root::

    python benchmarks/sizes.py [--megabytes 50]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import command

import trufspec

ROOT = Path(__file__).resolve().parent.parent
GAMES = [
    "truf-jb/club-night-2027-03-05.truf",
    "truf-basics/club-night-2027-03-20.truf",
    "truf-de/club-night-2026-10-09.truf",
    "ruff-and-honours/club-night-2026-10-06.truf",
    "tromplemond/club-night-2026-10-08.truf",
]
HEAD = '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]\ndeal 1\n'
LINE = 5_000_000
LINES = {
    "tag value": '[Event "' + "e" * LINE + '"]\n' + HEAD,
    "unclosed tag value": '[Event "' + "e" * LINE + "\n" + HEAD,
    "comment": HEAD + "; " + "c" * LINE + "\n",
    "name": HEAD + "dealer " + "A" * LINE + "\n",
    "number": HEAD + "total Ana " + "9" * LINE + "\n",
    "garbage": HEAD + "x " * (LINE // 2) + "\n",
    "one card, in a hand": HEAD + "hands\n  Ana: " + "AS " * (LINE // 3) + "\n",
    "one card, in a trick": HEAD + "play\n   1. Ana: " + "AS " * (LINE // 3) + "\n",
    "one name, in a total": HEAD + "total " + "Ana 1 " * (LINE // 6) + "\n",
}


def doubling(base: str) -> None:
    print("copies  games  MB     s/copy  (processor time, in the process)")
    trufspec.check_text(base, "warm.truf")
    for doublings in range(6):
        copies = 2**doublings
        text = "\n".join([base] * copies)
        start = time.process_time()
        report = trufspec.check_text(text, "big.truf")
        seconds = time.process_time() - start
        print(
            f"{copies:>6}  {len(report.games):>5}  {len(text) / 1e6:5.1f}  {seconds / copies:.4f}"
        )


def large_file(base: str, megabytes: int, folder: str) -> None:
    path = Path(folder) / "large.truf"
    copies = megabytes * 1_000_000 // len(base) + 1
    path.write_text("\n".join([base] * copies), encoding="utf-8")
    seconds, peak, status = command(str(path), 1)
    size = path.stat().st_size / 1e6
    print(
        f"\n{size:.0f} MB file ({copies * len(GAMES)} games): trufspec check --jobs 1 took {seconds:.0f} s,"
        f" peak memory {peak:.0f} MB, exit status {status}"
    )
    path.unlink()


def long_lines(folder: str) -> None:
    print("\nline of 5 MB           s      peak MB  diagnostics")
    for name, text in LINES.items():
        path = Path(folder) / "line.truf"
        path.write_text(text, encoding="utf-8")
        seconds, peak, status = command(str(path), 1)
        count = len(trufspec.check_text(text, "line.truf").diagnostics)
        print(f"{name:<22} {seconds:5.1f}  {peak:7.0f}  {count:>11}  (exit {status})")
        path.unlink()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--megabytes", type=int, default=50, help="size of the large file (default 50)"
    )
    args = parser.parse_args(argv)
    base = "\n".join((ROOT / "records" / name).read_text(encoding="utf-8") for name in GAMES)
    doubling(base)
    with tempfile.TemporaryDirectory() as folder:
        large_file(base, args.megabytes, folder)
        long_lines(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
