"""What a hosted game's view and events cost as the game grows: by deal 2, 10 and 20.

One truf-jb game of 20 deals is played through the host (no network; a fresh SQLite file), the
table playing the first legal action.  Twenty actions into deals 2, 10 and 20 it measures,
for Ana's token, the watch token and the table's: the view's size in bytes of JSON and the
processor time to answer it (the state kept, as a worker keeps it), the whole record's size
for comparison, and the time of ``?since`` over the last 10 versions and of one event as a
stream makes it.  A view and an event should cost the same at deal 20 as at deal 2; the
record grows.

Run from the repository root: ``python benchmarks/views.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import msgspec

from trufspec.referee import GameState
from trufspec.serve.games import Host, ViewQuery
from trufspec.serve.models import ActionRequest, NewGame
from trufspec.serve.store import Logged
from trufspec.serve.store_sqlite import SqliteStore
from trufspec.serve.views import Viewer, apply_logged

PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]
DEALS = (2, 10, 20)
INTO = 20
"""Actions into a deal where it is measured: its bids, its contract and some 15 cards, so that
the changes since 10 versions before are all of the deal."""


def view_ms(host: Host, game: str, token: str, asked: ViewQuery, repeat: int) -> float:
    """The processor time of one view, in milliseconds, the least of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        host.look(game, token, asked)
        best = min(best, time.process_time() - start)
    return best * 1000


def event_ms(before: GameState, last: Logged, viewer: Viewer, repeat: int) -> float:
    """The processor time of one event as a stream makes it (the action applied to the
    stream's own state, and the deal shown), in milliseconds, the least of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        state = before.copy()
        start = time.process_time()
        apply_logged(state, last, viewer, True, False)
        best = min(best, time.process_time() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="runs of each measure")
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as folder:
        host = Host(SqliteStore(str(Path(folder) / "games.sqlite")))
        created = host.create(NewGame("truf-jb", PLAYERS, {"deals": "20"}, seed=4))
        game, table = created.id, created.tokens.table
        tokens = {"Ana": created.tokens.seats["Ana"], "watch": created.tokens.watch}
        tokens["table"] = table
        print(
            f"{'deal':>4} {'token':>6} {'view B':>7} {'view ms':>8} {'since ms':>9} "
            f"{'event ms':>9} {'record B':>9}"
        )
        measured: set[int] = set()
        started: dict[int, int] = {}
        while len(measured) < len(DEALS):
            _, view = host.look(game, table, ViewQuery(limit=1))
            assert view is not None and not view.over
            deal = int(str(view.record).split("\ndeal ")[1].split("\n")[0])
            started.setdefault(deal, view.version)
            if deal in DEALS and deal not in measured and view.version == started[deal] + INTO:
                measured.add(deal)
                record = len(str(host.record(game, table, False).record))
                stored = host.store.load(game)
                assert stored is not None
                for name, token in tokens.items():
                    seen = host.look(game, token, ViewQuery())[1]
                    size = len(msgspec.json.encode(seen))
                    since = ViewQuery(since=view.version - 10)
                    viewer = Viewer("Ana") if name == "Ana" else Viewer(public=name == "watch")
                    before = host._state_at(stored, view.version - 1)
                    last = host.store.actions(game, view.version - 1)[0]
                    print(
                        f"{deal:>4} {name:>6} {size:>7} "
                        f"{view_ms(host, game, token, ViewQuery(), repeat):>8.2f} "
                        f"{view_ms(host, game, token, since, repeat):>9.2f} "
                        f"{event_ms(before, last, viewer, repeat):>9.2f} "
                        f"{record:>9}"
                    )
            host.act(game, table, ActionRequest(view.legal_actions.items[0], seat=view.to_act[0]))


if __name__ == "__main__":
    main()
