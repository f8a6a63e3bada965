"""truf-de games played from the rules alone: the independent statement of its rules the
validator's property tests check against.

Nothing here comes from ``trufspec.engine`` or ``trufspec.rulesets``.  The rules are written
again, small and plain, from the German "TRUF Spielregeln" and the readings of its options:

* deal: four hands of 13; a hand of only number cards, or only aces and pictures (only
  pictures under ``redeal-pictures=pictures-only``), is thrown in and dealt again;
* dealer: anyone for the first deal, then the lowest total; ties go to the first tied player
  after the previous dealer in the direction of the coming deal (the first counter-clockwise,
  then alternating, or fixed by ``direction``), or to any tied player under
  ``dealer-tie=any-tied``;
* bidding: one card of the hand each, pictures 0, ace 1, number cards their number; the
  highest bid wins, ties by suit (spades, hearts, diamonds, clubs) and within a suit by rank;
  its suit is trumps; above 13 main atas, below 13 main bawah, at 13 every bid moves one up
  (atas) or one down (bawah), possibly below zero;
* play: the highest bidder leads, the trick winner leads next, followers follow suit when they
  can, no trump is led before one was played in an earlier trick unless the hand holds only
  trumps; the highest trump wins, else the highest card of the suit led;
* scoring: method one k - b in atas and b - k in bawah; method two 5 for a bid of 0 taking no
  trick (bawah only, or both modes); method three multiplies a positive score, the 5 too
  unless ``multiply-bonus=no``; the game is 13 deals, the highest (or lowest) total wins.

The players are bots (:class:`Bots`): a bid is the card whose value is nearest the tricks the
hand looks good for, in its longest suit where it can be, since the highest bid names trumps;
in the play a player wins tricks when the mode pays for tricks (main atas) and ducks when it
pays for missing them (main bawah, or a zero bid that method two rewards), following suit
cheaply.  With ``bots=False`` every choice is drawn uniformly from the legal ones, which the
property tests use to reach odd but legal games.

A game is built as a model and written as canonical record text by :func:`render`, which also
says on which line each part stands, so that a test can change one written value, render
again, and know where the validator must object.  ``random_game(..., fault=kind)`` plays one
illegal card or lead on purpose and then goes on legally, every later figure following the
play as recorded: the fault is part of the play, so it lives here with it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypedDict

from attrs import frozen

from trufspec.simulate import options_tag

__all__ = [
    "DEALS",
    "Bots",
    "DEFAULTS",
    "PLAYERS",
    "Card",
    "DealLines",
    "GeneratedDeal",
    "GeneratedGame",
    "bid_value",
    "card_text",
    "hand_strength",
    "random_game",
    "render",
    "score_of",
]

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")
"""The seats, clockwise."""
DEALS = 13
"""The deals of a whole game."""
SUITS = ("S", "H", "D", "C")
SUIT_RANK = {"S": 3, "H": 2, "D": 1, "C": 0}
RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
PACK = tuple((rank, suit) for suit in SUITS for rank in range(2, 15))

Card = tuple[int, str]  # (rank 2..14, suit letter)

DEFAULTS: dict[str, str] = {
    "scoring": "one",
    "multiplier": "2",
    "method-two-modes": "bawah-only",
    "multiply-bonus": "yes",
    "winner": "highest-total",
    "dealer-tie": "next-in-direction",
    "redeal-pictures": "aces-and-pictures",
    "direction": "alternate-ccw-first",
}
"""The reading of every option when a game does not choose another."""


def card_text(card: Card) -> str:
    return RANK_TEXT[card[0]] + card[1]


def _hand_order(card: Card) -> tuple[int, int]:
    return (-SUIT_RANK[card[1]], -card[0])


def bid_value(card: Card) -> int:
    """Bildkarten 0, Ass 1, 2-10 their value."""
    if card[0] == 14:
        return 1
    return 0 if card[0] > 10 else card[0]


def _bonus(bid: int, taken: int, high: bool, options: Mapping[str, str]) -> bool:
    """Method two: a bid of 0 that takes no trick scores 5 (in main bawah only, or both)."""
    return (
        options["scoring"] in ("two", "three-with-two")
        and bid == 0
        and taken == 0
        and (not high or options["method-two-modes"] == "both")
    )


def score_of(bid: int, taken: int, high: bool, options: Mapping[str, str]) -> int:
    """The score of one player by the method the options choose."""
    points = taken - bid if high else bid - taken
    bonus = _bonus(bid, taken, high, options)
    if bonus:
        points = 5
    if (
        options["scoring"] in ("three", "three-with-two")
        and points > 0
        and not (bonus and options["multiply-bonus"] == "no")
    ):
        points *= int(options["multiplier"])
    return points


def _one_sided(hand: list[Card], options: Mapping[str, str]) -> bool:
    if all(c[0] <= 10 for c in hand):
        return True
    court = (11, 12, 13, 14) if options["redeal-pictures"] == "aces-and-pictures" else (11, 12, 13)
    return all(c[0] in court for c in hand)


def _winner_of_trick(cards: list[Card], trump: str) -> int:
    best = 0
    for i, card in enumerate(cards):
        top = cards[best]
        if (card[1] == top[1] and card[0] > top[0]) or (card[1] == trump and top[1] != trump):
            best = i
    return best


def _bid_key(card: Card) -> tuple[int, int, int]:
    """The order of bids: value, then suit, then rank within the suit."""
    return (bid_value(card), SUIT_RANK[card[1]], card[0])


def _clockwise(index: int, options: Mapping[str, str]) -> bool:
    """Whether deal ``index`` (from 0) goes clockwise."""
    direction = options["direction"]
    return index % 2 == 1 if direction == "alternate-ccw-first" else direction == "fixed-cw"


def _next_dealer(
    index: int,
    previous: str,
    totals: dict[str, int],
    options: Mapping[str, str],
    rng: random.Random,
) -> str:
    lowest = min(totals.values())
    tied = [p for p in PLAYERS if totals[p] == lowest]
    if len(tied) == 1:
        return tied[0]
    if options["dealer-tie"] == "any-tied":
        return rng.choice(tied)
    step = 1 if _clockwise(index, options) else -1
    start = PLAYERS.index(previous)
    return next(p for k in range(1, 5) if (p := PLAYERS[(start + step * k) % 4]) in tied)


# ------------------------------------------------------------------ the players


def hand_strength(hand: list[Card]) -> float:
    """The tricks a hand looks good for: its high cards, and the length of its longest suit,
    which is likely to be trumps if its bid is the highest."""
    honours = {14: 1.0, 13: 0.7, 12: 0.35, 11: 0.15}
    points = sum(honours.get(rank, 0.0) for rank, _ in hand)
    longest = max(sum(1 for c in hand if c[1] == s) for s in SUITS)
    return points + max(0, longest - 4) * 0.8


@frozen
class Bots:
    """How the players choose: like players (``bots``), or uniformly among legal choices."""

    rng: random.Random
    bots: bool = True

    def bid(self, hand: list[Card]) -> Card:
        """The card whose value is nearest what the hand is good for, with a little of a
        player's misjudgement; among equally near cards, one of the longest suit."""
        if not self.bots:
            return self.rng.choice(hand)
        aim = hand_strength(hand) + self.rng.gauss(0, 0.8)
        length = {s: sum(1 for c in hand if c[1] == s) for s in SUITS}
        return min(
            hand, key=lambda c: (round(abs(bid_value(c) - aim)), -length[c[1]], self.rng.random())
        )

    def adjust(self, bid: Card, hand: list[Card]) -> int:
        """The highest bidder's choice when the bids add up to 13: up (main atas) with a
        hand that takes tricks, down (main bawah) with one that does not."""
        if not self.bots:
            return self.rng.choice((1, -1))
        return 1 if hand_strength(hand) + self.rng.gauss(0, 1) >= bid_value(bid) else -1

    def card(self, legal: list[Card], cards: list[Card], trump: str, wants: bool) -> Card:
        """A card to play: ``cards`` are those already in the trick, ``wants`` whether the
        player wants the trick."""
        if not self.bots or self.rng.random() < 0.08:
            return self.rng.choice(legal)
        if not cards:
            return self._lead(legal, trump, wants)
        winning = [c for c in legal if _winner_of_trick([*cards, c], trump) == len(cards)]
        losing = [c for c in legal if c not in winning]
        if wants:
            # The cheapest card that wins; if none does, the least useful card.
            return (
                min(winning, key=lambda c: _strength(c, trump))
                if winning
                else min(legal, key=lambda c: _strength(c, trump))
            )
        # The highest card that still loses, to keep low cards for later; forced to win, the
        # highest card, which does least harm later.
        return max(losing or winning, key=lambda c: _strength(c, trump))

    def _lead(self, legal: list[Card], trump: str, wants: bool) -> Card:
        """Lead from strength when the trick is wanted, a low card of a short suit when not."""
        length = {s: sum(1 for c in legal if c[1] == s) for s in SUITS}
        if wants:
            return max(legal, key=lambda c: (c[0] >= 13, length[c[1]], c[0]))
        return min(legal, key=lambda c: (c[1] == trump, c[0], length[c[1]]))


