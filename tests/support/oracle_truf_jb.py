"""truf-jb games played from the rules alone: the oracle of the validator's property tests.

Nothing here comes from ``trufspec.engine`` or ``trufspec.rulesets``.  The rules are written
again, small and plain, straight from JB Games' "Truf House Rule 1" (the source text of the
ruleset) and from the readings of its options, so that a bug in the validator's rules cannot
hide behind the same bug here:

* bidding: a card bid is 1 to 3 cards of the bidder's hand, minus signs only on multi-card
  bids; the ace is worth 1, number cards their number, pictures 0 alone and 10 with other
  cards; a signed sum below zero counts as zero (Bidding, rules 1 to 5);
* the winner: the highest value, then fewer cards, then the highest card (of all the bid cards
  or only the plus ones), compared rank then suit (spades > hearts > diamonds > clubs) or suit
  then rank (rules 6, 8, 9);
* trump: the suit of the winning bid when all its cards share one, otherwise no trump (rule 7);
* the mode: the bids against 13 (4 players) or 17 (3 players): above is a high game, below a
  low game, equal an even game that the winner adjusts up or down (rules 10-13);
* play: the bid winner leads the first trick and each trick's winner the next; followers
  follow suit when they can; a leader may not lead a trump before trumps are broken unless the
  hand holds nothing else; the highest trump wins, else the highest card of the suit led
  (Playing, rules 2, 3, 5, 7);
* scoring: exact bid scores the bid, exact zero 5 (4p) or 7 (3p); a miss loses 2 per trick
  short and 1 per trick over in a high game, 1 and 2 in a low game; a missed zero bid loses 5
  (or 7) for its first trick and the excess rate for each further one (Scoring, rules 1-5).

Players are either *bots* that play like people (they bid what their hand is worth, with the
cards of the suit they would like as trumps; they win tricks while their bid needs them and
duck once it is made) or, for the property tests, a *uniform* policy that explores odd but
legal choices (negative card bids, ties at the top, bids written as numbers).  Both go through
the same rules.

A game is first built as a model (:class:`GeneratedGame`, :class:`GeneratedDeal`) and then
written as canonical record text by :func:`render`, which also says on which line each part
stands, so that tests can change one written value of the model, render again and know exactly
where the validator must object.  ``random_game(..., fault=Fault(kind))`` plays one illegal card
or lead on purpose (a revoke, a trump led too early, a trick led by the wrong player) and then
goes on legally and consistently: every figure of the record follows from the play as it was
recorded, so the fault is the only thing wrong with the record.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from trufspec.simulate import options_tag

__all__ = [
    "DEFAULT_OPTIONS",
    "PLAYER_NAMES",
    "Fault",
    "GeneratedBid",
    "GeneratedDeal",
    "GeneratedGame",
    "GeneratedTrick",
    "Lines",
    "bid_raw",
    "bid_value",
    "card_text",
    "hand_strength",
    "random_game",
    "render",
    "render_games",
    "score_of",
    "seating",
    "trick_winner",
]

# ----------------------------------------------------------------------------- cards

SUITS = ("S", "H", "D", "C")
"""The suits, highest first in the order of Bidding, rule 9."""
SUIT_RANK = {"S": 3, "H": 2, "D": 1, "C": 0}
RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
ACE = 14
PACK = tuple((rank, suit) for suit in SUITS for rank in range(2, 15))
REMOVED_CARD = (2, "C")
"""The card taken out before a three-player deal under three-player-leftover=remove-fixed-card."""

Card = tuple[int, str]  # (rank 2..14, suit letter)


def card_text(card: Card) -> str:
    return RANK_TEXT[card[0]] + card[1]


def _display_key(card: Card) -> tuple[int, int]:
    """Hands are written suit by suit (spades first), high cards first."""
    return (-SUIT_RANK[card[1]], -card[0])


# ----------------------------------------------------------------------------- options

DEFAULT_OPTIONS: dict[str, str] = {
    "three-player-leftover": "dead-card",
    "max-bid": "none",
    "single-minus": "positive",
    "even-adjust-amount": "1",
    "even-adjust-scope": "all-players",
    "adjusted-bid-floor": "zero",
    "zero-bid-miss": "first-trick",
    "zero-bid-basis": "adjusted",
    "tie-card-order": "rank-then-suit",
    "tie-cards": "all",
    "turn-order": "free",
    "trump-broken-by": "any-earlier-trick",
    "deals": "0",
}
"""The readings games are played by, at their defaults: every option of truf-jb.  Under
``single-minus=positive`` a bot now and then marks a lone bid card minus, which counts as plus;
under ``reject`` it never does."""

PLAYER_NAMES = {3: ("Ana", "Budi", "Citra"), 4: ("Ana", "Budi", "Citra", "Dewi")}


# ----------------------------------------------------------------------------- the rules


def bid_card_value(card: Card, single: bool) -> int:
    """Bidding, rule 5: number cards their number, the ace 1, pictures 0 alone, 10 otherwise."""
    rank = card[0]
    if rank == ACE:
        return 1
    if rank > 10:
        return 0 if single else 10
    return rank


def bid_raw(cards: list[Card], minus: frozenset[int]) -> int:
    """The signed sum of a bid (rule 3: a single card is always plus)."""
    single = len(cards) == 1
    total = 0
    for index, card in enumerate(cards):
        value = bid_card_value(card, single)
        total += -value if (index in minus and not single) else value
    return total


def bid_value(cards: list[Card], minus: frozenset[int]) -> int:
    """Rule 4: a total below zero is taken as zero."""
    return max(bid_raw(cards, minus), 0)


def _tie_card_key(
    cards: list[Card], minus: frozenset[int], options: Mapping[str, str]
) -> tuple[int, int]:
    """Rule 9: the highest bid card, of all of them or of the plus ones only (tie-cards)."""
    considered = [
        c for i, c in enumerate(cards) if options["tie-cards"] == "all" or i not in minus
    ] or cards
    if options["tie-card-order"] == "suit-then-rank":
        return max((SUIT_RANK[s], r) for r, s in considered)
    return max((r, SUIT_RANK[s]) for r, s in considered)


def trick_winner(cards: list[Card], trump: str) -> int:
    """Playing, rule 7: the index (from the leader) of the card that wins the trick."""
    trumps = [i for i, c in enumerate(cards) if c[1] == trump]
    if trumps:
        return max(trumps, key=lambda i: cards[i][0])
    led = cards[0][1]
    return max((i for i, c in enumerate(cards) if c[1] == led), key=lambda i: cards[i][0])


def seating(players: tuple[str, ...], leader: str, options: Mapping[str, str]) -> list[str]:
    """The players of a trick in order of play from its leader: round the table clockwise, or
    counterclockwise under turn-order=counterclockwise (Playing, rule 4)."""
    seat = players.index(leader)
    step = -1 if options["turn-order"] == "counterclockwise" else 1
    return [players[(seat + step * k) % len(players)] for k in range(len(players))]


def score_of(
    target: int,
    taken: int,
    high: bool,
    players: int,
    zero_bid_miss: str,
    zero_bid: bool | None = None,
) -> tuple[int, str]:
    """Scoring, rules 1-5 (with the zero-bid-miss reading): the points and the clause code
    that fixes them.  ``zero_bid`` says whether the bid counts as a zero bid (zero-bid-basis);
    by default, when the target is zero."""
    zero = 5 if players == 4 else 7
    short, over = (2, 1) if high else (1, 2)
    miss = "JB404" if high else "JB405"
    if target == 0 if zero_bid is None else zero_bid:
        if taken == 0:
            return zero, "JB402"
        if zero_bid_miss == "first-trick":
            return -zero - over * (taken - 1), "JB406"
        if zero_bid_miss == "all-tricks":
            return -zero - over * taken, "JB406"
        return -zero, "JB406"
    if target < 0:  # adjusted-bid-floor=none: a bid of -1 can never be made
        return -over * (taken - target), miss
    if taken == target:
        return target, "JB401"
    if taken < target:
        return -short * (target - taken), miss
    return -over * (taken - target), miss


# ----------------------------------------------------------------------------- the model


@dataclass
class GeneratedBid:
    player: str
    cards: list[Card]
    minus: frozenset[int]
    raw: int
    value: int
    as_number: bool = False
    """Written as a plain number (the cards were not noted)."""
    written_value: int | None = None
    """The restated value (``= v``) written after card bids; None: the true value."""

    def restated(self) -> int:
        return self.value if self.written_value is None else self.written_value


@dataclass
class GeneratedTrick:
    leader: str
    cards: list[Card]
    """In order of play, from the leader round the table."""
    winner: str


@dataclass
class GeneratedDeal:
    number: int
    hands: dict[str, list[Card]]
    undealt: Card | None
    bids: list[GeneratedBid]
    winner: str
    decided_by: str
    """JB205 (the highest bid), JB206 (fewer cards) or JB207 (the highest card)."""
    winner_checkable: bool
    """False when a tie at the top involves a bid written as a number."""
    trump: str  # S H D C or NT
    total_bid: int
    max_total: int
    even: bool
    high: bool
    adjust: (
        int  # +/- the adjust amount in an even game (also under mode-only: the direction chosen)
    )
    targets: dict[str, int]
    tricks: list[GeneratedTrick]
    taken: dict[str, int]
    scores: dict[str, int]
    clauses: dict[str, str]
    """Per player, the scoring clause that fixes the score."""
    totals: dict[str, int]
    dealer: str | None = None
    # What the record writes, when it differs from the truth (mutations set these).
    written_winner: str | None = None
    written_trump: str | None = None
    written_mode: str | None = None
    written_taken: dict[str, int] = field(default_factory=dict)
    written_scores: dict[str, int] = field(default_factory=dict)
    written_totals: dict[str, int] = field(default_factory=dict)

    @property
    def mode_word(self) -> str:
        return "atas" if self.high else "bawah"


@dataclass
class Fault:
    """A fault to play on purpose: ``revoke``, ``trump-lead`` or ``wrong-leader``, at the
    first trick from ``deal``/``trick`` where it can be played."""

    kind: str
    deal: int = 0
    trick: int = 0
    # Filled in by the generator once played:
    played: bool = False
    at_deal: int = -1
    at_trick: int = -1
    at_position: int = -1
    code: str = ""


@dataclass
class Lines:
    """Where the parts of one deal stand in the rendered text (1-based lines)."""

    deal: int = 0
    bids: dict[str, int] = field(default_factory=dict)
    contract: int = 0
    play: int = 0
    tricks_played: list[int] = field(default_factory=list)
    tricks: int = 0
    score: int = 0
    total: int = 0


@dataclass
class GeneratedGame:
    players: tuple[str, ...]
    options: dict[str, str]
    detail: str  # "full" or "score-sheet"
    deals: list[GeneratedDeal]
    winners: tuple[str, ...]
    event: str = "Generated game"
    fault: Fault | None = None
    options_tag: bool = True
    """Write the non-default options as an [Options] tag (False: the caller passes them)."""
    winner_tag: bool = False
    """Write the game's winners as a [Winner] tag."""
    text: str = ""
    lines: list[Lines] = field(default_factory=list)

    @property
    def tag_options(self) -> dict[str, str]:
        return {k: v for k, v in self.options.items() if DEFAULT_OPTIONS.get(k) != v}

    def copy(self) -> GeneratedGame:
        """A deep copy, for a mutation: change it, then :func:`render` it again."""
        return copy.deepcopy(self)


