"""Every game is described once, in ``trufspec.games``, and every listing of games reads it."""

from __future__ import annotations

from typing import cast

import pytest

from trufspec.games import GAMES, PREFIXES, descriptor
from trufspec.referee import STATES, NextDeal, PlayCard, Refused, new_game
from trufspec.referee.actions import Choose
from trufspec.rulesets import RULESETS
from trufspec.simulate import SIMULATORS, simulator_for
from trufspec.spec.clauses import CODE_PATTERN
from trufspec.spec.registry import default_registry

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")


def test_every_listing_of_games_is_the_descriptors() -> None:
    ids = [game.id for game in GAMES]
    assert list(RULESETS) == ids
    assert list(STATES) == ids
    assert list(SIMULATORS) == ids
    for game in GAMES:
        assert RULESETS[game.id].id == game.id
        assert STATES[game.id].ruleset == game.id
        assert simulator_for(game.id).ruleset == game.id
        clauses = default_registry().clauses_of(game.id)
        assert clauses and all(c.code.startswith(game.prefix) for c in clauses)
        assert default_registry().options_of(game.id)
        assert descriptor(game.id) is game
    assert descriptor("whist") is None


def test_a_clause_code_takes_a_games_prefix_or_the_notations() -> None:
    for prefix in (*PREFIXES, "REC"):
        assert CODE_PATTERN.match(f"{prefix}101")
    assert not CODE_PATTERN.match("XX101")


def test_only_a_card_or_a_tromplemond_bribe_can_be_let_stand() -> None:
    state = new_game("truf-jb", PLAYERS, seed=1)
    with pytest.raises(Refused, match="only a card played to a trick") as raised:
        state.acknowledged(NextDeal("Ana"))
    assert raised.value.diagnostic.code == "REF001"
    assert cast(PlayCard, state.acknowledged(PlayCard("Ana", state.hand("Ana")[0]))).acknowledged
    round_ = new_game("tromplemond", PLAYERS, seed=1)
    assert round_.acknowledged(Choose("Ana", "bribe Budi")) == Choose("Ana", "bribe Budi!")
    with pytest.raises(Refused, match="only a bribe"):
        round_.acknowledged(PlayCard("Ana", round_.hand("Ana")[0]))
    with pytest.raises(Refused, match="never by the player who commits it"):
        round_.action("Ana", "bribe Budi!")
