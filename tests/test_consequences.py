"""Which findings are marked as consequences of an earlier error: in a deal, only those that
follow from it (the same player's figures, values derived from it), never a fault that merely
comes after an unrelated one; across rounds, those of a figure that rests on every round (the
end of a Tromplemond game and its pot's settlement)."""

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


LAST_POT_AFTER_A_FAULT = """\
[Ruleset "tromplemond"]
[Players "Rob Sam Nick Emily"]
[Options "claim-order=free, allow-abstain=yes, cut-loser=highest, cut-participants=all, max-revotes=2, max-rounds=3, target-points=40, betting=tromp, extra-round-max=0"]

round 1
dealer Emily
public
  Rob:   JS AC
  Sam:   QS 10S
  Nick:  JH AD
  Emily: 3S AH
claims
  Emily: AH 4S JS
  Rob:   2D 3S QD
  Sam:   QS 3S AH
  Nick:  QS KH 4S
votes Rob>Rob Sam>Emily Nick>Emily Emily>Sam
decide Rob>Sam Nick>Sam
off Sam
secret
  Rob:   4D QD 2S
  Sam:   JD 4H JC
  Nick:  2H AS 3H
  Emily: QH 3D KH
score  Rob 26 Sam 0 Nick 28 Emily 10
total  Rob 26 Sam 0 Nick 28 Emily 10
pot    Rob 0 Sam 0 Nick 0 Emily 0

round 2
dealer Rob
public
  Rob:   JD AH
  Sam:   AS AD
  Nick:  QS 4D
  Emily: KS QH
claims
  Rob:   JH KH QD
  Sam:   KH KS 4D
  Emily: 2S KS JH
  Nick:  KD JS 10H
votes Rob 1 Nick 1 Emily 2
off Emily
secret
  Rob:   JH KH QD
  Sam:   AC 10D 10S
  Nick:  KD JS 10H
  Emily: 3S JC 4H
tromp Rob "Moyenne Tromplemond!"
score  Rob 33 Sam 0 Nick 11 Emily 0
total  Rob 59 Sam 0 Nick 39 Emily 10
pot    Rob 8 Sam 0 Nick 0 Emily 0
"""
"""A Tromplemond game of two rounds under TROMP! betting, whose first round's vote is broken
(Rob votes for himself, TM205): the record's totals say Rob passed the target after round 2, so
its last pot line holds the settlement, where the totals the rules give do not end the game."""


def test_a_fault_of_an_earlier_round_carries_into_the_last_pot_line() -> None:
    """Whether the last round's pot line holds the settlement depends on every round's totals:
    its finding follows from a fault of any round, as the settlement's does."""
    found = findings(LAST_POT_AFTER_A_FAULT)
    assert [f for f in found if not f[3]] == [("TM205", 17, 7, False)]
    assert ("TM404", 51, 8, True) in found
