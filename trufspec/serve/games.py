"""Hosted games: created, seen and played through the store, one seat at a time.

Every method runs in a thread of the server (it reads and writes the store and asks the
referee), never on the event loop.  An action is logged as one row of the game's log, and the
record so far is kept as a snapshot when a deal ends (:mod:`.store`).  The states this process
reached last are kept (by game and version, least recently used out) so that a game played
through one worker is not replayed at each action; a state is only used at the version it
belongs to, and one that moved on through another worker is brought up to date from the log,
or resumed from its last snapshot and the actions logged since.

Actions the rules let several seats take at once (sealed bids, Tromplemond's claims, votes and
decisions) do not conflict: one sent on a view that another seat's action of the same stage has since
moved is judged again on the game as it is now (:meth:`Host.act`); an action whose meaning
depends on what came before it keeps the compare-and-set, and is refused (409) when the game
moved.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

import attrs

from trufspec.api import dumps
from trufspec.notation.printer import print_game
from trufspec.records import Game
from trufspec.referee import GameState, Refused, new_game, resume
from trufspec.referee.errors import refusal
from trufspec.serve.judged import PROBLEMS, legal_page, record_out, refusal_problem
from trufspec.serve.models import (
    ActionRequest,
    ActionResult,
    GameCreated,
    GameRecord,
    GameView,
    NewGame,
    Problem,
    Tokens,
)
from trufspec.serve.store import Access, Logged, Store, Stored

__all__ = ["Host", "ProblemError", "forbidden"]

CACHED = 256
"""Game states kept per process."""

SIMULTANEOUS = frozenset({"bids", "claims", "votes", "decide"})
"""The phases whose actions the seats take at the same time, each on its own: a sealed bid, a
claim, a vote, a Tromplemond tie decided by the private choice of the other seats.  An action
of one seat does not change what another may do in them, so their order does not matter.  (A card played where the turn order is free does change what the
others may play, and a call or the next deal is taken by whoever is first: those keep the
compare-and-set.)"""


class ProblemError(Exception):
    """A request answered with a problem rather than its result."""

    def __init__(self, problem: Problem, headers: dict[str, str] | None = None) -> None:
        super().__init__(problem.detail)
        self.problem = problem
        self.headers = headers or {}


def forbidden(detail: str) -> ProblemError:
    return ProblemError(Problem(PROBLEMS + "forbidden", "Forbidden", 403, detail))


def _conflict(detail: str) -> ProblemError:
    return ProblemError(Problem(PROBLEMS + "conflict", "Conflict", 409, detail))


def _no_such_seat(seat: str) -> ProblemError:
    return ProblemError(
        Problem(PROBLEMS + "no-such-seat", "No such seat", 404, f"no seat is named {seat}")
    )


def _moved_on(read: int, version: int) -> ProblemError:
    return _conflict(f"the game is at version {version}, not {read}: another action came first")


class Host:
    """The hosted games of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._states: OrderedDict[str, tuple[int, GameState]] = OrderedDict()
        self._printed: OrderedDict[str, list[str]] = OrderedDict()
        """Each game's record as printed so far, in parts (:func:`_record_text`)."""
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ states

    def _remember(self, game: str, version: int, state: GameState) -> None:
        with self._lock:
            self._states[game] = (version, state)
            self._states.move_to_end(game)
            while len(self._states) > CACHED:
                gone, _ = self._states.popitem(last=False)
                self._printed.pop(gone, None)

    def _state(self, stored: Stored) -> GameState:
        """The state of a stored game: a copy of the one kept, brought up to date from the log,
        or resumed from its last snapshot and the actions logged since."""
        with self._lock:
            kept = self._states.get(stored.id)
        if kept is not None and kept[0] == stored.version:
            return kept[1].copy()
        try:
            if kept is not None and kept[0] < stored.version:
                state, version = kept[1].copy(), kept[0]
            else:
                snapshot = self.store.snapshot(stored.id, stored.version)
                state, version = resume(snapshot.record, seed=stored.seed), snapshot.version
            for logged in self.store.actions(stored.id, version, stored.version):
                action = state.action(logged.seat, logged.action)
                state.apply(state.acknowledged(action) if logged.acknowledged else action)
        except Refused as refused:
            # The record was written by the referee itself: one it cannot resume is a fault
            # of trufspec, reported as such, and the game stays as it was stored.
            detail = "the stored game could not be resumed: " + refused.diagnostics[-1].message
            raise ProblemError(
                Problem(PROBLEMS + "internal", "Internal error", 500, detail)
            ) from None
        self._remember(stored.id, stored.version, state.copy())
        return state

    def state(self, stored: Stored) -> GameState:
        """The state of a stored game (a copy of it), for what acts inside the server: the
        bots."""
        return self._state(stored)

    def _authorised(self, game: str, token: str) -> tuple[Access, Stored]:
        access = self.store.access(game, token)
        stored = self.store.load(game) if access is not None else None
        if access is None or stored is None:
            raise forbidden("this token gives no access to this game")
        return access, stored

    # ------------------------------------------------------------------ requests

    def create(self, request: NewGame) -> GameCreated:
        try:
            state = new_game(request.ruleset, request.players, request.readings, seed=request.seed)
        except Refused as refused:
            raise ProblemError(refusal_problem(refused.diagnostics)) from None
        record = record_out(state.record(), as_json=False)
        assert isinstance(record, str)
        created = self.store.create(
            state.ruleset, str(state.setup.seed), record, list(state.players), request.bots
        )
        self._remember(created.game, 0, state)
        tokens = Tokens(created.table, dict(created.seats), created.watch)
        return GameCreated(created.game, state.ruleset, list(state.players), 0, tokens)

    def view(
        self, game: str, token: str, seat: str | None, as_json: bool, offset: int, limit: int
    ) -> GameView:
        access, stored = self._authorised(game, token)
        if access.role == "watch":
            raise forbidden("a watch token is given the game's public view by its stream")
        if access.seat is not None and seat not in (None, access.seat):
            raise forbidden("a seat's token shows that seat's view only")
        seat = access.seat or seat
        state = self._state(stored)
        if seat is not None and seat not in state.players:
            raise _no_such_seat(seat)
        return _view(game, stored.version, state, seat, as_json, offset, limit)

    def act(self, game: str, token: str, request: ActionRequest) -> ActionResult:
        access, stored = self._authorised(game, token)
        if access.role == "watch":
            raise forbidden("a watch token sees the game and cannot act")
        if access.seat is not None and request.seat not in (None, access.seat):
            raise forbidden("a seat's token acts as that seat only")
        if access.seat is not None and request.acknowledge:
            raise forbidden(
                "only the table lets an irregularity stand; a seat's token cannot acknowledge"
            )
        return self._act(stored, access.seat or request.seat, request)

    def act_for_bot(self, stored: Stored, seat: str, words: str) -> ActionResult:
        """The action of the bot at ``seat``, chosen on ``stored`` at its version: logged as
        anyone's is (409 when the game moved meanwhile)."""
        return self._act(stored, seat, ActionRequest(words, seat=seat, version=stored.version))

    def _act(self, stored: Stored, named: str | None, request: ActionRequest) -> ActionResult:
        """Apply ``request`` as ``named`` (the current player's when None) and log it.

        The action is judged on the game at the version it was chosen from (the request's, or
        the one just read).  When the game has moved on from there, or moves on between the
        judging and the logging, it is judged again on the game as it now is, provided only
        other seats' actions of the same simultaneous stage came between
        (:meth:`_alongside`); otherwise it is refused with 409, nothing stored."""
        read = stored.version if request.version is None else request.version
        if read > stored.version:
            raise _conflict(
                f"the game is at version {stored.version}: version {read} has not "
                "been reached; send the version of the view the action was chosen from"
            )
        for _ in range(len(stored.seats) + 1):
            state = self._state(stored)
            seat = named or state.current_player
            try:
                if seat is None:
                    raise Refused([refusal("REF001", "no seat is to act: the game is over")])
                if seat not in state.players:
                    seats = ", ".join(state.players)
                    raise Refused(
                        [refusal("REF001", f"no seat is named {seat}; the seats: {seats}")]
                    )
                if read < stored.version and (
                    named is None or not self._alongside(stored, read, named, state)
                ):
                    raise _moved_on(read, stored.version)
                words = state.action(seat, request.action)
                action = state.acknowledged(words) if request.acknowledge else words
                state.apply(action)
            except Refused as refused:
                raise ProblemError(refusal_problem(refused.diagnostics)) from None
            version = stored.version + 1
            logged = Logged(version, seat, str(words), request.acknowledge, time.time())
            snapshot: str | None = None
            if state.is_game_over:
                snapshot = dumps([state.record()])
            elif state.is_deal_over:
                with self._lock:
                    snapshot = _record_text(state, self._printed.setdefault(stored.id, []))
            if self.store.append(stored.id, logged, state.is_game_over, snapshot):
                self._remember(stored.id, version, state.copy())
                view = _view(stored.id, version, state, seat, request.format == "json", 0, 100)
                return ActionResult(str(action), seat, view)
            moved = self.store.load(stored.id)
            if moved is None:
                break
            stored = moved
        raise _conflict("another action on this game was applied first; nothing was stored")

    def _alongside(self, stored: Stored, read: int, seat: str, now: GameState) -> bool:
        """Whether an action of ``seat`` chosen at version ``read`` may still be taken now, at
        ``stored.version``: at ``read`` the seat was to act in a simultaneous stage together
        with others, it still is in the same deal and stage, and every action logged since was
        another of those seats acting in it."""
        since = stored.version - read
        if since >= len(stored.seats):
            return False  # more actions than the other seats take in one stage
        then = now.copy()
        if len(then.history) >= since:
            for _ in range(since):
                then.undo()
        else:
            then = self._state(attrs.evolve(stored, version=read))
        if then.phase not in SIMULTANEOUS or seat not in then.to_act or len(then.to_act) < 2:
            return False
        if (now.deal_number, now.phase) != (then.deal_number, then.phase):
            return False
        if seat not in now.to_act:
            return False
        logged = self.store.actions(stored.id, read, stored.version)
        return all(each.seat != seat and each.seat in then.to_act for each in logged)

    def record(self, game: str, token: str, as_json: bool) -> GameRecord:
        access, stored = self._authorised(game, token)
        if access.role != "table" and not stored.over:
            raise forbidden("a seat is given the record once the game is over")
        state = self._state(stored)
        return GameRecord(game, stored.version, stored.over, record_out(state.record(), as_json))


