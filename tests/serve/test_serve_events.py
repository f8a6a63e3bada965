"""Event streams, entity tags and the watch token against a live server: what a stream sends,
how it goes on after a reconnection, what it refuses, and that it hears of actions taken
through another worker.  Every stream is read with a deadline."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from event_streams import DEADLINE, bearer, read, stream
from live_server import Server, running

pytestmark = pytest.mark.server

HEARTBEAT = "0.3"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("events")
    with running(folder / "games.sqlite", "--heartbeat", HEARTBEAT) as live:
        yield live


@pytest.fixture
def client(server: Server) -> Iterator[httpx.Client]:
    with server.client() as client:
        yield client


PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]


def new_game(client: httpx.Client, ruleset: str = "truf-basics", **more: Any) -> dict[str, Any]:
    answer = client.post("/v1/games", json={"ruleset": ruleset, "players": PLAYERS, **more})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def act(client: httpx.Client, game: dict[str, Any], times: int) -> int:
    """The table plays the first legal action ``times`` times; the version reached."""
    table = bearer(game["tokens"]["table"])
    version = 0
    for _ in range(times):
        view = client.get(f"/v1/games/{game['id']}", params={"limit": 1}, headers=table).json()
        if view["over"]:
            break
        action = {"action": view["legal_actions"]["items"][0], "seat": view["to_act"][0]}
        moved = client.post(f"/v1/games/{game['id']}/actions", json=action, headers=table)
        assert moved.status_code == 200, moved.text
        version = moved.json()["view"]["version"]
    return version


@pytest.mark.slow
def test_a_stream_sends_each_action_as_the_seat_sees_it_and_goes_on_after_a_break(
    client: httpx.Client, server: Server
) -> None:
    game = new_game(client, seed=7)
    budi = game["tokens"]["seats"]["Budi"]
    with stream(client, game, budi) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        with server.client() as other:
            act(other, game, 6)
        first = read(response, until=6, comments=1)
    assert first.ids == [1, 2, 3, 4, 5, 6]
    assert first.comments >= 1  # a heartbeat while nothing was sent
    for name, number, data in first.events:
        assert name == data["kind"] == "action" and number == data["version"]
        assert "Budi:" in data["record"]  # the seat's own hand
        if data["phase"] == "bids":  # a sealed bid is shown to its bidder only
            assert (data.get("action") is not None) == (data["seat"] == "Budi")
    act(client, game, 3)
    with stream(client, game, budi, **{"Last-Event-ID": "6"}) as response:
        again = read(response, until=9)
    assert again.ids == [7, 8, 9]


@pytest.mark.slow
def test_a_stream_hears_of_actions_taken_through_another_process(tmp_path: Path) -> None:
    """Two servers over one games file: the stream is on one, the actions go to the other, as
    they may to another worker of one server."""
    database = tmp_path / "games.sqlite"
    with (
        running(database, "--heartbeat", HEARTBEAT) as one,
        running(database, "--heartbeat", HEARTBEAT) as other,
        one.client() as client,
        other.client() as elsewhere,
    ):
        game = new_game(client, seed=3)
        watch = game["tokens"]["watch"]
        with stream(client, game, watch, **{"Last-Event-ID": "0"}) as response:
            act(elsewhere, game, 8)
            found = read(response, until=8)
    assert found.ids == list(range(1, 9))
    # The watcher is never shown a hand.
    assert all("hands\n  *" in data["record"] for _, _, data in found.events)


def test_a_finished_game_sends_its_end_and_closes(client: httpx.Client) -> None:
    game = new_game(client, "truf-jb", readings={"deals": "1"}, seed=5)
    last = act(client, game, 200)
    watch = game["tokens"]["watch"]
    url = f"/v1/games/{game['id']}/events"
    # A browser's EventSource sends no header: the token goes in the query, on this route.
    with client.stream("GET", url, params={"token": watch}) as response:
        assert response.status_code == 200
        ended = read(response)
    assert [(name, number) for name, number, _ in ended.events] == [("game-end", last)]
    assert ended.events[0][2]["winners"]
    with stream(client, game, watch, **{"Last-Event-ID": str(last - 2)}) as response:
        tail = read(response)
    names = [(name, number) for name, number, _ in tail.events]
    assert names == [
        ("action", last - 1),
        ("action", None),
        ("deal-end", None),
        ("game-end", last),
    ]
    scores = tail.events[2][2]["scores"]
    assert set(scores) == set(PLAYERS)
    # Once over, the watcher is shown everything, and given the record.
    assert "hands\n  Ana:" in tail.events[1][2]["record"]
    record = client.get(f"/v1/games/{game['id']}/record", headers=bearer(watch))
    assert record.status_code == 200 and record.json()["over"]


def problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    return body


def test_a_stream_refuses_what_it_cannot_serve(client: httpx.Client) -> None:
    game = new_game(client, seed=7)
    url = f"/v1/games/{game['id']}/events"
    ana = game["tokens"]["seats"]["Ana"]
    assert "Bearer" in problem(client.get(url), 401)["detail"]
    other = new_game(client, seed=7)
    problem(client.get(url, headers=bearer(other["tokens"]["table"])), 403)
    problem(client.get(url, params={"token": other["tokens"]["watch"]}), 403)
    for said in ("abc", "-1", "1.5", "", "9" * 30):
        refused = problem(client.get(url, headers={**bearer(ana), "Last-Event-ID": said}), 400)
        assert "Last-Event-ID" in refused["detail"]
    beyond = problem(client.get(url, headers={**bearer(ana), "Last-Event-ID": "5"}), 400)
    assert "beyond the game's version 0" in beyond["detail"]
    problem(client.get(url, params={"since": 3}, headers=bearer(ana)), 400)
    with ExitStack() as held:
        for _ in range(4):
            response = held.enter_context(stream(client, game, ana))
            assert response.status_code == 200
        fifth = client.get(url, headers=bearer(ana))
        assert "4 event streams" in problem(fifth, 429)["detail"]
        assert int(fifth.headers["Retry-After"]) > 0
        # Another token holds streams of its own.
        budi = held.enter_context(stream(client, game, game["tokens"]["seats"]["Budi"]))
        assert budi.status_code == 200
    # A stream closed is a stream given back.
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        with stream(client, game, ana) as response:
            if response.status_code == 200:
                break
        time.sleep(0.3)
    else:
        raise AssertionError("the closed streams were not given back")


def test_a_view_not_changed_is_answered_304_with_no_body(client: httpx.Client) -> None:
    game = new_game(client, seed=7)
    url = f"/v1/games/{game['id']}"
    ana = bearer(game["tokens"]["seats"]["Ana"])
    first = client.get(url, headers=ana)
    tag = first.headers["ETag"]
    assert tag.startswith('W/"')
    same = client.get(url, headers={**ana, "If-None-Match": tag})
    assert same.status_code == 304 and same.content == b""
    assert same.headers["ETag"] == tag
    listed = client.get(url, headers={**ana, "If-None-Match": f'"other", {tag[2:]}'})
    assert listed.status_code == 304
    asked_else = client.get(url, params={"format": "json"}, headers={**ana, "If-None-Match": tag})
    assert asked_else.status_code == 200 and asked_else.headers["ETag"] != tag
    act(client, game, 1)
    moved = client.get(url, headers={**ana, "If-None-Match": tag})
    assert moved.status_code == 200 and moved.json()["version"] == 1
    since = client.get(url, params={"since": 0}, headers=ana).json()
    assert [change["version"] for change in since["changes"]] == [1]
    watch = client.get(url, headers=bearer(game["tokens"]["watch"])).json()
    assert (watch["role"], watch["seat"], watch["hand"]) == ("watch", None, [])


@pytest.mark.slow
def test_the_documented_event_source_example_runs_in_a_browser(
    client: httpx.Client, server: Server
) -> None:
    """The page's EventSource example, in Chromium on a page of the server: the token in the
    query, each action logged as it is applied, a sealed bid of another seat hidden."""
    from browser import Tab, chromium
    from docblocks import service_blocks as blocks

    example = blocks("javascript", "Views, changes and event streams")[0]
    game = new_game(client, seed=7)
    said = f"const id = {json.dumps(game['id'])};\n"
    said += f"const token = {json.dumps(game['tokens']['seats']['Budi'])};\n"
    logged: list[str] = []
    with chromium() as browser:
        tab = Tab.of(browser, 1000)
        page = tab.open(server.url + "/")  # a page of the server, for its origin
        page.on("console", lambda message: logged.append(message.text))
        page.evaluate("() => {" + said + example + "\nwindow.events = events;\n}")
        page.wait_for_function("window.events.readyState === EventSource.OPEN")
        act(client, game, 5)
        deadline = time.monotonic() + DEADLINE
        while len(logged) < 5 and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        page.evaluate("() => window.events.close()")
        assert not tab.errors, tab.errors
    assert [line.split()[0] for line in logged] == ["1", "2", "3", "4", "5"], logged
    bids = [line for line in logged if "[" in line and line.split()[1] != "Budi"][:2]
    assert all("(hidden)" in line for line in bids), logged


@pytest.mark.slow
def test_a_server_stops_with_a_stream_open(tmp_path: Path) -> None:
    """A stream stays open until its game ends, but a server told to stop closes it at once,
    cleanly, rather than wait out the time its other requests may take (10 + 5 s here)."""
    with httpx.Client(timeout=30) as client:  # open until the server has stopped
        with running(tmp_path / "games.sqlite", "--heartbeat", "60") as live:
            with live.client() as creating:
                game = new_game(creating, seed=3)
                act(creating, game, 2)
            url = f"{live.url}/v1/games/{game['id']}/events"
            headers = {**bearer(game["tokens"]["watch"]), "Last-Event-ID": "0"}
            response = client.send(client.build_request("GET", url, headers=headers), stream=True)
            assert response.status_code == 200
            lines = response.iter_lines()
            sent: list[str] = []
            while "id: 2" not in sent or sent[-1]:  # the second event whole, in the timeout
                sent.append(next(lines))
            stopping = time.monotonic()
        # Leaving the block stops the server: SIGTERM, and SIGKILL after 20 s.
        assert time.monotonic() - stopping < 5
        assert not any(list(lines))  # the stream ended, and sent nothing more
        response.close()
    log = live.log.read_text(errors="replace")
    assert "Traceback" not in log and "ERROR" not in log, log
