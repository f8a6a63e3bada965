"""``trufspec serve`` against a live server: every endpoint, bad input, concurrent actions on one
game, a restart, and what a seat may see."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from live_server import Server, running
from postgres_cluster import Cluster

from trufspec.api import check_text, dumps, load
from trufspec.jsonrecords import write_json

ROOT = Path(__file__).resolve().parents[2]
BASICS = ROOT / "records" / "truf-basics" / "acknowledged-revoke-2027-05-22.truf"
PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]
PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("serve")
    with running(folder / "games.sqlite", "--max-body", "200000", "--time-budget", "2") as live:
        yield live


@pytest.fixture(scope="module")
def postgres_server(
    tmp_path_factory: pytest.TempPathFactory, postgres: Cluster
) -> Iterator[Server]:
    """A server of the same settings keeping its games in the session's PostgreSQL cluster."""
    folder = tmp_path_factory.mktemp("serve-postgres")
    options = ("--max-body", "200000", "--time-budget", "2")
    with running(folder / "games", *options, database_url=postgres.url) as live:
        yield live


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def hosting(request: pytest.FixtureRequest) -> Server:
    """The server of one store or the other, for the tests of hosted games run on both."""
    fixture = "server" if request.param == "sqlite" else "postgres_server"
    live: Server = request.getfixturevalue(fixture)
    return live


@pytest.fixture
def client(request: pytest.FixtureRequest, server: Server) -> Iterator[httpx.Client]:
    """A client of the SQLite server, or of either server for a test marked ``ON_BOTH``."""
    on = getattr(request, "param", "sqlite")
    live = server if on == "sqlite" else request.getfixturevalue("postgres_server")
    with live.client() as client:
        yield client


ON_BOTH = pytest.mark.parametrize("client", ["sqlite", "postgres"], indirect=True)
"""Runs a test taking ``client`` against the server on SQLite and the one on PostgreSQL."""


def cut_mid_trick() -> str:
    """Deal 1 of a truf-basics record, cut after the first two cards of trick 1."""
    text = BASICS.read_text(encoding="utf-8")
    deal = text.split("\n\n")[1].split("play")[0]
    head = '[Ruleset "truf-basics"]\n[Players "Ana Budi Citra Dewi"]\n\n'
    return head + deal + "play\n   1. Citra: AS 6S\n  *\n"


def errors(text: str) -> list[str]:
    """The errors the check finds in a record."""
    return [d.message for d in check_text(text).diagnostics if d.severity.value == "error"]


def problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text[:2000]
    assert response.headers["content-type"].startswith(PROBLEM)
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    assert body["type"].startswith("https://")
    assert "Traceback" not in response.text
    return body


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def new_game(client: httpx.Client, ruleset: str = "truf-basics", seed: int = 5) -> dict[str, Any]:
    response = client.post("/v1/games", json={"ruleset": ruleset, "players": PLAYERS, "seed": seed})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


# ------------------------------------------------------------------ the endpoints


@pytest.mark.server
def test_the_rules_and_one_clause_with_its_quoted_words(client: httpx.Client) -> None:
    index = client.get("/v1/rules").json()
    names = {r["name"] for r in index["rulesets"]}
    assert {"truf-jb", "truf-basics", "truf-de", "ruff-and-honours", "tromplemond"} <= names
    jb = next(r for r in index["rulesets"] if r["name"] == "truf-jb")
    assert {"code": "JB305", "title": "Follow suit"} in jb["clauses"]
    clause = client.get("/v1/rules/JB305").json()
    assert clause["ruleset"] == "truf-jb"
    assert clause["citations"][0]["quote"]
    problem(client.get("/v1/rules/XX999"), 404)


@pytest.mark.server
def test_check_gives_the_check_document_for_notation_and_json(client: httpx.Client) -> None:
    text = BASICS.read_text(encoding="utf-8")
    document = client.post("/v1/check", json={"record": text}).json()
    assert document["version"] == 2
    assert document["summary"]["deals"] == 6
    record = json.loads(write_json(load(BASICS).games))
    record["games"][0]["deals"][0]["sections"][3]["tricks"][0]["cards"][1] = "AS"
    found = client.post("/v1/check", json={"record": record}).json()
    pointers = [d["pointer"] for d in found["files"][0]["diagnostics"]]
    assert "/games/0/deals/0/sections/3/tricks/0/cards/1" in pointers


@pytest.mark.server
def test_readings_report(client: httpx.Client) -> None:
    text = BASICS.read_text(encoding="utf-8")
    document = client.post("/v1/readings", json={"record": text}).json()
    assert document["files"][0]["games"]