def _record_text(state: GameState, parts: list[str]) -> str:
    """The record of a game at a deal's end before the game's, as the notation prints it,
    printing only what was not printed before: ``parts`` holds the game's tags and each finished
    deal as printed at earlier deals' ends, and gets the deals finished since (a finished deal
    never changes).  What it returns is :func:`trufspec.dumps` of the record; printing it whole
    at every deal's end would make a long game's actions cost more and more."""
    if not parts:
        parts.append(print_game(Game(tuple(state.setup.tags()))))
    for make in state.finished[len(parts) - 1 :]:
        parts.append("\n" + print_game(Game((), (make(),))))
    return "".join(parts)


def _view(
    game: str,
    version: int,
    state: GameState,
    seat: str | None,
    as_json: bool,
    offset: int,
    limit: int,
) -> GameView:
    """The view of ``seat`` (the whole game for the table, ``seat`` None)."""
    if seat is None:
        hand: list[str] = []
        record = state.record()
        listed = state.current_player
    else:
        seen = state.view(seat)
        hand = [str(card) for card in seen.hand]
        record = seen.record
        listed = seat
    return GameView(
        id=game,
        seat=seat,
        version=version,
        phase=state.phase,
        over=state.is_game_over,
        to_act=list(state.to_act),
        hand=hand,
        record=record_out(record, as_json),
        legal_actions=legal_page(state, listed, offset, limit),
        totals=dict(state.totals),
        winners=list(state.winners),
    )
