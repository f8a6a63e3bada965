"""Records in JSON: the notation and the JSON form say the same, and admit the same records; a
JSON record is checked as its notation is, each finding pointing at its place with a JSON
Pointer and with its line and column in the file; what the notation could not say is a
finding, never a crash."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from budgets import examples
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from record_strategies import game_lists

from fuzz.mutate import Vocabulary, load_seeds, mutate
from fuzz.mutate_json import json_seeds, mutate_document
from trufspec.api import decode, dumps, load, loads
from trufspec.batch import check_paths
from trufspec.jsonrecords import is_json, read_json, read_json_file, write_json
from trufspec.jsonrecords.convert import to_document
from trufspec.jsonrecords.read import read_document
from trufspec.output import schemas
from trufspec.records import Game
from trufspec.simulate import SIMULATORS, simulate

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "records").rglob("*.truf"))
SCHEMA = jsonschema.Draft202012Validator(schemas.generate("record"))


def through_json(games: tuple[Game, ...] | list[Game]) -> tuple[Game, ...]:
    parsed = read_json(write_json(games))
    assert [d for d in parsed.diagnostics if d.code == "REC001"] == []
    return parsed.games


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_sample_record_comes_back_as_its_canonical_text(path: Path) -> None:
    games = load(path).games
    data = write_json(games)
    SCHEMA.validate(json.loads(data))
    assert dumps(through_json(games)) == dumps(games)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(SIMULATORS))
def test_simulated_games_of_every_ruleset_come_back_as_their_canonical_text(ruleset: str) -> None:
    for text in simulate(ruleset, 3, seed=27):
        games = loads(text).games
        assert games
        SCHEMA.validate(json.loads(write_json(games)))
        assert dumps(through_json(games)) == dumps(games)


@settings(max_examples=examples(60), deadline=None)
@given(game_lists())
def test_any_record_tree_comes_back_the_same(games: list[Game]) -> None:
    # A NUL is in no text file, so in no record the notation reads, nor any the JSON one admits.
    assume("\x00" not in dumps(games))
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
    assert to_document(read_document(to_document(())).games) == to_document(())


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
    read = read_json_file(data, "x.json")
    assert read.games == ()
    assert [problem.code for problem in read.diagnostics] == ["REC001"]


def test_a_json_file_that_is_not_utf8_is_unreadable() -> None:
    read = read_json_file(b'{"version": 1, "games": [\xff]}', "x.json")
    assert [problem.code for problem in read.diagnostics] == ["REC002"]


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


SECTIONS = """\
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]

deal 1
dealer Ana
undealt 2C
hands
  Ana: AH 9H
bids
  Ana: 3H -JD = 0
  Budi: 5
contract Ana trump S atas
play
  1. Ana: 2C 7C 4C 8C = Citra
  2. Budi 3C Citra 5C