# ----------------------------------------------------------------------------- bidding


def _bid(player: str, cards: list[Card], minus: frozenset[int] = frozenset()) -> GeneratedBid:
    raw = bid_raw(cards, minus)
    return GeneratedBid(player, cards, minus, raw, max(raw, 0))


def _random_bid(rng: random.Random, player: str, hand: list[Card]) -> GeneratedBid:
    count = rng.choices((1, 2, 3), weights=(6, 3, 1))[0]
    cards = rng.sample(hand, count)
    return _bid(
        player, cards, frozenset(i for i in range(count) if count > 1 and rng.random() < 0.4)
    )


def _uniform_bids(
    rng: random.Random,
    players: tuple[str, ...],
    hands: dict[str, list[Card]],
    max_total: int,
    limit: int | None,
) -> list[GeneratedBid]:
    """Bids of random cards, steered now and then towards an even or a low game, so that every
    mode, tie and sign turns up."""

    def draw(player: str) -> GeneratedBid:
        while True:
            bid = _random_bid(rng, player, hands[player])
            if limit is None or bid.value <= limit:
                return bid

    bids = [draw(p) for p in players]
    style = rng.random()
    if style < 0.3:
        # Aim at an even game: the last bidder looks for a bid that makes the max total.
        need = max_total - sum(b.value for b in bids[:-1])
        if need >= 0:
            last = players[-1]
            for _ in range(300):
                bid = draw(last)
                if bid.value == need:
                    bids[-1] = bid
                    break
    elif style < 0.55:
        # Aim at a low game: small single-card bids.
        for i, player in enumerate(players):
            if rng.random() < 0.8:
                bid = _bid(player, [rng.choice(hands[player])])
                if bid.raw <= 5:
                    bids[i] = bid
    for bid in bids:
        if rng.random() < 0.12:
            bid.as_number = True
    return bids


