"""The rules as a live referee: a game in progress, its legal actions and why others are not.

Start a game with :func:`new_game` (players, readings, hands dealt from a seed or given) or
from a record with :func:`resume`; then ask the :class:`~trufspec.referee.state.GameState` who
is to act, what is legal, apply actions and read the scores, the record so far and what each
player may see.  Every judgement is the validator's own: an action the referee refuses is
refused with the diagnostic ``trufspec check`` gives for the same action in a record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from trufspec.cards import Card
from trufspec.games import GAMES, load
from trufspec.referee.actions import (
    Action,
    BidCards,
    Choose,
    Claim,
    Discard,
    NextDeal,
    PlayCard,
    Vote,
)
from trufspec.referee.errors import REFEREE_CODES, Refused, describe
from trufspec.referee.resume import resume
from trufspec.referee.state import GameState, Setup, View

__all__ = [
    "STATES",
    "new_game",
    "resume",
    "GameState",
    "View",
    "Action",
    "PlayCard",
    "BidCards",
    "Choose",
    "NextDeal",
    "Discard",
    "Claim",
    "Vote",
    "Refused",
    "REFEREE_CODES",
    "describe",
    "is_irregularity",
]

STATES: Mapping[str, type[GameState]] = {game.id: load(game.referee) for game in GAMES}
"""The referee of each game (:data:`trufspec.games.GAMES`)."""

_IRREGULARITIES: tuple[Callable[[Action], bool], ...] = tuple(
    load(game.irregularities) for game in GAMES if game.irregularities is not None
)
"""How each game whose referee lists the table's statements of an irregularity tells them."""


def is_irregularity(action: Action) -> bool:
    """Whether ``action`` is the table's statement of an irregularity, in whichever game lists
    them among the legal actions: something a player does not choose to do in a fair game,
    which bots, tables and environments leave aside."""
    return any(irregular(action) for irregular in _IRREGULARITIES)


def new_game(
    ruleset: str,
    players: Sequence[str],
    readings: Mapping[str, str] | None = None,
    *,
    seed: int | str | None = None,
    hands: Sequence[Mapping[str, Sequence[Card]]] = (),
    dealer: str | None = None,
) -> GameState:
    """A new game of ``ruleset`` for ``players`` (in seating order, clockwise).

    ``readings`` are the options of the ruleset, the keys and values of ``--option``.  The
    hands of each deal are dealt from ``seed`` (a random one when None), except those of the
    first deals, which ``hands`` may give (one mapping of player to cards per deal).
    ``dealer`` deals the first deal (the first player when None).  An
    unknown ruleset or reading, a wrong number of players or hands that break the rules of
    the deal are refused (:class:`~trufspec.referee.errors.Refused`) with a diagnostic.
    """
    from trufspec.referee.resume import check_hands

    state_class = STATES.get(ruleset)
    if state_class is None:
        from trufspec.referee.errors import refusal

        known = ", ".join(STATES)
        raise Refused(
            [
                refusal(
                    "REF002",
                    f"there is no referee for the ruleset '{ruleset}'; there is one for {known}",
                )
            ]
        )
    setup = Setup.make(ruleset, players, readings, seed, hands, dealer)
    state = state_class(setup)
    if hands:
        check_hands(state)
    return state
