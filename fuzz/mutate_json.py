"""Mutations of records in their JSON form: the structure damaged, then perhaps the text.

A JSON record passes two judges: the schema, which msgspec applies while decoding, and the
reader, which admits only what the notation can say.  Random bytes rarely get past the first,
so most mutations keep the document JSON and change its structure: a key removed, a value
swapped for one of any type (another value of the document among them, so that a card stands
where a name is due, or a section where an entry is), an item of a list dropped or repeated,
two items exchanged.  A share of the inputs have their text damaged on top, as bytes.

As in :mod:`fuzz.mutate`, everything is driven by a :class:`random.Random`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from random import Random
from typing import Any

from fuzz.mutate import HUGE_NUMBERS, RECORDS

__all__ = ["json_seeds", "mutate_document", "mutate_json"]

Json = Any
"""A value of a decoded JSON document: dict, list, str, int, float, bool or None."""

ODD_VALUES: tuple[Json, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    13,
    10**9,
    -(10**9) - 1,
    2**63,
    1.5,
    "",
    " ",
    "Ana",
    "Zed",
    "ana b",
    '"',
    "\\",
    "+",
    ";",
    "{",
    "}",
    "*",
    "-",
    "deal",
    "pass",
    "NT",
    "AH",
    "10S!",
    "-5C",
    "-QD!",
    "; a comment",
    "{ a comment }",
    "{\n}",
    "after",
    "before",
    "end",
    "dealer",
    "bids",
    "play",
    "votes",
    "\u2028",
    "\x85",
    "\u200b",
    "\ufeff",
    "Ana\tBudi",
    [],
    [None],
    ["AH"],
    ["Ana"],
    {},
    {"player": "Ana"},
    {"section": "dealer"},
)
"""Values put where another stood: of every JSON type, at the edges of the schema's bounds,
and the words and characters the notation gives a meaning to."""


def json_seeds(root: Path = RECORDS) -> list[Json]:
    """The JSON form of every sample record, decoded, sorted by path: one document a file."""
    from trufspec.api import load
    from trufspec.jsonrecords import write_json

    seeds = []
    for path in sorted(root.rglob("*.truf")):
        parsed = load(path)
        if parsed.games:
            seeds.append(json.loads(write_json(parsed.games)))
    return seeds


def _places(value: Json, found: list[tuple[Json, Json]]) -> list[tuple[Json, Json]]:
    """Every container of ``value`` with each of its keys or indices, the root's included."""
    if isinstance(value, dict):
        for key, child in value.items():
            found.append((value, key))
            _places(child, found)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found.append((value, index))
            _places(child, found)
    return found


def _values(value: Json) -> list[Json]:
    """Every value in a document: the material of swaps."""
    return [container[key] for container, key in _places(value, [])]


Edit = Callable[[Json, Json, Random, Sequence[Json]], None]


def _remove(container: Json, key: Json, rng: Random, pool: Sequence[Json]) -> None:
    del container[key]


def _swap(container: Json, key: Json, rng: Random, pool: Sequence[Json]) -> None:
    """A value replaced: by one of the same type found elsewhere in the document (which the
    schema is likeliest to let through, and the reader must judge), by any value of the
    document, by a number at the edges or by an odd value."""
    choice = rng.randrange(5)
    kind = type(container[key])
    alike = [v for v in pool if type(v) is kind and v != container[key]]
    if choice <= 1 and alike:
        container[key] = json.loads(json.dumps(rng.choice(alike)))
    elif choice == 2 and pool:
        container[key] = json.loads(json.dumps(rng.choice(pool)))
    elif choice == 3:
        container[key] = int(rng.choice(HUGE_NUMBERS[:20]))
    else:
        container[key] = json.loads(json.dumps(rng.choice(ODD_VALUES)))


def _repeat(container: Json, key: Json, rng: Random, pool: Sequence[Json]) -> None:
    if isinstance(container, list):
        container.insert(rng.randrange(len(container) + 1), container[key])
    else:
        _swap(container, key, rng, pool)


def _exchange(container: Json, key: Json, rng: Random, pool: Sequence[Json]) -> None:
    if isinstance(container, list):
        other = rng.randrange(len(container))
        container[key], container[other] = container[other], container[key]
    else:
        _remove(container, key, rng, pool)


def _add_key(container: Json, key: Json, rng: Random, pool: Sequence[Json]) -> None:
    """A key the record model has elsewhere, put on this object (``cards`` on a tag)."""
    keys = [k for v in pool if isinstance(v, dict) for k in v]
    if isinstance(container, dict) and keys:
        container[rng.choice(keys)] = json.loads(json.dumps(rng.choice(ODD_VALUES)))
    else:
        _swap(container, key, rng, pool)


EDITS: tuple[tuple[Edit, int], ...] = (
    (_remove, 5),
    (_swap, 8),
    (_repeat, 4),
    (_exchange, 2),
    (_add_key, 1),
)
_FUNCTIONS = tuple(e for e, _ in EDITS)
_WEIGHTS = tuple(w for _, w in EDITS)


def mutate_document(document: Json, rng: Random, edits: int | None = None) -> Json:
    """A copy of ``document`` after ``edits`` structural edits (one to three when None)."""
    document = json.loads(json.dumps(document))
    for edit in rng.choices(_FUNCTIONS, _WEIGHTS, k=edits or rng.choice((1, 1, 1, 2, 2, 3))):
        places = _places(document, [])
        if not places:
            break
        container, key = rng.choice(places)
        edit(container, key, rng, _values(document))
    return document


def mutate_json(document: Json, rng: Random) -> bytes:
    """The text of ``document`` after structural edits, indented or compact, in UTF-8."""
    mutated = mutate_document(document, rng)
    indent = rng.choice((None, 2))
    return json.dumps(mutated, indent=indent, ensure_ascii=rng.random() < 0.5).encode(
        "utf-8", errors="surrogatepass"
    )