votes Emily 2 Rob>Sam! Nick>-
ruff Citra discards 4D 5D
cut Rob 7H Emily KD
misdeal waived
"""
"""A deal with a section of every shape the reader judges (the rules are not the point)."""


def sections_document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(write_json(loads(SECTIONS).games))
    return document


def section(document: dict[str, Any], number: int) -> dict[str, Any]:
    found: dict[str, Any] = document["games"][0]["deals"][0]["sections"][number]
    return found


def _bid(d: dict[str, Any]) -> None:
    section(d, 3)["entries"][0] = {"player": "0"}


UNSAID: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("a bid of a player alone", _bid, "/sections/3/entries/0"),
    (
        "a bid of cards and a number",
        lambda d: section(d, 3)["entries"][1].update(cards=["AS"]),
        "/sections/3/entries/1",
    ),
    (
        "a bid of no cards",
        lambda d: section(d, 3)["entries"][0].update(cards=[]),
        "/sections/3/entries/0/cards",
    ),
    (
        "a minus card in a hand",
        lambda d: section(d, 2)["entries"][0].update(cards=["AH", "-9H"]),
        "/sections/2/entries/0/cards/1",
    ),
    (
        "a mark on a number not given",
        lambda d: section(d, 3)["entries"][0].update(number_ack=True),
        "/sections/3/entries/0/number_ack",
    ),
    (
        "a mark on a trump not given",
        lambda d: section(d, 4).update(trump=None, trump_ack=True),
        "/sections/4/trump_ack",
    ),
    (
        "a mark on a winner not given",
        lambda d: section(d, 5)["tricks"][0].update(winner=None, winner_ack=True),
        "/sections/5/tricks/0/winner_ack",
    ),
    (
        "a vote of nobody",
        lambda d: section(d, 6)["entries"].append({"target": None}),
        "/sections/6/entries/3",
    ),
    (
        "a tally without its count",
        lambda d: section(d, 6)["entries"][0].pop("count"),
        "/sections/6/entries/0",
    ),
    (
        "a slip with a count",
        lambda d: section(d, 6)["entries"][1].update(count=2),
        "/sections/6/entries/1",
    ),
    (
        "a blank slip marked",
        lambda d: section(d, 6)["entries"][2].update(ack=True),
        "/sections/6/entries/2/ack",
    ),
    (
        "a ruff declined with discards",
        lambda d: section(d, 7).update(declined=True),
        "/sections/7/discards",
    ),
    ("no card left out", lambda d: section(d, 1).update(cards=[]), "/sections/1/cards"),
    (
        "more cutters than cards",
        lambda d: section(d, 8)["players"].append("Nick"),
        "/sections/8/players",
    ),
    (
        "more players of a trick than cards",
        lambda d: section(d, 5)["tricks"][1]["players"].append("Dewi"),
        "/sections/5/tricks/1/players",
    ),
    (
        "a trick led by another than its first player",
        lambda d: section(d, 5)["tricks"][1].update(leader="Ana"),
        "/sections/5/tricks/1/leader",
    ),
    ("a card as a flag", lambda d: section(d, 9).update(flags=["AH"]), "/sections/9/flags/0"),
    (
        "a comment after the last card",
        lambda d: section(d, 1).update(comments=[{"text": "{x}", "index": 0}]),
        "/sections/1/comments/0/index",
    ),
    (
        "a line comment among cards",
        lambda d: section(d, 2)["entries"][0].update(comments=[{"text": "; x", "index": 0}]),
        "/sections/2/entries/0/comments/0/text",
    ),
    (
        "a comment at the end of a section",
        lambda d: section(d, 0).update(comments=[{"text": "; x", "place": "end"}]),
        "/sections/0/comments/0/place",
    ),
    (
        "a comment after a line comment",
        lambda d: section(d, 0).update(comments=[{"text": "; x"}, {"text": "{y}"}]),
        "/sections/0/comments/1",
    ),
    (
        "comments out of order",
        lambda d: section(d, 0).update(
            comments=[{"text": "{x}"}, {"text": "{y}", "place": "before"}]
        ),
        "/sections/0/comments/1",
    ),
]


@pytest.mark.parametrize(("edit", "pointer"), [u[1:] for u in UNSAID], ids=[u[0] for u in UNSAID])
def test_what_the_notation_cannot_say_is_a_finding_with_its_pointer(
    edit: Callable[[dict[str, Any]], object], pointer: str
) -> None:
    """Each node the schema lets through but the notation could not write is refused, by
    itself: a REC001 with its pointer and its place in the text; what is left is a record
    the notation reads as the JSON reader does."""
    document = sections_document()
    edit(document)
    text = json.dumps(document, indent=2)
    parsed = read_json(text, "x.json")
    (finding,) = parsed.diagnostics
    assert (finding.code, finding.pointer) == ("REC001", "/games/0/deals/0" + pointer)
    assert finding.message.startswith("the notation cannot say this: ")
    assert finding.span.line > 1
    assert parsed.damaged == frozenset({(0, 0)}) or "comments" in pointer
    again = loads(dumps(parsed.games))
    assert again.ok
    assert again.games == parsed.games


@pytest.mark.parametrize(
    ("games", "pointer"),
    [
        (
            [
                {"tags": [{"name": "A", "value": "1"}], "deals": [{"number": 1}]},
                {"deals": [{"number": 2}]},
            ],
            "/games/1/tags",
        ),
        (
            [{"tags": [{"name": "A", "value": "1"}]}, {"tags": [{"name": "B", "value": "2"}]}],
            "/games/0/deals",
        ),
        ([{}], "/games/0"),
        (
            [{"deals": [{"number": 1}], "comments": [{"text": "; x", "place": "end"}]}],
            "/games/0/comments/0/place",
        ),
    ],
)
def test_games_the_notation_would_read_as_others_are_refused(
    games: list[dict[str, Any]], pointer: str
) -> None:
    parsed = read_json(json.dumps({"version": 1, "games": games}))
    assert [(d.code, d.pointer) for d in parsed.diagnostics] == [("REC001", pointer)]


def test_the_issue_of_a_bid_without_cards_is_a_finding_in_every_command(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from trufspec.cli import main

    document = json.loads(write_json(load(BROKEN).games))
    bids = document["games"][0]["deals"][0]["sections"][1]
    bids["entries"][0] = {"player": "0"}
    target = tmp_path / "bid.json"
    target.write_text(json.dumps(document, indent=2), encoding="utf-8")
    runner = CliRunner()
    for command in (
        ["check"],
        ["score"],
        ["readings"],
        ["report", "-o", str(tmp_path / "r.html")],
        ["convert", "--to", "truf"],
    ):
        result = runner.invoke(main, [*command, str(target)])
        assert result.exit_code == 1, (command, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit)
    checked = runner.invoke(main, ["check", "--format", "json", str(target)])
    (finding,) = [
        d for d in json.loads(checked.output)["files"][0]["diagnostics"] if d["code"] == "REC001"
    ]
    assert finding["pointer"] == "/games/0/deals/0/sections/1/entries/0"
    line = target.read_text(encoding="utf-8").splitlines()[finding["line"] - 1]
    assert line.strip() == "{"
    assert '"player": "0"' in target.read_text(encoding="utf-8").splitlines()[finding["line"]]


def test_a_finding_has_its_line_and_column_in_the_json_file(tmp_path: Path) -> None:
    document = json.loads(write_json(load(BROKEN).games))
    document["games"][0]["deals"][0]["sections"][1]["entries"][0]["restated"] = 9
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    (report,) = check_paths([str(path)])
    (finding,) = [
        d
        for d in report.diagnostics
        if d.pointer == "/games/0/deals/0/sections/1/entries/0/restated"
    ]
    line = path.read_text(encoding="utf-8").splitlines()[finding.span.line - 1]
    assert line[finding.span.column - 1 :].startswith("9")
    assert report.lines[finding.span.line] == line


JSON_SEEDS = json_seeds()
NOTATION_SEEDS = load_seeds()
VOCABULARY = Vocabulary.of(NOTATION_SEEDS)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(JSON_SEEDS), st.randoms(use_true_random=False))
def test_what_the_json_reader_admits_the_notation_reads_the_same(seed: Any, rng: Any) -> None:
    """The JSON form of the sample records, damaged in structure: whatever the JSON reader
    admits without a REC001, printed, the notation reads as the same records (comments in
    their places) with the same findings of reading."""
    parsed = read_json(json.dumps(mutate_document(seed, rng)))
    if any(d.code == "REC001" for d in parsed.diagnostics):
        return
    again = loads(dumps(parsed.games))
    assert again.games == parsed.games
    assert sorted(d.code for d in again.diagnostics) == sorted(d.code for d in parsed.diagnostics)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NOTATION_SEEDS), st.randoms(use_true_random=False))
def test_what_the_notation_reads_the_json_reader_admits_the_same(seed: str, rng: Any) -> None:
    """The other way: the sample records damaged as a file; whatever the notation reads without
    an error, written as JSON, the JSON reader admits as the same records."""
    text, problem = decode(mutate(seed, rng, VOCABULARY).encode("utf-8", "surrogatepass"), None)
    parsed = loads(text)
    if problem is not None or not parsed.ok:
        return
    again = read_json(write_json(parsed.games))
    assert again.diagnostics == ()
    assert again.games == parsed.games