@pytest.mark.server
def test_the_stateless_referee_applies_an_action_mid_deal(client: httpx.Client) -> None:
    answer = client.post("/v1/referee", json={"record": cut_mid_trick(), "action": "8S"}).json()
    assert answer["applied"] == "8S"
    assert answer["player"] == "Ana"
    assert answer["to_act"] == ["Budi"]
    assert "1. Citra: AS 6S 8S" in answer["record"]
    assert answer["legal_actions"]["player"] == "Budi"
    assert sorted(answer["legal_actions"]["items"]) == ["2S", "3S", "JS"]
    assert not errors(answer["record"])


@pytest.mark.server
def test_the_stateless_referee_answers_in_json_for_a_json_record(client: httpx.Client) -> None:
    from trufspec.api import loads

    record = json.loads(write_json(loads(cut_mid_trick()).games))
    answer = client.post("/v1/referee", json={"record": record, "action": "8S"}).json()
    assert answer["record"]["version"] == 1
    play = answer["record"]["games"][0]["deals"][0]["sections"][-1]
    assert play["tricks"][0]["cards"] == ["AS", "6S", "8S"]


@pytest.mark.server
def test_the_stateless_referee_refuses_with_the_clause(client: httpx.Client) -> None:
    body = problem(
        client.post("/v1/referee", json={"record": cut_mid_trick(), "action": "KH"}), 409
    )
    assert body["code"] == "TB303"
    assert body["clause"] == "Follow suit"
    assert body["citation"]["quote"]


@pytest.mark.server
def test_a_player_cannot_let_their_own_revoke_stand_but_the_table_can(
    client: httpx.Client,
) -> None:
    """``!`` in an action is refused whoever sends it; ``acknowledge`` is the table's act."""
    marked = client.post("/v1/referee", json={"record": cut_mid_trick(), "action": "KH!"})
    body = problem(marked, 409)
    assert body["code"] == "REF001"
    assert "never by the player who commits it" in body["detail"]
    answer = client.post(
        "/v1/referee", json={"record": cut_mid_trick(), "action": "KH", "acknowledge": True}
    ).json()
    assert answer["applied"] == "KH!"
    assert "1. Citra: AS 6S KH!" in answer["record"]
    assert not errors(answer["record"])


@pytest.mark.server
def test_legal_actions_come_in_pages(client: httpx.Client) -> None:
    record = '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]\n'
    first = client.post("/v1/referee", json={"record": record, "seed": 3, "limit": 5}).json()
    legal = first["legal_actions"]
    assert legal["total"] > 100_000
    assert len(legal["items"]) == 5
    more = client.post(
        "/v1/referee", json={"record": record, "seed": 3, "offset": 5, "limit": 5}
    ).json()["legal_actions"]
    assert more["offset"] == 5
    assert set(more["items"]).isdisjoint(legal["items"])


@pytest.mark.server
def test_the_openapi_document_and_the_docs_page(client: httpx.Client) -> None:
    document = client.get("/openapi.json").json()
    assert document["openapi"].startswith("3.1")
    assert "/v1/games/{game}/actions" in document["paths"]
    page = client.get("/docs")
    assert page.headers["content-type"].startswith("text/html")
    assert "/v1/referee" in page.text


# ------------------------------------------------------------------ hosted games


@pytest.mark.server
@ON_BOTH
def test_a_hosted_game_is_played_by_its_seats(client: httpx.Client) -> None:
    game = new_game(client)
    seats = game["tokens"]["seats"]
    view = client.get(f"/v1/games/{game['id']}", headers=bearer(seats["Ana"])).json()
    assert view["seat"] == "Ana"
    assert len(view["hand"]) == 13
    player = view["to_act"][0]
    own = client.get(f"/v1/games/{game['id']}", headers=bearer(seats[player])).json()
    action = own["legal_actions"]["items"][0]
    result = client.post(
        f"/v1/games/{game['id']}/actions", json={"action": action}, headers=bearer(seats[player])
    )
    assert result.status_code == 200, result.text
    assert result.json()["view"]["version"] == 1
    table = client.get(f"/v1/games/{game['id']}", headers=bearer(game["tokens"]["table"])).json()
    assert table["seat"] is None
    assert table["version"] == 1
    # A seat is given the record once the game is over; the table at any time.
    problem(client.get(f"/v1/games/{game['id']}/record", headers=bearer(seats["Ana"])), 403)
    record = client.get(
        f"/v1/games/{game['id']}/record", headers=bearer(game["tokens"]["table"])
    ).json()
    assert record["version"] == 1
    assert not errors(record["record"])


