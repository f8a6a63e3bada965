"""The game and the deal around a place of a document, read on their own.

A hover or a completion needs the record only where the cursor is: that game is cut out of the
text (from its block of tags to the next game's) and read alone, so that the answer comes as
fast in a file of ten thousand games as in a file of one.
"""

from __future__ import annotations

from attrs import frozen

from trufspec.lsp.text import Document
from trufspec.notation.parse import parse_text
from trufspec.records import Deal, Game

__all__ = ["Around", "around"]


@frozen
class Around:
    """The game a line is in, the deal it is in (if any), and the game's text up to the line."""

    game: Game
    deal: Deal | None
    first: int
    """The game's first line in the document, 0-based."""


def around(document: Document, line: int) -> Around | None:
    """The game that ``line`` (0-based) is in, read alone; None when there is none."""
    first, end = document.game_lines(line)
    parsed = parse_text(document.slice(first, end), None, first + 1)
    if not parsed.games:
        return None
    number = line + 1
    game = next((g for g in parsed.games if g.span.line <= number), parsed.games[0])
    deal = next(
        (d for d in reversed(game.deals) if d.span.line <= number),
        None,
    )
    return Around(game, deal, first)
