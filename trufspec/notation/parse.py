"""Read text into games: chunk by chunk, fast when the text is right, thorough when it is not.

Each chunk (a block of tags or one deal, see :mod:`.chunks`) is read in one go: in the
canonical layout by the line reader (:mod:`.lines`), otherwise by the Lark parser.  When the
parser fails, the chunk is parsed again one statement at a time: every statement that parses
is kept, every one that does not gives a syntax diagnostic, and reading goes on.  Nothing
raises for bad input: whatever the text, the result is games and diagnostics.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from attrs import frozen
from lark import Lark, Token
from lark.exceptions import UnexpectedInput

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.notation.build import FormBreach, RecordBuilder
from trufspec.notation.chunks import Chunk, Statement, chunks, statements
from trufspec.notation.comments import Loose, attach_to_deal, attach_to_tags
from trufspec.notation.grammar import build_parser
from trufspec.notation.lines import read_deal, read_tags
from trufspec.notation.syntax_errors import describe
from trufspec.records import (
    NO_SPAN,
    Atom,
    Bids,
    Comment,
    Deal,
    Game,
    Hands,
    Play,
    Span,
    Tag,
    replace,
)
from trufspec.spec.registry import default_registry

__all__ = [
    "MAX_SYNTAX_ERRORS",
    "Parsed",
    "Pause",
    "no_collection",
    "parse_text",
    "breach_diagnostic",
]

MAX_SYNTAX_ERRORS = 100
"""Syntax errors reported per file; past this the file is clearly not a record."""

_ENTRY_START = {"trick": "entry_trick", "tag": "tag"}


@frozen
class Parsed:
    """What reading a text gives: the games, the diagnostics of reading, and which deals had
    syntax errors (as ``(game index, deal index)``; they are kept, partly read, but a rules
    check must not judge them)."""

    games: tuple[Game, ...]
    diagnostics: tuple[Diagnostic, ...]
    damaged: frozenset[tuple[int, int]] = frozenset()

    @property
    def ok(self) -> bool:
        """True when the text was read without an error."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)


def breach_diagnostic(breach: FormBreach, path: str | None) -> Diagnostic:
    """The diagnostic of a rule of form broken, found while building records."""
    code, span, values = breach
    clause = default_registry().clause(code)
    return Diagnostic.of(clause, span, path, values)