@pytest.mark.server
@ON_BOTH
def test_only_the_tables_token_lets_an_irregularity_stand(client: httpx.Client) -> None:
    game = new_game(client)
    seats, table = game["tokens"]["seats"], bearer(game["tokens"]["table"])
    actions = f"/v1/games/{game['id']}/actions"
    view = client.get(f"/v1/games/{game['id']}", headers=table).json()
    while view["phase"] != "play":
        first = view["legal_actions"]["items"][0]
        answer = client.post(
            actions, json={"action": first, "seat": view["to_act"][0]}, headers=table
        )
        assert answer.status_code == 200, answer.text
        view = client.get(f"/v1/games/{game['id']}", headers=table).json()
    player = view["to_act"][0]
    hand = client.get(f"/v1/games/{game['id']}", headers=bearer(seats[player])).json()["hand"]
    legal = client.get(f"/v1/games/{game['id']}?seat={player}", headers=table).json()
    # A lead is free but for trumps: play one card, then the next player may revoke.
    lead = legal["legal_actions"]["items"][0]
    assert client.post(actions, json={"action": lead}, headers=table).status_code == 200
    view = client.get(f"/v1/games/{game['id']}", headers=table).json()
    player = view["to_act"][0]
    hand = client.get(f"/v1/games/{game['id']}", headers=bearer(seats[player])).json()["hand"]
    allowed = set(view["legal_actions"]["items"])
    revoke = next((card for card in hand if card not in allowed), None)
    assert revoke is not None, "the seed deals the second player a suit to follow"
    seat = bearer(seats[player])
    version = view["version"]
    assert (
        problem(client.post(actions, json={"action": revoke + "!"}, headers=seat), 409)["code"]
        == "REF001"
    )
    refused = client.post(actions, json={"action": revoke, "acknowledge": True}, headers=seat)
    assert "only the table" in problem(refused, 403)["detail"]
    assert client.get(f"/v1/games/{game['id']}", headers=table).json()["version"] == version
    let_stand = client.post(
        actions, json={"action": revoke, "acknowledge": True, "seat": player}, headers=table
    )
    assert let_stand.status_code == 200, let_stand.text
    assert let_stand.json()["applied"] == revoke + "!"
    record = client.get(f"/v1/games/{game['id']}/record", headers=table).json()["record"]
    assert f"{revoke}!" in record
    assert not errors(record)


@pytest.mark.server
@ON_BOTH
def test_tokens_never_tell_whether_a_game_exists(client: httpx.Client) -> None:
    game = new_game(client)
    other = new_game(client)
    for path in (f"/v1/games/{game['id']}", "/v1/games/no-such-game"):
        missing = problem(client.get(path), 401)
        assert client.get(path).headers["www-authenticate"].startswith("Bearer")
        wrong = problem(client.get(path, headers=bearer("not-a-token")), 403)
        foreign = problem(client.get(path, headers=bearer(other["tokens"]["table"])), 403)
        assert wrong == foreign
        assert missing["detail"]
        assert "exist" not in wrong["detail"]
    seats = game["tokens"]["seats"]
    problem(
        client.get(
            f"/v1/games/{game['id']}", params={"seat": "Budi"}, headers=bearer(seats["Ana"])
        ),
        403,
    )
    problem(
        client.post(
            f"/v1/games/{game['id']}/actions",
            json={"action": "deal", "seat": "Budi"},
            headers=bearer(seats["Ana"]),
        ),
        403,
    )


@pytest.mark.server
def test_bad_input_is_a_problem_and_changes_nothing(client: httpx.Client) -> None:
    game = new_game(client)
    table = bearer(game["tokens"]["table"])
    url = f"/v1/games/{game['id']}/actions"
    view = client.get(f"/v1/games/{game['id']}", headers=table).json()
    waiting = next(p for p in PLAYERS if p not in view["to_act"][:1])
    out_of_turn = client.post(url, json={"action": "AS", "seat": waiting}, headers=table)
    refused = problem(out_of_turn, 409)
    assert refused["code"].startswith(("REF", "TB"))
    # The detail speaks of the seat by name; the same said to the seat speaks to it.
    assert waiting in refused["detail"]
    assert refused["said_to_seat"].startswith("You ")
    assert waiting not in refused["said_to_seat"].split(": ")[0]
    problem(client.post(url, json={"action": "not an action"}, headers=table), 409)
    problem(
        client.post(url, content=b"{", headers={**table, "content-type": "application/json"}), 400
    )
    problem(
        client.post(
            url,
            content=b'{"action": "\xff"}',
            headers={**table, "content-type": "application/json"},
        ),
        400,
    )
    problem(client.post(url, content=b"AS", headers={**table, "content-type": "text/plain"}), 415)
    problem(client.post(url, json={"action": 3}, headers=table), 422)
    problem(client.post(url, json={"action": "AS", "extra": 1}, headers=table), 422)
    problem(client.post("/v1/check", json={"record": "x" * 300_000}), 413)
    unknown = client.post(
        "/v1/games",
        json={"ruleset": "truf-jb", "players": PLAYERS, "readings": {"no-such-reading": "x"}},
    )
    assert problem(unknown, 422)["errors"][0]["key"] == "/readings/no-such-reading"
    problem(client.post("/v1/games", json={"ruleset": "chess", "players": PLAYERS}), 422)
    unresumable = client.post(
        "/v1/referee", json={"record": '[Ruleset "truf-jb"]\n', "action": "AS"}
    )
    assert problem(unresumable, 409)["code"] == "REF003"
    after = client.get(f"/v1/games/{game['id']}", headers=table).json()
    assert after["version"] == 0
    assert after["record"] == view["record"]


