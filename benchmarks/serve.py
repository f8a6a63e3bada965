"""How many requests a second ``trufspec serve`` answers, and how fast, with 32 clients at once.

For 1 and 2 workers, a server is started on 127.0.0.1 (a fresh SQLite file, or the
PostgreSQL database of ``--database URL``) and 32 clients send, each as soon as its last answer
came:

* ``check``: ``POST /v1/check`` of a one-deal record;
* ``referee``: ``POST /v1/referee`` with a record cut in the middle of a trick and the card to
  play, the stateless referee of a game server;
* ``hosted``: ``POST /v1/games/{id}/actions``, each client playing its own hosted game with the
  table's token, the actions worked out beforehand by the referee from the game's seed.

Each run is bounded: it stops after ``--requests`` answers or ``--seconds`` seconds, whichever
comes first.  The figures are requests per second and the 50th and 99th percentiles of the
latency, and the processor time the server's processes (workers and their pools) spent per
request: the clients run in this process, on the same machine, and take processor time from the
server, and on a shared machine so do other programs, so the rate by the clock is that of the
machine as loaded, while ``1000 / cpu ms`` is what one core given to the server alone would
answer.

With ``--long-game N``, one truf-jb table (whose rules never end the game) is played instead
through N actions by one client, random legal actions worked out beforehand from the game's
seed, and the figures are printed for each window of actions (``--window``): the deals reached,
the median and 99th percentile latency of an action, the server's processor time per action,
the size of the action's answer, of a seat's view and of the whole record at the window's end.
The figure to compare is the processor time per action from the first windows to the last: the
work of an action does not grow with the game, so neither should its cost.

With ``--locust``, the scenarios of ``benchmarks/locustfile.py`` are run instead by Locust,
headless, one server (one worker, a fresh SQLite file) per scenario, for ``--seconds`` seconds
with the same 32 clients as users: requests per second, percentiles and failures come from
Locust's statistics, the processor time per request from the server's processes as above
(Locust's own is not counted).  For the ``hosted`` scenario they are of the action requests;
each action of a Locust user also reads the game's view, as a table app does.

With ``--tables N``, N hosted truf-jb games are opened on one worker and each is played a few
actions, in turns, so that every game has been in the worker's memory; the resident memory of
the worker and of its pool is printed before and after.  A worker keeps a bounded number of
live states (least recently used out, resumed from the store when needed), so its memory stays
within a bound however many tables are open.

Run from the repository root: ``python benchmarks/serve.py [--requests N] [--seconds S]
[--long-game N [--window W]] [--locust] [--tables N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))  # the test suite's live server

from live_server import running  # noqa: E402

from trufspec.api import dumps, loads  # noqa: E402
from trufspec.referee import new_game  # noqa: E402

CLIENTS = 32
PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]
RECORD = ROOT / "records" / "truf-basics" / "acknowledged-revoke-2027-05-22.truf"


def one_deal() -> str:
    """The first deal of a truf-basics record, with its tags."""
    text = RECORD.read_text(encoding="utf-8")
    head, first = text.split("\n\n")[:2]
    return head + "\n\n" + first.split("; ")[0].rstrip() + "\n"


def mid_trick() -> str:
    """The same deal cut after two cards of the first trick, Ana to play, as the referee
    writes it (the canonical layout, which a game server sends back as it was given)."""
    text = RECORD.read_text(encoding="utf-8")
    deal = text.split("\n\n")[1].split("play")[0]
    head = '[Ruleset "truf-basics"]\n[Players "Ana Budi Citra Dewi"]\n\n'
    return dumps(loads(head + deal + "play\n   1. Citra: AS 6S\n  *\n").games)


def planned_actions(seed: int, count: int) -> list[tuple[str, str]]:
    """The first ``count`` actions of the hosted game of ``seed``: (seat, words)."""
    state = new_game("truf-basics", PLAYERS, seed=seed)
    actions: list[tuple[str, str]] = []
    while len(actions) < count and not state.is_game_over:
        action = state.legal_actions()[0]
        actions.append((action.player, str(action)))
        state.apply(action)
    return actions


Send = Callable[[httpx.AsyncClient, int, int], Awaitable[httpx.Response]]


def server_ticks(session: int) -> int:
    """Clock ticks of processor time (user and system) used so far by the processes of a
    session: the server's workers and their pools (Linux's /proc)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # a process that ended meanwhile
        if int(fields[3]) == session:
            total += int(fields[11]) + int(fields[12])
    return total


