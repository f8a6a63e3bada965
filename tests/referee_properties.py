"""What the referee's property tests share: random readings of every option, random games
under them, and the Hypothesis budgets they run with.

The budget is a settings profile chosen by the environment variable
``TRUFSPEC_REFEREE_PROFILE``: ``referee-ci`` (the default, about a minute in all, which finds
every class of fault these properties have found so far) or ``referee-nightly`` (many more
examples, for a long run away from the suite).  Neither shrinks a failing example: a random
game's failure shrinks for many minutes, and the example as found (its seed, readings and cut,
with the record the assertion prints) is what a regression test keeps.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from referee_play import pick

from trufspec.referee import STATES, new_game
from trufspec.referee.actions import Action, BidCards
from trufspec.referee.state import GameState, Setup
from trufspec.referee.truf import TrufState
from trufspec.spec.registry import default_registry

settings.register_profile(
    "referee-ci",
    max_examples=int(os.environ.get("TRUFSPEC_REFEREE_EXAMPLES", "0")) or 100,
    deadline=None,
    derandomize=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "referee-nightly",
    max_examples=2000,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
BUDGET = settings.get_profile(os.environ.get("TRUFSPEC_REFEREE_PROFILE", "referee-ci"))
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