JSON_ENDPOINTS = ("/v1/check", "/v1/readings", "/v1/referee", "/v1/games")


def python_words(text: str) -> list[str]:
    """What of Python shows through a message: a repr of a key, a type's name, an enum."""
    found = re.findall(r"'data'|ParamType|`(?:str|int|float|bool)`|Traceback|Error\b", text)
    return list(found)


@pytest.mark.server
def test_every_reported_bad_input_is_a_true_4xx_and_changes_nothing(client: httpx.Client) -> None:
    game = new_game(client)
    table = bearer(game["tokens"]["table"])
    url = f"/v1/games/{game['id']}"
    before = client.get(url, headers=table).json()
    json_type = {"content-type": "application/json"}
    # A body of nested brackets, 2 KB deep by 1,000, on every JSON endpoint and the actions.
    deep = b'{"record": ' + b"[" * 1000 + b"]" * 1000 + b"}"
    for path in (*JSON_ENDPOINTS, url + "/actions"):
        body = problem(client.post(path, content=deep, headers={**table, **json_type}), 400)
        assert "32 deep" in body["detail"]
    # A version sent as a string is refused as the string it is.
    as_text = problem(
        client.post(url + "/actions", json={"action": "x", "version": "0"}, headers=table), 422
    )
    assert as_text["errors"] == [
        {"source": "body", "key": "/version", "message": "must be an integer or null, not a string"}
    ]
    # An empty body says so, on every JSON endpoint.
    for path in (*JSON_ENDPOINTS, url + "/actions"):
        empty = problem(client.post(path, content=b"", headers={**table, **json_type}), 400)
        assert empty["detail"] == "the body is empty; this request takes a JSON object"
    # A bad query parameter is named as one.
    limit = problem(client.get(url, params={"limit": 5000}, headers=table), 422)
    assert limit["detail"] == "the query parameter limit must be an integer of at most 1000"
    offset = problem(client.get(url, params={"offset": "abc"}, headers=table), 422)
    assert offset["detail"] == "the query parameter offset must be an integer, not a string"
    assert offset["errors"] == [
        {"source": "query", "key": "offset", "message": "must be an integer, not a string"}
    ]
    # A query parameter the request does not have is refused, named.
    extra = problem(client.get(url, params={"limt": 5}, headers=table), 422)
    assert extra["detail"].startswith("the query parameter limt is not a parameter of this")
    assert problem(client.get("/v1/rules", params={"x": 1}), 422)["errors"][0]["key"] == "x"
    # A version from the future is answered as such, and an old one as one overtaken.
    future = problem(
        client.post(url + "/actions", json={"action": "x", "version": 7}, headers=table), 409
    )
    assert "version 7 has not been reached" in future["detail"]
    assert "came first" not in future["detail"]
    # A method a path does not take is a documented problem.
    assert problem(client.delete(url), 405)["type"].endswith("#problem-method-not-allowed")
    # A seat the game does not have is named, for a view and for an action.
    assert (
        problem(client.get(url, params={"seat": "Zed"}, headers=table), 404)["detail"]
        == "no seat is named Zed"
    )
    zed = client.post(url + "/actions", json={"action": "x", "seat": "Zed"}, headers=table)
    assert problem(zed, 409)["detail"].startswith("no seat is named Zed; the seats: Ana, Budi")
    # A whole number written 0.0 is the integer it is, as JSON Schema says.
    assert (
        client.post("/v1/referee", json={"record": cut_mid_trick(), "limit": 2.0}).status_code
        == 200
    )
    for answer in (as_text, limit, offset, future):
        assert not python_words(json.dumps(answer)), answer
    after = client.get(url, headers=table).json()
    assert after["version"] == before["version"] == 0
    assert after["record"] == before["record"]


