"""Nothing leaks: what the referee tells a player depends only on what that player may see.

For a player P at a random point of the first deal of a random game (every ruleset, every
option at any value), the cards P cannot see are dealt differently among the others: the
other hands, the undealt cards, a Ruff and Honours stock under its turned card, the secret
cards and the cards set aside in Tromplemond.  What the table has seen stays where it was: a
card played, bid, cut, discarded or public, and (Ruff and Honours) the ace of trumps, which
names the ruffer.  The same actions are applied to the redealt game, and the referee must tell
P the same things in both: the view, the observation string, the legal actions and the
refusal (code and message) of every action P might try, cards P does not hold among them.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referee_properties import BUDGET, TABLES, mid_deal, redealt

from trufspec.cards import FULL_PACK
from trufspec.referee import BidCards, Choose, Discard, PlayCard, Vote
from trufspec.referee.actions import Action
from trufspec.referee.ruff_and_honours import RuffAndHonoursState
from trufspec.referee.state import GameState, Setup


def tries(state: GameState, player: str) -> list[Action]:
    """What ``player`` might try now: their legal actions (a sample of a long list) and, for
    every card of the pack, playing, bidding or cutting it; a vote for each player; the
    table's statements of an irregularity."""
    legal = state.legal_actions(player)
    step = max(1, len(legal) // 40)
    found: list[Action] = list(legal[::step])
    found += [PlayCard(player, c) for c in FULL_PACK]
    found += [BidCards(player, (c,)) for c in FULL_PACK]
    found += [Vote(player, p) for p in state.players]
    found += [Choose(player, w) for w in ("misdeal", "abstain", "pass", "deal")]
    found += [Choose(player, f"early-reveal {p}") for p in state.players]
    if isinstance(state, RuffAndHonoursState):
        found += [Discard(player, tuple(FULL_PACK[i : i + 4])) for i in range(0, 52, 4)]
    return found


def told(state: GameState, player: str, actions: Sequence[Action]) -> tuple[object, ...]:
    """Everything the referee tells ``player`` now."""
    view = state.view(player)
    legal = state.legal_actions(player)
    step = max(1, len(legal) // 64)
    refusals = [state.why_not(a) for a in actions]
    return (
        view.phase,
        view.to_act,
        view.hand,
        view.record,
        len(view.legal_actions),
        state.observation_string(player),
        len(legal),
        tuple(legal[::step]),
        [None if r is None else (r.code, r.message) for r in refusals],
    )


@pytest.mark.slow
@settings(BUDGET, max_examples=BUDGET.max_examples * 5)  # a point of one deal is cheap
@given(
    table=st.sampled_from(sorted(TABLES)),
    seed=st.integers(0, 2**16),
    data=st.data(),
)
def test_what_a_player_is_told_does_not_depend_on_cards_they_cannot_see(
    table: str, seed: int, data: st.DataObject
) -> None:
    state, player, rng = mid_deal(table, seed, data, 0.1)
    other = redealt(state, player, rng)
    if other is None:
        return
    actions = tries(state, player)
    assert told(other, player, actions) == told(state, player, actions)


def test_a_card_another_player_holds_or_set_aside_is_refused_in_the_same_words() -> None:
    """The class the property found: the refusal named the holder (JB306, TB304, TD306,
    RH304), and a Ruff and Honours card set aside was worded apart from one another holds."""
    state = RuffAndHonoursState(
        Setup.make("ruff-and-honours", TABLES["ruff-and-honours"][1], {}, 5)
    )
    ruffer = state.ruffer
    state.apply(Discard(ruffer, state.hand(ruffer)[-4:]))
    player = state.to_act[0]
    others = [c for p in state.players if p != player for c in state.hand(p)]
    set_aside = [c for c in state.stock + state.dealt[ruffer] if c not in state.hand(ruffer)]
    words = {
        (r.code, r.message.split(":", 1)[1])
        for c in others + set_aside
        if (r := state.why_not(PlayCard(player, c))) is not None
    }
    assert words == {("RH304", " it is not in their hand")}
