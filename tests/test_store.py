"""The store of hosted games: the action log, its snapshots, its tokens, and a games file of the
first schema migrated so that its games go on."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path

import pytest

from trufspec.api import dumps
from trufspec.referee import STATES, new_game
from trufspec.serve.games import Host, _record_text
from trufspec.serve.models import ActionRequest, NewGame
from trufspec.serve.store import Logged, open_store
from trufspec.serve.store_sqlite import SCHEMA_VERSION, SqliteStore

DATA = Path(__file__).parent / "data"
PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]


def test_an_action_is_one_row_of_the_log_and_a_deal_s_end_a_snapshot(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "games.sqlite"))
    host = Host(store)
    game = host.create(NewGame("truf-jb", PLAYERS, seed=5))
    ends: list[int] = []
    for version in range(1, 120):
        view = host.view(game.id, game.tokens.table, None, False, 0, 1)
        if view.over:
            break
        host.act(game.id, game.tokens.table, ActionRequest(view.legal_actions.items[0]))
        if host.view(game.id, game.tokens.table, None, False, 0, 1).phase in ("end", "over"):
            ends.append(version)
    logged = store.actions(game.id, 0)
    assert [row.version for row in logged] == list(range(1, len(logged) + 1))
    assert ends, "a deal of truf-jb ends within 119 actions"
    with sqlite3.connect(store.url) as connection:
        snapshots = [v for (v,) in connection.execute("SELECT version FROM snapshots ORDER BY 1")]
    assert snapshots == [0, ends[-1]]  # the last replaces the ones before
    # The snapshot at a deal's end is where a fresh worker starts, not deal 1.
    last = logged[-1].version
    assert store.snapshot(game.id, last).version == ends[-1]
    fresh = Host(SqliteStore(store.url))
    record = fresh.record(game.id, game.tokens.table, as_json=False).record
    assert record == host.record(game.id, game.tokens.table, as_json=False).record


def test_compare_and_set_refuses_an_action_on_a_version_that_moved(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "games.sqlite"))
    created = store.create("truf-jb", "1", '[Ruleset "truf-jb"]\n', PLAYERS, {"Dewi": "basic"})
    assert set(created.seats) == {"Ana", "Budi", "Citra"}  # a bot's seat has no token
    now = time.time()
    assert store.append(created.game, Logged(1, "Ana", "QS", False, now), over=False)
    assert not store.append(created.game, Logged(1, "Budi", "KS", False, now), over=False)
    assert [row.action for row in store.actions(created.game, 0)] == ["QS"]
    stored = store.load(created.game)
    assert stored is not None and stored.version == 1 and dict(stored.bots) == {"Dewi": "basic"}
    assert store.access(created.game, created.watch) is not None
    assert store.access(created.game, created.watch).role == "watch"  # type: ignore[union-attr]
    assert store.access(created.game, created.seats["Ana"]).seat == "Ana"  # type: ignore[union-attr]
    assert store.access(created.game, "no such token") is None
    assert store.access("no such game", created.table) is None


def test_a_listener_hears_of_actions_logged_by_another_process(tmp_path: Path) -> None:
    path = str(tmp_path / "games.sqlite")
    listening, other = SqliteStore(path), SqliteStore(path)
    heard: list[tuple[str, int]] = []
    listening.listen(lambda game, version: heard.append((game, version)))
    created = other.create("truf-jb", "1", "", PLAYERS, {})
    other.append(created.game, Logged(1, "Ana", "QS", False, time.time()), over=False)
    deadline = time.monotonic() + 5
    while (created.game, 1) not in heard and time.monotonic() < deadline:
        time.sleep(0.01)
    listening.close()
    assert (created.game, 1) in heard


def test_a_games_file_of_the_first_schema_opens_and_its_games_go_on(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    with sqlite3.connect(path) as connection:
        connection.executescript((DATA / "games-v1.sql").read_text())
    known = json.loads((DATA / "games-v1.json").read_text())
    host = Host(open_store(str(path)))
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    game = known["game"]
    view = host.view(game, known["table"], None, False, 0, 100)
    assert view.version == known["version"]
    seat = view.legal_actions.player
    assert seat is not None
    played = host.act(game, known["seats"][seat], ActionRequest(view.legal_actions.items[0]))
    assert played.view.version == known["version"] + 1
    assert host.record(game, known["table"], as_json=False).record.count("deal 1") == 1
    # The play page's table became a game whose other seats are bots, and only the person's
    # token still opens a seat.
    table = known["play_table"]
    stored = host.store.load(table["game"])
    assert stored is not None and dict(stored.bots) == table["bots"]
    assert host.store.access(table["game"], table["token"]).seat == table["person"]  # type: ignore[union-attr]
    with sqlite3.connect(path) as connection:
        names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert not names & {"play_tables", "seats", "games_v1"}
    # Opening it again changes nothing.
    assert open_store(str(path)).load(game) is not None


def test_a_database_of_another_scheme_is_named_in_the_error() -> None:
    with pytest.raises(ValueError, match="mysql"):
        open_store("mysql://me@db/games")


@pytest.mark.parametrize("ruleset", sorted(STATES))
def test_a_snapshot_printed_in_parts_is_the_record_printed_whole(ruleset: str) -> None:
    """At each deal's end the host prints only the deal just finished; what it stores must be
    exactly what printing the whole record gives."""
    state = new_game(ruleset, PLAYERS, seed=8)
    chooser = random.Random(8)
    parts: list[str] = []
    ends = 0
    while not state.is_game_over and ends < 4:
        state.apply(chooser.choice(state.legal_actions()))
        if state.is_deal_over and not state.is_game_over:
            ends += 1
            assert _record_text(state, parts) == dumps([state.record()])
    assert ends >= 2
