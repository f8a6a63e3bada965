"""What ``trufspec readings`` costs per game, next to one check of the same game.

For each ruleset, the simulator of ``trufspec simulate`` plays games (fully recorded, every
card); the same text is then checked (``trufspec.check_text``) and replayed under every reading
(``trufspec.readings.readings_text``) in the process, on one core, the best of a few runs.  It
prints, per ruleset, the replays per game (every combination of readings or each on its own,
as the limit decides), the time per game of each, and their ratio: about one check per replay,
plus the check of the readings in force.  The figures are printed, never asserted.  Run from
the repository root::

    python benchmarks/readings.py [--games 40] [--seed 0] [--repeat 3] [--limit 256]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
try:
    import trufspec
except ImportError:  # running from a checkout that is not installed
    sys.path.insert(0, str(ROOT))
    import trufspec

from trufspec.readings import readings_text  # noqa: E402
from trufspec.rulesets import RULESETS  # noqa: E402
from trufspec.simulate import simulate  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import best_of  # noqa: E402


def measure(
    ruleset: str, games: int, seed: int, repeat: int, limit: int
) -> tuple[float, float, float]:
    """Replays per game, and seconds per game of the check and of the readings."""
    text = "\n".join(simulate(ruleset, games, seed))
    check, _ = best_of(repeat, lambda: trufspec.check_text(text, ruleset))
    readings, result = best_of(repeat, lambda: readings_text(text, ruleset, limit=limit))
    replays = sum(game.replays for game in result.games) / len(result.games)
    return replays, check / games, readings / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per ruleset")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=int, default=256, help="as trufspec readings --limit")
    args = parser.parse_args(argv)
    print(
        f"{args.games} simulated games per ruleset, best of {args.repeat}, one core, limit {args.limit}"
    )
    print(
        f"{'ruleset':18} {'replays/game':>12} {'check ms/game':>14} {'readings ms/game':>17} {'ratio':>7}"
    )
    for ruleset in RULESETS:
        replays, check, readings = measure(ruleset, args.games, args.seed, args.repeat, args.limit)
        ratio = readings / check
        print(
            f"{ruleset:18} {replays:12.1f} {check * 1000:14.2f} {readings * 1000:17.2f} {ratio:7.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
