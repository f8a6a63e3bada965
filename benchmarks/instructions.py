"""Count the machine instructions trufspec spends per deal, under Valgrind's callgrind.

Timings on a shared machine move by a fifth from one minute to the next, which hides the
change a small optimisation makes.  An instruction count does not move: run this on two
versions of the code and compare.  It also says what part of the work is building objects
(the ``__init__`` of Python classes, nearly all of them the frozen records) and matching
regular expressions, which a Python profiler cannot see.

For each stage (``parse``: :func:`trufspec.loads`; ``check``: :func:`trufspec.check_text`)
it runs Python under callgrind twice, side by side, doing the stage once and three times after
the same start-up, and divides the difference by the deals read.  Valgrind runs code about fifty times
slower, so the corpus is small: 200 fully recorded four-player truf-jb deals by default.
Needs ``valgrind`` and ``callgrind_annotate`` on the PATH.  Run from the repository root::

    python benchmarks/instructions.py [--deals 200] [--seed 1] [--stage parse check]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import generate, render_games  # noqa: E402

CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
import trufspec
text = open(sys.argv[2], encoding="utf-8").read()
stage = trufspec.loads if sys.argv[3] == "parse" else trufspec.check_text
trufspec.check_text(text)  # the same start-up for both runs: imports, caches
for _ in range(int(sys.argv[4])):
    stage(text)
"""

PARTS = {
    "building objects": "slot_tp_init",
    "regular expressions": "_sre_SRE_Pattern_match",
}
"""What the figures break down, by the C function of CPython that does it (inclusive)."""


def counts(path: str, stage: str, times: int, folder: str) -> dict[str, int]:
    """Instructions of the whole run, and inclusive in each of :data:`PARTS`."""
    out = os.path.join(folder, f"callgrind-{stage}-{times}.out")
    subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            "-c",
            CHILD,
            str(ROOT),
            path,
            stage,
            str(times),
        ],
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    listing = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", out], check=True, capture_output=True, text=True
    ).stdout
    found = {"total": _figure(listing, r"PROGRAM TOTALS")}
    for part, function in PARTS.items():
        found[part] = _figure(listing, rf":{re.escape(function)} ")
    return found


def _figure(listing: str, pattern: str) -> int:
    for line in listing.splitlines():
        if re.search(pattern, line):
            return int(line.split()[0].replace(",", ""))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--stage", nargs="+", choices=("parse", "check"), default=["parse", "check"]
    )
    args = parser.parse_args(argv)
    missing = [tool for tool in ("valgrind", "callgrind_annotate") if shutil.which(tool) is None]
    if missing:
        print(
            f"this benchmark needs {' and '.join(missing)} (Valgrind) on the PATH", file=sys.stderr
        )
        return 2
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "corpus.truf")
        Path(path).write_text(render_games(generate(args.deals, args.seed)), encoding="utf-8")
        print(f"{args.deals} deals, Python {sys.version.split()[0]}, instructions per deal:")
        for stage in args.stage:
            with ThreadPoolExecutor(2) as pool:  # the two runs side by side, on two cores
                once, thrice = pool.map(partial(counts, path, stage, folder=folder), (1, 3))
            per_deal = {key: (thrice[key] - once[key]) / 2 / args.deals for key in once}
            total = per_deal["total"]
            shares = ", ".join(f"{part} {per_deal[part] / total:.0%}" for part in PARTS)
            print(f"  {stage:6} {total:12,.0f}   ({shares})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
