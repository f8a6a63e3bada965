"""The work the pool processes do (:mod:`.pool`): checks, readings and the stateless referee.

Each function takes the decoded request and returns the response body, or a :class:`Problem`
when the referee refuses: plain values, sent between processes.  None of them touches the
network or the store, so each is what the Python API gives for the same question.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Mapping, Sequence

import msgspec

from trufspec.api import dumps, loads
from trufspec.batch import check_block
from trufspec.diagnostics import Diagnostic
from trufspec.games import GAMES
from trufspec.jsonrecords.convert import to_document
from trufspec.jsonrecords.model import RecordDocument
from trufspec.jsonrecords.read import read_document
from trufspec.notation.blocks import Block
from trufspec.output import contract
from trufspec.output.json import document as check_document
from trufspec.readings.corpus import block_readings
from trufspec.readings.json import document as readings_document
from trufspec.readings.replay import LIMIT
from trufspec.records import Game, Tag, replace
from trufspec.referee import GameState, Refused, resume
from trufspec.referee.actions import Action
from trufspec.referee.errors import refusal
from trufspec.serve.models import (
    CitationBody,
    LegalActions,
    Problem,
    Record,
    RefereeRequest,
    RefereeResponse,
)
from trufspec.validator.report import Report

__all__ = [
    "PROBLEMS",
    "check",
    "legal_page",
    "readings",
    "record_out",
    "resumable",
    "referee",
    "refusal_problem",
    "warm",
]

PROBLEMS = "https://trufspec.readthedocs.io/en/latest/service.html#problem-"
"""The address of the service page's list of problems; a problem's ``type`` adds its name."""

PATH = "record"
"""The name a record sent to the service goes by in reports."""


def _block(record: Record) -> Block:
    if isinstance(record, str):
        return Block(record.encode("utf-8"), 1)
    return Block(msgspec.json.encode(record), 1, json=True)


def check(record: Record, options: Mapping[str, str]) -> contract.CheckDocument:
    """The check's JSON document (version 2) for one record."""
    report = check_block(_block(record), PATH, dict(options) or None)
    return check_document(Report((report,)))


def readings(record: Record, options: Mapping[str, str]) -> contract.ReadingsDocument:
    """The readings' JSON document for one record."""
    found = block_readings((0, PATH, _block(record)), dict(options) or None, LIMIT)
    return readings_document([found], LIMIT)


_WARM_UP = f'[Ruleset "{GAMES[0].id}"]\n[Players "A B C D"]\n\ndeal 1\ndealer A\n'
"""The start of a game of the first game listed: a check of any game loads what one of every
game would (the parsers, the rulesets)."""


def warm() -> None:
    """Load what a first check and a first referee action load (the parsers, the rulesets)."""
    check(_WARM_UP, {})
    referee(RefereeRequest(_WARM_UP, limit=1))


def resumable(record: Record, readings: Mapping[str, str] | None) -> Game | str:
    """What the referee resumes of a record sent: the text as sent, or the game a JSON record
    holds, read into records (never printed to be read again); with ``readings``, the game
    with its ``Options`` tag replaced by them.  A JSON record the notation cannot say in full
    is refused with the findings of reading it."""
    if isinstance(record, str):
        if readings is None:
            return record
        read = loads(record)
        if len(read.games) != 1 or not read.ok:
            return record  # resume refuses it, saying why
        game = read.games[0]
    else:
        parsed = read_document(record)
        if parsed.diagnostics:
            raise Refused(list(parsed.diagnostics))
        if len(parsed.games) != 1:
            count = len(parsed.games)
            problem = f"a record of one game can be resumed; this one holds {count}"
            raise Refused([refusal("REF003", problem)])
        game = parsed.games[0]
        if readings is None:
            return game
    tags = [t for t in game.tags if t.name != "Options"]
    if readings:
        tags.append(Tag("Options", ", ".join(f"{k}={v}" for k, v in readings.items())))
    return replace(game, tags=tuple(tags))


def record_out(game: Game, as_json: bool) -> str | RecordDocument:
    """A record to send back: in the notation, or as a JSON record document."""
    return to_document([game]) if as_json else dumps([game])


