"""Tables for the play page: a hosted game with one person and bots in the other seats.

``POST /play/tables`` starts a hosted game (:class:`~trufspec.serve.games.Host`) and gives the
page the token of the person's seat only; the table's token, with which the bots act, stays in
the server's database beside the game, so a restarted server carries on with them.  After the
person acts the page asks ``POST /play/tables/{game}/bots`` (with the seat's token) to let the
bots act until it is the person's turn again or the game is over.  Each bot chooses as the
simulator's bots do (:class:`trufspec.simulate.bots.Bot`), and every action goes through the
same hosted-game calls as anyone's, so the referee judges them all.
"""

from __future__ import annotations

import random
import sqlite3
import threading
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, Router, post
from litestar.datastructures import State
from litestar.params import FromPath

from trufspec.serve.bodies import read_body
from trufspec.serve.games import Host, ProblemError, forbidden
from trufspec.serve.models import ActionRequest, NewGame
from trufspec.serve.setups import check_new_game
from trufspec.simulate.bots import make_bot

__all__ = ["BOT_NAMES", "tables_router"]

BOT_NAMES = ("Ana", "Budi", "Citra", "Dewi", "Eko")
"""The bots' names, in seat order, skipping the person's."""

MOST_BOT_ACTIONS = 5000
"""The most actions the bots make in one call: far more than a whole game of any ruleset."""


class NewTable(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    ruleset: Annotated[str, msgspec.Meta(max_length=40)]
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=20, pattern=r"^[A-Za-z][\w-]*$")]
    seat: Annotated[int, msgspec.Meta(ge=0, le=9)] = 0
    players: Annotated[int, msgspec.Meta(ge=2, le=6)] = 4
    readings: dict[str, str] = {}
    seed: Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)] | None = None
    bots: Literal["random", "basic", "search"] = "basic"
    """The level of every bot at the table (:data:`trufspec.simulate.bots.LEVELS`)."""


class TableCreated(msgspec.Struct, frozen=True):
    game: str
    seat: str
    token: str
    players: list[str]


class BotsMoved(msgspec.Struct, frozen=True):
    actions: list[str]
    version: int


class _Seats:
    """Which seat of a table game is the person's, the table's token the bots act with, and
    the bots' level: kept in the hosted games' database, so a restart loses no table."""

    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS play_tables ("
        "game TEXT PRIMARY KEY, person TEXT NOT NULL, table_token TEXT NOT NULL, "
        "level TEXT NOT NULL)"
    )

    def __init__(self, path: str) -> None:
        self.path = path
        self._local = threading.local()
        self._connect().execute(self.SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            connection.execute("PRAGMA busy_timeout=10000")
            self._local.connection = connection
        return connection

    def add(self, game: str, person: str, table: str, level: str) -> None:
        self._connect().execute(
            "INSERT INTO play_tables VALUES (?, ?, ?, ?)", (game, person, table, level)
        )

    def find(self, game: str) -> tuple[str, str, str] | None:
        """The person's seat, the table's token and the bots' level of ``game``."""
        row = (
            self._connect()
            .execute("SELECT person, table_token, level FROM play_tables WHERE game = ?", (game,))
            .fetchone()
        )
        return None if row is None else (row[0], row[1], row[2])


_seats_lock = threading.Lock()


def _seats(state: State) -> _Seats:
    """The table store of this process, opened on first use in the hosted games' database."""
    with _seats_lock:
        seats: _Seats | None = getattr(state, "play_tables", None)
        if seats is None:
            host: Host = state.host
            seats = _Seats(host.store.url)
            state.play_tables = seats
        return seats


def _start(host: Host, seats: _Seats, request: NewTable) -> TableCreated:
    person = request.name
    bots = [n for n in BOT_NAMES if n != person][: request.players - 1]
    players = [*bots[: request.seat], person, *bots[request.seat :]]
    setup = NewGame(request.ruleset, players, request.readings, request.seed)
    check_new_game(setup)
    created = host.create(setup)
    seats.add(created.id, person, created.tokens.table, request.bots)
    return TableCreated(created.id, person, created.tokens.seats[person], created.players)


def _bots(host: Host, seats: _Seats, game: str, token: str) -> BotsMoved:
    """Let the bots act until the person is to act or the game is over."""
    access = host.store.access(game, token)
    found = seats.find(game)
    if access is None or found is None or access.seat != found[0]:
        raise forbidden("this token is no seat of a table with bots")
    person, table, level = found
    actions: list[str] = []
    stored = host.store.load(game)
    while stored is not None and not stored.over and len(actions) < MOST_BOT_ACTIONS:
        state = host.state(stored)
        movers = [p for p in state.to_act if p != person]
        if not movers or state.is_game_over:
            break
        bot = make_bot(level, random.Random(f"{stored.seed}/{stored.version}"))
        chosen = bot.choose(state, movers[0])
        try:
            result = host.act(
                game, table, ActionRequest(str(chosen), seat=movers[0], version=stored.version)
            )
        except ProblemError as problem:
            if problem.problem.type.endswith("conflict"):  # the person acted meanwhile: look again
                stored = host.store.load(game)
                continue
            raise
        actions.append(f"{result.seat}: {result.applied}")
        stored = host.store.load(game)
    return BotsMoved(actions, stored.version if stored is not None else 0)


def _bearer(request: Request[Any, Any, Any]) -> str:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def tables_router() -> Router:
    """The routes that start tables with bots and let the bots act."""
    import anyio.to_thread

    @post("/play/tables", status_code=201)
    async def start(request: Request[Any, Any, Any], state: State) -> TableCreated:
        data = await read_body(request, NewTable)
        host: Host = state.host
        return await anyio.to_thread.run_sync(_start, host, _seats(state), data)

    @post("/play/tables/{game:str}/bots", status_code=200)
    async def bots(game: FromPath[str], request: Request[Any, Any, Any], state: State) -> BotsMoved:
        host: Host = state.host
        return await anyio.to_thread.run_sync(_bots, host, _seats(state), game, _bearer(request))

    return Router(path="/", route_handlers=[start, bots], include_in_schema=False)
