"""How fast the bots play and how strong each level is, for every ruleset the referee runs.

Three figures, each printed as a table:

* **speed**: the referee's random playouts (every action drawn uniformly from the legal ones,
  as ``benchmarks/referee.py`` plays them) against ``simulate`` with ``basic`` bots, written
  as records, both in deals per second of processor time, measured in the same run; the aim
  is a simulation at half the referee's rate or better;
* **strength**: one bot of a level seated against bots of the level below at every other
  seat (``basic`` against ``random``, ``search`` against ``basic``), its seat moving round
  the table from game to game; the share of games its side wins (each game played to its
  end and won as the referee says; truf-jb's endless default, cut after ``--deals`` deals,
  by the highest total there), with a 95% interval (Wilson's), beside the fair share
  (one side in as many as there are: a quarter at four players, a half for Ruff and Honours'
  two partnerships), and the mean totals of its side and of the others;
* **search**: the search bot's decisions per second at its default budget.

Figures are per second of processor time of this process; the machine's other work shows
only in the time by the clock.  Games are those of ``--seed``: the same figures of strength
on any machine, whatever ``--jobs``.

Run from the repository root: ``python benchmarks/bots.py [--games N] [--deals N]
[--budget B] [--jobs N] [--rulesets R,...] [--skip speed,strength,search]``.
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

try:
    import trufspec
except ImportError:  # a source checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import trufspec

from trufspec.referee import STATES, GameState, new_game
from trufspec.simulate import simulate
from trufspec.simulate.bots import DEFAULT_BUDGET, BasicBot, Budget, SearchBot, parse_budget
from trufspec.simulate.refereed import play_game

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")
PAIRINGS = (("basic", "random"), ("search", "basic"))
"""Each level against the level below."""


def referee_rate(ruleset: str, deals: int, seed: int) -> float:
    """Random deals per second of processor time, through the referee's public interface."""
    rng = random.Random(seed)
    game = 0
    state = new_game(ruleset, PLAYERS, seed=f"{seed}:{game}")
    played = 0
    start = time.process_time()
    while played < deals:
        if state.is_game_over:
            game += 1
            state = new_game(ruleset, PLAYERS, seed=f"{seed}:{game}")
        state.apply(rng.choice(state.legal_actions()))
        played += state.is_deal_over
    return deals / (time.process_time() - start)


def simulation_rate(ruleset: str, games: int, seed: int) -> tuple[float, int]:
    """Deals per second of processor time of ``simulate`` with ``basic`` bots (the records
    written as text), and the deals played."""
    start = time.process_time()
    deals = 0
    for record in simulate(ruleset, games, seed):
        deals += record.count("\ndeal ") + record.count("\nround ")
    return deals / (time.process_time() - start), deals


def speed(rulesets: Sequence[str], games: int, seed: int) -> None:
    print("\nspeed: deals per second of processor time, in the same run")
    print(f"{'ruleset':18} {'referee random':>15} {'simulate basic':>15} {'ratio':>6}")
    for ruleset in rulesets:
        simulated, deals = simulation_rate(ruleset, games, seed)
        referee = referee_rate(ruleset, max(deals, 200), seed)
        print(f"{ruleset:18} {referee:15,.0f} {simulated:15,.0f} {simulated / referee:6.2f}")


@functools.cache
def endless(ruleset: str) -> bool:
    """Whether the ruleset's game goes on as long as the table does (truf-jb's default), and
    so is cut after ``--deals`` deals; every other game is played to its end."""
    return new_game(ruleset, PLAYERS).readings.get("deals") == "0"


def strength_game(
    ruleset: str, hero: str, field: str, number: int, seed: int, deals: int, budget: Budget
) -> tuple[float, float, float, int]:
    """Game ``number`` of a pairing: the hero's credit for the win (shared on a tie), the fair
    share, the totals of the hero's side and the mean of the other sides, and the deals."""
    levels = [field] * len(PLAYERS)
    seat = number % len(PLAYERS)
    levels[seat] = hero
    rng = random.Random(f"{seed}:{ruleset}:{hero}:{number}")
    cut = deals if endless(ruleset) else 0
    played = play_game(
        ruleset, rng, deals=cut, players=PLAYERS, levels=tuple(levels), budget=budget
    )
    state = played.state
    side = state.side(PLAYERS[seat])
    totals = state.totals
    winners = {state.side(p) if p in PLAYERS else p for p in state.winners} or {
        s for s, total in totals.items() if total == max(totals.values())
    }
    credit = 1 / len(winners) if side in winners else 0.0
    others = [total for s, total in totals.items() if s != side]
    return credit, 1 / len(totals), totals[side] - sum(others) / len(others), len(state.scores)


