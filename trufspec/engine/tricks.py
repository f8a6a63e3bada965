"""Trick-taking, written once for every game that plays tricks.

Truf in its three rulesets and Ruff and Honours all lead, follow suit and win tricks the same
way, with differences the rules name: whether a trump may be led before trumps are broken,
who leads the first trick, whether the order of play round the table is enforced.  The replay
here is parametrised by a :class:`TrickRules` that says, for each of those rules, which clause
of the ruleset states it, so that a truf-de revoke cites the German text and a Ruff and Honours
revoke its own.

The replay judges what it has facts for.  When the hands are known, every card is checked
against the hand that holds it.  When they are not, the hands are rebuilt from the play itself:
a player who plays a heart in trick 9 held that heart in trick 3, so a failure to follow hearts
in trick 3 is still a revoke.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence

from attrs import frozen

from trufspec.cards import Card, Suit
from trufspec.engine.findings import Findings
from trufspec.records import Deal, Play, Span, Trick, Tricks

__all__ = [
    "TrickRules",
    "PlayOutcome",
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
    best, top = 0, cards[0]
    for index in range(1, len(cards)):
        card = cards[index]
        if card.suit is top.suit:
            if card.rank > top.rank:
                best, top = index, card
        elif card.suit is trump:
            best, top = index, card
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
        }
    return code, {"card": card, "suit_cards": " ".join(str(c) for c in hand if c.suit is led)}


def trumps_broken(
    broken: bool, cards: Sequence[Card], trump: Suit | None, ruffed: bool, rules: TrickRules
) -> bool:
    """Whether trumps are broken once a trick of ``cards`` is over (``ruffed``: a player who
    could not follow suit played a trump to it), given whether they were before."""
    if broken or trump is None or not any(c.suit is trump for c in cards):
        return broken
    return rules.broken_by == "any-earlier-trick" or ruffed


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
) -> list[Sequence[str]]:
    """Who plays the cards of each trick, in order of play, as the replay reads a record (see
    :func:`_turns`): pictures of a deal lay the cards out by the same reading."""
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
    """Replay the tricks of a deal against the rules; report what breaks them.

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
    # Each hand as an ordered set: a card played is taken out (and found held) by one pop.
    holding = {seat: dict.fromkeys(cards, True) for seat, cards in hands.items()}
    won: Counter[str] = Counter()
    broken = False
    expected_leader = first_leader
    # The clauses judged trick by trick, told to the findings once the play is over.
    judged: set[str | None] = set()
    if play.tricks:
        judged.update((rules.trick_count, rules.one_card_each))
    if known_hands:
        judged.add(rules.card_held)
    stopped = False
    decided_in: int | None = None
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
        if expected_leader is not None and leader != expected_leader:
            if count == 1:
                findings.fault(
                    rules.first_leader,
                    trick.leader.span,
                    ack=trick.leader.ack,
                    figures=False,
                    player=leader,
                    expected=expected_leader,
                )
            else:
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
        if not (trick.by_player and _check_turns(trick, seats, orders, rules, findings)):
            last = count == len(turns)
            if len(trick.cards.cards) != len(seats) and not (last and play.incomplete):
                findings.add(
                    rules.one_card_each,
                    trick.span,
                    number=count,
                    count=len(trick.cards.cards),
                    players=len(seats),
                )
        # The cards that have a player: all of them unless the trick holds too many.
        cards = trick.cards.cards[: len(players)]
        if cards:
            # Every lead is judged by the trump-lead rule, every later card by follow suit.
            if trump is not None:
                judged.add(rules.trump_lead)
            if len(cards) > 1:
                judged.add(rules.follow_suit)
        ruffed = False
        led = cards[0].suit if cards else None
        for index, (player, card) in enumerate(zip(players, cards)):
            hand = holding.get(player)
            if hand is None or not hand.pop(card, False):
                if known_hands:
                    # The cards played so far: those of the tricks before, then of this one.
                    played = [
                        t.cards.cards[: len(p)] for t, p in zip(play.tricks, turns[: count - 1])
                    ] + [cards[:index]]
                    reason = why_not_held(card, played, holding)
                    findings.fault(
                        rules.card_held,
                        trick.cards.span(index),
                        ack=index in trick.cards.acks,
                        player=player,
                        card=card,
                        reason=reason,
                    )
                continue
            # The rules are judged on the hand without the card, which changes nothing: the
            # card is not of the suit whose presence decides (see ``breaks``).
            if breaks(card, hand, led if index else None, trump, broken, rules) is not None:
                fault = play_fault(card, hand, led if index else None, trump, broken, rules)
                assert fault is not None
                code, values = fault
                findings.fault(
                    code,
                    trick.cards.span(index),
                    ack=index in trick.cards.acks,
                    figures=False,
                    player=player,
                    **values,
                )
            elif index and card.suit is not led and card.suit is trump:
                ruffed = True
        if len(cards) == len(seats):
            judged.add(rules.trick_winner)
            best = trick_winner(cards, trump)
            winner = players[best]
            won[winner] += 1
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
                    card=cards[best],
                    written=written.value,
                )
                # The table went on as if its winner had won: judge the next lead by that.
                expected_leader = written.value
            if decided is not None and decided(won):
                decided_in = count
        else:
            expected_leader = None
        broken = trumps_broken(broken, cards, trump, ruffed, rules)
    findings.judge(*judged)
    if stopped:
        return PlayOutcome(dict(won), False)
    if decided_in is not None:
        return PlayOutcome({seat: won[seat] for seat in seats}, True)
    complete = (
        not play.incomplete
        and len(play.tricks) == expected_tricks
        and all(len(t.cards.cards) == len(seats) for t in play.tricks)
    )
    if not play.incomplete and len(play.tricks) != expected_tricks and play.tricks:
        count = len(play.tricks)
        problem = f"the play has {count} trick{'s' if count != 1 else ''}"
        _miscounted(findings, rules, play.span, problem, len(seats), expected_tricks)
    return PlayOutcome({seat: won[seat] for seat in seats}, complete)


def _miscounted(
    findings: Findings, rules: TrickRules, span: Span, problem: str, players: int, expected: int
) -> None:
    """Report a break of the rule on the number of tricks: ``problem`` says what is wrong,
    ``expected`` is how many tricks the hand has."""
    findings.add(rules.trick_count, span, problem=problem, players=players, expected=expected)


def _turns(tricks: Sequence[Trick], seatings: Mapping[str, Sequence[str]]) -> list[Sequence[str]]:
    """Who plays the cards of each trick, in order of play: the player of each card, or the
    seats from the leader round (``seatings``, see :func:`seatings`); none when the leader
    is not at the table.  A card past the last of them has no player."""
    return [
        [p.value for p in trick.players]
        if trick.by_player
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
    card: Card,
    played: Sequence[Sequence[Card]],
    holding: Mapping[str, Mapping[Card, bool]] | None,
) -> str:
    """Why a card played is not in its player's hand: the last trick it was played to
    (``played`` holds the cards of each trick so far), or who holds it.  A live table passes
    no ``holding``: the player who tried the card is told only what they may know (that it was
    played, or that it is not in their hand), never who holds it or that it was set aside."""
    for number in range(len(played), 0, -1):
        if card in played[number - 1]:
            return f"it was already played in trick {number}"
    for other, hand in (holding or {}).items():
        if card in hand:
            return f"{other} holds it"
    return "it is not in their hand"


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
