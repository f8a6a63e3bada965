"""The store of hosted games: the action log, its snapshots, its tokens, and a games file of the
first schema migrated so that its games go on; each test of what every store does runs on a
SQLite file and on a throw-away PostgreSQL cluster (the ``postgres`` fixture)."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psycopg
import pytest
from postgres_cluster import Cluster, free_port

from trufspec.api import dumps
from trufspec.referee import STATES, new_game
from trufspec.serve import store_postgres
from trufspec.serve.database import open_store
from trufspec.serve.games import Host, _record_text
from trufspec.serve.models import ActionRequest, NewGame
from trufspec.serve.store import Access, Logged, StoreUnavailable
from trufspec.serve.store_sqlite import SCHEMA_VERSION

DATA = Path(__file__).resolve().parents[1] / "support" / "data"
PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's games are kept: a new SQLite file, or the session's PostgreSQL database
    (games of other tests are there too: each test reads its own by their ids)."""
    if request.param == "postgres":
        cluster: Cluster = request.getfixturevalue("postgres")
        return cluster.url
    return str(tmp_path / "games.sqlite")


def snapshot_versions(url: str, game: str) -> list[int]:
    """The versions at which ``game`` has a snapshot, read from the database itself."""
    query = "SELECT version FROM snapshots WHERE game = {} ORDER BY 1"
    if url.startswith("postgresql://"):
        with psycopg.connect(url) as connection:
            rows = connection.execute(query.format("%s"), (game,)).fetchall()
    else:
        with sqlite3.connect(url) as connection:
            rows = connection.execute(query.format("?"), (game,)).fetchall()
    return [version for (version,) in rows]


@pytest.mark.slow
def test_an_action_is_one_row_of_the_log_and_a_deal_s_end_a_snapshot(url: str) -> None:
    store = open_store(url)
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
    assert snapshot_versions(url, game.id) == [0, ends[-1]]  # the last replaces the ones before
    # The snapshot at a deal's end is where a fresh worker starts, not deal 1.
    last = logged[-1].version
    assert store.snapshot(game.id, last).version == ends[-1]
    fresh = Host(open_store(url))
    record = fresh.record(game.id, game.tokens.table, as_json=False).record
    assert record == host.record(game.id, game.tokens.table, as_json=False).record
    store.close()
    fresh.store.close()


def test_compare_and_set_refuses_an_action_on_a_version_that_moved(url: str) -> None:
    store = open_store(url)
    created = store.create("truf-jb", "1", '[Ruleset "truf-jb"]\n', PLAYERS, {"Dewi": "basic"})
    assert set(created.seats) == {"Ana", "Budi", "Citra"}  # a bot's seat has no token
    now = time.time()
    assert store.append(created.game, Logged(1, "Ana", "QS", False, now), over=False)
    assert not store.append(created.game, Logged(1, "Budi", "KS", False, now), over=False)
    assert [row.action for row in store.actions(created.game, 0)] == ["QS"]
    stored = store.load(created.game)
    assert stored is not None and stored.version == 1 and dict(stored.bots) == {"Dewi": "basic"}
    assert store.access(created.game, created.watch) == Access("watch")
    assert store.access(created.game, created.seats["Ana"]) == Access("seat", "Ana")
    assert store.access(created.game, "no such token") is None
    assert store.access("no such game", created.table) is None
    store.close()


def test_the_games_waiting_on_a_bot_are_those_not_over_with_a_bot_s_seat(url: str) -> None:
    store = open_store(url)
    with_bot = store.create("truf-jb", "1", "", PLAYERS, {"Dewi": "basic"})
    people = store.create("truf-jb", "1", "", PLAYERS, {})
    waiting = store.bot_games()
    assert with_bot.game in waiting and people.game not in waiting
    assert store.append(with_bot.game, Logged(1, "Ana", "QS", False, time.time()), over=True)
    assert with_bot.game not in store.bot_games()
    store.close()


OTHER_PROCESS = """
import sys, time
from trufspec.serve.database import open_store
from trufspec.serve.store import Logged
store = open_store(sys.argv[1])
created = store.create("truf-jb", "1", "", ["Ana", "Budi", "Citra", "Dewi"], {})
store.append(created.game, Logged(1, "Ana", "QS", False, time.time()), over=False)
print(created.game)
"""


