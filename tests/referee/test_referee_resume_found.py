"""The classes of fault the resume-anywhere property found, each kept with its record."""

from __future__ import annotations

import random

from referee_play import play_until

from trufspec import dumps
from trufspec.referee import Choose, new_game, resume

CONTRACT_CUT = """\
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]
[Options "max-bid=tricks-available, single-minus=positive, zero-bid-basis=original, \
turn-order=counterclockwise, trump-broken-by=ruff-only"]

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
    assert state.phase == "contract"
    assert state.to_act == ("Dewi",)
    assert dumps([state.record()]) == CONTRACT_CUT
    play_until(state, random.Random(3), lambda s: s.is_deal_over)
    text = dumps([state.record()])
    assert dumps([resume(text).record()]) == text


PLAYERS = ("Rob", "Nick", "Sam", "Emily")


def cut_after_written_action(readings: dict[str, str], phase: str, words: str, line: str) -> None:
    """Play a Tromplemond round to ``phase``, let its first player act with ``words`` (an
    action the record once wrote only when its step closed, now written as ``line``), resume
    the record cut there and play the rest of the round on both tables."""
    state = new_game("tromplemond", PLAYERS, readings, seed=7)
    play_until(state, random.Random(7), lambda s: s.phase == phase, irregular=0)
    state.apply(Choose(state.to_act[0], words))
    text = dumps([state.record()])
    assert line in text.splitlines()
    resumed = resume(text, seed=7)
    assert (resumed.phase, resumed.to_act) == (state.phase, state.to_act)
    assert resumed.legal_actions() == state.legal_actions()
    assert dumps([resumed.record()]) == text
    cut = len(state.history)
    play_until(state, random.Random(3), lambda s: s.phase in ("end", "over"), irregular=0)
    for action in state.history[cut:]:
        resumed.apply(action)
    assert dumps([resumed.record()]) == dumps([state.record()])
    assert resumed.scores == state.scores


def test_a_record_cut_after_an_abstention_in_an_open_vote_resumes() -> None:
    cut_after_written_action({"allow-abstain": "yes"}, "votes", "abstain", "votes Rob>- *")


def test_a_record_cut_after_a_pass_among_the_tromp_calls_resumes() -> None:
    cut_after_written_action({"betting": "tromp"}, "calls", "pass", "tromp Rob pass")
