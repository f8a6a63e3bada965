"""Hosted games in PostgreSQL, so that several machines serve them (``trufspec[postgres]``).

The semantics are those of :mod:`.store_sqlite`: each action is one transaction, stored only if
the game is still at the version it was read at (the ``UPDATE`` of the game's row takes the
row's lock, so of two actions on one version the second finds the version moved and stores
nothing), tokens are kept as digests, and the schema's version is kept in a ``schema`` table of
one row, the tables being made when a database is first opened.

Connections come from a pool (psycopg_pool), which checks a connection before handing it out
and makes new ones when the database comes back after a restart.  Any failure to reach the
database is :class:`~.store.StoreUnavailable`: the service answers 503 and serves again, by
itself, once the database answers.

Workers on every machine hear that a game moved through ``LISTEN``/``NOTIFY``: an action's
transaction notifies ``game:version``, which PostgreSQL delivers once it commits, and
:meth:`PostgresStore.listen` keeps one connection of its own listening in a thread, connecting
again when the database comes back and then telling of the games moved while it was away.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool

from trufspec.serve.store import (
    Access,
    Created,
    Logged,
    Moved,
    Snapshot,
    Store,
    Stored,
    StoreUnavailable,
    match_token,
    new_tokens,
    shown,
)

__all__ = ["CHANNEL", "SCHEMA_VERSION", "PostgresStore"]

SCHEMA_VERSION = 2
"""The version of the tables, the same as the SQLite file's for the same tables."""

CHANNEL = "trufspec_games"
"""The channel an action notifies, with ``game:version`` as the payload."""

WAIT = 5.0
"""Seconds a request waits for a connection (and a connection for the database to answer)
before it is answered 503."""

POOL = 8
"""Connections a worker keeps at most: one per thread that serves hosted games."""

AWAY = 60.0
"""Seconds before the listener lost its connection from which the games moved are told again
when it connects again: actions are timed by the machine that took them, and machines' clocks
differ a little."""

_LOCK = 0x7472_7566
"""The advisory lock under which the tables are made, so that workers starting together on
several machines do not make them twice."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS schema (version integer NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id text PRIMARY KEY,
    ruleset text NOT NULL,
    seed text NOT NULL,
    seats text NOT NULL,
    version integer NOT NULL,
    over boolean NOT NULL,
    created double precision NOT NULL,
    updated double precision NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_update ON games(updated);
CREATE TABLE IF NOT EXISTS tokens (
    game text NOT NULL REFERENCES games(id),
    role text NOT NULL,
    seat text,
    digest bytea NOT NULL
);
CREATE INDEX IF NOT EXISTS tokens_of_game ON tokens(game);
CREATE TABLE IF NOT EXISTS bots (
    game text NOT NULL REFERENCES games(id),
    seat text NOT NULL,
    level text NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game text NOT NULL REFERENCES games(id),
    version integer NOT NULL,
    seat text NOT NULL,
    action text NOT NULL,
    acknowledged boolean NOT NULL,
    time double precision NOT NULL,
    PRIMARY KEY (game, version)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game text NOT NULL REFERENCES games(id),
    version integer NOT NULL,
    record text NOT NULL,
    PRIMARY KEY (game, version)
)
"""

_CONNECT = max(2, int(WAIT))
"""Seconds a new connection may take (libpq counts whole seconds, at least 2)."""

_LOG = logging.getLogger("trufspec.serve")


def _made(connection: psycopg.Connection[Any], url: str) -> None:
    """Make the tables if there are none, under a lock that every worker takes first."""
    connection.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
    for statement in _SCHEMA.split(";"):
        connection.execute(statement)
    row = connection.execute("SELECT max(version) FROM schema").fetchone()
    found = None if row is None else row[0]
    if found is None:
        connection.execute("INSERT INTO schema VALUES (%s)", (SCHEMA_VERSION,))
    elif found > SCHEMA_VERSION:
        raise ValueError(
            f"the database {shown(url)} has tables of version {found}, later than this "
            f"trufspec knows ({SCHEMA_VERSION}): serve it with a later trufspec"
        )


