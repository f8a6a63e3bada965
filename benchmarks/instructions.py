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

It measures the source tree of this repository.  With ``--python PATH`` it measures instead
the trufspec installed in the environment of that Python (run from a temporary folder, so that
the source tree does not shadow it): the build compiled with mypyc, say.  ``--where`` adds
where the instructions go, by the code that runs them: the interpreter's loop over bytecode
(pure Python code), trufspec's compiled extension modules, the rest of the interpreter (making
objects, dicts, calls: the C API that compiled and interpreted code both use), the C library,
and other extension modules.
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
if sys.argv[1]:
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


Counts = tuple[dict[str, int], dict[str, int]]
"""A run's figures: the totals of :func:`counts` and the sums of :func:`where`."""


def counts(python: str, tree: str, path: str, stage: str, times: int, folder: str) -> Counts:
    """Instructions of the whole run, inclusive in each of :data:`PARTS`, and exclusive by
    where they run (:func:`where`)."""
    out = os.path.join(folder, f"callgrind-{stage}-{times}.out")
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python, "-c"]
    subprocess.run(
        [*command, CHILD, tree, path, stage, str(times)],
        check=True,
        capture_output=True,
        cwd=folder,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    listing = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", out], check=True, capture_output=True, text=True
    ).stdout
    found = {"total": _figure(listing, r"PROGRAM TOTALS")}
    for part, function in PARTS.items():
        found[part] = _figure(listing, rf":{re.escape(function)} ")
    exclusive = subprocess.run(
        ["callgrind_annotate", "--inclusive=no", "--threshold=100", out],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    # The loop's own instructions are listed under its name, with a mark of recursion ('2) and
    # under the headers whose functions it inlines: all of them are the loop's.
    loop = re.compile(r":_PyEval_EvalFrameDefault(?:'\d+)?(?: |$)")
    bytecode = sum(
        int(line.split()[0].replace(",", ""))
        for line in exclusive.splitlines()
        if loop.search(line)
    )
    return found, where(out, bytecode)


def where(out: str, bytecode: int) -> dict[str, int]:
    """The exclusive instructions of a callgrind output file by where they run: the
    interpreter's bytecode loop (``bytecode``, its own instructions), the rest of the program
    and of ``libpython``, trufspec's extension modules, the C library and other objects.

    callgrind_annotate gives no sum by object file, so the file is read here: ``ob=`` names
    the object of the functions that follow, a cost line gives a position and the instructions
    spent there, and the cost line that follows ``calls=`` is the inclusive cost of a call,
    already counted in the function called."""
    names: dict[str, str] = {}
    spent: dict[str, int] = {}
    current = ""
    after_call = False
    with open(out, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("ob="):
                current = _compressed(line[3:].strip(), names)
            elif line.startswith("calls="):
                after_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_call:
                    after_call = False
                    continue
                fields = line.split()
                if len(fields) > 1:
                    spent[current] = spent.get(current, 0) + int(fields[1])
            elif line.startswith(("cob=", "cfn=", "cfi=", "cfl=")):
                after_call = False
                if line.startswith("cob="):
                    _compressed(line[4:].strip(), names)
    sums = dict.fromkeys(WHERE, 0)
    for obj, instructions in spent.items():
        name = os.path.basename(obj)
        if "__mypyc" in name or "trufspec" in obj:
            sums["compiled trufspec"] += instructions
        elif name.startswith(("python", "libpython")):
            sums["rest of the interpreter"] += instructions
        elif name.startswith(("libc.", "libc-", "libm.", "ld-linux")):
            sums["C library"] += instructions
        else:
            sums["other libraries"] += instructions
    sums["rest of the interpreter"] -= bytecode
    sums["bytecode loop"] = bytecode
    return sums


WHERE = (
    "bytecode loop",
    "compiled trufspec",
    "rest of the interpreter",
    "C library",
    "other libraries",
)
"""The places :func:`where` sums instructions by, in the order they are printed."""


def _compressed(field: str, names: dict[str, str]) -> str:
    """The name of a callgrind ``(id) name`` field, which names an id the first time it is
    given and gives the id alone afterwards."""
    if field.startswith("("):
        key, _, name = field.partition(")")
        name = name.strip()
        if name:
            names[key] = name
        return names.get(key, key)
    return field


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
    parser.add_argument(
        "--python", help="measure the trufspec installed for this Python, not the source tree"
    )
    parser.add_argument("--where", action="store_true", help="where the instructions go")
    args = parser.parse_args(argv)
    missing = [tool for tool in ("valgrind", "callgrind_annotate") if shutil.which(tool) is None]
    if missing:
        print(
            f"this benchmark needs {' and '.join(missing)} (Valgrind) on the PATH", file=sys.stderr
        )
        return 2
    # Absolute, as the runs are made from a temporary folder; not resolved, which would leave
    # the environment.
    python = os.path.abspath(args.python) if args.python else sys.executable
    tree = "" if args.python else str(ROOT)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "corpus.truf")
        Path(path).write_text(render_games(generate(args.deals, args.seed)), encoding="utf-8")
        print(f"{args.deals} deals, Python {sys.version.split()[0]}, instructions per deal:")
        for stage in args.stage:
            with ThreadPoolExecutor(2) as pool:  # the two runs side by side, on two cores
                once, thrice = pool.map(
                    partial(counts, python, tree, path, stage, folder=folder), (1, 3)
                )
            per_deal = {key: (thrice[0][key] - once[0][key]) / 2 / args.deals for key in once[0]}
            total = per_deal["total"]
            shares = ", ".join(f"{part} {per_deal[part] / total:.0%}" for part in PARTS)
            print(f"  {stage:6} {total:12,.0f}   ({shares})")
            if args.where:
                for place in WHERE:
                    spent = (thrice[1][place] - once[1][place]) / 2 / args.deals
                    print(f"         {spent:12,.0f}   {spent / total:4.0%} {place}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
