"""The classes of fault the resume-anywhere property found, each kept with its record."""

from __future__ import annotations

import random

from trufspec import dumps
from trufspec.referee import resume

from referee_play import play_until

CONTRACT_CUT = """\
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]
[Options "max-bid=tricks-available, single-minus=positive, zero-bid-basis=original, turn-order=counterclockwise, trump-broken-by=ruff-only"]

deal 1
dealer Ana
hands
  Ana:   10S KH QH 8H 7H 5H 3H AD 6D 3D KC QC 4C
  Budi:  QS 9S 8S 5S AH 9H KD QD 10D 8D 9C 7C 3C
  Citra: KS JS 6S 4S 2S JH 6H 2H JD 7D 4D JC 6C
  Dewi:  AS 7S 3S 10H 4H 9D 5D 2D AC 10C 8C 5C 2C
bids
  Budi:  -QS 9S 8S 5S AH -KD 8D -9C -7C 3C     = 0
  Ana:   KH QH -8H -7H 5H 3H -AD -6D -3D -QC   = 0
  Dewi:  -AS 7S -3S 10H -9D -2D AC 10C         = 13
  Citra: KS JS -4S 2S -JH -6H -JD 7D -JC 6C    = 0
"""


def test_a_record_cut_while_the_bid_winner_chooses_the_contract_resumes() -> None:
    state = resume(CONTRACT_CUT, seed=1)
    assert state.phase == "contract" and state.to_act == ("Dewi",)
    assert dumps([state.record()]) == CONTRACT_CUT
    play_until(state, random.Random(3), lambda s: s.is_deal_over)
    text = dumps([state.record()])
    assert dumps([resume(text).record()]) == text
