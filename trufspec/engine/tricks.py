"""Trick-taking, written once for every game that plays tricks, live or from a record.

Truf in its three rulesets and Ruff and Honours all lead, follow suit and win tricks the same
way, with differences the rules name: whether a trump may be led before trumps are broken,
who leads the first trick, whether the order of play round the table is enforced.  The rules
here are parametrised by a :class:`TrickRules` that says, for each of those rules, which clause
of the ruleset states it, so that a truf-de revoke cites the German text and a Ruff and Honours
revoke its own.

The state of the play is one :class:`TrickPlay`: a live game plays on it, and the replay of a
record (:func:`replay_play`) replays the record's cards through it, so that what a live game
refuses is what a record is faulted for, and a card the table let stand leaves both in the same
state.  The replay judges what it has facts for.  When the hands are known, every card is
checked against the hand that holds it.  When they are not, the hands are rebuilt from the
play itself: a player who plays a heart in trick 9 held that heart in trick 3, so a failure to
follow hearts in trick 3 is still a revoke.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from attrs import frozen

from trufspec.cards import Card, Suit
from trufspec.engine.findings import Findings
from trufspec.records import Atom, Cards, Deal, Play, Span, Trick, Tricks
from trufspec.spec.wording import Phrase

__all__ = [
    "TrickRules",
    "TrickPlay",
    "TrickTable",
    "PlayOutcome",
    "UNBROKEN",
    "trick_winner",
    "order_of_play",
    "seatings",
    "breaks",
    "playable",
    "play_fault",
    "trumps_broken",
    "why_not_held",
    "replay_play",
    "tricks_taken",
]


@frozen
class TrickRules:
    """The clauses of one ruleset that govern play, and the choices its options make.

    A clause code of None means the ruleset has no such rule (Ruff and Honours puts no limit on
    leading trumps).
    """

    first_leader: str
    next_leader: str
    follow_suit: str
    card_held: str
    one_card_each: str
    trick_count: str
    trick_winner: str
    trump_lead: str | None = None
    turn_order: str | None = None
    enforce_order: str = "free"
    """``free`` (only the leader's place is fixed), ``clockwise`` or ``counterclockwise``."""
    broken_by: str = "any-earlier-trick"
    """What breaks trumps: ``any-earlier-trick`` (a trump played in an earlier trick) or
    ``ruff-only`` (a trump played by a player who could not follow suit)."""


@frozen
class PlayOutcome:
    """What the play established: tricks won per player (for the tricks the record shows) and
    whether the play was complete."""

    won: dict[str, int]
    complete: bool


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """The index (in order of play) of the card that wins: the highest trump, or else the
    highest card of the suit led (the best card so far is always of the suit led or a trump,
    so a card of a third suit never wins)."""
    best, suit, rank = 0, cards[0].suit, cards[0].rank  # the best card so far
    for index in range(1, len(cards)):
        card = cards[index]
        if card.suit is suit:
            if card.rank > rank:
                best, rank = index, card.rank
        elif card.suit is trump:
            best, suit, rank = index, trump, card.rank
    return best


def breaks(
    card: Card,
    hand: Collection[Card],
    led: Suit | None,
    trump: Suit | None,
    broken: bool,
    rules: TrickRules,
) -> str | None:
    """The clause that playing ``card`` from ``hand`` (which holds it) now breaks, or None.

    This is the one statement of the rule on leading trumps (a lead, ``led`` None) and of
    follow suit (every later card): the replay of a record asks it of every card played, a
    live game through :func:`playable`, and :func:`play_fault` says what a card breaks.  ``broken`` says whether trumps
    are broken (see :func:`trumps_broken`).  A card that keeps the rule is told at once; only
    a doubtful one makes it look through the hand, and then only until the answer is known.
    """
    # Plain loops rather than ``any()`` over a generator: this is asked for every card of
    # every trick, and a loop costs half as much.
    if led is None:
        if rules.trump_lead is None or card.suit is not trump or broken:
            return None
        for other in hand:
            if other.suit is not trump:
                return rules.trump_lead
        return None
    if card.suit is led:
        return None
    for other in hand:
        if other.suit is led:
            return rules.follow_suit
    return None


def playable(
    hand: Collection[Card], led: Suit | None, trump: Suit | None, broken: bool, rules: TrickRules
) -> list[Card]:
    """The cards of ``hand`` that may be played now, as :func:`breaks` judges them.  Both rules
    judge a card by its suit alone, so :func:`breaks` is asked once for each run of one suit
    in the hand (once per suit in a hand held in suit order, as a dealt hand is)."""
    allowed = []
    suit = legal = None
    for card in hand:
        if card.suit is not suit:
            suit = card.suit
            legal = breaks(card, hand, led, trump, broken, rules) is None
        if legal:
            allowed.append(card)
    return allowed


def play_fault(
    card: Card,
    hand: Collection[Card],
    led: Suit | None,
    trump: Suit | None,
    broken: bool,
    rules: TrickRules,
) -> tuple[str, dict[str, object]] | None:
    """The clause that playing ``card`` from ``hand`` (which holds it) breaks, with the values
    of its message but the player's name, or None when the card may be played."""
    code = breaks(card, hand, led, trump, broken, rules)
    if code is None:
        return None
    if led is None:
        return code, {
            "card": card,
            "other_cards": " ".join(str(c) for c in hand if c.suit is not trump),
            "unbroken": UNBROKEN[rules.broken_by],
        }
    return code, {"card": card, "suit_cards": " ".join(str(c) for c in hand if c.suit is led)}


UNBROKEN: Mapping[str, str] = {
    "any-earlier-trick": "no trump has been played before this trick",
    "ruff-only": "no player has yet trumped a suit they could not follow",
}
"""Why trumps are not broken yet, in the words of each reading of what breaks them: the
trump-lead clauses say it, so that their message is true under the reading in force."""


def trumps_broken(
    broken: bool, cards: Sequence[Card], trump: Suit | None, ruffed: bool, rules: TrickRules
) -> bool:
    """Whether trumps are broken once a trick of ``cards`` is over (``ruffed``: a player who
    could not follow suit played a trump to it), given whether they were before."""
    if broken or trump is None:
        return broken
    # A plain loop rather than ``any()`` over a generator, as in :func:`breaks`: this is asked
    # after every trick until trumps are broken.
    for card in cards:
        if card.suit is trump:
            return rules.broken_by == "any-earlier-trick" or ruffed
    return False


def _seating(seats: Sequence[str], leader: str, direction: str) -> list[str]:
    """The players in order of play from the leader."""
    start = seats.index(leader)
    step = -1 if direction == "counterclockwise" else 1
    return [seats[(start + step * k) % len(seats)] for k in range(len(seats))]


@functools.lru_cache(maxsize=256)
def seatings(seats: tuple[str, ...], direction: str) -> Mapping[str, tuple[str, ...]]:
    """The order of play from each seat, ``counterclockwise`` or else clockwise (the order
    ``free`` leaves open is listed clockwise): worked out once per table and direction, not
    once per trick or deal (the mapping is shared: it is only read)."""
    return {seat: tuple(_seating(seats, seat, direction)) for seat in seats}


def order_of_play(
    tricks: Sequence[Trick], seats: Sequence[str], direction: str = "clockwise"
) -> list[tuple[str, ...]]:
    """Who plays the cards of each trick, in order of play, as the replay reads a record (see
    ``_turns``): pictures of a deal lay the cards out by the same reading."""
    return _turns(tricks, seatings(tuple(seats), direction))


def replay_play(
    play: Play,
    seats: Sequence[str],
    hands: dict[str, list[Card]] | None,
    first_leader: str | None,
    trump: Suit | None,
    rules: TrickRules,
    findings: Findings,
    expected_tricks: int,
    decided: Callable[[Mapping[str, int]], bool] | None = None,
) -> PlayOutcome:
    """Replay the tricks of a deal through a :class:`TrickPlay`; report what breaks the rules.

    The play is the one a live game plays on: each card is judged by what the table would
    refuse, then played as the table did, so that a record and a live game cannot be judged
    apart.  What a record adds is that the table may have let a fault stand (a wrong leader, a
    revoke, a card out of turn): the fault is reported and the play goes on from it.

    ``hands`` are the hands at the first lead, or None when the record does not give them.
    ``first_leader`` is who must lead trick 1 (None when the record does not say who won the
    bidding).  ``trump`` is the trump suit, None in a no-trump game.  ``decided``, when given,
    is asked after each trick whether the tricks each player has won end the play there (a
    game won on tricks in mid-hand, under a reading that stops the hand then): the play is
    complete at that trick, and a trick played after it breaks ``rules.trick_count``.
    """
    direction = "counterclockwise" if rules.enforce_order == "counterclockwise" else "clockwise"
    orders = seatings(tuple(seats), direction)
    turns = _turns(play.tricks, orders)
    known_hands = hands is not None
    if hands is None:
        # Rebuild the hands from the play: what a player plays, they held from the start.
        hands = {seat: [] for seat in seats}
        for trick, players in zip(play.tricks, turns):
            for player, card in zip(players, trick.cards.cards):
                hands.setdefault(player, []).append(card)
        findings.unchecked("the hands (cards are checked only against those played later)")
    opening = first_leader if first_leader is not None else seats[0]
    table = TrickPlay(seats, rules, trump, hands, opening, expected_tricks)
    holding = table.hands if known_hands else None
    expected_leader = first_leader
    # The clauses judged trick by trick, told to the findings once the play is over.
    judged: set[str | None] = set()
    if play.tricks:
        judged.update((rules.trick_count, rules.one_card_each))
    if known_hands:
        judged.add(rules.card_held)
    stopped = False
    decided_in: int | None = None
    most = 0  # the most cards with a player in one trick
    size = len(seats)
    full = 0  # the tricks that show a card for each seat
    for count, (trick, players) in enumerate(zip(play.tricks, turns), start=1):
        if decided_in is not None:
            problem = f"trick {decided_in} decides the game, but the play goes on to trick {len(play.tricks)}"
            _miscounted(findings, rules, trick.span, problem, len(seats), decided_in)
            break
        if trick.number.value != count:
            problem = f"trick {trick.number.value} should be numbered {count}"
            _miscounted(findings, rules, trick.number.span, problem, len(seats), expected_tricks)
        leader = trick.leader.value
        if leader not in seats:
            stopped = True
            break
        if expected_leader is not None:
            judged.add(rules.first_leader if count == 1 else rules.next_leader)
            if leader != expected_leader and count == 1:
                findings.fault(
                    rules.first_leader,
                    trick.leader.span,
                    ack=trick.leader.ack,
                    figures=False,
                    player=leader,
                    expected=expected_leader,
                )
            elif leader != expected_leader:
                # The table took the previous trick for the leader's: their two counts of tricks
                # may follow from it.
                findings.fault(
                    rules.next_leader,
                    trick.leader.span,
                    ack=trick.leader.ack,
                    figures=(leader, expected_leader),
                    number=count,
                    player=leader,
                    expected=expected_leader,
                    previous=count - 1,
                )
        table.leader = leader
        shown = trick.cards
        # A player who played twice is reported by ``_check_turns``, and not for the count.
        twice = _check_turns(trick, seats, orders, rules, findings) if trick.players else False
        if len(shown.cards) == size:
            full += 1
        elif not twice and not (count == len(turns) and play.incomplete):
            findings.add(
                rules.one_card_each,
                trick.span,
                number=count,
                count=len(shown.cards),
                players=size,
            )
        # The cards that have a player: all of them unless the trick holds too many.
        cards = shown.cards[: len(players)]
        if len(cards) > most:
            most = len(cards)
        acks = shown.acks
        faults, winner = table.take(players, cards, acks, holding)
        for index, (code, values) in faults:
            if code != rules.card_held or known_hands:
                # A card not held changes what every later figure may show; a card held
                # but played against the rules changes nothing the figures count.
                findings.fault(
                    code,
                    shown.span(index),
                    ack=index in acks,
                    figures=code == rules.card_held,
                    player=players[index],
                    **values,
                )
        if winner is not None:
            expected_leader = winner
            written = trick.winner
            if written is not None and written.value != winner:
                findings.fault(
                    rules.trick_winner,
                    written.span,
                    ack=written.ack,
                    figures=(winner, written.value),
                    number=count,
                    expected=winner,
                    card=cards[trick_winner(cards, trump)],
                    written=written.value,
                )
                # The table went on as if its winner had won: judge the next lead by that.
                expected_leader = written.value
            if decided is not None and decided(table.won):
                decided_in = count
        else:
            expected_leader = None
    # Every lead is judged by the trump-lead rule, every later card by follow suit, and
    # every full trick by the rule on who wins it.
    if most and trump is not None:
        judged.add(rules.trump_lead)
    if most > 1:
        judged.add(rules.follow_suit)
    if any(table.won.values()):
        judged.add(rules.trick_winner)
    findings.judge(*judged)
    if stopped:
        return PlayOutcome({seat: count for seat, count in table.won.items() if count}, False)
    won = {seat: table.won.get(seat, 0) for seat in seats}
    if decided_in is not None:
        return PlayOutcome(won, True)
    complete = (
        not play.incomplete and len(play.tricks) == expected_tricks and full == len(play.tricks)
    )
    if not play.incomplete and len(play.tricks) != expected_tricks and play.tricks:
        count = len(play.tricks)
        problem = f"the play has {count} trick{'s' if count != 1 else ''}"
        _miscounted(findings, rules, play.span, problem, len(seats), expected_tricks)
    return PlayOutcome(won, complete)


class TrickPlay:
    """The tricks of one deal as they are played: the one state of trick play, which a live
    game plays on and the replay of a record replays through.

    It holds what each player has left, the trick on the table, the tricks played and who won
    them, whether trumps are broken and who leads.  ``tricks`` is how many tricks the deal has;
    ``leader`` leads the first.  The order of play round the table follows the ruleset's
    reading (``TrickRules.enforce_order``): under ``free`` any player who has not played to the
    trick may play, and :meth:`to_act` names them all, the next one clockwise first.

    A live game asks :meth:`fault` and then :meth:`play`; a replay puts each trick's cards as
    the table did with :meth:`take`, which says what each card breaks, and ends the trick with
    :meth:`gather`, since a record may show a fault the table let stand.
    """

    __slots__ = (
        "_allowed",
        "_free",
        "_orders",
        "_waiting",
        "acked",
        "broken",
        "current",
        "done",
        "hands",
        "leader",
        "ruffed",
        "rules",
        "seats",
        "tricks",
        "trump",
        "won",
    )

    def __init__(
        self,
        seats: Sequence[str],
        rules: TrickRules,
        trump: Suit | None,
        hands: Mapping[str, Iterable[Card]],
        leader: str,
        tricks: int,
    ) -> None:
        self.seats = tuple(seats)
        self.rules = rules
        self.trump = trump
        self.hands = {seat: dict.fromkeys(hands[seat], True) for seat in self.seats}
        """What each player holds, as an ordered set (the order of the hand as dealt)."""
        for player, cards in hands.items():
            # A record's play may name a player who is not at the table: their cards, as the
            # play shows them, are kept too, after the table's.
            if player not in self.hands:
                self.hands[player] = dict.fromkeys(cards, True)
        self.leader = leader
        self.current: list[tuple[str, Card]] = []
        """The trick on the table: who played which card, in order of play."""
        self.done: list[tuple[tuple[str, ...], tuple[Card, ...]]] = []
        """The tricks played, each as its players and its cards in order of play: kept as two
        tuples, not paired card by card, so that a replay ends a trick with no new object but
        the pair of them."""
        self.won = dict.fromkeys(self.seats, 0)
        self.broken = False
        self.ruffed = False
        """A player who could not follow the suit led has played a trump to this trick."""
        self.tricks = tricks
        self.acked: tuple[tuple[int, int], ...] = ()
        """The cards the table let stand although they break a rule of play, as the index of
        their trick (from 0) and their place in it."""
        self._allowed: dict[str, list[Card]] = {}
        self._waiting: tuple[str, ...] | None = None
        """The players still to play to the trick on the table, in order of play: worked out
        when a live game asks (:meth:`to_act`), never by a replay, which knows who played."""
        self._free = rules.enforce_order == "free"
        self._orders = seatings(self.seats, rules.enforce_order)

    def copy(self) -> TrickPlay:
        """An independent copy, for search and for the referee's checkpoints."""
        return _rebuilt(*self._makings())

    def __deepcopy__(self, memo: dict[int, object]) -> TrickPlay:
        """:meth:`copy`, for ``copy.deepcopy`` (OpenSpiel clones a state with it); what
        :meth:`copy` shares is immutable."""
        return self.copy()

    def __reduce__(self) -> tuple[Callable[..., TrickPlay], _Makings]:
        """How the play is pickled (OpenSpiel pickles a state to save it): see
        :meth:`_makings`."""
        return _rebuilt, self._makings()

    def _makings(self) -> _Makings:
        """The arguments of the constructor, with the hands as they are now, and the rest of
        the state, copied one level down, from which :func:`_rebuilt` makes the play again:
        how it is copied and pickled, since a class compiled with mypyc has no bare
        ``__new__`` for ``copy`` or ``pickle`` to start from."""
        state = (
            dict(self._allowed),
            self._waiting,
            self.broken,
            self.ruffed,
            self.acked,
            list(self.current),
            list(self.done),
            dict(self.won),
        )
        return self.seats, self.rules, self.trump, self.hands, self.leader, self.tricks, state

    @property
    def over(self) -> bool:
        """Every trick of the deal is played."""
        return len(self.done) == self.tricks

    def order(self, leader: str) -> tuple[str, ...]:
        """The players in order of play from ``leader``, in the direction of the reading."""
        return self._orders[leader]

    def to_act(self) -> tuple[str, ...]:
        """Who may play the next card."""
        current = self.current
        if not current:
            return () if len(self.done) == self.tricks else (self.leader,)
        waiting = self._waiting
        if waiting is None:
            played = [p for p, _ in current]
            order = self._orders.get(current[0][0], ())
            waiting = self._waiting = tuple(p for p in order if p not in played)
        return waiting if self._free else waiting[:1]

    def allowed(self, player: str) -> list[Card]:
        """The cards ``player`` may play to the trick now, were it their turn: worked out once
        per card played, since the list of legal actions and the check of the action chosen
        both ask, and kept for a player until the cards they may play change."""
        found = self._allowed.get(player)
        if found is None:
            led = self.current[0][1].suit if self.current else None
            found = self._allowed[player] = playable(
                self.hands[player], led, self.trump, self.broken, self.rules
            )
        return found

    def forget(self) -> None:
        """Forget the cards worked out as allowed: the hands were changed from outside (a
        search deals the unseen cards again)."""
        self._allowed.clear()

    def fault(
        self, player: str, card: Card, acknowledged: bool = False
    ) -> tuple[str, dict[str, object]] | None:
        """The clause that ``player`` playing ``card`` now breaks, with the values of its
        message, or None when the card may be played (``player`` sits at the table).

        A card the table ``acknowledged`` may break the rules on which card is played (follow
        suit, leading trumps): the play goes on from it as the replay of a record that marks
        it ``!`` does.  Who plays and whether the card is held are not waived: the table could
        not go on from a card played out of turn or not held."""
        if player in self.to_act() and card in self.allowed(player):
            return None
        rules, current = self.rules, self.current
        number = len(self.done) + 1
        if not current:
            if player != self.leader:
                if number == 1:
                    return rules.first_leader, {"player": player, "expected": self.leader}
                return rules.next_leader, {
                    "number": number,
                    "player": player,
                    "expected": self.leader,
                    "previous": number - 1,
                }
        elif any(p == player for p, _ in current):
            return rules.one_card_each, {
                "number": number,
                "count": len(current) + 1,
                "players": len(self.seats),
            }
        elif rules.enforce_order != "free":
            expected = self._orders[self.leader][len(current)]
            if player != expected and rules.turn_order is not None:
                order = rules.enforce_order
                return rules.turn_order, {
                    "player": player,
                    "previous": current[-1][0],
                    "expected": expected,
                    "order": order,
                }
        fault = self.card_fault(player, card)
        if fault is None or (acknowledged and fault[0] != rules.card_held):
            return None
        code, values = fault
        return code, {"player": player, **values}

    def card_fault(
        self,
        player: str,
        card: Card,
        holding: Mapping[str, Mapping[Card, bool]] | None = None,
    ) -> tuple[str, dict[str, object]] | None:
        """The clause that ``player``'s card breaks, whoever's turn it is: a card not held,
        or one that breaks the rules of play (leading trumps, follow suit), with the values
        of its message but the player's name.  Why a card is not held names who holds it only
        when ``holding`` (the hands) is given: a live table tells the player only what they
        may know."""
        hand = self.hands.get(player)
        if hand is None or card not in hand:
            return self._not_held(player, card, [c for _, c in self.current], holding)
        led = self.current[0][1].suit if self.current else None
        if breaks(card, hand, led, self.trump, self.broken, self.rules) is None:
            return None
        return play_fault(card, hand, led, self.trump, self.broken, self.rules)

    def _not_held(
        self,
        player: str,
        card: Card,
        trick: Sequence[Card],
        holding: Mapping[str, Mapping[Card, bool]] | None,
    ) -> tuple[str, dict[str, object]]:
        """The fault of a card its player does not hold (see :meth:`card_fault`), ``trick``
        being the cards played to the trick before it."""
        played: list[Sequence[Card]] = [cards for _, cards in self.done]
        played.append(trick)
        return self.rules.card_held, {
            "card": card,
            "reason": why_not_held(player, card, played, holding),
        }

    def play(self, player: str, card: Card, acknowledged: bool = False) -> None:
        """Play a card that :meth:`fault` allows; a full trick goes to its winner, who leads
        next."""
        current = self.current
        hand = self.hands[player]
        if current:
            led = current[0][1].suit
            if card.suit is self.trump and card.suit is not led:
                # A ruff when the player could not follow: a card the table let stand may be
                # a revoke made with a trump, which is not.
                self.ruffed = self.ruffed or not any(c.suit is led for c in hand)
            self._played_after_lead(player)
        else:
            self._led()
        del hand[card]
        if acknowledged:
            self.acked += ((len(self.done), len(current)),)
        current.append((player, card))
        if len(current) == len(self.seats):
            self.gather()

    def _led(self) -> None:
        """Forget what depended on the trick before: who may play what, and who is to play."""
        if self._allowed:
            self._allowed.clear()
        self._waiting = None

    def _played_after_lead(self, player: str) -> None:
        """``player`` has followed to the trick: what they may play and who is still to play
        change, if a live game has asked (a replay never does)."""
        if self._allowed:
            self._allowed.pop(player, None)
        waiting = self._waiting
        if waiting is not None and player in waiting:
            at = waiting.index(player)
            self._waiting = waiting[:at] + waiting[at + 1 :]

    def take(
        self,
        players: tuple[str, ...],
        cards: tuple[Card, ...],
        acks: Collection[int] = (),
        holding: Mapping[str, Mapping[Card, bool]] | None = None,
    ) -> tuple[list[tuple[int, tuple[str, dict[str, object]]]], str | None]:
        """Put a whole trick on the table, each player's card in turn, as the table let it
        stand whatever it breaks (``acks``: the places among them of those it acknowledged),
        then end the trick (:meth:`gather`): how a replay puts a trick's cards, where a live
        game plays each card that :meth:`fault` has allowed (:meth:`play`).  No card of the
        trick is on the table yet.  Returns what each card breaks, by its place (as
        :meth:`card_fault` judges it), and the trick's winner.

        A card not held is taken from no hand.  Only a player who could not follow the suit
        led breaks trumps by a trump: a revoke made with a trump does not (the reading
        ``ruff-only`` of what breaks trumps speaks of a player who could not follow), whether
        or not the table let it stand.  The trick goes to :attr:`done` whole, never card by
        card through :attr:`current`: a replay asks this of every trick of every record."""
        faults: list[tuple[int, tuple[str, dict[str, object]]]] = []
        hands, trump, broken, rules = self.hands, self.trump, self.broken, self.rules
        led = cards[0].suit if cards else None
        ruffed = False
        for index, (player, card) in enumerate(zip(players, cards)):
            hand = hands.get(player)
            if hand is None or hand.pop(card, None) is None:
                faults.append((index, self._not_held(player, card, cards[:index], holding)))
            # The judgement of :meth:`card_fault`, written out as a replay asks it of every
            # card it puts, on the hand without the card, which changes nothing: the card is
            # not of the suit whose presence decides (see ``breaks``).  A card that follows
            # suit breaks no rule of play, and most cards do: they are told so without a call.
            elif index and card.suit is led:
                pass
            elif breaks(card, hand, led if index else None, trump, broken, rules) is not None:
                found = play_fault(card, hand, led if index else None, trump, broken, rules)
                assert found is not None
                faults.append((index, found))
            elif index and card.suit is trump:
                # A card off the suit led that breaks no rule of play: the player could
                # not follow, so a trump is a ruff.
                ruffed = True
        if acks:
            number = len(self.done)
            self.acked += tuple((number, place) for place in sorted(acks) if place < len(cards))
        # What a live game worked out of who may play what no longer holds.
        if self._allowed:
            self._allowed.clear()
        self._waiting = None
        return faults, self._end(players[: len(cards)], cards, ruffed)

    def gather(self) -> str | None:
        """End the trick on the table: a full trick goes to its winner, who leads next, and
        is returned; a trick short of a card for each seat (a record's play may show one) is
        set aside, won by nobody."""
        self._allowed.clear()
        players, cards = _apart(self.current)
        self.current = []
        return self._end(players, cards, self.ruffed)

    def _end(self, players: tuple[str, ...], cards: tuple[Card, ...], ruffed: bool) -> str | None:
        """:meth:`gather` the trick taken off the table, given its players and its cards in
        order of play and whether a player who could not follow trumped it."""
        trump = self.trump
        winner: str | None = None
        if len(cards) == len(self.seats):
            winner = players[trick_winner(cards, trump)]
            self.won[winner] = self.won.get(winner, 0) + 1
            self.leader = winner
        if not self.broken and trump is not None:
            self.broken = trumps_broken(False, cards, trump, ruffed, self.rules)
        self.done.append((players, cards))
        self.ruffed = False
        return winner

    def record(self) -> Play:
        """The tricks so far, as a record: each in the leader form when it went round the
        table in the order of the reading, else with each card's player."""
        tricks = []
        acked = self.acked
        for number, (players, played) in enumerate(
            [*self.done, _apart(self.current)] if self.current else self.done, start=1
        ):
            acks = (
                frozenset(place for index, place in acked if index == number - 1)
                if acked
                else frozenset()
            )
            cards = Cards(played, acks=acks)
            leader = Atom(players[0])
            if players == self.order(players[0])[: len(players)]:
                tricks.append(Trick(Atom(number), leader, cards))
            else:
                tricks.append(Trick(Atom(number), leader, cards, tuple(Atom(p) for p in players)))
        return Play(tuple(tricks), incomplete=not self.over)


TrickTable = TrickPlay
"""Deprecated: the former name of :class:`TrickPlay`, kept so that code written against it
goes on working; "table" now names only the card table the players sit at."""


_Makings = tuple[
    tuple[str, ...],
    TrickRules,
    Suit | None,
    Mapping[str, Iterable[Card]],
    str,
    int,
    tuple[Any, ...],
]
"""What :meth:`TrickPlay._makings` gives: the constructor's arguments and the state."""


def _rebuilt(
    seats: tuple[str, ...],
    rules: TrickRules,
    trump: Suit | None,
    hands: Mapping[str, Iterable[Card]],
    leader: str,
    tricks: int,
    state: tuple[Any, ...],
) -> TrickPlay:
    """The play of :meth:`TrickPlay._makings`."""
    table = TrickPlay(seats, rules, trump, hands, leader, tricks)
    (
        table._allowed,
        table._waiting,
        table.broken,
        table.ruffed,
        table.acked,
        table.current,
        table.done,
        table.won,
    ) = state
    return table


def _apart(trick: Sequence[tuple[str, Card]]) -> tuple[tuple[str, ...], tuple[Card, ...]]:
    """A trick's cards paired with their players, as its players and its cards (the form of
    :attr:`TrickPlay.done`)."""
    return tuple([player for player, _ in trick]), tuple([card for _, card in trick])


def _miscounted(
    findings: Findings, rules: TrickRules, span: Span, problem: str, players: int, expected: int
) -> None:
    """Report a break of the rule on the number of tricks: ``problem`` says what is wrong,
    ``expected`` is how many tricks the hand has."""
    findings.add(rules.trick_count, span, problem=problem, players=players, expected=expected)


def _turns(
    tricks: Sequence[Trick], seatings: Mapping[str, tuple[str, ...]]
) -> list[tuple[str, ...]]:
    """Who plays the cards of each trick, in order of play: the player of each card, or the
    seats from the leader round (``seatings``, see :func:`seatings`); none when the leader
    is not at the table.  A card past the last of them has no player."""
    return [
        tuple([p.value for p in trick.players])
        if trick.players
        else seatings.get(trick.leader.value, ())
        for trick in tricks
    ]


def _check_turns(
    trick: Trick,
    seats: Sequence[str],
    seatings: Mapping[str, Sequence[str]],
    rules: TrickRules,
    findings: Findings,
) -> bool:
    """In the per-card form: each player plays once, and in turn when the order is enforced.
    True when a player played twice (which is reported here, once)."""
    names = [p.value for p in trick.players]
    if any(times > 1 for times in Counter(names).values()):
        findings.add(
            rules.one_card_each,
            trick.span,
            number=trick.number.value,
            count=len(names),
            players=len(seats),
        )
        return True
    if rules.turn_order is None or rules.enforce_order == "free" or names[0] not in seats:
        return False
    findings.judge(rules.turn_order)
    expected = seatings[names[0]]
    for index in range(1, len(names)):
        if names[index] != expected[index]:
            findings.fault(
                rules.turn_order,
                trick.players[index].span,
                ack=trick.players[index].ack,
                figures=False,
                player=names[index],
                previous=names[index - 1],
                expected=expected[index],
                order=rules.enforce_order,
            )
            return False
    return False


def why_not_held(
    player: str,
    card: Card,
    played: Sequence[Sequence[Card]],
    holding: Mapping[str, Mapping[Card, bool]] | None,
) -> str | Phrase:
    """Why a card played is not in its player's hand: the last trick it was played to
    (``played`` holds the cards of each trick so far), or who holds it.  A live table passes
    no ``holding``: the player who tried the card is told only what they may know (that it was
    played, or that it is not in their hand), never who holds it or that it was set aside.  The
    last is a phrase about ``player``, said to them in the second person at a table."""
    for number in range(len(played), 0, -1):
        if card in played[number - 1]:
            return f"it was already played in trick {number}"
    for other, hand in (holding or {}).items():
        if card in hand:
            return f"{other} holds it"
    return Phrase("it is not in {player:their} hand", {"player": player})


def tricks_taken(
    deal: Deal, seats: Sequence[str], won: dict[str, int] | None, clause: str, findings: Findings
) -> dict[str, int] | None:
    """The tricks each player took: from the play when it is complete (``won``), with the
    record's ``tricks`` line checked against it under ``clause``; else as the record states
    them; None when neither tells every player's."""
    written = deal.find(Tricks)
    if won is not None:
        if written is not None:
            findings.judge(clause)
            for figure in written.entries:
                side = figure.side_name
                if side in won and figure.value != won[side]:
                    findings.add(
                        clause,
                        figure.span,
                        ack=figure.ack,
                        player=side,
                        expected=won[side],
                        written=figure.value,
                    )
                    findings.disturb_figures(side)
        return won
    if written is None:
        findings.unchecked("the scores (neither the play nor the tricks taken are recorded)")
        return None
    found = {f.side_name: f.value for f in written.entries}
    if not set(seats) <= set(found):
        findings.unchecked("the scores (not every player's tricks are recorded)")
        return None
    return {seat: found[seat] for seat in seats}