class PostgresStore(Store):
    """The games of one PostgreSQL database; safe to use from several threads, processes and
    machines.  Opening it makes the tables if the database has none, and raises
    :class:`~.store.StoreUnavailable` when the database cannot be reached and ValueError when
    the URL cannot be read, the tables cannot be made or they are of a later version."""

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            conninfo_to_dict(url)
        except psycopg.ProgrammingError as error:
            raise ValueError(
                f"the database URL {shown(url)} cannot be read: {str(error).strip()}"
            ) from None
        self._moved: list[Moved] = []
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        try:
            with psycopg.connect(url, connect_timeout=_CONNECT) as connection:
                _made(connection, url)
        except psycopg.OperationalError as error:
            raise self._unavailable(error) from None
        except psycopg.Error as error:  # reached, but refusing the tables (no right to make them)
            raise ValueError(
                f"the database {shown(url)} cannot keep the games: {str(error).strip()}"
            ) from None
        self._pool: ConnectionPool[psycopg.Connection[Any]] = ConnectionPool(
            url,
            min_size=1,
            max_size=POOL,
            timeout=WAIT,
            kwargs={"connect_timeout": _CONNECT},
            check=ConnectionPool.check_connection,
            name="trufspec-games",
            open=True,
        )

    def _unavailable(self, error: psycopg.Error) -> StoreUnavailable:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return StoreUnavailable(f"the database {shown(self.url)} cannot be reached: {reason}")

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[Any]]:
        """A connection of the pool in a transaction, committed when the block ends (rolled
        back when it raises); a database that cannot be reached is StoreUnavailable."""
        try:
            with self._pool.connection() as connection:
                yield connection
        except psycopg.OperationalError as error:
            raise self._unavailable(error) from None

    def create(
        self,
        ruleset: str,
        seed: str,
        record: str,
        seats: Sequence[str],
        bots: Mapping[str, str],
    ) -> Created:
        created, rows = new_tokens(seats, bots)
        game = created.game
        now = time.time()
        with self._transaction() as connection, connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO games VALUES (%s, %s, %s, %s, 0, false, %s, %s)",
                (game, ruleset, seed, json.dumps(list(seats)), now, now),
            )
            cursor.executemany("INSERT INTO tokens VALUES (%s, %s, %s, %s)", rows)
            cursor.executemany(
                "INSERT INTO bots VALUES (%s, %s, %s)", [(game, s, lv) for s, lv in bots.items()]
            )
            cursor.execute("INSERT INTO snapshots VALUES (%s, 0, %s)", (game, record))
        return created

    def access(self, game: str, token: str) -> Access | None:
        with self._transaction() as connection:
            rows = connection.execute(
                "SELECT role, seat, digest FROM tokens WHERE game = %s", (game,)
            ).fetchall()
        return match_token(token, rows)

    def load(self, game: str) -> Stored | None:
        with self._transaction() as connection:
            row = connection.execute(
                "SELECT id, ruleset, seed, version, over, seats FROM games WHERE id = %s", (game,)
            ).fetchone()
            if row is None:
                return None
            bots = connection.execute(
                "SELECT seat, level FROM bots WHERE game = %s", (game,)
            ).fetchall()
        return Stored(row[0], row[1], row[2], row[3], row[4], tuple(json.loads(row[5])), dict(bots))

    def bot_games(self) -> list[str]:
        with self._transaction() as connection:
            rows = connection.execute(
                "SELECT id FROM games WHERE NOT over"
                " AND EXISTS (SELECT 1 FROM bots WHERE bots.game = games.id) ORDER BY updated"
            ).fetchall()
        return [row[0] for row in rows]

    def snapshot(self, game: str, version: int) -> Snapshot:
        with self._transaction() as connection:
            row = connection.execute(
                "SELECT version, record FROM snapshots WHERE game = %s AND version <= %s"
                " ORDER BY version DESC LIMIT 1",
                (game, version),
            ).fetchone()
        assert row is not None, "every game has its snapshot at version 0"
        return Snapshot(row[0], row[1])

    def actions(self, game: str, after: int, upto: int | None = None) -> list[Logged]:
        with self._transaction() as connection:
            rows = connection.execute(
                "SELECT version, seat, action, acknowledged, time FROM actions"
                " WHERE game = %s AND version > %s AND version <= %s ORDER BY version",
                (game, after, upto if upto is not None else 2**62),
            ).fetchall()
        return [Logged(v, s, a, k, t) for v, s, a, k, t in rows]

    def append(self, game: str, logged: Logged, over: bool, snapshot: str | None = None) -> bool:
        with self._transaction() as connection:
            moved = connection.execute(
                "UPDATE games SET version = %s, over = %s, updated = %s"
                " WHERE id = %s AND version = %s",
                (logged.version, over, logged.time, game, logged.version - 1),
            ).rowcount
            if moved != 1:
                return False
            connection.execute(
                "INSERT INTO actions VALUES (%s, %s, %s, %s, %s, %s)",
                (
                    game,
                    logged.version,
                    logged.seat,
                    logged.action,
                    logged.acknowledged,
                    logged.time,
                ),
            )
            if snapshot is not None:
                connection.execute(
                    "INSERT INTO snapshots VALUES (%s, %s, %s)", (game, logged.version, snapshot)
                )
                connection.execute(
                    "DELETE FROM snapshots WHERE game = %s AND version > 0 AND version < %s",
                    (game, logged.version),
                )
            connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game}:{logged.version}"))
        return True

    def listen(self, moved: Moved) -> None:
        """Call ``moved`` for every action that any worker of any machine stores; returns once
        the listener is listening (or after a few seconds, when the database cannot be reached
        now: it listens once it can)."""
        self._moved.append(moved)
        if self._listener is None:
            ready = threading.Event()
            self._listener = threading.Thread(
                target=self._hear, args=(ready,), name="trufspec-store-listen", daemon=True
            )
            self._listener.start()
            ready.wait(WAIT)

    def _hear(self, ready: threading.Event) -> None:
        """Listen on a connection of its own, connecting again whenever it is lost."""
        lost: float | None = None
        while not self._stop.is_set():
            try:
                with psycopg.connect(
                    self.url, autocommit=True, connect_timeout=_CONNECT
                ) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    ready.set()
                    if lost is not None:
                        self._caught_up(connection, lost)
                        lost = None
                    while not self._stop.is_set():
                        for notice in connection.notifies(timeout=0.5):
                            game, _, version = notice.payload.rpartition(":")
                            self._tell(game, int(version))
            except psycopg.Error as error:
                if lost is None:
                    lost = time.time()
                    _LOG.warning("%s; listening again once it answers", self._unavailable(error))
                self._stop.wait(1.0)

    def _caught_up(self, connection: psycopg.Connection[Any], lost: float) -> None:
        """Tell of the games that moved while the listener was not listening."""
        rows = connection.execute(
            "SELECT id, version FROM games WHERE updated >= %s AND version > 0",
            (lost - AWAY,),
        ).fetchall()
        for game, version in rows:
            self._tell(game, version)

    def _tell(self, game: str, version: int) -> None:
        for moved in self._moved:
            try:
                moved(game, version)
            except Exception:
                # A listener that fails must not stop the others hearing of later actions.
                _LOG.exception("a listener failed on game %s at version %d", game, version)

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(2 * WAIT)
        self._pool.close()
