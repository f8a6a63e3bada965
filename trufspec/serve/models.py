"""The bodies of the service's requests and responses, as msgspec types.

They are the contract of ``/v1``: requests are decoded strictly into them (:mod:`.bodies`; a
body that does not follow them is a 422 problem) and the OpenAPI document's schemas are written
from them (:mod:`.openapi`).  A key is never removed or changed within ``/v1``; new optional
keys may be added, so a client ignores keys it does not know.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from trufspec.jsonrecords.model import RecordDocument

__all__ = [
    "ActionRequest",
    "ActionResult",
    "CheckRequest",
    "CitationBody",
    "ClauseDetail",
    "ClauseSummary",
    "GameCreated",
    "GameEvent",
    "GameRecord",
    "GameView",
    "LIMIT",
    "LegalActions",
    "NewGame",
    "OptionSummary",
    "PLAYER_PATTERN",
    "Player",
    "Problem",
    "ReadingsRequest",
    "Record",
    "RefereeRequest",
    "RefereeResponse",
    "RulesIndex",
    "RulesetSummary",
    "Tokens",
]

Record = Annotated[
    str | RecordDocument,
    msgspec.Meta(
        description="A record: the text of a record in the notation, or a JSON record document "
        "(trufspec/schemas/record.schema.json)."
    ),
]
Readings = Annotated[
    dict[
        Annotated[str, msgspec.Meta(max_length=100)], Annotated[str, msgspec.Meta(max_length=100)]
    ],
    msgspec.Meta(description="Readings (options) by key, as `--option key=value` gives them."),
]
Word = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]

PLAYER_PATTERN = (
    r"^[^\x00-\x20\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+"
    r"(?![\s\S])"
)
"""A player's name: one word, without spaces or control characters (the characters are listed,
not written ``\\s``, so that Python's and ECMAScript's expressions agree on them; the end is a
lookahead, since ``$`` lets Python accept a final newline)."""
Player = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=PLAYER_PATTERN)]
Format = Literal["truf", "json"]

LIMIT = 200
"""The legal actions listed when no ``limit`` is asked for: every bid of truf-basics (some 100
to 140) and every action of Truf-DE; the longer lists (truf-jb's bids, a Ruff and Honours
ruffer's discards, Tromplemond's claims) come in pages, each saying where the next starts."""


class _Body(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A request body: a key the API does not have is refused, not ignored."""


class _Answer(msgspec.Struct, frozen=True):
    """A response body."""


class CheckRequest(_Body, frozen=True):
    record: Record
    options: Readings = {}


class ReadingsRequest(_Body, frozen=True):
    record: Record
    options: Readings = {}


class RefereeRequest(_Body, frozen=True):
    """A record cut at any action, and the action to apply (none: the state only).  ``player``
    acts (default: the player whose turn it is); ``readings`` replace the record's ``Options``
    tag when given; deals after the record are dealt from ``seed``.  ``offset`` and ``limit``
    page the legal actions."""

    record: Record
    action: Annotated[str, msgspec.Meta(max_length=1000)] | None = None
    acknowledge: bool = False
    """The table lets the action stand although it breaks a rule of play (the record marks it
    ``!``): the table's own act, never a player's (whose ``!`` in ``action`` is refused)."""
    player: Word | None = None
    readings: Readings | None = None
    seed: Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)] | None = None
    offset: Annotated[int, msgspec.Meta(ge=0)] = 0
    limit: Annotated[int, msgspec.Meta(ge=0, le=1000)] = LIMIT


class LegalActions(_Answer, frozen=True):
    """The legal actions of ``player``, in the notation's words: ``total`` of them, of which
    ``items`` are those from ``offset`` on (a truf-jb bid has millions: ask for pages).
    ``next`` is the offset of the page that follows, null when ``items`` reach the last one:
    a list cut by ``limit`` says so."""

    player: str | None
    total: int
    offset: int
    items: list[str]
    next: int | None = None


class RefereeResponse(_Answer, frozen=True):
    applied: str | None
    """The action applied, in the notation's words (null when none was asked for)."""
    player: str | None
    record: Record
    phase: str
    to_act: list[str]
    legal_actions: LegalActions
    totals: dict[str, int]
    winners: list[str]


class NewGame(_Body, frozen=True):
    ruleset: Word
    players: Annotated[list[Player], msgspec.Meta(min_length=1, max_length=10)]
    readings: Readings = {}
    seed: Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)] | None = None
    bots: Annotated[dict[Player, Word], msgspec.Meta(max_length=10)] = {}
    """The seats the server plays, each with its bot's level (``random``, ``basic`` or
    ``search``): a bot's seat gets no token and acts as soon as it is to act."""


