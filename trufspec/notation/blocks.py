"""Cut a file into games without reading it whole: the unit of streaming and of parallel work.

A game starts at a line that begins with ``[`` (its first tag) after the deals of the game
before it.  The file is read line by line, as bytes: the characters that matter here (``[``,
``{``, ``}``, ``;``, ``"`` and the words ``deal`` and ``round``) are ASCII, and in UTF-8 no byte
of another character can be mistaken for one of them, so the bytes need not be decoded to be
cut.  Comments and strings are followed across lines exactly as the parser's chunker follows
them, so that a ``[`` inside a ``{...}`` comment that spans lines starts nothing.

Each block holds whole games, so checking the blocks one by one, in any order or on other
processes, reports what checking the whole file reports.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from attrs import frozen

__all__ = ["Block", "blocks"]

_TAG_START = re.compile(rb"[ \t]*(?:\xef\xbb\xbf)?\[")
_DEAL_START = re.compile(rb"[ \t]*(?:\xef\xbb\xbf)?(?:deal|round)(?![\w-])")
_SKIP = re.compile(rb';[^\n]*|\{|"[^"\\\n]*(?:\\.[^"\\\n]*)*"?')
"""What hides a ``{`` from the scan: a line comment, a string; and the ``{`` itself."""


@frozen
class Block:
    """``data`` holds whole games (or, before the first game, whatever the file starts with);
    it starts at byte ``offset`` of the file, on line ``first_line``.  A JSON record file
    (``json``) is one block: JSON has no games to cut it at."""

    data: bytes
    first_line: int
    offset: int = 0
    json: bool = False


def blocks(lines: Iterable[bytes], size: int = 1) -> Iterator[Block]:
    """The games of a file read as binary ``lines``, grouped into blocks of about ``size``
    bytes (a block always ends with a whole game; ``1`` gives one game a block).  An empty
    file is one empty block: it is still a file, with a report of its own."""
    pending: list[bytes] = []
    pending_size = counted = offset = 0
    first_line = 1
    in_comment = dealt = False
    for line in lines:
        if not in_comment:
            # The tests for a bracket and a brace skip the regular expressions on most lines.
            if dealt and b"[" in line and _TAG_START.match(line):
                # The lines are measured a game at a time, not one by one.
                pending_size += sum(map(len, pending[counted:]))
                if pending_size >= size:
                    data = b"".join(pending)
                    yield Block(data, first_line, offset)
                    offset += len(data)
                    first_line += len(pending)
                    pending, pending_size = [], 0
                counted = len(pending)
                dealt = False
            elif not dealt and _DEAL_START.match(line):
                dealt = True
        if in_comment or b"{" in line:
            in_comment = _comment_open_after(line, in_comment)
        pending.append(line)
    yield Block(b"".join(pending), first_line, offset)


def _comment_open_after(line: bytes, in_comment: bool) -> bool:
    """Whether a ``{...}`` comment is still open at the end of ``line``."""
    position = 0
    if in_comment:
        close = line.find(b"}")
        if close < 0:
            return True
        position = close + 1
    while True:
        match = _SKIP.search(line, position)
        if match is None:
            return False
        if match.group() != b"{":
            position = match.end()
            continue
        close = line.find(b"}", match.end())
        if close < 0:
            return True
        position = close + 1
