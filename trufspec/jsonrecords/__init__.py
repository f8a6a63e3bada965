"""Game records in JSON, both ways, and the commands' reading of them.

A JSON record (:mod:`.model`, schema ``trufspec/schemas/record.schema.json``) says what the
notation says.  Every command that reads records reads a JSON one as the canonical text it
prints as, so there is one checker: :func:`notation_text` gives that text (or the diagnostic
that says why there is none), and :func:`point` gives each diagnostic found in it the JSON
Pointer of its place in the JSON document.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence

import attrs
import msgspec

from trufspec.api import decode, dumps, loads
from trufspec.diagnostics import Diagnostic
from trufspec.jsonrecords.convert import decode as decode_document
from trufspec.jsonrecords.convert import from_document, games_to_json
from trufspec.jsonrecords.model import VERSION, RecordDocument
from trufspec.jsonrecords.pointers import from_validation_path, locate
from trufspec.notation.blocks import Block
from trufspec.notation.parse import Parsed
from trufspec.records import NO_SPAN, Game
from trufspec.wellformed import record_diagnostic

__all__ = [
    "FORMATS",
    "VERSION",
    "RecordDocument",
    "block_text",
    "is_json",
    "notation_text",
    "point",
    "read_json",
    "write_json",
]

FORMATS = ("auto", "truf", "json")
"""The values of ``--input-format``: ``auto`` goes by the extension (``.json`` is JSON)."""

_AT = re.compile(r"^(?P<message>.*?)(?: - at `(?P<path>\$[^`]*)`)?$", re.DOTALL)


def is_json(path: str, input_format: str = "auto") -> bool:
    """Whether the file ``path`` is read as a JSON record."""
    if input_format == "auto":
        return os.path.splitext(path)[1].lower() == ".json"
    return input_format == "json"


def write_json(games: Iterable[Game]) -> bytes:
    """Games as a JSON record document (indented UTF-8, ending with a newline)."""
    return games_to_json(games)


def read_json(data: bytes | str, path: str | None = None) -> Parsed:
    """The games of a JSON record document, or the diagnostic that says why it has none (a
    REC001 with the pointer of the place that does not follow the schema)."""
    try:
        return Parsed(from_document(decode_document(data)), ())
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as error:
        return Parsed((), (_invalid(error, path),))


def _invalid(error: Exception, path: str | None) -> Diagnostic:
    found = _AT.match(str(error))
    assert found is not None  # the pattern matches any text
    detail = f"the JSON record does not follow the schema: {found['message']}"
    if not isinstance(error, (msgspec.ValidationError, ValueError)):
        detail = f"the file is not JSON: {error}"
    pointer = from_validation_path(found["path"]) if found["path"] else ""
    return attrs.evolve(record_diagnostic("REC001", NO_SPAN, path, detail=detail), pointer=pointer)


def notation_text(data: bytes, path: str | None) -> tuple[str, Diagnostic | None]:
    """The canonical text of the games of a JSON record file, or a diagnostic (REC002 for
    bytes that are not UTF-8, REC001 for a document that is not a JSON record)."""
    text, problem = decode(data, path)
    if problem is not None:
        return "", problem
    parsed = read_json(text, path)
    if parsed.diagnostics:
        return "", parsed.diagnostics[0]
    return dumps(parsed.games), None


def block_text(block: Block, path: str) -> tuple[str, Diagnostic | None]:
    """The text of a block of a file to check: its notation, or the canonical text of a JSON
    record; or the diagnostic that says why it has none."""
    if block.json:
        return notation_text(block.data, path)
    return decode(block.data, path, block.first_line, block.offset)


def point(diagnostics: Sequence[Diagnostic], text: str) -> tuple[Diagnostic, ...]:
    """The diagnostics found in the canonical ``text`` of a JSON record, each with the pointer
    of its place in the JSON document."""
    if not diagnostics:
        return ()
    games = loads(text).games
    return tuple(
        d if d.pointer is not None else attrs.evolve(d, pointer=locate(games, d.span))
        for d in diagnostics
    )
