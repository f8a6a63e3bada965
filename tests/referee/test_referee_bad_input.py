"""What an app may get wrong, in every ruleset with a referee: each is refused with a clear
diagnostic, no traceback, and the state is left as it was."""

from __future__ import annotations

import gc
import random
import weakref
from pathlib import Path

import pytest
from referee_play import pick, play_until, why_refused

from trufspec import check_text, dumps, loads
from trufspec.cards import parse_card
from trufspec.diagnostics import Severity
from trufspec.records import Claims, Cut, replace
from trufspec.referee import STATES, NextDeal, PlayCard, Refused, new_game, resume
from trufspec.referee.resume import validator_errors
from trufspec.referee.state import GameState

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")
RULESETS = sorted(STATES)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_actions_that_are_not_allowed_now_are_refused_and_change_nothing(ruleset: str) -> None:
    state = new_game(ruleset, PLAYERS, seed=3)
    before = dumps([state.record()])
    player = state.current_player
    assert player is not None
    wrong = [
        (PlayCard("Zoe", parse_card("2S")), "REC010"),
        (PlayCard(player, state.hand(player)[0]), "REF001"),  # no card is played before the play
        (NextDeal(player), "REF001"),
    ]
    for action, code in wrong:
        refusal = state.why_not(action)
        assert refusal is not None and refusal.code == code, action
        with pytest.raises(Refused) as raised:
            state.apply(action)
        assert raised.value.diagnostic == refusal and code in str(raised.value)
    with pytest.raises(Refused) as raised:
        state.action(player, "not an action")
    assert raised.value.diagnostic.code == "REF001"
    assert dumps([state.record()]) == before and state.history == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_nothing_is_legal_once_the_game_is_over(ruleset: str) -> None:
    readings = (
        {"deals": "1"}
        if ruleset == "truf-jb"
        else {"target-points": "1"}
        if ruleset == "ruff-and-honours"
        else {}
    )
    # Played fair: a game a ban or a void ends has no winners.
    state = play_until(
        new_game(ruleset, PLAYERS, readings, seed=2),
        random.Random(1),
        lambda s: s.is_game_over,
        irregular=0.0,
    )
    assert (
        state.legal_actions() == ()
        and state.to_act == ()
        and state.current_player is None
        and state.winners
    )
    refusal = state.why_not(PlayCard("Ana", parse_card("AS")))
    assert (
        refusal is not None and refusal.code == "REF001" and "the game is over" in refusal.message
    )


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unknown_reading_is_refused_with_the_validators_rec014(ruleset: str) -> None:
    with pytest.raises(Refused) as raised:
        new_game(ruleset, PLAYERS, {"colour": "blue"})
    assert (
        raised.value.diagnostic.code == "REC014"
        and "unknown option 'colour'" in raised.value.diagnostic.message
    )


def test_records_the_referee_cannot_play_on_are_refused() -> None:
    numbers = '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]\n\ndeal 1\nbids\n  Ana: 3\n'
    with pytest.raises(Refused) as raised:
        resume(numbers)
    assert raised.value.diagnostic.code == "REF003"
    whist = '[Ruleset "whist"]\n[Players "Ana Budi Citra Dewi"]\n'
    with pytest.raises(Refused) as raised:
        resume(whist)
    assert raised.value.diagnostic.code == "REF003"
    state = new_game("truf-jb", PLAYERS, seed=1)
    hands = dumps([state.record()]).split("bids")[0]
    with pytest.raises(Refused) as raised:
        resume(hands + "bids\n  Ana: 3\n")
    assert (
        raised.value.diagnostics[1].code == "REF003"
        and "written as a number" in raised.value.diagnostics[1].message
    )


def test_a_game_read_with_a_card_without_its_players_name_is_refused() -> None:
    """A record read with a card that lacks its player's name (REC012) is refused, whether
    given as text or as the game read from it (which prints with the names before the first
    cards, as the replay pairs them)."""
    text = (
        Path(__file__).resolve().parents[2]
        / "records/notation/clauses/REC012-one-card-per-player.bad.truf"
    ).read_text()
    with pytest.raises(Refused) as raised:
        resume(text)
    assert raised.value.diagnostic.code == "REF003" and raised.value.diagnostics[1].code == "REC012"
    with pytest.raises(Refused) as raised:
        resume(loads(text).games[0])
    assert raised.value.diagnostic.code == "REF003" and raised.value.diagnostics[1].code == "REC012"


