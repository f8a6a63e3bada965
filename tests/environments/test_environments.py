"""The rulesets as OpenSpiel games and PettingZoo environments, judged by the libraries' own tests.

OpenSpiel's ``random_sim_test`` and PettingZoo's ``api_test`` and ``seed_test`` run on every
ruleset; the information-set property of the referee is checked again on the strings and
tensors the environments show; the encoding is held to the referee's legal actions; a state
replayed through the referee is the same record; bad input is refused with trufspec's words.
Games are kept short (one deal, few seeds) so that the module runs in well under a minute.
"""

from __future__ import annotations

import random
import re

import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test
from referee_properties import BUDGET, TABLES, mid_deal, redealt

import trufspec.environments.openspiel
import trufspec.openspiel
import trufspec.pettingzoo
from trufspec import dumps
from trufspec.cards import parse_card
from trufspec.environments import worlds
from trufspec.environments.encoding import DONE, NUM_ACTIONS, Selection, action_ids, decisions
from trufspec.environments.episode import Episode, EpisodeSettings
from trufspec.environments.observation import SIZE, strings, tensor
from trufspec.environments.worlds import _voids, draw
from trufspec.records import Ruff, cards_in
from trufspec.referee import STATES, BidCards, Refused, resume
from trufspec.referee.state import Setup
from trufspec.simulate.terminal import scored_lines, table_lines

RULESETS = ("truf-jb", "truf-basics", "truf-de", "ruff-and-honours", "tromplemond")

READINGS: dict[str, list[dict[str, object]]] = {
    "truf_jb": [{}, {"max_bid": "tricks-available", "single_minus": "reject", "players": 3}],
    "truf_basics": [{}, {"no_truf_by_choice": "yes", "trump_lead": "until-broken"}],
    "truf_de": [{}, {"scoring": "three", "dealer_tie": "any-tied", "max_deals": 2}],
    "ruff_and_honours": [{}, {"ruff": "optional", "hand_end": "when-decided"}],
    "tromplemond": [{}, {"allow_abstain": "yes", "betting": "tromp", "claim_order": "free"}],
}
"""Each game under its defaults and under readings that change who acts and what is legal."""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "params"),
    [(name, params) for name, each in READINGS.items() for params in each],
)
def test_openspiel_random_simulation_passes(name: str, params: dict[str, object]) -> None:
    # Serialization resumes a record at every step, the validator checking it; it is tested
    # under the defaults (and by the replay test below), the other readings without it.
    game = pyspiel.load_game(name, {**params, "seeds": 16})
    pyspiel.random_sim_test(game, num_sims=1, serialize=not params, verbose=False)


def test_the_games_load_by_name_and_in_the_library_string_form() -> None:
    assert set(trufspec.openspiel.GAMES) == {r.replace("-", "_") for r in RULESETS}
    game = pyspiel.load_game("truf_jb(max_bid=tricks-available,players=3)")
    assert game.num_players() == 3
    assert game.get_parameters()["max_bid"] == "tricks-available"
    assert game.num_distinct_actions() == NUM_ACTIONS
    assert game.information_state_tensor_size() == SIZE
    assert game.max_game_length() < 10_000


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.filterwarnings(
    # PettingZoo's classic card games observe a dict with the action mask, which api_test
    # only advises against; the agents are named by their seats, as a record names them.
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:We recommend agents to be named:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)
def test_pettingzoo_api_and_seed_tests_pass(ruleset: str) -> None:
    api_test(trufspec.pettingzoo.env(ruleset), num_cycles=400, verbose_progress=False)
    seed_test(lambda: trufspec.pettingzoo.env(ruleset), num_cycles=50)


CARD = re.compile(r"(?<![\w+-])[+-]?(10|[2-9JQKA])[SHDC](?!\w)")
"""A card in a text, as the notation and the decisions' words write it (``AS``, ``+10H``)."""


