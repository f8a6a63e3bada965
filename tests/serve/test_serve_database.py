"""The hosted games' database under ``trufspec serve``: the forms ``--database`` takes, two
servers (two machines) over one PostgreSQL database, and faults with nothing lost: a worker
killed mid-run, PostgreSQL stopped and started mid-run, a database unreachable at start.

Every load here is bounded in actions and in seconds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from event_streams import read, stream
from live_server import Server, running
from postgres_cluster import Cluster, free_port

from trufspec.api import check_text
from trufspec.cli import main
from trufspec.serve.database import open_store
from trufspec.serve.games import Host, ProblemError
from trufspec.serve.models import ActionRequest

pytestmark = pytest.mark.server

PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]
PROBLEM = "application/problem+json"


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def errors(text: str) -> list[str]:
    return [d.message for d in check_text(text).diagnostics if d.severity.value == "error"]


def new_game(client: httpx.Client, seed: int) -> dict[str, Any]:
    response = client.post(
        "/v1/games", json={"ruleset": "truf-basics", "players": PLAYERS, "seed": seed}
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


# ------------------------------------------------------------------ --database


def test_a_database_url_of_another_scheme_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["serve", "--database", "mysql://me:secret@db/games"])
    assert result.exit_code == 2, result.output
    assert "scheme 'mysql'" in result.stderr
    assert "postgresql://" in result.stderr
    assert "secret" not in result.stderr


@pytest.mark.slow
def test_a_database_unreachable_at_start_exits_2_naming_it_without_its_password() -> None:
    url = f"postgresql://me:secret@127.0.0.1:{free_port()}/games"
    done = subprocess.run(
        [sys.executable, "-m", "trufspec", "serve", "--port", "0", "--database", url],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert f"the database {url.replace(':secret@', ':***@')} cannot be reached" in done.stderr
    assert "secret" not in done.stderr
    assert "Traceback" not in done.stderr


def test_a_sqlite_file_that_cannot_be_made_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "no such folder" / "games.sqlite"
    result = CliRunner().invoke(main, ["serve", "--database", str(path)])
    assert result.exit_code == 2, result.output
    assert f"the database {path} cannot be opened" in result.stderr


# ------------------------------------------------------------------ two machines


@pytest.fixture
def two(tmp_path: Path, postgres: Cluster) -> Iterator[tuple[Server, Server]]:
    """Two servers on two ports over one PostgreSQL database, as two machines would be."""
    with (
        running(tmp_path / "first", database_url=postgres.url) as first,
        running(tmp_path / "second", database_url=postgres.url) as second,
    ):
        yield first, second


@pytest.mark.slow
def test_two_servers_over_one_database_play_one_game(
    two: tuple[Server, Server], postgres: Cluster
) -> None:
    heard: list[tuple[str, int]] = []
    listener = open_store(postgres.url)
    listener.listen(lambda game, version: heard.append((game, version)))
    clients = [server.client() for server in two]
    try:
        game = new_game(clients[0], seed=31)
        table = bearer(game["tokens"]["table"])
        url = f"/v1/games/{game['id']}"
        for version in range(1, 41):
            acting, other = clients[version % 2], clients[(version + 1) % 2]
            view = acting.get(url, headers=table).json()
            assert view["version"] == version - 1
            action = view["legal_actions"]["items"][0]
            answer = acting.post(
                url + "/actions", json={"action": action, "version": version - 1}, headers=table
            )
            assert answer.status_code == 200, answer.text
            # The other machine shows the action at once, whichever machine took it.
            seen = other.get(url, headers=table).json()
            assert seen["version"] == version
            assert seen == acting.get(url, headers=table).json()
        records = [c.get(url + "/record", headers=table).json() for c in clients]
        assert records[0] == records[1]
        assert records[0]["version"] == 40
        assert not errors(records[0]["record"])
        # A listener of a third process heard every action, from both machines.
        deadline = time.monotonic() + 10
        while (game["id"], 40) not in heard and time.monotonic() < deadline:
            time.sleep(0.02)
        versions = [v for g, v in heard if g == game["id"]]
        assert versions == list(range(1, 41))
    finally:
        for client in clients:
            client.close()
        listener.close()


@pytest.mark.slow
def test_each_seat_s_stream_on_one_machine_hears_the_actions_taken_on_another(
    two: tuple[Server, Server],
) -> None:
    """Streams served by the second machine, one per seat and one watching, opened before the
    game moves; every action goes through the first machine; each stream sends every version,
    in order, once."""
    first, second = two
    with first.client() as acting, second.client() as watching:
        game = new_game(acting, seed=32)
        tokens = [*game["tokens"]["seats"].values(), game["tokens"]["watch"]]
        with ExitStack() as held:
            streams = [held.enter_context(stream(watching, game, token)) for token in tokens]
            for response in streams:
                assert response.status_code == 200
            table = bearer(game["tokens"]["table"])
            url = f"/v1/games/{game['id']}"
            for version in range(1, 25):
                view = acting.get(url, headers=table).json()
                action = {"action": view["legal_actions"]["items"][0], "version": version - 1}
                assert acting.post(url + "/actions", json=action, headers=table).is_success
            for response in streams:
                assert read(response, until=24).ids == list(range(1, 25))


@pytest.mark.slow
def test_the_bots_of_two_servers_hear_an_action_taken_on_another_machine(
    two: tuple[Server, Server], postgres: Cluster
) -> None:
    """A person's action stored by a third process (a machine with no bots of its own) wakes
    the servers' bots through the database's notification, and each bot action is stored
    once, whichever server's bot took it."""
    bots = {"Budi": "basic", "Citra": "basic", "Dewi": "basic"}
    body = {"ruleset": "truf-basics", "players": PLAYERS, "seed": 12, "bots": bots}
    host = Host(open_store(postgres.url))
    with two[0].client() as client:
        game = client.post("/v1/games", json=body).json()
        url, ana = f"/v1/games/{game['id']}", game["tokens"]["seats"]["Ana"]
        deadline = time.monotonic() + 90
        turns = 0
        while turns < 3:
            # The bots act until Ana is to act (or the game is over).
            while "Ana" not in (view := client.get(url, headers=bearer(ana)).json())["to_act"]:
                assert not view["over"], "three turns of Ana's come before the end"
                assert time.monotonic() < deadline, f"the bots stopped at {view['version']}"
                time.sleep(0.05)
            try:
                acted = host.act(game["id"], ana, ActionRequest(view["legal_actions"]["items"][0]))
            except ProblemError as moved:
                # Where the turn order is free a bot may play first: Ana looks again.
                if moved.problem.status != 409 or moved.problem.code is not None:
                    raise
                continue
            assert acted.view.version > view["version"]  # bids are sealed: bots' may come first
            turns += 1
        while client.get(url, headers=bearer(ana)).json()["version"] == acted.view.version:
            assert time.monotonic() < deadline, "no bot acted after Ana's action"
            time.sleep(0.05)
    host.store.close()
    store = open_store(postgres.url)
    logged = store.actions(game["id"], 0)
    store.close()
    assert [row.version for row in logged] == list(range(1, len(logged) + 1))
    assert sum(row.seat == "Ana" for row in logged) == 3


