"""The text of a document as the editor and the records each count it.

A record's spans count lines from 1 and columns from 1 in characters, with only ``\\n`` ending a
line (Lark's convention).  The Language Server Protocol counts both from 0, and columns in the
code units the client and the server agreed on (UTF-16 unless the client offers another).  An
editor may also send a position that is not in the text at all (past the last line, inside a
surrogate pair, a line that has since changed): such a position reads as no position, so that
the request is answered empty rather than about some other place.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from functools import cached_property

from attrs import frozen
from lsprotocol import types

from trufspec.records import Span

__all__ = ["Document", "Word", "apply_change"]

_WORD = re.compile(r"[^\s;{}\[\]\"=:>]+")
"""A word of the notation under the cursor: a card, a keyword, a name, a number."""

_TAG_LINE = re.compile(r"[ \t\ufeff]*\[")
_BLANK_OR_COMMENT = re.compile(r"[ \t\ufeff]*(?:;.*)?\Z")


def _units(encoding: str, char: str) -> int:
    """How many code units of the agreed encoding a character takes."""
    point = ord(char)
    if encoding == types.PositionEncodingKind.Utf8:
        return 1 if point < 0x80 else 2 if point < 0x800 else 3 if point < 0x10000 else 4
    if encoding == types.PositionEncodingKind.Utf16:
        return 2 if point >= 0x10000 else 1
    return 1


@frozen
class Word:
    """A word of a line and where it stands: 0-based line, and its first and past-the-end
    characters."""

    text: str
    line: int
    start: int
    end: int


class Document:
    """A document's text with its lines, for converting positions and finding words."""

    def __init__(self, text: str, encoding: str = types.PositionEncodingKind.Utf16) -> None:
        self.text = text
        self.encoding = encoding

    @cached_property
    def lines(self) -> Sequence[str]:
        return self.text.split("\n")

    def column_to_client(self, line: int, column: int) -> int:
        """A 0-based character column of ``line`` in the client's code units.

        Counted by the codecs, not character by character: the colours of a line of ten
        thousand cards ask for twenty thousand columns of it, and a count in Python of each
        one's prefix took minutes there."""
        if self.encoding == types.PositionEncodingKind.Utf32 or line >= len(self.lines):
            return column
        text = self.lines[line]
        if text.isascii():
            return min(column, len(text))
        prefix = text[:column]
        if self.encoding == types.PositionEncodingKind.Utf8:
            return len(prefix.encode("utf-8", "surrogatepass"))
        return len(prefix.encode("utf-16-le", "surrogatepass")) // 2

    def column_from_client(self, line: int, units: int) -> int | None:
        """The character column of a client's column, or None when it is not on the line or
        falls inside a character."""
        text = self.lines[line]
        if self.encoding == types.PositionEncodingKind.Utf32:
            return units if 0 <= units <= len(text) else None
        counted = 0
        for index, char in enumerate(text):
            if counted == units:
                return index
            if counted > units:
                return None
            counted += _units(self.encoding, char)
        return len(text) if counted == units else None

    @cached_property
    def starts(self) -> Sequence[int]:
        """The offset in the text of each line's first character."""
        return list(itertools.accumulate((len(line) + 1 for line in self.lines[:-1]), initial=0))

    def offset(self, position: types.Position) -> int:
        """The offset in the text of a client's position in a change, clamped as the protocol
        says: a character past the end of its line stands for the line's end, a line past
        the last for the end of the text; a column inside a character stands for its start."""
        if position.line >= len(self.lines):
            return len(self.text)
        text = self.lines[position.line]
        counted = 0
        for index, char in enumerate(text):
            counted += _units(self.encoding, char)
            if counted > position.character:
                return self.starts[position.line] + index
        return self.starts[position.line] + len(text)

    def position(self, position: types.Position) -> tuple[int, int] | None:
        """A client's position as (0-based line, character column), or None when it is
        outside the document."""
        if not 0 <= position.line < len(self.lines) or position.character < 0:
            return None
        column = self.column_from_client(position.line, position.character)
        return None if column is None else (position.line, column)

    def range_of(self, span: Span) -> types.Range:
        """The range of a record's span; a span past the text is clamped to its end."""
        last = len(self.lines) - 1
        start_line = min(max(span.line - 1, 0), last)
        end_line = min(max(span.end_line - 1, start_line), last)
        start = max(span.column - 1, 0)
        end = max(span.end_column - 1, 0)
        if end_line == start_line:
            end = max(end, start)
        return types.Range(
            start=types.Position(start_line, self.column_to_client(start_line, start)),
            end=types.Position(end_line, self.column_to_client(end_line, end)),
        )

    def whole(self) -> types.Range:
        """The range of the whole text: what a whole-document edit replaces."""
        last = len(self.lines) - 1
        end = types.Position(last, self.column_to_client(last, len(self.lines[last])))
        return types.Range(start=types.Position(0, 0), end=end)

    def word_range(self, word: Word) -> types.Range:
        """The range of a word of the text."""
        line = word.line
        return types.Range(
            start=types.Position(line, self.column_to_client(line, word.start)),
            end=types.Position(line, self.column_to_client(line, word.end)),
        )

    def word_at(self, line: int, column: int) -> Word | None:
        """The word that ``column`` of ``line`` stands in or just after."""
        text = self.lines[line]
        for match in _WORD.finditer(text):
            if match.start() <= column <= match.end():
                return Word(match.group(), line, match.start(), match.end())
            if match.start() > column:
                break
        return None

    def game_lines(self, line: int) -> tuple[int, int]:
        """The 0-based lines, first and past the last, of the game that ``line`` is in: from
        the block of tags that opens it to the next game's tags.  Only that game is read for a
        hover or a completion, so that a large document answers as fast as a small one."""
        lines = self.lines
        first = 0
        for index in range(min(line, len(lines) - 1), -1, -1):
            if _TAG_LINE.match(lines[index]) and not self._tag_before(index):
                first = index
                break
        end = len(lines)
        for index in range(max(line, first) + 1, len(lines)):
            if _TAG_LINE.match(lines[index]) and not self._tag_before(index):
                end = index
                break
        return first, end

    def _tag_before(self, index: int) -> bool:
        """Whether the line before ``index``, passing blank lines and comments, is a tag."""
        for before in range(index - 1, -1, -1):
            if not _BLANK_OR_COMMENT.match(self.lines[before]):
                return bool(_TAG_LINE.match(self.lines[before]))
        return False

    def slice(self, first: int, end: int) -> str:
        """The text of lines ``first`` to ``end`` (0-based, end excluded)."""
        return "\n".join(self.lines[first:end])


def apply_change(text: str, change: types.TextDocumentContentChangeEvent, encoding: str) -> str:
    """``text`` after an editor's change: the whole new text, or the text of a range replaced.

    Lines end at ``\\n`` alone, as in every position the server sends, so that a change is
    made where the editor meant it even when the text holds other characters that some
    libraries take for line ends (a form feed, U+2028).  A range out of the text is clamped
    (see :meth:`Document.offset`), and one whose end comes before its start is read the
    right way round, so that no change is ever refused or applied somewhere unforeseen."""
    if not isinstance(change, types.TextDocumentContentChangePartial):
        return change.text
    document = Document(text, encoding)
    start, end = sorted((document.offset(change.range.start), document.offset(change.range.end)))
    return text[:start] + change.text + text[end:]
