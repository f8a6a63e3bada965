"""JSON record documents in the editor: their findings placed on their own text, and their
canonical layout.

A finding on a JSON record names its place with a pointer (RFC 6901) and, since the records
read from a JSON document keep the places of their values (:mod:`trufspec.jsonrecords.places`),
a range of the document's own text.
"""

from __future__ import annotations

from trufspec.api import Formatted
from trufspec.diagnostics import Diagnostic
from trufspec.jsonrecords import check_json, read_json_file, write_json

__all__ = ["format_json", "json_findings"]


def json_findings(data: bytes, path: str, options: dict[str, str] | None) -> tuple[Diagnostic, ...]:
    """The check's findings on a JSON record document, each placed on the value its pointer
    names in the document's own text."""
    return check_json(data, path, options)[2].diagnostics


def format_json(data: bytes, path: str) -> Formatted:
    """The canonical layout of a JSON record document, or the diagnostic that says why it has
    none (it is not UTF-8, not a JSON record, or holds what the records cannot say): the
    records it holds, written as ``trufspec convert --to json`` writes them."""
    read = read_json_file(data, path)
    if read.diagnostics:
        return Formatted(None, read.diagnostics[:1])
    return Formatted(write_json(read.games).decode("utf-8"))