class _Reader:
    """Reads one text; holds what the chunks of that text share."""

    def __init__(self, text: str, path: str | None) -> None:
        self.text = text
        self.piece = ""
        self.piece_line = 1
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self.syntax_errors = 0
        self.used_parser = False
        """Whether a chunk needed the Lark parser (whose errors may leave reference cycles)."""

    @property
    def parser(self) -> Lark:
        """The Lark parser, built (or loaded from its cache) only when a chunk needs it: a
        file in the canonical layout never does, and starts that much sooner."""
        return build_parser()[0]

    @property
    def builder(self) -> RecordBuilder:
        return build_parser()[1]

    @property
    def comment_sink(self) -> list[Token]:
        """Where the lexer drops the comments it skips."""
        return build_parser()[2]

    # -------------------------------------------------------------- one chunk

    def _parse(self, start: int, end: int, line: int, symbol: str) -> Any:
        """Parse ``text[start:end]``, which begins on ``line``, from ``symbol``.

        Lark is given the piece alone (its own slices count lines from the start of the file,
        which is quadratic over a large file); the builder adds the lines before it.
        """
        self.piece = self.text[start:end]
        self.piece_line = line
        self.builder.line_offset = line - 1
        return self.parser.parse(self.piece, start=symbol)

    def _loose_comments(self) -> list[Loose]:
        """The comments the lexer skipped in the last piece, at their place in the file."""
        offset = self.piece_line - 1
        found = []
        for token in self.comment_sink:
            start = token.start_pos or 0
            line_start = self.piece.rfind("\n", 0, start) + 1
            own_line = not self.piece[line_start:start].strip(" \t\r\f\ufeff")
            span = Span(
                (token.line or 0) + offset,
                token.column or 0,
                (token.end_line or 0) + offset,
                token.end_column or 0,
            )
            found.append((Comment(str(token).rstrip("\r"), span=span), own_line))
        self.comment_sink.clear()
        return found

    def read(self, chunk: Chunk) -> tuple[tuple[Tag, ...], tuple[Comment, ...]] | Deal | None:
        """The tags (with the comments after them) or the deal of a chunk; None when nothing
        of it could be read.  Diagnostics go to ``self.diagnostics``."""
        if chunk.kind == "deal":
            deal = read_deal(self.text, chunk.start, chunk.end, chunk.line)
            if deal is not None:
                return attach_to_deal(*deal)
        else:
            tags = read_tags(self.text, chunk.start, chunk.end, chunk.line)
            if tags is not None:
                return attach_to_tags(*tags)
        return self.parse(chunk)

    def parse(self, chunk: Chunk) -> tuple[tuple[Tag, ...], tuple[Comment, ...]] | Deal | None:
        """What :meth:`read` gives, read by the Lark parser."""
        self.used_parser = True
        self.comment_sink.clear()
        self.builder.breaches.clear()
        try:
            result = self._parse(chunk.start, chunk.end, chunk.line, "chunk")
        except UnexpectedInput as error:
            before = self.syntax_errors
            piece, piece_line = self.piece, self.piece_line
            found = self._read_statements(chunk)
            if self.syntax_errors == before:
                # Read alone, every statement was fine (a comment left open swallowed the
                # rest, say): the error of the whole chunk is the one to report.
                self.piece, self.piece_line = piece, piece_line
                self._syntax_error(error, whole=True)
            return found
        finally:
            self._drain_breaches()
        if isinstance(result, Deal):
            return attach_to_deal(result, self._loose_comments())
        return attach_to_tags(result, self._loose_comments())

    def _drain_breaches(self) -> None:
        for breach in self.builder.breaches:
            self.diagnostics.append(breach_diagnostic(breach, self.path))
        self.builder.breaches.clear()

    def _syntax_error(self, error: UnexpectedInput, whole: bool) -> None:
        self.syntax_errors += 1
        if self.syntax_errors > MAX_SYNTAX_ERRORS:
            return
        message, span, suggestion = describe(error, self.piece, whole=whole)
        offset = self.piece_line - 1
        span = Span(span.line + offset, span.column, span.end_line + offset, span.end_column)
        data = () if suggestion is None else (("suggestion", suggestion),)
        self.diagnostics.append(
            Diagnostic("REC001", Severity.ERROR, message, span, self.path, data=data)
        )

    def _read_statements(
        self, chunk: Chunk
    ) -> tuple[tuple[Tag, ...], tuple[Comment, ...]] | Deal | None:
        """Parse a damaged chunk statement by statement, keeping what parses."""
        tags: list[Tag] = []
        deal: Deal | None = None
        sections: list[Any] = []
        comments: list[Loose] = []
        broken_section = False
        for statement in statements(self.text, chunk):
            if statement.kind == "star":
                _mark_incomplete(sections)
                continue
            symbol = self._symbol(statement, sections, chunk)
            if symbol.startswith("entry_") and broken_section:
                continue  # the entries of a section whose head is wrong: one error is enough
            line = chunk.line + self.text.count("\n", chunk.start, statement.start)
            self.comment_sink.clear()
            # The breaches are drained on both paths rather than in a ``finally``: mypyc, which
            # compiles this module, cannot compile a ``continue`` inside ``try/finally``.
            try:
                part = self._parse(statement.start, statement.end, line, symbol)
            except UnexpectedInput as error:
                self._syntax_error(error, whole=False)
                broken_section = not symbol.startswith("entry_")
                self._drain_breaches()
                continue
            self._drain_breaches()
            comments += self._loose_comments()
            broken_section = False
            if symbol == "tag":
                tags.append(part)
            elif symbol == "deal":
                deal = part
                sections.extend(part.sections)
            elif symbol == "section":
                sections.append(part)
            else:
                _add_entry(sections, part)
        self.comment_sink.clear()
        if chunk.kind == "tags":
            return attach_to_tags(tags, comments) if tags else None
        if deal is None:
            if not sections:
                return None
            deal = Deal("deal", Atom(0, NO_SPAN), span=Span(chunk.line, 1, chunk.line, 1))
        return attach_to_deal(replace(deal, sections=tuple(sections)), comments)

    @staticmethod
    def _symbol(statement: Statement, sections: list[Any], chunk: Chunk) -> str:
        if statement.kind in _ENTRY_START:
            return _ENTRY_START[statement.kind]
        if statement.kind == "label":
            return "entry_bid" if sections and isinstance(sections[-1], Bids) else "entry_hand"
        if statement.keyword in ("deal", "round"):
            return "deal"
        if chunk.kind == "tags":
            return "tag"
        return "section"


def _mark_incomplete(sections: list[Any]) -> None:
    """A ``*`` on a line of its own ends the section above it: the rest was not recorded."""
    if sections and hasattr(sections[-1], "incomplete"):
        sections[-1] = replace(sections[-1], incomplete=True)


