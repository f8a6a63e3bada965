"""truf-basics games played from the rules alone: whole games of "Truf: The Basics", the oracle
of the validator's property tests.

Nothing here comes from ``trufspec.engine`` or ``trufspec.rulesets``.  The rules are written
again, small and plain, straight from the source text and from the readings of its options,
so that a bug in the validator cannot hide behind the same bug in the simulator:

* four players, 13 cards each, 6 rounds; the highest total after 6 rounds wins (The Basics);
* declaring: one card (its value), two cards of one suit as SUM (the values added, at least 5)
  or SUBTRACT (higher value less lower, the values adding up to at least 5, or the result
  itself at least 5 under ``subtract-valid=result``), two cards of different suits as NO TRUF
  (added, at least 7); the ace is worth 1, number cards their number, pictures 0;
* the bid winner: the highest target; at equal targets a suit beats NO TRUF, suits rank
  spades, hearts, clubs, diamonds; NO TRUF declarers by their best card's value, then its
  suit; the same suit by fewer cards, then value, then rank (or rank alone);
* trump: the winner's suit, none for NO TRUF (or by the winner's choice under
  ``no-truf-by-choice=yes``); mode: the targets against 13, above Main Atas, below Main
  Bawah, at 13 the trump player's choice;
* play: the bid winner leads, then each trick's winner; follow suit if possible, otherwise
  anything; the highest trump wins, else the highest card of the suit led (A high); a trump may
  be led at any time unless ``trump-lead=until-broken``;
* scoring: an exact target scores itself; a miss loses 1 per trick over and 2 per trick under
  in Main Atas, 2 and 1 in Main Bawah; a zero target with no trick scores the round's highest
  target, with tricks the over penalty per trick and 2 more.

The bots declare the target their hand promises (:func:`hand_strength`), play to reach it
and duck once they have it.  :func:`random_game` builds a game as a model and :func:`render`
writes it as canonical record text, noting on which line each part stands, so that a test can
change one written value, render again and know where the validator must object.
``fault=Fault(kind)`` plays one illegal card or lead on purpose and then goes on legally,
every later figure following from the play as recorded.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from trufspec.simulate import options_tag

__all__ = [
    "DEFAULT_OPTIONS",
    "PACK",
    "PLAYERS",
    "Fault",
    "GeneratedDeal",
    "GeneratedDeclaration",
    "GeneratedGame",
    "Lines",
    "card_text",
    "card_value",
    "declaration_target",
    "declaration_valid",
    "hand_strength",
    "random_game",
    "render",
    "score_of",
    "winner_of",
]

SUITS = ("S", "H", "C", "D")
"""The suits, highest first in this source's order (Tiebreakers)."""
SUIT_ORDER = {"S": 3, "H": 2, "C": 1, "D": 0}
DISPLAY = {"S": 3, "H": 2, "D": 1, "C": 0}
"""The order hands are written in (the notation's own, spades to clubs)."""
RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
PACK = tuple((rank, suit) for suit in SUITS for rank in range(2, 15))
PLAYERS = ("Ana", "Budi", "Citra", "Dewi")

Card = tuple[int, str]  # (rank 2..14, suit letter)

DEFAULT_OPTIONS: dict[str, str] = {
    "no-truf-by-choice": "no",
    "subtract-valid": "sum",
    "same-suit-tiebreak": "cards-value-rank",
    "trump-lead": "free",
}
"""The readings the simulator plays by, at their defaults."""


def card_text(card: Card) -> str:
    return RANK_TEXT[card[0]] + card[1]


def _display_key(card: Card) -> tuple[int, int]:
    return (-DISPLAY[card[1]], -card[0])


# ----------------------------------------------------------------------------- the rules


def card_value(card: Card) -> int:
    """Card Values: A 1, 2-10 face value, J Q K 0."""
    if card[0] == 14:
        return 1
    return 0 if card[0] > 10 else card[0]


