"""Worlds a player cannot tell from the real one: the hidden cards dealt anew, for search.

Information-set search (OpenSpiel's ISMCTS) asks for a state drawn from what the player to
act knows.  :func:`draw` makes one through the referee's public interface: the record of
the game gives the hands as dealt and the cards left over (``written_hands``,
``written_undealt``); the cards the player has not seen (every card their view of the
current deal does not show, and not their own) are shuffled among the same places; a new
game is set up with those hands (:class:`~trufspec.referee.state.Setup`) and the actions of
the game are applied again.  An action the player never saw that the new hands do not allow
(another player's bid not yet shown, made with cards now elsewhere) is replaced by a random
legal action of that player.  A world is kept only when the player's string and legal
decisions in it are the real ones; :func:`draw` gives up after :data:`TRIES` draws (the
benchmark counts how often: see ``benchmarks/environments.py``).

Deals before the current one keep their hands: they are played and scored, and their
records are public but for a Tromplemond player's secret row, which this leaves as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs

from trufspec.cards import Card
from trufspec.environments.encoding import Selection, decisions
from trufspec.environments.episode import Episode
from trufspec.environments.observation import strings
from trufspec.records import Cards, Deal, Dealer
from trufspec.referee import STATES, GameState, Refused
from trufspec.referee.state import Setup

__all__ = ["TRIES", "draw"]

TRIES = 40
"""The draws tried before :func:`draw` gives up."""


def draw(episode: Episode, player: str, rng: random.Random) -> Episode | None:
    """An episode ``player`` cannot tell from ``episode`` (see the module's documentation);
    None when :data:`TRIES` draws found none.  Before the deal, the episode itself."""
    state = episode.state
    if state is None:
        return episode.copy()
    for _ in range(TRIES):
        world = _draw(episode, state, player, rng)
        if world is not None:
            return world
    return None


def _cards(value: object) -> Iterator[Card]:
    """Every card a record value holds, at any depth."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, Cards):
        yield from value.cards
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _cards(item)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]  # attrs.has narrows no type
            yield from _cards(getattr(value, field.name))


def _draw(episode: Episode, state: GameState, player: str, rng: random.Random) -> Episode | None:
    """One world, or None when the draw is not one the player could be in."""
    kind = STATES[state.ruleset]
    deals = state.record().deals
    seen_deal = state.view(player).record.deals[-1]
    given: list[dict[str, tuple[Card, ...]]] = []
    left: list[tuple[Card, ...]] = []
    for deal in deals:
        hands = kind.written_hands(deal)
        if hands is None:
            return None
        given.append(dict(hands))
        left.append(kind.written_undealt(deal))
    hands, undealt = given[-1], list(left[-1])
    fixed = set(_cards(seen_deal.sections)) | set(hands[player])
    slots = [(p, i) for p in hands if p != player for i in range(len(hands[p]))]
    slots += [("", i) for i in range(len(undealt))]
    new = {p: list(cards) for p, cards in hands.items()}

    def card_at(slot: tuple[str, int]) -> Card:
        return hands[slot[0]][slot[1]] if slot[0] else undealt[slot[1]]

    movable = [s for s in slots if card_at(s) not in fixed]
    cards = [card_at(s) for s in movable]
    rng.shuffle(cards)
    for (who, index), card in zip(movable, cards, strict=True):
        if who:
            new[who][index] = card
        else:
            undealt[index] = card
    given[-1] = {p: tuple(c) for p, c in new.items()}
    left[-1] = tuple(undealt)
    try:
        setup = Setup.make(
            state.ruleset,
            state.players,
            dict(episode.settings.readings),
            episode.seed or 0,
            given,
            _dealer(deals[0]),
            left,
        )
        world = kind(setup)
        for action in state.history:
            if world.why_not(action) is None:
                world.apply(action)
            else:
                legal = world.legal_actions(action.player)
                if not legal:
                    return None
                world.apply(legal[rng.randrange(len(legal))])
    except Refused:
        return None
    return _kept(episode, state, world, player)


def _dealer(deal: Deal) -> str | None:
    section = deal.find(Dealer)
    return None if section is None else section.player.value


def _kept(episode: Episode, state: GameState, world: GameState, player: str) -> Episode | None:
    """The world as an episode, when the player cannot tell it from the real one."""
    building = episode.selection if state.current_player == player else Selection()
    if strings(world, player, building) != strings(state, player, building):
        return None
    if state.current_player == player and (
        decisions(world, player, building).ids != decisions(state, player, building).ids
    ):
        return None
    return episode.with_state(world)
