"""The engine against an earlier revision of itself, side by side in one run.

A change to the engine (the play of tricks the validator replays and the referee plays, resuming
from a record, undo, a hosted action) must not make what people run slower.  This script
measures both trees on the same inputs in the same run, alternating between them so that a
machine that slows down during the run slows both:

* the full check of fully recorded truf-jb deals (``trufspec.check_text``, one core, in the
  process), as deals per second and as a ratio to ``json.loads`` of the same records in JSON;
* ``resume`` of a whole truf-de game of eight deals from its record (a value, as the service
  and the terminal game hold it), per game;
* ``undo`` of the last card of a deal and applying it again, per pair;
* a hosted action (``Host.act`` on a SQLite store, a truf-jb table with its state kept by the
  worker), processor time per action at deals 2 to 3 of the table.

Every figure is processor time of the measuring process, the best of ``--repeat`` runs.  The
baseline is a revision of this repository (default ``HEAD``), laid out in a temporary
directory with ``git worktree``; each tree is measured in a process of its own whose
``sys.path`` starts with that tree.  Run from the repository root::

    python benchmarks/engine.py [--baseline REV] [--deals 2000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

BEST = r"""
def best(work, count):
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times) / count
"""
"""The best time per item of ``work`` (``count`` items) over ``repeat`` runs, each after a
collection: the measure of the measuring scripts, here and in ``benchmarks/builds.py``."""

HOSTED = r"""
folder = tempfile.mkdtemp()
host = Host(open_store(str(Path(folder) / "games.sqlite")))
created = host.create(NewGame(ruleset="truf-jb", players=list(PLAYERS), seed=3))
table = created.tokens.table
rng = random.Random(3)


def act(count):
    for _ in range(count):
        view = host.view(created.id, table, None, False, 0, 100)
        legal = view.legal_actions.items
        seat = view.to_act[0]
        host.act(created.id, table, ActionRequest(action=rng.choice(legal), seat=seat))


# The table's record holds the whole game in early revisions, the deal being played in later
# ones: either way, the second deal has begun once it shows a deal numbered 2.
for _ in range(1000):
    act(1)
    view = host.view(created.id, table, None, False, 0, 1)
    if re.search(r"^deal 2\b", view.record, re.M):
        break
else:
    raise SystemExit("the hosted game did not reach its second deal in 1,000 actions")
start = time.process_time()
act(150)
figures["hosted_action"] = (time.process_time() - start) / 150
"""
"""A hosted action's processor time (``Host.act`` on a SQLite store, a truf-jb table with its
state kept by the worker) at deals 2 to 3, in ``figures["hosted_action"]``: needs ``Host``,
``open_store``, ``ActionRequest``, ``NewGame`` and ``PLAYERS``; shared with
``benchmarks/builds.py``."""

MEASURE = (
    r"""
import gc, json, random, re, sys, tempfile, time
from pathlib import Path

corpus, as_json, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3])
import trufspec
from trufspec import check_text, loads
from trufspec.referee import new_game, resume
from trufspec.serve.games import Host
from trufspec.serve.models import ActionRequest, NewGame
try:
    from trufspec.serve.database import open_store
except ImportError:  # a revision whose store module opened the stores itself
    try:
        from trufspec.serve.store import open_store
    except ImportError:  # a revision from before the action log, whose store is one class
        from trufspec.serve.store import Store as open_store

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")

"""
    + BEST
    + r"""


text = Path(corpus).read_text(encoding="utf-8")
data = Path(as_json).read_text(encoding="utf-8")
deals = text.count("\ndeal ")
figures = {"tree": str(Path(trufspec.__file__).resolve().parent.parent)}
figures["check_per_deal"] = best(lambda: check_text(text), deals)
figures["json_per_deal"] = best(lambda: json.loads(data), deals)

game = new_game("truf-de", PLAYERS, seed=11)
rng = random.Random(11)
while game.deal_number < 8 or not game.is_deal_over:
    game.apply(rng.choice(game.legal_actions()))
record = game.record()
figures["resume_per_game"] = best(lambda: resume(record, seed=11), 1)

state = new_game("truf-jb", PLAYERS, seed=5)
rng = random.Random(5)
while not (state.phase == "play" and state.table is not None and len(state.table.done) == 12):
    state.apply(rng.choice(state.legal_actions()))


def undo_and_redo(count=200):
    for _ in range(count):
        action = state.undo()
        state.apply(action)


figures["undo_per_pair"] = best(undo_and_redo, 200)

"""
    + HOSTED
    + r"""print(json.dumps(figures))
"""
)


def generate(deals: int, seed: int, folder: Path) -> tuple[Path, Path]:
    """The corpus of the check: ``deals`` truf-jb deals as a record, and as JSON."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from run import as_json, render_games
    from run import generate as games

    made = games(deals, seed)
    corpus, data = folder / "corpus.truf", folder / "corpus.json"
    corpus.write_text(render_games(made), encoding="utf-8")
    data.write_text(as_json(made), encoding="utf-8")
    return corpus, data


def measure(tree: Path, corpus: Path, data: Path, repeat: int) -> dict[str, Any]:
    """The figures of the trufspec in ``tree``, measured in a process of its own."""
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, str(corpus), str(data), str(repeat)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
    ).stdout
    figures: dict[str, Any] = json.loads(out.splitlines()[-1])
    if Path(figures["tree"]) != tree.resolve():
        raise SystemExit(f"measured {figures['tree']}, not {tree}: is trufspec installed there?")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default="HEAD", help="the revision to compare with")
    parser.add_argument("--deals", type=int, default=2000, help="deals in the check's corpus")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measure, the best")
    parser.add_argument("--rounds", type=int, default=2, help="alternations between the trees")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        baseline = folder / "baseline"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--quiet", str(baseline), args.baseline],
            cwd=ROOT,
            check=True,
        )
        try:
            corpus, data = generate(args.deals, 0, folder)
            trees = {"baseline": baseline, "this tree": ROOT}
            runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
            for _ in range(args.rounds):
                for name, tree in trees.items():
                    runs[name].append(measure(tree, corpus, data, args.repeat))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(baseline)], cwd=ROOT)
    report(args, runs)


def report(args: argparse.Namespace, runs: dict[str, list[dict[str, Any]]]) -> None:
    """The table: each figure's best for each tree, and this tree's against the baseline."""
    best: Callable[[str, str], float] = lambda name, key: min(r[key] for r in runs[name])  # noqa: E731
    rows = [
        ("full check, deals/s", "check_per_deal", lambda s: 1 / s),
        ("full check / json.loads", "check_per_deal", None),
        ("resume, 8-deal truf-de game, ms", "resume_per_game", lambda s: s * 1000),
        ("undo + apply, µs", "undo_per_pair", lambda s: s * 1e6),
        ("hosted action, ms of processor", "hosted_action", lambda s: s * 1000),
    ]
    print(f"baseline {args.baseline}; {args.deals} deals; best of {args.repeat} x {args.rounds}")
    print(f"{'figure':<34}{'baseline':>12}{'this tree':>12}{'change':>10}")
    for label, key, shown in rows:
        if shown is None:
            old = best("baseline", key) / best("baseline", "json_per_deal")
            new = best("this tree", key) / best("this tree", "json_per_deal")
        else:
            old, new = shown(best("baseline", key)), shown(best("this tree", key))
        better = new / old if key == "check_per_deal" and shown is not None else old / new
        print(f"{label:<34}{old:>12.2f}{new:>12.2f}{better:>9.2f}x")
    print("change: how many times faster this tree is (above 1: faster)")


if __name__ == "__main__":
    main()