def declaration_target(cards: list[Card], form: str) -> int:
    """The target of a declaration (1 Card; SUM; SUBTRACT; NO TRUF)."""
    values = [card_value(c) for c in cards]
    if form == "subtract":
        return max(values) - min(values)
    return sum(values)


def declaration_valid(cards: list[Card], form: str, subtract_valid: str) -> bool:
    """The Valid when column of the two declaration tables."""
    values = [card_value(c) for c in cards]
    if form == "one":
        return True
    if form == "sum":
        return sum(values) >= 5
    if form == "subtract":
        return sum(values) >= 5 and (subtract_valid == "sum" or max(values) - min(values) >= 5)
    return sum(values) >= 7


@dataclass
class GeneratedDeclaration:
    player: str
    cards: list[Card]
    form: str  # one, sum, subtract, no-truf
    target: int
    as_number: bool = False
    written_target: int | None = None

    @property
    def suit(self) -> str | None:
        return None if self.form == "no-truf" else self.cards[0][1]

    def best_card(self) -> Card:
        return max(self.cards, key=lambda c: (card_value(c), SUIT_ORDER[c[1]]))


def winner_of(
    declarations: list[GeneratedDeclaration], same_suit: str
) -> tuple[str, dict[str, str], bool]:
    """Setting the Trump Suit and its Tiebreakers: the winner, for each loser the clause that
    beat them, and whether the record shows enough to decide (no number at a tied top)."""
    top = max(d.target for d in declarations)
    beaten = {d.player: "TB207" for d in declarations if d.target < top}
    tied = [d for d in declarations if d.target == top]
    if len(tied) == 1:
        return tied[0].player, beaten, True
    checkable = not any(d.as_number for d in tied)
    suited = [d for d in tied if d.form != "no-truf"]
    if not suited:
        best = max(tied, key=lambda d: (card_value(d.best_card()), SUIT_ORDER[d.best_card()[1]]))
        for d in tied:
            if d is not best:
                beaten[d.player] = "TB210"
        return best.player, beaten, checkable
    for d in tied:
        if d.form == "no-truf":
            beaten[d.player] = "TB208"
    # A suited declaration's suit is that of its cards.
    top_suit = max(SUIT_ORDER[d.cards[0][1]] for d in suited)
    same = []
    for d in suited:
        if SUIT_ORDER[d.cards[0][1]] == top_suit:
            same.append(d)
        else:
            beaten[d.player] = "TB209"

    def key(d: GeneratedDeclaration) -> tuple[int, ...]:
        rank = max(c[0] for c in d.cards)
        if same_suit == "rank":
            return (rank,)
        return (-len(d.cards), max(card_value(c) for c in d.cards), rank)

    best = max(same, key=key)
    for d in same:
        if d is not best:
            beaten[d.player] = "TB211"
    return best.player, beaten, checkable


def trick_winner(cards: list[Card], trump: str) -> int:
    """Trump in Play / No Truf Round: the index of the winning card (from the leader)."""
    trumps = [i for i, c in enumerate(cards) if c[1] == trump]
    if trumps:
        return max(trumps, key=lambda i: cards[i][0])
    return max((i for i, c in enumerate(cards) if c[1] == cards[0][1]), key=lambda i: cards[i][0])


def score_of(target: int, taken: int, high: bool, highest: int) -> tuple[int, str]:
    """Hitting / Missing Your Target and the 0-Target Special Rules: points and clause."""
    over, under = (1, 2) if high else (2, 1)
    if target == 0:
        return (highest, "TB404") if taken == 0 else (-over * taken - 2, "TB405")
    miss = "TB402" if high else "TB403"
    if taken == target:
        return target, "TB401"
    if taken > target:
        return -over * (taken - target), miss
    return -under * (target - taken), miss


# ----------------------------------------------------------------------------- the model


@dataclass
class GeneratedTrick:
    leader: str
    cards: list[Card]
    winner: str


