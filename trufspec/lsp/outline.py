"""The shape of a document: its games and deals as symbols, and its words as semantic tokens.

Both read the text as it is, valid or not.  The symbols come from the chunker the reader cuts a
file with (a block of tags opens a game, ``deal`` or ``round`` a deal), so an outline costs a
scan of the text, not a parse.  The tokens are the Pygments lexer's categories
(:mod:`trufspec.lexer`), so that the editor colours a record as the documentation
does, red and black cards included.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from lsprotocol import types
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    String,
    _TokenType,
    is_token_subtype,
)

from trufspec.lexer import BLACK_CARD, RED_CARD, TrufLexer
from trufspec.lsp.text import Document
from trufspec.notation.chunks import chunks
from trufspec.records import Span

__all__ = ["LEGEND", "semantic_tokens", "symbols"]

_TAG_VALUE = re.compile(r'\[[ \t]*(Event|Ruleset|Players|Date)[ \t]*"([^"\n]*)"')
_NEWLINE = re.compile("\n")
_CONTRACT = re.compile(r"^[ \t]*contract[ \t]+([^;{\n]*)", re.MULTILINE)

LEGEND = types.SemanticTokensLegend(
    token_types=[
        "keyword",
        "comment",
        "string",
        "number",
        "variable",
        "property",
        "enumMember",
        "operator",
        "decorator",
    ],
    token_modifiers=["red", "black"],
)
"""The token types the server sends; cards are enum members marked ``red`` or ``black``."""

_TYPES = {name: index for index, name in enumerate(LEGEND.token_types)}
_CATEGORIES: list[tuple[_TokenType, str, int]] = [
    (RED_CARD, "enumMember", 1),
    (BLACK_CARD, "enumMember", 2),
    (Comment.Special, "decorator", 0),
    (Comment, "comment", 0),
    (Name.Tag, "property", 0),
    (Name.Label, "number", 0),
    (Name.Variable, "variable", 0),
    (String, "string", 0),
    (Keyword, "keyword", 0),
    (Number, "number", 0),
    (Operator, "operator", 0),
]
"""The lexer's categories, most specific first, with the token type and modifier bits."""


def _category(token: _TokenType) -> tuple[int, int] | None:
    for category, name, modifiers in _CATEGORIES:
        if is_token_subtype(token, category):
            return _TYPES[name], modifiers
    return None


def semantic_tokens(document: Document) -> list[int]:
    """The semantic tokens of the whole document, in the protocol's relative encoding."""
    text = document.text
    starts = [0, *(match.end() for match in _NEWLINE.finditer(text))]
    data: list[int] = []
    previous_line = previous_start = 0
    for index, token, value in TrufLexer().get_tokens_unprocessed(text):
        kind = _category(token)
        if kind is None:
            continue
        start = index
        # Only a brace comment spans lines; the protocol wants it line by line.
        for piece in value.split("\n"):
            if piece:
                line = bisect_right(starts, start) - 1
                column = start - starts[line]
                begin = document.column_to_client(line, column)
                length = document.column_to_client(line, column + len(piece)) - begin
                delta = begin - previous_start if line == previous_line else begin
                data += [line - previous_line, delta, length, *kind]
                previous_line, previous_start = line, begin
            start += len(piece) + 1
    return data


def symbols(document: Document) -> list[types.DocumentSymbol]:
    """The games of the document, each with its deals."""
    text = document.text
    games: list[types.DocumentSymbol] = []
    for chunk in chunks(text):
        body = text[chunk.start : chunk.end]
        last_line = chunk.line + body.rstrip("\n").count("\n")
        span = Span(chunk.line, 1, last_line, len(document.lines[last_line - 1]) + 1)
        where = document.range_of(span)
        heading = body.lstrip().split("\n", 1)[0].strip()
        if chunk.kind == "tags":
            tags = {match[1]: match[2] for match in _TAG_VALUE.finditer(body)}
            name = tags.get("Event") or f"game {len(games) + 1}"
            detail = " ".join(
                t for t in (tags.get("Ruleset"), tags.get("Date"), tags.get("Players")) if t
            )
            games.append(
                types.DocumentSymbol(
                    name=name,
                    kind=types.SymbolKind.Namespace,
                    range=where,
                    selection_range=document.range_of(Span(chunk.line, 1, chunk.line, 1)),
                    detail=detail or None,
                    children=[],
                )
            )
            continue
        contract = _CONTRACT.search(body)
        deal = types.DocumentSymbol(
            name=heading[:60] or "deal",
            kind=types.SymbolKind.Event,
            range=where,
            selection_range=document.range_of(Span(chunk.line, 1, chunk.line, len(heading) + 1)),
            detail=f"contract {contract.group(1).strip()}" if contract else None,
        )
        if not games:
            games.append(
                types.DocumentSymbol(
                    name="game 1",
                    kind=types.SymbolKind.Namespace,
                    range=where,
                    selection_range=deal.selection_range,
                    children=[],
                )
            )
        game = games[-1]
        game.children = [*(game.children or ()), deal]
        game.range = types.Range(start=game.range.start, end=where.end)
    return games
