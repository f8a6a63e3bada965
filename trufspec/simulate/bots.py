"""Bots: players who choose among the referee's legal actions, at three levels.

A bot knows no rule of its own.  Every choice it makes is one of the actions the referee
lists as legal now, and everything it reckons with (what a bid is worth, who wins the trick
so far, what a hand scores) is the referee's or the ruleset's answer.  What a bot adds is a
player's judgement, at one of three levels (:data:`LEVELS`):

``random``
    a uniformly random legal action (for truf-jb's million bids of a hand, a uniform draw
    from the referee's lazy list of them);
``basic``
    a player's judgement, cheap enough to play thousands of deals a minute
    (:class:`BasicBot`);
``search``
    determinised Monte Carlo over the referee (:class:`SearchBot`): it deals the cards it
    has not seen in a way that agrees with everything it has seen, plays the deal out with
    ``basic`` players after each action it may take, and takes the action with the best mean
    outcome, within a budget per decision (:class:`Budget`).

A bot plays fair: it never states an irregularity (that is the table's business, not a
player's move).  Its random choices come from the generator it is given, so a game is the
same for the same seed; a search within a budget of playouts is too, one within a budget of
time is not.
"""

from __future__ import annotations

import itertools
import math
import random
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, cast

from attrs import frozen

from trufspec.cards import FULL_PACK, Card, Rank, Suit
from trufspec.descriptor import Judgement
from trufspec.engine.tricks import breaks, trick_winner
from trufspec.games import GAMES
from trufspec.records import Bids, Ruff, Stock, cards_in
from trufspec.referee import (
    Action,
    BidCards,
    Choose,
    Claim,
    GameState,
    PlayCard,
    Vote,
    is_irregularity,
)
from trufspec.referee.actions import Discard, NextDeal
from trufspec.referee.tricks import TrickGame
from trufspec.referee.tromplemond import ORDERED_PACK, TromplemondState
from trufspec.referee.truf import TrufState
from trufspec.rulesets.tromplemond.pack import ALWAYS_USED, is_jack
from trufspec.rulesets.tromplemond.pot import category, shouted
from trufspec.rulesets.tromplemond.scoring import round_scores

__all__ = [
    "ABSTAINING",
    "DEFAULT_BUDGET",
    "LEVELS",
    "BasicBot",
    "Bot",
    "Budget",
    "RandomBot",
    "SearchBot",
    "hand_strength",
    "make_bot",
    "parse_budget",
]

