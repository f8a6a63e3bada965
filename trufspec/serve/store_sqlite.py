"""Hosted games in one SQLite file: the embedded default, which needs nothing else.

The file is in WAL mode, so the workers of one server read while one of them writes, and each
action is one ``BEGIN IMMEDIATE`` transaction.  The schema's version is the file's
``user_version``; a file written by the first schema (each game's whole record in one row, the
play page's tables in a table of their own with their token in plain text) is migrated when it
is opened, and its games go on.  Workers learn that another one moved a game by reading the
log's new rows, a few times a second (:meth:`SqliteStore.listen`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Mapping, Sequence

from trufspec.serve.store import (
    Access,
    Created,
    Logged,
    Moved,
    Snapshot,
    Store,
    Stored,
    match_token,
    new_tokens,
)

__all__ = ["SCHEMA_VERSION", "SqliteStore"]

SCHEMA_VERSION = 2

POLL = 0.05
"""Seconds between two looks at the log for actions taken by another process."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    seed TEXT NOT NULL,
    seats TEXT NOT NULL,
    version INTEGER NOT NULL,
    over INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    game TEXT NOT NULL REFERENCES games(id),
    role TEXT NOT NULL,
    seat TEXT,
    digest BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS tokens_of_game ON tokens(game);
CREATE TABLE IF NOT EXISTS bots (
    game TEXT NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    level TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL,
    seat TEXT NOT NULL,
    action TEXT NOT NULL,
    acknowledged INTEGER NOT NULL,
    time REAL NOT NULL,
    PRIMARY KEY (game, version)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (game, version)
);
"""


class SqliteStore(Store):
    """The games of one SQLite file; safe to use from several threads and processes."""

    def __init__(self, path: str) -> None:
        self.url = path
        self._local = threading.local()
        self._listening: threading.Event | None = None
        self._moved: list[Moved] = []
        connection = self._connect()
        connection.execute("PRAGMA journal_mode=WAL")
        with _transaction(connection):
            found = connection.execute("PRAGMA user_version").fetchone()[0]
            first = found == 0 and _has_column(connection, "games", "record")
            if first:
                connection.execute("ALTER TABLE games RENAME TO games_v1")
            for statement in _SCHEMA.split(";"):
                connection.execute(statement)
            if first:
                _migrate_first(connection)
            connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _connect(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.url, timeout=10, isolation_level=None)
            connection.execute("PRAGMA busy_timeout=10000")
            connection.execute("PRAGMA synchronous=NORMAL")
            self._local.connection = connection
        return connection

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
        connection = self._connect()
        with _transaction(connection):
            connection.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, 0, 0, ?, ?)",
                (game, ruleset, seed, json.dumps(list(seats)), now, now),
            )
            connection.executemany("INSERT INTO tokens VALUES (?, ?, ?, ?)", rows)
            connection.executemany(
                "INSERT INTO bots VALUES (?, ?, ?)", [(game, s, lv) for s, lv in bots.items()]
            )
            connection.execute("INSERT INTO snapshots VALUES (?, 0, ?)", (game, record))
        return created

    def access(self, game: str, token: str) -> Access | None:
        rows = (
            self._connect()
            .execute("SELECT role, seat, digest FROM tokens WHERE game = ?", (game,))
            .fetchall()
        )
        return match_token(token, rows)

    def load(self, game: str) -> Stored | None:
        connection = self._connect()
        row = connection.execute(
            "SELECT id, ruleset, seed, version, over, seats FROM games WHERE id = ?", (game,)
        ).fetchone()
        if row is None:
            return None
        bots = connection.execute("SELECT seat, level FROM bots WHERE game = ?", (game,))
        return Stored(
            row[0], row[1], row[2], row[3], bool(row[4]), tuple(json.loads(row[5])), dict(bots)
        )

    def bot_games(self) -> list[str]:
        rows = self._connect().execute(
            "SELECT id FROM games WHERE over = 0"
            " AND EXISTS (SELECT 1 FROM bots WHERE bots.game = games.id) ORDER BY updated"
        )
        return [row[0] for row in rows]

    def snapshot(self, game: str, version: int) -> Snapshot:
        row = (
            self._connect()
            .execute(
                "SELECT version, record FROM snapshots WHERE game = ? AND version <= ?"
                " ORDER BY version DESC LIMIT 1",
                (game, version),
            )
            .fetchone()
        )
        return Snapshot(row[0], row[1])

    def actions(self, game: str, after: int, upto: int | None = None) -> list[Logged]:
        rows = (
            self._connect()
            .execute(
                "SELECT version, seat, action, acknowledged, time FROM actions"
                " WHERE game = ? AND version > ? AND version <= ? ORDER BY version",
                (game, after, upto if upto is not None else 2**62),
            )
            .fetchall()
        )
        return [Logged(v, s, a, bool(k), t) for v, s, a, k, t in rows]

    def append(self, game: str, logged: Logged, over: bool, snapshot: str | None = None) -> bool:
        connection = self._connect()
        with _transaction(connection):
            moved = connection.execute(
                "UPDATE games SET version = ?, over = ?, updated = ? WHERE id = ? AND version = ?",
                (logged.version, int(over), logged.time, game, logged.version - 1),
            ).rowcount
            if moved != 1:
                return False
            connection.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",
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
                    "INSERT INTO snapshots VALUES (?, ?, ?)", (game, logged.version, snapshot)
                )
                connection.execute(
                    "DELETE FROM snapshots WHERE game = ? AND version > 0 AND version < ?",
                    (game, logged.version),
                )
        for moved_to in self._moved:
            moved_to(game, logged.version)
        return True

    def listen(self, moved: Moved) -> None:
        self._moved.append(moved)
        if self._listening is None:
            self._listening = threading.Event()
            # The log's end is read now, not when the thread first runs, so that an action
            # logged as soon as this returns is heard.
            seen = self._connect().execute("SELECT coalesce(max(rowid), 0) FROM actions")
            threading.Thread(
                target=self._poll,
                args=(seen.fetchone()[0],),
                name="trufspec-store-log",
                daemon=True,
            ).start()

    def _poll(self, seen: int) -> None:
        """Tell the listeners of the actions that other processes log after row ``seen``."""
        stop = self._listening
        assert stop is not None
        connection = sqlite3.connect(self.url, timeout=10, isolation_level=None)
        while not stop.wait(POLL):
            try:
                rows = connection.execute(
                    "SELECT rowid, game, version FROM actions WHERE rowid > ? ORDER BY rowid",
                    (seen,),
                ).fetchall()
            except sqlite3.OperationalError:  # the file is busy: look again at the next turn
                continue
            for rowid, game, version in rows:
                seen = rowid
                for moved in self._moved:
                    moved(game, version)
        connection.close()

    def close(self) -> None:
        if self._listening is not None:
            self._listening.set()
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is not None:
            connection.close()
            self._local.connection = None


class _transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, rolled back when the block raises."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def __enter__(self) -> sqlite3.Connection:
        self.connection.execute("BEGIN IMMEDIATE")
        return self.connection

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.connection.execute("COMMIT" if kind is None else "ROLLBACK")


def _has_column(connection: sqlite3.Connection, table: str, column: str) -> bool:
    return any(row[1] == column for row in connection.execute(f"PRAGMA table_info({table})"))


def _migrate_first(connection: sqlite3.Connection) -> None:
    """Move the games of the first schema (renamed ``games_v1``) into this one: each game's
    stored record becomes its snapshot at the version it had reached, its tokens' digests are
    kept, and a play page's table becomes a game whose other seats are bots (the table's token
    that was kept in plain text for them is dropped with its table)."""
    seats: dict[str, list[str]] = {}
    for game, seat in connection.execute("SELECT game, seat FROM seats ORDER BY rowid"):
        seats.setdefault(game, []).append(seat)
    old = connection.execute(
        "SELECT id, ruleset, seed, record, version, over, table_token, created, updated"
        " FROM games_v1"
    ).fetchall()
    for game, ruleset, seed, record, version, over, table, created, updated in old:
        connection.execute(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game, ruleset, seed, json.dumps(seats.get(game, [])), version, over, created, updated),
        )
        connection.execute("INSERT INTO snapshots VALUES (?, ?, ?)", (game, version, record))
        connection.execute("INSERT INTO tokens VALUES (?, 'table', NULL, ?)", (game, table))
    connection.execute(
        "INSERT INTO tokens SELECT game, 'seat', seat, token FROM seats ORDER BY rowid"
    )
    tables = connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'play_tables'"
    ).fetchone()
    if tables is not None:
        for game, person, level in connection.execute(
            "SELECT game, person, level FROM play_tables"
        ).fetchall():
            for seat in seats.get(game, []):
                if seat != person:
                    connection.execute("INSERT INTO bots VALUES (?, ?, ?)", (game, seat, level))
                    connection.execute(
                        "DELETE FROM tokens WHERE game = ? AND seat = ?", (game, seat)
                    )
        connection.execute("DROP TABLE play_tables")
    connection.execute("DROP TABLE seats")
    connection.execute("DROP TABLE games_v1")