def hand_strength(hand: list[Card]) -> float:
    """The tricks a hand can expect to take, as a player reckons them: aces, guarded kings and
    queens, and the length of the longest suit (which the bid would make trumps)."""
    worth = 0.0
    lengths = []
    for suit in SUITS:
        ranks = sorted((c[0] for c in hand if c[1] == suit), reverse=True)
        lengths.append(len(ranks))
        for rank in ranks:
            if rank == ACE:
                worth += 1.0
            elif rank == 13:
                worth += 0.8 if len(ranks) >= 2 else 0.3
            elif rank == 12:
                worth += 0.5 if len(ranks) >= 3 else 0.1
            elif rank == 11 and len(ranks) >= 4:
                worth += 0.3
    return 0.85 * worth + 0.6 * max(max(lengths) - 3, 0) + 0.2 * sum(1 for n in lengths if n <= 1)


def _favourite_suit(hand: list[Card]) -> str:
    """The suit a player would like as trumps: the longest, then the one with the best cards."""
    return max(
        SUITS,
        key=lambda s: (sum(1 for c in hand if c[1] == s), sum(c[0] for c in hand if c[1] == s)),
    )


def _bid_shapes(hand: list[Card]) -> Iterable[tuple[list[Card], frozenset[int]]]:
    """Every bid of one card, and of two cards with at most one minus sign."""
    for card in hand:
        yield [card], frozenset()
    for first, second in itertools.combinations(hand, 2):
        yield [first, second], frozenset()
        yield [first, second], frozenset({1})
        yield [second, first], frozenset({1})