def _strength(card: Card, trump: str) -> tuple[bool, int]:
    return (card[1] == trump, card[0])


def _wants_tricks(target: int, high: bool, options: Mapping[str, str]) -> bool:
    """Main atas pays for every trick above the bid and main bawah for every one below it; a
    zero bid that method two would reward wants none."""
    return high and not _bonus(target, 0, high, options)


# ------------------------------------------------------------------ the game


@dataclass
class GeneratedDeal:
    number: int
    dealer: str
    hands: dict[str, list[Card]]
    bids: dict[str, Card]
    winner: str
    trump: str
    total: int
    adjust: int
    high: bool
    tricks: list[tuple[str, list[Card]]]
    taken: dict[str, int]
    targets: dict[str, int]
    scores: dict[str, int]
    totals: dict[str, int]
    written: dict[str, object] = field(default_factory=dict)
    """Values written in place of the true ones, by key (``score``, ``dealer``, ...)."""


class DealLines(TypedDict, total=False):
    """The line of each part of one deal in the record (``tricks_played`` only with the play
    written, ``bids`` by player)."""

    deal: int
    dealer: int
    bids: dict[str, int]
    contract: int
    tricks_played: list[int]
    tricks: int
    score: int
    total: int


@dataclass
class GeneratedGame:
    options: dict[str, str]
    detail: str
    deals: list[GeneratedDeal]
    winners: tuple[str, ...] = ()
    fault: str | None = None
    fault_at: tuple[int, int] | None = None
    """(deal index, trick index) of a played fault."""
    text: str = ""
    lines: list[DealLines] = field(default_factory=list)

    def copy(self) -> GeneratedGame:
        return copy.deepcopy(self)


