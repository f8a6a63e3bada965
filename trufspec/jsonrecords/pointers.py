"""JSON Pointers (RFC 6901) to the places of a JSON record that diagnostics are about.

The records read from a JSON record keep the places of their values in its text (see
:mod:`.read`), and their structure is the JSON document's, node for node (the field names of
the JSON form are those of the record model).  So the node at a diagnostic's position is found
by walking the records, and the path taken there, attribute names and indices, is the pointer
into the JSON document.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs

from trufspec.records import NO_SPAN, Atom, Cards, Game, Span

__all__ = ["escape", "from_validation_path", "locate"]

_SKIPPED = frozenset({"span", "comments", "minus", "source", "acks"})
"""Attributes that hold no node a diagnostic points at (the comments, the marks)."""


def escape(token: str) -> str:
    """A reference token as RFC 6901 writes it: ``~`` as ``~0``, ``/`` as ``~1``."""
    return token.replace("~", "~0").replace("/", "~1")


def _contains(span: Span, line: int, column: int) -> bool:
    if span == NO_SPAN:
        return False
    return (span.line, span.column) <= (line, column) < (span.end_line, span.end_column)


def locate(games: Sequence[Game], span: Span) -> str:
    """The pointer to the deepest node of ``games`` (read from a JSON record) that holds
    the start of ``span``: ``/games/0/deals/1/sections/2/entries/3/cards/4``; the whole
    document (``""``) for a diagnostic without a position."""
    if span == NO_SPAN:
        return ""
    line, column = span.line, span.column
    for index, game in enumerate(games):
        if game.span.line <= line <= game.span.end_line:
            return _deepest(game, f"/games/{index}", line, column)
    return ""


def _deepest(node: Any, path: str, line: int, column: int) -> str:
    """The path to the deepest child of ``node`` holding the position, or ``path`` itself."""
    for attribute in attrs.fields(type(node)):
        if attribute.name in _SKIPPED:
            continue
        value = getattr(node, attribute.name)
        where = f"{path}/{attribute.name}"
        if isinstance(value, Cards):
            for i in range(len(value)):
                if _contains(value.span(i), line, column):
                    return f"{where}/{i}"
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                if _holds(item, line, column):
                    return _deepest(item, f"{where}/{i}", line, column)
        elif _holds(value, line, column):
            return where if isinstance(value, Atom) else _deepest(value, where, line, column)
    return path


def _holds(value: object, line: int, column: int) -> bool:
    span = getattr(value, "span", None)
    return isinstance(span, Span) and _contains(span, line, column)


_PATH_STEP = re.compile(r"\.([A-Za-z_][\w-]*)|\[(\d+)\]|\[\"((?:[^\"\\]|\\.)*)\"\]")


def from_validation_path(path: str) -> str:
    """The pointer of a place msgspec names in a validation error (``$.games[0].tags[1]``)."""
    tokens = [m.group(1) or m.group(2) or m.group(3) for m in _PATH_STEP.finditer(path)]
    return "".join("/" + escape(t) for t in tokens)
