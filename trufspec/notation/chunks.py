"""Cut a file into chunks (a block of tags, or one deal) and a chunk into statements.

Parsing chunk by chunk keeps a syntax error inside the deal where it is, lets the parser go on
with the next deal, and lets a large file be read as a stream.  A chunk starts at a line that
begins with ``[``, ``deal`` or ``round``; comments and strings are skipped while looking, so a
``deal`` inside a ``{...}`` comment does not start a chunk.

When a chunk does not parse, it is cut further into statements (a line that begins with a
section keyword, a trick number or a ``name:`` label starts one; other lines continue the
statement above), and each statement is parsed alone so that every error is found.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from attrs import frozen

from trufspec.cards import CARD_PATTERN

__all__ = ["Chunk", "Statement", "chunks", "statements", "SECTION_KEYWORDS"]

SECTION_KEYWORDS = (
    "dealer undealt hands public claims secret bids contract play tricks score total honours pot"
    " stock ruff votes decide off discards cut early-reveal misdeal tromp bribe"
).split()

_CHUNK_START = r"[ \t\ufeff]*(?P<start>\[|(?:deal|round)(?![\w-]))"
"""Where a chunk starts: a tag, or a deal or round header, first on its line."""

_FIRST = re.compile(_CHUNK_START)

_SCAN = re.compile(
    r"""
      \n"""
    + _CHUNK_START
    + r"""             # a chunk that starts on a later line
    | ;[^\n]*                                   # a line comment
    | \{[^}]*\}?                                # a brace comment, perhaps never closed
    | "[^"\\\n]*(?:\\.[^"\\\n]*)*"?                      # a string
    """,
    re.VERBOSE,
)
"""What the chunker must see: chunk starts, and the comments and strings that hide them.  The
newline is matched rather than ``^``, which lets the regular expression engine skip quickly to
the next character that matters."""

_COMMENTS = re.compile(r";[^\n]*|\{[^}]*\}")

_CONTINUATION = re.compile(
    r"[ \t]*(?:[+-]?"
    + CARD_PATTERN
    + r"|(?:[^\W\d][\w\-]*|\"[^\"\\\n]*(?:\\.[^\"\\\n]*)*\")[ \t]+(?:[+-]?\d|[+-]?"
    + CARD_PATTERN
    + r")|[;{])"
)
"""A line that goes on with the statement above it: more cards, more figures or a comment.
Any other line starts a statement of its own, so that a line of garbage costs only itself."""

_STATEMENT_START = re.compile(
    r"[ \t]*(?:(?P<keyword>(?:"
    + "|".join(re.escape(k) for k in sorted(SECTION_KEYWORDS, key=len, reverse=True))
    + r"|deal|round)(?![\w-]))|(?P<trick>\d+\.)|(?P<star>\*)|(?P<label>(?:[^\W\d][\w\-]*|\"[^\"\\\n]*(?:\\.[^\"\\\n]*)*\")[ \t]*:)|(?P<tag>\[))"
)


@frozen
class Chunk:
    """``text[start:end]`` is a block of tags (``kind == "tags"``) or one deal (``"deal"``)."""

    kind: str
    start: int
    end: int
    line: int


def chunks(text: str, first_line: int = 1) -> Iterator[Chunk]:
    """The chunks of ``text`` in order; text before the first chunk joins the first one.

    ``first_line`` is the number, in its file, of the first line of ``text``: a large file is
    read a game at a time (:mod:`trufspec.notation.blocks`), and positions stay those of the
    file."""
    starts: list[tuple[int, str]] = []
    first = _FIRST.match(text)
    if first is not None:
        starts.append(
            (first.start("start"), "tags" if text[first.start("start")] == "[" else "deal")
        )
    for match in _SCAN.finditer(text):
        position = match.start("start")
        if position < 0:
            continue
        kind = "tags" if text[position] == "[" else "deal"
        if kind == "tags" and starts and starts[-1][1] == "tags":
            continue
        # The chunk takes its whole first line, indentation included, so that the columns
        # of what is read from that line count from the start of the line.
        starts.append((match.start() + 1, kind))
    if not starts:
        if _COMMENTS.sub("", text).strip():
            yield Chunk("deal", 0, len(text), first_line)
        return
    starts[0] = (0, starts[0][1])
    line = first_line
    for n, (position, kind) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(text)
        yield Chunk(kind, position, end, line)
        line += text.count("\n", position, end)


@frozen
class Statement:
    """Part of a damaged chunk that is parsed on its own from ``start_symbol``."""

    start: int
    end: int
    kind: str
    """``keyword`` (a section, a deal header), ``trick``, ``label`` (a player's entry),
    ``tag``, ``star`` (a section's ``*``), or ``other`` (a line that starts with none of
    these)."""
    keyword: str | None


def statements(text: str, chunk: Chunk) -> list[Statement]:
    """The statements of a chunk, for parsing one at a time after a syntax error.

    Lines that start no statement (continuations, comments) belong to the statement above;
    before the first statement they belong to the first.
    """
    found: list[Statement] = []
    position = chunk.start
    pending = position
    while position < chunk.end:
        line_end = text.find("\n", position, chunk.end)
        line_end = chunk.end if line_end < 0 else line_end + 1
        match = _STATEMENT_START.match(text, position, line_end)
        content = text[position:line_end].strip()
        if match is not None:
            kind = match.lastgroup or "other"
            start = pending if not found else position
            found.append(Statement(start, line_end, kind, match.group("keyword")))
        elif (
            found
            and (not content or _CONTINUATION.match(text, position, line_end))
            and found[-1].keyword not in ("deal", "round")
        ):
            last = found[-1]
            found[-1] = Statement(last.start, line_end, last.kind, last.keyword)
        elif content and not content.startswith((";", "{")):
            found.append(Statement(pending if not found else position, line_end, "other", None))
        position = line_end
    return found
