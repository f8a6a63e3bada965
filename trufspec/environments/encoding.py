"""The action encoding the environments share: one fixed list of action ids for every ruleset.

A learning program needs a fixed, small set of actions; the referee's actions are values
(a card played, a bid of several cards, a vote, a choice of words).  Each id below stands
for one decision, the same in every ruleset:

==========  ====================================================================
0-51        play (or, in Tromplemond, cut) card ``i`` of the pack
52-103      put card ``i`` in the bid, claim or discard being built, plus
104-155     put card ``i`` in the bid being built, minus (truf-jb's minus cards)
156         done: the bid, claim or discard built so far is made
157         deal the next deal
158-161     vote for (send off) the player in seat ``k``
162-177     the ``k``-th of the choices the rules leave open now, in the order of their words
==========  ====================================================================

Cards are numbered in the order of :data:`trufspec.cards.FULL_PACK` (spades 2 to ace,
hearts, diamonds, clubs).  A bid, a Tromplemond claim or a Ruff and Honours discard is made
of several cards, and a truf-jb hand has over a million bids, so such an action is built by
a short sequence of decisions: its cards in the order of the pack, each plus or minus, then
"done".  A decision is legal when some action the referee allows begins with the cards
chosen so far; "done" is legal when the cards chosen are such an action.  Every sequence
therefore ends in an action of the referee's legal list, and every action of the list is
reached by exactly one sequence.

Which actions are legal is always the referee's answer: for a list short enough to walk,
its prefixes; for truf-jb's lazy list of bids, the referee's judgement (``why_not``) of the
bids that complete the cards chosen with the fewest points (the rest of the hand minus) or
with nothing more.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Mapping, Sequence

from attrs import frozen

from trufspec.cards import FULL_PACK, Card
from trufspec.referee import (
    Action,
    BidCards,
    Choose,
    Claim,
    Discard,
    GameState,
    NextDeal,
    PlayCard,
    Refused,
    Vote,
    is_irregularity,
)
from trufspec.referee.errors import refusal

__all__ = [
    "PLAY",
    "PLUS",
    "MINUS",
    "DONE",
    "NEXT_DEAL",
    "VOTE",
    "CHOOSE",
    "SEATS",
    "CHOICES",
    "NUM_ACTIONS",
    "Selection",
    "Decisions",
    "Point",
    "decisions",
    "id_words",
    "action_ids",
]

PLAY = 0
PLUS = 52
MINUS = 104
DONE = 156
NEXT_DEAL = 157
VOTE = 158
SEATS = 4
"""The most players at a table of any ruleset: the number of vote ids."""
CHOOSE = VOTE + SEATS
CHOICES = 16
"""The most choices the rules leave open at one point (a contract's mode and adjustment)."""
NUM_ACTIONS = CHOOSE + CHOICES

INDEX = {card: i for i, card in enumerate(FULL_PACK)}
"""Each card's place in the pack: its number in the ids."""

WALK_LIMIT = 100_000
"""The longest list of legal actions whose prefixes are found by walking it; a longer one is
truf-jb's lazy list of bids, whose prefixes are judged by the referee."""

COMPOSITE = (BidCards, Claim, Discard)


@frozen
class Selection:
    """The cards of a bid, claim or discard chosen so far, in the order of the pack, each with
    whether it is bid minus."""

    cards: tuple[tuple[Card, bool], ...] = ()

    def add(self, card: Card, minus: bool) -> Selection:
        return Selection((*self.cards, (card, minus)))

    def words(self) -> str:
        """The selection as a record writes a bid (``3S -JD``)."""
        return " ".join(("-" if minus else "") + str(card) for card, minus in self.cards)


def _key(action: Action) -> tuple[tuple[Card, bool], ...]:
    """The cards of a bid, claim or discard in the order of the pack, each with its sign."""
    if isinstance(action, BidCards):
        signed = [(c, i in action.minus) for i, c in enumerate(action.cards)]
    else:
        assert isinstance(action, Claim | Discard)
        signed = [(c, False) for c in action.cards]
    return tuple(sorted(signed, key=lambda pair: INDEX[pair[0]]))


def _card_id(card: Card, minus: bool) -> int:
    return (MINUS if minus else PLUS) + INDEX[card]


@frozen
class Decisions:
    """The legal decisions of the player to act: each id with the referee's action it makes
    (None for a decision that only adds a card to the selection)."""

    ids: tuple[int, ...]
    actions: tuple[Action | None, ...]

    def action(self, action_id: int) -> Action | None:
        return self.actions[self.ids.index(action_id)]


def decisions(state: GameState, player: str, selection: Selection) -> Decisions:
    """The legal decisions of ``player`` (who is to act) with ``selection`` chosen so far."""
    return Point(state, player).decisions(selection)


class Point:
    """A point of a game where ``player`` decides: the referee's legal actions, asked once,
    and, for a list of bids, claims or discards short enough to walk, the decisions that make
    each of them, in order (a selection's actions are then a run of the list, found by
    bisection)."""

    def __init__(self, state: GameState, player: str) -> None:
        self.state = state
        self.player = player
        self.legal = state.legal_actions(player)
        self._made: list[tuple[tuple[int, ...], Action]] | None = None

    def decisions(self, selection: Selection) -> Decisions:
        legal = self.legal
        if selection.cards or (legal and isinstance(legal[0], COMPOSITE)):
            if len(legal) <= WALK_LIMIT:
                pairs = self._walked(selection)
            else:
                pairs = _judged(self.state, self.player, selection)
        else:
            pairs = _simple(self.state, legal)
        pairs.sort(key=lambda pair: pair[0])
        return Decisions(tuple(i for i, _ in pairs), tuple(a for _, a in pairs))

    def _walked(self, selection: Selection) -> list[tuple[int, Action | None]]:
        if self._made is None:
            self._made = sorted(
                ((_ids(action), action) for action in self.legal if isinstance(action, COMPOSITE)),
                key=lambda pair: pair[0],
            )
        made = self._made
        chosen = tuple(_card_id(card, minus) for card, minus in selection.cards)
        size = len(chosen)
        start = bisect.bisect_left(made, chosen, key=lambda pair: pair[0])
        nexts: dict[int, Action | None] = {}
        for ids, action in itertools.islice(made, start, None):
            if ids[:size] != chosen:
                break
            if len(ids) == size:
                nexts[DONE] = action
            else:
                nexts.setdefault(ids[size], None)
        return list(nexts.items())


def _ids(action: Action) -> tuple[int, ...]:
    """The card decisions that make a bid, claim or discard (without "done")."""
    if isinstance(action, BidCards) and action.minus:
        return tuple(_card_id(card, minus) for card, minus in _key(action))
    assert isinstance(action, COMPOSITE)
    return tuple(sorted(PLUS + INDEX[card] for card in action.cards))


def _simple(state: GameState, legal: Sequence[Action]) -> list[tuple[int, Action | None]]:
    """The ids of a list of single actions; the table's statements of an irregularity (a
    Tromplemond bribe, misdeal or early reveal) are not a player's move and are left out."""
    pairs: list[tuple[int, Action | None]] = []
    choices = sorted(
        (a for a in legal if isinstance(a, Choose) and not is_irregularity(a)), key=str
    )
    if len(choices) > CHOICES:
        raise Refused(
            [
                refusal(
                    "REF001",
                    f"the rules leave {len(choices)} choices open; ids are kept for {CHOICES}",
                )
            ]
        )
    pairs += [(CHOOSE + k, a) for k, a in enumerate(choices)]
    for action in legal:
        if isinstance(action, PlayCard) and not action.acknowledged:
            pairs.append((PLAY + INDEX[action.card], action))
        elif isinstance(action, NextDeal):
            pairs.append((NEXT_DEAL, action))
        elif isinstance(action, Vote):
            pairs.append((VOTE + state.players.index(action.target), action))
    return pairs


def _judged(state: GameState, player: str, selection: Selection) -> list[tuple[int, Action | None]]:
    """The decisions that extend ``selection`` towards one of truf-jb's bids, each judged
    by the referee (see the module's documentation)."""
    chosen = selection.cards
    hand = state.hand(player)
    place = {card: index for index, card in enumerate(hand)}
    last = INDEX[chosen[-1][0]] if chosen else -1
    rest = sorted((c for c in hand if INDEX[c] > last), key=INDEX.__getitem__)
    pairs: list[tuple[int, Action | None]] = []
    made = _bid(player, place, chosen)
    if chosen and state.why_not(made) is None:
        pairs.append((DONE, made))
    for n, card in enumerate(rest):
        for minus in (False, True):
            start = (*chosen, (card, minus))
            fewest = (*start, *((c, True) for c in rest[n + 1 :]))
            if any(state.why_not(_bid(player, place, form)) is None for form in (start, fewest)):
                pairs.append((_card_id(card, minus), None))
    return pairs


def _bid(player: str, place: Mapping[Card, int], signed: Sequence[tuple[Card, bool]]) -> BidCards:
    """The bid of the cards ``signed``, written in the order of the hand (``place``: each
    card's place in it) as the referee lists its bids."""
    ordered = sorted(signed, key=lambda pair: place[pair[0]])
    minus = frozenset(i for i, (_, is_minus) in enumerate(ordered) if is_minus)
    return BidCards(player, tuple(c for c, _ in ordered), minus)


def id_words(action_id: int, players: Sequence[str], action: Action | None = None) -> str:
    """An id in words: the card (``+QH``, ``-QH``, ``QH``), ``done``, ``deal``, ``vote Nick``
    or, for a choice, the words of ``action`` when it is known (``choice 2`` otherwise)."""
    if PLAY <= action_id < PLUS:
        return str(FULL_PACK[action_id - PLAY])
    if PLUS <= action_id < MINUS:
        return "+" + str(FULL_PACK[action_id - PLUS])
    if MINUS <= action_id < DONE:
        return "-" + str(FULL_PACK[action_id - MINUS])
    if action_id == DONE:
        return "done"
    if action_id == NEXT_DEAL:
        return "deal"
    if VOTE <= action_id < CHOOSE:
        seat = action_id - VOTE
        return f"vote {players[seat]}" if seat < len(players) else f"vote seat {seat}"
    if CHOOSE <= action_id < NUM_ACTIONS:
        return str(action) if action is not None else f"choice {action_id - CHOOSE}"
    return f"no action {action_id}"


def action_ids(state: GameState, action: Action) -> list[int]:
    """The decisions that make ``action`` (legal now) for its player: one id, or for a bid,
    claim or discard its cards and "done"."""
    if isinstance(action, COMPOSITE):
        return [_card_id(*pair) for pair in _key(action)] + [DONE]
    found = decisions(state, action.player, Selection())
    return [found.ids[found.actions.index(action)]]
