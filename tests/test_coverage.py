"""Rule coverage: the corpus under ``records/`` obeys and breaks every clause, and says so.

* Each clause record obeys (``.good.truf``) or breaks (``.bad.truf``) the clause its name
  starts with, as the replay judged it: a good record that never reaches its clause proves
  nothing, and coverage would count it wrongly.
* ``trufspec coverage records/`` finds every clause of every ruleset obeyed and, unless it
  cannot be broken, broken, with every ``;!`` mark matched: this is the corpus' proof, and CI
  fails without it.
* The command names what is missing and exits 1 when something is.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from trufspec.coverage import Coverage, cover, must_be_broken
from trufspec.spec.registry import default_registry

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "records"
CLAUSE_RECORDS = sorted(RECORDS.glob("*/clauses/*.truf"))


def coverage_of(*paths: Path) -> Coverage:
    return cover((str(p), p.read_bytes()) for p in paths)


def clause_code(path: Path) -> str:
    return path.name.split("-", 1)[0]


def test_there_are_clause_records() -> None:
    assert len(CLAUSE_RECORDS) > 300


@pytest.mark.parametrize("path", CLAUSE_RECORDS, ids=lambda p: p.relative_to(RECORDS).as_posix())
def test_clause_record_exercises_its_clause(path: Path) -> None:
    code = clause_code(path)
    result = coverage_of(path)
    entry = next(c for t in result.rulesets for c in t.clauses if c.clause.code == code)
    if ".bad." in path.name:
        assert entry.broken, f"{path.name} does not break {code}"
    else:
        assert entry.obeyed, f"{path.name} was never judged by {code} (or broke it)"


def test_the_corpus_covers_every_clause() -> None:
    result = coverage_of(*sorted(RECORDS.rglob("*.truf")))
    gaps = [
        f"{c.clause.code}: {', '.join(c.gaps)}"
        for t in result.rulesets
        for c in t.clauses
        if c.gaps
    ]
    assert not gaps
    assert not result.mismatches, [f"{p}: {m}" for p, m in result.mismatches]
    registry = default_registry()
    covered = {t.ruleset for t in result.rulesets}
    assert covered == {c.ruleset for c in registry.clauses() if not c.retired}
    assert result.ok


def test_definitions_and_permissions_need_no_breaking_record() -> None:
    registry = default_registry()
    assert not must_be_broken(registry.clause("JB002"))  # the pack: a definition
    assert must_be_broken(registry.clause("JB305"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trufspec", *args], capture_output=True, text=True, cwd=ROOT
    )


def test_command_names_the_gaps_and_fails() -> None:
    record = RECORDS / "truf-jb" / "clauses" / "JB305-follow-suit.bad.truf"
    result = run("coverage", str(record.relative_to(ROOT)))
    assert result.returncode == 1, result.stderr
    assert "  JB305  follow-suit" in result.stdout
    assert "JB306 (truf-jb, card-held): no record breaks it" in result.stdout
    assert "not covered, in 1 file, 1 game" in result.stdout


@pytest.mark.slow
def test_command_reports_a_mark_that_is_not_matched(tmp_path: Path) -> None:
    source = RECORDS / "truf-jb" / "clauses" / "JB305-follow-suit.bad.truf"
    record = tmp_path / "unmarked.truf"
    record.write_text(
        source.read_text(encoding="utf-8").replace("  ;! JB305", ""), encoding="utf-8"
    )
    result = run("coverage", "--format", "json", str(record))
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert document["ok"] is False
    assert document["mismatches"] == [
        {"path": str(record), "line": 25, "code": "JB305", "kind": "unexpected"}
    ]
    clauses = {c["code"]: c for r in document["rulesets"] for c in r["clauses"]}
    assert clauses["JB305"]["broken_by"] == [f"{record}:1"]
    assert clauses["JB301"]["obeyed_by"] == [f"{record}:1"]


@pytest.mark.slow
def test_command_passes_on_the_corpus() -> None:
    result = run("coverage", "records")
    assert result.returncode == 0, result.stdout[-2000:]
    count = len(list(RECORDS.rglob("*.truf")))
    last = result.stdout.splitlines()[-1]
    assert last.startswith(f"every clause is obeyed and broken as it should be, in {count} files, ")
