"""How fast the referee plays random four-player truf-jb deals through its public interface.

Each deal is played the way a search program or a simulator would drive the referee: ask for
the legal actions, pick one at random, apply it, until the deal is scored, then deal the next
one.  Every action is judged on the way in (:meth:`~trufspec.referee.state.GameState.apply`
asks the rules again), so the figure is that of a referee that trusts no caller.  The bids are
drawn uniformly from every legal bid (over a million per hand, listed without being made), the
cards from the legal cards of the players who may play.

When python-chess is installed (it is not a dependency), the same run plays random chess games
through ``legal_moves`` and ``push`` and prints its actions per second beside the referee's, a
figure of what Python game engines usually manage on the same machine.

The figures are per second of processor time, which is what one core gives this process;
the time by the clock is printed beside them, and is longer when other work shares the core.

Run from the repository root: ``python benchmarks/referee.py [--deals N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

try:
    import trufspec
except ImportError:  # a source checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import trufspec

from trufspec.referee import new_game

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")
RUNS = 3


def play_deals(count: int, seed: int) -> tuple[float, float, int]:
    """Seconds of processor time and of the clock to play ``count`` random deals, and the
    actions applied."""
    rng = random.Random(seed)
    choice = rng.choice
    state = new_game("truf-jb", PLAYERS, {"deals": "100"}, seed=seed)
    actions = deals = 0
    start, clock = time.process_time(), time.perf_counter()
    while deals < count:
        if state.is_game_over:
            state = new_game("truf-jb", PLAYERS, {"deals": "100"}, seed=seed + deals)
        state.apply(choice(state.legal_actions()))
        actions += 1
        if state.is_deal_over:
            deals += 1
    return time.process_time() - start, time.perf_counter() - clock, actions


def chess_playouts(actions: int, seed: int) -> float | None:
    """Seconds for random chess games of ``actions`` moves in all (None without python-chess)."""
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    board = chess.Board()
    start = time.process_time()
    for _ in range(actions):
        if board.is_game_over():
            board = chess.Board()
        board.push(rng.choice(list(board.legal_moves)))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    best, clock, actions = min(play_deals(args.deals, args.seed + run) for run in range(RUNS))
    print(f"trufspec {trufspec.__version__}, Python {sys.version.split()[0]}, best of {RUNS} runs")
    print(
        f"referee, truf-jb, 4 players: {args.deals} deals in {best:.3f} s of processor time ({clock:.3f} s by the clock)"
    )
    print(
        f"  {args.deals / best:,.0f} deals/s, {actions / best:,.0f} actions/s ({actions / args.deals:.1f} actions a deal)"
    )
    seconds = chess_playouts(actions, args.seed)
    if seconds is None:
        print("python-chess is not installed: no comparison")
    else:
        print(
            f"python-chess random playouts (legal_moves + push): {actions / seconds:,.0f} actions/s"
        )


if __name__ == "__main__":
    main()