@pytest.mark.server
def test_a_new_game_is_refused_where_its_schema_says(client: httpx.Client) -> None:
    cases = {
        "/ruleset": {"ruleset": "chess", "players": PLAYERS},
        "/players": {"ruleset": "truf-basics", "players": PLAYERS[:3]},
        "/players/0": {"ruleset": "truf-basics", "players": ["Ana Maria", *PLAYERS[1:]]},
        "/readings/deals": {"ruleset": "truf-jb", "players": PLAYERS, "readings": {"deals": "+5"}},
        "/seed": {"ruleset": "truf-jb", "players": PLAYERS, "seed": -1},
    }
    for key, body in cases.items():
        answer = problem(client.post("/v1/games", json=body), 422)
        assert answer["errors"][0]["key"] == key, answer
        assert not python_words(json.dumps(answer)), answer
    twice = problem(
        client.post("/v1/games", json={"ruleset": "truf-jb", "players": ["A", "B", "A"]}), 422
    )
    assert twice["errors"] == [
        {"source": "body", "key": "/players", "message": "names a player twice"}
    ]
    three = client.post(
        "/v1/games",
        json={"ruleset": "truf-jb", "players": ["A", "B", "C"], "readings": {"deals": "100"}},
    )
    assert three.status_code == 201, three.text


@pytest.mark.server
def test_every_problem_type_is_documented(client: httpx.Client) -> None:
    page = (ROOT / "docs" / "service.rst").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. _problem-([a-z-]+):$", page, re.M))
    source = "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "trufspec" / "serve").glob("*.py")
    )
    used = set(re.findall(r'PROBLEMS \+ "([a-z-]+)"', source))
    used |= set(re.findall(r'^    \d{3}: \("([a-z-]+)"', source, re.M))
    assert used <= documented, used - documented
    assert {"malformed", "method-not-allowed", "refused", "conflict"} <= used


@pytest.mark.server
def test_sealed_bids_sent_at_once_are_all_applied(hosting: Server) -> None:
    with hosting.client() as client:
        game = new_game(client, "truf-jb", seed=11)
        table = bearer(game["tokens"]["table"])
        view = client.get(f"/v1/games/{game['id']}", headers=table).json()
    url = f"/v1/games/{game['id']}/actions"
    bidders = view["to_act"]
    assert len(bidders) == 4  # a sealed round: every seat bids, in any order

    def send(seat: str) -> httpx.Response:
        token = bearer(game["tokens"]["seats"][seat])
        with hosting.client() as own:
            seen = own.get(f"/v1/games/{game['id']}", headers=token).json()
            bid = seen["legal_actions"]["items"][0]
            return own.post(url, json={"action": bid, "version": 0}, headers=token)

    with ThreadPoolExecutor(len(bidders)) as pool:
        answers = list(pool.map(send, bidders))
    # Each bid was chosen on version 0; the others' bids came between, and none changes
    # what a seat may bid, so each is judged on the game as it is and applied.
    assert [a.status_code for a in answers] == [200] * 4, [a.text for a in answers]
    with hosting.client() as client:
        record = client.get(f"/v1/games/{game['id']}/record", headers=table).json()
        assert record["version"] == 4
        assert not errors(record["record"])
        # Through to the play: a card chosen on a view another card has since moved is
        # refused, as order matters there.
        view = client.get(f"/v1/games/{game['id']}", headers=table).json()
        while view["phase"] != "play":
            action = view["legal_actions"]["items"][0]
            client.post(url, json={"action": action, "version": view["version"]}, headers=table)
            view = client.get(f"/v1/games/{game['id']}", headers=table).json()
        stale = view["version"]
        leader = view["legal_actions"]["player"]
        client.post(url, json={"action": view["legal_actions"]["items"][0]}, headers=table)
        moved = client.get(f"/v1/games/{game['id']}", headers=table).json()
        follower = moved["legal_actions"]["player"]
        card = moved["legal_actions"]["items"][0]
        late = client.post(
            url,
            json={"action": card, "seat": follower, "version": stale},
            headers=table,
        )
        assert leader != follower
        assert problem(late, 409)["detail"] == (
            f"the game is at version {stale + 1}, not {stale}: another action came first"
        )


