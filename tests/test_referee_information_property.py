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

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st
from referee_properties import BUDGET, TABLES, mid_deal

from trufspec.cards import FULL_PACK, Card
from trufspec.referee import STATES, BidCards, Choose, Discard, PlayCard, Vote
from trufspec.referee.actions import Action, Claim
from trufspec.referee.errors import Refused
from trufspec.referee.resume import check_hands
from trufspec.referee.ruff_and_honours import RuffAndHonoursState
from trufspec.referee.state import GameState, Setup
from trufspec.referee.tromplemond import TromplemondState
from trufspec.referee.truf import TrufState


def seen_by_the_table(state: GameState) -> set[Card]:
    """The cards whose place every player knows, or that an action of the history names."""
    seen: set[Card] = set()
    for action in state.history:
        if isinstance(action, PlayCard | Discard | Claim | BidCards):
            seen |= {action.card} if isinstance(action, PlayCard) else set(action.cards)
    if isinstance(state, RuffAndHonoursState):
        trumps = state.stock[0].suit
        seen |= {state.stock[0], next(c for c in FULL_PACK if c.suit is trumps and c.rank == 14)}
    if isinstance(state, TromplemondState):
        seen |= {c for cards in state.public.values() for c in cards}
    return seen


def places(state: GameState) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...]]:
    """The hands of the first deal as dealt, and the cards no hand holds (in the order a
    record writes them)."""
    if isinstance(state, TromplemondState):
        hands = {p: state.public[p] + state.secret[p] for p in state.players}
        return hands, state.set_aside
    if isinstance(state, RuffAndHonoursState):
        return dict(state.dealt), state.stock
    assert isinstance(state, TrufState)
    return dict(state.dealt), tuple(state.undealt)


def redealt(state: GameState, player: str, rng: random.Random) -> GameState | None:
    """The first deal of ``state``'s game with the cards ``player`` cannot see dealt anew
    among the others, with the same actions applied; None when no such deal the rules allow
    was found (a Truf-DE hand of pictures only, say)."""
    hands, undealt = places(state)
    fixed = seen_by_the_table(state)
    if isinstance(state, TromplemondState):
        fixed |= set(hands[player][:2])
    mine = set(hands[player]) | (
        set(undealt) if isinstance(state, RuffAndHonoursState) and player == state.ruffer else set()
    )
    slots = [(p, i) for p in hands if p != player for i, c in enumerate(hands[p])]
    slots += [("", i) for i in range(len(undealt))]

    def card_at(slot: tuple[str, int]) -> Card:
        return hands[slot[0]][slot[1]] if slot[0] else undealt[slot[1]]

    movable = [s for s in slots if card_at(s) not in fixed and card_at(s) not in mine]
    for _ in range(20):
        cards = [card_at(s) for s in movable]
        rng.shuffle(cards)
        new = {p: list(h) for p, h in hands.items()}
        rest = list(undealt)
        for (who, index), card in zip(movable, cards, strict=True):
            if who:
                new[who][index] = card
            else:
                rest[index] = card
        setup = Setup.make(
            state.setup.ruleset,
            state.players,
            dict(state.setup.chosen),
            state.setup.seed,
            [new],
            state.setup.dealer,
            [rest],
        )
        other = STATES[state.setup.ruleset](setup)
        try:
            check_hands(other)
            for action in state.history:
                other.apply(action)
        except Refused:
            continue
        return other
    return None


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
