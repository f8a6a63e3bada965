"""Which findings are marked as consequences of an earlier error of the same deal: only those
that follow from it (the same player's figures, values derived from it), never a fault that
merely comes after an unrelated one."""

from __future__ import annotations

from pathlib import Path

import trufspec

ROOT = Path(__file__).resolve().parents[1]
REVOKE = (ROOT / "records" / "truf-jb" / "clauses" / "JB305-follow-suit.bad.truf").read_text(
    encoding="utf-8"
)
"""A fully played deal in which Citra revokes in trick 4, and whose figures are right."""

TRICKS = "tricks Ana 6 Budi 3 Citra 2 Dewi 2\n"
SCORE = "score  Ana -2 Budi -6 Citra -2 Dewi 2\n"
TOTAL = "total  Ana -2 Budi -6 Citra -2 Dewi 2\n"


def written(tricks: str, score: str, play: str = REVOKE) -> str:
    """The deal with other figures: the tricks taken and the scores, ``Ana 6 Budi 3 ...``; the
    totals are the scores, as after a first deal."""
    return (
        play.replace(TRICKS, f"tricks {tricks}\n")
        .replace(SCORE, f"score  {score}\n")
        .replace(TOTAL, f"total  {score}\n")
    )


def findings(text: str) -> list[tuple[str, int, int, bool]]:
    report = trufspec.check_text(text, "deal.truf")
    return [
        (d.code, d.line, d.column, d.consequential)
        for d in report.diagnostics
        if d.severity.value == "error"
    ]


def test_the_revoke_alone() -> None:
    assert findings(REVOKE) == [("JB305", 25, 17, False)]


def test_a_wrong_score_after_an_unrelated_revoke_is_its_own_error() -> None:
    text = written("Ana 6 Budi 3 Citra 2 Dewi 2", "Ana -2 Budi -6 Citra -2 Dewi 3")
    assert findings(text) == [
        ("JB305", 25, 17, False),
        ("JB401", 36, 32, False),
        # The total carries the wrong score forward: that one is a consequence.
        ("JB409", 37, 32, True),
    ]


def test_a_wrong_count_of_tricks_after_a_revoke_is_its_own_error_and_carries_into_the_score() -> (
    None
):
    text = written("Ana 7 Budi 2 Citra 2 Dewi 2", "Ana -3 Budi -6 Citra -2 Dewi 1")
    # Ana's score follows her wrong count of tricks; Dewi's count was right, so her wrong
    # score is an error of its own.
    assert findings(text) == [
        ("JB305", 25, 17, False),
        ("JB407", 35, 8, False),
        ("JB407", 35, 14, False),
        ("JB404", 36, 8, True),
        ("JB401", 36, 32, False),
        ("JB409", 37, 8, True),
        ("JB409", 37, 32, True),
    ]


def test_a_trick_given_to_the_wrong_player_carries_into_their_figures_only() -> None:
    # Ana won trick 10 with the 10S, but the table let Budi lead trick 11 as if Budi had won
    # it and counted the trick for Budi; Dewi's score is wrong on its own.
    play = REVOKE.replace("  11. Ana:   7D 2S AC 8C", "  11. Budi:  2S AC 8C 7D")
    text = written("Ana 5 Budi 4 Citra 2 Dewi 2", "Ana -1 Budi -4 Citra -2 Dewi 3", play)
    figures = [finding for finding in findings(text) if finding[1] >= 35]
    assert figures == [
        ("JB407", 35, 8, True),
        ("JB407", 35, 14, True),
        ("JB404", 36, 8, True),
        ("JB404", 36, 15, True),
        ("JB401", 36, 32, False),
        ("JB409", 37, 8, True),
        ("JB409", 37, 15, True),
        ("JB409", 37, 32, True),
    ]