@dataclass
class GeneratedDeal:
    number: int
    hands: dict[str, list[Card]]
    declarations: list[GeneratedDeclaration]
    winner: str
    beaten: dict[str, str]
    winner_checkable: bool
    trump: str
    total: int
    high: bool
    tricks: list[GeneratedTrick]
    taken: dict[str, int]
    scores: dict[str, int]
    clauses: dict[str, str]
    totals: dict[str, int]
    written_winner: str | None = None
    written_trump: str | None = None
    written_mode: str | None = None
    written_adjust: int | None = None
    written_trick_winners: dict[int, str] = field(default_factory=dict)
    written_taken: dict[str, int] = field(default_factory=dict)
    written_scores: dict[str, int] = field(default_factory=dict)
    written_totals: dict[str, int] = field(default_factory=dict)


@dataclass
class Fault:
    """``revoke``, ``wrong-leader`` or ``trump-lead``, at the first chance from deal/trick."""

    kind: str
    deal: int = 0
    trick: int = 0
    played: bool = False
    at_deal: int = -1
    at_trick: int = -1
    code: str = ""


@dataclass
class Lines:
    deal: int = 0
    bids: dict[str, int] = field(default_factory=dict)
    contract: int = 0
    tricks_played: list[int] = field(default_factory=list)
    tricks: int = 0
    score: int = 0
    total: int = 0


@dataclass
class GeneratedGame:
    options: dict[str, str]
    detail: str
    deals: list[GeneratedDeal]
    winners: tuple[str, ...]
    fault: Fault | None = None
    winner_tag: str | None = None
    """A ``[Winner]`` tag to write (None: none)."""
    text: str = ""
    lines: list[Lines] = field(default_factory=list)

    def copy(self) -> GeneratedGame:
        return copy.deepcopy(self)


# ----------------------------------------------------------------------------- generation


def _candidates(hand: list[Card], subtract_valid: str) -> list[tuple[list[Card], str]]:
    """Every valid declaration a hand can make."""
    found: list[tuple[list[Card], str]] = [([c], "one") for c in hand]
    for i, a in enumerate(hand):
        for b in hand[i + 1 :]:
            forms = ("sum", "subtract") if a[1] == b[1] else ("no-truf",)
            for form in forms:
                pair = sorted([a, b], key=lambda c: (-card_value(c), -c[0]))
                if declaration_valid(pair, form, subtract_valid):
                    found.append((pair, form))
    return found


def hand_strength(hand: list[Card]) -> float:
    """The tricks a hand can hope for, as a player counts them: its aces, its guarded kings
    and queens, and the length of its longest suit (which, if the bid is won, is trumps)."""
    tricks = 0.0
    for suit in SUITS:
        ranks = [c[0] for c in hand if c[1] == suit]
        tricks += (
            (14 in ranks)
            + 0.7 * (13 in ranks and len(ranks) > 1)
            + 0.4 * (12 in ranks and len(ranks) > 2)
        )
    return tricks + 0.7 * max(0, _longest(hand)[1] - 3)


def _longest(hand: list[Card]) -> tuple[str, int]:
    """The longest suit of a hand and its length (the higher suit at equal lengths)."""
    return max(
        ((s, sum(1 for c in hand if c[1] == s)) for s in SUITS),
        key=lambda x: (x[1], SUIT_ORDER[x[0]]),
    )


def _bot_declaration(
    rng: random.Random, hand: list[Card], subtract_valid: str
) -> tuple[list[Card], str]:
    """A player's declaration: the target nearest the tricks their hand promises (a weak hand
    declares a picture card, zero), preferring the long suit as the suit it would make
    trumps; a little noise in the estimate, as at a real table."""
    wish = max(0, round(hand_strength(hand) + rng.gauss(0, 0.6)))
    long_suit, length = _longest(hand)

    def cost(choice: tuple[list[Card], str]) -> float:
        cards, form = choice
        off = length >= 5 if form == "no-truf" else cards[0][1] != long_suit
        return (
            abs(declaration_target(cards, form) - wish)
            + 0.4 * off
            + 0.2 * (len(cards) - 1)
            + 0.3 * rng.random()
        )

    return min(_candidates(hand, subtract_valid), key=cost)