def _bot_bid(
    rng: random.Random,
    player: str,
    hand: list[Card],
    limit: int | None,
    as_number: bool,
    lone_minus: bool,
) -> tuple[GeneratedBid, float]:
    """A bid worth about the tricks the hand expects, made with the fewest cards and, when it
    can be, with cards of the suit the player wants as trumps; with the hand's strength.
    With ``lone_minus`` a bid of one card is marked minus one time in ten (it counts as plus)."""
    strength = hand_strength(hand)
    # At a table of three a trick has one opponent fewer to beat, so the same cards take more.
    wanted = max(round(strength * (1.0 if len(hand) == 13 else 1.25) + rng.gauss(0, 0.7)), 0)
    if strength < 1.5 and rng.random() < 0.7:
        wanted = 0
    if limit is not None:
        wanted = min(wanted, limit)
    suit = _favourite_suit(hand)

    def cost(shape: tuple[list[Card], frozenset[int]]) -> tuple[int, int, int, float]:
        cards, minus = shape
        value = bid_value(cards, minus)
        over_limit = limit is not None and value > limit
        return (
            over_limit,
            abs(value - wanted),
            len(cards) + (0 if all(c[1] == suit for c in cards) else 2),
            rng.random(),
        )

    cards, minus = min(_bid_shapes(hand), key=cost)
    if lone_minus and len(cards) == 1 and rng.random() < 0.1:
        minus = frozenset({0})
    bid = _bid(player, cards, minus)
    bid.as_number = as_number
    return bid, strength


