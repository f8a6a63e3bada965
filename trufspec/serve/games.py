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

import contextlib
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator

import attrs
import msgspec
from attrs import frozen

from trufspec.api import dumps
from trufspec.notation.printer import print_game
from trufspec.records import Game
from trufspec.referee import GameState, Refused, new_game, resume
from trufspec.referee.errors import refusal
from trufspec.serve.models import (
    LIMIT,
    ActionRequest,
    ActionResult,
    GameCreated,
    GameEvent,
    GameRecord,
    GameView,
    NewGame,
    Problem,
    Tokens,
)
from trufspec.serve.store import Access, Logged, Role, Store, Stored
from trufspec.serve.views import Viewer, apply_logged, record_view
from trufspec.serve.work import PROBLEMS, legal_page, record_out, refusal_problem

__all__ = ["Host", "ProblemError", "ViewQuery", "forbidden"]

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
        self._starts: OrderedDict[str, tuple[int, GameState]] = OrderedDict()
        """The state at each game's last snapshot, from which the changes since a version of
        the current deal are replayed without resuming the whole record."""
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ states

    def _remember(
        self,
        game: str,
        version: int,
        state: GameState,
        kept: OrderedDict[str, tuple[int, GameState]] | None = None,
    ) -> None:
        kept = self._states if kept is None else kept
        with self._lock:
            kept[game] = (version, state)
            kept.move_to_end(game)
            while len(kept) > CACHED:
                gone, _ = kept.popitem(last=False)
                if kept is self._states:
                    self._printed.pop(gone, None)

    def _state(self, stored: Stored) -> GameState:
        """The state of a stored game: a copy of the one kept, brought up to date from the log,
        or resumed from its last snapshot and the actions logged since."""
        with self._lock:
            kept = self._states.get(stored.id)
        if kept is not None and kept[0] == stored.version:
            return kept[1].copy()
        if kept is not None and kept[0] < stored.version:
            state = self._replay(kept[1].copy(), stored, kept[0], stored.version)
        else:
            state = self._state_at(stored, stored.version)
        self._remember(stored.id, stored.version, state.copy())
        return state

    def _state_at(self, stored: Stored, version: int) -> GameState:
        """The state of a stored game at ``version``: resumed from the last snapshot at or
        before it, and the actions logged since (at most a deal's)."""
        snapshot = self.store.snapshot(stored.id, version)
        with self._lock:
            start = self._starts.get(stored.id)
        if start is not None and start[0] == snapshot.version:
            state = start[1].copy()
        else:
            with _resumable():
                state = resume(snapshot.record, seed=stored.seed)
            self._remember(stored.id, snapshot.version, state.copy(), self._starts)
        return self._replay(state, stored, snapshot.version, version)

    def _replay(self, state: GameState, stored: Stored, after: int, upto: int) -> GameState:
        with _resumable():
            for logged in self.store.actions(stored.id, after, upto):
                action = state.action(logged.seat, logged.action)
                state.apply(state.acknowledged(action) if logged.acknowledged else action)
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
        self._remember(created.game, 0, state.copy(), self._starts)
        self._remember(created.game, 0, state)
        tokens = Tokens(created.table, dict(created.seats), created.watch)
        return GameCreated(created.game, state.ruleset, list(state.players), 0, tokens)

    def _viewer(self, access: Access, stored: Stored, seat: str | None) -> Viewer:
        """Who sees, by the token's access and the seat asked for (the table's token may ask
        for any seat's view)."""
        if access.role == "watch":
            if seat is not None:
                raise forbidden("a watch token shows the public view only, not a seat's")
            return Viewer(public=True)
        if access.seat is not None and seat not in (None, access.seat):
            raise forbidden("a seat's token shows that seat's view only")
        seat = access.seat or seat
        if seat is not None and seat not in stored.seats:
            raise _no_such_seat(seat)
        return Viewer(seat)

    def view(
        self, game: str, token: str, seat: str | None, as_json: bool, offset: int, limit: int
    ) -> GameView:
        """The view the token gives (the table's token: ``seat``'s, or the whole deal), with
        a page of legal actions."""
        _, view = self.look(game, token, ViewQuery(seat, as_json, offset, limit))
        assert view is not None  # no entity tag was sent
        return view

    def look(self, game: str, token: str, asked: ViewQuery) -> tuple[str, GameView | None]:
        """The view the token gives with its entity tag, or the tag alone (None) when it is one
        of ``asked.known``: the view has not changed since the client was given it."""
        access, stored = self._authorised(game, token)
        viewer = self._viewer(access, stored, asked.seat)
        if asked.since is not None and asked.since > stored.version:
            raise _beyond(asked.since, stored.version, "since")
        tag = asked.tag(game, stored.version, access)
        if tag.removeprefix("W/") in asked.known or "*" in asked.known:
            return tag, None
        state = self._state(stored)
        changes = None
        if asked.since is not None:
            changes = []
            earlier = self._state_at(stored, asked.since)
            for logged in self.store.actions(game, asked.since, stored.version):
                with _resumable():
                    changes += apply_logged(earlier, logged, viewer, False, asked.as_json)
        role = access.role
        view = _view(game, stored.version, state, viewer, role, asked.as_json, asked.page)
        return tag, msgspec.structs.replace(view, changes=changes)

    def opening(self, game: str, token: str, last: int | None) -> tuple[Viewer, GameState, int]:
        """What an event stream starts from: who sees, the version it goes on from (``last``,
        or the game's version when none is given) and the state at that version."""
        access, stored = self._authorised(game, token)
        viewer = self._viewer(access, stored, None)
        if last is not None and last > stored.version:
            raise _beyond(last, stored.version, "Last-Event-ID")
        if last is None or last == stored.version:
            return viewer, self._state(stored), stored.version
        return viewer, self._state_at(stored, last), last

    def events(
        self, game: str, state: GameState, version: int, viewer: Viewer, as_json: bool
    ) -> list[tuple[int, list[GameEvent]]]:
        """The events of the actions logged after ``version`` (the one ``state`` is at), each
        version with its own; ``state`` is brought up to date."""
        found = []
        for logged in self.store.actions(game, version):
            with _resumable():
                found.append((logged.version, apply_logged(state, logged, viewer, True, as_json)))
        return found

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
        return self._act(stored, access.seat or request.seat, request, access.role)

    def act_for_bot(self, stored: Stored, seat: str, words: str) -> ActionResult:
        """The action of the bot at ``seat``, chosen on ``stored`` at its version: logged as
        anyone's is (409 when the game moved meanwhile)."""
        return self._act(stored, seat, ActionRequest(words, seat=seat, version=stored.version))

    def _act(
        self, stored: Stored, named: str | None, request: ActionRequest, role: Role = "table"
    ) -> ActionResult:
        """Apply ``request`` as ``named`` (the current player's when None) and log it; the view
        answered is ``named``'s, for a token of ``role``.

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
                if snapshot is not None:
                    self._remember(stored.id, version, state.copy(), self._starts)
                self._remember(stored.id, version, state.copy())
                as_json = request.format == "json"
                view = _view(stored.id, version, state, Viewer(seat), role, as_json, (0, LIMIT))
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
            raise forbidden("a seat or a watcher is given the record once the game is over")
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


@frozen
class ViewQuery:
    """What a view is asked for with: the seat, the form of the record, the page of legal
    actions, ``since`` (the changes since that version, or None) and the entity tags the
    client already holds (``If-None-Match``)."""

    seat: str | None = None
    as_json: bool = False
    offset: int = 0
    limit: int = LIMIT
    since: int | None = None
    known: frozenset[str] = frozenset()

    @property
    def page(self) -> tuple[int, int]:
        return self.offset, self.limit

    def tag(self, game: str, version: int, access: Access) -> str:
        """The view's weak entity tag: the same game, version, token's role and seat and the
        same query give the same view (the bytes of the JSON may differ)."""
        said = f"{game}\0{version}\0{access.role}\0{access.seat}\0{self.seat}\0{self.as_json}"
        said += f"\0{self.offset}\0{self.limit}\0{self.since}"
        return 'W/"' + hashlib.sha256(said.encode("utf-8", "surrogatepass")).hexdigest()[:32] + '"'


@contextlib.contextmanager
def _resumable() -> Iterator[None]:
    """A stored game replayed: the record and the log were written by the referee itself, so
    one it cannot replay is a fault of trufspec, reported as such (500), and the game stays as
    it was stored."""
    try:
        yield
    except Refused as refused:
        detail = "the stored game could not be resumed: " + refused.diagnostics[-1].message
        raise ProblemError(Problem(PROBLEMS + "internal", "Internal error", 500, detail)) from None


def _beyond(asked: int, version: int, name: str) -> ProblemError:
    return ProblemError(
        Problem(
            PROBLEMS + "malformed",
            "Malformed request",
            400,
            f"{name} {asked} is beyond the game's version {version}: ask for the changes since "
            "a version the game has reached",
        )
    )


def _view(
    game: str,
    version: int,
    state: GameState,
    viewer: Viewer,
    role: Role,
    as_json: bool,
    page: tuple[int, int],
) -> GameView:
    """The view of ``viewer``: the current deal as it sees it, and its legal actions."""
    if viewer.seat is None:
        hand: list[str] = []
        listed = None if viewer.public else state.current_player
    else:
        hand = [str(card) for card in state.hand(viewer.seat)]
        listed = viewer.seat
    return GameView(
        id=game,
        seat=viewer.seat,
        version=version,
        phase=state.phase,
        over=state.is_game_over,
        to_act=list(state.to_act),
        hand=hand,
        record=record_view(state, viewer, as_json),
        legal_actions=legal_page(state, listed, *page),
        totals=dict(state.totals),
        winners=list(state.winners),
        role=role,
        cards_left={player: len(state.hand(player)) for player in state.players},
    )