def _declarations(
    rng: random.Random, hands: dict[str, list[Card]], options: Mapping[str, str], bots: bool
) -> list[GeneratedDeclaration]:
    if bots:
        chosen = {p: _bot_declaration(rng, hands[p], options["subtract-valid"]) for p in PLAYERS}
        return [
            GeneratedDeclaration(p, cards, form, declaration_target(cards, form))
            for p, (cards, form) in chosen.items()
        ]
    made = []
    for player in PLAYERS:
        choices = _candidates(hands[player], options["subtract-valid"])
        ones = [c for c in choices if c[1] == "one"]
        cards, form = rng.choice(ones if rng.random() < 0.5 else choices)
        made.append(GeneratedDeclaration(player, cards, form, declaration_target(cards, form)))
    if rng.random() < 0.3:
        # Aim at a total of 13, where the trump player chooses the mode.
        last = made[-1]
        need = 13 - sum(d.target for d in made[:-1])
        fits = [
            c
            for c in _candidates(hands[last.player], options["subtract-valid"])
            if declaration_target(*c) == need
        ]
        if fits:
            cards, form = rng.choice(fits)
            made[-1] = GeneratedDeclaration(last.player, cards, form, need)
    for d in made:
        d.as_number = rng.random() < 0.08
    return made


def _play(
    rng: random.Random,
    hands: dict[str, list[Card]],
    first: str,
    trump: str,
    targets: dict[str, int],
    options: Mapping[str, str],
    fault: Fault | None,
    deal_index: int,
    explore: float,
) -> list[GeneratedTrick]:
    """The tricks of a deal: each player plays for their target (``explore`` is the share of
    cards played at random among the legal ones)."""
    holding = {p: list(hands[p]) for p in PLAYERS}
    taken = dict.fromkeys(PLAYERS, 0)
    broken = False
    leader = first
    tricks = []
    pending = fault is not None and not fault.played and deal_index >= fault.deal

    def due(number: int, kind: str) -> bool:
        """Whether the fault of this kind is to be played now, in trick ``number``."""
        return (
            pending
            and fault is not None
            and fault.kind == kind
            and (deal_index > fault.deal or number >= fault.trick)
        )

    def choose(player: str, legal: list[Card], cards: list[Card]) -> Card:
        """Win a trick while the target still needs one, as cheaply as possible; otherwise
        duck, throwing the highest card that loses."""
        if rng.random() < explore:
            return rng.choice(legal)
        strength = lambda c: (c[1] == trump, c[0])  # noqa: E731
        wants = taken[player] < targets[player]
        if not cards:
            return _lead(legal, trump, wants)
        wins = [c for c in legal if trick_winner([*cards, c], trump) == len(cards)]
        loses = [c for c in legal if c not in wins]
        if wants:
            return min(wins, key=strength) if wins else min(legal, key=strength)
        return max(loses, key=strength) if loses else min(legal, key=strength)

    for number in range(13):
        if due(number, "wrong-leader"):
            leader = rng.choice([p for p in PLAYERS if p != leader])
            _played(fault, deal_index, number, "TB301" if number == 0 else "TB302")
            pending = False
        seat = PLAYERS.index(leader)
        order = [PLAYERS[(seat + k) % 4] for k in range(4)]
        cards: list[Card] = []
        for position, player in enumerate(order):
            hand = holding[player]
            if position == 0:
                others = [c for c in hand if c[1] != trump]
                restricted = options["trump-lead"] == "until-broken" and not broken and others
                legal = others if restricted else hand
                if due(number, "trump-lead") and restricted and len(others) < len(hand):
                    card = rng.choice([c for c in hand if c[1] == trump])
                    _played(fault, deal_index, number, "TB308")
                    pending = False
                else:
                    card = choose(player, legal, cards)
            else:
                follow = [c for c in hand if c[1] == cards[0][1]]
                off = [c for c in hand if c[1] != cards[0][1]]
                if due(number, "revoke") and follow and off:
                    card = rng.choice(off)
                    _played(fault, deal_index, number, "TB303")
                    pending = False
                else:
                    card = choose(player, follow or hand, cards)
            hand.remove(card)
            cards.append(card)
        winner = order[trick_winner(cards, trump)]
        taken[winner] += 1
        tricks.append(GeneratedTrick(leader, cards, winner))
        broken = broken or any(c[1] == trump for c in cards)
        leader = winner
    return tricks


