"""Lists of legal actions too long to make: made one action at a time, when asked for.

A truf-jb bid is any set of cards of the hand, each plus or minus: with 13 cards that is over
a million bids, and a player who may bid any of them must be offered all of them.  These
sequences have a length, an order and random access (so ``random.choice`` works on them) and
make only the actions that are looked at.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, Self, TypeVar, overload

from trufspec.cards import Card
from trufspec.referee.actions import Action, BidCards

__all__ = ["Chain", "Judge", "SignedCardBids"]

A = TypeVar("A", bound=Action)


class _Lazy(Sequence[A]):
    """A sequence whose items are made by :meth:`_item` when asked for; it answers slices and
    negative indices like a tuple.

    It never changes once made (what it keeps besides its arguments is a cache), so a copy is
    itself, and it pickles as its constructor's arguments: the way to copy and pickle a class
    compiled with mypyc, which has no bare ``__new__`` to start from."""

    _length: int
    _arguments: tuple[Any, ...]
    """The constructor's arguments, for :meth:`__reduce__`."""

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self

    def __reduce__(self) -> tuple[type[Self], tuple[Any, ...]]:
        return type(self), self._arguments

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> A: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[A]: ...

    def __getitem__(self, index: int | slice) -> A | Sequence[A]:
        if isinstance(index, slice):
            return [self._item(i) for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(index)
        return self._item(index)

    @abc.abstractmethod
    def _item(self, index: int) -> A:
        """The item at ``index``, which is within the length."""


class Judge(Protocol):
    """What says whether an action is legal now: a game state."""

    def is_legal(self, action: Action) -> bool: ...


class Chain(_Lazy[Action]):
    """Sequences of actions one after the other (the bids of every player still to bid);
    ``in`` asks ``judge``, the referee itself, rather than looking through them.  The judge is
    held, not its bound method: a method compiled with mypyc is bound as an object that
    cannot be pickled."""

    def __init__(self, parts: Sequence[Sequence[Action]], judge: Judge) -> None:
        self._arguments = (parts, judge)
        self._parts = tuple(parts)
        self._judge = judge
        self._length = sum(len(p) for p in self._parts)

    def _item(self, index: int) -> Action:
        for part in self._parts:
            if index < len(part):
                return part[index]
            index -= len(part)
        raise AssertionError("unreachable: the index is within the length")

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            yield from part

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self._judge.is_legal(action)


class SignedCardBids(_Lazy[BidCards]):
    """Every bid of one or more cards of ``hand``, each plus or minus, whose value (after the
    clamp at zero) is at most ``cap`` (None: no limit).

    Single cards come first (plus, then minus when ``single_minus`` allows it), then bids of
    several cards, in the order of the hand with each card absent, plus or minus.  ``value``
    gives a card's worth in a bid of several cards (the ruleset's own card values).  The
    bids of several cards are counted, and found by their index, by counting the ways to
    complete a bid card by card; without a cap that count does not depend on the sum, so it
    is a closed formula.
    """

    def __init__(
        self,
        player: str,
        hand: Sequence[Card],
        single_minus: bool,
        cap: int | None,
        value: Callable[[Card], int],
    ) -> None:
        self._arguments = (player, hand, single_minus, cap, value)
        self._player = player
        self._hand = tuple(hand)
        self._value = value
        self._cap = cap
        self._singles = len(self._hand) * (2 if single_minus else 1)
        self._ways: dict[tuple[int, int, int], int] = {}
        self._length = self._singles + self._count(0, 0, 0)

    def _count(self, index: int, chosen: int, total: int) -> int:
        """The ways to finish a bid from card ``index`` on, with ``chosen`` cards (counted up
        to 2) and the signed sum ``total`` so far, into a bid of several cards within the cap."""
        left = len(self._hand) - index
        if self._cap is None:
            # Each card left is out, plus or minus, less the ways that leave fewer than two
            # cards bid (the same count is written out in :meth:`_item`, the hot path).
            ways: int = 3**left - (1 + 2 * left, 1, 0)[chosen]
            return ways
        if not left:
            return int(chosen == 2 and total <= self._cap)
        key = (index, chosen, total)
        found = self._ways.get(key)
        if found is None:
            found = sum(self._count(index + 1, *step) for step in self._steps(index, chosen, total))
            self._ways[key] = found
        return found

    def _steps(self, index: int, chosen: int, total: int) -> tuple[tuple[int, int], ...]:
        """The card at ``index`` left out, bid plus, bid minus: the state after each."""
        more = min(chosen + 1, 2)
        if self._cap is None:
            return ((chosen, 0), (more, 0), (more, 0))
        value = self._value(self._hand[index])
        return ((chosen, total), (more, total + value), (more, total - value))

    def _item(self, index: int) -> BidCards:
        size = len(self._hand)
        if index < self._singles:
            return BidCards(
                self._player,
                (self._hand[index % size],),
                frozenset({0}) if index >= size else frozenset(),
            )
        rest = index - self._singles
        if self._cap is None:
            return self._free_bid(rest)
        cards: list[Card] = []
        minus: set[int] = set()
        chosen = total = 0
        for position in range(size):
            for sign, (after, summed) in enumerate(self._steps(position, chosen, total)):
                ways = self._count(position + 1, after, summed)
                if rest < ways:
                    if sign:
                        if sign == 2:
                            minus.add(len(cards))
                        cards.append(self._hand[position])
                    chosen, total = after, summed
                    break
                rest -= ways
        return BidCards(self._player, tuple(cards), frozenset(minus))

    def _free_bid(self, rest: int) -> BidCards:
        """The bid of several cards at index ``rest`` among them, without a cap: the same
        walk as :meth:`_item`, with the counts of :meth:`_count` from a table (this is
        how a random bid is drawn, once per player and deal)."""
        hand = self._hand
        size = len(hand)
        cards: list[Card] = []
        minus: set[int] = set()
        chosen = 0
        for position in range(size):
            row = _FREE_WAYS[size - position - 1]
            out = row[chosen]
            if rest < out:
                continue
            rest -= out
            more = 2 if chosen == 2 else chosen + 1
            plus = row[more]
            if rest >= plus:
                rest -= plus
                minus.add(len(cards))
            cards.append(hand[position])
            chosen = more
        return BidCards(self._player, tuple(cards), frozenset(minus))


_FREE_WAYS = tuple(
    tuple(3**left - (1 + 2 * left, 1, 0)[chosen] for chosen in range(3)) for left in range(53)
)
"""How many bids of several cards complete a bid with ``chosen`` cards (up to 2) and
``left`` cards still to decide, without a cap (:meth:`SignedCardBids._count`)."""