def wilson(share: float, count: int) -> tuple[float, float]:
    """The 95% interval of a share of ``count`` trials (Wilson's score interval)."""
    z = 1.96
    centre = (share + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(share * (1 - share) / count + z * z / (4 * count * count))
    half /= 1 + z * z / count
    return centre - half, centre + half


def strength(
    rulesets: Sequence[str], games: int, deals: int, seed: int, budget: Budget, jobs: int
) -> None:
    print(f"\nstrength: one bot against bots of the level below, {games} games a pairing")
    print(f"  (endless games cut after {deals} deals; search budget {budget} a decision)")
    print(
        f"{'ruleset':18} {'pairing':16} {'wins':>6} {'95% interval':>15} {'fair':>5}"
        f" {'margin':>7} {'deals':>6} {'seconds':>8}"
    )
    with ProcessPoolExecutor(jobs) as pool:
        for ruleset in rulesets:
            for hero, field in PAIRINGS:
                start = time.perf_counter()
                results = list(
                    pool.map(
                        strength_game,
                        *zip(
                            *[(ruleset, hero, field, n, seed, deals, budget) for n in range(games)],
                            strict=True,
                        ),
                    )
                )
                share = sum(r[0] for r in results) / games
                low, high = wilson(share, games)
                fair = results[0][1]
                margin = sum(r[2] for r in results) / games
                played = sum(r[3] for r in results)
                print(
                    f"{ruleset:18} {hero + ' v ' + field:16} {share:6.1%} "
                    f"{f'{low:.1%}-{high:.1%}':>15} {fair:5.0%} {margin:+7.1f} {played:6d}"
                    f" {time.perf_counter() - start:8.0f}"
                )


def decision_rate(rulesets: Sequence[str], decisions: int, seed: int) -> None:
    print(f"\nsearch: decisions per second at the default budget ({DEFAULT_BUDGET} playouts)")
    for ruleset in rulesets:
        rng = random.Random(seed)
        bot = SearchBot(rng, DEFAULT_BUDGET)
        basic = BasicBot(rng)
        state: GameState = new_game(ruleset, PLAYERS, seed=seed)
        spent = 0.0
        while bot.decisions < decisions:
            if state.is_game_over:
                state = new_game(ruleset, PLAYERS, seed=rng.randrange(2**32))
            player = state.current_player
            assert player is not None
            before = bot.decisions
            start = time.process_time()
            action = bot.choose(state, player)
            if bot.decisions > before:
                spent += time.process_time() - start
            else:
                action = basic.choose(state, player)
            state.apply(action)
        print(f"  {ruleset:18} {decisions / spent:6.1f} decisions/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per strength pairing")
    parser.add_argument("--speed-games", type=int, default=200, help="games of the speed run")
    parser.add_argument("--deals", type=int, default=6, help="deals an endless game is cut at")
    parser.add_argument("--budget", type=parse_budget, default=DEFAULT_BUDGET)
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rulesets", default=",".join(STATES))
    parser.add_argument("--skip", default="", help="speed, strength or search, comma-separated")
    args = parser.parse_args()
    rulesets = args.rulesets.split(",")
    skip = set(args.skip.split(","))
    print(f"trufspec {trufspec.__version__}, Python {sys.version.split()[0]}, seed {args.seed}")
    if "speed" not in skip:
        speed(rulesets, args.speed_games, args.seed)
    if "strength" not in skip:
        strength(rulesets, args.games, args.deals, args.seed, args.budget, args.jobs)
    if "search" not in skip:
        decision_rate(rulesets, args.decisions, args.seed)


if __name__ == "__main__":
    main()