# ------------------------------------------------------------------ faults


class Load:
    """Clients playing games as fast as the answers come, each its own game, bounded in actions
    and seconds, and keeping every answer: a 200 is an action the server says it stored."""

    def __init__(self, server: Server, games: int, actions: int, seconds: float) -> None:
        self.server = server
        self.actions = actions
        self.deadline = time.monotonic() + seconds
        self.stored: dict[str, dict[int, str]] = {}
        self.tables: dict[str, str] = {}
        self.statuses: list[int] = []
        self.unavailable: list[httpx.Response] = []
        self.lost = 0
        """Requests that got no answer (a worker killed with them in flight)."""
        self._lock = threading.Lock()
        self._threads = [
            threading.Thread(target=self._play, args=(seed,), daemon=True)
            for seed in range(41, 41 + games)
        ]

    def __enter__(self) -> Load:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        for thread in self._threads:
            thread.join()

    def count(self) -> int:
        with self._lock:
            return sum(len(actions) for actions in self.stored.values())

    def _client(self) -> httpx.Client:
        # No connection kept: each request may reach either worker.
        return self.server.client(limits=httpx.Limits(max_keepalive_connections=0))

    def _play(self, seed: int) -> None:
        with self._client() as client:
            while True:
                try:
                    game = new_game(client, seed)
                    break
                except httpx.TransportError:
                    assert time.monotonic() < self.deadline
        url, table = f"/v1/games/{game['id']}", bearer(game["tokens"]["table"])
        with self._lock:
            self.stored[game["id"]] = {}
            self.tables[game["id"]] = game["tokens"]["table"]
        with self._client() as client:
            for _ in range(self.actions):
                if time.monotonic() > self.deadline:
                    return
                try:
                    view = client.get(url, headers=table)
                    self._answered(view)
                    if view.status_code != 200:
                        time.sleep(0.05)
                        continue
                    seen = view.json()
                    if seen["over"]:
                        return
                    body = {"action": seen["legal_actions"]["items"][0]}
                    answer = client.post(
                        url + "/actions", json=body | {"version": seen["version"]}, headers=table
                    )
                except httpx.TransportError:
                    with self._lock:
                        self.lost += 1
                    continue
                self._answered(answer)
                if answer.status_code == 200:
                    result = answer.json()
                    with self._lock:
                        self.stored[game["id"]][result["view"]["version"]] = result["applied"]

    def _answered(self, response: httpx.Response) -> None:
        with self._lock:
            self.statuses.append(response.status_code)
            if response.status_code == 503:
                self.unavailable.append(response)


def workers(server: Server) -> list[int]:
    """The process ids of a server's workers: the children uvicorn started."""
    children = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
    found = []
    for pid in children.read_text().split():
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except FileNotFoundError:
            continue
        if b"spawn_main" in command and b"resource_tracker" not in command:
            found.append(int(pid))
    return found


