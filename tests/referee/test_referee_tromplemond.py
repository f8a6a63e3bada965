"""The Tromplemond referee: whole games, the claims, the vote and its ties, the dealer, the
end of the game, views and resumed records."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from referee_play import assert_resumes, play_until, why_refused

from trufspec import check_text, dumps
from trufspec.cards import Card, parse_card
from trufspec.diagnostics import Severity
from trufspec.referee import Choose, Claim, NextDeal, PlayCard, Refused, Vote, new_game, resume
from trufspec.referee.actions import Action
from trufspec.referee.state import GameState
from trufspec.referee.tromplemond import TromplemondState, is_irregularity

RECORDS = Path(__file__).resolve().parents[2] / "records" / "tromplemond"
PLAYERS: tuple[str, ...] = ("Rob", "Sam", "Nick", "Emily")
READINGS = [
    {},
    {"claim-order": "free", "max-revotes": "0", "cut-loser": "highest", "cut-participants": "all"},
    {
        "two-way-disagreement": "revote-all",
        "max-rounds": "3",
        "tie-scope": "any-tie",
        "extra-round-max": "0",
    },
    {"two-way-disagreement": "revote-others", "target-points": "40", "betting": "joining-fee"},
    {"betting": "tromp", "tromp-stake": "2", "max-rounds": "3"},
]


def cards(words: str) -> tuple[Card, ...]:
    return tuple(parse_card(w) for w in words.split())


HANDS = {  # the worked example's round, the two public cards first
    "Rob": cards("KH 10S QH JD KS"),
    "Sam": cards("AC 2D 10D 4S KD"),
    "Nick": cards("JH AD JS AS 10H"),
    "Emily": cards("2S 3H JC AH QS"),
}


def claimed(readings: dict[str, str] | None = None) -> TromplemondState:
    """A game of the worked example's round with every claim made."""
    state = new_game("tromplemond", PLAYERS, readings, seed=1, hands=[HANDS])
    assert isinstance(state, TromplemondState)
    for player, claim in zip(PLAYERS, ("QH QD KS", "10D 4S KD", "AH AS 10D", "KH AH 4D")):
        state.apply(Claim(player, cards(claim)))
    return state


def fair(state: GameState, player: str | None = None) -> list[Action]:
    """The legal actions but the table's statements of irregularities."""
    return [a for a in state.legal_actions(player) if not is_irregularity(a)]


def vote(state: GameState, *slips: str) -> None:
    for slip in slips:
        voter, target = slip.split(">")
        state.apply(Vote(voter, target))


@pytest.mark.parametrize("readings", READINGS)
def test_a_whole_game_checks_clean_with_its_scores_and_winners(readings: dict[str, str]) -> None:
    state = play_until(
        new_game("tromplemond", PLAYERS, readings, seed=4),
        random.Random(3),
        lambda s: s.is_game_over,
    )
    report = check_text(dumps([state.record()]))
    assert [
        d.code for d in report.diagnostics if d.severity in (Severity.ERROR, Severity.WARNING)
    ] == []
    (game,) = report.games
    assert [d.scores for d in game.deals] == state.scores and game.winners == state.winners
    assert isinstance(state, TromplemondState)
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
    assert why_refused(state, Claim("Nick", cards("AH AS"))).code == "TM202"
    assert (
        state.why_not(Claim("Nick", cards("9C 9C JH"))) is None
    )  # lies, even visible ones, are free
    state.apply(Claim("Nick", cards("AH AS 10D")))
    assert (
        state.to_act == ("Emily",)
        and why_refused(state, Claim("Sam", cards("10D 4S KD"))).code == "TM201"
    )
    free = new_game("tromplemond", PLAYERS, {"claim-order": "free"}, hands=[HANDS], dealer="Nick")
    free.apply(Claim("Nick", cards("AH AS 10D")))
    assert (
        free.to_act == ("Emily", "Rob", "Sam")
        and free.why_not(Claim("Sam", cards("10D 4S KD"))) is None
    )