def _winner(bids: list[GeneratedBid], options: Mapping[str, str]) -> tuple[GeneratedBid, str, bool]:
    """Rules 6, 8, 9: the winning bid, the rule that decided it, and whether a record with
    number bids still shows enough to decide it."""
    top = max(b.value for b in bids)
    tied = [b for b in bids if b.value == top]
    if len(tied) == 1:
        return tied[0], "JB205", True
    checkable = not any(b.as_number for b in tied)
    fewest = min(len(b.cards) for b in tied)
    fewer = [b for b in tied if len(b.cards) == fewest]
    if len(fewer) == 1:
        return fewer[0], "JB206", checkable
    best = max(fewer, key=lambda b: _tie_card_key(b.cards, b.minus, options))
    return best, "JB207", checkable


def _targets(
    bids: list[GeneratedBid], winner: str, adjust: int, options: Mapping[str, str]
) -> dict[str, int]:
    """Rule 13 under even-adjust-scope and adjusted-bid-floor."""
    scope = options["even-adjust-scope"]
    result = {}
    for bid in bids:
        moved = 0
        if adjust and (scope == "all-players" or (scope == "winner-only" and bid.player == winner)):
            moved = adjust
        target = bid.value + moved
        if moved and options["adjusted-bid-floor"] == "zero":
            target = max(target, 0)
        result[bid.player] = target
    return result


# ----------------------------------------------------------------------------- play


def _is_trump(card: Card, trump: str) -> bool:
    return card[1] == trump


def _played(fault: Fault | None, deal: int, trick: int, position: int, code: str) -> None:
    assert fault is not None
    fault.played = True
    fault.at_deal, fault.at_trick, fault.at_position, fault.code = deal, trick, position, code


def _uniform_card(
    rng: random.Random, wants: bool, legal: list[Card], cards: list[Card], trump: str
) -> Card:
    """Any legal card, or (more often) the plainest card for what the player wants: the
    strongest lead or the cheapest winner while short of the bid, the weakest card after."""
    if rng.random() < 0.3:
        return rng.choice(legal)
    strength = lambda c: (c[1] == trump, c[0])  # noqa: E731
    if not cards:
        return max(legal, key=strength) if wants else min(legal, key=strength)
    wins = [c for c in legal if trick_winner([*cards, c], trump) == len(cards)]
    loses = [c for c in legal if c not in wins]
    if wants:
        return min(wins, key=strength) if wins else min(legal, key=strength)
    return max(loses, key=strength) if loses else min(legal, key=strength)


def _suits_of(cards: list[Card]) -> list[str]:
    """The suits among the cards, in a fixed order (a set's order would change from run to run
    and with it the games of a seed)."""
    return [s for s in SUITS if any(c[1] == s for c in cards)]


