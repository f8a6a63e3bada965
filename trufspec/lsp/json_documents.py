"""JSON record documents in the editor: their findings placed on their own text, and their
canonical layout.

A finding on a JSON record names its place with a pointer (RFC 6901) and, since the records
read from a JSON document keep the places of their values (:mod:`trufspec.jsonrecords.places`),
a range of the document's own text.
"""

from __future__ import annotations

from trufspec.api import Formatted, loads
from trufspec.diagnostics import Diagnostic
from trufspec.jsonrecords import check_json, notation_text, write_json

__all__ = ["format_json", "json_findings"]


def json_findings(data: bytes, path: str, options: dict[str, str] | None) -> tuple[Diagnostic, ...]:
    """The check's findings on a JSON record document, each placed on the value its pointer
    names in the document's own text."""
    return check_json(data, path, options)[2].diagnostics


def format_json(data: bytes, path: str) -> Formatted:
    """The canonical layout of a JSON record document, or the diagnostic that says why it has
    none: what ``trufspec convert --to json`` writes of the canonical notation the document
    prints as, so that nothing it says is lost."""
    notation, problem = notation_text(data, path)
    if problem is not None:
        return Formatted(None, (problem,))
    return Formatted(write_json(loads(notation, path).games).decode("utf-8"))
