"""Games played through the referee: bots choose among its legal actions, faults are the referee's.

The simulator states no rule: the referee deals, judges and scores, the bots only choose.  Here:
a fault played on purpose is the only thing the validator finds in the record, with the
referee's code; a table seats the players the referee seats; and the bots play like people,
measured with the table's usual yardstick, high-card points (ace 4, king 3, queen 2, jack 1),
not with the bots' own reckoning.
"""

from __future__ import annotations

import random
from statistics import mean

import pytest

import trufspec
from trufspec.cards import Card
from trufspec.diagnostics import Severity
from trufspec.records import Bids, Contract, Game, Hands, Tricks, Votes
from trufspec.referee import STATES, new_game
from trufspec.referee.tricks import TrickGame
from trufspec.simulate import SIMULATORS, Detail
from trufspec.simulate.refereed import FAULTS, play_game, render
from trufspec.spec.registry import default_registry

POINTS = {14: 4, 13: 3, 12: 2, 11: 1}
REFEREED = sorted(r for r, module in SIMULATORS.items() if module == "trufspec.simulate.refereed")
"""The rulesets whose games are played through the referee."""
TRICK_GAMES = [r for r in REFEREED if issubclass(STATES[r], TrickGame)]
"""The rulesets of those whose faults are cards played (every one but Tromplemond)."""


def errors(text: str) -> list[str]:
    report = trufspec.check_text(text, "simulated.truf")
    return [d.code for d in report.diagnostics if d.severity is Severity.ERROR]


@pytest.mark.parametrize("kind", FAULTS)
@pytest.mark.parametrize("ruleset", TRICK_GAMES)
def test_a_fault_is_the_only_error_of_its_record(ruleset: str, kind: str) -> None:
    codes = set()
    for seed in range(6):
        played = play_game(ruleset, random.Random(f"{ruleset}:{kind}:{seed}"), fault=kind)
        assert played.fault is not None
        assert errors(render(played.game, Detail.FULL)) == [played.fault.code]
        codes.add(played.fault.code)
    prefix = {"truf-jb": "JB", "truf-de": "TD", "truf-basics": "TB", "ruff-and-honours": "RH"}[
        ruleset
    ]
    assert all(code.startswith(prefix + "3") for code in codes), codes


def sampled_readings(ruleset: str, count: int) -> list[dict[str, str]]:
    """``count`` readings of the ruleset, one option away from the defaults each, drawn with a
    fixed seed (every reading is played without a fault by the tests of ``simulate``)."""
    options = default_registry().options_of(ruleset)
    every = [
        {key: value}
        for key in sorted(options)
        for value in options[key].choices or ()
        if value != options[key].default
    ]
    return random.Random(ruleset).sample(every, min(count, len(every)))


@pytest.mark.parametrize("ruleset", TRICK_GAMES)
def test_a_fault_under_other_readings_is_the_only_error(ruleset: str) -> None:
    for number, options in enumerate(sampled_readings(ruleset, 5)):
        for kind in FAULTS:
            played = play_game(ruleset, random.Random(f"{number}:{kind}"), options, fault=kind)
            assert played.fault is not None, options
            assert errors(render(played.game, Detail.FULL)) == [played.fault.code], (options, kind)


def fault_code(seed: int, kind: str) -> str:
    """The code of the fault of ``kind`` a truf-jb game was played with."""
    fault = play_game("truf-jb", random.Random(seed), fault=kind).fault
    assert fault is not None
    return fault.code


def test_the_faults_are_the_rules_of_play() -> None:
    """A card the rules forbid is a revoke or a trump led too early; a lead by the wrong
    player breaks the rule of who leads."""
    card = {fault_code(s, "card") for s in range(12)}
    turn = {fault_code(s, "turn") for s in range(6)}
    assert card <= {"JB303", "JB305"} and "JB305" in card
    assert turn <= {"JB301", "JB302"}


@pytest.mark.parametrize("ruleset", REFEREED)
def test_a_game_is_played_to_the_referees_end(ruleset: str) -> None:
    played = play_game(ruleset, random.Random(3), {"deals": "2"} if ruleset == "truf-jb" else None)
    state = played.state
    assert state.is_game_over and played.fault is None
    assert played.game.tag("Winner") == " ".join(state.winners)
    assert errors(render(played.game, Detail.FULL)) == []
    sheet = render(played.game, Detail.SHEET)
    assert errors(sheet) == [] and "hands" not in sheet and "play" not in sheet