def _play(
    players: Bots,
    hands: dict[str, list[Card]],
    leader: str,
    trump: str,
    wants: dict[str, bool],
    fault: str | None,
) -> tuple[list[tuple[str, list[Card]]], int | None]:
    """The 13 tricks; the index of the trick that carries the fault, if one was played."""
    rng = players.rng
    held = {p: list(h) for p, h in hands.items()}
    tricks = []
    broken = False
    faulted = None
    for number in range(13):
        if fault == "wrong-leader" and faulted is None and rng.random() < 0.2:
            leader = PLAYERS[(PLAYERS.index(leader) + rng.randint(1, 3)) % 4]
            faulted = number
        order = [PLAYERS[(PLAYERS.index(leader) + k) % 4] for k in range(4)]
        cards: list[Card] = []
        for position, player in enumerate(order):
            hand = held[player]
            if position == 0:
                others = [c for c in hand if c[1] != trump]
                legal = hand if broken or not others else others
                illegal = [c for c in hand if c[1] == trump] if not broken and others else []
                injects = fault == "trump-lead" and faulted is None
            else:
                led = cards[0][1]
                same = [c for c in hand if c[1] == led]
                legal = same or hand
                illegal = [c for c in hand if c[1] != led] if same else []
                injects = fault == "revoke" and faulted is None
            if injects and illegal and rng.random() < 0.5:
                card = rng.choice(illegal)
                faulted = number
            else:
                card = players.card(list(legal), cards, trump, wants[player])
            hand.remove(card)
            cards.append(card)
        tricks.append((leader, cards))
        if any(c[1] == trump for c in cards):
            broken = True
        leader = order[_winner_of_trick(cards, trump)]
    return tricks, faulted


def _deal(
    players: Bots,
    number: int,
    dealer: str,
    totals: dict[str, int],
    options: Mapping[str, str],
    fault: str | None,
) -> tuple[GeneratedDeal, int | None]:
    rng = players.rng
    while True:
        pack = list(PACK)
        rng.shuffle(pack)
        hands = {
            p: sorted(pack[13 * i : 13 * i + 13], key=_hand_order) for i, p in enumerate(PLAYERS)
        }
        if not any(_one_sided(h, options) for h in hands.values()):
            break
    bids = {p: players.bid(hands[p]) for p in PLAYERS}
    winner = max(PLAYERS, key=lambda p: _bid_key(bids[p]))
    trump = bids[winner][1]
    total = sum(bid_value(c) for c in bids.values())
    adjust = players.adjust(bids[winner], hands[winner]) if total == 13 else 0
    high = adjust > 0 if total == 13 else total > 13
    targets = {p: bid_value(bids[p]) + adjust for p in PLAYERS}
    wants = {p: _wants_tricks(targets[p], high, options) for p in PLAYERS}
    tricks, faulted = _play(players, hands, winner, trump, wants, fault)
    taken = dict.fromkeys(PLAYERS, 0)
    for leader, cards in tricks:
        order = [PLAYERS[(PLAYERS.index(leader) + k) % 4] for k in range(4)]
        taken[order[_winner_of_trick(cards, trump)]] += 1
    scores = {p: score_of(targets[p], taken[p], high, options) for p in PLAYERS}
    new_totals = {p: totals[p] + scores[p] for p in PLAYERS}
    deal = GeneratedDeal(
        number,
        dealer,
        hands,
        bids,
        winner,
        trump,
        total,
        adjust,
        high,
        tricks,
        taken,
        targets,
        scores,
        new_totals,
    )
    return deal, faulted


