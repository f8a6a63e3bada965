"""What a check of JSON records costs beside the same records in the notation.

A JSON record is read straight into records, each node given the place of its value in the
JSON text, and judged as it is read; this prints, for the sample games of every ruleset in
one file, the processor time of a check of the notation and of the JSON form, and the parts
of the latter: decoding by the schema, finding the places of the values, building the records
and the check itself.  Run from the root of a checkout: ``python benchmarks/json_records.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from time import process_time

from trufspec.api import check_parsed, check_text, dumps, load
from trufspec.jsonrecords import check_json, write_json
from trufspec.jsonrecords.convert import decode
from trufspec.jsonrecords.places import Layout
from trufspec.jsonrecords.read import read_document
from trufspec.records import Game

RECORDS = Path(__file__).resolve().parent.parent / "records"


def best(work: Callable[[], object], times: int = 5) -> float:
    """The least processor time of ``times`` runs: the one least disturbed by the machine."""
    found = []
    for _ in range(times):
        start = process_time()
        work()
        found.append(process_time() - start)
    return min(found)


def main() -> int:
    games: list[Game] = []
    for path in sorted(RECORDS.rglob("*.truf")):
        games += load(path).games
    text = dumps(games)
    data = write_json(games)
    document = decode(data)
    json_text = data.decode("utf-8")
    parsed = read_document(document, json_text)
    print(f"{len(games)} games: {len(text):,} characters of notation, {len(data):,} bytes of JSON")
    rows = [
        ("check of the notation", lambda: check_text(text, "games.truf")),
        ("check of the JSON record", lambda: check_json(data, "games.json")),
        ("  decoding by the schema", lambda: decode(data)),
        ("  the places of the values", lambda: Layout(json_text)),
        ("  the records, judged, placed", lambda: read_document(document, json_text)),
        ("  the check of the records", lambda: check_parsed(parsed, json_text, "games.json")),
    ]
    for label, work in rows:
        print(f"{label:<32} {best(work) * 1000:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