def refusal_problem(diagnostics: Sequence[Diagnostic]) -> Problem:
    """The problem of a refusal: the first diagnostic's code, message, clause and quote.

    Its status is 409: the request is well formed (the schema of the request says so), but the
    game it is about, stored or sent as a record, does not allow it."""
    first = diagnostics[0]
    clause = first.clause
    citation = None
    if clause is not None and clause.citations:
        quoted = clause.citations[0]
        citation = CitationBody(quoted.source, quoted.locator, " ".join(quoted.quote.split()))
    detail = "; ".join(d.message for d in diagnostics[:5])
    actor = first.actor
    said = None if actor is None else "; ".join(d.said_to(actor) for d in diagnostics[:5])
    return Problem(
        type=PROBLEMS + "refused",
        title="The action is refused",
        status=409,
        detail=detail,
        code=first.code,
        clause=None if clause is None else clause.title,
        citation=citation,
        said_to_seat=said,
    )


def legal_page(state: GameState, player: str | None, offset: int, limit: int) -> LegalActions:
    """A page of the legal actions of ``player`` (none when it is not their turn), with the
    offset of the next page when there is one."""
    actions: Sequence[Action] = ()
    if player is not None and player in state.to_act:
        actions = state.legal_actions(player)
    items = [str(a) for a in actions[offset : offset + limit]]
    after = offset + len(items)
    return LegalActions(
        player, len(actions), offset, items, after if after < len(actions) else None
    )


KEPT = 64
"""Resumed states a pool process keeps, by the hash of the record they were resumed from."""

_kept: OrderedDict[bytes, GameState] = OrderedDict()


def _record_key(record: Record, readings: Mapping[str, str] | None, seed: int | None) -> bytes:
    """What identifies the state a record resumes to: its bytes, the readings and the seed."""
    digest = hashlib.sha256(
        repr((sorted(readings.items()) if readings is not None else None, seed)).encode()
    )
    digest.update(
        record.encode("utf-8", "surrogatepass")
        if isinstance(record, str)
        else msgspec.json.encode(record)
    )
    return digest.digest()


def _keep(key: bytes, state: GameState) -> None:
    _kept[key] = state
    _kept.move_to_end(key)
    while len(_kept) > KEPT:
        _kept.popitem(last=False)


def _resumed(request: RefereeRequest) -> GameState:
    """The state the request's record resumes to: a copy of one kept for the same record,
    readings and seed, or resumed afresh (and kept).  A game server sends back the record the
    referee answered with, so each record is resumed once, however many times it is sent."""
    key = _record_key(request.record, request.readings, request.seed)
    kept = _kept.get(key)
    if kept is None:
        kept = resume(resumable(request.record, request.readings), seed=request.seed)
        _keep(key, kept)
    else:
        _kept.move_to_end(key)
    return kept.copy()


def referee(request: RefereeRequest) -> RefereeResponse | Problem:
    """The stateless referee: the record resumed, the action applied, what comes next.

    The record answered is kept with the state it shows, so the next request of the same game,
    which sends it back, starts from there."""
    try:
        state = _resumed(request)
        player = request.player
        applied = None
        if request.action is not None:
            player = player or state.current_player
            seats = ", ".join(state.players)
            if player is None:
                raise Refused([refusal("REF001", f"nobody is to act: the game is over ({seats})")])
            if player not in state.players:
                raise Refused([refusal("REF001", f"no seat is named {player}; the seats: {seats}")])
            action = state.action(player, request.action)
            if request.acknowledge:
                action = state.acknowledged(action)
            state.apply(action)
            applied = str(action)
    except Refused as refused:
        return refusal_problem(refused.diagnostics)
    listed = state.current_player if applied is not None or player is None else player
    record = record_out(state.record(), not isinstance(request.record, str))
    _keep(_record_key(record, request.readings, request.seed), state)
    return RefereeResponse(
        applied=applied,
        player=player,
        record=record,
        phase=state.phase,
        to_act=list(state.to_act),
        legal_actions=legal_page(state, listed, request.offset, request.limit),
        totals=dict(state.totals),
        winners=list(state.winners),
    )