def seen_words(state: GameState, viewer: str) -> set[str]:
    """The words of what ``viewer`` sees of the deal in progress, but for claims and cuts: they
    name cards as players say or draw them, not the cards anyone holds."""
    record = state.view(viewer).record
    deals = tuple(
        replace(d, sections=tuple(s for s in d.sections if not isinstance(s, (Claims, Cut))))
        for d in record.deals[-1:]
    )
    return set(dumps([replace(record, deals=deals)]).split())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_view_shows_no_card_another_player_still_hides(ruleset: str) -> None:
    state = new_game(ruleset, PLAYERS, seed=6)
    rng = random.Random(4)
    for _ in range(30):
        state.apply(pick(state, rng))
        for viewer in PLAYERS:
            shown = seen_words(state, viewer)
            for other in PLAYERS:
                bid = getattr(state, "bids", {}).get(other)
                public = set(bid[0].cards) if bid is not None else set()
                public |= set(getattr(state, "stock", ())[:1])  # the turned card of a stock
                public |= set(
                    getattr(state, "public", {}).get(other, ())
                )  # a Tromplemond public row
                held = state.hand(other) if other != viewer and not state.is_deal_over else ()
                hidden = {str(c) for c in held if c not in public}
                assert not hidden & shown, (viewer, other, hidden & shown)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_undo_retraces_a_game_and_a_copy_is_independent(ruleset: str) -> None:
    state = new_game(ruleset, PLAYERS, seed=8)
    rng = random.Random(2)
    seen = []
    while state.deal_number < 3 and not state.is_game_over:
        seen.append(dumps([state.record()]))
        state.apply(pick(state, rng))
    twin = state.copy()
    twin.apply(rng.choice(twin.legal_actions()))
    assert len(twin.history) == len(state.history) + 1
    for text in reversed(seen):
        state.undo()
        assert dumps([state.record()]) == text
    assert state.history == [] and twin.history


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_let_go_is_freed_at_once(ruleset: str) -> None:
    """A game refers to nothing that refers back to it, so dropping it frees it by reference
    counting alone: a search or a server that plays many games does not wait for the garbage
    collector, whose full passes grow with everything such a game left behind."""
    gc.disable()
    try:
        state = play_until(
            new_game(ruleset, PLAYERS, seed=5),
            random.Random(6),
            lambda s: s.deal_number > 2 or s.is_game_over,
        )
        state.record(), state.view(PLAYERS[0]), state.copy(), state.undo()
        gone = weakref.ref(state)
        del state
        assert gone() is None
    finally:
        gc.enable()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_returns_and_observation_strings_follow_openspiel(ruleset: str) -> None:
    state = play_until(
        new_game(ruleset, PLAYERS, seed=9),
        random.Random(4),
        lambda s: s.deal_number > 2 or s.is_game_over,
    )
    assert len(state.returns()) == len(PLAYERS) and sum(state.returns()) != 0
    for player, points in zip(PLAYERS, state.returns()):
        side = (
            f"{player}+{PLAYERS[(PLAYERS.index(player) + 2) % 4]}"
            if ruleset == "ruff-and-honours"
            else player
        )
        side = side if side in state.totals else "+".join(side.split("+")[::-1])
        assert points == state.totals[side]
        text = state.observation_string(player)
        assert (
            text == dumps([state.view(player).record]) and loads(text).games[0].players == PLAYERS
        )