def test_tromplemond_bots_abstain_now_and_then_under_allow_abstain() -> None:
    """Some voters hand in a blank slip, most vote; a vote nobody voted in is settled by the
    table."""
    slips = voters = 0
    for seed in range(8):
        played = play_game(
            "tromplemond", random.Random(seed), {"allow-abstain": "yes", "max-rounds": "3"}
        )
        assert played.state.is_game_over and errors(render(played.game, Detail.FULL)) == []
        for deal in played.game.deals:
            for votes in (s for s in deal.sections if type(s) is Votes):
                slips += sum(entry.target is not None for entry in votes.entries)
                voters += 4
    assert 0.75 * voters < slips < 0.95 * voters


def test_the_players_given_sit_at_the_table() -> None:
    played = play_game("truf-jb", random.Random(1), deals=1, players=("Ana", "Budi", "Citra"))
    assert played.game.players == ("Ana", "Budi", "Citra")
    assert len(played.game.deals) == 1


def points(hand: tuple[Card, ...]) -> int:
    return sum(POINTS.get(int(c.rank), 0) for c in hand)


def bot_deals(count: int) -> list[tuple[dict[str, tuple[Card, ...]], dict[str, int], str, str]]:
    """``count`` truf-jb deals of bots: the hands, the bid values, the bid winner, the trump."""
    found: list[tuple[dict[str, tuple[Card, ...]], dict[str, int], str, str]] = []
    seed = 0
    while len(found) < count:
        game = play_game("truf-jb", random.Random(seed), deals=4).game
        for deal in game.deals:
            hands = deal.find(Hands)
            bids = deal.find(Bids)
            contract = deal.find(Contract)
            assert (
                hands is not None
                and bids is not None
                and contract is not None
                and contract.trump is not None
            )
            held = {e.player.value: e.cards.cards for e in hands.entries}
            values = {
                e.player.value: e.restated.value for e in bids.entries if e.restated is not None
            }
            found.append((held, values, contract.winner.value, str(contract.trump.value)))
        seed += 1
    return found[:count]


DEALS = bot_deals(120)


def test_the_bid_winner_holds_the_strongest_hand() -> None:
    winners = [points(hands[winner]) for hands, _, winner, _ in DEALS]
    others = [points(hands[p]) for hands, _, winner, _ in DEALS for p in hands if p != winner]
    assert mean(winners) > mean(others) + 2


def test_zero_bids_come_from_weak_hands() -> None:
    zero = [points(hands[p]) for hands, values, _, _ in DEALS for p, v in values.items() if v == 0]
    more = [points(hands[p]) for hands, values, _, _ in DEALS for p, v in values.items() if v > 0]
    assert len(zero) >= 5
    assert mean(zero) < mean(more) - 3


def test_the_bid_winner_names_a_long_suit_as_trumps() -> None:
    suited = [(hands[winner], trump) for hands, _, winner, trump in DEALS if trump != "NT"]
    assert len(suited) > 0.8 * len(DEALS)
    longest = 0
    for hand, trump in suited:
        lengths = {s: sum(1 for c in hand if c.suit.letter == s) for s in "SHDC"}
        longest += lengths[trump] == max(lengths.values())
    assert longest > 0.7 * len(suited)


def made(deal_tricks: Tricks, values: dict[str, int]) -> list[bool]:
    return [f.value == values[f.side[0]] for f in deal_tricks.entries]


def test_bots_make_their_bids_more_often_than_random_play() -> None:
    """Bots win tricks while short of their bid and duck once it is made: they hit their bid
    far more often than players who play any legal card."""
    bots, dice = [], []
    for seed in range(12):
        rng = random.Random(seed)
        bots += hit_rate(play_game("truf-jb", rng, deals=3).game)
        state = new_game("truf-jb", ["Ana", "Budi", "Citra", "Dewi"], {"deals": "3"}, seed=seed)
        while not state.is_game_over:
            state.apply(rng.choice(state.legal_actions(state.current_player)))
        dice += hit_rate(state.record())
    assert mean(bots) > mean(dice) + 0.1


def hit_rate(game: Game) -> list[bool]:
    hits = []
    for deal in game.deals:
        bids, tricks = deal.find(Bids), deal.find(Tricks)
        assert bids is not None and tricks is not None
        hits += made(
            tricks,
            {e.player.value: e.restated.value for e in bids.entries if e.restated is not None},
        )
    return hits
