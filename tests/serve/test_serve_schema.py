"""Schemathesis over the service's OpenAPI document, against a live server.

Its command is run as a user runs it, with fixed seeds: the document's examples, the coverage
phase (each constraint of the document at its bounds and just past them), the fuzzing phase and
the stateful phase, which follows the document's links from a new game to its view, its actions
and its record; ``schemathesis_hooks.py`` gives the requests about a game a game of the run's
own.  Every check is on and every warning fails the run (``schemathesis.toml``): no
answer is a 5xx or off the document, no request the document allows is refused as malformed,
none it forbids is accepted, and Schemathesis finds nothing in the document to warn about.  The
runs are bounded in examples; the coverage phase, which does not depend on the seed, runs once.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import Server, running

from trufspec.referee import STATES
from trufspec.serve.problems import QUERIES
from trufspec.spec.registry import default_registry

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]

RUNS = [
    (11, "examples,coverage,stateful"),
    (23, "fuzzing,stateful"),
    (37, "fuzzing,stateful"),
]
"""The seeds, each with its phases."""

EXAMPLES = 6
"""Generated requests per operation in the fuzzing phase, and scenarios of the stateful phase
(the coverage phase tries what the document's constraints give, whatever the bound)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("schema")
    # A budget far above what a generated record costs, so that a slow, shared machine does not
    # turn a request into a 422 for its cost.
    with running(folder / "games.sqlite", "--time-budget", "60") as live:
        yield live


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "phases"), RUNS)
def test_schemathesis_finds_nothing(server: Server, seed: int, phases: str, tmp_path: Path) -> None:
    command = [
        str(Path(sys.executable).parent / "schemathesis"),
        "--config-file",
        str(ROOT / "tests" / "support" / "schemathesis.toml"),
        "run",
        server.url + "/openapi.json",
        "--seed",
        str(seed),
        "--phases",
        phases,
        "--checks",
        "all",
        "--max-examples",
        str(EXAMPLES),
        "--workers",
        "1",
        "--generation-database",
        "none",
        "--request-timeout",
        "90",
        "--no-color",
    ]
    environment = {
        **os.environ,
        "SCHEMATHESIS_HOOKS": "tests.support.schemathesis_hooks",
        "PYTHONPATH": str(ROOT),
    }
    result = subprocess.run(
        # In a folder of its own: Schemathesis keeps what it found under .schemathesis/ there.
        command,
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = result.stdout + result.stderr
    found = output[output.find("=====") :]  # the failures and warnings, then the summary
    lines = [line for line in found.splitlines() if not line.lstrip().startswith("curl ")]
    report = "\n".join(line[:300] for line in lines)[-8000:]
    assert result.returncode == 0, report
    assert "No issues found" in output, report
    assert "Warnings:" not in output, report
    for phase in phases.split(","):
        assert f"{phase.capitalize()} (in" in output, report


def the_document() -> dict[str, Any]:
    """The OpenAPI document of an application that is not started."""
    from trufspec.serve.app import ServerSettings, create_app
    from trufspec.serve.openapi import document

    return document(create_app(ServerSettings(pool=0)).openapi_schema.to_schema())


@pytest.mark.slow
def test_the_document_holds_together_and_links_a_new_game_to_its_operations() -> None:
    openapi = the_document()
    text = json.dumps(openapi)
    for reference in set(re.findall(r'"\$ref": "#/components/schemas/([^"]+)"', text)):
        assert reference in openapi["components"]["schemas"], reference
    # A character class says its spaces as Python's expressions, which enforce it, read them.
    assert "[^\\\\s" not in text
    operations = {
        operation["operationId"]: operation
        for item in openapi["paths"].values()
        for operation in item.values()
    }
    for name in ("check", "readings", "referee", "createGame", "act"):
        assert operations[name]["requestBody"]["required"] is True
    # The query parameters the service lets through are those the document lists.
    for name, operation in operations.items():
        listed = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
        assert tuple(listed) == QUERIES.get(name, ()), name
    links = operations["createGame"]["responses"]["201"]["links"]
    assert {link["operationId"] for link in links.values()} == {"viewGame", "act", "gameRecord"}
    assert "links" in operations["viewGame"]["responses"]["200"]
    forms = openapi["components"]["schemas"]["NewGame"]["oneOf"]
    assert {form["properties"]["ruleset"]["const"] for form in forms} == set(STATES)
    jb = next(f for f in forms if f["properties"]["ruleset"]["const"] == "truf-jb")
    assert (jb["properties"]["players"]["minItems"], jb["properties"]["players"]["maxItems"]) == (
        3,
        4,
    )


def test_a_whole_number_reading_takes_its_numbers_and_nothing_else() -> None:
    from trufspec.serve.setups import reading_pattern

    registry = default_registry()
    for ruleset in STATES:
        for option in registry.options_of(ruleset).values():
            if option.choices is not None:
                continue
            assert option.minimum is not None and option.maximum is not None
            pattern = re.compile(reading_pattern(option))
            taken = [n for n in range(-2, option.maximum + 12) if pattern.search(str(n))]
            assert taken == list(range(option.minimum, option.maximum + 1)), option.key
            for written in ("+1", "01", f"{option.minimum}\n", " 1", ""):
                assert not pattern.search(written), (option.key, written)


def test_a_player_name_is_read_alike_by_both_kinds_of_expression() -> None:
    """The name's pattern lists its characters, so Python's expressions (which check it) and
    ECMAScript's (which read the document) agree; the names it takes are those the referee
    seats."""
    from trufspec.referee import new_game
    from trufspec.serve.models import PLAYER_PATTERN

    assert "\\s" not in PLAYER_PATTERN.removesuffix("(?![\\s\\S])")
    pattern = re.compile(PLAYER_PATTERN)
    spaces = [chr(c) for c in range(0x3100) if chr(c).isspace()]
    for character in (*spaces, "\ufeff"):
        assert not pattern.search(f"A{character}B"), hex(ord(character))
    for name in ("Ana", "Élodie", "A:", '"Q"', "{x}", ";x", "12", "deal", "李"):
        assert pattern.search(name), name
        new_game("truf-basics", [name, "B", "C", "D"], seed=0)
