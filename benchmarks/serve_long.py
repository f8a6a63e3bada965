"""Whether a hosted action costs the same late in a long game as early in it.

One truf-jb table (whose rules never end the game) is played through ``trufspec serve``'s HTTP
API by one client, action after action, with random legal actions worked out beforehand by the
referee from the game's seed.  For windows of actions the script prints the deals reached, the
median and 99th percentile latency of ``POST /v1/games/{id}/actions``, the server's processor
time per action (workers and judges, Linux's /proc), the size of the action's answer, the size
of a seat's view (``GET /v1/games/{id}``) and of the whole record at the window's end.  The
figure to compare is the processor time per action from the first windows to the last: the
work of an action does not grow with the game, so neither should its cost.

Run from the repository root: ``python benchmarks/serve_long.py [--actions N] [--window W]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.serve import percentile, server_ticks  # noqa: E402
from tests.live_server import running  # noqa: E402
from trufspec.referee import new_game  # noqa: E402

PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]


def planned(seed: int, count: int) -> list[tuple[str, str, int]]:
    """``count`` random legal actions of the truf-jb game of ``seed``: (seat, words, deal)."""
    state = new_game("truf-jb", PLAYERS, seed=seed)
    chooser = random.Random(seed)
    actions: list[tuple[str, str, int]] = []
    while len(actions) < count and not state.is_game_over:
        action = chooser.choice(state.legal_actions())
        actions.append((action.player, str(action), state.deal_number))
        state.apply(action)
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=3000, help="actions played in all")
    parser.add_argument("--window", type=int, default=500, help="actions per line of figures")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    actions = planned(arguments.seed, arguments.actions)
    tick = 1000 / os.sysconf("SC_CLK_TCK")
    print(f"one truf-jb table, {len(actions)} actions, one client, windows of {arguments.window}")
    print(
        f"{'actions':>11} {'deals':>7} {'p50 ms':>7} {'p99 ms':>7} {'cpu ms':>7}"
        f" {'answer B':>9} {'view B':>8} {'record B':>9}"
    )
    with (
        tempfile.TemporaryDirectory() as folder,
        running(Path(folder) / "games.sqlite", "--judges", "1") as server,
    ):
        session = os.getsid(server.process.pid)
        with server.client() as client:
            created = client.post(
                "/v1/games",
                json={"ruleset": "truf-jb", "players": PLAYERS, "seed": arguments.seed},
            ).json()
            game, table = created["id"], {"authorization": f"Bearer {created['tokens']['table']}"}
            seat_token = {"authorization": f"Bearer {created['tokens']['seats']['Ana']}"}
            for start in range(0, len(actions), arguments.window):
                window = actions[start : start + arguments.window]
                latencies: list[float] = []
                sizes: list[int] = []
                before = server_ticks(session)
                for seat, words, _ in window:
                    began = time.perf_counter()
                    answer = client.post(
                        f"/v1/games/{game}/actions",
                        json={"action": words, "seat": seat},
                        headers=table,
                    )
                    latencies.append(time.perf_counter() - began)
                    if answer.status_code != 200:
                        raise SystemExit(f"{answer.status_code}: {answer.text[:300]}")
                    sizes.append(len(answer.content))
                cpu = (server_ticks(session) - before) * tick / len(window)
                view = client.get(f"/v1/games/{game}", headers=seat_token)
                record = client.get(f"/v1/games/{game}/record", headers=table)
                first, last = start + 1, start + len(window)
                print(
                    f"{first:>5}-{last:<5} {window[0][2]:>3}-{window[-1][2]:<3}"
                    f" {percentile(latencies, 0.5) * 1000:>7.1f}"
                    f" {percentile(latencies, 0.99) * 1000:>7.1f} {cpu:>7.2f}"
                    f" {sorted(sizes)[len(sizes) // 2]:>9} {len(view.content):>8}"
                    f" {len(record.content):>9}"
                )


if __name__ == "__main__":
    main()
