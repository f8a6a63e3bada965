"""Write the golden reports: the full JSON report of every sample record under ``records/``.

The golden files are the record of what trufspec says about the sample records, diagnostics,
recomputed scores and readings included.  ``tests/test_golden.py`` checks each record against
its golden file, so any change in what trufspec reports shows up as a diff in review.  After an
intended change, run from the repository root::

    python tests/support/golden/regenerate.py

and commit the changed files with the change that caused them.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = Path(__file__).resolve().parent
SAMPLES = ROOT / "records"


def samples() -> list[Path]:
    """The sample games, in a stable order: the records under ``records/`` other than the
    per-clause records of ``clauses/`` folders, which ``tests/test_records.py`` checks by their
    marks."""
    return sorted(
        p for p in SAMPLES.rglob("*.truf") if "clauses" not in p.relative_to(SAMPLES).parts
    )


def golden_file(record: Path) -> Path:
    """Where the golden report of a sample record is kept: its path under ``records/``, as JSON."""
    return GOLDEN / record.relative_to(SAMPLES).with_suffix(".json")


def report_text(record: Path) -> str:
    """The JSON report of one record, with its path as written from the repository root."""
    import trufspec
    from trufspec.output import json as json_report
    from trufspec.validator.report import Report

    relative = record.relative_to(ROOT).as_posix()
    return json_report.render(Report((trufspec.check_bytes(record.read_bytes(), relative),)))


def main() -> int:
    wanted = {golden_file(record) for record in samples()}
    for record in samples():
        target = golden_file(record)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = report_text(record)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target.relative_to(ROOT)}")
    for stale in sorted(set(GOLDEN.rglob("*.json")) - wanted):
        stale.unlink()
        print(f"removed {stale.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
