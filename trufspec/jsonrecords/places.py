"""Where each value of a JSON document stands in its text, by pointer.

The JSON readers trufspec uses keep no positions, so a JSON record read by msgspec would give
findings without a place in the file.  This module walks the text once and notes the span of
every value under its JSON Pointer; the reader gives each node of the records it builds the
span of its value, so that a finding of the check has a line and a column in the JSON file as
a finding on the notation has in its text, besides its pointer.

It reads only what it can: in a document that is not JSON it stops where the text stops making
sense, and a pointer whose place was not reached is given the span of the nearest enclosing
value found.
"""

from __future__ import annotations

import contextlib
import json
import re
from bisect import bisect_right
from functools import partial

from trufspec.jsonrecords.pointers import escape
from trufspec.records import Span

__all__ = ["Layout", "places"]

_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null")
_BLANK = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_STRINGS = re.compile(
    r'\[[ \t\n\r]*(?:"(?:[^"\\]|\\.)*"[ \t\n\r]*(?:,[ \t\n\r]*"(?:[^"\\]|\\.)*"[ \t\n\r]*)*)?\]'
)
_DEEPEST = 64
"""Nesting deeper than any record document goes: a text nested deeper is read no further."""


class _Stop(Exception):
    """The text stops being JSON (or nests deeper than a record can): read no further."""


def places(text: str) -> dict[str, tuple[int, int]]:
    """The start and end offsets in ``text`` of every value reached, by pointer ("" for the
    whole document)."""
    found: dict[str, tuple[int, int]] = {}
    with contextlib.suppress(_Stop, ValueError):
        _value(text, _skip(text, 0), "", found, 0)
    return found


def _value(text: str, at: int, path: str, found: dict[str, tuple[int, int]], depth: int) -> int:
    """Read the value at ``at``; note its span under ``path``; return the offset after it."""
    if depth > _DEEPEST or at >= len(text):
        raise _Stop
    opening = text[at]
    strings = _STRINGS.match(text, at) if opening == "[" else None
    if strings is not None:
        # An array of strings (a run of cards, the players of a trick): its items are found
        # when one is asked for (:meth:`Layout.place`), not noted one by one.
        end = strings.end()
    elif opening == '"':
        _, end = json.decoder.scanstring(text, at + 1)  # type: ignore[attr-defined]
    elif opening in "{[":
        end = _container(text, at, path, found, depth)
    else:
        scalar = _SCALAR.match(text, at)
        if scalar is None:
            raise _Stop
        end = scalar.end()
    found[path] = (at, end)
    return int(end)


_MEMBER = re.compile(r'"((?:[^"\\]|\\.)*)"[ \t\n\r]*:[ \t\n\r]*')
"""An object's key, its colon and the blanks up to its value: one match for what is met once
per member."""
_NEXT = re.compile(r"[ \t\n\r]*(,?)[ \t\n\r]*")
"""The blanks after a value, perhaps a comma, and the blanks before what comes next."""


def _container(text: str, at: int, path: str, found: dict[str, tuple[int, int]], depth: int) -> int:
    """Read the object or array opening at ``at``, each member under its pointer; return the
    offset after its closing bracket."""
    closing = "}" if text[at] == "{" else "]"
    at = _skip(text, at + 1)
    index = 0
    while at < len(text) and text[at] != closing:
        if closing == "}":
            member = _MEMBER.match(text, at)
            if member is None:
                raise _Stop
            key = member.group(1)
            if "\\" in key:
                key = json.loads(f'"{key}"')
            child, at = f"{path}/{escape(key)}", member.end()
        else:
            child = f"{path}/{index}"
        after = _NEXT.match(text, _value(text, at, child, found, depth + 1))
        assert after is not None  # the pattern matches the empty string
        at = after.end()
        index += 1
    if at >= len(text):
        raise _Stop
    return at + 1


def _skip(text: str, at: int) -> int:
    """The offset of the first character at or after ``at`` that is not JSON white space."""
    blank = _BLANK.match(text, at)
    assert blank is not None  # the pattern matches the empty string
    return blank.end()


class Layout:
    """The places of a JSON text's values as spans: lines and columns from 1, the end one past
    the last character, as a finding on the notation has them."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.places = places(text)
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self._items: dict[str, list[tuple[int, int]]] = {}

    def place(self, pointer: str) -> tuple[int, int] | None:
        """The start and end offsets of the value at ``pointer``; None when the text has none
        there (a key left out)."""
        found = self.places.get(pointer)
        if found is None:
            array, _, index = pointer.rpartition("/")
            if index.isdigit() and array in self.places:
                items = self.items(array)
                found = items[int(index)] if int(index) < len(items) else None
        return found

    def items(self, pointer: str) -> list[tuple[int, int]]:
        """The offsets of the strings of the array at ``pointer``, found once for all the
        items asked for."""
        found = self._items.get(pointer)
        if found is None:
            start, end = self.places.get(pointer, (0, 0))
            found = [m.span() for m in _STRING.finditer(self.text, start, end)]
            if self.text[start : start + 1] != "[":
                found = []
            self._items[pointer] = found
        return found

    def span(self, pointer: str) -> Span:
        """The span of the value ``pointer`` names, or of the nearest enclosing value read."""
        place = self.place(pointer)
        while place is None and pointer:
            pointer = pointer.rpartition("/")[0]
            place = self.place(pointer)
        return self.between(*(place or (0, 0)))

    def between(self, start: int, end: int) -> Span:
        """The span from offset ``start`` to offset ``end``."""
        starts = self._starts
        line = bisect_right(starts, start)
        end_line = bisect_right(starts, end, line - 1)
        return _new_span(
            (line, start - starts[line - 1] + 1, end_line, end - starts[end_line - 1] + 1)
        )

    def strings(self, pointer: str) -> tuple[tuple[int, int, str], ...]:
        """The strings of the array at ``pointer``, each with its line and column and its text
        as written, quotes included: the pieces of a run of cards' source (see
        :class:`~trufspec.records.Cards`), found in one pass over the array."""
        text, starts = self.text, self._starts
        pieces: list[tuple[int, int, str]] = []
        line = last = 0
        for start, end in self.items(pointer):
            if not pieces:
                line, last = bisect_right(starts, start), start
            line += text.count("\n", last, start)
            last = start
            pieces.append((line, start - starts[line - 1] + 1, text[start:end]))
        return tuple(pieces)


_new_span = partial(tuple.__new__, Span)
"""``Span`` from a 4-tuple, without the Python-level ``__new__`` of a named tuple: a record
has thousands of values."""