async def load(url: str, send: Send, requests: int, seconds: float) -> tuple[float, list[float]]:
    """Requests per second and each request's latency, with ``CLIENTS`` clients at once."""
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def one_client(number: int) -> None:
        # Each client keeps its own connection, as a game server or a table does: with
        # several workers, a connection stays with the worker that accepted it.
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            step = 0
            while len(latencies) < requests and time.perf_counter() < deadline:
                start = time.perf_counter()
                response = await send(client, number, step)
                if response.status_code >= 300:
                    raise RuntimeError(f"{response.status_code}: {response.text[:300]}")
                latencies.append(time.perf_counter() - start)
                step += 1

    start = time.perf_counter()
    await asyncio.gather(*(one_client(n) for n in range(CLIENTS)))
    elapsed = time.perf_counter() - start
    return len(latencies) / elapsed, latencies


def percentile(values: list[float] | list[int], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def hosted_games(url: str, per_game: int) -> Send:
    """32 hosted games, one per client, and a sender that plays each client's game."""
    games = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        for number in range(CLIENTS):
            seed = 100 + number
            created = await client.post(
                "/v1/games", json={"ruleset": "truf-basics", "players": PLAYERS, "seed": seed}
            )
            game = created.json()
            games.append((game["id"], game["tokens"]["table"], planned_actions(seed, per_game)))

    progress = [0] * CLIENTS

    async def send(client: httpx.AsyncClient, number: int, step: int) -> httpx.Response:
        game, token, actions = games[number]
        if progress[number] >= len(actions):
            raise RuntimeError("a hosted game ran out of planned actions")
        seat, words = actions[progress[number]]
        progress[number] += 1
        return await client.post(
            f"/v1/games/{game}/actions",
            json={"action": words, "seat": seat},
            headers={"authorization": f"Bearer {token}"},
        )

    return send


Found = dict[str, tuple[float, list[float], float]]


async def scenarios(url: str, session: int, requests: int, seconds: float) -> Found:
    check_body = {"record": one_deal()}
    referee_body = {"record": mid_trick(), "action": "8S"}

    async def check(client: httpx.AsyncClient, number: int, step: int) -> httpx.Response:
        return await client.post("/v1/check", json=check_body)

    async def referee(client: httpx.AsyncClient, number: int, step: int) -> httpx.Response:
        return await client.post("/v1/referee", json=referee_body)

    # A truf-basics game has some 340 actions; the clients do not all go at the same pace, so
    # each game is planned to its end (a client that reaches it stops the run with an error).
    hosted = await hosted_games(url, per_game=10_000)
    found = {}
    tick = 1000 / os.sysconf("SC_CLK_TCK")
    for name, send in (("check", check), ("referee", referee), ("hosted", hosted)):
        await load(url, send, CLIENTS * 2, 5)  # warm-up: the pools, the caches
        before = server_ticks(session)
        rate, latencies = await load(url, send, requests, seconds)
        cpu = (server_ticks(session) - before) * tick / len(latencies)
        found[name] = (rate, latencies, cpu)
    return found


def planned_game(seed: int, count: int) -> list[tuple[str, str, int]]:
    """``count`` random legal actions of the truf-jb game of ``seed``: (seat, words, deal)."""
    state = new_game("truf-jb", PLAYERS, seed=seed)
    chooser = random.Random(seed)
    actions: list[tuple[str, str, int]] = []
    while len(actions) < count and not state.is_game_over:
        action = chooser.choice(state.legal_actions())
        actions.append((action.player, str(action), state.deal_number))
        state.apply(action)
    return actions


def long_game(count: int, size: int, seed: int) -> None:
    """One table played through ``count`` actions, the figures of each window of ``size``."""
    actions = planned_game(seed, count)
    tick = 1000 / os.sysconf("SC_CLK_TCK")
    print(f"one truf-jb table, {len(actions)} actions, one client, windows of {size}")
    print(
        f"{'actions':>11} {'deals':>7} {'p50 ms':>7} {'p99 ms':>7} {'cpu ms':>7}"
        f" {'answer B':>9} {'view B':>8} {'record B':>9}"
    )
    with (
        tempfile.TemporaryDirectory() as folder,
        running(Path(folder) / "games.sqlite", "--pool", "1") as server,
        server.client() as client,
    ):
        session = os.getsid(server.process.pid)
        body = {"ruleset": "truf-jb", "players": PLAYERS, "seed": seed}
        created = client.post("/v1/games", json=body).json()
        game, tokens = created["id"], created["tokens"]
        table = {"authorization": f"Bearer {tokens['table']}"}
        seat = {"authorization": f"Bearer {tokens['seats']['Ana']}"}
        for start in range(0, len(actions), size):
            window = actions[start : start + size]
            latencies: list[float] = []
            sizes: list[int] = []
            before = server_ticks(session)
            for player, words, _ in window:
                began = time.perf_counter()
                answer = client.post(
                    f"/v1/games/{game}/actions",
                    json={"action": words, "seat": player},
                    headers=table,
                )
                latencies.append(time.perf_counter() - began)
                if answer.status_code != 200:
                    raise SystemExit(f"{answer.status_code}: {answer.text[:300]}")
                sizes.append(len(answer.content))
            cpu = (server_ticks(session) - before) * tick / len(window)
            view = client.get(f"/v1/games/{game}", headers=seat)
            record = client.get(f"/v1/games/{game}/record", headers=table)
            print(
                f"{start + 1:>5}-{start + len(window):<5} {window[0][2]:>3}-{window[-1][2]:<3}"
                f" {percentile(latencies, 0.5) * 1000:>7.1f}"
                f" {percentile(latencies, 0.99) * 1000:>7.1f} {cpu:>7.2f}"
                f" {percentile(sizes, 0.5):>9} {len(view.content):>8} {len(record.content):>9}"
            )


SCENARIOS = {
    "check": ("CheckUser", "/v1/check"),
    "referee": ("RefereeUser", "/v1/referee"),
    "hosted": ("HostedUser", "/v1/games/{id}/actions"),
}
"""Each Locust scenario: its user class and the request whose figures are printed."""


def locust_run(scenario: str, users: int, seconds: float, folder: Path) -> dict[str, float]:
    """One scenario against its own server: the figures of its main request."""
    with running(folder / f"{scenario}.sqlite", "--pool", "2") as server:
        session = os.getsid(server.process.pid)
        before = server_ticks(session)
        prefix = folder / scenario
        command = [
            *(sys.executable, "-m", "locust", "-f", str(ROOT / "benchmarks" / "locustfile.py")),
            *("--headless", "--users", str(users), "--spawn-rate", str(users)),
            *("--run-time", f"{seconds:g}s", "--stop-timeout", "5", SCENARIOS[scenario][0]),
            *("--host", server.url, "--csv", str(prefix), "--only-summary", "--loglevel", "ERROR"),
        ]
        with open(folder / f"{scenario}.locust.log", "wb") as log:
            subprocess.run(command, check=False, timeout=seconds + 120, stdout=log, stderr=log)
        ticks = server_ticks(session) - before
    with open(f"{prefix}_stats.csv", encoding="utf-8") as stats:
        rows = {row["Name"]: row for row in csv.DictReader(stats)}
    main, total = rows[SCENARIOS[scenario][1]], rows["Aggregated"]
    count = int(main["Request Count"])
    return {
        "rate": float(main["Requests/s"]),
        "p50": float(main["50%"]),
        "p99": float(main["99%"]),
        "failures": int(total["Failure Count"]),
        "count": count,
        "cpu": ticks * 1000 / os.sysconf("SC_CLK_TCK") / max(1, int(total["Request Count"])),
    }


def locust(seconds: float) -> None:
    """Each Locust scenario against its own server, a line of figures each."""
    print(f"Locust, {CLIENTS} users, {seconds:g} s a scenario, one worker")
    print(
        f"{'scenario':<8} {'requests/s':>10} {'p50 ms':>7} {'p99 ms':>7} {'cpu ms':>7}"
        f" {'failures':>8} {'n':>6}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for scenario in SCENARIOS:
            found = locust_run(scenario, CLIENTS, seconds, Path(folder))
            print(
                f"{scenario:<8} {found['rate']:>10.0f} {found['p50']:>7.0f} {found['p99']:>7.0f}"
                f" {found['cpu']:>7.2f} {found['failures']:>8.0f} {found['count']:>6.0f}"
            )
            if found["failures"]:
                raise SystemExit(f"{scenario}: {found['failures']:.0f} requests failed")


def resident(session: int) -> dict[str, int]:
    """Resident memory (kB) of a session's processes, by kind: the worker (uvicorn's process)
    and its pool (the others)."""
    found = {"worker": 0, "pool": 0}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            stat = (status.parent / "stat").read_text().rpartition(")")[2].split()
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines())
        except (OSError, ValueError):
            continue
        if int(stat[3]) != session or "VmRSS" not in fields:
            continue
        kind = "worker" if int(fields["Pid"]) == session else "pool"
        found[kind] += int(fields["VmRSS"].split()[0])
    return found


def many_tables(count: int, rounds: int) -> None:
    """``count`` games on one worker, each played ``rounds`` actions in turns."""
    with (
        tempfile.TemporaryDirectory() as folder,
        running(Path(folder) / "games.sqlite", "--pool", "1") as server,
        server.client() as client,
    ):
        session = os.getsid(server.process.pid)
        before = resident(session)
        games = []
        for number in range(count):
            body = {"ruleset": "truf-jb", "players": PLAYERS, "seed": number}
            created = client.post("/v1/games", json=body).json()
            auth = {"authorization": f"Bearer {created['tokens']['table']}"}
            games.append((created["id"], auth))
        began = time.perf_counter()
        for _ in range(rounds):
            for game, auth in games:
                legal = client.get(f"/v1/games/{game}", headers=auth).json()["legal_actions"]
                action = {"action": legal["items"][0], "seat": legal["player"]}
                answer = client.post(f"/v1/games/{game}/actions", json=action, headers=auth)
                if answer.status_code != 200:
                    raise SystemExit(f"{answer.status_code}: {answer.text[:300]}")
        elapsed = time.perf_counter() - began
        after = resident(session)
    print(f"{count} truf-jb tables on one worker, {rounds} actions each, in turns")
    print(f"{'':<8} {'worker MB':>9} {'pool MB':>9}")
    for name, found in (("started", before), ("played", after)):
        print(f"{name:<8} {found['worker'] / 1024:>9.1f} {found['pool'] / 1024:>9.1f}")
    print(f"{count * rounds / elapsed:.0f} actions/s (each with a view read first)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000, help="answers per run at most")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds per run at most")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--long-game", type=int, metavar="N", help="play one table N actions")
    parser.add_argument("--window", type=int, default=500, help="actions per line (--long-game)")
    parser.add_argument("--seed", type=int, default=1, help="the long game's seed")
    parser.add_argument("--locust", action="store_true", help="the scenarios run by Locust")
    parser.add_argument("--tables", type=int, metavar="N", help="open N tables on one worker")
    parser.add_argument(
        "--database", metavar="URL", help="keep the games in this PostgreSQL database"
    )
    arguments = parser.parse_args()
    if arguments.tables:
        many_tables(arguments.tables, 8)
        return
    if arguments.locust:
        locust(arguments.seconds)
        return
    if arguments.long_game:
        long_game(arguments.long_game, arguments.window, arguments.seed)
        return
    print(
        f"{CLIENTS} clients, at most {arguments.requests} requests or {arguments.seconds:g} s a run"
    )
    print(
        f"{'workers':>7} {'scenario':<8} {'requests/s':>10} {'p50 ms':>7} {'p99 ms':>7}"
        f" {'cpu ms':>7} {'n':>6}"
    )
    for workers in arguments.workers:
        with tempfile.TemporaryDirectory() as folder:
            database = Path(folder) / "games.sqlite"
            with running(
                database, "--pool", "2", workers=workers, database_url=arguments.database
            ) as server:
                session = os.getsid(server.process.pid)
                found = asyncio.run(
                    scenarios(server.url, session, arguments.requests, arguments.seconds)
                )
        for name, (rate, latencies, cpu) in found.items():
            p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
            print(
                f"{workers:>7} {name:<8} {rate:>10.0f} {p50:>7.1f} {p99:>7.1f} {cpu:>7.2f}"
                f" {len(latencies):>6}"
            )


if __name__ == "__main__":
    main()
