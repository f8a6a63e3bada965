"""tromplemond under each reading of its register: the worked example's deal with a different
vote, tie or irregularity, checked under the default and under the option that changes it.

The scores are worked out by hand from the repaired deal.  Card points: Rob 26 (one jack), Sam 26
(none), Nick 24 (two), Emily 16 (one); half points: Rob 13, Sam 13, Nick 12, Emily 8.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import trufspec
from trufspec.diagnostics import Severity
from trufspec.output.sheet import render_csv, sheets

ROOT = Path(__file__).resolve().parents[3]
BASE = (ROOT / "records" / "tromplemond" / "worked-example-repaired.truf").read_text(
    encoding="utf-8"
)
VOTE = "votes Emily 2 Nick 1 Sam 1\noff Emily\n"
SCORE = "score  Rob 11 Sam -9 Nick 30 Emily 0\ntotal  Rob 11 Sam -9 Nick 30 Emily 0\n"
EXAMPLE = {"Rob": 11, "Sam": -9, "Nick": 30, "Emily": 0}
FOUR_WAY = "votes Rob 1 Sam 1 Nick 1 Emily 1\n"


def record(vote: str, options: str = "", before: str = "") -> str:
    """The repaired example with its vote replaced, an ``Options`` tag and lines before the public
    cards (a misdeal)."""
    text = BASE.replace(VOTE, vote).replace(SCORE, "")
    if before:
        text = text.replace("public\n", before + "public\n", 1)
    if options:
        text = text.replace(
            '[Players "Rob Sam Nick Emily"]\n',
            f'[Players "Rob Sam Nick Emily"]\n[Options "{options}"]\n',
        )
    return text


CASES = [
    # early-reveal-mode
    ("early-reveal Nick\n", "", [], {"Rob": 27, "Sam": 7, "Nick": 0, "Emily": 22}),
    (
        "early-reveal Nick\n",
        "early-reveal-mode=offender-zero-but-hand-counts",
        [],
        {"Rob": -1, "Sam": -21, "Nick": 0, "Emily": -6},
    ),
    (
        "early-reveal Nick\nvotes Emily 2 Sam 1\n",
        "early-reveal-mode=vote-still-held",
        [],
        {"Rob": 39, "Sam": 19, "Nick": 0, "Emily": 0},
    ),
    ("early-reveal Nick\nvotes Emily 2 Sam 1\n", "", ["TM901"], None),
    # a reveal after a tied vote, before the tie is decided (TM-A4b)
    (
        "votes Emily 2 Nick 2\nearly-reveal Nick\n",
        "",
        [],
        {"Rob": 27, "Sam": 7, "Nick": 0, "Emily": 22},
    ),
    ("votes Emily 2 Nick 2\nearly-reveal Nick\ndecide Rob>Emily Sam>Emily\n", "", ["TM901"], None),
    # dealer-error-mode (the misdeal is written before the public cards)
    (
        "votes Emily 2 Nick 1\noff Emily\n",
        "dealer-error-mode=zero-but-vote-held",
        [],
        {"Rob": 0, "Sam": -2, "Nick": 37, "Emily": 0},
    ),
    (VOTE, "dealer-error-mode=redeal-only", [], EXAMPLE),
    # cut-loser and cut-participants
    (FOUR_WAY * 2 + "cut Rob KH Sam QD Nick AS Emily 2S\n", "", [], EXAMPLE),
    (
        FOUR_WAY * 2 + "cut Rob KH Sam QD Nick AS Emily 2S\n",
        "cut-loser=highest",
        [],
        {"Rob": 27, "Sam": 7, "Nick": 0, "Emily": 22},
    ),
    ("votes Emily 2 Nick 2\ndecide Rob>Emily Sam>Nick\ncut Nick AS Emily 2S\n", "", [], EXAMPLE),
    (
        "votes Emily 2 Nick 2\ndecide Rob>Emily Sam>Nick\ncut Nick AS Emily 2S\n",
        "cut-participants=all",
        ["TM209"],
        None,
    ),
    (
        "votes Emily 2 Nick 2\ndecide Rob>Emily Sam>Nick\ncut Rob KH Sam QD Nick AS Emily 2S\n",
        "cut-participants=all",
        [],
        EXAMPLE,
    ),
    # two-way-disagreement
    (
        "votes Emily 2 Nick 2\ndecide Rob>Emily Sam>Nick\n" + VOTE.replace("off Emily\n", ""),
        "",
        ["TM208"],
        None,
    ),
    (
        "votes Emily 2 Nick 2\ndecide Rob>Emily Sam>Nick\n" + VOTE,
        "two-way-disagreement=revote-all",
        [],
        EXAMPLE,
    ),
    (
        "votes Emily 2 Nick 2\ndecide Rob>Emily Sam>Nick\ndecide Rob>Emily Sam>Emily\n",
        "two-way-disagreement=revote-others",
        [],
        EXAMPLE,
    ),
    # max-revotes
    (FOUR_WAY + "cut Rob KH Sam QD Nick AS Emily 2S\n", "", ["TM209"], None),
    (FOUR_WAY + "cut Rob KH Sam QD Nick AS Emily 2S\n", "max-revotes=0", [], EXAMPLE),
    # allow-abstain
    ("votes Emily 2 Nick 1\noff Emily\n", "allow-abstain=yes", [], EXAMPLE),
    # an abstention written as a blank slip, as the referee writes it when handed in
    ("votes Rob>Emily Sam>Emily Nick>- Emily>Nick\noff Emily\n", "allow-abstain=yes", [], EXAMPLE),
    ("votes Rob>Emily Sam>Emily Nick>- Emily>Nick\noff Emily\n", "", ["TM204"], None),
    (
        "votes Rob>Emily Sam>Emily Nick>- Nick>Sam Emily>Nick\n",
        "allow-abstain=yes",
        ["TM204"],
        None,
    ),
    ("votes Emily 2 Nick 2\ndecide Rob>Emily Sam>-\n", "allow-abstain=yes", ["TM207"], None),
]


@pytest.mark.parametrize(("vote", "options", "codes", "scores"), CASES)
def test_reading(vote: str, options: str, codes: list[str], scores: dict[str, int] | None) -> None:
    misdeal = "dealer-error-mode" in options
    text = record(vote, options, "misdeal\n" if misdeal else "")
    report = trufspec.check_text(text, "reading.truf")
    found = [
        d.code for d in report.diagnostics if d.severity is Severity.ERROR and not d.consequential
    ]
    assert found == codes, "\n".join(f"{d.line} {d.code} {d.message}" for d in report.diagnostics)
    if scores is not None:
        assert report.games[0].deals[0].scores == scores


def test_misdeal_before_public_cards_costs_nothing() -> None:
    report = trufspec.check_text(record(VOTE, before="misdeal before-public\n"), "reading.truf")
    assert report.games[0].deals[0].scores == EXAMPLE


def test_claim_order_free_judges_only_the_dealer() -> None:
    swapped = BASE.replace(
        "  Sam:   10D 4S KD\n  Nick:  AH AS 10D\n", "  Nick:  AH AS 10D\n  Sam:   10D 4S KD\n", 1
    )
    assert [
        d.code for d in trufspec.check_text(swapped).diagnostics if d.severity is Severity.ERROR
    ] == ["TM201"]
    free = swapped.replace(
        '[Players "Rob Sam Nick Emily"]\n',
        '[Players "Rob Sam Nick Emily"]\n[Options "claim-order=free"]\n',
    )
    assert [d for d in trufspec.check_text(free).diagnostics if d.severity is Severity.ERROR] == []


def test_score_sheet_shows_true_claims_and_pot() -> None:
    text = record(VOTE + 'tromp Nick "Moyenne Tromplemond!"\n', "betting=tromp, max-rounds=1")
    report = trufspec.check_text(text, "sheet.truf")
    figures = dict(report.games[0].deals[0].figures)
    assert figures["true claims"] == {"Rob": 2, "Sam": 3, "Nick": 1, "Emily": 2}
    # Nick's quarter of the four-stake pot, and the three stakes left for the best round (his 30).
    assert figures["TROMP! pot"] == {"Rob": 0, "Sam": 0, "Nick": 4, "Emily": 0}
    # The CSV sheet gives each figure a column of its own.
    games = trufspec.loads(text, "sheet.truf").games
    rows = list(csv.DictReader(io.StringIO(render_csv(sheets("sheet.truf", games, report.games)))))
    assert [(r["side"], r["true claims"], r["TROMP! pot"]) for r in rows] == [
        ("Rob", "2", "0"),
        ("Sam", "3", "0"),
        ("Nick", "1", "4"),
        ("Emily", "2", "0"),
    ]


@pytest.mark.slow
def test_score_command_prints_the_worked_example() -> None:
    """``trufspec score`` on the repaired worked example: the scores, and the true claims."""
    path = ROOT / "records" / "tromplemond" / "worked-example-repaired.truf"
    env = {
        **os.environ,
        "NO_COLOR": "1",
        "PYTHONPATH": str(Path(trufspec.__file__).resolve().parents[1]),
    }
    text = subprocess.run(
        [sys.executable, "-m", "trufspec", "score", str(path)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    assert "   1  11 / 11  -9 / -9  30 / 30  0 / 0" in text
    assert "round 1, true claims: Rob 2, Sam 3, Nick 1, Emily 2" in text
    data = json.loads(
        subprocess.run(
            [sys.executable, "-m", "trufspec", "score", "--format", "json", str(path)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
    )
    assert data["games"][0]["deals"][0]["extras"] == {
        "true claims": {"Rob": 2, "Sam": 3, "Nick": 1, "Emily": 2}
    }
    rows = list(
        csv.DictReader(
            io.StringIO(
                subprocess.run(
                    [sys.executable, "-m", "trufspec", "score", "--format", "csv", str(path)],
                    capture_output=True,
                    text=True,
                    env=env,
                    check=True,
                ).stdout
            )
        )
    )
    assert [(r["deal"], r["side"], r["score"], r["true claims"]) for r in rows[:4]] == [
        ("1", "Rob", "11", "2"),
        ("1", "Sam", "-9", "3"),
        ("1", "Nick", "30", "1"),
        ("1", "Emily", "0", "2"),
    ]