def _lead(legal: list[Card], trump: str, wants: bool) -> Card:
    """A lead from strength (the top of the longest suit, trumps first at equal length) when
    tricks are wanted, else the lowest card of a side suit."""
    if wants:
        held = [
            s for s in SUITS if any(c[1] == s for c in legal)
        ]  # in a fixed order, for reproducible games
        suit = max(held, key=lambda s: (sum(1 for c in legal if c[1] == s), s == trump))
        return max((c for c in legal if c[1] == suit), key=lambda c: c[0])
    side = [c for c in legal if c[1] != trump] or legal
    return min(side, key=lambda c: c[0])


def _played(fault: Fault | None, deal: int, trick: int, code: str) -> None:
    assert fault is not None
    fault.played = True
    fault.at_deal, fault.at_trick, fault.code = deal, trick, code


def _deal(
    rng: random.Random,
    number: int,
    options: Mapping[str, str],
    previous: dict[str, int],
    fault: Fault | None,
    bots: bool,
) -> GeneratedDeal:
    pack = list(PACK)
    rng.shuffle(pack)
    hands = {
        p: sorted(pack[i * 13 : (i + 1) * 13], key=_display_key) for i, p in enumerate(PLAYERS)
    }
    declarations = _declarations(rng, hands, options, bots)
    winner, beaten, checkable = winner_of(declarations, options["same-suit-tiebreak"])
    won_with = next(d for d in declarations if d.player == winner)
    trump = won_with.suit or "NT"
    # The bid winner's choices: a bot gives up a short trump suit for No Truf where the table
    # allows it, and at a total of 13 picks Main Atas when the hand promises more than the
    # target (going over costs less there), Main Bawah when it promises less.
    held = sum(1 for c in hands[winner] if c[1] == trump)
    if (
        options["no-truf-by-choice"] == "yes"
        and trump != "NT"
        and (held <= 3 if bots else rng.random() < 0.2)
    ):
        trump = "NT"
    total = sum(d.target for d in declarations)
    if total == 13:
        high = hand_strength(hands[winner]) > won_with.target if bots else rng.random() < 0.5
    else:
        high = total > 13
    targets = {d.player: d.target for d in declarations}
    explore = 0.05 if bots else 0.3
    tricks = _play(rng, hands, winner, trump, targets, options, fault, number - 1, explore)
    taken = {p: sum(1 for t in tricks if t.winner == p) for p in PLAYERS}
    highest = max(targets.values())
    scores, clauses = {}, {}
    for p in PLAYERS:
        scores[p], clauses[p] = score_of(targets[p], taken[p], high, highest)
    totals = {p: previous[p] + scores[p] for p in PLAYERS}
    return GeneratedDeal(
        number,
        hands,
        declarations,
        winner,
        beaten,
        checkable,
        trump,
        total,
        high,
        tricks,
        taken,
        scores,
        clauses,
        totals,
    )