def _bot_card(
    rng: random.Random,
    wants: bool,
    legal: list[Card],
    hand: list[Card],
    cards: list[Card],
    trump: str,
) -> Card:
    """A player's card: short of the bid, lead from strength (trumps when long in them, else the
    top of the longest suit) and win as cheaply as possible; with the bid made, lead low from a
    short suit, duck under the winning card with the highest card that loses, and when every
    card wins, get rid of the highest."""
    if rng.random() < 0.05:
        return rng.choice(legal)
    strength = lambda c: (c[1] == trump, c[0])  # noqa: E731
    if not cards:
        trumps = [c for c in legal if _is_trump(c, trump)]
        if wants:
            if len(trumps) >= 3:
                return max(trumps, key=strength)
            plain = [c for c in legal if not _is_trump(c, trump)] or legal
            longest = max(
                _suits_of(plain),
                key=lambda s: (
                    sum(1 for c in hand if c[1] == s),
                    max(c[0] for c in plain if c[1] == s),
                ),
            )
            return max((c for c in plain if c[1] == longest), key=strength)
        plain = [c for c in legal if not _is_trump(c, trump)] or legal
        shortest = min(_suits_of(plain), key=lambda s: sum(1 for c in hand if c[1] == s))
        return min((c for c in plain if c[1] == shortest), key=strength)
    wins = [c for c in legal if trick_winner([*cards, c], trump) == len(cards)]
    loses = [c for c in legal if c not in wins]
    if wants:
        return min(wins, key=strength) if wins else min(legal, key=strength)
    return max(loses, key=strength) if loses else max(legal, key=strength)


def _play(
    rng: random.Random,
    players: tuple[str, ...],
    hands: dict[str, list[Card]],
    first_leader: str,
    trump: str,
    targets: dict[str, int],
    options: Mapping[str, str],
    fault: Fault | None,
    deal_index: int,
    bots: bool,
) -> list[GeneratedTrick]:
    """Playing, rules 2-5 and 7, with a fault played on purpose when asked for."""
    holding = {p: sorted(hands[p]) for p in players}
    taken = dict.fromkeys(players, 0)
    broken = False
    leader = first_leader
    tricks: list[GeneratedTrick] = []
    rounds = len(hands[players[0]])
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
        wants = taken[player] < targets[player]
        if bots:
            return _bot_card(rng, wants, legal, holding[player], cards, trump)
        return _uniform_card(rng, wants, legal, cards, trump)

    for number in range(rounds):
        # The leader: the bid winner, then the winner of the previous trick (rule 2).
        if due(number, "wrong-leader"):
            leader = rng.choice([p for p in players if p != leader])
            _played(fault, deal_index, number, 0, "JB301" if number == 0 else "JB302")
            pending = False
        order = seating(players, leader, options)
        cards: list[Card] = []
        ruffed = False
        for position, player in enumerate(order):
            hand = holding[player]
            if position == 0:
                others = [c for c in hand if not _is_trump(c, trump)]
                legal = hand if (trump == "NT" or broken or not others) else others
                if due(number, "trump-lead") and legal is others and len(others) < len(hand):
                    card = rng.choice([c for c in hand if _is_trump(c, trump)])
                    _played(fault, deal_index, number, 0, "JB303")
                    pending = False
                else:
                    card = choose(player, legal, cards)
            else:
                led = cards[0][1]
                follow = [c for c in hand if c[1] == led]
                off = [c for c in hand if c[1] != led]
                if due(number, "revoke") and follow and off:
                    card = rng.choice(off)
                    _played(fault, deal_index, number, position, "JB305")
                    pending = False
                else:
                    card = choose(player, follow or hand, cards)
                if _is_trump(card, trump) and led != trump and not follow:
                    ruffed = True
            hand.remove(card)
            cards.append(card)
        winner = order[trick_winner(cards, trump)]
        taken[winner] += 1
        tricks.append(GeneratedTrick(leader, cards, winner))
        # Trumps are broken (rule 3a) under the trump-broken-by reading.
        trump_seen = trump != "NT" and any(_is_trump(c, trump) for c in cards)
        if trump_seen and (options["trump-broken-by"] == "any-earlier-trick" or ruffed):
            broken = True
        leader = winner
    return tricks


# ----------------------------------------------------------------------------- a game