class Tokens(_Answer, frozen=True):
    """The secrets of a game: one for the table (sees and does everything), one per seat a
    person plays (sees that seat's view and acts as that seat), and one to watch (sees what is
    public, everything once the game is over, and cannot act).  Given once, never again."""

    table: str
    seats: dict[str, str]
    watch: str


class GameCreated(_Answer, frozen=True):
    id: str
    ruleset: str
    players: list[str]
    version: int
    tokens: Tokens


EventKind = Literal["action", "deal-end", "game-end"]


class GameEvent(_Answer, omit_defaults=True, frozen=True):
    """What happened in a hosted game, as one seat, the table or a watcher may see it: an
    action applied (``seat`` acted; ``action`` is its words, or null when they are hidden from
    the one who sees it, as another seat's sealed bid is until the bids are shown), a deal
    scored (``scores`` of the deal and the ``totals``), or the end of the game (``totals``
    and ``winners``).  ``version`` is the version the action made (the events of a deal's or
    the game's end have the version of the action that ended it).  ``record`` (in an event
    stream) is the current deal as the one who sees it does, with the tags to read it."""

    kind: EventKind
    version: int
    deal: int
    phase: str
    to_act: list[str]
    seat: str | None = None
    action: str | None = None
    scores: dict[str, int] | None = None
    totals: dict[str, int] | None = None
    winners: list[str] | None = None
    record: Record | None = None


class GameView(_Answer, frozen=True):
    """A game as one seat sees it (``seat``), as the table does (``seat`` null, ``role``
    table) or as a watcher does (``role`` watch: what is public, everything once the game is
    over).  ``record`` holds the current deal only (the last one between two deals and once the
    game is over), as the seat sees it, with the tags needed to read it: its size does not grow
    with the deals played (the whole game is at ``/record``).  ``version`` counts the actions
    applied: send it back with an action to be refused (409) if another action came first.
    ``changes`` (asked for with ``?since=VERSION``) are the events since that version as the
    seat sees them, without their ``record``; null when not asked for.  ``cards_left`` is how
    many cards each seat holds: public in every ruleset, so a table draws the others' hands
    as they are rather than counting cards played."""

    id: str
    seat: str | None
    version: int
    phase: str
    over: bool
    to_act: list[str]
    hand: list[str]
    record: Record
    legal_actions: LegalActions
    totals: dict[str, int]
    winners: list[str]
    role: Literal["table", "seat", "watch"] = "table"
    changes: list[GameEvent] | None = None
    cards_left: dict[str, int] = {}


class ActionRequest(_Body, frozen=True):
    action: Annotated[str, msgspec.Meta(min_length=1, max_length=1000)]
    acknowledge: bool = False
    """The table lets the action stand although it breaks a rule of play: only the table's
    token may say so (a seat's token is refused, 403)."""
    seat: Word | None = None
    version: Annotated[int, msgspec.Meta(ge=0)] | None = None
    format: Format = "truf"


class ActionResult(_Answer, frozen=True):
    applied: str
    seat: str
    view: GameView


class GameRecord(_Answer, frozen=True):
    id: str
    version: int
    over: bool
    record: Record


class OptionSummary(_Answer, frozen=True):
    key: str
    choices: list[str] | None
    default: str
    description: str
    minimum: int | None
    maximum: int | None


class ClauseSummary(_Answer, frozen=True):
    code: str
    title: str


class RulesetSummary(_Answer, frozen=True):
    name: str
    referee: bool
    clauses: list[ClauseSummary]
    options: list[OptionSummary]


class RulesIndex(_Answer, frozen=True):
    rulesets: list[RulesetSummary]


class CitationBody(_Answer, frozen=True):
    source: str
    locator: str
    quote: str


class ClauseDetail(_Answer, frozen=True):
    code: str
    slug: str
    ruleset: str
    title: str
    strength: str
    statement: str
    message: str
    citations: list[CitationBody]
    options: list[OptionSummary]


class Problem(_Answer, omit_defaults=True, frozen=True):
    """An RFC 9457 problem; ``code`` is the clause or REF code where there is one, and a
    refusal carries its clause's ``clause`` title and ``citation``, and ``said_to_seat``, the
    ``detail`` said to the seat whose action it refuses ("You played KS but hold 6D 3D")."""

    type: str
    title: str
    status: int
    detail: str
    code: str | None = None
    clause: str | None = None
    citation: CitationBody | None = None
    errors: list[dict[str, str]] | None = None
    said_to_seat: str | None = None