def nothing_lost(load: Load, database: str, server: Server) -> None:
    """Every action answered 200 is in the log as it was answered, the log's versions run on
    without a gap, and each game resumes and its record checks clean."""
    store = open_store(database)
    try:
        for game, answered in load.stored.items():
            logged = store.actions(game, 0)
            versions = [row.version for row in logged]
            assert versions == list(range(1, len(logged) + 1)), versions
            stored = store.load(game)
            assert stored is not None and stored.version == len(logged)
            by_version = {row.version: row.action for row in logged}
            for version, applied in answered.items():
                assert by_version.get(version) == applied, (game, version)
            table = bearer(load.tables[game])
            with server.client() as client:
                record = client.get(f"/v1/games/{game}/record", headers=table).json()
                assert record["version"] == len(logged)
                assert not errors(record["record"]), record["record"]
                if not stored.over:
                    view = client.get(f"/v1/games/{game}", headers=table).json()
                    action = view["legal_actions"]["items"][0]
                    resumed = client.post(
                        f"/v1/games/{game}/actions", json={"action": action}, headers=table
                    )
                    assert resumed.status_code == 200, resumed.text
                    assert resumed.json()["view"]["version"] == len(logged) + 1
    finally:
        store.close()


def replaced(server: Server, killed: list[int]) -> bool:
    """Whether the server has two workers again, none of them one that was killed (a worker
    killed under load is listed a moment longer, until it has exited)."""
    now = workers(server)
    return len(now) == 2 and not set(killed) & set(now)


@pytest.mark.slow
@pytest.mark.parametrize("on", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_worker_killed_mid_run_loses_no_action_it_answered(
    on: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    database = str(tmp_path / "games.sqlite")
    if on == "postgres":
        cluster: Cluster = request.getfixturevalue("postgres")
        database = cluster.url
    url = database if on == "postgres" else None
    with running(tmp_path / "games.sqlite", workers=2, database_url=url) as server:
        started = time.monotonic()
        while len(workers(server)) < 2 and time.monotonic() - started < 30:
            time.sleep(0.1)
        with Load(server, games=4, actions=60, seconds=40) as load:
            killed: list[int] = []
            for after in (20, 60):  # two kills, each once enough actions were answered
                while load.count() < after and time.monotonic() < load.deadline:
                    time.sleep(0.02)
                while not replaced(server, killed) and time.monotonic() < load.deadline:
                    time.sleep(0.05)  # the one killed before is gone and started again first
                victim = workers(server)[0]
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)
        # uvicorn started a worker for each one killed, and the server answers on.
        while not replaced(server, killed) and time.monotonic() - started < 90:
            time.sleep(0.1)
        assert len(set(killed)) == 2 and len(workers(server)) == 2
        assert not set(killed) & set(workers(server))
        assert load.count() > 60, load.count()
        assert 500 not in load.statuses
        nothing_lost(load, database, server)


@pytest.mark.slow
def test_postgresql_stopped_mid_run_is_503_then_the_service_goes_on(
    tmp_path: Path, postgres: Cluster
) -> None:
    with running(tmp_path / "games", database_url=postgres.url) as server:
        with Load(server, games=3, actions=80, seconds=60) as load:
            while load.count() < 15 and time.monotonic() < load.deadline:
                time.sleep(0.02)
            postgres.stop()
            try:
                # Down long enough for requests to give up waiting for a connection (5 s).
                while len(load.unavailable) < 3 and time.monotonic() < load.deadline:
                    time.sleep(0.1)
            finally:
                postgres.start()
            down = load.count()
        assert load.unavailable, "no request was answered 503 while the database was down"
        for answer in load.unavailable:
            assert answer.headers["content-type"].startswith(PROBLEM)
            assert int(answer.headers["retry-after"]) > 0
            body = answer.json()
            assert body["status"] == 503
            assert body["type"].endswith("#problem-unavailable")
            assert "Traceback" not in answer.text
        assert 500 not in load.statuses
        # The service went on by itself once the database was back.
        assert load.count() > down, "no action was stored after the database came back"
        nothing_lost(load, postgres.url, server)


@pytest.mark.slow
def test_processes_racing_on_one_game_store_each_version_once(postgres: Cluster) -> None:
    """The compare-and-set of the log across processes: each tries every version in turn, so
    each version is stored once, by one of them, and nothing else."""
    program = (
        "import sys, time\n"
        "from trufspec.serve.database import open_store\n"
        "from trufspec.serve.store import Logged\n"
        "store = open_store(sys.argv[1])\n"
        "won = sum(store.append(sys.argv[2], Logged(v, 'Ana', sys.argv[3], False, time.time()),"
        " False) for v in range(1, 31))\n"
        "print(won)\n"
    )
    store = open_store(postgres.url)
    created = store.create("truf-jb", "1", "", PLAYERS, {})
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", program, postgres.url, created.game, name],
            stdout=subprocess.PIPE,
            text=True,
        )
        for name in ("2S", "3S", "4S")
    ]
    won = [int(racer.communicate(timeout=120)[0]) for racer in racers]
    logged = store.actions(created.game, 0)
    store.close()
    assert [row.version for row in logged] == list(range(1, 31))
    by_racer = [sum(row.action == name for row in logged) for name in ("2S", "3S", "4S")]
    assert by_racer == won
