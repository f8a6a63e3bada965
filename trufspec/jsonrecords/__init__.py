"""Game records in JSON, both ways, and the commands' reading of them.

A JSON record (:mod:`.model`, schema ``trufspec/schemas/record.schema.json``) says what the
notation says.  It is read straight into the record model and judged as it is read
(:mod:`.read`): what the notation could not say is a REC001 finding with its JSON Pointer, so
whatever the reader admits the checker, the printer and the referee take as they take a record
read from the notation.  The records keep the places of their values in the JSON text, so that
every finding of the check on a JSON record has its line and column in the file and, found
from them, its pointer (:func:`point`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence

import attrs
import msgspec

from trufspec.api import decode
from trufspec.diagnostics import Diagnostic
from trufspec.jsonrecords.convert import decode as decode_document
from trufspec.jsonrecords.convert import games_to_json
from trufspec.jsonrecords.model import VERSION, RecordDocument
from trufspec.jsonrecords.places import Layout
from trufspec.jsonrecords.pointers import from_validation_path, locate
from trufspec.jsonrecords.read import read_document
from trufspec.notation.parse import Parsed
from trufspec.records import NO_SPAN, Game
from trufspec.validator.judge import check_parsed
from trufspec.validator.report import FileReport
from trufspec.validator.wellformed import record_diagnostic

__all__ = [
    "FORMATS",
    "VERSION",
    "RecordDocument",
    "check_json",
    "is_json",
    "read_json_file",
    "point",
    "read_document",
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
    """The games of a JSON record document and the findings of reading it: a REC001 with the
    pointer of the place that does not follow the schema (and no games), or one for each node
    the notation could not say (the node left out)."""
    text = data if isinstance(data, str) else data.decode("utf-8", errors="replace")
    try:
        document = decode_document(data)
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as error:
        return Parsed((), (_invalid(error, path, text),))
    return read_document(document, text, path)


def _invalid(error: Exception, path: str | None, text: str) -> Diagnostic:
    found = _AT.match(str(error))
    assert found is not None  # the pattern matches any text
    detail = f"the JSON record does not follow the schema: {found['message']}"
    if not isinstance(error, (msgspec.ValidationError, ValueError)):
        detail = f"the file is not JSON: {error}"
    pointer = from_validation_path(found["path"]) if found["path"] else ""
    span = Layout(text).span(pointer) if pointer else NO_SPAN
    return attrs.evolve(record_diagnostic("REC001", span, path, detail=detail), pointer=pointer)


def read_json_file(data: bytes, path: str | None) -> Parsed:
    """The games of a JSON record file's bytes and the findings of reading them: REC002 for
    bytes that are not UTF-8, else what :func:`read_json` finds."""
    text, problem = decode(data, path)
    if problem is not None:
        return Parsed((), (problem,))
    return read_json(text, path)


def check_json(
    data: bytes, path: str, options: Mapping[str, str] | None = None
) -> tuple[str | None, Parsed, FileReport]:
    """Check a JSON record file: its text (None when it is not UTF-8), its games as read, and
    the report, every finding with its pointer and its place in the file."""
    text, problem = decode(data, path)
    if problem is not None:
        return None, Parsed((), ()), FileReport(path, (), (problem,))
    parsed = read_json(text, path)
    report = check_parsed(parsed, text, path, options)
    return text, parsed, attrs.evolve(report, diagnostics=point(report.diagnostics, parsed.games))


def point(diagnostics: Sequence[Diagnostic], games: Sequence[Game]) -> tuple[Diagnostic, ...]:
    """The diagnostics found in the ``games`` of a JSON record, each with the pointer of its
    place in the JSON document (found from its span, a place in the JSON text)."""
    return tuple(
        d if d.pointer is not None else attrs.evolve(d, pointer=locate(games, d.span))
        for d in diagnostics
    )
