"""Golden reports: what trufspec says about each sample record, committed and compared.

A difference means trufspec now reports something else about a sample record: a new or lost
diagnostic, a changed message or position, a different recomputed score.  When the change is
intended, regenerate with ``python tests/support/golden/regenerate.py`` and review the diff.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from golden.regenerate import GOLDEN, ROOT, golden_file, report_text, samples


def test_there_are_samples() -> None:
    assert samples()


@pytest.mark.parametrize("record", samples(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_report_matches_its_golden_file(record: Path) -> None:
    target = golden_file(record)
    assert target.exists(), (
        f"no golden report for {record}; run python tests/support/golden/regenerate.py"
    )
    expected = target.read_text(encoding="utf-8")
    actual = report_text(record)
    diff = "".join(
        difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), str(target), "now")
    )
    assert actual == expected, f"the report changed; if intended, regenerate:\n{diff}"


def test_no_stale_golden_files() -> None:
    wanted = {golden_file(record) for record in samples()}
    assert set(GOLDEN.rglob("*.json")) <= wanted


def test_tromplemond_figures_reach_the_json_report() -> None:
    import json

    record = ROOT / "records" / "tromplemond" / "worked-example-repaired.truf"
    (deal,) = json.loads(report_text(record))["files"][0]["games"][0]["deals"]
    assert deal["scores"] == {"Rob": 11, "Sam": -9, "Nick": 30, "Emily": 0}
    assert deal["figures"]
    assert all(
        set(values) <= {"Rob", "Sam", "Nick", "Emily"} for values in deal["figures"].values()
    )
