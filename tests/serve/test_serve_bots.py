"""The bots of hosted games: two drivers over one games file (in this process, then as the two
workers of a live server) play a game of bots to its end, each bot action logged once; a
starting worker takes up a game left waiting on a bot; and votes, which the seats cast at the
same time, do not conflict."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from live_server import running

from trufspec import check_text
from trufspec.diagnostics import Severity
from trufspec.serve.bots import MOST_ACTIONS, BotDriver
from trufspec.serve.games import Host, ProblemError
from trufspec.serve.models import ActionRequest, NewGame
from trufspec.serve.store_sqlite import SqliteStore

PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]
BOTS = dict.fromkeys(PLAYERS, "basic")


def _wait_over(store: SqliteStore, game: str, seconds: float) -> int:
    """The game's version once it is over; fails after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        stored = store.load(game)
        assert stored is not None
        if stored.over:
            return stored.version
        assert time.monotonic() < deadline, f"not over: at version {stored.version}"
        time.sleep(0.05)


def _errors(host: Host, game: str, table: str) -> list[str]:
    """The errors the check finds in the game's record."""
    text = host.record(game, table, as_json=False).record
    assert isinstance(text, str)
    return [d.message for d in check_text(text).diagnostics if d.severity is Severity.ERROR]


@pytest.mark.slow
def test_two_workers_bots_play_a_game_through_each_action_once(tmp_path: Path) -> None:
    path = str(tmp_path / "games.sqlite")
    stores = [SqliteStore(path), SqliteStore(path)]
    hosts = [Host(store) for store in stores]
    drivers = [BotDriver(host) for host in hosts]
    for driver in drivers:
        driver.start()
    try:
        created = hosts[0].create(NewGame("truf-basics", PLAYERS, seed=6, bots=BOTS))
        assert created.tokens.seats == {}
        for driver in drivers:
            driver.wake(created.id, 0)
        version = _wait_over(stores[1], created.id, 120)
    finally:
        for driver in drivers:
            driver.stop()
    logged = stores[0].actions(created.id, 0)
    assert [a.version for a in logged] == list(range(1, version + 1))
    assert _errors(hosts[1], created.id, created.tokens.table) == []
    # The same seed and bots, played by one worker, make the same game: each choice is the
    # same whichever worker made it.
    alone = SqliteStore(str(tmp_path / "alone.sqlite"))
    host = Host(alone)
    driver = BotDriver(host)
    again = host.create(NewGame("truf-basics", PLAYERS, seed=6, bots=BOTS))
    played: list[str] = []
    for _ in range(version):
        played += driver.play(again.id)
        if len(played) >= version:
            break
    assert [a.action for a in alone.actions(again.id, 0)] == [a.action for a in logged]


def test_a_starting_worker_takes_up_a_game_waiting_on_a_bot(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "games.sqlite"))
    host = Host(store)
    created = host.create(NewGame("truf-jb", PLAYERS, seed=2, bots={"Budi": "random"}))
    person = host.create(NewGame("truf-jb", PLAYERS, seed=2))
    assert store.bot_games() == [created.id]
    driver = BotDriver(Host(SqliteStore(store.url)))
    driver.start()  # nobody wakes it for the game: it looks at the games with bots itself
    try:
        deadline = time.monotonic() + 30
        while not any(a.seat == "Budi" for a in store.actions(created.id, 0)):
            assert time.monotonic() < deadline, "Budi never acted"
            time.sleep(0.05)
    finally:
        driver.stop()
    stored = store.load(person.id)
    assert stored is not None and stored.version == 0  # a game of people only is left alone
    assert len(driver.play(created.id)) <= MOST_ACTIONS


def test_votes_sent_on_one_version_are_all_applied(tmp_path: Path) -> None:
    host = Host(SqliteStore(str(tmp_path / "games.sqlite")))
    created = host.create(NewGame("tromplemond", PLAYERS, seed=0))
    table = created.tokens.table
    view = host.view(created.id, table, None, False, 0, 10)
    while view.phase != "votes":
        host.act(created.id, table, ActionRequest(view.legal_actions.items[0]))
        view = host.view(created.id, table, None, False, 0, 10)
    assert view.to_act == PLAYERS
    # Every seat votes on the view it saw, the same version: no vote conflicts with another.
    for seat in PLAYERS:
        token = created.tokens.seats[seat]
        seen = host.view(created.id, token, None, False, 0, 10)
        vote = seen.legal_actions.items[0]
        result = host.act(created.id, token, ActionRequest(vote, version=view.version))
        assert result.view.version == view.version + 1 + PLAYERS.index(seat)
    # A vote sent again on the old version is refused: the seat has voted.
    again = ActionRequest(vote, version=view.version)
    with pytest.raises(ProblemError) as refused:
        host.act(created.id, created.tokens.seats[PLAYERS[-1]], again)
    assert refused.value.problem.status == 409


@pytest.mark.server
def test_a_server_of_two_workers_plays_a_game_of_bots_to_its_end(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite"
    body = {"ruleset": "truf-basics", "players": PLAYERS, "seed": 9, "bots": BOTS}
    with running(database, workers=2) as live, live.client() as client:
        created = client.post("/v1/games", json=body)
        assert created.status_code == 201, created.text
        game = created.json()
        table = {"authorization": f"Bearer {game['tokens']['table']}"}
        deadline = time.monotonic() + 120
        while not (view := client.get(f"/v1/games/{game['id']}", headers=table).json())["over"]:
            assert time.monotonic() < deadline, f"not over: at version {view['version']}"
            time.sleep(0.2)
    # Both workers' bots acted on each move; each action is in the log once, and the server
    # stopped with its bots.
    store = SqliteStore(str(database))
    assert [a.version for a in store.actions(game["id"], 0)] == list(range(1, view["version"] + 1))
    assert _errors(Host(store), game["id"], game["tokens"]["table"]) == []
    assert "Traceback" not in live.log.read_text(errors="replace")
