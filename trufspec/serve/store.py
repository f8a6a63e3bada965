"""Hosted games kept in SQLite: the record of each game, its version and its tokens.

The record is the state: a game is stored as its full record (every hand included) and resumed
from it, so a restart or another worker loses nothing.  The file is in WAL mode, so the workers
of one server read while one of them writes.  An action is stored only if the game is still at
the version it was read at (compare-and-set): of two actions sent at once, one is stored and the
other finds the version moved and is refused, and a record is always one whole write.

Tokens are stored as their SHA-256 digests, so the file does not hold the secrets, and are
compared in constant time (:func:`hmac.compare_digest`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
import threading
import time

from attrs import frozen

__all__ = ["Access", "Store", "Stored", "new_token"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    seed TEXT NOT NULL,
    record TEXT NOT NULL,
    version INTEGER NOT NULL,
    over INTEGER NOT NULL,
    table_token BLOB NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    token BLOB NOT NULL,
    PRIMARY KEY (game, seat)
);
"""

_NOBODY = hashlib.sha256(b"no such game").digest()
"""Compared with a token presented for a game that does not exist, so that the answer takes as
long as for a game that does."""


def new_token() -> str:
    """A secret of 256 bits, URL-safe."""
    return secrets.token_urlsafe(32)


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


@frozen
class Stored:
    """A game as stored: its record (notation), version (actions applied) and seed."""

    id: str
    ruleset: str
    seed: str
    record: str
    version: int
    over: bool


@frozen
class Access:
    """Who a token is: the table (``seat`` None) or one seat."""

    seat: str | None


class Store:
    """The games of one SQLite file; safe to use from several threads and processes."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._local = threading.local()
        with self._connect() as connection:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.executescript(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            connection.execute("PRAGMA busy_timeout=10000")
            connection.execute("PRAGMA synchronous=NORMAL")
            self._local.connection = connection
        return connection

    def create(
        self, ruleset: str, seed: str, record: str, seats: list[str]
    ) -> tuple[str, str, dict[str, str]]:
        """Store a new game: its id, the table's token and each seat's."""
        game = secrets.token_urlsafe(12)
        table = new_token()
        tokens = {seat: new_token() for seat in seats}
        now = time.time()
        connection = self._connect()
        connection.execute("BEGIN IMMEDIATE")
        try:
            connection.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, 0, 0, ?, ?, ?)",
                (game, ruleset, seed, record, _digest(table), now, now),
            )
            connection.executemany(
                "INSERT INTO seats VALUES (?, ?, ?)",
                [(game, seat, _digest(token)) for seat, token in tokens.items()],
            )
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        return game, table, tokens

    def access(self, game: str, token: str) -> Access | None:
        """Who ``token`` is for ``game``; None when it is no token of that game (or there is
        no such game: the two are not told apart)."""
        presented = _digest(token)
        connection = self._connect()
        row = connection.execute("SELECT table_token FROM games WHERE id = ?", (game,)).fetchone()
        seats = connection.execute(
            "SELECT seat, token FROM seats WHERE game = ?", (game,)
        ).fetchall()
        found: Access | None = None
        if hmac.compare_digest(presented, row[0] if row else _NOBODY) and row:
            found = Access(None)
        for seat, digest in seats:
            if hmac.compare_digest(presented, digest):
                found = Access(seat)
        return found

    def load(self, game: str) -> Stored | None:
        row = (
            self._connect()
            .execute(
                "SELECT id, ruleset, seed, record, version, over FROM games WHERE id = ?", (game,)
            )
            .fetchone()
        )
        return None if row is None else Stored(row[0], row[1], row[2], row[3], row[4], bool(row[5]))

    def save(self, game: str, version: int, record: str, over: bool) -> bool:
        """Store the record reached from ``version`` as ``version + 1``; False (nothing
        stored) when the game is no longer at ``version``."""
        cursor = self._connect().execute(
            "UPDATE games SET record = ?, version = version + 1, over = ?, updated = ?"
            " WHERE id = ? AND version = ?",
            (record, int(over), time.time(), game, version),
        )
        return cursor.rowcount == 1