@pytest.mark.slow
def test_a_listener_hears_of_actions_logged_by_another_process(url: str) -> None:
    listening = open_store(url)
    heard: list[tuple[str, int]] = []
    listening.listen(lambda game, version: heard.append((game, version)))
    other = subprocess.run(
        [sys.executable, "-c", OTHER_PROCESS, url],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    game = other.stdout.strip()
    deadline = time.monotonic() + 5
    while (game, 1) not in heard and time.monotonic() < deadline:
        time.sleep(0.01)
    listening.close()
    assert (game, 1) in heard


def test_of_actions_sent_at_once_on_one_version_one_is_stored(url: str) -> None:
    stores = [open_store(url) for _ in range(4)]
    created = stores[0].create("truf-jb", "1", "", PLAYERS, {})

    def append(at: int) -> bool:
        played = Logged(1, PLAYERS[at], f"{at + 2}S", False, time.time())
        return stores[at].append(created.game, played, over=False)

    with ThreadPoolExecutor(4) as pool:
        stored = list(pool.map(append, range(4)))
    assert stored.count(True) == 1, stored
    logged = stores[1].actions(created.game, 0)
    assert len(logged) == 1 and logged[0].seat == PLAYERS[stored.index(True)]
    for store in stores:
        store.close()


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
    record = host.record(game, known["table"], as_json=False).record
    assert isinstance(record, str)
    assert record.count("deal 1") == 1
    # The play page's table became a game whose other seats are bots, and only the person's
    # token still opens a seat.
    table = known["play_table"]
    stored = host.store.load(table["game"])
    assert stored is not None and dict(stored.bots) == table["bots"]
    assert host.store.access(table["game"], table["token"]) == Access("seat", table["person"])
    with sqlite3.connect(path) as connection:
        names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert not names & {"play_tables", "seats", "games_v1"}
    # Opening it again changes nothing.
    assert open_store(str(path)).load(game) is not None


def test_a_database_of_another_scheme_is_named_in_the_error() -> None:
    with pytest.raises(ValueError, match="mysql"):
        open_store("mysql://me@db/games")


def test_a_database_that_cannot_be_reached_is_named_without_its_password() -> None:
    url = f"postgresql://me:secret@127.0.0.1:{free_port()}/games"
    with pytest.raises(StoreUnavailable) as refused:
        open_store(url)
    assert "me:***@127.0.0.1" in str(refused.value)
    assert "secret" not in str(refused.value)


def test_a_postgresql_database_keeps_its_schema_s_version(postgres: Cluster) -> None:
    open_store(postgres.url).close()
    open_store(postgres.url.replace("postgresql://", "postgres://", 1)).close()
    with psycopg.connect(postgres.url) as connection:
        assert connection.execute("SELECT version FROM schema").fetchall() == [
            (store_postgres.SCHEMA_VERSION,)
        ]
        connection.execute("UPDATE schema SET version = %s", (store_postgres.SCHEMA_VERSION + 1,))
    try:
        with pytest.raises(ValueError, match="later than this trufspec knows"):
            open_store(postgres.url)
    finally:
        with psycopg.connect(postgres.url) as connection:
            connection.execute("UPDATE schema SET version = %s", (store_postgres.SCHEMA_VERSION,))


@pytest.mark.slow
def test_a_store_goes_on_by_itself_when_postgresql_comes_back(postgres: Cluster) -> None:
    store, other = open_store(postgres.url), open_store(postgres.url)
    heard: list[tuple[str, int]] = []
    store.listen(lambda game, version: heard.append((game, version)))
    created = store.create("truf-jb", "1", "", PLAYERS, {})
    postgres.stop()
    try:
        with pytest.raises(StoreUnavailable, match="cannot be reached"):
            store.load(created.game)
    finally:
        postgres.start()
    deadline = time.monotonic() + 30
    while True:  # the pool connects again within a few seconds
        try:
            assert other.append(created.game, Logged(1, "Ana", "QS", False, time.time()), False)
            break
        except StoreUnavailable:
            assert time.monotonic() < deadline, "the store did not come back within 30 s"
            time.sleep(0.2)
    stored = store.load(created.game)
    assert stored is not None and stored.version == 1
    # The listener is listening again, and told of what moved while it was not.
    while (created.game, 1) not in heard and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (created.game, 1) in heard
    store.close()
    other.close()


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
