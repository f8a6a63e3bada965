"""The sample records of the corpus the tests read: one of each ruleset played card by card."""

from __future__ import annotations

from pathlib import Path

RECORDS = Path(__file__).resolve().parents[2] / "records"

ONE_PER_RULESET = [
    "truf-jb/club-night-2027-03-05.truf",
    "truf-basics/club-night-2027-03-20.truf",
    "truf-de/score-sheet-2026-11-14.truf",
    "ruff-and-honours/club-night-2026-10-06.truf",
    "tromplemond/club-night-2026-10-08.truf",
]
"""A game of each ruleset, card by card where the sample records have one."""