def random_game(
    rng: random.Random,
    options: Mapping[str, str] | None = None,
    deals: int = 1,
    detail: str = "full",
    fault: Fault | None = None,
    bots: bool = True,
) -> GeneratedGame:
    """A legal truf-basics game of ``deals`` rounds (with one fault if asked), rendered.

    ``bots`` plays the declarations and cards as players would; without them the declarations
    are drawn at random among the valid ones (some written as bare numbers, some aimed at a
    total of 13) and more cards are played at random, to reach odd but legal corners."""
    chosen = dict(DEFAULT_OPTIONS)
    chosen.update(options or {})
    totals = dict.fromkeys(PLAYERS, 0)
    made = []
    for number in range(1, deals + 1):
        deal = _deal(rng, number, chosen, totals, fault, bots)
        totals = deal.totals
        made.append(deal)
    winners: tuple[str, ...] = ()
    if deals == 6:
        best = max(totals.values())
        winners = tuple(p for p in PLAYERS if totals[p] == best)
    return render(GeneratedGame(chosen, detail, made, winners, fault))


# ----------------------------------------------------------------------------- rendering


def _declaration_text(d: GeneratedDeclaration) -> str:
    if d.as_number:
        return str(d.target)
    return " ".join(
        ("-" if d.form == "subtract" and i == 1 else "") + card_text(c)
        for i, c in enumerate(d.cards)
    )


def render(game: GeneratedGame, head: bool = True) -> GeneratedGame:
    """Write the game as canonical record text into ``game.text``, its lines into ``game.lines``;
    without ``head``, from the ``Players`` tag on (the simulate driver writes the tags before)."""
    out: list[str] = []

    def emit(text: str) -> int:
        out.append(text)
        return len(out)

    if head:
        emit('[Event "Generated game"]')
        emit('[Ruleset "truf-basics"]')
    emit(f'[Players "{" ".join(PLAYERS)}"]')
    chosen = {k: v for k, v in game.options.items() if DEFAULT_OPTIONS[k] != v}
    if chosen:
        emit(options_tag(chosen).rstrip("\n"))
    if game.winner_tag is not None:
        emit(f'[Winner "{game.winner_tag}"]')
    game.lines = []
    width = max(len(p) for p in PLAYERS) + 2
    for deal in game.deals:
        where = Lines()
        emit("")
        where.deal = emit(f"deal {deal.number}")
        if game.detail == "full":
            emit("hands")
            for p in PLAYERS:
                emit("  " + (p + ":").ljust(width) + " ".join(card_text(c) for c in deal.hands[p]))
        emit("bids")
        bodies = [_declaration_text(d) for d in deal.declarations]
        body_width = max(len(b) for b in bodies)
        for d, body in zip(deal.declarations, bodies):
            restated = d.target if d.written_target is None else d.written_target
            text = body if d.as_number else body.ljust(body_width) + f"   = {restated}"
            where.bids[d.player] = emit(("  " + (d.player + ":").ljust(width) + text).rstrip())
        mode = deal.written_mode or ("atas" if deal.high else "bawah")
        adjust = f" adjust {deal.written_adjust:+d}" if deal.written_adjust is not None else ""
        where.contract = emit(
            f"contract {deal.written_winner or deal.winner} trump {deal.written_trump or deal.trump} {mode}{adjust}"
        )
        if game.detail == "full":
            emit("play")
            lead_width = max(len(t.leader) for t in deal.tricks) + 2
            for index, trick in enumerate(deal.tricks, start=1):
                label = (trick.leader + ":").ljust(lead_width)
                said = deal.written_trick_winners.get(index - 1)
                said_text = f" = {said}" if said is not None else ""
                where.tricks_played.append(
                    emit(
                        f"  {f'{index}.'.rjust(3)} {label}"
                        + " ".join(card_text(c) for c in trick.cards)
                        + said_text
                    )
                )
        for name, truth, written in (
            ("tricks", deal.taken, deal.written_taken),
            ("score", deal.scores, deal.written_scores),
            ("total", deal.totals, deal.written_totals),
        ):
            line = emit(
                " ".join([name.ljust(6), *(f"{p} {written.get(p, truth[p])}" for p in PLAYERS)])
            )
            setattr(where, name, line)
        game.lines.append(where)
    game.text = "\n".join(out) + "\n"
    return game
