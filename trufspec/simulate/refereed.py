"""Games played through the referee: bots at a table, and the record the table writes.

The referee (:mod:`trufspec.referee`) deals, says who is to act and what is legal, and keeps
the scores; the bots (:mod:`trufspec.simulate.bots`) choose among its legal actions; the record
is the referee's own, so a simulated game checks clean by construction and with the scores the
referee gave.  This module adds only what a simulation needs beside the rules: who sits at the
table and at which level each bot plays, how many deals are played, how much of the record is
written (:class:`~trufspec.simulate.Detail`) and, for tests of the validator, a fault played on
purpose.

A fault is an illegal action a bot is told to make: a card the rules forbid now (``card``) or
a lead by the wrong player (``turn``).  The referee refuses it, and a table would stop there;
so the game ends at the fault, and its record is the game so far with the faulty card written
at its end, as the notation writes it.  :attr:`Played.fault` is the referee's refusal: the
diagnostic the validator gives for that card in the record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from attrs import frozen

import trufspec
from trufspec.diagnostics import Diagnostic
from trufspec.games import game_of
from trufspec.records import Atom, Cards, Deal, Game, Hands, Play, Tag, Trick, Undealt, replace
from trufspec.referee import GameState, PlayCard, new_game
from trufspec.referee.tricks import TrickGame
from trufspec.simulate import Detail, Simulator
from trufspec.simulate.bots import DEFAULT_BUDGET, Budget, make_bot
from trufspec.spec.registry import default_registry

__all__ = ["FAULTS", "Played", "play_game", "render", "simulator"]

PLAYER_NAMES = (
    "Ana",
    "Budi",
    "Citra",
    "Dewi",
    "Eko",
    "Fitri",
    "Gita",
    "Hadi",
    "Indah",
    "Joko",
    "Lestari",
    "Rudi",
)
"""Names for the players of simulated games, as many as the game seats drawn per game."""

FAULTS = ("card", "turn")
"""The faults a bot can be told to play: a card of its hand the rules forbid now, or a trick
led by a player who is not to lead it."""

_LONGEST = 60
"""The most deals a simulated game is played for: far more than any game with an end needs."""

_HIDDEN = (Hands, Undealt, Play)
"""What a score sheet leaves out: the cards dealt and played."""


@frozen
class Played:
    """A simulated game: the referee's state at its end, and the fault played, if any."""

    state: GameState
    game: Game
    """The record: the referee's, with the faulty card written at its end when there is one."""
    fault: Diagnostic | None = None
    """Why the faulty card is not legal, as the referee and the validator say it."""


def _seats(ruleset: str, rng: random.Random, count: int | None) -> tuple[str, ...]:
    """The players: ``count`` of them, or four, now and then three when the game seats
    three."""
    if count is not None:
        return tuple(rng.sample(PLAYER_NAMES, count))
    seats = game_of(ruleset).seats
    for count in (3, 4) if rng.random() < 0.25 else (4,):
        if count in seats:
            return tuple(rng.sample(PLAYER_NAMES, count))
    raise AssertionError(f"{ruleset} seats neither three nor four players")


def play_game(
    ruleset: str,
    rng: random.Random,
    options: Mapping[str, str] | None = None,
    *,
    deals: int = 0,
    players: tuple[str, ...] = (),
    fault: str | None = None,
    levels: tuple[str, ...] = ("basic",),
    budget: Budget = DEFAULT_BUDGET,
) -> Played:
    """One game of bots under the readings ``options``: to its end, or for ``deals`` deals
    (four to eight when the readings let the game go on as long as the table does, as
    truf-jb's ``deals=0``); with ``fault`` (one of :data:`FAULTS`), until the first play where
    that fault can be made, made there.

    ``levels`` are the bots' levels (:data:`~trufspec.simulate.bots.LEVELS`): one for every
    seat, or one per seat in seating order (which seats that many players); a ``search``
    bot thinks within ``budget``.  The record names them in its ``Bots`` tag, and the
    budget in its ``Think`` tag when a bot searches."""
    seats = players or _seats(ruleset, rng, len(levels) if len(levels) > 1 else None)
    state = new_game(ruleset, seats, options, seed=rng.randrange(2**32))
    if fault and not isinstance(state, TrickGame):
        raise ValueError(f"a fault is a card played in a game of tricks, which {ruleset} is not")
    by_seat = levels if len(levels) > 1 else levels * len(seats)
    if len(by_seat) != len(seats):
        raise ValueError(f"{len(by_seat)} bot levels for {len(seats)} players")
    bots = {seat: make_bot(level, rng, budget) for seat, level in zip(seats, by_seat, strict=True)}
    endless = state.readings.get("deals") == "0"
    wanted = deals or (rng.randint(4, 8) if endless else _LONGEST)
    faulty_from = rng.randint(1, 20) if fault else 0
    plays = 0
    # A game is over only at the end of a deal: asked once an action while a deal goes on.
    while not (state.is_deal_over and (state.is_game_over or state.deal_number >= wanted)):
        player = state.current_player
        assert player is not None
        if fault and isinstance(state, TrickGame) and state.phase == "play":
            plays += 1
            if plays >= faulty_from:
                wrong = _fault(state, fault, player)
                if wrong is not None:
                    problem = state.why_not(wrong)
                    assert problem is not None
                    game = _tagged(_with_card(state, wrong), by_seat, budget)
                    return Played(state, game, problem)
        state.apply(bots[player].choose(state, player))
    return Played(state, _tagged(state.record(), by_seat, budget))