LEVELS = ("random", "basic", "search")
"""The levels of play, weakest first."""

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits in a fixed order: a set's order would change from run to run, and with it the
games of a seed."""

_SUIT_AT = {card: _SUITS.index(card.suit) for card in FULL_PACK}
"""Each card's suit as its place in :data:`_SUITS`: counted in a list, where a dict keyed by
the suit would hash an enum in Python at every card."""

_RANK_OF = {card: int(card.rank) for card in FULL_PACK}
_ACE, _KING, _QUEEN, _JACK = (int(r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK))

_PAIRS = 12
"""How many bids of two cards of the suit it wants a bot weighs when no card of that suit
alone is worth the bid it wants: a player looks at a handful of ways to make the bid, not at
every one (a bid of two cards of different suits never names the suit it wants)."""

ABSTAINING = 0.15
"""How often a voter who may hand in no slip (Tromplemond's ``allow-abstain=yes``) hands in
none, as one player in a few does; otherwise they vote."""

WHIM = 0.05
"""How often a ``basic`` bot plays any legal card, as players now and then do, so that the
games show the odd play too."""


class Bot(Protocol):
    """A player at one of the :data:`LEVELS`."""

    def choose(self, state: GameState, player: str) -> Action:
        """The action ``player``, one of the players ``state.to_act`` names, takes now: one of
        ``state.legal_actions(player)``."""
        ...


@frozen
class Budget:
    """How long a search may think about one decision: ``playouts`` deals played out in all
    (the same games for the same seed), or ``seconds`` of the clock."""

    playouts: int | None = None
    seconds: float | None = None

    def __str__(self) -> str:
        return f"{self.seconds:g}s" if self.seconds is not None else str(self.playouts)


DEFAULT_BUDGET = Budget(playouts=200)
"""The search's budget unless told otherwise: a number of playouts, so that a simulation is
the same for the same seed on any machine."""

_BUDGET = re.compile(r"(?:(?P<seconds>\d+(?:\.\d*)?|\.\d+)\s*s|(?P<playouts>\d+))")


def parse_budget(text: str) -> Budget:
    """A budget written ``0.5s`` (seconds) or ``200`` (playouts); ``ValueError`` naming what
    is allowed for anything else, zero or a negative amount included."""
    found = _BUDGET.fullmatch(text.strip())
    allowed = "a number of seconds such as 0.5s, or a whole number of playouts such as 200"
    if found is None:
        raise ValueError(f"{text!r} is not a budget: give {allowed}, above zero")
    if found["seconds"] is not None:
        seconds = float(found["seconds"])
        if seconds > 0:
            return Budget(seconds=seconds)
    elif int(found["playouts"]) > 0:
        return Budget(playouts=int(found["playouts"]))
    raise ValueError(f"a budget of {text!r} leaves no time to think: give {allowed}, above zero")


def make_bot(level: str, rng: random.Random, budget: Budget = DEFAULT_BUDGET) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`; ``ValueError`` otherwise)."""
    if level == "random":
        return RandomBot(rng)
    if level == "basic":
        return BasicBot(rng)
    if level == "search":
        return SearchBot(rng, budget)
    raise ValueError(f"there is no bot level {level!r}; the levels are: {', '.join(LEVELS)}")


def _fair(legal: Iterable[Action]) -> list[Action]:
    return [a for a in legal if not is_irregularity(a)]


class RandomBot:
    """Any legal action, each as likely as the others."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: GameState, player: str) -> Action:
        legal = state.legal_actions(player)
        if isinstance(legal, list):
            legal = _fair(legal)
        return self.rng.choice(legal)


def hand_strength(hand: Sequence[Card]) -> float:
    """The tricks a hand can expect to take, as a player reckons them: aces, guarded kings
    and queens, and the length of the longest suit (which the bid would make trumps)."""
    worth = 0.0
    lengths = [0, 0, 0, 0]
    by_suit: list[list[int]] = [[], [], [], []]
    for card in hand:
        by_suit[_SUIT_AT[card]].append(_RANK_OF[card])
    for at, ranks in enumerate(by_suit):
        count = lengths[at] = len(ranks)
        for rank in ranks:
            if rank == _ACE:
                worth += 1.0
            elif rank == _KING:
                worth += 0.8 if count >= 2 else 0.3
            elif rank == _QUEEN:
                worth += 0.5 if count >= 3 else 0.1
            elif rank == _JACK and count >= 4:
                worth += 0.3
    return 0.85 * worth + 0.6 * max(max(lengths) - 3, 0) + 0.2 * sum(1 for n in lengths if n <= 1)


def _favourite_suit(hand: Sequence[Card]) -> Suit:
    """The suit a player would like as trumps: the longest, then the one with the best cards."""
    weights = [0, 0, 0, 0]  # a thousand a card, then its rank: a suit's ranks sum to 104
    for card in hand:
        weights[_SUIT_AT[card]] += 1000 + _RANK_OF[card]
    return _SUITS[weights.index(max(weights))]


_BID_VALUES: dict[
    tuple[object, ...], dict[tuple[tuple[Card, ...], frozenset[int]], int | None]
] = {}
"""What the referee valued each bid at, by ruleset, readings and table size, then by the bid's
cards and signs: a player knows what the cards of a bid are worth without working it out
again at every deal.  (A bid is valued on its own cards, so the answer is the same in any
hand that holds them; the bid a bot makes is judged by the referee like any other.)"""

_REMEMBERED = 100_000
"""The most bid values remembered for one kind of table before the memory starts again."""

_PLUS: frozenset[int] = frozenset()
_UNKNOWN = -1
"""What the memory of bid values answers for a bid it has not been told of."""
_SECOND_MINUS = frozenset({1})


def _bid_memory(
    state: TrufState,
) -> dict[tuple[tuple[Card, ...], frozenset[int]], int | None]:
    """The values remembered for the table of ``state``."""
    key = (state.ruleset, state.setup.chosen, len(state.players))
    memory = _BID_VALUES.get(key)
    if memory is None or len(memory) >= _REMEMBERED:
        memory = _BID_VALUES[key] = {}
    return memory


_JUDGEMENTS: dict[str, Judgement] = {game.id: game.judgement for game in GAMES}
"""The judgement a bot brings to each game, as its descriptor says: looked up by the state's
ruleset, where an ``isinstance`` of an abstract class would cost more than the choice it
guards."""


class BasicBot:
    """A player's judgement over the referee's legal actions.

    In the games of tricks it bids what its hand is worth, with cards of the suit it would
    like as trumps; it takes the stock when it may and sets its lowest cards aside; it
    chooses the high game when its hand promises more than it bid; it wins tricks while its
    bid needs them, as cheaply as it can, ducks once the bid is made, and does not take a
    trick its partner is winning.  Now and then (``WHIM`` of its cards) it plays any legal
    card.

    In Tromplemond it claims the secret cards it holds but puts an unseen card in place of a
    jack (the bluff the game is about); it votes off the player whose going off would pay it
    most, as the ruleset's scoring reckons it over a few deals of the cards it cannot see,
    each claimed card it can see is false counting against the claimer (it believes a claim
    less the more of it it knows to be a bluff); and
    under TROMP! betting it calls the phrase of its hand when the hand's category is worth a
    call, as the ruleset's pot names it, and passes otherwise.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._values: tuple[GameState | None, int, dict[str, int]] = (None, 0, {})

    def choose(self, state: GameState, player: str) -> Action:
        phase = state.phase
        judgement = _JUDGEMENTS.get(state.ruleset)
        # The judgement says what the state is (a test holds the descriptors to it): a cast,
        # not an isinstance of an abstract class, which would cost more than the choice.
        if judgement == "claims":
            return self._tromplemond(cast(TromplemondState, state), player)
        if phase == "play" and judgement is not None:
            legal = list(state.legal_actions(player))
            return self._card(cast(TrickGame, state), player, legal, judgement)
        if phase == "bids" and judgement == "truf":
            return self._bid(cast(TrufState, state), player)
        if phase == "end" and judgement is not None:
            return NextDeal(player)  # a player the table asks to deal may deal
        if phase == "ruff" and judgement == "tricks":
            ruff = self._ruff(cast(TrickGame, state), player)
            if ruff is not None:
                return ruff
        legal = list(state.legal_actions(player))  # no game of tricks lists irregularities
        if phase == "contract" and judgement == "truf":
            return self._contract(cast(TrufState, state), player, legal)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return min(discards, key=lambda a: _lowest([*a.cards]))
        if phase == "end":
            return legal[0]
        return self.rng.choice(legal)

    # ------------------------------------------------------------------ bidding

    def _bid(self, state: TrufState, player: str) -> Action:
        """A bid worth about the tricks the hand expects, made with the fewest cards and, when
        it can be, with cards of the suit the player wants as trumps; its value is the one the
        referee gives it."""
        rng, hand = self.rng, state.hand(player)
        strength = hand_strength(hand)
        wanted = max(round(strength * len(hand) / 13 + rng.gauss(0, 0.7)), 0)
        if strength < 1.5 and rng.random() < 0.7:
            wanted = 0
        suit = _favourite_suit(hand)
        memory = _bid_memory(state)
        singles = [((card,), _PLUS) for card in hand]
        best = self._fits(state, player, memory, singles, wanted, suit)
        if best is None or best[:2] != (0, 1):  # not exact with a card of the suit wanted
            pairs = list(itertools.combinations([c for c in hand if c.suit is suit], 2))
            shapes = []
            for pair in rng.sample(pairs, min(_PAIRS, len(pairs))):
                shapes += [(pair, _PLUS), (pair, _SECOND_MINUS)]
            found = self._fits(state, player, memory, shapes, wanted, suit)
            if found is not None and (best is None or found < best):
                best = found
        if best is not None:
            bid = BidCards(player, *best[-1])
            if state.bid_value(bid) is not None:
                return bid
        return rng.choice(state.legal_actions(player))

    def _fits(
        self,
        state: TrufState,
        player: str,
        memory: dict[tuple[tuple[Card, ...], frozenset[int]], int | None],
        shapes: Sequence[tuple[tuple[Card, ...], frozenset[int]]],
        wanted: int,
        suit: Suit,
    ) -> tuple[int, int, float, tuple[tuple[Card, ...], frozenset[int]]] | None:
        """The legal bid among ``shapes`` nearest in value to ``wanted``, then with the fewest
        cards, cards of ``suit`` first, with how near it is; None when none is legal."""
        best = None
        rng = self.rng
        for shape in shapes:
            value = memory.get(shape, _UNKNOWN)
            if value is _UNKNOWN:
                value = memory[shape] = state.bid_value(BidCards(player, *shape))
            if value is None:
                continue
            cards = shape[0]
            size = (
                len(cards) if cards[0].suit is suit and cards[-1].suit is suit else len(cards) + 2
            )
            near = value - wanted if value >= wanted else wanted - value
            if best is None or (near, size) < best[:2]:
                best = (near, size, rng.random(), shape)
            elif (near, size) == best[:2]:
                tie = rng.random()
                if tie < best[2]:
                    best = (near, size, tie, shape)
        return best

    # ------------------------------------------------------------------ the contract

    def _contract(self, state: TrufState, player: str, legal: list[Action]) -> Action:
        """The high game when the hand promises more than the bid, else the low game; the
        declared trump rather than none."""
        hand = state.hand(player)
        high = hand_strength(hand) * len(hand) / 13 > self._bid_values(state).get(player, 0)
        mode = "atas" if high else "bawah"
        fitting = [
            a
            for a in legal
            if isinstance(a, Choose) and mode in a.words.split() and "NT" not in a.words.split()
        ]
        return self.rng.choice(fitting or legal)

    # ------------------------------------------------------------------ the stock

    def _ruff(self, state: TrickGame, player: str) -> Action | None:
        """Take the stock and set aside the lowest cards, trumps last: of the hand and the
        stock together, or, when the referee will not have that, of the hand alone; None
        when neither is legal (the bot then looks through every legal action)."""
        found = _discards(state, player, voids=False)
        return found[0] if found else None

    # ------------------------------------------------------------------ the play

    def _card(
        self,
        state: TrickGame,
        player: str,
        legal: list[Action],
        judgement: Judgement = "tricks",
    ) -> Action:
        """Short of the bid, lead from strength (trumps when long in them, else the top of the
        longest suit) and win as cheaply as possible; with the bid made, lead low from a
        short suit, duck under the winning card with the highest card that loses, and when
        every card wins, get rid of the highest.  In a game without bids every trick is
        wanted, but not from a partner who is winning it."""
        rng = self.rng
        table = state.table
        if table is None or len(legal) < 2 or rng.random() < WHIM:
            return rng.choice(legal)
        plays = cast(list[PlayCard], legal)  # the play lists nothing but cards
        values = self._bid_values(cast(TrufState, state)) if judgement == "truf" else None
        wants = table.won[player] < values[player] if values else True
        trump = table.trump
        order = _ORDER[trump]
        current = table.current
        if not current:
            lengths = [0, 0, 0, 0]
            for card in table.hands[player]:
                lengths[_SUIT_AT[card]] += 1
            plain = [a for a in plays if a.card.suit is not trump] or plays
            if wants:
                trumps = [a for a in plays if a.card.suit is trump]
                if len(trumps) >= 3:
                    return max(trumps, key=lambda a: order[a.card])
                return max(plain, key=lambda a: (lengths[_SUIT_AT[a.card]], _RANK_OF[a.card]))
            return min(plain, key=lambda a: (lengths[_SUIT_AT[a.card]], _RANK_OF[a.card]))
        cards = [c for _, c in current]
        if wants and values is None:
            leading = current[trick_winner(cards, trump)][0]
            wants = state.side(leading) != state.side(player)
        # The card that wins so far is of the suit led or a trump, so a card beats the
        # trick as it beats that card alone.
        best = cards[trick_winner(cards, trump)]
        beating = _BEATING.get((best, trump))
        if beating is None:
            beating = _BEATING[best, trump] = frozenset(
                card for card in FULL_PACK if trick_winner((best, card), trump)
            )
        wins = [a for a in plays if a.card in beating]
        if wants:
            return min(wins or plays, key=lambda a: order[a.card])
        loses = [a for a in plays if a.card not in beating] or plays
        if values is None:
            return min(loses, key=lambda a: order[a.card])
        return max(loses, key=lambda a: order[a.card])

    def _bid_values(self, state: TrufState) -> dict[str, int]:
        """The referee's values of the bids, asked once a deal (they do not change in its play)."""
        known = self._values
        if known[0] is not state or known[1] != state.deal_number:
            known = self._values = (state, state.deal_number, state.bid_values())
        return known[2]

    # ------------------------------------------------------------------ Tromplemond

    def _tromplemond(self, state: TromplemondState, player: str) -> Action:
        phase, rng = state.phase, self.rng
        if phase == "claims":
            claim = Claim(player, _bluff(state, player, rng))
            if state.is_legal(claim):
                return claim
        legal = state.legal_actions(player)
        if phase != "end":
            legal = _fair(legal)
        if phase in ("votes", "decide"):
            slips = [a for a in legal if isinstance(a, Vote)]
            others = [a for a in legal if not isinstance(a, Vote)]
            if not slips or (others and rng.random() < ABSTAINING):
                return rng.choice(others or legal)
            suspect = _suspect(state, player, [a.target for a in slips], rng)
            return next(a for a in slips if a.target == suspect)
        if phase == "calls":
            name = category(state.secret[player], state.public[player])
            if name is not None and player != state.off and _PAYS[name]:
                phrase = shouted(name)
                for action in legal:
                    if isinstance(action, Choose) and phrase in action.words:
                        return action
            return next((a for a in legal if str(a) == "pass"), legal[0])
        if phase == "end":
            return legal[0]
        return rng.choice(legal)


_PAYS = {
    "extreme": True,
    "ultimate": True,
    "super": True,
    "grand": True,
    "tromplemond": True,
    "kickself": True,
    "moyenne": False,
    "petit": False,
}
"""Whether a call of each TROMP! category is worth making: a moyenne only wins back the stake
and a petit nothing, so a player keeps quiet rather than show their jacks."""


def _in_view(state: TromplemondState, player: str) -> set[Card]:
    """The cards in ``player``'s view: every public row and their own secret cards."""
    seen = set(state.secret[player])
    for row in state.public.values():
        seen.update(row)
    return seen


def _bluff(state: TromplemondState, player: str, rng: random.Random) -> tuple[Card, ...]:
    """The secret cards ``player`` holds, with each jack among them swapped for a card
    nobody has shown nor claimed, in the order of the pack (the referee's order of a claim)."""
    seen = _in_view(state, player)
    claimed = {c for cards in state.claims.values() for c in cards}
    secret = state.secret[player]
    kept = [c for c in secret if not is_jack(c)]
    covers = [c for c in ORDERED_PACK if c not in seen and not is_jack(c)]
    fresh = [c for c in covers if c not in claimed]
    kept += rng.sample(fresh if len(fresh) >= len(secret) else covers, len(secret) - len(kept))
    return tuple(c for c in ORDERED_PACK if c in kept)


_GUESSES = 8
"""How many ways a ``basic`` Tromplemond voter deals the secret cards it cannot see, to reckon
what each player's going off would pay it."""

_DOUBT = 5.0
"""What each claimed card a voter can see is false adds to its wish to send the claimer off,
in points: a bluff hides a card, most often a jack."""


def _bluffs(state: TromplemondState, player: str, target: str, seen: set[Card]) -> float:
    """How much of ``target``'s claim ``player`` knows to be a bluff: each claimed card seen
    elsewhere, and half of each claimed by someone else too."""
    claims = state.claims
    claim = claims.get(target, ())
    lies = sum(1 for c in claim if c in seen)
    twice = sum(
        1 for c in claim for p, cards in claims.items() if p not in (target, player) and c in cards
    )
    return lies + twice / 2


def _suspect(
    state: TromplemondState, player: str, targets: Sequence[str], rng: random.Random
) -> str:
    """The player ``player`` most wants off: by what their going off pays ``player``, as the
    ruleset's scoring reckons it over a few deals of the cards ``player`` cannot see, and by
    how much of their claim ``player`` can see is false (cards seen elsewhere, or claimed by
    someone else too)."""
    seen = _in_view(state, player)
    secrets = _secrets(state, player)
    guesses = [secrets(rng) for _ in range(_GUESSES)]
    hands: list[dict[str, Sequence[Card]]] = [
        {p: state.public[p] + guess.get(p, state.secret[p]) for p in state.players}
        for guess in guesses
    ]

    def doubt(target: str) -> tuple[float, float]:
        lies = _bluffs(state, player, target, seen)
        counted = frozenset(p for p in state.players if p != target)
        gain = sum(
            round_scores(state.players, dealt, counted, frozenset())[player].points
            for dealt in hands
        ) / len(hands)
        return (gain + _DOUBT * lies, rng.random())

    return max(targets, key=doubt)


_ORDER: dict[Suit | None, dict[Card, int]] = {
    trump: {card: _RANK_OF[card] + (100 if card.suit is trump else 0) for card in FULL_PACK}
    for trump in (*_SUITS, None)
}
"""How strong each card is to a player under each trump: any trump above any other card,
then by rank (the order a player spends them in, cheapest first)."""


_BEATING: dict[tuple[Card, Suit | None], frozenset[Card]] = {}
"""The cards that win a trick from a card under a trump, as the shared trick mechanics judge
it: worked out the first time a bot asks, for it asks at nearly every card it plays."""


def _discards(state: TrickGame, player: str, voids: bool = True) -> list[Action]:
    """The sets of cards worth setting aside when taking the stock, legal ones only: the
    lowest cards, trumps last, of the hand and the stock together (or, when the referee
    will not have that, of the hand alone); with ``voids``, also each short plain suit
    set aside whole with the lowest of the rest, which leaves a suit to ruff."""
    hand = list(state.hand(player))
    stock = list(getattr(state, "stock", ()))
    count = len(stock)
    if not count:
        return []
    trump = stock[0].suit
    whole = hand + [c for c in stock if c not in hand]  # the hand may hold the stock

    def lowest(cards: list[Card]) -> list[Card]:
        return sorted(cards, key=lambda c: (c.suit is trump, c.rank))

    for pool in (whole, hand):
        sets = [lowest(pool)[:count]]
        for suit in _SUITS if voids else ():
            short = [c for c in pool if c.suit is suit]
            if suit is not trump and 0 < len(short) <= count:
                sets.append(
                    short + lowest([c for c in pool if c.suit is not suit])[: count - len(short)]
                )
        found: list[Action] = []
        for cards in sets:
            action = Discard(player, tuple(c for c in pool if c in cards))
            if action not in found and state.is_legal(action):
                found.append(action)
        if found:
            return found
    return []


def _lowest(cards: list[Card]) -> tuple[list[int], list[int]]:
    return sorted(c.rank for c in cards), [c.suit.index for c in cards]


# ---------------------------------------------------------------------- search


class SearchBot:
    """Determinised Monte Carlo over the referee (see the module's documentation).

    It searches the decisions that a deal's outcome turns on and that it can deal out
    worlds for: which card to play, which contract to choose and which cards to set aside
    with the stock in the games of tricks, whom to vote off in Tromplemond.  Elsewhere (the
    bids, the claims, the calls) it plays as :class:`BasicBot` does.  Each world gives every player the right number of
    cards, drawn from those the searcher has not seen (the referee's view of the game for
    it), never a card a player has shown they do not hold (a card they could not have played
    while holding it, as the shared trick mechanics judge; in Tromplemond, the ranks the
    ruleset deals in every round are dealt).  The outcome of a playout is the searcher's
    total once the deal is scored less the best of the others' totals: a game is won by the
    highest total, so a point taken from the leader counts, and one from a player far behind
    does not.
    """

    def __init__(self, rng: random.Random, budget: Budget = DEFAULT_BUDGET) -> None:
        self.rng = rng
        self.budget = budget
        self.basic = BasicBot(rng)
        self._playing = BasicBot(random.Random(rng.random()))
        self.decisions = 0
        """The decisions searched (those with a choice to make), for figures."""

    def choose(self, state: GameState, player: str) -> Action:
        candidates, deal = self._candidates(state, player)
        if deal is None or len(candidates) < 2:
            return self.basic.choose(state, player)
        self.decisions += 1
        return self._search(state, player, candidates, deal)

    def _candidates(
        self, state: GameState, player: str
    ) -> tuple[list[Action], Callable[[random.Random], GameState] | None]:
        """The actions worth searching now, and how to deal a world out (None: not searched)."""
        phase = state.phase
        if isinstance(state, TrickGame) and phase == "ruff":
            return _discards(state, player), _trick_worlds(state, player)
        if isinstance(state, TrickGame) and phase in ("play", "contract"):
            legal = _fair(state.legal_actions(player))
            if phase == "play":
                legal = _distinct(state, player, cast(list[PlayCard], legal))
            return legal, _trick_worlds(state, player)
        if isinstance(state, TromplemondState) and phase in ("votes", "decide"):
            legal = [a for a in state.legal_actions(player) if isinstance(a, Vote)]
            return legal, _tromplemond_worlds(state, player)
        return [], None

    def _search(
        self,
        state: GameState,
        player: str,
        candidates: list[Action],
        deal: Callable[[random.Random], GameState],
    ) -> Action:
        budget, rng = self.budget, self.rng
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        limit = budget.playouts or math.inf
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        played = 0
        while played < limit and (deadline is None or time.perf_counter() < deadline):
            world = deal(rng)
            # Every action is played out with the same whims of the other players, so that
            # the outcomes differ by the action and not by luck (common random numbers).
            whims = rng.random()
            for index, action in enumerate(candidates):
                self._playing.rng.seed(whims)
                outcome = self._playout(world.copy(), player, action)
                played += 1
                if outcome is not None:
                    totals[index] += outcome
                    counts[index] += 1
                if played >= limit or (deadline is not None and time.perf_counter() >= deadline):
                    break
        tried = [i for i in range(len(candidates)) if counts[i]]
        if not tried:
            return self.basic.choose(state, player)
        prior = [_prior(state, player, action) for action in candidates]
        return candidates[max(tried, key=lambda i: totals[i] / counts[i] + prior[i])]

    def _playout(self, world: GameState, player: str, action: Action) -> float | None:
        """The outcome for ``player`` of ``action`` in ``world``, the deal played out by
        ``basic`` players; None when the deal runs on past any deal's length."""
        world.apply(action)
        bot = self._playing
        for _ in range(_LONGEST_DEAL):
            if world.is_deal_over:
                totals = world.totals
                mine = world.side(player)
                others = [v for side, v in totals.items() if side != mine]
                return totals[mine] - (max(others) if others else 0)
            acting = world.current_player
            assert acting is not None
            world.apply(bot.choose(world, acting))
        return None


def _distinct(state: TrickGame, player: str, plays: list[PlayCard]) -> list[Action]:
    """The plays that differ: of cards of one suit with no card between them left in
    another hand or unplayed (a run such as K Q J once the others hold none of them), only
    the lowest, for each wins and loses the same tricks.  The search then spends its
    playouts on the choices that are choices."""
    table = state.table
    if table is None:
        return list(plays)
    gone = {card for _, cards in table.done for card in cards}
    gone.update(card for _, card in table.current)
    gone.update(state.hand(player))
    kept: list[Action] = []
    last: Card | None = None
    for action in sorted(plays, key=lambda a: (_SUIT_AT[a.card], _RANK_OF[a.card])):
        card = action.card
        if (
            last is None
            or last.suit is not card.suit
            or any(
                Card(rank, card.suit) not in gone
                for rank in range(_RANK_OF[last] + 1, _RANK_OF[card])
            )
        ):
            kept.append(action)
        last = card
    return kept


def _prior(state: GameState, player: str, action: Action) -> float:
    """What a search adds to the playouts' mean for ``action``: what its worlds cannot show.
    They deal the others' secret cards without regard to their claims, so a vote against a
    claim the voter knows to be a bluff gets the doubt a ``basic`` voter gives it."""
    if isinstance(state, TromplemondState) and isinstance(action, Vote):
        return _DOUBT * _bluffs(state, player, action.target, _in_view(state, player))
    return 0.0


_LONGEST_DEAL = 1000
"""The most actions a playout goes on for: far more than a deal of any ruleset takes."""


def _trick_worlds(state: TrickGame, player: str) -> Callable[[random.Random], GameState]:
    """How to deal a world of a game of tricks as ``player`` may imagine it: each other
    player holds the cards they bid and have not played (and the one who took the stock, the
    stock's cards shown), and the cards the view of the deal
    does not show ``player`` are shared among them in the numbers they hold, no player given
    a card they showed they do not hold."""
    deal = state.view(player).record.deals[-1]
    seen = {*cards_in(deal.sections), *state.hand(player)}
    pool = [c for c in FULL_PACK if c not in seen]
    others = [p for p in state.players if p != player]
    known: dict[str, list[Card]] = {p: [] for p in others}
    table = state.table
    tricks = (
        [*(tuple(zip(players, cards)) for players, cards in table.done), tuple(table.current)]
        if table is not None
        else []
    )
    played = {card for trick in tricks for _, card in trick}
    bids = deal.find(Bids)
    for entry in bids.entries if bids is not None else ():
        bidder = entry.player.value
        if bidder in known and entry.cards is not None:
            known[bidder] += [c for c in entry.cards.cards if c not in played]
    stock, ruff = deal.find(Stock), deal.find(Ruff)
    if stock is not None and ruff is not None and not ruff.declined:
        # The stock's cards shown went to the player who took it, who keeps them (a player
        # sets aside low cards, and the turned-up card is a trump).
        taker = ruff.player.value
        if taker in known:
            kept = [c for c in stock.cards.cards if c not in played]
            known[taker] += kept[: len(state.hand(taker)) - len(known[taker])]
    needs = {p: len(state.hand(p)) - len(known[p]) for p in others}
    banned: dict[str, set[Card]] = {p: set() for p in others}
    for trick in tricks:
        if not trick or table is None:
            continue
        led = trick[0][1].suit
        for who, card in trick[1:]:
            if who in banned:
                banned[who].update(
                    c
                    for c in pool
                    if breaks(card, (card, c), led, table.trump, True, table.rules) is not None
                )

    def world(rng: random.Random) -> GameState:
        shared = _share_out(pool, needs, banned, rng)
        return state.with_hidden({p: known[p] + shared[p] for p in others})

    return world


def _share_out(
    pool: Sequence[Card],
    needs: Mapping[str, int],
    banned: Mapping[str, set[Card]],
    rng: random.Random,
    tries: int = 20,
) -> dict[str, list[Card]]:
    """``pool`` shared out at random, ``needs[p]`` cards to each player ``p`` and none of
    ``banned[p]``, the cards left over undealt; the bans are dropped when ``tries`` random
    sharings cannot keep them."""
    spare = len(pool) - sum(needs.values())
    for attempt in range(tries + 1):
        keep = attempt < tries
        cards = list(pool)
        rng.shuffle(cards)
        if keep:
            cards.sort(key=lambda c: sum(1 for p in needs if c not in banned[p]))
        hands: dict[str, list[Card]] = {p: [] for p in needs}
        left = spare
        for card in cards:
            room = [
                p for p in needs if len(hands[p]) < needs[p] and not (keep and card in banned[p])
            ]
            weights = [needs[p] - len(hands[p]) for p in room]
            if left > 0:
                room.append("")
                weights.append(left)
            if not room:
                break
            taker = rng.choices(room, weights)[0]
            if taker:
                hands[taker].append(card)
            else:
                left -= 1
        else:
            return hands
    raise AssertionError("unreachable: without bans every card has room")


def _secrets(
    state: TromplemondState, player: str, trust: float = 0.0
) -> Callable[[random.Random], dict[str, tuple[Card, ...]]]:
    """How to deal the others' secret cards as ``player`` may imagine them: drawn from the
    pack's cards they have not seen, every card of the ranks the ruleset deals in every round
    among them; ``trust`` of the deals take the claims at their word (:func:`_believed`)."""
    seen = _in_view(state, player)
    pool = [c for c in ORDERED_PACK if c not in seen]
    others = [p for p in state.players if p != player]
    size = len(state.secret[player])
    always = [c for c in pool if c.rank in ALWAYS_USED]
    rest = [c for c in pool if c.rank not in ALWAYS_USED]

    believed = _believed(state, others, seen, [c for c in always if is_jack(c)]) if trust else None

    def deal(rng: random.Random) -> dict[str, tuple[Card, ...]]:
        if believed is not None and rng.random() < trust:
            found = believed(rng)
            if found is not None:
                return found
        cards = always + rng.sample(rest, len(others) * size - len(always))
        rng.shuffle(cards)
        return {p: tuple(cards[i * size : (i + 1) * size]) for i, p in enumerate(others)}

    return deal


_IN_PACK = frozenset(ORDERED_PACK)

_TRUST = 0.8
"""How often a searcher deals a Tromplemond round as the claims tell it (:func:`_believed`)
rather than at random from the cards it has not seen: it mostly believes what the table
says, as a ``basic`` player, who reckons only with the bluffs it can see, does not."""


def _believed(
    state: TromplemondState, others: Sequence[str], seen: set[Card], jacks: Sequence[Card]
) -> Callable[[random.Random], dict[str, tuple[Card, ...]] | None]:
    """How to deal the others' secret cards as their claims say, but for the jacks, which
    a claim hides (a jack costs the others, so a claimer bluffs about jacks): each of the
    ``jacks`` the searcher has not seen and nobody claims (every jack is dealt to a player)
    takes the place of a claimed card, first of each claimed card the searcher knows to be false (one it sees,
    or one of two players claiming the same card), then of claimed cards at random.  None
    when the claims are not all in, or when they cannot be read so (more cards known false
    than jacks to hide)."""
    claims = state.claims
    if any(p not in claims for p in others):
        return lambda rng: None
    slots = [(p, card) for p in others for card in claims[p]]
    false = {slot for slot in slots if slot[1] in seen or slot[1] not in _IN_PACK}
    hidden_jacks = [j for j in jacks if all(j not in claims[p] for p in others)]
    by_card: dict[Card, list[tuple[str, Card]]] = {}
    for slot in slots:
        by_card.setdefault(slot[1], []).append(slot)

    def deal(rng: random.Random) -> dict[str, tuple[Card, ...]] | None:
        lies = set(false)
        for holders in by_card.values():
            if len(holders) > 1:  # one of them at most holds it
                lies.update(rng.sample(holders, len(holders) - 1))
        if len(lies) > len(hidden_jacks):
            return None
        free = [slot for slot in slots if slot not in lies]
        lies.update(rng.sample(free, min(len(hidden_jacks) - len(lies), len(free))))
        hidden = list(hidden_jacks)
        rng.shuffle(hidden)
        return {
            p: tuple(hidden.pop() if (p, card) in lies else card for card in claims[p])
            for p in others
        }

    return deal


def _tromplemond_worlds(
    state: TromplemondState, player: str
) -> Callable[[random.Random], GameState]:
    """How to deal a round of Tromplemond as ``player`` may imagine it (:func:`_secrets`)."""
    secrets = _secrets(state, player, _TRUST)
    return lambda rng: state.with_hidden(secrets(rng))