def _deal(
    rng: random.Random,
    number: int,
    players: tuple[str, ...],
    options: Mapping[str, str],
    previous: dict[str, int],
    fault: Fault | None,
    bots: bool,
    detail: str,
) -> GeneratedDeal:
    n = len(players)
    size = max_total = 13 if n == 4 else 17
    pack = [
        c
        for c in PACK
        if n == 4 or options["three-player-leftover"] == "dead-card" or c != REMOVED_CARD
    ]
    rng.shuffle(pack)
    hands = {
        p: sorted(pack[i * size : (i + 1) * size], key=_display_key) for i, p in enumerate(players)
    }
    undealt = (pack[51] if len(pack) == 52 else REMOVED_CARD) if n == 3 else None
    limit = max_total if options["max-bid"] == "tricks-available" else None
    strengths: dict[str, float] = {}
    if bots:
        # A scorer's sheet notes what each player bid, not with which cards.
        lone_minus = options["single-minus"] == "positive"
        made = [
            _bot_bid(rng, p, hands[p], limit, detail == "score-sheet", lone_minus) for p in players
        ]
        bids = [bid for bid, _ in made]
        strengths = {bid.player: strength for bid, strength in made}
    else:
        bids = _uniform_bids(rng, players, hands, max_total, limit)
    best, decided_by, checkable = _winner(bids, options)
    suits = {c[1] for c in best.cards}
    trump = suits.pop() if len(suits) == 1 else "NT"
    total = sum(b.value for b in bids)
    even = total == max_total
    amount = int(options["even-adjust-amount"])
    if even:
        # The bid winner raises the bids when their hand promises more than they bid.
        up = strengths[best.player] > best.value if bots else rng.random() < 0.5
        adjust = amount if up else -amount
        high = adjust > 0
    else:
        adjust = 0
        high = total > max_total
    targets = _targets(bids, best.player, adjust, options)
    tricks = _play(
        rng, players, hands, best.player, trump, targets, options, fault, number - 1, bots
    )
    taken = {p: sum(1 for t in tricks if t.winner == p) for p in players}
    scores, clauses = {}, {}
    original = {b.player: b.value for b in bids}
    for p in players:
        zero_bid = (original[p] if options["zero-bid-basis"] == "original" else targets[p]) == 0
        scores[p], clauses[p] = score_of(
            targets[p], taken[p], high, n, options["zero-bid-miss"], zero_bid
        )
    totals = {p: previous[p] + scores[p] for p in players}
    return GeneratedDeal(
        number=number,
        hands=hands,
        undealt=undealt,
        bids=bids,
        winner=best.player,
        decided_by=decided_by,
        winner_checkable=checkable,
        trump=trump,
        total_bid=total,
        max_total=max_total,
        even=even,
        high=high,
        adjust=adjust,
        targets=targets,
        tricks=tricks,
        taken=taken,
        scores=scores,
        clauses=clauses,
        totals=totals,
        dealer=players[(number - 1) % n] if bots else None,
    )


def random_game(
    rng: random.Random,
    players: int | tuple[str, ...] = 4,
    options: Mapping[str, str] | None = None,
    deals: int = 1,
    detail: str = "full",
    fault: Fault | None = None,
    event: str = "Generated game",
    bots: bool = False,
) -> GeneratedGame:
    """A complete legal truf-jb game of ``deals`` deals (one fault if ``fault`` is given),
    rendered: ``.text`` is the record, ``.lines`` where its parts stand.  ``players`` is a
    number (the names are then :data:`PLAYER_NAMES`) or the names; ``bots`` plays like people
    (a dealer per deal, a winner tag), else by the uniform policy of the property tests."""
    seats = (
        PLAYER_NAMES[players] if isinstance(players, int) and players in PLAYER_NAMES else players
    )
    if not isinstance(seats, tuple) or len(seats) not in (3, 4):
        raise ValueError("truf-jb has 3 or 4 players")
    if detail not in ("full", "score-sheet"):
        raise ValueError("detail is 'full' or 'score-sheet'")
    chosen = dict(DEFAULT_OPTIONS)
    chosen.update(options or {})
    totals = dict.fromkeys(seats, 0)
    made = []
    for number in range(1, deals + 1):
        deal = _deal(rng, number, seats, chosen, totals, fault, bots, detail)
        totals = deal.totals
        made.append(deal)
    best = max(totals.values())
    winners = tuple(p for p in seats if totals[p] == best)
    game = GeneratedGame(seats, chosen, detail, made, winners, event, fault, winner_tag=bots)
    return render(game)