def _tagged(game: Game, levels: tuple[str, ...], budget: Budget) -> Game:
    """The record with the ``Bots`` tag (each seat's level, in seating order) and, when a bot
    searches, the ``Think`` tag (its budget)."""
    tags = [*game.tags, Tag("Bots", " ".join(levels))]
    if "search" in levels:
        tags.append(Tag("Think", str(budget)))
    return replace(game, tags=tuple(tags))


def _fault(state: TrickGame, kind: str, player: str) -> PlayCard | None:
    """The faulty card of ``kind`` that can be played now, if there is one: a card of
    ``player``'s hand the rules forbid, or a lead by the player after the leader (of a card
    that is not a trump, so that the lead is the only fault)."""
    table = state.table
    assert table is not None
    if kind == "turn":
        if table.current:
            return None
        seats = state.players
        other = seats[(seats.index(player) + 1) % len(seats)]
        plain = [c for c in state.hand(other) if c.suit is not table.trump]
        return PlayCard(other, plain[0]) if plain else None
    illegal = [
        PlayCard(player, c) for c in state.hand(player) if not state.is_legal(PlayCard(player, c))
    ]
    return illegal[0] if illegal else None


def _with_card(state: TrickGame, action: PlayCard) -> Game:
    """The record with ``action``'s card written at the end of the play, each card of its
    trick with its player (a card out of turn has no place in the leader form)."""
    game = state.record()
    *before, deal = game.deals
    play = deal.find(Play)
    assert play is not None
    assert state.table is not None
    current = list(state.table.current)
    tricks = list(play.tricks[:-1] if current else play.tricks)
    players = [p for p, _ in current] + [action.player]
    cards = [c for _, c in current] + [action.card]
    trick = Trick(
        Atom(len(tricks) + 1),
        Atom(players[0]),
        Cards(tuple(cards)),
        tuple(Atom(p) for p in players),
    )
    sections = tuple(
        replace(play, tricks=(*tricks, trick), incomplete=True) if s is play else s
        for s in deal.sections
    )
    return replace(game, deals=(*before, replace(deal, sections=sections)))


def render(game: Game, detail: Detail) -> str:
    """The record as the notation prints it; a score sheet without the cards dealt and played."""
    deals = game.deals
    if detail is Detail.SHEET:
        deals = tuple(_sheet(d) for d in deals)
    return trufspec.dumps([replace(game, deals=deals)])


def _sheet(deal: Deal) -> Deal:
    return replace(deal, sections=tuple(s for s in deal.sections if type(s) not in _HIDDEN))


def simulator(ruleset: str) -> Simulator:
    """The simulator of a ruleset the referee plays: every reading of the ruleset."""

    def play(
        rng: random.Random,
        options: Mapping[str, str],
        detail: Detail,
        levels: tuple[str, ...],
        budget: Budget,
    ) -> str:
        played = play_game(ruleset, rng, options, levels=levels, budget=budget)
        return render(played.game, detail).split("\n", 1)[1]

    options = frozenset(default_registry().options_of(ruleset))
    return Simulator(ruleset, play, options, game_of(ruleset).seats)
