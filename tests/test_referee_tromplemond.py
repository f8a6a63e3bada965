"""The Tromplemond referee: whole games, the claims, the vote and its ties, the dealer, the
end of the game, views and resumed records."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from trufspec import check_text, dumps
from trufspec.cards import parse_card
from trufspec.diagnostics import Severity
from trufspec.referee import Choose, Claim, NextDeal, PlayCard, Refused, Vote, new_game, resume

from referee_play import assert_resumes, play_until
from trufspec.referee.tromplemond import is_irregularity

RECORDS = Path(__file__).parent.parent / "records" / "tromplemond"
PLAYERS = ("Rob", "Sam", "Nick", "Emily")
READINGS = [
    {},
    {"claim-order": "free", "max-revotes": "0", "cut-loser": "highest", "cut-participants": "all"},
    {"two-way-disagreement": "revote-all", "max-rounds": "3", "tie-scope": "any-tie", "extra-round-max": "0"},
    {"two-way-disagreement": "revote-others", "target-points": "40", "betting": "joining-fee"},
    {"betting": "tromp", "tromp-stake": "2", "max-rounds": "3"},
]


def cards(words: str) -> tuple:
    return tuple(parse_card(w) for w in words.split())


HANDS = {  # the worked example's round, the two public cards first
    "Rob": cards("KH 10S QH JD KS"),
    "Sam": cards("AC 2D 10D 4S KD"),
    "Nick": cards("JH AD JS AS 10H"),
    "Emily": cards("2S 3H JC AH QS"),
}


def claimed(readings: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    """A game of the worked example's round with every claim made."""
    state = new_game("tromplemond", PLAYERS, readings, seed=1, hands=[HANDS])
    for player, claim in zip(PLAYERS, ("QH QD KS", "10D 4S KD", "AH AS 10D", "KH AH 4D")):
        state.apply(Claim(player, cards(claim)))
    return state


def fair(state, player: str | None = None) -> list:  # type: ignore[no-untyped-def]
    """The legal actions but the table's statements of irregularities."""
    return [a for a in state.legal_actions(player) if not is_irregularity(a)]


def vote(state, *slips: str) -> None:  # type: ignore[no-untyped-def]
    for slip in slips:
        voter, target = slip.split(">")
        state.apply(Vote(voter, target))


@pytest.mark.parametrize("readings", READINGS)
def test_a_whole_game_checks_clean_with_its_scores_and_winners(readings) -> None:  # type: ignore[no-untyped-def]
    state = play_until(new_game("tromplemond", PLAYERS, readings, seed=4), random.Random(3), lambda s: s.is_game_over)
    report = check_text(dumps([state.record()]))
    assert [d.code for d in report.diagnostics if d.severity in (Severity.ERROR, Severity.WARNING)] == []
    (game,) = report.games
    assert [d.scores for d in game.deals] == state.scores and game.winners == state.winners
    assert state.winners or state.irregular.ends_game  # a ban or a void ends a game without winners
    assert all(state.totals[w] == max(state.totals.values()) for w in state.winners)


