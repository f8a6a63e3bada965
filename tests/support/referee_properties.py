"""What the referee's property tests share: random readings of every option, random games
under them, and the Hypothesis budgets they run with.

The budget follows the suite's profile (:mod:`budgets`): in CI about a minute in all, which
finds every class of fault these properties have found so far; derandomized but in the ``long``
campaign.  No profile shrinks a failing example: a random game's failure shrinks for many
minutes, and the example as found (its seed, readings and cut, with the record the assertion
prints) is what a regression test keeps.
"""

from __future__ import annotations

import random

from budgets import NAME, examples
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from referee_play import pick

from trufspec.cards import FULL_PACK, Card
from trufspec.referee import STATES, BidCards, Discard, PlayCard, new_game
from trufspec.referee.actions import Action, Claim
from trufspec.referee.errors import Refused
from trufspec.referee.resume import check_hands
from trufspec.referee.ruff_and_honours import RuffAndHonoursState
from trufspec.referee.state import GameState, Setup
from trufspec.referee.tromplemond import TromplemondState
from trufspec.referee.truf import TrufState
from trufspec.spec.registry import default_registry

BUDGET = settings(
    max_examples=examples(100),
    deadline=None,
    derandomize=NAME != "long",
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""The settings of every referee property test."""

TABLES = {
    "truf-jb/4": ("truf-jb", ("Ana", "Budi", "Citra", "Dewi")),
    "truf-jb/3": ("truf-jb", ("Ana", "Budi", "Citra")),
    "truf-basics": ("truf-basics", ("Ana", "Budi", "Citra", "Dewi")),
    "truf-de": ("truf-de", ("Ana", "Budi", "Citra", "Dewi")),
    "ruff-and-honours": ("ruff-and-honours", ("Ana", "Budi", "Citra", "Dewi")),
    "tromplemond": ("tromplemond", ("Rob", "Nick", "Sam", "Emily")),
}
"""Each ruleset with a referee, at each size of table it is played at."""

NUMBERS = {
    "deals": (1, 2),
    "even-adjust-amount": (1, 3),
    "multiplier": (1, 4),
    "honours-bar-score": (1, 9),
    "target-points": (1, 12),
    "max-revotes": (0, 2),
    "max-rounds": (1, 2),
    "extra-round-max": (0, 1),
    "tromp-stake": (1, 3),
}
"""The values drawn for the options that take a number: the whole range where it is small,
a short game where it sets the length (every value of a length plays the same rules)."""


@st.composite
def readings(draw: st.DrawFn, ruleset: str) -> dict[str, str]:
    """Every option of the ruleset, each at any of its values (its default among them)."""
    chosen: dict[str, str] = {}
    for key, option in default_registry().options_of(ruleset).items():
        if option.choices:
            chosen[key] = draw(st.sampled_from(option.choices))
        else:
            low, high = NUMBERS[key]
            chosen[key] = str(draw(st.integers(low, high)))
    return chosen


EVEN_TRIES = 80
"""How many of the last bidder's legal bids random play tries for one that makes the bids
even (a Truf deal's contract is chosen only then, which bids drawn blindly almost never are)."""


def play(
    state: GameState, rng: random.Random, deals: int, irregular: float, limit: int = 600
) -> list[Action]:
    """Random legal actions until ``deals`` deals are played, the game is over or ``limit``
    actions are taken; the actions, in order.  Tromplemond's table states an irregularity at
    the chance ``irregular`` whenever one is on offer; the last bidder of a Truf deal makes the
    bids even when one of the bids tried does, half the time."""
    while state.deal_number <= deals and not state.is_game_over and len(state.history) < limit:
        state.apply(even_bid(state, rng) or pick(state, rng, irregular))
    return list(state.history)


def even_bid(state: GameState, rng: random.Random) -> Action | None:
    """A bid of the last bidder of a Truf deal that brings the bids to the tricks of the
    deal, by the values the referee's record gives them; None when none of those tried does,
    or by chance half the time."""
    if not isinstance(state, TrufState) or state.phase != "bids" or len(state.to_act) != 1:
        return None
    if rng.random() < 0.5:
        return None
    made = sum(state.bid_values().values())
    legal = state.legal_actions()
    for _ in range(EVEN_TRIES):
        bid = legal[rng.randrange(len(legal))]
        value = state.bid_value(bid) if isinstance(bid, BidCards) else None
        if value is not None and made + value == state.size:
            return bid
    return None


def fresh(table: str, chosen: dict[str, str], seed: int) -> GameState:
    """A new game at ``table`` under ``chosen``, dealt from ``seed``."""
    ruleset, players = TABLES[table]
    return new_game(ruleset, players, chosen, seed=seed)


def mid_deal(
    table: str, seed: int, data: st.DataObject, irregular: float
) -> tuple[GameState, str, random.Random]:
    """A game at ``table`` under drawn readings, played at random to a point of its first deal
    (never its end), and a player drawn to look at it: where the information-set properties
    ask what that player is shown.  The generator goes on from the play, for what follows."""
    ruleset, players = TABLES[table]
    chosen = data.draw(readings(ruleset), label="readings")
    state = STATES[ruleset](Setup.make(ruleset, players, chosen, seed))
    rng = random.Random(seed)
    steps = data.draw(st.integers(0, 60), label="steps")
    for _ in range(steps):
        if state.is_deal_over:
            break
        play(state, rng, 1, irregular, len(state.history) + 1)
    if state.is_deal_over:
        state.undo()
    return state, data.draw(st.sampled_from(players), label="player"), rng


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