def test_a_record_that_leaves_out_what_the_referee_needs_is_refused_not_a_crash() -> None:
    """Found by fuzzing resume: records the validator finds clean but for lack of facts."""
    state = play_until(
        new_game("truf-basics", PLAYERS, seed=2), random.Random(2), lambda s: s.phase == "play"
    )
    state.apply(state.legal_actions()[0])
    text = dumps([state.record()])
    lines = text.splitlines()
    bids = lines.index("bids")
    three_bids = (
        "\n".join(lines[: bids + 1] + lines[bids + 2 :]) + "\n"
    )  # a bid left out, the play kept
    assert not validator_errors(loads(three_bids).games)
    with pytest.raises(Refused) as raised:
        resume(three_bids)
    assert (
        raised.value.diagnostics[1].code == "REF003"
        and "leaves out an action of its bids" in raised.value.diagnostics[1].message
    )
    state = play_until(
        new_game("ruff-and-honours", PLAYERS, seed=2), random.Random(2), lambda s: s.phase == "play"
    )
    no_stock = (
        "\n".join(
            line for line in dumps([state.record()]).splitlines() if not line.startswith("stock")
        )
        + "\n"
    )
    assert not validator_errors(loads(no_stock).games)
    with pytest.raises(Refused) as raised:
        resume(no_stock)
    assert "does not give the stock" in raised.value.diagnostic.message


ACKNOWLEDGED = sorted(
    (Path(__file__).resolve().parents[2] / "records").glob("[!t]*/acknowledged-*.truf")
) + sorted((Path(__file__).resolve().parents[2] / "records").glob("truf-*/acknowledged-*.truf"))


@pytest.mark.parametrize("path", ACKNOWLEDGED, ids=lambda p: p.parent.name)
def test_a_record_with_a_revoke_the_table_let_stand_resumes(path: Path) -> None:
    """The validator accepts a card marked ``!`` that breaks a rule of play; the referee
    resumes from it, and the record it writes marks it again."""
    state = resume(path.read_text())
    report = check_text(dumps([state.record()]))
    assert [d.code for d in report.diagnostics if d.severity is Severity.ERROR] == []
    assert [d.code[2:] for d in report.diagnostics if d.severity is Severity.ACKNOWLEDGED] in (
        ["305"],
        ["303"],
    )


def test_a_card_acknowledged_is_played_only_by_the_player_to_play_and_who_holds_it() -> None:
    state = play_until(
        new_game("truf-jb", PLAYERS, {"turn-order": "clockwise"}, seed=3),
        random.Random(1),
        lambda s: s.phase == "play",
    )
    rng = random.Random(5)
    while True:
        player = state.current_player
        assert player is not None
        refused = [c for c in state.hand(player) if not state.is_legal(PlayCard(player, c))]
        if refused:
            break
        state.apply(rng.choice(state.legal_actions()))
    broken = why_refused(state, PlayCard(player, refused[0]))
    with pytest.raises(Refused, match="never by the player who commits it") as marked:
        state.action(player, f"{refused[0]}!")
    assert marked.value.diagnostic.code == "REF001"
    revoke = state.acknowledged(state.action(player, str(refused[0])))
    assert (
        revoke == PlayCard(player, refused[0], acknowledged=True)
        and str(revoke) == f"{refused[0]}!"
    )
    other = next(p for p in PLAYERS if p != player)
    out_of_turn = PlayCard(other, state.hand(other)[0])
    assert (
        state.why_not(replace(out_of_turn, acknowledged=True))
        == state.why_not(out_of_turn)
        is not None
    )
    state.apply(revoke)
    text = dumps([state.record()])
    assert f"{refused[0]}!" in text
    report = check_text(text)
    assert [d.code for d in report.diagnostics if d.severity is Severity.ERROR] == []
    assert [d.code for d in report.diagnostics if d.severity is Severity.ACKNOWLEDGED] == [
        broken.code
    ]


@pytest.mark.parametrize(
    "folder", ["notation", "truf-jb", "truf-basics", "truf-de", "ruff-and-honours", "tromplemond"]
)
def test_every_sample_record_that_gives_every_hand_resumes(folder: str) -> None:
    """The sample games that break no rule resume through the referee, unless they leave out
    a hand: a score sheet cannot be played on, and says so."""
    resumed = 0
    for path in sorted((Path(__file__).resolve().parents[2] / "records" / folder).rglob("*.truf")):
        if path.name.endswith(".bad.truf"):
            continue
        for game in loads(path.read_text()).games:
            if validator_errors([game]) or game.ruleset not in STATES:
                continue
            try:
                resume(game)
            except Refused as refused:
                message = refused.diagnostics[-1].message
            else:
                resumed += 1
                continue
            assert "does not give every hand" in message, (path, message)
    assert resumed
