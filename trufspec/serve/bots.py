"""The bots of hosted games: a bot's seat acts on its own as soon as it is to act.

A game started with ``bots`` (``POST /v1/games``) has seats the server plays, at one of the
simulator's levels (:mod:`trufspec.simulate.bots`).  Each server process runs one
:class:`BotDriver`: a thread woken whenever a game moves (the store's
:meth:`~trufspec.serve.store.Store.listen`, whichever process moved it), when a game is
created, and at start for every game not over that has a bot's seat.  It loads the game, lets
each bot that is to act choose, and acts through :meth:`~trufspec.serve.games.Host.act_for_bot`,
the path a person's action takes, so the referee judges a bot's action and the log records it
like any other.  Whether or not a page is open, the game goes on.

With several workers every process's driver is woken by the same move.  A bot's choice is
made from a generator seeded with the game's seed, version and seat, so each worker chooses
the same action; the first one stored counts, and the others, refused because the game moved
(409), are dropped.
"""

from __future__ import annotations

import logging
import random
import threading
from collections import OrderedDict

from trufspec.serve.games import Host, ProblemError
from trufspec.serve.store import StoreUnavailable
from trufspec.simulate.bots import Budget, make_bot

__all__ = ["MOST_ACTIONS", "SEARCH_BUDGET", "BotDriver"]

MOST_ACTIONS = 64
"""The most actions the bots of one game take at one wake-up; a game of bots only goes on at
the next, after the other games woken meanwhile, so that one game does not hold the driver."""

SEARCH_BUDGET = Budget(playouts=200, seconds=1.0)
"""What a ``search`` bot may think about one action: the simulator's playouts (the same choice
on every worker), but never more than a second of the clock."""

_log = logging.getLogger(__name__)


class BotDriver:
    """Lets the bots of a store's games act, one game at a time, in a thread of its own."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self._woken: OrderedDict[str, None] = OrderedDict()
        self._changed = threading.Condition()
        self._stopped = False
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Listen to the store, and look at the games that may be waiting on a bot."""
        self._thread = threading.Thread(target=self._run, name="trufspec-bots", daemon=True)
        self._thread.start()
        self.host.store.listen(self.wake)
        try:
            games = self.host.store.bot_games()
        except StoreUnavailable:
            _log.warning("the games waiting on a bot could not be read; they go on when they move")
            return
        for game in games:
            self.wake(game, -1)

    def wake(self, game: str, version: int) -> None:
        """Look at ``game`` (which reached ``version``) soon: called from any thread."""
        with self._changed:
            self._woken[game] = None
            self._changed.notify()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop after the action in progress (a search's is bounded by its budget)."""
        with self._changed:
            self._stopped = True
            self._changed.notify()
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._woken and not self._stopped:
                    self._changed.wait()
                if self._stopped:
                    return
                game, _ = self._woken.popitem(last=False)
            try:
                self.play(game)
            except StoreUnavailable:
                _log.warning("the store cannot be reached: the bots of game %s wait", game)
            except Exception:  # a fault of trufspec: told, and the other games go on
                _log.exception("the bots of game %s could not act", game)

    def play(self, game: str) -> list[str]:
        """Let the bots of ``game`` act while one is to act, up to :data:`MOST_ACTIONS`; the
        actions taken, as ``seat: action``."""
        taken: list[str] = []
        for _ in range(2 * MOST_ACTIONS):  # each try that is not taken found the game moved
            if len(taken) == MOST_ACTIONS or self._stopped:
                break
            stored = self.host.store.load(game)
            if stored is None or stored.over or not stored.bots:
                break
            state = self.host.state(stored)
            seat = next((p for p in state.to_act if p in stored.bots), None)
            if seat is None:
                break
            rng = random.Random(f"{stored.seed}/{stored.version}/{seat}")
            bot = make_bot(stored.bots[seat], rng, SEARCH_BUDGET)
            chosen = bot.choose(state, seat)
            try:
                result = self.host.act_for_bot(stored, seat, str(chosen))
            except ProblemError as problem:
                if problem.problem.status == 409 and problem.problem.code is None:
                    continue  # another worker's bot, or a person, acted first: look again
                raise
            taken.append(f"{result.seat}: {result.applied}")
        return taken
