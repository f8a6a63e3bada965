"""The JSON Schemas of trufspec's JSON documents, generated from the types that write them.

The schemas are shipped in the package (``trufspec/schemas/<name>.schema.json``) so that a
program reading trufspec's output can validate it without this source tree; they are written
from :mod:`trufspec.output.contract` by::

    python -m trufspec.output.schemas

and a test checks that the shipped files are what this module generates now.

The text of the files is ours, not the library's: a description msgspec takes from a docstring
is cleaned here as ``inspect.cleandoc`` cleans it (msgspec 0.22 keeps the docstring's
indentation, 0.23 does not), so that every supported version writes the same files.
"""

from __future__ import annotations

import inspect
import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import msgspec

from trufspec.jsonrecords.model import RecordDocument
from trufspec.output import contract

__all__ = ["DOCUMENTS", "described", "generate", "shipped", "text", "write"]

DOCUMENTS: dict[str, type[Any]] = {
    "check": contract.CheckDocument,
    "score": contract.ScoreDocument,
    "standings": contract.StandingsDocument,
    "coverage": contract.CoverageDocument,
    "readings": contract.ReadingsDocument,
    "record": RecordDocument,
}
"""The documents by the name of the command that prints them with ``--format json``; and the
game records in JSON (``record``), which ``trufspec convert --to json`` writes and every
command that reads records reads."""

_TITLES = {"record": "trufspec game records in JSON"}

_DIALECT = "https://json-schema.org/draft/2020-12/schema"


_VALUES = frozenset({"const", "default", "enum", "example", "examples"})
"""The keywords of a schema whose values are instances, not schemas: their text is data."""


def described(schema: Any) -> Any:
    """``schema`` with the text of every ``description`` cleaned as ``inspect.cleandoc``
    cleans a docstring: the same text whichever library, and version of it, wrote the schema."""
    if isinstance(schema, dict):
        return {
            key: inspect.cleandoc(value)
            if key == "description" and isinstance(value, str)
            else value
            if key in _VALUES
            else described(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [described(item) for item in schema]
    return schema


def generate(name: str) -> dict[str, Any]:
    """The schema of the document ``name`` prints, as plain JSON values."""
    document = DOCUMENTS[name]
    schema = described(msgspec.json.schema(document))
    return {
        "$schema": _DIALECT,
        "$id": f"trufspec-{name}.schema.json",
        "title": _TITLES.get(name, f"trufspec {name} --format json"),
        **schema,
    }


def text(name: str) -> str:
    """The schema as the shipped file holds it."""
    return json.dumps(generate(name), indent=2, ensure_ascii=False) + "\n"


def shipped(name: str) -> str:
    """The shipped schema file of the document ``name``."""
    return (files("trufspec") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")


def write(directory: Path) -> None:
    """Write every schema into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in DOCUMENTS:
        (directory / f"{name}.schema.json").write_text(text(name), encoding="utf-8")


if __name__ == "__main__":
    write(Path(__file__).resolve().parent.parent / "schemas")