# ----------------------------------------------------------------------------- rendering


def _align(labels: list[str]) -> int:
    return max(len(label) for label in labels) + 1


def render(game: GeneratedGame, first_line: int = 1) -> GeneratedGame:
    """Write the game as canonical record text (as ``trufspec.dumps`` prints it) into
    ``game.text`` and the line of each part into ``game.lines``; returns the game."""
    out: list[str] = []
    lines: list[Lines] = []

    def emit(text: str) -> int:
        out.append(text)
        return first_line + len(out) - 1

    emit(f'[Event "{game.event}"]')
    emit('[Ruleset "truf-jb"]')
    emit(f'[Players "{" ".join(game.players)}"]')
    if game.tag_options and game.options_tag:
        emit(options_tag(game.tag_options).rstrip("\n"))
    if game.winner_tag:
        emit(f'[Winner "{" ".join(game.winners)}"]')
    full = game.detail == "full"
    for deal in game.deals:
        where = Lines()
        emit("")
        where.deal = emit(f"deal {deal.number}")
        if deal.dealer is not None:
            emit(f"dealer {deal.dealer}")
        labels = [p + ":" for p in game.players]
        width = _align(labels)
        if full:
            emit("hands")
            for player, label in zip(game.players, labels):
                emit("  " + label.ljust(width) + " ".join(card_text(c) for c in deal.hands[player]))
            if deal.undealt is not None:
                emit("undealt " + card_text(deal.undealt))
        emit("bids")
        bodies = []
        for bid in deal.bids:
            if bid.as_number:
                bodies.append(str(bid.value))
            else:
                bodies.append(
                    " ".join(
                        ("-" if i in bid.minus else "") + card_text(c)
                        for i, c in enumerate(bid.cards)
                    )
                )
        body_width = max(len(b) for b in bodies)
        for bid, body, label in zip(deal.bids, bodies, labels):
            text = body if bid.as_number else body.ljust(body_width) + f"   = {bid.restated()}"
            where.bids[bid.player] = emit(("  " + label.ljust(width) + text).rstrip())
        contract = [
            "contract",
            deal.written_winner or deal.winner,
            "trump",
            deal.written_trump or deal.trump,
        ]
        contract.append(deal.written_mode or deal.mode_word)
        if deal.even and game.options["even-adjust-scope"] != "mode-only":
            contract += ["adjust", f"{deal.adjust:+d}"]
        where.contract = emit(" ".join(contract))
        if full:
            where.play = emit("play")
            number_width = len(str(len(deal.tricks)))
            lead_width = max(len(t.leader) + 1 for t in deal.tricks) + 1
            for index, trick in enumerate(deal.tricks, start=1):
                number = f"{index}.".rjust(number_width + 1)
                label = (trick.leader + ":").ljust(lead_width)
                where.tricks_played.append(
                    emit(f"  {number} {label}" + " ".join(card_text(c) for c in trick.cards))
                )
        where.tricks = emit(_figures("tricks", game.players, deal.taken, deal.written_taken))
        where.score = emit(_figures("score", game.players, deal.scores, deal.written_scores))
        where.total = emit(_figures("total", game.players, deal.totals, deal.written_totals))
        lines.append(where)
    game.text = "\n".join(out) + "\n"
    game.lines = lines
    return game


def _figures(
    keyword: str, players: Iterable[str], truth: dict[str, int], written: dict[str, int]
) -> str:
    parts = [f"{p} {written.get(p, truth[p])}" for p in players]
    return " ".join([keyword.ljust(6), *parts])


def render_games(games: list[GeneratedGame]) -> str:
    """Several games as one file (a blank line between games, as ``trufspec.dumps``)."""
    texts = []
    line = 1
    for game in games:
        render(game, first_line=line)
        texts.append(game.text)
        line += game.text.count("\n") + 1
    return "\n".join(texts)
