"""How fast the environments step and how OpenSpiel's ISMCTS plays against trufspec's search.

Two figures, each printed as a table:

* **speed**: one-deal episodes of every ruleset played at random, for ``--seconds`` each: the
  referee's own random playouts (every action drawn uniformly from the legal ones, leaving
  out, as the environments do, the table's statements of a Tromplemond irregularity) against
  the OpenSpiel game (``legal_actions`` and ``apply_action``) and the PettingZoo environment
  (``last``, with the player's tensor and action mask, and ``step``), in the same run.  The
  environments take more steps than the referee takes actions (a bid is built card by card),
  so the fair comparison is deals per second; steps per second are printed too.  The aim is
  an environment at half the referee's rate of deals or better.
* **ismcts**: OpenSpiel's ISMCTS (random rollouts, the worlds of
  :class:`~trufspec.environments.openspiel.Resampler`) in one seat of a truf-de deal and
  trufspec's ``search`` bot in the three others, both with ``--playouts`` playouts per
  decision; the seat moves round the table from game to game.  The share of deals ISMCTS
  wins (the highest points of the deal; a tie for the highest shares the win) with a 95%
  interval (Wilson's), beside the fair share of a quarter, and the worlds the resampler drew
  with the processor time each took (a world is always found: see
  :mod:`~trufspec.environments.worlds`).

Figures are per second of processor time of this process.  Run from the repository root:
``python benchmarks/environments.py [--seconds S] [--games N] [--playouts N]
[--skip speed,ismcts]``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

try:
    import trufspec
except ImportError:  # a source checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import trufspec

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import trufspec.openspiel
import trufspec.pettingzoo
from trufspec.environments.encoding import action_ids
from trufspec.referee import STATES, new_game
from trufspec.referee.tromplemond import is_irregularity
from trufspec.simulate.bots import Budget, SearchBot

SEATS = ("North", "East", "South", "West")


def referee_rate(ruleset: str, seconds: float) -> tuple[float, float]:
    """Deals and actions per second of one-deal random playouts through the referee."""
    rng = random.Random(1)
    deals = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_game(ruleset, SEATS, seed=deals)
        while not state.is_deal_over:
            legal = state.legal_actions(state.current_player)
            action = legal[rng.randrange(len(legal))]
            while is_irregularity(action):
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            actions += 1
        deals += 1
    spent = time.process_time() - start
    return deals / spent, actions / spent


def openspiel_rate(ruleset: str, seconds: float) -> tuple[float, float]:
    """Deals and steps per second of random one-deal episodes of the OpenSpiel game."""
    game = pyspiel.load_game(ruleset.replace("-", "_"))
    rng = random.Random(1)
    deals = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        state.apply_action(deals)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        deals += 1
    spent = time.process_time() - start
    return deals / spent, steps / spent


def pettingzoo_rate(ruleset: str, seconds: float) -> tuple[float, float]:
    """Deals and steps per second of random one-deal episodes of the PettingZoo environment,
    each step observing the player's tensor and mask."""
    env = trufspec.pettingzoo.env(ruleset)
    rng = np.random.default_rng(1)
    deals = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=deals)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
            steps += 1
            del agent
        deals += 1
    spent = time.process_time() - start
    return deals / spent, steps / spent


def speed(seconds: float) -> None:
    print(f"speed: one-deal episodes at random, {seconds:g}s of processor time each")
    print(
        f"{'ruleset':<18}{'referee deals/s':>16}{'actions/s':>11}"
        f"{'OpenSpiel deals/s':>19}{'steps/s':>9}{'share':>7}"
        f"{'PettingZoo deals/s':>20}{'steps/s':>9}{'share':>7}"
    )
    for ruleset in STATES:
        deals, actions = referee_rate(ruleset, seconds)
        os_deals, os_steps = openspiel_rate(ruleset, seconds)
        pz_deals, pz_steps = pettingzoo_rate(ruleset, seconds)
        print(
            f"{ruleset:<18}{deals:>16.1f}{actions:>11.0f}"
            f"{os_deals:>19.1f}{os_steps:>9.0f}{os_deals / deals:>7.0%}"
            f"{pz_deals:>20.1f}{pz_steps:>9.0f}{pz_deals / deals:>7.0%}"
        )


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``wins`` in ``games``."""
    z = 1.96
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return max(0.0, centre - half / (1 + z * z / games)), min(
        1.0, centre + half / (1 + z * z / games)
    )


class Timed:
    """A resampler that counts the processor time it takes."""

    def __init__(self, resampler: trufspec.openspiel.Resampler) -> None:
        self.resampler = resampler
        self.seconds = 0.0

    def __call__(
        self, state: trufspec.openspiel.TrufState, player: int
    ) -> trufspec.openspiel.TrufState:
        start = time.process_time()
        world = self.resampler(state, player)
        self.seconds += time.process_time() - start
        return world


def ismcts_match(games: int, playouts: int) -> None:
    game = pyspiel.load_game("truf_de")
    wins = 0.0
    draws = 0
    drawing = 0.0
    points = [0.0, 0.0]
    start = time.process_time()
    for number in range(games):
        seat = number % 4
        rng = np.random.RandomState(number)
        resampler = Timed(trufspec.openspiel.Resampler(number))
        bot = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(1, rng), 2.0, playouts, random_state=rng
        )
        bot.set_resampler(resampler)
        searchers = {
            p: SearchBot(random.Random(f"{number}:{p}"), Budget(playouts=playouts)) for p in SEATS
        }
        state = game.new_initial_state()
        state.apply_action(number)
        while not state.is_terminal():
            acting = state.current_player()
            if acting == seat:
                state.apply_action(bot.step(state))
                continue
            referee = state.episode.state
            action = searchers[SEATS[acting]].choose(referee, SEATS[acting])
            for action_id in action_ids(referee, action):
                state.apply_action(action_id)
        returns = state.returns()
        best = max(returns)
        if returns[seat] == best:
            wins += 1 / returns.count(best)
        points[0] += returns[seat]
        points[1] += (sum(returns) - returns[seat]) / 3
        draws += resampler.resampler.draws
        drawing += resampler.seconds
    spent = time.process_time() - start
    low, high = wilson(wins, games)
    print(
        f"ismcts: truf-de, one deal a game, {games} games, {playouts} playouts per decision "
        f"for both, {spent:.0f}s"
    )
    print(
        f"ISMCTS wins {wins / games:.0%} of the deals (95% interval {low:.0%} to {high:.0%}; "
        f"fair share 25%) against three search bots; mean points {points[0] / games:+.2f} "
        f"against {points[1] / games:+.2f}; {draws} worlds drawn, "
        f"{1000 * drawing / max(draws, 1):.1f} ms each"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=20)
    parser.add_argument("--skip", default="")
    arguments = parser.parse_args()
    skip = set(arguments.skip.split(","))
    print(f"trufspec {trufspec.__version__}")
    if "speed" not in skip:
        speed(arguments.seconds)
    if "ismcts" not in skip:
        ismcts_match(arguments.games, arguments.playouts)


if __name__ == "__main__":
    main()
