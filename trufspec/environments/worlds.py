"""Worlds a player cannot tell from the real one: the hidden cards dealt anew, for search.

Information-set search (OpenSpiel's ISMCTS) asks for a state drawn from what the player to
act knows.  :func:`draw` makes one through the referee's public interface: the record of
the game gives the hands as dealt and the cards left over (``written_hands``,
``written_undealt``); the cards the player has not seen (every card their view of the
current deal does not show, and not their own) are dealt anew among the same places; a new
game is set up with those hands (:class:`~trufspec.referee.state.Setup`) and the actions of
the game are applied again.

**What the player knows of where cards are** bounds the deal: no other player is given a
card of a suit they showed they lack (they played another suit to a trick that led it),
unless they set cards aside unseen (a Ruff and Honours ruffer may have set that suit
aside); a card whose holder the game makes public
(:meth:`~trufspec.referee.state.GameState.public_holders`, as the ace of trumps of Ruff and
Honours' ruffer) goes to its holder; a card the ruffer played may have come from their hand
or from the stock they took up, and goes to either; and each place gets as many cards as it
had.  The cards
are dealt one at a time, each to a place drawn at random among those it may go to and that
still leave room for every card to come (Hall's condition on the places, checked at each
card), so a deal within these bounds is never abandoned half made.

**Actions the player never saw** (another player's bid not yet shown, a ruffer's discards)
that the new hands do not allow are replaced by a legal action of that player that keeps
the cards the player plays later, leaves them none of a suit they show they lack, and shows
the player what the real action showed them.  A world is kept only when the player's string
and legal decisions in it are the real ones.

**A world is always found.**  The rules may tell a player more than the bounds above (a
Truf-DE player who leads a trump before trumps are broken holds nothing else): a deal the
referee refuses to replay is then mended, the hand of the player whose card it refused dealt
anew with another place's, and kept when the replay gets as far or further (up to
:data:`REPAIRS` times, after :data:`TRIES` fresh draws); failing that, every deal within the
bounds is tried in turn, each replacement too.  The real deal is one of them, so the search
ends; finding none would be a fault of this module, and is raised as one.

Everything :func:`draw` uses is the player's information state: the cards they were shown,
the actions they saw, their view at each replaced action; the real hidden cards only give
the number of cards at each place.  Given the same random generator, two real states the
player cannot tell apart give the same world.

Deals before the current one keep their hands: they are played and scored, and their
records are public but for a Tromplemond player's secret row, which this leaves as it was.
The deals after the current one are dealt from a seed drawn anew.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping, Sequence

import attrs
from attrs import frozen

from trufspec.cards import FULL_PACK, Card, Suit
from trufspec.environments.encoding import Selection, decisions
from trufspec.environments.episode import Episode
from trufspec.environments.observation import strings
from trufspec.records import Deal, Dealer, Discards, Hands, Play, Stock, Undealt, cards_in
from trufspec.referee import STATES, GameState, Refused
from trufspec.referee.actions import Action, Discard, NextDeal, PlayCard
from trufspec.referee.state import Setup, hand_order

__all__ = ["REPAIRS", "TRIES", "draw"]

TRIES = 40
"""The fresh draws tried before a draw is mended."""

REPAIRS = 400
"""The mendings tried before every deal is tried in turn."""

_SHUFFLED = 5000
"""The most legal actions put in a random order to replace an action; of more (a truf-jb
bid may be any of a million sets of cards) the list is gone through from a random place."""

Placed = dict[str, tuple[Card, ...]]
"""The hidden cards given to each place: another player's name, or ``""`` for the cards
not dealt."""


def draw(episode: Episode, player: str, rng: random.Random) -> Episode:
    """An episode ``player`` cannot tell from ``episode`` (see the module's documentation);
    before the deal, the episode itself."""
    state = episode.state
    if state is None:
        return episode.copy()
    problem = _problem(episode, state, player)
    best: tuple[Placed, _Reached] | None = None
    for _ in range(TRIES):
        placed, reached = problem.deal(rng), _Reached()
        world = problem.world(placed, rng, 1, reached)
        if world is not None:
            return world
        if best is None or reached.step >= best[1].step:
            best = (placed, reached)
    # Mended from the draw whose replay got furthest.
    placed, reached = best if best is not None else (problem.deal(rng), _Reached())
    for _ in range(REPAIRS):
        mended = problem.mend(placed, reached.player, rng)
        again = _Reached()
        world = problem.world(mended, rng, 1, again)
        if world is not None:
            return world
        if again.step >= reached.step:
            placed, reached = mended, again
    for each in problem.every(rng):
        world = problem.world(each, rng, None, _Reached())
        if world is not None:
            return world
    raise AssertionError(
        f"no world of {state.ruleset} found for {player}, though the real game is one"
    )


@attrs.define
class _Reached:
    """How far a replay got: the step at which it stopped and whose action stopped it (the
    whole history and nobody when only the last comparison failed)."""

    step: int = -1
    player: str | None = None

    def note(self, step: int, player: str | None) -> None:
        if step > self.step:
            self.step, self.player = step, player


@frozen
class _Problem:
    """What a world must keep, all of it the player's to know."""

    episode: Episode
    state: GameState
    player: str
    capacity: Mapping[str, int]
    """The hidden cards each place holds."""
    allowed: Mapping[Card, frozenset[str]]
    """The places each hidden card may be at; the cards in the order of the pack."""
    slots: Mapping[str, tuple[int, ...]]
    """Where each place's hidden cards are written in its hand (or in the cards not dealt)."""
    given: tuple[Mapping[str, tuple[Card, ...]], ...]
    left: tuple[tuple[Card, ...], ...]
    voids: Mapping[str, frozenset[Suit]]
    in_order: bool
    """Whether the referee writes each hand in hand order, as a world's hands are then."""
    views: dict[int, str] = attrs.field(factory=dict)
    """The player's string after each action of the real game asked for so far."""

    def deal(self, rng: random.Random) -> Placed:
        """The hidden cards dealt at random within the bounds."""
        return _deal(list(self.allowed), self.allowed, self.capacity, rng)

    def mend(self, placed: Placed, stopped: str | None, rng: random.Random) -> Placed:
        """``placed`` with two places' hidden cards dealt anew between them: mostly the place
        of the player whose action the replay stopped at, and another."""
        places = [p for p in self.capacity if self.capacity[p]]
        first = stopped if stopped in places and rng.random() < 0.5 else rng.choice(places)
        others = [p for p in places if p != first]
        if not others:
            return placed
        pair = (first, rng.choice(others))
        cards = [c for p in pair for c in placed[p]]
        allowed = {c: self.allowed[c] & frozenset(pair) for c in cards}
        again = _deal(cards, allowed, {p: self.capacity[p] for p in pair}, rng)
        return placed | again

    def every(self, rng: random.Random) -> Iterator[Placed]:
        """Every deal within the bounds, in an order drawn from ``rng``."""
        cards = sorted(self.allowed, key=lambda c: len(self.allowed[c]))
        return _every(
            cards, self.allowed, dict(self.capacity), dict.fromkeys(self.capacity, ()), rng
        )

    def world(
        self, placed: Placed, rng: random.Random, width: int | None, reached: _Reached
    ) -> Episode | None:
        """The world of a deal, the first of its replays the player cannot tell from the
        real game (replacements tried: ``width`` for each unseen action, all when None)."""
        state = self.state
        given = [dict(hands) for hands in self.given]
        left = list(self.left)
        current = dict(given[-1])
        undealt = list(left[-1])
        for place, cards in placed.items():
            row = list(undealt if place == "" else current[place])
            for index, card in zip(self.slots[place], cards, strict=True):
                row[index] = card
            if place == "":
                undealt = row
            else:
                current[place] = hand_order(row) if self.in_order else tuple(row)
        given[-1] = current
        left[-1] = tuple(undealt)
        try:
            setup = Setup.make(
                state.ruleset,
                state.players,
                dict(self.episode.settings.readings),
                # The deals to come are as unknown as the hidden cards: dealt from a new seed.
                rng.randrange(2**32),
                given,
                _dealer(state.record().deals[0]),
                left,
            )
            start = STATES[state.ruleset](setup)
            for world in self._replays(start, 0, rng, width, reached):
                kept = _kept(self.episode, state, world, self.player)
                if kept is not None:
                    return kept
                reached.note(len(state.history), None)
        except Refused:
            return None
        return None

    def _replays(
        self, world: GameState, start: int, rng: random.Random, width: int | None, reached: _Reached
    ) -> Iterator[GameState]:
        """The replays of the history on ``world`` from ``start``: an action it refuses is
        replaced, by each of the first ``width`` legal actions that keep what the player saw
        (every one when None)."""
        history = self.state.history
        for step in range(start, len(history)):
            action = history[step]
            if world.why_not(action) is None:
                world.apply(action)
                continue
            reached.note(step, action.player)
            tried = 0
            for choice in self._instead(world, step, rng):
                branch = world.copy()
                branch.apply(choice)
                if not self._same_view(branch, step):
                    continue
                yield from self._replays(branch, step + 1, rng, width, reached)
                tried += 1
                if width is not None and tried >= width:
                    return
            return
        yield world

    def _instead(self, world: GameState, step: int, rng: random.Random) -> Iterator[Action]:
        """The legal actions that may stand for the action at ``step``, in a random order:
        what the player plays later stays in their hand, and of a suit they show they lack
        they keep only cards they play later."""
        history = self.state.history
        who = history[step].player
        later = {a.card for a in history[step + 1 :] if isinstance(a, PlayCard) and a.player == who}
        lacking = self.voids.get(who, frozenset())
        held = set(world.hand(who))
        for action in _shuffled(world.legal_actions(who), rng):
            out = _given(action)
            if not later.isdisjoint(out):
                continue
            if any(c.suit in lacking and c not in later for c in held.difference(out)):
                continue
            yield action

    def _same_view(self, world: GameState, step: int) -> bool:
        """Whether the player sees the world after ``step`` as they saw the real game then
        (part of what they remember)."""
        if step not in self.views:
            real = STATES[self.state.ruleset](self.state.setup)
            for action in self.state.history[: step + 1]:
                real.apply(action)
            self.views[step] = strings(real, self.player, Selection())
        return strings(world, self.player, Selection()) == self.views[step]


def _problem(episode: Episode, state: GameState, player: str) -> _Problem:
    """The bounds of a world for ``player`` (see the module's documentation)."""
    kind = STATES[state.ruleset]
    deals = state.record().deals
    deal_view = state.view(player).record.deals[-1]
    given: list[Mapping[str, tuple[Card, ...]]] = []
    left: list[tuple[Card, ...]] = []
    for deal in deals:
        hands = kind.written_hands(deal)
        assert hands is not None, "the referee's own record gives every hand"
        given.append(dict(hands))
        left.append(kind.written_undealt(deal))
    places: dict[str, tuple[Card, ...]] = {p: c for p, c in given[-1].items() if p != player}
    places[""] = left[-1]
    seen = set(cards_in(deal_view.sections)) | set(given[-1][player])
    history = state.history
    start = max((i + 1 for i, a in enumerate(history) if isinstance(a, NextDeal)), default=0)
    unseen_discards = {
        a.player for a in history[start:] if isinstance(a, Discard) and a.player != player
    }
    voids = _voids(deal_view, state)
    holders = state.public_holders()
    played = {a.card: a.player for a in history[start:] if isinstance(a, PlayCard)}
    shown = _shown(deal_view)

    def hidden(place: str, card: Card) -> bool:
        """Whether the player cannot tell where the card was dealt: unseen, or played by a
        player who took up the cards not dealt (from their hand or from those cards)."""
        if card not in seen:
            return True
        owner = played.get(card)
        return owner in unseen_discards and place in (owner, "") and card not in shown[place]

    slots = {p: tuple(i for i, c in enumerate(row) if hidden(p, c)) for p, row in places.items()}
    allowed: dict[Card, frozenset[str]] = {}
    for card in sorted((places[p][i] for p in slots for i in slots[p]), key=FULL_PACK.index):
        if card in holders:
            allowed[card] = frozenset({holders[card]})
        elif card in seen:
            allowed[card] = frozenset({played[card], ""})
        else:
            allowed[card] = frozenset(
                p
                for p in places
                if p == "" or p in unseen_discards or card.suit not in voids.get(p, ())
            )
    return _Problem(
        episode,
        state,
        player,
        {p: len(s) for p, s in slots.items()},
        allowed,
        slots,
        tuple(given),
        tuple(left),
        {p: frozenset(s) for p, s in voids.items()},
        _in_order(state.ruleset, state.players),
    )


def _shown(deal: Deal) -> defaultdict[str, set[Card]]:
    """The cards a view of a deal shows where they were dealt: in a player's row of a hand,
    or among the cards not dealt (``""``)."""
    shown: defaultdict[str, set[Card]] = defaultdict(set)
    for section in deal.sections:
        if isinstance(section, Stock | Undealt | Discards):
            shown[""].update(section.cards.cards)
        elif isinstance(section, Hands):
            for entry in section.entries:
                shown[entry.player.value].update(entry.cards.cards)
    return shown


@functools.cache
def _in_order(ruleset: str, players: tuple[str, ...]) -> bool:
    """Whether the referee writes the hands of ``ruleset`` in hand order (a Tromplemond hand
    is written public cards first): asked of a deal of its own, never of the real hands,
    whose order could tell something of the cards."""
    kind = STATES[ruleset]
    hands = kind.written_hands(kind(Setup.make(ruleset, players, {}, 0)).record().deals[-1])
    assert hands is not None
    return all(tuple(hand_order(cards)) == tuple(cards) for cards in hands.values())


def _fits(allowed: Mapping[Card, frozenset[str]], capacity: Mapping[str, int]) -> bool:
    """Whether the cards can all be placed: for every set of places, the cards that may only
    go to them are no more than the room they have (Hall's condition)."""
    kinds = Counter(allowed.values())
    places = sorted(set(capacity).union(*kinds))
    for size in range(1, len(places) + 1):
        for group in itertools.combinations(places, size):
            room = sum(capacity.get(p, 0) for p in group)
            chosen = frozenset(group)
            if sum(n for k, n in kinds.items() if k <= chosen) > room:
                return False
    return True


def _deal(
    cards: Sequence[Card],
    allowed: Mapping[Card, frozenset[str]],
    capacity: Mapping[str, int],
    rng: random.Random,
) -> Placed:
    """``cards`` dealt at random to the places they may go to, filling each place's room:
    each card in a random order goes to a place drawn in proportion to its room left, among
    those that leave the rest placeable."""
    order = list(cards)
    rng.shuffle(order)
    room = dict(capacity)
    left = {c: allowed[c] for c in order}
    placed: dict[str, list[Card]] = {p: [] for p in capacity}
    for card in order:
        del left[card]
        places = [p for p in sorted(allowed[card]) if room.get(p, 0)]
        while places:
            place = rng.choices(places, [room[p] for p in places])[0]
            room[place] -= 1
            if _fits(left, room):
                placed[place].append(card)
                break
            room[place] += 1
            places.remove(place)
        else:
            raise AssertionError(f"{card} fits no place, though the bounds were met")
    return {p: tuple(sorted(c, key=FULL_PACK.index)) for p, c in placed.items()}


def _every(
    cards: Sequence[Card],
    allowed: Mapping[Card, frozenset[str]],
    room: dict[str, int],
    placed: Placed,
    rng: random.Random,
) -> Iterator[Placed]:
    """Every way to deal ``cards`` to the room left, each card's places in a random order;
    a branch that leaves the rest unplaceable is cut."""
    if not cards:
        yield {p: tuple(sorted(c, key=FULL_PACK.index)) for p, c in placed.items()}
        return
    card, rest = cards[0], cards[1:]
    places = [p for p in sorted(allowed[card]) if room.get(p, 0)]
    rng.shuffle(places)
    for place in places:
        room[place] -= 1
        if _fits({c: allowed[c] for c in rest}, room):
            yield from _every(rest, allowed, room, placed | {place: (*placed[place], card)}, rng)
        room[place] += 1


def _shuffled(actions: Sequence[Action], rng: random.Random) -> Iterator[Action]:
    """``actions`` in a random order; a very long list from a random place on, round to it."""
    if len(actions) <= _SHUFFLED:
        order = list(actions)
        rng.shuffle(order)
        yield from order
        return
    first = rng.randrange(len(actions))
    for index in range(len(actions)):
        yield actions[(first + index) % len(actions)]


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