def test_pettingzoo_renders_the_table_as_the_player_to_act_sees_it() -> None:
    env = trufspec.pettingzoo.env("truf-de", render_mode="ansi", options={"scoring": "two"})
    env.reset(seed=3)
    text = env.render()
    player = env.agent_selection
    assert text is not None
    assert text.splitlines()[:2] == [
        f"The table as {player} sees it:",
        "--- truf-de, deal 1: bids ---",
    ]
    assert f"{player} may: +" in text


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_rendered_table_is_the_terminal_table_and_shows_no_hidden_card(ruleset: str) -> None:
    """At every step of a game, the text is the table ``trufspec play`` draws for the player
    to act (their hand, the trick on the table) and every card of the table is one they may
    see."""
    env = trufspec.pettingzoo.env(ruleset, render_mode="ansi")
    rng = np.random.default_rng(4)
    env.reset(seed=4)
    tricks = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        text = env.render()
        state = env.episode.state
        assert text is not None and state is not None
        view = state.view(agent)
        if state.is_deal_over:
            assert scored_lines(state, agent)[0] in text
        else:
            assert "\n".join(table_lines(state, agent)) in text
            hand = text.split("Your hand: ")[1].splitlines()[0]
            assert {c.group(0).lstrip("+-") for c in CARD.finditer(hand)} == {
                str(c) for c in view.hand
            }
            tricks += "Trick " in text
        visible = {str(c) for c in cards_in(view.record)} | {str(c) for c in view.hand}
        # The decisions and the claim being built may name any card of the pack (a
        # Tromplemond claim may name cards one does not hold): that they depend on nothing
        # hidden is tested below.
        table = "\n".join(
            line
            for line in text.splitlines()
            if not line.startswith((f"{agent} may: ", f"{agent}'s bid so far: "))
        )
        shown = {c.group(0).lstrip("+-") for c in CARD.finditer(table)}
        assert shown <= visible, shown - visible
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert tricks or ruleset == "tromplemond"


@settings(BUDGET, max_examples=BUDGET.max_examples * 2)
@given(table=st.sampled_from(sorted(TABLES)), seed=st.integers(0, 2**16), data=st.data())
def test_strings_tensors_and_legal_ids_do_not_depend_on_cards_the_player_cannot_see(
    table: str, seed: int, data: st.DataObject
) -> None:
    state, player, rng = mid_deal(table, seed, data, 0.1)
    building = Selection()
    if state.current_player == player:
        for _ in range(data.draw(st.integers(0, 4), label="cards chosen")):
            ids = [i for i in decisions(state, player, building).ids if 52 <= i < DONE]
            if not ids:
                break
            chosen_id = rng.choice(ids)
            building = building.add(
                trufspec.cards.FULL_PACK[(chosen_id - 52) % 52], chosen_id >= 104
            )
    other = redealt(state, player, rng)
    if other is None:
        return
    assert strings(other, player, building) == strings(state, player, building)
    assert np.array_equal(tensor(other, player, building), tensor(state, player, building))
    if state.current_player == player:
        assert decisions(other, player, building).ids == decisions(state, player, building).ids


@pytest.mark.slow
@pytest.mark.parametrize("cap", ["none", "tricks-available"])
@pytest.mark.parametrize("single_minus", ["positive", "reject"])
def test_every_truf_jb_bid_is_one_sequence_of_decisions_and_every_sequence_a_bid(
    cap: str, single_minus: str
) -> None:
    rng = random.Random(f"{cap}{single_minus}")
    for seed in range(3):
        state = STATES["truf-jb"](
            Setup.make(
                "truf-jb",
                TABLES["truf-jb/4"][1],
                {"max-bid": cap, "single-minus": single_minus},
                seed,
            )
        )
        player = state.to_act[0]
        legal = state.legal_actions(player)
        for _ in range(30):
            bid = legal[rng.randrange(len(legal))]
            assert isinstance(bid, BidCards)
            building = Selection()
            for action_id in action_ids(state, bid):
                found = decisions(state, player, building)
                assert action_id in found.ids
                if action_id == DONE:
                    made = found.action(DONE)
                    assert made is not None and state.why_not(made) is None
                    assert isinstance(made, BidCards) and _signed(made) == _signed(bid)
                else:
                    card = trufspec.cards.FULL_PACK[(action_id - 52) % 52]
                    building = building.add(card, action_id >= 104)
        for _ in range(30):
            building = Selection()
            while True:
                found = decisions(state, player, building)
                action_id = rng.choice(found.ids)
                if action_id == DONE:
                    made = found.action(DONE)
                    assert made is not None and state.why_not(made) is None
                    break
                card = trufspec.cards.FULL_PACK[(action_id - 52) % 52]
                building = building.add(card, action_id >= 104)


def _signed(bid: BidCards) -> set[tuple[object, bool]]:
    return {(c, i in bid.minus) for i, c in enumerate(bid.cards)}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(READINGS))
def test_a_state_is_a_record_and_its_history_replays_to_it(name: str) -> None:
    game = pyspiel.load_game(name, {"seeds": 1000})
    rng = random.Random(name)
    state = game.new_initial_state()
    cuts = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(1000))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if rng.random() < 0.1:
            cuts.append(state.clone())
    cuts.append(state)
    for cut in cuts:
        text = cut.serialize()
        again = game.deserialize_state(text)
        assert again.serialize() == text and again.history() == cut.history()
        replayed = game.new_initial_state()
        for action_id in cut.history():
            replayed.apply_action(action_id)
        assert replayed.serialize() == text
        record = text.split("\n\n", 1)[1]
        assert dumps([resume(record, seed=cut.history()[0]).record()]) == record
        for seat in range(game.num_players()):
            assert again.information_state_string(seat) == cut.information_state_string(seat)
            assert again.observation_tensor(seat) == cut.observation_tensor(seat)


