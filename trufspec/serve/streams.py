"""The event streams of hosted games: Server-Sent Events, one per action as its reader sees it.

A worker listens to the store once (:meth:`Store.listen`, which calls back from a thread of the
store's whenever any process moves a game) and wakes the streams of that game on its event
loop.  A stream woken reads the actions logged since the last one it sent and applies them to
a state of its own, so each event costs one action and one deal's view, however long the game
(:mod:`.seen` says what each reader sees).  Between events a comment line keeps the
connection open and lets the server learn that a reader has gone.

An event's id is the version its action made, given on the last event of that version, so that
a reader that reconnects with ``Last-Event-ID`` is sent every version after it, each whole,
and none again.  A token may hold a few streams at once per worker, so that one reader cannot
hold the server's connections.  A server told to stop closes its streams at once, each after
what it has to send (:meth:`Streams.close`): a stream would otherwise never end.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence

import msgspec
from litestar.response.sse import ServerSentEventMessage

from trufspec.referee import GameState
from trufspec.serve.games import Host, ProblemError
from trufspec.serve.models import GameEvent, Problem
from trufspec.serve.store import token_digest
from trufspec.serve.views import Viewer, end_event
from trufspec.serve.work import PROBLEMS

__all__ = ["HEARTBEAT", "PER_TOKEN", "Streams"]

HEARTBEAT = 15.0
"""Seconds between two comment lines of a stream with nothing to send."""

PER_TOKEN = 4
"""The streams one token may hold open at once in one worker."""

RETRY_AFTER = 10
"""Seconds a client refused for holding too many streams is asked to wait."""


def _messages(events: Sequence[GameEvent], version: int) -> list[ServerSentEventMessage]:
    """The messages of one version's events; the last carries the version as its id."""
    return [
        ServerSentEventMessage(
            data=msgspec.json.encode(event).decode(),
            event=event.kind,
            id=version if index == len(events) - 1 else None,
        )
        for index, event in enumerate(events)
    ]


class Streams:
    """The event streams open in one worker, woken when their game moves."""

    def __init__(self, host: Host, heartbeat: float = HEARTBEAT, per_token: int = PER_TOKEN):
        self.host = host
        self.heartbeat = heartbeat
        self.per_token = per_token
        self._waiting: dict[str, set[asyncio.Event]] = {}
        self._open: Counter[bytes] = Counter()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closing = False

    def start(self) -> None:
        """Listen to the store: called once, on the worker's event loop."""
        self._loop = asyncio.get_running_loop()
        self.host.store.listen(self._moved)

    def _moved(self, game: str, version: int) -> None:
        """Told by the store's thread that ``game`` moved: wake its streams on the loop."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._wake, game)
        except RuntimeError:  # the loop closed while the server stops: no stream is left
            return

    def _wake(self, game: str) -> None:
        for waiting in self._waiting.get(game, ()):
            waiting.set()

    def close(self) -> None:
        """End every stream once it has sent what is new, and each opened from now on after
        its first events: the server stops.  Their readers reconnect with ``Last-Event-ID``
        to the server that takes over."""
        self._closing = True
        for waiting in self._waiting.values():
            for wake in waiting:
                wake.set()

    async def open(
        self, game: str, token: str, last: int | None, as_json: bool
    ) -> AsyncIterator[ServerSentEventMessage]:
        """The stream of ``game`` for ``token`` from version ``last`` on (from now when
        None); its problems (403, 400, 429) are raised here, before the stream starts."""
        viewer, state, version = await asyncio.to_thread(self.host.opening, game, token, last)
        key = token_digest(token)
        if self._open[key] >= self.per_token:
            raise ProblemError(
                Problem(
                    PROBLEMS + "too-many-streams",
                    "Too many streams",
                    429,
                    f"this token holds {self.per_token} event streams already; close one, "
                    "or try again later",
                ),
                {"Retry-After": str(RETRY_AFTER)},
            )
        self._open[key] += 1
        given_back = [False]

        def give_back() -> None:
            if not given_back[0]:
                given_back[0] = True
                self._open[key] -= 1
                if self._open[key] <= 0:
                    del self._open[key]

        stream = self._stream(game, viewer, state, version, as_json, give_back)
        # A stream never started (its client gone before the first byte) runs no finally:
        # it gives its place back when it is dropped.
        weakref.finalize(stream, give_back)
        return stream

    async def _stream(
        self,
        game: str,
        viewer: Viewer,
        state: GameState,
        version: int,
        as_json: bool,
        give_back: Callable[[], None],
    ) -> AsyncIterator[ServerSentEventMessage]:
        wake = asyncio.Event()
        waiting = self._waiting.setdefault(game, set())
        waiting.add(wake)
        try:
            if state.is_game_over:
                for message in _messages([end_event(state, version)], version):
                    yield message
                return
            while True:
                wake.clear()
                found = await asyncio.to_thread(
                    self.host.events, game, state, version, viewer, as_json
                )
                for version, events in found:
                    for message in _messages(events, version):
                        yield message
                if any(event.kind == "game-end" for _, events in found for event in events):
                    return
                if self._closing:
                    return
                try:
                    await asyncio.wait_for(wake.wait(), self.heartbeat)
                except TimeoutError:
                    yield ServerSentEventMessage(data=None, comment="waiting for the next action")
        finally:
            waiting.discard(wake)
            if not waiting:
                self._waiting.pop(game, None)
            give_back()