@pytest.mark.server
def test_many_clients_racing_on_one_game_never_tear_the_record(hosting: Server) -> None:
    with hosting.client() as client:
        game = new_game(client, seed=21)
        table = bearer(game["tokens"]["table"])
    url = f"/v1/games/{game['id']}/actions"

    def race(_: int) -> int:
        with hosting.client() as own:
            applied = 0
            for _ in range(6):
                view = own.get(f"/v1/games/{game['id']}", headers=table).json()
                if view["over"] or not view["legal_actions"]["items"]:
                    break
                answer = own.post(
                    url,
                    json={"action": view["legal_actions"]["items"][0], "version": view["version"]},
                    headers=table,
                )
                assert answer.status_code in (200, 409), answer.text
                applied += answer.status_code == 200
            return applied

    with ThreadPoolExecutor(8) as pool:
        applied = sum(pool.map(race, range(8)))
    with hosting.client() as client:
        record = client.get(f"/v1/games/{game['id']}/record", headers=table).json()
    assert record["version"] == applied
    assert not errors(record["record"])


@pytest.mark.server
def test_a_record_too_costly_is_stopped_and_others_are_served(tmp_path: Path) -> None:
    from trufspec.simulate import simulate

    text = "\n".join(simulate("truf-jb", 30, seed=4))
    assert 100_000 < len(text) < 190_000
    small = BASICS.read_text(encoding="utf-8")
    with (
        running(tmp_path / "games.sqlite", "--time-budget", "0.3") as live,
        live.client() as client,
        ThreadPoolExecutor(2) as pool,
    ):
        # The readings replay each of the 30 games under every reading: seconds of work.
        costly = pool.submit(client.post, "/v1/readings", json={"record": text})
        quick = [client.get("/v1/rules/JB305") for _ in range(3)]
        answer = costly.result()
        assert all(q.status_code == 200 for q in quick)
        assert problem(answer, 422)["type"].endswith("too-costly")
        # The pool process that was stopped is replaced: the next check is answered.
        assert client.post("/v1/check", json={"record": small}).status_code == 200