def test_the_openspiel_strings_are_the_players_views() -> None:
    game = pyspiel.load_game("ruff_and_honours")
    state = game.new_initial_state()
    state.apply_action(5)
    episode = Episode(EpisodeSettings.make("ruff-and-honours", 4, {}))
    episode.deal(5)
    assert episode.state is not None
    for seat, name in enumerate(episode.settings.players):
        assert state.information_state_string(seat) == strings(episode.state, name, Selection())
        assert state.observation_string(seat) == state.information_state_string(seat)
        assert state.information_state_tensor(seat) == list(
            tensor(episode.state, name, Selection())
        )


@pytest.mark.slow
def test_ismcts_plays_whole_games() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("truf_de", {"seeds": 100})
    rng = np.random.RandomState(1)
    for seed in (3,):
        state = game.new_initial_state()
        state.apply_action(seed)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 8, random_state=rng)
        resampler = trufspec.openspiel.Resampler(seed)
        bot.set_resampler(resampler)
        while not state.is_terminal():
            if state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert len(state.returns()) == 4
        assert resampler.draws > 0


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_drawn_world_keeps_what_the_player_knows(ruleset: str) -> None:
    """Along random games, a world is drawn at every decision, and in it the player sees what
    they see in the real game, every other player holds no card of a suit they showed they
    lack, and the cards whose holder at the deal is public were dealt to them."""
    game = pyspiel.load_game(ruleset.replace("-", "_"))
    rng = random.Random(5)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            referee = state.episode.state
            name = referee.players[state.current_player()]
            world = draw(state.episode, name, rng)
            assert world.state is not None
            building = state.episode.selection
            assert strings(world.state, name, building) == strings(referee, name, building)
            assert world.decisions().ids == state.episode.decisions().ids
            real = _voids(referee.view(name).record.deals[-1], referee)
            for other in referee.players:
                if other != name:
                    held = world.state.hand(other)
                    assert not {c.suit for c in held} & real[other], (other, held)
            dealt = STATES[ruleset].written_hands(world.state.record().deals[-1])
            for card, holder in referee.public_holders().items():
                assert dealt is not None and card in dealt[holder]
            state.apply_action(rng.choice(state.legal_actions()))


HARD = {
    # South, the ruffer, set aside three spades East never saw and shows no spades since:
    # the spades no one else may hold cannot all be in the stock, so they were South's.
    "ruff_and_honours": (
        "East",
        """seed 51009

[Ruleset "ruff-and-honours"]
[Players "North East South West"]

deal 1
dealer North
hands
  North: 7S 6S 9H 3H KD 6D 2D KC JC 9C 4C 3C
  East:  KS QS 10S 5S 2S 7H AD 9D AC 8C 7C 5C
  South: AS JS 9S 8S 3S AH KH QD 8D 7D 6C 2C
  West:  4S JH 8H 6H 5H 4H 2H 10D 4D 3D QC 10C
stock 10H 5D QH JD
ruff South discards AS JS 8S QD
play
  1. East:  2S 9S 4S 7S
  2. South: 7D 3D 2D AD
  3. East:  7H QH JH 3H
  4. South: 3S QC 6S 10S
  5. East:  KS KH 2H 4C
  6. South: 6C 10C 3C
  *
""",
    ),
    # East led a trump before trumps were broken, which only a hand of trumps may (TD303):
    # East's five hidden cards are spades, which no bound on suits shown lacking says.
    "truf_de": (
        "West",
        """seed 53055

[Ruleset "truf-de"]
[Players "North East South West"]

deal 1
dealer North
hands
  North: AS 10S 8S 7S 10H 8H 7H JD AC 6C 5C 4C 2C
  East:  KS 9S 6S 5S 4S 3S KH QH JH 3H 5D 8C 7C
  South: QS JS 6H 4H 2H AD KD QD 8D 3D 2D 10C 9C
  West:  2S AH 9H 5H 10D 9D 7D 6D 4D KC QC JC 3C
bids
  East:  3S   = 3
  South: 4H   = 4
  West:  AH   = 1
  North: 8S   = 8
contract North trump S atas
play
  1. North: 8H JH 6H AH
  2. West:  9D JD 5D 3D
  3. North: 5C 7C 9C KC
  4. West:  3C 6C 8C 10C
  5. South: 4H 9H 7H KH
  6. East:  QH 2H 5H 10H
  7. East:  3H AD QC 2C
  8. East:  3S QS
  *
""",
    ),
}
"""Games in which few deals within the bounds on suits are worlds the player could be in."""