def test_a_vote_for_oneself_is_refused_and_the_slips_are_hidden_until_counted() -> None:
    state = claimed()
    assert state.phase == "votes" and state.to_act == PLAYERS
    assert why_refused(state, Vote("Rob", "Rob")).code == "TM205"
    vote(state, "Rob>Emily", "Sam>Emily")
    assert why_refused(state, Vote("Rob", "Nick")).code == "REF001"
    assert "votes Rob>Emily Sam>Emily *\n" in dumps([state.record()])
    assert "votes Sam>Emily *\n" in dumps([state.view("Sam").record]) and "votes *\n" in dumps(
        [state.view("Nick").record]
    )
    vote(state, "Nick>Sam", "Emily>Nick")
    assert "votes Emily 2 Sam 1 Nick 1\n" in dumps([state.view("Nick").record])


def test_a_two_way_tie_goes_to_the_other_two_and_a_disagreement_to_a_cut() -> None:
    state = claimed()
    vote(state, "Rob>Emily", "Sam>Nick", "Nick>Emily", "Emily>Nick")
    assert state.phase == "decide" and state.to_act == ("Rob", "Sam")
    assert [str(a) for a in fair(state, "Rob")] == ["Nick", "Emily"]
    assert why_refused(state, Vote("Nick", "Emily")).code == "TM207"
    assert why_refused(state, Vote("Rob", "Sam")).code == "TM207"
    vote(state, "Rob>Emily", "Sam>Nick")
    assert state.phase == "cut" and state.to_act == ("Nick", "Emily")
    assert why_refused(state, PlayCard("Rob", parse_card("AS"))).code == "TM209"
    state.apply(PlayCard("Nick", parse_card("2H")))
    assert "cut" not in dumps([state.record()])
    state.apply(PlayCard("Emily", parse_card("KD")))
    text = dumps([state.record()])
    assert "decide Rob>Emily Sam>Nick\ncut Nick 2H Emily KD\noff Nick\n" in text
    assert state.scores[0]["Nick"] == 0 and not [
        d for d in check_text(text).diagnostics if d.severity is Severity.ERROR
    ]