@pytest.mark.server
@pytest.mark.parametrize("on", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_restart_keeps_every_game(
    tmp_path: Path, on: str, request: pytest.FixtureRequest
) -> None:
    database = tmp_path / "games.sqlite"
    url = request.getfixturevalue("postgres").url if on == "postgres" else None
    with running(database, workers=2, database_url=url) as first, first.client() as client:
        game = new_game(client, seed=8)
        table = bearer(game["tokens"]["table"])
        view = client.get(f"/v1/games/{game['id']}", headers=table).json()
        action = view["legal_actions"]["items"][0]
        client.post(f"/v1/games/{game['id']}/actions", json={"action": action}, headers=table)
        before = client.get(f"/v1/games/{game['id']}/record", headers=table).json()
    with running(database, database_url=url) as second, second.client() as client:
        after = client.get(f"/v1/games/{game['id']}/record", headers=table).json()
        assert after == before
        view = client.get(f"/v1/games/{game['id']}", headers=table).json()
        action = view["legal_actions"]["items"][0]
        moved = client.post(
            f"/v1/games/{game['id']}/actions", json={"action": action}, headers=table
        )
        assert moved.status_code == 200, moved.text
        assert moved.json()["view"]["version"] == 2


# ------------------------------------------------------------------ what a seat may see

CARD = re.compile(r"(?<![\w-])(?:10|[2-9JQKA])[SHDC](?!\w)")


def cards_in(text: str) -> set[str]:
    return set(CARD.findall(text))


def hidden_from(client: httpx.Client, game: dict[str, Any], seat: str) -> dict[str, str]:
    """The cards ``seat`` may not see now, with who holds each: those in the other hands and
    the undealt cards (held by ``-``), less those its own view shows: played, shown face up,
    or named in its own legal actions."""
    table = bearer(game["tokens"]["table"])
    url = f"/v1/games/{game['id']}"
    held: dict[str, str] = {}
    for other in PLAYERS:
        if other != seat:
            hand = client.get(url, params={"seat": other}, headers=table).json()["hand"]
            held.update(dict.fromkeys(hand, other))
    full = client.get(url, params={"format": "json"}, headers=table).json()["record"]
    deals = full["games"][0]["deals"]
    for section in deals[-1]["sections"] if deals else []:
        if section["section"] in ("undealt", "stock"):
            held.update(dict.fromkeys(section["cards"], "-"))
    own = client.get(url, headers=bearer(game["tokens"]["seats"][seat])).json()
    offered = cards_in(" ".join(own["legal_actions"]["items"]))
    seen = cards_in(own["record"]) | set(own["hand"]) | offered
    return {card: holder for card, holder in held.items() if card not in seen}


@pytest.mark.server
@pytest.mark.parametrize(
    "ruleset",
    [
        "truf-basics",
        "truf-jb",
        "ruff-and-honours",
        "truf-de",
        "tromplemond",
    ],
)
def test_no_response_to_a_seat_holds_a_card_it_may_not_see(
    client: httpx.Client, ruleset: str
) -> None:
    game = new_game(client, ruleset, seed=13)
    url = f"/v1/games/{game['id']}"
    steps = 0
    while steps < 40:
        table_view = client.get(url, headers=bearer(game["tokens"]["table"])).json()
        if table_view["over"] or not table_view["to_act"]:
            break
        seat = table_view["to_act"][0]
        token = bearer(game["tokens"]["seats"][seat])
        hidden = hidden_from(client, game, seat)
        seen = client.get(url, headers=token)
        assert not cards_in(seen.text) & set(hidden), (seat, cards_in(seen.text) & set(hidden))
        # A card another player holds, asked for: the refusal must not show another hidden
        # card, nor name who holds it (unless that player is named as one to act, which is
        # public).
        for card in sorted(hidden)[:2]:
            refused = client.post(f"{url}/actions", json={"action": card}, headers=token)
            if refused.status_code == 409:
                detail = refused.json()["detail"]
                leaked = cards_in(refused.text) & (set(hidden) - {card})
                assert not leaked, (seat, card, detail)
                holder = hidden[card]
                if holder not in table_view["to_act"]:
                    assert holder not in detail, (seat, card, detail)
        action = seen.json()["legal_actions"]["items"][0]
        moved = client.post(f"{url}/actions", json={"action": action}, headers=token)
        assert moved.status_code == 200, moved.text
        assert not cards_in(moved.text) & set(hidden_from(client, game, seat))
        steps += 1
    assert steps > 0


def test_a_seat_sees_its_own_hand_only() -> None:
    """The views agree with the referee's: a seat's view is the referee's view of that seat."""
    from trufspec.referee import new_game as referee_game

    state = referee_game("truf-basics", PLAYERS, seed=5)
    view = state.view("Ana")
    text = dumps([view.record])
    others = {str(c) for p in PLAYERS[1:] for c in state.hand(p)}
    assert not cards_in(text) & others


@pytest.mark.slow
@pytest.mark.parametrize(
    "ruleset",
    [
        "truf-basics",
        "truf-jb",
        "truf-de",
        "ruff-and-honours",
        "tromplemond",
    ],
)
def test_a_game_goes_on_from_its_stored_record_at_every_action(
    tmp_path: Path, ruleset: str
) -> None:
    """What another worker, or the server after a restart, does: resume the game from the
    stored record alone, whatever action it was stored after."""
    from trufspec.serve.games import Host
    from trufspec.serve.models import ActionRequest, NewGame
    from trufspec.serve.store_sqlite import SqliteStore

    store = SqliteStore(str(tmp_path / "games.sqlite"))
    game = Host(store).create(NewGame(ruleset, PLAYERS, seed=3))
    table = game.tokens.table
    for _ in range(130):
        fresh = Host(store)  # nothing kept: the state is resumed from the record
        view = fresh.view(game.id, table, None, False, 0, 1)
        if view.over:
            break
        result = fresh.act(game.id, table, ActionRequest(view.legal_actions.items[0]))
        assert result.view.version == view.version + 1


def test_the_depth_of_a_body_counts_its_arrays_and_objects_only() -> None:
    from trufspec.serve.bodies import MAX_DEPTH, too_deep

    assert not too_deep(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH)
    assert too_deep(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    assert too_deep(b'{"a": ' * 40)  # cut short: what it opened counts
    # Brackets inside strings are text: a record's tags, escaped quotes and all.
    assert not too_deep(json.dumps({"record": '[Tag "x"] \\" [[' * 500}).encode())
    assert not too_deep(json.dumps([{"a": ["]" * 50, "[" * 50]}] * 40).encode())
    # The deepest body of the API, a JSON record with a comment on a trick, is well within.
    record = {"games": [{"deals": [{"sections": [{"tricks": [{"comments": [{"text": "; x"}]}]}]}]}]}
    assert not too_deep(json.dumps({"record": record}).encode())


@pytest.mark.server
@ON_BOTH
def test_bots_play_their_seats_on_their_own(client: httpx.Client) -> None:
    bots = {"Budi": "basic", "Citra": "random", "Dewi": "search"}
    started = client.post(
        "/v1/games", json={"ruleset": "truf-basics", "players": PLAYERS, "seed": 4, "bots": bots}
    )
    assert started.status_code == 201, started.text
    game = started.json()
    assert list(game["tokens"]["seats"]) == ["Ana"]  # a bot's seat has no token
    ana = bearer(game["tokens"]["seats"]["Ana"])
    url = f"/v1/games/{game['id']}"
    # Nobody asks the bots to act: they bid as soon as the game starts, and after each of
    # Ana's actions they act until she is to act again.
    for _ in range(12):
        view = wait_for(client, url, ana, lambda v: v["over"] or v["to_act"] == ["Ana"])
        if view["over"]:
            break
        items = view["legal_actions"]["items"]
        answer = client.post(
            url + "/actions", json={"action": items[0], "version": view["version"]}, headers=ana
        )
        assert answer.status_code == 200, answer.text
    table = bearer(game["tokens"]["table"])
    record = client.get(url + "/record", headers=table).json()
    assert record["version"] > 12 and not errors(record["record"])
    # A bot's seat must be a player's, at a level the simulator has.
    for wrong, where, said in (
        ({"Zed": "basic"}, "/bots/Zed", "is not one of the players"),
        ({"Budi": "grandmaster"}, "/bots/Budi", "is not a bot's level: random, basic, search"),
    ):
        body = {"ruleset": "truf-basics", "players": PLAYERS, "bots": wrong}
        refused = problem(client.post("/v1/games", json=body), 422)
        assert refused["errors"][0] == {"source": "body", "key": where, "message": said}
    deep = b'{"ruleset": ' + b"[" * 100 + b"]" * 100 + b"}"
    refused = problem(
        client.post("/v1/games", content=deep, headers={"content-type": "application/json"}), 400
    )
    assert "32 deep" in refused["detail"]


def wait_for(
    client: httpx.Client, url: str, token: dict[str, str], done: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The view at ``url`` once ``done`` says so; it is looked at for 30 seconds at most."""
    deadline = time.monotonic() + 30
    while True:
        view: dict[str, Any] = client.get(url, headers=token).json()
        if done(view):
            return view
        assert time.monotonic() < deadline, f"still waiting: {view['to_act']} at {view['version']}"
        time.sleep(0.05)


@pytest.mark.server
def test_a_seat_is_told_why_in_its_own_terms(client: httpx.Client) -> None:
    game = new_game(client, "truf-basics", seed=8)
    url = f"/v1/games/{game['id']}"
    table = bearer(game["tokens"]["table"])
    seats = {seat: bearer(token) for seat, token in game["tokens"]["seats"].items()}
    view = client.get(url, headers=seats["Budi"]).json()
    bid = view["legal_actions"]["items"][0]
    assert client.post(url + "/actions", json={"action": bid}, headers=seats["Budi"]).is_success
    again = client.post(url + "/actions", json={"action": bid}, headers=seats["Budi"])
    assert problem(again, 409)["detail"] == "Budi has already bid"
    assert again.json()["said_to_seat"] == "You have already bid"
    view = client.get(url, headers=table).json()
    while view["phase"] != "play":
        action = view["legal_actions"]["items"][0]
        client.post(url + "/actions", json={"action": action}, headers=table)
        view = client.get(url, headers=table).json()
    leader = view["to_act"][0]
    other = next(p for p in PLAYERS if p != leader)
    card = client.get(url, headers=seats[other]).json()["hand"][0]
    early = client.post(url + "/actions", json={"action": card}, headers=seats[other])
    assert problem(early, 409)["detail"] == f"it is {leader}'s lead"
    assert early.json()["said_to_seat"] == f"It is {leader}'s lead"
    lead = client.get(url, headers=seats[leader]).json()["legal_actions"]["items"][0]
    client.post(url + "/actions", json={"action": lead}, headers=seats[leader])
    card = client.get(url, headers=seats[leader]).json()["hand"][0]
    twice = client.post(url + "/actions", json={"action": card}, headers=seats[leader])
    assert problem(twice, 409)["detail"] == f"{leader} has already played to this trick"
    assert twice.json()["said_to_seat"] == "You have already played to this trick"
    zed = client.post(url + "/actions", json={"action": card, "seat": "Zed"}, headers=table)
    assert problem(zed, 409)["detail"] == "no seat is named Zed; the seats: Ana, Budi, Citra, Dewi"
    # The stateless referee says the same of a player the record does not seat.
    stateless = client.post(
        "/v1/referee", json={"record": cut_mid_trick(), "action": "KH", "player": "Zed"}
    )
    assert problem(stateless, 409)["detail"] == (
        "no seat is named Zed; the seats: Ana, Budi, Citra, Dewi"
    )
