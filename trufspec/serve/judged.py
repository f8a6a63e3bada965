"""The work the judge processes do: checks, readings and the stateless referee.

Each function takes the decoded request and returns the response body, or a :class:`Problem`
when the referee refuses: plain values, sent between processes.  None of them touches the
network or the store, so each is what the Python API gives for the same question.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from trufspec.api import dumps, loads
from trufspec.batch import check_block
from trufspec.diagnostics import Diagnostic
from trufspec.jsonrecords.convert import to_document
from trufspec.jsonrecords.model import RecordDocument
from trufspec.jsonrecords.read import read_document
from trufspec.notation.blocks import Block
from trufspec.output import contract
from trufspec.output.json import document as check_document
from trufspec.output.model import Report
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

__all__ = [
    "PROBLEMS",
    "check",
    "legal_page",
    "readings",
    "record_out",
    "record_text",
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


_WARM_UP = '[Ruleset "truf-jb"]\n[Players "A B C D"]\n\ndeal 1\ndealer A\n'


def warm() -> None:
    """Load what a first check and a first referee action load (the parsers, the rulesets)."""
    check(_WARM_UP, {})
    referee(RefereeRequest(_WARM_UP, limit=1))


def record_text(record: Record) -> str:
    """The notation of a record, as sent or as its JSON document prints; a JSON record the
    notation cannot say in full is refused with the findings of reading it."""
    if isinstance(record, str):
        return record
    parsed = read_document(record)
    if parsed.diagnostics:
        raise Refused(list(parsed.diagnostics))
    return dumps(parsed.games)


def record_out(game: Game, as_json: bool) -> str | RecordDocument:
    """A record to send back: in the notation, or as a JSON record document."""
    return to_document([game]) if as_json else dumps([game])


def refusal_problem(diagnostics: Sequence[Diagnostic]) -> Problem:
    """The 422 problem of a refusal: the first diagnostic's code, message, clause and quote."""
    first = diagnostics[0]
    clause = first.clause
    citation = None
    if clause is not None and clause.citations:
        quoted = clause.citations[0]
        citation = CitationBody(quoted.source, quoted.locator, " ".join(quoted.quote.split()))
    detail = "; ".join(d.message for d in diagnostics[:5])
    return Problem(
        type=PROBLEMS + "refused",
        title="The action is refused",
        status=422,
        detail=detail,
        code=first.code,
        clause=None if clause is None else clause.title,
        citation=citation,
    )


def legal_page(state: GameState, player: str | None, offset: int, limit: int) -> LegalActions:
    """A page of the legal actions of ``player`` (none when it is not their turn)."""
    actions: Sequence[Action] = ()
    if player is not None and player in state.to_act:
        actions = state.legal_actions(player)
    items = [str(a) for a in actions[offset : offset + limit]]
    return LegalActions(player, len(actions), offset, items)


def _with_readings(text: str, readings: Mapping[str, str]) -> str:
    """The record with its ``Options`` tag replaced by ``readings`` (left out when none)."""
    games = loads(text).games
    if len(games) != 1:
        return text  # resume refuses it, saying why
    game = games[0]
    tags = [t for t in game.tags if t.name != "Options"]
    if readings:
        tags.append(Tag("Options", ", ".join(f"{k}={v}" for k, v in readings.items())))
    return dumps([replace(game, tags=tuple(tags))])


def referee(request: RefereeRequest) -> RefereeResponse | Problem:
    """The stateless referee: the record resumed, the action applied, what comes next."""
    try:
        text = record_text(request.record)
        if request.readings is not None:
            text = _with_readings(text, request.readings)
        state = resume(text, seed=request.seed)
        player = request.player
        applied = None
        if request.action is not None:
            player = player or state.current_player
            if player is None or player not in state.players:
                who = "nobody is to act: the game is over" if player is None else "no such player"
                raise Refused([refusal("REF001", f"{who} ({', '.join(state.players)})")])
            action = state.action(player, request.action)
            state.apply(action)
            applied = str(action)
    except Refused as refused:
        return refusal_problem(refused.diagnostics)
    listed = state.current_player if applied is not None or player is None else player
    return RefereeResponse(
        applied=applied,
        player=player,
        record=record_out(state.record(), not isinstance(request.record, str)),
        phase=state.phase,
        to_act=list(state.to_act),
        legal_actions=legal_page(state, listed, request.offset, request.limit),
        totals=dict(state.totals),
        winners=list(state.winners),
    )
