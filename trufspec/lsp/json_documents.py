"""JSON record documents in the editor: their findings placed on their own text, and their
canonical layout.

A finding on a JSON record names its place with a pointer (RFC 6901), since the document has no
lines of its own to point at; an editor needs a range of the text.  The JSON readers trufspec
uses keep no positions, so this module walks the text once and notes the span of every value.
It reads only what it can: in a document that is not JSON it stops where the text stops making
sense, and a finding whose place was not reached is shown at the nearest enclosing value found.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Sequence

import attrs

from trufspec.api import Formatted, loads
from trufspec.diagnostics import Diagnostic
from trufspec.jsonrecords import notation_text, point, write_json
from trufspec.jsonrecords.pointers import escape
from trufspec.records import Span

__all__ = ["format_json", "json_findings", "places"]

_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null")
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
    if opening == '"':
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


def _container(text: str, at: int, path: str, found: dict[str, tuple[int, int]], depth: int) -> int:
    """Read the object or array opening at ``at``, each member under its pointer; return the
    offset after its closing bracket."""
    closing = "}" if text[at] == "{" else "]"
    at = _skip(text, at + 1)
    index = 0
    while at < len(text) and text[at] != closing:
        child = f"{path}/{index}"
        if closing == "}":
            if text[at] != '"':
                raise _Stop
            key, at = json.decoder.scanstring(text, at + 1)  # type: ignore[attr-defined]
            at = _skip(text, at)
            if text[at : at + 1] != ":":
                raise _Stop
            child, at = f"{path}/{escape(key)}", _skip(text, at + 1)
        at = _skip(text, _value(text, at, child, found, depth + 1))
        index += 1
        if text[at : at + 1] == ",":
            at = _skip(text, at + 1)
    if at >= len(text):
        raise _Stop
    return at + 1


def _skip(text: str, at: int) -> int:
    """The offset of the first character at or after ``at`` that is not JSON white space."""
    while at < len(text) and text[at] in " \t\n\r":
        at += 1
    return at


def json_findings(data: bytes, path: str, options: dict[str, str] | None) -> tuple[Diagnostic, ...]:
    """The check's findings on a JSON record document, each placed on the value its pointer
    names in the document's own text (the findings of the check are placed in the notation
    the document prints as, which the editor does not show)."""
    from trufspec.api import check_text

    notation, problem = notation_text(data, path)
    if problem is not None:
        found: Sequence[Diagnostic] = (problem,)
    else:
        found = point(check_text(notation, path, options).diagnostics, notation)
    text = data.decode("utf-8", "replace")
    spans = places(text)
    return tuple(
        attrs.evolve(d, span=_span(text, spans, d.pointer or ""), related=()) for d in found
    )


def _span(text: str, spans: dict[str, tuple[int, int]], pointer: str) -> Span:
    """The span of the value ``pointer`` names, or of the nearest enclosing value read."""
    while pointer and pointer not in spans:
        pointer = pointer.rpartition("/")[0]
    start, end = spans.get(pointer, (0, 0))
    return Span(*_line_column(text, start), *_line_column(text, end))


def _line_column(text: str, offset: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


def format_json(data: bytes, path: str) -> Formatted:
    """The canonical layout of a JSON record document, or the diagnostic that says why it has
    none: what ``trufspec convert --to json`` writes of the canonical notation the document
    prints as, so that nothing it says is lost."""
    notation, problem = notation_text(data, path)
    if problem is not None:
        return Formatted(None, (problem,))
    return Formatted(write_json(loads(notation, path).games).decode("utf-8"))