def test_the_worked_example_scores_as_the_source_does() -> None:
    state = claimed()
    vote(state, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    assert state.phase == "end" and state.scores == [{"Rob": 11, "Sam": -9, "Nick": 30, "Emily": 0}]
    assert "off Emily\n" in dumps([state.record()]) and state.to_act == ("Sam",)


def test_the_dealer_claims_first_and_then_the_players_to_the_left() -> None:
    state = new_game("tromplemond", PLAYERS, hands=[HANDS], dealer="Nick")
    assert state.phase == "claims" and state.to_act == ("Nick",) and len(fair(state)) == 2600
    refusal = state.why_not(Claim("Rob", cards("QH QD KS")))
    assert refusal is not None and refusal.code == "TM201"
    assert state.why_not(Claim("Nick", cards("AH AS"))).code == "TM202"  # type: ignore[union-attr]
    assert state.why_not(Claim("Nick", cards("9C 9C JH"))) is None  # lies, even visible ones, are free
    state.apply(Claim("Nick", cards("AH AS 10D")))
    assert state.to_act == ("Emily",) and state.why_not(Claim("Sam", cards("10D 4S KD"))).code == "TM201"  # type: ignore[union-attr]
    free = new_game("tromplemond", PLAYERS, {"claim-order": "free"}, hands=[HANDS], dealer="Nick")
    free.apply(Claim("Nick", cards("AH AS 10D")))
    assert free.to_act == ("Emily", "Rob", "Sam") and free.why_not(Claim("Sam", cards("10D 4S KD"))) is None


def test_a_vote_for_oneself_is_refused_and_the_slips_are_hidden_until_counted() -> None:
    state = claimed()
    assert state.phase == "votes" and state.to_act == PLAYERS
    assert state.why_not(Vote("Rob", "Rob")).code == "TM205"  # type: ignore[union-attr]
    vote(state, "Rob>Emily", "Sam>Emily")
    assert state.why_not(Vote("Rob", "Nick")).code == "REF001"  # type: ignore[union-attr]
    assert "votes Rob>Emily Sam>Emily *\n" in dumps([state.record()])
    assert "votes Sam>Emily *\n" in dumps([state.view("Sam").record]) and "votes *\n" in dumps([state.view("Nick").record])
    vote(state, "Nick>Sam", "Emily>Nick")
    assert "votes Emily 2 Sam 1 Nick 1\n" in dumps([state.view("Nick").record])


def test_a_two_way_tie_goes_to_the_other_two_and_a_disagreement_to_a_cut() -> None:
    state = claimed()
    vote(state, "Rob>Emily", "Sam>Nick", "Nick>Emily", "Emily>Nick")
    assert state.phase == "decide" and state.to_act == ("Rob", "Sam")
    assert [str(a) for a in fair(state, "Rob")] == ["Nick", "Emily"]
    assert state.why_not(Vote("Nick", "Emily")).code == "TM207"  # type: ignore[union-attr]
    assert state.why_not(Vote("Rob", "Sam")).code == "TM207"  # type: ignore[union-attr]
    vote(state, "Rob>Emily", "Sam>Nick")
    assert state.phase == "cut" and state.to_act == ("Nick", "Emily")
    assert state.why_not(PlayCard("Rob", parse_card("AS"))).code == "TM209"  # type: ignore[union-attr]
    state.apply(PlayCard("Nick", parse_card("2H")))
    assert "cut" not in dumps([state.record()])
    state.apply(PlayCard("Emily", parse_card("KD")))
    text = dumps([state.record()])
    assert "decide Rob>Emily Sam>Nick\ncut Nick 2H Emily KD\noff Nick\n" in text
    assert state.scores[0]["Nick"] == 0 and not [d for d in check_text(text).diagnostics if d.severity is Severity.ERROR]


def test_the_deal_passes_to_the_left_and_the_game_ends_after_its_rounds() -> None:
    state = claimed({"max-rounds": "2"})
    vote(state, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    assert state.why_not(NextDeal("Nick")).code == "TM103"  # type: ignore[union-attr]
    state.apply(NextDeal("Sam"))
    assert state.deal_number == 2 and state.to_act == ("Sam",)
    play_until(state, random.Random(1), lambda s: s.is_deal_over)
    assert state.is_game_over and state.legal_actions() == ()
    assert state.why_not(NextDeal("Nick")).code == "REF001"  # type: ignore[union-attr]


def test_a_view_hides_the_other_secret_rows_and_the_cards_set_aside() -> None:
    state = claimed()
    seen = dumps([state.view("Sam").record])
    assert "discards" not in seen and "secret\n  Sam: 10D 4S KD\n  *\n" in seen and "QH JD KS" not in seen
    vote(state, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    seen = dumps([state.view("Sam").record])
    assert "QH JD KS" in seen and "JC AH QS" not in seen  # revealed but for the player sent off
    assert "JC AH QS" in dumps([state.view("Emily").record])


def test_a_record_resumes_at_any_cut() -> None:
    assert_resumes(new_game("tromplemond", PLAYERS, seed=7), random.Random(2), 2, 12)
    assert_resumes(new_game("tromplemond", PLAYERS, {"two-way-disagreement": "revote-others"}, seed=9), random.Random(5), 2, 12)


def test_bad_set_ups_and_records_are_refused() -> None:
    with pytest.raises(Refused) as raised:
        new_game("tromplemond", PLAYERS[:3])
    assert raised.value.diagnostic.code == "TM001"
    with pytest.raises(Refused) as raised:
        new_game("tromplemond", PLAYERS, hands=[dict(HANDS, Emily=cards("2S 3H JC AH 9S"))])
    assert [d.code for d in raised.value.diagnostics] == ["TM101", "TM002"] and "9S (Emily's secret cards)" in str(raised.value)
    with pytest.raises(Refused) as raised:
        resume((RECORDS / "notation-example.truf").read_text())
    assert "does not give every hand" in raised.value.diagnostic.message


def test_a_tie_at_the_end_gets_an_extra_round() -> None:
    state = new_game("tromplemond", PLAYERS, {"max-rounds": "1", "tie-scope": "any-tie"}, seed=7)
    rng = random.Random(7)
    play_until(state, rng, lambda s: s.is_deal_over)
    values = list(state.totals.values())
    assert state.phase == "end" and len(set(values)) < len(values)  # a tie, though the rounds are played
    play_until(state, rng, lambda s: s.is_game_over)
    assert state.deal_number == 2 and state.winners == ("Emily",)
    report = check_text(dumps([state.record()]))
    assert not [d for d in report.diagnostics if d.severity is Severity.ERROR] and report.games[0].winners == ("Emily",)


def test_tromp_calls_win_from_the_pot_and_the_rest_is_settled_at_the_end() -> None:
    state = claimed({"betting": "tromp", "max-rounds": "1"})
    vote(state, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    assert state.phase == "calls" and state.to_act == PLAYERS and len(fair(state, "Nick")) == 9
    assert state.why_not(Choose("Nick", "tromp Moyenne")).code == "REF001"  # type: ignore[union-attr]
    assert state.action("Nick", 'tromp "Moyenne Tromplemond!"') == Choose("Nick", 'tromp "Moyenne Tromplemond!"')
    state.apply(Choose("Rob", 'tromp "Grand Tromplemond!"'))  # a wrong phrase wins nothing, and is no fault
    state.apply(Choose("Nick", 'tromp "Moyenne Tromplemond!"'))
    state.apply(Choose("Sam", "pass"))
    assert state.phase == "calls" and state.to_act == ("Emily",)
    state.apply(Choose("Emily", "pass"))
    text = dumps([state.record()])
    # Nick's Moyenne wins his stake back; the three left go to the best round score, his 30.
    assert state.is_game_over and "pot    Rob 0 Sam 0 Nick 4 Emily 0\n" in text
    assert not [d for d in check_text(text).diagnostics if d.severity is Severity.ERROR]
    assert dumps([resume(text).record()]) == text


def test_an_abstention_is_no_slip_and_only_under_allow_abstain() -> None:
    state = claimed()
    assert Choose("Rob", "abstain") not in state.legal_actions("Rob")
    assert state.why_not(Choose("Rob", "abstain")).code == "REF001"  # type: ignore[union-attr]
    state = claimed({"allow-abstain": "yes"})
    assert fair(state, "Rob")[-1] == Choose("Rob", "abstain") and state.action("Rob", "abstain") == Choose("Rob", "abstain")
    state.apply(Choose("Rob", "abstain"))
    vote(state, "Sam>Emily", "Nick>Emily", "Emily>Nick")
    text = dumps([state.record()])
    assert state.off == "Emily" and "votes Sam>Emily Nick>Emily Emily>Nick\noff Emily\n" in text
    assert not [d for d in check_text(text).diagnostics if d.severity is Severity.ERROR]
    assert dumps([resume(text).record()]) == text


def test_after_a_vote_nobody_votes_in_the_table_names_who_goes_off() -> None:
    state = claimed({"allow-abstain": "yes", "max-rounds": "1"})
    for player in PLAYERS[:3]:
        state.apply(Choose(player, "abstain"))
    assert "votes" not in dumps([state.record()])  # an abstention shows only once the vote closes
    state.apply(Choose("Emily", "abstain"))
    assert state.phase == "off" and state.to_act == PLAYERS
    assert fair(state, "Sam") == [Choose("Sam", f"off {p}") for p in PLAYERS]
    assert state.why_not(Choose("Rob", "off Zoe")).code == "TM206"  # type: ignore[union-attr]
    assert state.why_not(Choose("Rob", "abstain")).code == "REF001"  # type: ignore[union-attr]
    assert state.action("Sam", "off  Nick") == Choose("Sam", "off Nick")
    state.apply(Choose("Sam", "off Nick"))
    text = dumps([state.record()])
    assert state.is_game_over and "votes\noff Nick\nscore  Rob" in text
    assert not [d for d in check_text(text).diagnostics if d.severity is Severity.ERROR]
    assert dumps([resume(text).record()]) == text


def test_records_with_abstentions_resume_at_every_cut() -> None:
    rng = random.Random(5)
    state = new_game("tromplemond", PLAYERS, {"allow-abstain": "yes"}, seed=5)
    assert_resumes(state, rng, 3, 12)
