"""Hosted games as they are stored: a set-up, an append-only log of actions, and snapshots.

The record is the state, kept the way it grows.  A game is stored as its set-up (ruleset, seed,
seats, which seats are bots) and a log with one row per action applied: its version (the
number of actions applied once it is), the seat, its words and whether the table let it stand
as an irregularity.  At each deal or round boundary the record so far is kept as a snapshot,
so a worker that does not hold the game resumes it from the last snapshot and the actions
logged since, not from deal 1.  A new snapshot replaces the one before (the first, at version
0, stays): the log and the first snapshot give every version, and a long game's snapshots
would otherwise hold its early deals over and over.  An action writes one row (and a snapshot when a deal ends):
its cost does not grow with the length of the game.

An action is stored only if the game is still at the version it was read at
(compare-and-set): of two actions sent at once one is stored, the other finds the version moved
and is refused, and a row is always written whole with the version it made.

Tokens are stored as their SHA-256 digests, so a store does not hold the secrets, and are
compared in constant time (:func:`hmac.compare_digest`).  A game has one token per seat, one
for the table (which acts for every seat and sees everything) and one to watch (which sees what
is public and cannot act).

:class:`Store` says what every store does; :mod:`.store_sqlite` keeps games in one SQLite file,
the embedded default, and :mod:`.store_postgres` in a PostgreSQL database that several machines
share.  Both build on this module alone; :mod:`.database` opens the one a URL names.
"""

from __future__ import annotations

import abc
import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from attrs import frozen

__all__ = [
    "Access",
    "Created",
    "Logged",
    "Moved",
    "Role",
    "Snapshot",
    "Store",
    "StoreUnavailable",
    "TokenRow",
    "Stored",
    "new_token",
    "new_tokens",
    "shown",
    "token_digest",
]

Role = Literal["table", "seat", "watch"]

Moved = Callable[[str, int], None]
"""Told that a game moved: its id and the version it reached."""

NOBODY = hashlib.sha256(b"no such game").digest()
"""Compared with a token presented for a game that does not exist, so that the answer takes as
long as for a game that does."""


class StoreUnavailable(Exception):
    """The database cannot be reached now (stopped, restarting, refusing connections): the
    request may be tried again later; nothing was stored."""


def new_token() -> str:
    """A secret of 256 bits, URL-safe."""
    return secrets.token_urlsafe(32)


def new_game_id() -> str:
    return secrets.token_urlsafe(12)


def token_digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


@frozen
class Stored:
    """A game as stored: its set-up, version (actions applied) and whether it is over."""

    id: str
    ruleset: str
    seed: str
    version: int
    over: bool
    seats: tuple[str, ...]
    bots: Mapping[str, str]
    """The seats a bot plays, each with its level (:data:`trufspec.simulate.bots.LEVELS`)."""


@frozen
class Logged:
    """One action of a game's log."""

    version: int
    """The version the action made: the first action of a game makes version 1."""
    seat: str
    action: str
    """The action's words as the referee prints them, without the ``!`` of an irregularity
    let stand (that is :attr:`acknowledged`)."""
    acknowledged: bool
    time: float


@frozen
class Snapshot:
    """The record of a game at a version (a deal boundary, or the start)."""

    version: int
    record: str


@frozen
class Created:
    """A new game's id and its tokens, which are given once and stored only as digests."""

    game: str
    table: str
    watch: str
    seats: Mapping[str, str]
    """The token of each seat a person plays (a bot's seat has none)."""


@frozen
class Access:
    """Who a token is: the table, one seat, or a watcher."""

    role: Role
    seat: str | None = None


TokenRow = tuple[str, str, str | None, bytes]
"""A token as stored: its game, role, seat (None but for a seat's) and digest."""


def new_tokens(seats: Sequence[str], bots: Mapping[str, str]) -> tuple[Created, list[TokenRow]]:
    """A new game's id and tokens, and the rows that store their digests: one for the table,
    one to watch, and one for each seat a person plays."""
    game = new_game_id()
    table, watch = new_token(), new_token()
    tokens = {seat: new_token() for seat in seats if seat not in bots}
    rows: list[TokenRow] = [
        (game, "table", None, token_digest(table)),
        (game, "watch", None, token_digest(watch)),
    ]
    rows += [(game, "seat", seat, token_digest(token)) for seat, token in tokens.items()]
    return Created(game, table, watch, tokens), rows


_ROLES: dict[str, Role] = {"table": "table", "seat": "seat", "watch": "watch"}


def match_token(token: str, rows: Sequence[tuple[str, str | None, bytes]]) -> Access | None:
    """The access of ``token`` among a game's ``(role, seat, digest)`` rows, comparing with
    every row (and with a digest of nothing when there is none) so that the time taken does not
    tell a token of another game, or no game, from a wrong one."""
    presented = token_digest(token)
    found: Access | None = None
    for role, seat, digest in rows or [("none", None, NOBODY)]:
        known = _ROLES.get(role)
        if hmac.compare_digest(presented, digest) and known is not None:
            found = Access(known, seat)
    return found


class Store(abc.ABC):
    """What every store of hosted games does; safe to use from several threads."""

    url: str
    """Where the games are kept, as it was given (a file's path or a database's URL)."""

    @abc.abstractmethod
    def create(
        self,
        ruleset: str,
        seed: str,
        record: str,
        seats: Sequence[str],
        bots: Mapping[str, str],
    ) -> Created:
        """Store a new game at version 0 with ``record`` as its first snapshot."""

    @abc.abstractmethod
    def access(self, game: str, token: str) -> Access | None:
        """Who ``token`` is for ``game``; None when it is no token of that game (or there is no
        such game: the two are not told apart)."""

    @abc.abstractmethod
    def load(self, game: str) -> Stored | None:
        """The game's set-up and version; None when there is no such game."""

    @abc.abstractmethod
    def bot_games(self) -> list[str]:
        """The games not yet over that have a bot's seat: those a starting server looks at, in
        case a bot is to act in one."""

    @abc.abstractmethod
    def snapshot(self, game: str, version: int) -> Snapshot:
        """The latest snapshot of ``game`` at or before ``version``."""

    @abc.abstractmethod
    def actions(self, game: str, after: int, upto: int | None = None) -> list[Logged]:
        """The actions logged after version ``after`` (up to version ``upto``), in order."""

    @abc.abstractmethod
    def append(self, game: str, logged: Logged, over: bool, snapshot: str | None = None) -> bool:
        """Log ``logged`` (which makes version ``logged.version``) and, when given, the record
        at that version as a snapshot, in one transaction; False, and nothing stored, when the
        game is no longer at version ``logged.version - 1``."""

    @abc.abstractmethod
    def listen(self, moved: Moved) -> None:
        """Call ``moved`` (from a thread of the store's own) whenever a game's version moves,
        whichever process or machine moved it; versions in between may be skipped, never the
        last one.  Called once, when a server starts."""

    @abc.abstractmethod
    def close(self) -> None:
        """Stop listening and let go of the connections."""


def shown(url: str) -> str:
    """``url`` as it may be printed: without the password a database URL may carry (in its
    user part or as a ``password`` parameter)."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return url.partition("://")[0] + "://..."
    if not parts.scheme or "://" not in url:
        return url
    netloc = parts.netloc
    if password is not None:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.partition(':')[0]}:***@{host}"
    query = "&".join(
        "password=***" if item.lower().startswith("password=") else item
        for item in parts.query.split("&")
    )
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
