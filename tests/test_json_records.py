"""Records in JSON: the notation and the JSON form say the same, and a JSON record is checked
as its notation is, each finding pointing at its place with a JSON Pointer."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings

from tests.test_roundtrip import game_lists
from trufspec.api import dumps, load, loads
from trufspec.batch import check_paths
from trufspec.jsonrecords import is_json, notation_text, read_json, write_json
from trufspec.jsonrecords.convert import from_document, to_document
from trufspec.output import schemas
from trufspec.records import Game
from trufspec.simulate import SIMULATORS, simulate

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted((ROOT / "records").rglob("*.truf"))
SCHEMA = jsonschema.Draft202012Validator(schemas.generate("record"))


def through_json(games: tuple[Game, ...] | list[Game]) -> tuple[Game, ...]:
    parsed = read_json(write_json(games))
    assert parsed.diagnostics == ()
    return parsed.games


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_sample_record_comes_back_as_its_canonical_text(path: Path) -> None:
    games = load(path).games
    data = write_json(games)
    SCHEMA.validate(json.loads(data))
    assert dumps(through_json(games)) == dumps(games)


@pytest.mark.parametrize("ruleset", sorted(SIMULATORS))
def test_simulated_games_of_every_ruleset_come_back_as_their_canonical_text(ruleset: str) -> None:
    for text in simulate(ruleset, 3, seed=27):
        games = loads(text).games
        assert games
        SCHEMA.validate(json.loads(write_json(games)))
        assert dumps(through_json(games)) == dumps(games)


@settings(max_examples=60, deadline=None)
@given(game_lists())
def test_any_record_tree_comes_back_the_same(games: list[Game]) -> None:
    assert through_json(games) == tuple(games)
    assert dumps(through_json(games)) == dumps(games)


def test_the_document_is_versioned_and_leaves_defaults_out() -> None:
    document = json.loads(write_json(loads('[Ruleset "truf-jb"]\n[Players "A B C D"]\n').games))
    assert document == {
        "version": 1,
        "games": [
            {
                "tags": [
                    {"name": "Ruleset", "value": "truf-jb"},
                    {"name": "Players", "value": "A B C D"},
                ]
            }
        ],
    }
    assert to_document(from_document(to_document(()))) == to_document(())


def test_a_file_is_json_by_its_extension_or_by_the_format_asked_for() -> None:
    assert is_json("game.JSON")
    assert not is_json("game.truf")
    assert is_json("-", "json")
    assert not is_json("game.json", "truf")


BROKEN = ROOT / "records" / "truf-basics" / "acknowledged-revoke-2027-05-22.truf"


def test_a_finding_on_a_json_record_points_at_its_place(tmp_path: Path) -> None:
    games = load(BROKEN).games
    document = json.loads(write_json(games))
    # Ana's restated bid of deal 1 is 4; say 9 instead.
    bids = document["games"][0]["deals"][0]["sections"][1]
    assert bids["section"] == "bids"
    bids["entries"][0]["restated"] = 9
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    (report,) = check_paths([str(path)])
    pointers = {d.pointer for d in report.diagnostics}
    assert "/games/0/deals/0/sections/1/entries/0/restated" in pointers
    assert all(p is not None and (p == "" or p.startswith("/games/0")) for p in pointers)


def test_a_card_is_pointed_at_by_its_index(tmp_path: Path) -> None:
    games = load(BROKEN).games
    document = json.loads(write_json(games))
    play = document["games"][0]["deals"][0]["sections"][3]
    assert play["section"] == "play"
    # The second player of trick 1 plays the ace of spades, which the leader played.
    play["tricks"][0]["cards"][1] = "AS"
    path = tmp_path / "swapped.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    (report,) = check_paths([str(path)])
    errors = [d for d in report.diagnostics if d.severity.value == "error"]
    assert errors[0].pointer == "/games/0/deals/0/sections/3/tricks/0/cards/1"


def test_a_document_off_the_schema_is_refused_with_the_pointer_of_the_place() -> None:
    parsed = read_json(b'{"version": 1, "games": [{"deals": [{"number": "one"}]}]}', "x.json")
    (problem,) = parsed.diagnostics
    assert problem.code == "REC001"
    assert problem.pointer == "/games/0/deals/0/number"
    assert "Expected `int`" in problem.message


@pytest.mark.parametrize(
    "data",
    [b"{", b"[]", b'{"version": 2, "games": []}', b'{"version": 1, "games": [], "x": 1}'],
)
def test_what_is_not_a_json_record_is_one_diagnostic(data: bytes) -> None:
    text, problem = notation_text(data, "x.json")
    assert text == ""
    assert problem is not None
    assert problem.code == "REC001"


def test_a_json_file_that_is_not_utf8_is_unreadable() -> None:
    _, problem = notation_text(b'{"version": 1, "games": [\xff]}', "x.json")
    assert problem is not None
    assert problem.code == "REC002"


def test_the_example_of_the_service_page_is_a_json_record() -> None:
    page = (ROOT / "docs" / "service.rst").read_text(encoding="utf-8")
    start = page.index(".. code-block:: json\n\n") + len(".. code-block:: json\n\n")
    block = []
    for line in page[start:].splitlines():
        if line and not line.startswith("   "):
            break
        block.append(line[3:])
    example = "\n".join(block)
    SCHEMA.validate(json.loads(example))
    parsed = read_json(example)
    assert parsed.diagnostics == ()
    assert "contract Citra trump S atas" in dumps(parsed.games)


def test_convert_writes_json_and_reads_it_back(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from trufspec.cli import main

    target = tmp_path / "game.json"
    runner = CliRunner()
    written = runner.invoke(main, ["convert", str(BROKEN), "--to", "json", "-o", str(target)])
    assert written.exit_code == 0, written.output
    back = runner.invoke(main, ["convert", str(target), "--to", "truf"])
    assert back.exit_code == 0
    assert back.output == dumps(load(BROKEN).games)
    piped = runner.invoke(
        main, ["convert", "-", "--input-format", "json", "--to", "truf"], input=target.read_bytes()
    )
    assert piped.output == back.output


def test_the_commands_read_json_records(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from trufspec.cli import main

    target = tmp_path / "game.json"
    target.write_bytes(write_json(load(BROKEN).games))
    runner = CliRunner()
    for command in (["check"], ["score"], ["readings"], ["report", "-o", str(tmp_path / "r.html")]):
        result = runner.invoke(main, [*command, str(target)])
        assert result.exit_code == 0, (command, result.output)
    checked = runner.invoke(main, ["check", "--format", "json", str(target)])
    assert json.loads(checked.output)["summary"]["deals"] == 6
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 1, "games": [{"tags": [{"name": "Ruleset"}]}]}', encoding="utf-8")
    refused = runner.invoke(main, ["check", str(bad)])
    assert refused.exit_code == 1
    assert f"{bad}#/games/0/tags/0: error REC001" in refused.output
    converted = runner.invoke(main, ["convert", str(bad), "--to", "truf"])
    assert converted.exit_code == 1
