"""The JSON Schemas of trufspec's JSON documents, generated from the types that write them.

The schemas are shipped in the package (``trufspec/schemas/<name>.schema.json``) so that a
program reading trufspec's output can validate it without this source tree; they are written
from :mod:`trufspec.output.contract` by::

    python -m trufspec.output.schemas

and a test checks that the shipped files are what this module generates now.
"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import msgspec

from trufspec.jsonrecords.model import RecordDocument
from trufspec.output import contract

__all__ = ["DOCUMENTS", "generate", "shipped", "text", "write"]

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


def generate(name: str) -> dict[str, Any]:
    """The schema of the document ``name`` prints, as plain JSON values."""
    document = DOCUMENTS[name]
    schema = msgspec.json.schema(document)
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
