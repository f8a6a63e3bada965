"""The JSON documents trufspec prints, as types: one definition for the output and its schema.

``check``, ``score`` (and ``score --standings``), ``coverage`` and ``readings`` with ``--format
json`` each build one of the documents below and encode it with msgspec;
:mod:`trufspec.output.schemas` turns the same types into the JSON Schemas shipped with the
package.  Because the writer and the schema are one definition,
a key cannot be printed that the schema does not describe, nor described and never printed.

The field order is the key order of the output.  Fields have no defaults, so that the schema
requires every key: the contract promises that every key is always present, ``null`` when
unknown.  The one exception is the score sheet's ``extras``, which that document has always
left out when there is nothing to put in it.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

__all__ = [
    "AmbiguityCount",
    "CheckDocument",
    "Citation",
    "Clause",
    "ClauseCoverage",
    "CoverageDocument",
    "Deal",
    "Diagnostic",
    "Difference",
    "FigureChange",
    "File",
    "FindingChange",
    "Game",
    "Mismatch",
    "ReadingChange",
    "ReadingsDocument",
    "ReadingsFile",
    "ReadingsGame",
    "ReadingsSummary",
    "RulesetCoverage",
    "ScoreDocument",
    "Sheet",
    "SheetDeal",
    "SheetFigures",
    "Standing",
    "StandingsDocument",
    "Summary",
    "Tried",
    "encode",
]

Figures = dict[str, int]
"""A figure per player or team (a team's players joined by ``+``)."""


class _Struct(msgspec.Struct, frozen=True):
    """Immutable, as every value of trufspec is.  Unknown keys are not forbidden: a reader
    ignores the keys a later version adds, and so does the schema."""


# ------------------------------------------------------------------ trufspec check


class Citation(_Struct, frozen=True):
    """Where the rule text says what a clause states."""

    source: str
    locator: str
    quote: str


class Clause(_Struct, frozen=True):
    """The clause a diagnostic applies, with its first citation and its reference page."""

    code: str
    title: str
    citation: Citation | None
    url: str | None


class Diagnostic(_Struct, frozen=True):
    """One finding; ``data`` holds the values its message was written from, by name.  For a
    record read from JSON, ``pointer`` is the JSON Pointer (RFC 6901) of its place in the
    document, and the line and column are those of the value in the JSON text; null for a
    record read from notation."""

    code: str
    severity: Literal["error", "warning", "acknowledged", "info"]
    line: int
    column: int
    end_line: int
    end_column: int
    message: str
    consequential: bool
    clause: Clause | None
    data: dict[str, str | int]
    pointer: str | None


class Deal(_Struct, frozen=True):
    """A deal (or round) as the ruleset recomputed it; null where the record lacks the facts."""

    number: int
    line: int
    scores: Figures | None
    totals: Figures | None
    figures: dict[str, Figures]
    contract: str | None
    trump: str | None
    mode: str | None
    tricks: Figures | None


class Game(_Struct, frozen=True):
    """A game of a file, with its recomputed results and the readings in force."""

    line: int
    ruleset: str | None
    players: list[str]
    deals: list[Deal]
    winners: list[str]
    options: dict[str, str]


class File(_Struct, frozen=True):
    """A file checked, its games, and every finding in it sorted by position."""

    path: str
    games: list[Game]
    diagnostics: list[Diagnostic]


class Summary(_Struct, frozen=True):
    """What was checked, and how many errors and warnings were found."""

    files: int
    games: int
    deals: int
    errors: int
    warnings: int


class CheckDocument(_Struct, frozen=True):
    """The report of ``trufspec check --format json``."""

    version: Literal[2]
    files: list[File]
    summary: Summary


# ------------------------------------------------------------------ trufspec score


class SheetFigures(_Struct, frozen=True):
    """One side's figures for one deal: recomputed, and as the record writes them."""

    score: int | None
    total: int | None
    written_score: int | None
    written_total: int | None


class SheetDeal(_Struct, frozen=True, omit_defaults=True):
    """A row of a score sheet; ``extras`` (further figures by label) only when there are any."""

    number: int
    figures: dict[str, SheetFigures]
    extras: dict[str, Figures] | msgspec.UnsetType = msgspec.UNSET


class Sheet(_Struct, frozen=True):
    """The score sheet of one game: its file and the line where it starts tell it apart from
    the other games of an evening, which may share their title."""

    path: str
    line: int
    title: str
    ruleset: str | None
    sides: list[str]
    deals: list[SheetDeal]
    winners: list[str]


class ScoreDocument(_Struct, frozen=True):
    """The score sheets of ``trufspec score --format json``."""

    version: Literal[1]
    games: list[Sheet]


class Standing(_Struct, frozen=True):
    """A player's or a team's line of the standings across the games."""

    rank: int
    side: str
    games: int
    wins: int
    points: int | None
    ruleset: str | None
    """The ruleset of the table the side is ranked in: games of different rulesets are not
    ranked together."""
    teams: bool
    """Whether the table is of games played by teams, ranked apart from those played alone."""


class StandingsDocument(_Struct, frozen=True):
    """The standings of ``trufspec score --standings --format json``."""

    version: Literal[1]
    games: int
    standings: list[Standing]


# ------------------------------------------------------------------ trufspec coverage


class ClauseCoverage(_Struct, frozen=True):
    """The games (``path:line``) that obey and break a clause, and what is missing."""

    code: str
    slug: str
    must_be_broken: bool
    obeyed_by: list[str]
    broken_by: list[str]
    gaps: list[str]


class RulesetCoverage(_Struct, frozen=True):
    """The clauses of one ruleset the records play, each with its coverage."""

    ruleset: str
    clauses: list[ClauseCoverage]


class Mismatch(_Struct, frozen=True):
    """A ``;!`` mark that the check does not bear out, or a finding no mark announces."""

    path: str
    line: int
    code: str
    kind: str


class CoverageDocument(_Struct, frozen=True):
    """The report of ``trufspec coverage --format json``."""

    version: Literal[1]
    ok: bool
    files: int
    games: int
    rulesets: list[RulesetCoverage]
    mismatches: list[Mismatch]


# ------------------------------------------------------------------ trufspec readings

AmbiguityId = Annotated[str, msgspec.Meta(pattern="^(JB|TB|TD|RH|TM)-A[0-9]+[a-z]?$")]
"""The id of an entry of the ambiguity register (``JB-A8a``)."""
Count = Annotated[int, msgspec.Meta(ge=0)]


class ReadingChange(_Struct, frozen=True):
    """One reading of a combination: the ambiguity, its option and the value tried."""

    ambiguity: AmbiguityId
    option: str
    reading: str


class FigureChange(_Struct, frozen=True):
    """A figure that a combination of readings changes: before (the readings in force) and
    after; null where the figure is not known."""

    deal: int
    line: int
    figure: str
    player: str
    before: int | None
    after: int | None


class FindingChange(_Struct, frozen=True):
    """A finding that a combination of readings makes appear or disappear."""

    change: Literal["appears", "disappears"]
    code: str
    severity: Literal["error", "warning", "acknowledged", "info"]
    line: int
    message: str


class Difference(_Struct, frozen=True):
    """What one combination of readings changes in a game."""

    readings: Annotated[list[ReadingChange], msgspec.Meta(min_length=1)]
    changes: Annotated[list[Literal["winner", "score", "legality"]], msgspec.Meta(min_length=1)]
    winner_changed: bool
    winners: list[str]
    figures: list[FigureChange]
    findings: list[FindingChange]
    contradicted: bool


class Tried(_Struct, frozen=True):
    """An ambiguity whose other readings were tried on a game."""

    ambiguity: AmbiguityId
    title: str
    option: str
    in_force: str
    others: Annotated[list[str], msgspec.Meta(min_length=1)]


class ReadingsGame(_Struct, frozen=True):
    """A game replayed under every reading of the rules that bears on it."""

    line: Count
    ruleset: str | None
    players: list[str]
    verdict: Annotated[str, msgspec.Meta(min_length=1)]
    details: list[str]
    skipped: str | None
    options: dict[str, str]
    winners: list[str]
    combinations: Count
    combined: bool
    replays: Count
    tried: list[Tried]
    differences: list[Difference]
    unchanged: list[AmbiguityId]
    diagnostics: list[Diagnostic]


class ReadingsFile(_Struct, frozen=True):
    """A file whose games were replayed, and the findings that kept a game from it."""

    path: str
    games: list[ReadingsGame]
    diagnostics: list[Diagnostic]


class AmbiguityCount(_Struct, frozen=True):
    """How many games an ambiguity bears on, and how many of them it changes, by kind."""

    ruleset: str
    ambiguity: AmbiguityId
    title: str
    games: Annotated[int, msgspec.Meta(ge=1)]
    legality: Count
    score: Count
    winner: Count
    ruled_out: Count


class ReadingsSummary(_Struct, frozen=True):
    """The games replayed, and per ambiguity what its readings change across them."""

    files: Count
    games: Count
    skipped: Count
    ambiguities: list[AmbiguityCount]


class ReadingsDocument(_Struct, frozen=True):
    """The report of ``trufspec readings --format json``."""

    version: Literal[1]
    limit: Annotated[int, msgspec.Meta(ge=1)]
    files: list[ReadingsFile]
    summary: ReadingsSummary


Document = CheckDocument | ScoreDocument | StandingsDocument | CoverageDocument | ReadingsDocument


def encode(document: Document) -> str:
    """A document as JSON text: indented by two spaces, non-ASCII characters as they are, and
    a final newline (the layout of ``json.dumps(..., indent=2, ensure_ascii=False)``)."""
    return msgspec.json.format(msgspec.json.encode(document), indent=2).decode("utf-8") + "\n"
