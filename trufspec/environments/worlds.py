"""Worlds a player cannot tell from the real one: the hidden cards dealt anew, for search.

Information-set search (OpenSpiel's ISMCTS) asks for a state drawn from what the player to
act knows.  :func:`draw` makes one through the referee's public interface: the record of
the game gives the hands as dealt and the cards left over (``written_hands``,
``written_undealt``); the cards the player has not seen (every card their view of the
current deal does not show, and not their own) are shuffled among the same places; a new
game is set up with those hands (:class:`~trufspec.referee.state.Setup`) and the actions of
the game are applied again.  The shuffle keeps what the player knows of where cards are: no
other player is given a card of a suit they showed they lack (they played another suit to a
trick that led it), and a card whose holder the game makes public
(:meth:`~trufspec.referee.state.GameState.public_holders`, as the ace of trumps of Ruff and
Honours' ruffer) goes to its holder.  An action the player never saw that the new hands do
not allow (another player's bid not yet shown, a ruffer's discards) is replaced by a random
legal action of that player that keeps the cards the player plays later.  A world is kept
only when the player's string and legal decisions in it are the real ones; :func:`draw`
gives up after :data:`TRIES` draws (the benchmark counts how often: see
``benchmarks/environments.py``).

Deals before the current one keep their hands: they are played and scored, and their
records are public but for a Tromplemond player's secret row, which this leaves as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

import attrs

from trufspec.cards import Card, Suit
from trufspec.environments.encoding import Selection, decisions
from trufspec.environments.episode import Episode
from trufspec.environments.observation import strings
from trufspec.records import Cards, Deal, Dealer, Play
from trufspec.referee import STATES, GameState, Refused
from trufspec.referee.actions import Action, Discard, PlayCard
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
    pinned = {c: p for c, p in state.public_holders().items() if c not in fixed}
    placed = _deal_unseen(
        movable, [card_at(s) for s in movable], _voids(seen_deal, state), pinned, rng
    )
    if placed is None:
        return None
    for (who, index), card in zip(movable, placed, strict=True):
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
        history = state.history
        for step, action in enumerate(history):
            if world.why_not(action) is None:
                world.apply(action)
                continue
            legal = world.legal_actions(action.player)
            # What the player later plays is public: an action in its place keeps those cards.
            later = {
                a.card
                for a in history[step + 1 :]
                if isinstance(a, PlayCard) and a.player == action.player
            }
            keeping = [a for a in legal if later.isdisjoint(_given(a))] if later else legal
            choices = keeping or legal
            if not choices:
                return None
            world.apply(choices[rng.randrange(len(choices))])
    except Refused:
        return None
    return _kept(episode, state, world, player)


def _voids(seen: Deal, state: GameState) -> dict[str, set[Suit]]:
    """The suits each player is known to hold no more of: the led suit of every trick of the
    deal so far to which they played another suit (a card the table let stand as an
    irregularity tells nothing).  Every ruleset here makes a player follow suit."""
    voids: dict[str, set[Suit]] = {p: set() for p in state.players}
    play = seen.find(Play)
    if play is None:
        return voids
    seats = state.players
    for trick in play.tricks:
        cards = trick.cards.cards
        if not cards:
            continue
        if trick.players:
            order = [atom.value for atom in trick.players]
        else:
            first = seats.index(trick.leader.value) if trick.leader.value in seats else 0
            order = [seats[(first + i) % len(seats)] for i in range(len(cards))]
        led = cards[0].suit
        for index, card in enumerate(cards[1:], 1):
            if card.suit != led and not trick.cards.acknowledged(index) and index < len(order):
                voids.setdefault(order[index], set()).add(led)
    return voids


def _deal_unseen(
    slots: list[tuple[str, int]],
    cards: list[Card],
    voids: dict[str, set[Suit]],
    pinned: Mapping[Card, str],
    rng: random.Random,
) -> list[Card] | None:
    """``cards`` shuffled into ``slots`` so that every card of ``pinned`` goes to its holder
    and no player gets a card of a suit they are known to be void in: the pinned cards are
    placed first, then the most constrained players' slots are filled, each with a card drawn
    at random from those it may hold; None when a draw runs out of such cards."""
    pool = [card for card in cards if card not in pinned]
    rng.shuffle(pool)
    order = sorted(range(len(slots)), key=lambda i: -len(voids.get(slots[i][0], ())))
    placed: list[Card | None] = [None] * len(slots)
    for card, holder in pinned.items():
        free = [i for i in order if slots[i][0] == holder and placed[i] is None]
        if card not in cards or not free:
            return None
        placed[free[rng.randrange(len(free))]] = card
    for index in order:
        if placed[index] is not None:
            continue
        barred = voids.get(slots[index][0], set())
        allowed = [i for i, card in enumerate(pool) if card.suit not in barred]
        if not allowed:
            return None
        placed[index] = pool.pop(allowed[rng.randrange(len(allowed))])
    return [card for card in placed if card is not None]


def _given(action: Action) -> tuple[Card, ...]:
    """The cards an action puts out of its player's hand for the rest of the deal (cards bid
    or claimed stay in it)."""
    if isinstance(action, PlayCard):
        return (action.card,)
    return action.cards if isinstance(action, Discard) else ()


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