def random_game(
    rng: random.Random,
    options: Mapping[str, str],
    deals: int,
    detail: str,
    fault: str | None = None,
    *,
    bots: bool = True,
) -> GeneratedGame:
    """A legal game of ``deals`` deals (``full`` records or ``score-sheet`` ones), played by
    bots or (``bots=False``) by uniform choices; with a ``fault`` (``revoke``,
    ``trump-lead``, ``wrong-leader``) one such fault is played where a chance arises, and
    ``fault_at`` says where (None when none arose)."""
    players = Bots(rng, bots)
    totals = dict.fromkeys(PLAYERS, 0)
    dealer = rng.choice(PLAYERS)
    made: list[GeneratedDeal] = []
    fault_at = None
    for index in range(deals):
        if index:
            dealer = _next_dealer(index, dealer, totals, options, rng)
        pending = fault if fault_at is None else None
        deal, faulted = _deal(players, index + 1, dealer, totals, options, pending)
        if faulted is not None:
            fault_at = (index, faulted)
        totals = deal.totals
        made.append(deal)
    winners: tuple[str, ...] = ()
    if deals == DEALS:
        pick = min if options["winner"] == "lowest-total" else max
        best = pick(totals.values())
        winners = tuple(p for p in PLAYERS if totals[p] == best)
    return render(GeneratedGame(dict(options), detail, made, winners, fault, fault_at))


# ------------------------------------------------------------------ the record


def _figures(keyword: str, truth: dict[str, int], written: object) -> str:
    values = dict(truth)
    if isinstance(written, dict):
        values.update(written)
    return " ".join([keyword.ljust(6), *(f"{p} {values[p]}" for p in PLAYERS)])


def render(game: GeneratedGame) -> GeneratedGame:
    """Write the game as canonical record text into ``game.text`` and the line of each part
    into ``game.lines``; returns the game."""
    head = '[Event "Generated"]\n[Ruleset "truf-de"]\n'
    game.text = head + _body(game, head.count("\n"))
    return game


def _body(game: GeneratedGame, before: int) -> str:
    """The record after the ``Ruleset`` tag; the lines of each deal go into ``game.lines``,
    counted after ``before`` lines of head."""
    out: list[str] = []
    game.lines = []

    def emit(text: str) -> int:
        out.append(text)
        return before + len(out)

    emit(f'[Players "{" ".join(PLAYERS)}"]')
    chosen = {k: v for k, v in game.options.items() if v != DEFAULTS[k]}
    if chosen:
        emit(options_tag(chosen).rstrip("\n"))
    if game.winners:
        emit(f'[Winner "{" ".join(game.winners)}"]')
    width = max(len(p) for p in PLAYERS) + 2
    for deal in game.deals:
        where: DealLines = {}
        w = deal.written
        emit("")
        where["deal"] = emit(f"deal {deal.number}")
        where["dealer"] = emit(f"dealer {w.get('dealer', deal.dealer)}")
        if game.detail == "full":
            emit("hands")
            for p in PLAYERS:
                emit("  " + (p + ":").ljust(width) + " ".join(card_text(c) for c in deal.hands[p]))
        emit("bids")
        values = w.get("value", {})
        assert isinstance(values, dict)
        bid_lines = {}
        column = max(len(card_text(c)) for c in deal.bids.values())
        for p in PLAYERS:
            card = deal.bids[p]
            text = card_text(card).ljust(column) + f"   = {values.get(p, bid_value(card))}"
            bid_lines[p] = emit("  " + (p + ":").ljust(width) + text)
        where["bids"] = bid_lines
        mode = w.get("mode", "atas" if deal.high else "bawah")
        contract = (
            f"contract {w.get('winner', deal.winner)} trump {w.get('trump', deal.trump)} {mode}"
        )
        if deal.total == 13:
            contract += f" adjust {deal.adjust:+d}"
        where["contract"] = emit(contract)
        if game.detail == "full":
            emit("play")
            lead = max(len(leader) for leader, _ in deal.tricks) + 2
            tricks = []
            for index, (leader, cards) in enumerate(deal.tricks, start=1):
                number = f"{index}.".rjust(3)
                tricks.append(
                    emit(
                        f"  {number} "
                        + (leader + ":").ljust(lead)
                        + " ".join(card_text(c) for c in cards)
                    )
                )
            where["tricks_played"] = tricks
        where["tricks"] = emit(_figures("tricks", deal.taken, w.get("tricks")))
        where["score"] = emit(_figures("score", deal.scores, w.get("score")))
        where["total"] = emit(_figures("total", deal.totals, w.get("total")))
        game.lines.append(where)
    return "\n".join(out) + "\n"