def test_the_deal_passes_to_the_left_and_the_game_ends_after_its_rounds() -> None:
    state = claimed({"max-rounds": "2"})
    vote(state, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    assert why_refused(state, NextDeal("Nick")).code == "TM103"
    state.apply(NextDeal("Sam"))
    assert state.deal_number == 2 and state.to_act == ("Sam",)
    play_until(state, random.Random(1), lambda s: s.is_deal_over)
    assert state.is_game_over and state.legal_actions() == ()
    assert why_refused(state, NextDeal("Nick")).code == "REF001"


def test_a_view_hides_the_other_secret_rows_and_the_cards_set_aside() -> None:
    state = claimed()
    seen = dumps([state.view("Sam").record])
    assert (
        "discards" not in seen
        and "secret\n  Sam: 10D 4S KD\n  *\n" in seen
        and "QH JD KS" not in seen
    )
    vote(state, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    seen = dumps([state.view("Sam").record])
    assert "QH JD KS" in seen and "JC AH QS" not in seen  # revealed but for the player sent off
    assert "JC AH QS" in dumps([state.view("Emily").record])


def test_a_record_resumes_at_any_cut() -> None:
    assert_resumes(new_game("tromplemond", PLAYERS, seed=7), random.Random(2), 2, 12)
    assert_resumes(
        new_game("tromplemond", PLAYERS, {"two-way-disagreement": "revote-others"}, seed=9),
        random.Random(5),
        2,
        12,
    )


def test_bad_set_ups_and_records_are_refused() -> None:
    with pytest.raises(Refused) as raised:
        new_game("tromplemond", PLAYERS[:3])
    assert raised.value.diagnostic.code == "TM001"
    with pytest.raises(Refused) as raised:
        new_game("tromplemond", PLAYERS, hands=[dict(HANDS, Emily=cards("2S 3H JC AH 9S"))])
    assert [d.code for d in raised.value.diagnostics] == [
        "TM002",
        "TM101",
    ] and "9S (Emily's secret cards)" in str(raised.value)
    with pytest.raises(Refused) as raised:
        resume((RECORDS / "notation-example.truf").read_text())
    assert "does not give every hand" in raised.value.diagnostic.message


def test_a_tie_at_the_end_gets_an_extra_round() -> None:
    state = new_game("tromplemond", PLAYERS, {"max-rounds": "1", "tie-scope": "any-tie"}, seed=7)
    rng = random.Random(7)
    play_until(state, rng, lambda s: s.is_deal_over)
    values = list(state.totals.values())
    assert state.phase == "end" and len(set(values)) < len(
        values
    )  # a tie, though the rounds are played
    play_until(state, rng, lambda s: s.is_game_over)
    assert state.deal_number == 2 and state.winners == ("Emily",)
    report = check_text(dumps([state.record()]))
    assert not [d for d in report.diagnostics if d.severity is Severity.ERROR] and report.games[
        0
    ].winners == ("Emily",)


def test_tromp_calls_win_from_the_pot_and_the_rest_is_settled_at_the_end() -> None:
    state = claimed({"betting": "tromp", "max-rounds": "1"})
    vote(state, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    assert state.phase == "calls" and state.to_act == PLAYERS and len(fair(state, "Nick")) == 9
    assert why_refused(state, Choose("Nick", "tromp Moyenne")).code == "REF001"
    assert state.action("Nick", 'tromp "Moyenne Tromplemond!"') == Choose(
        "Nick", 'tromp "Moyenne Tromplemond!"'
    )
    state.apply(
        Choose("Rob", 'tromp "Grand Tromplemond!"')
    )  # a wrong phrase wins nothing, and is no fault
    state.apply(Choose("Nick", 'tromp "Moyenne Tromplemond!"'))
    state.apply(Choose("Sam", "pass"))
    assert state.phase == "calls" and state.to_act == ("Emily",)
    state.apply(Choose("Emily", "pass"))
    text = dumps([state.record()])
    # Nick's Moyenne wins his stake back; the three left go to the best round score, his 30.
    assert state.is_game_over and "pot    Rob 0 Sam 0 Nick 4 Emily 0\n" in text
    assert not [d for d in check_text(text).diagnostics if d.severity is Severity.ERROR]
    assert dumps([resume(text).record()]) == text


def test_an_abstention_is_a_blank_slip_and_only_under_allow_abstain() -> None:
    state = claimed()
    assert Choose("Rob", "abstain") not in state.legal_actions("Rob")
    refused = state.why_not(Choose("Rob", "abstain"))
    assert refused is not None and refused.code == "TM204" and "abstains" in refused.message
    state = claimed({"allow-abstain": "yes"})
    assert fair(state, "Rob")[-1] == Choose("Rob", "abstain") and state.action(
        "Rob", "abstain"
    ) == Choose("Rob", "abstain")
    state.apply(Choose("Rob", "abstain"))
    vote(state, "Sam>Emily", "Nick>Emily", "Emily>Nick")
    text = dumps([state.record()])
    assert (
        state.off == "Emily" and "votes Rob>- Sam>Emily Nick>Emily Emily>Nick\noff Emily\n" in text
    )
    assert not [d for d in check_text(text).diagnostics if d.severity is Severity.ERROR]
    assert dumps([resume(text).record()]) == text


def test_after_a_vote_nobody_votes_in_the_table_names_who_goes_off() -> None:
    state = claimed({"allow-abstain": "yes", "max-rounds": "1"})
    for player in PLAYERS[:3]:
        state.apply(Choose(player, "abstain"))
    assert "votes Rob>- Sam>- Nick>- *\n" in dumps([state.record()])  # written as handed in
    state.apply(Choose("Emily", "abstain"))
    assert state.phase == "off" and state.to_act == PLAYERS
    assert fair(state, "Sam") == [Choose("Sam", f"off {p}") for p in PLAYERS]
    assert why_refused(state, Choose("Rob", "off Zoe")).code == "TM206"
    assert why_refused(state, Choose("Rob", "abstain")).code == "REF001"
    assert state.action("Sam", "off  Nick") == Choose("Sam", "off Nick")
    state.apply(Choose("Sam", "off Nick"))
    text = dumps([state.record()])
    assert state.is_game_over and "votes Rob>- Sam>- Nick>- Emily>-\noff Nick\nscore  Rob" in text
    assert not [d for d in check_text(text).diagnostics if d.severity is Severity.ERROR]
    assert dumps([resume(text).record()]) == text


def test_records_with_abstentions_resume_at_every_cut() -> None:
    rng = random.Random(5)
    state = new_game("tromplemond", PLAYERS, {"allow-abstain": "yes"}, seed=5)
    assert_resumes(state, rng, 3, 12)


def errors(text: str) -> list[str]:
    return [d.code for d in check_text(text).diagnostics if d.severity is Severity.ERROR]


SAMPLES = sorted(p for p in RECORDS.rglob("*.truf") if ".bad." not in p.name)
PARTIAL = {
    "notation-example.truf",
    "score-sheet-club-night-2026-10-22.truf",
    "worked-example-as-printed.truf",
    "TM502-end-tie-extra-round.good.truf",
}
"""The sample records that leave some hands out: they cannot be played on."""


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_record_that_gives_every_hand_resumes_with_its_scores(path: Path) -> None:
    text = path.read_text()
    if path.name in PARTIAL:
        with pytest.raises(Refused, match="does not give every hand"):
            resume(text)
        return
    state = resume(text)
    again = dumps([state.record()])
    (before,), (after,) = check_text(text).games, check_text(again).games
    assert errors(again) == []
    assert [d.scores for d in after.deals] == [d.scores for d in before.deals] == state.scores
    assert [d.totals for d in after.deals] == [d.totals for d in before.deals]
    assert after.winners == before.winners == state.winners


def test_a_vote_counted_as_tallies_is_kept_as_written() -> None:
    text = (RECORDS / "clauses" / "TM211-anonymous-vote.good.truf").read_text()
    state = resume(text)
    assert (
        state.history[4] == Choose("Rob", "votes Emily 2 Nick 1 Sam 1")
        and state.scores[0]["Emily"] == 0
    )
    assert "votes Emily 2 Nick 1 Sam 1\noff Emily\n" in dumps([state.record()])
    assert "votes Emily 2 Nick 1 Sam 1\n" in dumps([state.view("Nick").record])
    decided = resume((RECORDS / "clauses" / "TM207-two-way-tie.good.truf").read_text())
    assert "votes Emily 2 Nick 2\ndecide Rob>Emily Sam>Emily\n" in dumps([decided.record()])


def test_the_table_counts_a_vote_or_a_decision_live() -> None:
    state = claimed()
    assert state.action("Sam", "votes  Emily 2 Nick 2") == Choose("Sam", "votes Emily 2 Nick 2")
    assert why_refused(state, Choose("Sam", "votes Emily 3 Nick 2")).code == "TM204"
    assert why_refused(state, Choose("Sam", "votes Emily 4")).code == "TM205"
    assert why_refused(state, Choose("Sam", "decide Emily 2")).code == "TM207"
    state.apply(Vote("Rob", "Emily"))
    before = dumps([state.record()])
    refusal = state.why_not(Choose("Sam", "votes Emily 2 Nick 2"))
    assert (
        refusal is not None
        and refusal.code == "REF001"
        and "already holds 1 slips" in refusal.message
    )
    with pytest.raises(Refused):
        state.apply(Choose("Sam", "votes Emily 2 Nick 2"))
    assert dumps([state.record()]) == before
    state = claimed()
    state.apply(Choose("Nick", "votes Emily 2 Nick 2"))
    assert state.phase == "decide" and state.to_act == ("Rob", "Sam")
    state.apply(Choose("Nick", "decide Emily 2"))
    text = dumps([state.record()])
    assert (
        state.off == "Emily"
        and "votes Emily 2 Nick 2\ndecide Emily 2\noff Emily\n" in text
        and errors(text) == []
    )
    assert dumps([resume(text).record()]) == text


def test_claims_repeated_in_the_interrogation_are_kept_as_written() -> None:
    text = (RECORDS / "clauses" / "TM210-interrogation.good.truf").read_text()
    written = dumps([resume(text).record()])
    assert (
        written.count(
            "claims\n  Rob:   QH QD KS\n  Sam:   10D 4S KD\n  Nick:  AH AS 10D\n  Emily: KH AH 4D\n"
        )
        == 2
    )
    state = claimed()
    assert state.action("Nick", "AH AS 10D") == Claim("Nick", cards("AH AS 10D"))
    state.apply(Claim("Nick", cards("AH AS 10D")))
    state.apply(Claim("Rob", cards("QH QD JS")))  # a repeat may lie as the claim did
    state.apply(Claim("Nick", cards("AH AS 10D")))
    assert (
        state.phase == "votes" and why_refused(state, Claim("Sam", cards("10D 4S"))).code == "TM202"
    )
    vote(state, "Rob>Emily")
    assert (
        "cannot repeat a claim while the votes step is in progress"
        in why_refused(state, Claim("Sam", cards("10D 4S KD"))).message
    )
    vote(state, "Sam>Emily", "Nick>Sam", "Emily>Nick")
    text = dumps([state.record()])
    assert (
        "claims\n  Nick: AH AS 10D\n  Rob:  QH QD JS\nclaims\n  Nick: AH AS 10D\nvotes" in text
        and errors(text) == []
    )
    assert dumps([resume(text).record()]) == text


def test_records_with_the_tables_statements_resume_at_every_action() -> None:
    for name in (
        "TM207-two-way-tie",
        "TM210-interrogation",
        "TM901-early-reveal",
        "TM902-bribe-last-round",
        "TM904-dealer-error",
    ):
        whole = resume((RECORDS / "clauses" / f"{name}.good.truf").read_text())
        state = new_game(
            "tromplemond",
            PLAYERS,
            hands=[{p: whole.hand(p) for p in PLAYERS}],
            dealer=whole.setup.dealer,
        )
        for action in whole.history:
            state.apply(action)
            text = dumps([state.record()])
            assert dumps([resume(text).record()]) == text
        assert state.scores == whole.scores


@pytest.mark.parametrize(
    "mode", ["offender-as-voted-off", "offender-zero-but-hand-counts", "vote-still-held"]
)
def test_an_early_reveal_costs_what_the_reading_says(mode: str) -> None:
    state = claimed({"early-reveal-mode": mode})
    offered = [a for a in state.legal_actions("Sam") if is_irregularity(a)]
    assert Choose("Sam", "early-reveal Nick") in offered and Choose("Sam", "bribe Rob") in offered
    assert why_refused(state, Choose("Sam", "early-reveal Zoe")).code == "REC010"
    state.apply(Choose("Sam", "early-reveal Nick"))
    if mode == "vote-still-held":
        assert state.phase == "votes" and state.to_act == ("Rob", "Sam", "Emily")
        assert why_refused(state, Vote("Rob", "Nick")).code == "TM204"
        vote(state, "Rob>Emily", "Sam>Emily", "Emily>Sam")
    text = dumps([state.record()])
    assert (
        state.is_deal_over
        and errors(text) == []
        and check_text(text).games[0].deals[0].scores == state.scores[0]
    )
    assert state.scores[0]["Nick"] == 0 and dumps([resume(text).record()]) == text


def test_a_reveal_once_a_tie_is_voted_and_one_after_the_vote_are_judged() -> None:
    state = claimed()
    vote(state, "Rob>Emily", "Sam>Nick", "Nick>Emily", "Emily>Nick")
    state.apply(
        Choose("Emily", "early-reveal Sam")
    )  # what was voted before it stands; no decision follows
    text = dumps([state.record()])
    assert (
        state.is_deal_over
        and state.off is None
        and "votes Rob>Emily Sam>Nick Nick>Emily Emily>Nick\nearly-reveal Sam\n" in text
    )
    assert errors(text) == [] and check_text(text).games[0].deals[0].scores == state.scores[0]
    held = claimed({"early-reveal-mode": "vote-still-held"})
    vote(held, "Rob>Emily", "Sam>Nick", "Nick>Emily", "Emily>Nick")
    assert why_refused(held, Choose("Emily", "early-reveal Sam")).code == "TM204"
    betting = claimed({"betting": "tromp"})
    vote(betting, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    refusal = betting.why_not(Choose("Rob", "early-reveal Nick"))
    assert (
        refusal is not None
        and refusal.code == "REF001"
        and "before the vote is decided" in refusal.message
    )
    assert betting.is_legal(Choose("Rob", "bribe Nick"))


def test_the_tables_statements_are_refused_while_a_step_is_in_progress_and_after_the_round() -> (
    None
):
    state = claimed()
    vote(state, "Rob>Emily")
    before = dumps([state.record()])
    for words in ("early-reveal Nick", "misdeal", "bribe Sam"):
        refusal = state.why_not(Choose("Sam", words))
        assert refusal is not None and refusal.code == "REF001" and "in progress" in refusal.message
        with pytest.raises(Refused):
            state.apply(Choose("Sam", words))
    assert dumps([state.record()]) == before and state.history[-1] == Vote("Rob", "Emily")
    vote(state, "Sam>Emily", "Nick>Sam", "Emily>Nick")
    assert state.phase == "end" and why_refused(state, Choose("Sam", "bribe Sam")).code == "REF001"
    assert not [a for a in state.legal_actions() if is_irregularity(a)]


@pytest.mark.parametrize("mode", ["as-voted-off", "zero-but-vote-held", "redeal-only"])
def test_a_dealers_error_costs_what_the_reading_says(mode: str) -> None:
    state = new_game("tromplemond", PLAYERS, {"dealer-error-mode": mode}, hands=[HANDS])
    state.apply(Choose("Nick", "misdeal"))
    for player, claim in zip(PLAYERS, ("QH QD KS", "10D 4S KD", "AH AS 10D", "KH AH 4D")):
        state.apply(Claim(player, cards(claim)))
    if mode == "zero-but-vote-held":
        assert state.to_act == ("Sam", "Nick", "Emily")
        vote(state, "Sam>Emily", "Nick>Emily", "Emily>Nick")
    elif mode == "redeal-only":
        vote(state, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    text = dumps([state.record()])
    assert text.startswith('[Ruleset "tromplemond"]') and "dealer Rob\nmisdeal\n" in text
    assert (
        state.is_deal_over
        and errors(text) == []
        and check_text(text).games[0].deals[0].scores == state.scores[0]
    )
    assert (state.scores[0]["Rob"] == 0) == (mode != "redeal-only") and dumps(
        [resume(text).record()]
    ) == text
    late = claimed({"dealer-error-mode": mode})
    vote(late, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    assert (
        late.phase == "end" and why_refused(late, Choose("Rob", "misdeal waived")).code == "REF001"
    )


def test_a_ban_or_a_void_ends_the_game_unless_the_table_lets_the_player_play_on() -> None:
    for words in (
        "bribe Sam",
        "early-reveal Nick intentional",
        "early-reveal Nick void",
        "bribe Sam!",
    ):
        state = claimed({"max-rounds": "2"})
        state.apply(Choose("Emily", words))
        if not state.is_deal_over:
            vote(state, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
        if words == "bribe Sam!":
            assert state.phase == "end"
            state.apply(NextDeal("Sam"))
            play_until(state, random.Random(1), lambda s: s.is_game_over)
            assert state.winners
        else:
            assert state.is_game_over and state.winners == () and state.legal_actions() == ()
            assert why_refused(state, NextDeal("Sam")).code == "REF001"
        text = dumps([state.record()])
        assert errors(text) == [] and ("[Winner" in text) == bool(state.winners)
        assert dumps([resume(text).record()]) == text


def test_a_tromp_call_without_tromp_betting_wins_nothing_and_resumes() -> None:
    text = (RECORDS / "clauses" / "TM211-anonymous-vote.good.truf").read_text()
    called = text.replace("off Emily\n", 'off Emily\ntromp Nick "Grand Tromplemond!"\n')
    assert errors(called) == []
    state = resume(called)
    assert state.scores == resume(
        text
    ).scores and 'off Emily\ntromp Nick "Grand Tromplemond!"\n' in dumps([state.record()])
    live = claimed()
    call = Choose("Nick", 'tromp "Grand Tromplemond!"')
    assert live.action(
        "Nick", 'tromp "Grand Tromplemond!"'
    ) == call and call not in live.legal_actions("Nick")
    live.apply(call)
    assert live.phase == "votes" and why_refused(live, call).code == "REF001"
    vote(live, "Rob>Emily", "Sam>Emily", "Nick>Sam", "Emily>Nick")
    assert why_refused(live, Choose("Sam", 'tromp "Tromplemond!"')).code == "REF001"
    text = dumps([live.record()])
    assert errors(text) == [] and dumps([resume(text).record()]) == text


def test_an_early_reveal_and_a_dealers_error_are_stated_once_in_a_round() -> None:
    """TM-A14: random play once stated them again and again, and the validator read only the
    first; a second statement is now a fault for the referee and the validator alike."""
    state = claimed(
        {"early-reveal-mode": "vote-still-held", "dealer-error-mode": "zero-but-vote-held"}
    )
    state.apply(Choose("Sam", "early-reveal Nick"))
    state.apply(Choose("Sam", "misdeal"))
    assert state.phase == "votes"
    for words, code in (("early-reveal Rob", "TM901"), ("misdeal waived", "TM904")):
        refusal = state.why_not(Choose("Sam", words))
        assert refusal is not None
        assert refusal.code == code
        assert "a second" in refusal.message
        assert Choose("Sam", words) not in state.legal_actions("Sam")
    text = dumps([state.record()])
    assert errors(text) == []
    twice = text.replace("misdeal\n", "misdeal\nmisdeal waived\n")
    assert errors(twice) == ["TM904"]


def test_every_player_who_offers_a_bribe_is_banned() -> None:
    """The validator once banned only the first briber of a round; each is banned now, once."""
    state = claimed({})
    for words in ("bribe Sam!", "bribe Nick!", "bribe Sam!"):
        state.apply(Choose("Rob", words))
    play_until(state, random.Random(1), lambda s: s.is_deal_over, irregular=0)
    assert state.phase == "end"
    state.apply(NextDeal(state.to_act[0]))
    banned = [
        d.message.split()[0]
        for d in check_text(dumps([state.record()])).diagnostics
        if d.code == "TM902"
    ]
    assert sorted(banned) == ["Nick", "Sam"]
    unacknowledged = claimed({})
    for words in ("bribe Sam!", "bribe Nick"):
        unacknowledged.apply(Choose("Rob", words))
    play_until(unacknowledged, random.Random(1), lambda s: s.is_deal_over, irregular=0)
    assert unacknowledged.is_game_over


def test_a_slip_is_secret_until_the_vote_is_counted() -> None:
    state = new_game("tromplemond", PLAYERS, seed=7)
    play_until(state, random.Random(1), lambda s: s.phase == "votes", irregular=0)
    state.apply(Vote("Rob", "Nick"))
    assert "votes *" in state.observation_string("Emily")
    assert "Rob>Nick" not in state.observation_string("Emily")
    assert "votes Rob>Nick *" in state.observation_string("Rob")
    public = state.observation_string("Emily").split("secret")[0]
    assert all(f"{p}:" in public for p in PLAYERS)  # every public row is seen
