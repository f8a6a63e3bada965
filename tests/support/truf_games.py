"""The truf-jb oracle for the property tests: Hypothesis strategies and test-only judgements.

The rules, the game model, the random games and their rendering live in
:mod:`oracle_truf_jb`;
they import nothing from ``trufspec.engine`` or ``trufspec.rulesets``, so the validator is
checked against an independent statement of the rules.  Here is only what the tests add: the
option grid they explore, the uniform-policy games as a Hypothesis strategy, and the oracle's
own judgement of a recorded play (which cards break which rule, who wins each trick), used to
find places for written faults.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from hypothesis import strategies as st
from oracle_truf_jb import Card, GeneratedGame, GeneratedTrick, random_game, seating, trick_winner

__all__ = ["OPTION_GRID", "jb_options", "play_violations", "trick_winners", "truf_jb_games"]

OPTION_GRID: dict[str, tuple[str, ...]] = {
    "zero-bid-miss": ("first-trick", "all-tricks", "flat"),
    "zero-bid-basis": ("adjusted", "original"),
    "even-adjust-amount": ("1", "2"),
    "even-adjust-scope": ("all-players", "winner-only", "mode-only"),
    "adjusted-bid-floor": ("zero", "none"),
    "tie-card-order": ("rank-then-suit", "suit-then-rank"),
    "tie-cards": ("all", "plus-only"),
    "trump-broken-by": ("any-earlier-trick", "ruff-only"),
    "turn-order": ("free", "clockwise", "counterclockwise"),
    "three-player-leftover": ("dead-card", "remove-fixed-card"),
    "max-bid": ("none", "tricks-available"),
}
"""The readings the property tests combine (the game length, ``deals``, is drawn apart)."""


def play_violations(
    players: tuple[str, ...],
    hands: dict[str, list[Card]],
    tricks: list[GeneratedTrick],
    trump: str,
    options: Mapping[str, str],
) -> list[tuple[int, int, str]]:
    """The oracle's judgement of a recorded play, card by card: ``(trick, position, code)``
    for every card not held (JB306), revoke (JB305) and trump led too early (JB303).  The
    leaders are not judged here (the record's leaders are taken as they stand)."""
    holding = {p: list(hands[p]) for p in players}
    broken = False
    found = []
    for number, trick in enumerate(tricks):
        order = seating(players, trick.leader, options)
        ruffed = False
        led = trick.cards[0][1]
        for position, (player, card) in enumerate(zip(order, trick.cards)):
            hand = holding[player]
            if card not in hand:
                found.append((number, position, "JB306"))
                continue
            if position == 0:
                if (
                    trump != "NT"
                    and card[1] == trump
                    and not broken
                    and any(c[1] != trump for c in hand)
                ):
                    found.append((number, position, "JB303"))
            elif card[1] != led:
                if any(c[1] == led for c in hand):
                    found.append((number, position, "JB305"))
                elif card[1] == trump:
                    ruffed = True
            hand.remove(card)
        trump_seen = trump != "NT" and any(c[1] == trump for c in trick.cards)
        if trump_seen and (options["trump-broken-by"] == "any-earlier-trick" or ruffed):
            broken = True
    return found


def trick_winners(
    players: tuple[str, ...], tricks: list[GeneratedTrick], trump: str, options: Mapping[str, str]
) -> list[str]:
    """Who wins each recorded trick (Playing, rule 7)."""
    return [seating(players, t.leader, options)[trick_winner(t.cards, trump)] for t in tricks]


def jb_options() -> st.SearchStrategy[dict[str, str]]:
    """Every combination of the option grid."""
    return st.fixed_dictionaries(
        {key: st.sampled_from(values) for key, values in OPTION_GRID.items()}
    )


_PLAYERS = st.sampled_from([3, 4])
_DEALS = st.integers(1, 4)
_DETAILS = st.sampled_from(["full", "score-sheet"])


@st.composite
def truf_jb_games(
    draw: st.DrawFn,
    players: st.SearchStrategy[int] = _PLAYERS,
    options: st.SearchStrategy[dict[str, str]] | None = None,
    deals: st.SearchStrategy[int] = _DEALS,
    detail: st.SearchStrategy[str] = _DETAILS,
) -> GeneratedGame:
    """A legal truf-jb game of the uniform policy (see
    :func:`~oracle_truf_jb.random_game`), with its record text: 3 or 4 players,
    every option combination of the grid, 1 to 4 deals, a full record or a score sheet, unless
    the arguments narrow them."""
    count = draw(players)
    chosen = draw(options if options is not None else jb_options())
    number = draw(deals)
    kind = draw(detail)
    seed = draw(st.randoms(use_true_random=False)).getrandbits(64)
    return random_game(random.Random(seed), count, chosen, number, kind)