@pytest.mark.parametrize("name", sorted(HARD))
@pytest.mark.parametrize("tries", [worlds.TRIES, 0])
def test_a_world_is_found_where_random_deals_rarely_are_one(
    name: str, tries: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by fresh draws, and with none (``tries`` 0) by mending a draw."""
    monkeypatch.setattr(worlds, "TRIES", tries)
    player, text = HARD[name]
    state = pyspiel.load_game(name).deserialize_state(text)
    seat = state.episode.settings.players.index(player)
    for seed in range(3):
        world = draw(state.episode, player, random.Random(seed))
        assert world.state is not None
        assert strings(world.state, player, Selection()) == state.information_state_string(seat)
        assert world.decisions().ids == state.episode.decisions().ids


def test_every_deal_in_turn_finds_a_world_when_drawing_and_mending_do_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(worlds, "TRIES", 0)
    monkeypatch.setattr(worlds, "REPAIRS", 0)
    player, text = HARD["ruff_and_honours"]
    state = pyspiel.load_game("ruff_and_honours").deserialize_state(text)
    world = draw(state.episode, player, random.Random(1))
    assert world.state is not None
    assert strings(world.state, player, Selection()) == state.information_state_string(1)
    ruff = world.state.record().deals[-1].find(Ruff)
    assert ruff is not None and ruff.discards is not None
    assert {parse_card(c) for c in ("AS", "JS", "8S")} <= set(ruff.discards.cards)


@pytest.mark.slow
@settings(BUDGET)
@given(table=st.sampled_from(sorted(TABLES)), seed=st.integers(0, 2**16), data=st.data())
def test_a_drawn_world_depends_only_on_what_the_player_knows(
    table: str, seed: int, data: st.DataObject
) -> None:
    """Two games the player cannot tell apart (the cards they cannot see dealt anew) give
    the same world from the same random generator: the world is drawn from the player's
    information state alone, never from the hidden cards."""
    state, player, rng = mid_deal(table, seed, data, 0.1)
    other = redealt(state, player, rng)
    if other is None:
        return
    drawn = []
    for real in (state, other):
        episode = Episode(
            EpisodeSettings(real.ruleset, real.players, real.setup.chosen)
        ).with_state(real)
        world = draw(episode, player, random.Random(seed)).state
        assert world is not None
        assert strings(world, player, Selection()) == strings(real, player, Selection())
        kind = STATES[real.ruleset]
        deal = world.record().deals[-1]
        hands = kind.written_hands(deal)
        assert hands is not None
        drawn.append(({p: set(c) for p, c in hands.items()}, set(kind.written_undealt(deal))))
    assert drawn[0] == drawn[1]


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"nope": "x"}, "Unknown parameter 'nope'"),
        ({"max_bid": "lots"}, "REC014 option 'max-bid' cannot be 'lots'"),
        ({"players": 2}, "JB001"),
        ({"max_deals": 0}, "REF002 an episode plays at least one deal"),
        ({"returns": "glory"}, "REF002 returns is one of points, wins"),
    ],
)
def test_an_unknown_parameter_or_reading_is_refused_in_trufspec_words(
    params: dict[str, object], words: str
) -> None:
    with pytest.raises((pyspiel.SpielError, ValueError), match=words):
        pyspiel.load_game("truf_jb", params)


def test_an_illegal_id_or_a_text_that_is_not_a_record_is_refused() -> None:
    game = pyspiel.load_game("truf_de")
    state = game.new_initial_state()
    with pytest.raises(Refused, match="REF001 the seed is one of 0 to 65535: 1000000"):
        state.apply_action(10**6)
    state.apply_action(7)
    bad = next(i for i in range(NUM_ACTIONS) if i not in state.legal_actions())
    with pytest.raises(Refused, match=rf"REF001 \w+ cannot take decision {bad} \("):
        state.apply_action(bad)
    with pytest.raises(Refused, match="REF003 the text does not begin"):
        game.deserialize_state("hello")
    text = state.serialize().replace('"truf-de"', '"truf-basics"')
    with pytest.raises(Refused, match="REF003"):
        game.deserialize_state(text)
    env = trufspec.pettingzoo.env("truf-de")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(Refused, match=rf"REF001 {env.agent_selection} cannot take decision {bad}"):
        env.step(bad)
    with pytest.raises(Refused, match="REC014 option 'scoring' cannot be 'lots'"):
        trufspec.pettingzoo.env("truf-de", options={"scoring": "lots"})
    with pytest.raises(Refused, match="REF002 there is no referee for the ruleset 'chess'"):
        trufspec.pettingzoo.env("chess")
