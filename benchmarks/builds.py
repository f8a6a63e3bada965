"""The pure Python build against the build compiled with mypyc, side by side in one run.

Give the Python of each build's environment (a ``pip install -e .`` and a
``HATCH_BUILD_HOOKS_ENABLE=1 pip install .``); each is measured in processes of its own, run
from a temporary folder so that the source tree does not shadow the installed package, and
each says which build it runs (``trufspec.builds``), which the script checks.  The measures
alternate between the two builds, so that a machine that slows down during the run slows
both, and every figure is the best of all runs of it:

* the full check of fully recorded truf-jb deals (``trufspec.check_text``, one core, in the
  process), as deals per second and as a ratio to ``json.loads`` of the same records in JSON
  (the corpus of ``benchmarks/engine.py``);
* reading only (``trufspec.loads``) of the same records, deals per second;
* the referee's random playouts of four-player truf-jb deals (``benchmarks/referee.py``):
  legal actions asked for, one drawn at random and applied, in actions per second;
* ``simulate`` with ``basic`` bots (the records written as text), four truf-jb games (twenty
  deals), in deals per second (as ``benchmarks/bots.py`` measures it);
* a hosted action of the service (``benchmarks/engine.py``'s: ``Host.act`` on a SQLite store),
  and a request to the stateless referee (``trufspec.serve.work.referee``, the work behind
  ``POST /v1/referee``): a truf-jb record cut in its second deal, resumed afresh (a seed of
  its own each time, so that no state kept from an earlier request is reused) and a card
  applied; processor time per request.

Figures are per second of processor time of the measuring process.  Run from the repository
root::

    python benchmarks/builds.py .venv/bin/python .venv-c/bin/python [--deals 2000]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from engine import BEST, HOSTED, generate  # noqa: E402

MEASURE = (
    r"""
import gc, json, random, re, sys, tempfile, time
from pathlib import Path

corpus, as_json, repeat, playouts = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
from trufspec import check_text, dumps, loads
from trufspec.builds import build_name
from trufspec.referee import new_game
from trufspec.serve.games import Host
from trufspec.serve.work import referee
from trufspec.serve.models import ActionRequest, NewGame, RefereeRequest
from trufspec.serve.database import open_store
from trufspec.simulate import simulate

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")

"""
    + BEST
    + r"""


def playout():
    rng = random.Random(1)
    state = new_game("truf-jb", PLAYERS, {"deals": "100"}, seed=1)
    for _ in range(playouts):
        state.apply(rng.choice(state.legal_actions()))


def simulated():
    return sum(record.count("\ndeal ") for record in simulate("truf-jb", 4, 1))


game = new_game("truf-jb", PLAYERS, seed=7)
rng = random.Random(7)
while not (game.deal_number == 2 and game.phase == "play" and len(game.table.done) == 5):
    game.apply(rng.choice(game.legal_actions()))
cut = dumps([game.record()])
card = str(game.legal_actions()[0])
seeds = iter(range(10**9))


def stateless(count=20):
    for _ in range(count):
        answer = referee(RefereeRequest(record=cut, action=card, seed=next(seeds)))
        assert answer.applied == card, answer


text = Path(corpus).read_text(encoding="utf-8")
data = Path(as_json).read_text(encoding="utf-8")
deals = text.count("\ndeal ")
figures = {"build": build_name()}
figures["check_per_deal"] = best(lambda: check_text(text), deals)
figures["loads_per_deal"] = best(lambda: loads(text), deals)
figures["json_per_deal"] = best(lambda: json.loads(data), deals)
figures["playout_per_action"] = best(playout, playouts)
figures["simulate_per_deal"] = best(simulated, simulated())
figures["stateless_referee"] = best(stateless, 20)
"""
    + HOSTED
    + r"""
print(json.dumps(figures))
"""
)

BUILDS = {"pure": "pure Python", "compiled": "compiled with mypyc"}


def measure(python: str, corpus: Path, data: Path, args: argparse.Namespace) -> dict[str, Any]:
    """The figures of the build of ``python``, measured in a process of its own."""
    with tempfile.TemporaryDirectory() as elsewhere:
        done = subprocess.run(
            [python, "-c", MEASURE, str(corpus), str(data), str(args.repeat), str(args.actions)],
            capture_output=True,
            text=True,
            cwd=elsewhere,
            env={"PATH": "/usr/bin:/bin"},
        )
    if done.returncode:
        raise SystemExit(f"the measures failed under {python}:\n{done.stderr}")
    figures: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pure", help="the Python of the environment of the pure build")
    parser.add_argument("compiled", help="the Python of the environment of the compiled build")
    parser.add_argument("--deals", type=int, default=2000, help="deals in the check's corpus")
    parser.add_argument("--actions", type=int, default=3000, help="actions of the playouts")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measure, the best")
    parser.add_argument("--rounds", type=int, default=2, help="alternations between the builds")
    args = parser.parse_args()
    # Absolute, as the measures run elsewhere; not resolved, which would leave the environment.
    pythons = {"pure": os.path.abspath(args.pure), "compiled": os.path.abspath(args.compiled)}
    with tempfile.TemporaryDirectory() as temporary:
        corpus, data = generate(args.deals, 0, Path(temporary))
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in pythons}
        for _ in range(args.rounds):
            for name, python in pythons.items():
                figures = measure(python, corpus, data, args)
                if figures["build"] != BUILDS[name]:
                    raise SystemExit(f"{python} runs the {figures['build']} build, not {name}")
                runs[name].append(figures)
    report(args, runs)


def report(args: argparse.Namespace, runs: dict[str, list[dict[str, Any]]]) -> None:
    """The table: each figure's best for each build, and the compiled build's speed-up."""

    def best(name: str, key: str) -> float:
        return float(min(r[key] for r in runs[name]))

    print(f"{args.deals} deals, {args.actions} actions; best of {args.repeat} x {args.rounds}")
    print(f"{'figure':<34}{'pure':>12}{'compiled':>12}{'speed-up':>10}")
    rows = [
        ("full check, deals/s", "check_per_deal"),
        ("reading only, deals/s", "loads_per_deal"),
        ("referee playouts, actions/s", "playout_per_action"),
        ("simulate --bots basic, deals/s", "simulate_per_deal"),
    ]
    for label, key in rows:
        pure, compiled = 1 / best("pure", key), 1 / best("compiled", key)
        print(f"{label:<34}{pure:>12.0f}{compiled:>12.0f}{compiled / pure:>9.2f}x")
    for label, key in (
        ("hosted action, ms of processor", "hosted_action"),
        ("stateless referee, ms of processor", "stateless_referee"),
    ):
        pure, compiled = best("pure", key) * 1000, best("compiled", key) * 1000
        print(f"{label:<34}{pure:>12.2f}{compiled:>12.2f}{pure / compiled:>9.2f}x")
    pure = best("pure", "check_per_deal") / best("pure", "json_per_deal")
    compiled = best("compiled", "check_per_deal") / best("compiled", "json_per_deal")
    print(f"{'full check / json.loads':<34}{pure:>12.1f}{compiled:>12.1f}{pure / compiled:>9.2f}x")
    print("speed-up: how many times faster the compiled build is (above 1: faster)")


if __name__ == "__main__":
    main()