def _add_entry(sections: list[Any], entry: Any) -> None:
    """Append an entry parsed on its own to the section above it (if that one was read)."""
    if not sections:
        return
    section = sections[-1]
    if isinstance(section, Play) and hasattr(entry, "leader"):
        sections[-1] = replace(section, tricks=(*section.tricks, entry))
    elif isinstance(section, (Hands, Bids)) and not hasattr(entry, "leader"):
        sections[-1] = replace(section, entries=(*section.entries, entry))


def _games(parts: Iterable[tuple[Chunk, Any, bool]]) -> Iterator[tuple[Game, list[int]]]:
    """Group chunk results into games; yields each game with the indices of its damaged deals."""
    tags: tuple[Tag, ...] | None = None
    end_comments: tuple[Comment, ...] = ()
    deals: list[Deal] = []
    damaged: list[int] = []

    def game() -> Game:
        nodes: list[Any] = [*(tags or ()), *deals]
        first, last = (nodes[0].span, nodes[-1].span) if nodes else (NO_SPAN, NO_SPAN)
        span = Span(first.line, first.column, last.end_line, last.end_column)
        return Game(tags or (), tuple(deals), span=span, comments=end_comments)

    for chunk, result, had_errors in parts:
        if result is None and chunk.kind == "tags" and deals:
            # Tags after deals start a new game even when none of them could be read: the
            # deals after them are not the earlier game's, and a file read a block of games at
            # a time (:mod:`trufspec.notation.blocks`) starts a block, so a game, there too.
            yield game(), damaged
            tags, end_comments = None, ()
            deals, damaged = [], []
        elif isinstance(result, tuple):
            if tags is not None or deals:
                yield game(), damaged
            tags, end_comments = result
            deals, damaged = [], []
        elif result is not None:
            # A deal chunk that gave no deal at all is reported by its syntax errors; only a
            # deal that was kept can be marked damaged (its index must name that deal).
            if had_errors:
                damaged.append(len(deals))
            deals.append(result)
    if tags is not None or deals:
        yield game(), damaged


def parse_text(text: str, path: str | None = None, first_line: int = 1) -> Parsed:
    """Read every game of ``text``, whose first line is line ``first_line`` of its file; see
    :class:`Parsed`."""
    with no_collection() as pause:
        reader = _Reader(text, path)
        parsed = _parse_text(reader, first_line)
        pause.keep = not reader.used_parser
        return parsed


class Pause:
    """What a paused collector is told about the objects made meanwhile."""

    def __init__(self) -> None:
        self.keep = False
        """Everything made while paused lives on and holds no reference cycles: records handed
        to the caller, read by the line reader alone (which makes no cycles; a test checks it)."""


@contextmanager
def no_collection() -> Iterator[Pause]:
    """Pause the cycle collector while building records.

    Records are trees of frozen values with no reference cycles, so the collector has nothing
    to find in them; left on, it walks the growing set of records again and again, which costs
    as much as the parsing itself on a large file.

    Once the collector is on again, its first young-generation pass would walk every object
    made meanwhile: a third of the parse of 10,000 deals.  When the pause is told that they
    all live on (:attr:`Pause.keep`), and the program has frozen nothing of its own, they are
    moved straight to the oldest generation instead (``gc.freeze`` then ``gc.unfreeze``).  That
    is only safe without cycles: cyclic garbage moved there would wait for a full collection.
    """
    pause = Pause()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield pause
    finally:
        if was_enabled:
            if pause.keep and gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _parse_text(reader: _Reader, first_line: int) -> Parsed:
    text, path = reader.text, reader.path
    games: list[Game] = []
    damaged: set[tuple[int, int]] = set()
    for game, bad in _games(_read_all(reader, text, first_line)):
        damaged.update((len(games), n) for n in bad)
        games.append(game)
    if reader.syntax_errors > MAX_SYNTAX_ERRORS:
        hidden = reader.syntax_errors - MAX_SYNTAX_ERRORS
        reader.diagnostics.append(
            Diagnostic(
                "REC001",
                Severity.INFO,
                f"{hidden} further syntax errors are not shown",
                NO_SPAN,
                path,
            )
        )
    return Parsed(tuple(games), tuple(reader.diagnostics), frozenset(damaged))


def _read_all(reader: _Reader, text: str, first_line: int) -> Iterator[tuple[Chunk, Any, bool]]:
    """Each chunk, what was read of it, and whether it had syntax errors."""
    for chunk in chunks(text, first_line):
        before = len(reader.diagnostics)
        result = reader.read(chunk)
        yield chunk, result, len(reader.diagnostics) > before
