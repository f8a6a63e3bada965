"""Ruff and Honours played by bots, written from the source text: the oracle of the validator's
property tests.

Nothing here comes from ``trufspec.engine`` or ``trufspec.rulesets``: the deal, the stock and
the ruff, the play, the honours and the scores are worked out again from the rules as the
source states them (and as the options read its unclear places), so that the validator is
checked against a second reading, not against itself.

* Four players, partners opposite: Ana+Citra and Budi+Dewi.  The dealer of the first hand is
  random, then the deal passes to the left (the next player in the seating).
* Twelve cards each, a stock of four whose first card fixes trumps; the player dealt the ace of
  trumps takes the stock, or the dealer when nobody was dealt it; the ruffer discards four.
* The player left of the dealer leads; follow suit if you can; the highest trump, else the
  highest card of the suit led, wins; the winner leads next.
* One point per trick over six; then honours (three or four of A K Q J of trumps), unless a
  team reached the target on tricks, or the bar withholds them.  The first team to the target
  wins, and the game ends there.

Who chooses is a :class:`Policy`: the :class:`Bots` play like partners at a table (keep trumps
and aces in the ruff, win a trick cheaply, never take a trick from a partner, lead winners and
trumps from strength); :class:`Uniform` picks any legal card, which the property tests use to
reach odd but legal play.  A game may carry one *played* fault: a revoke at a given hand, after
which play goes on legally, so every later figure follows from the play as recorded.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from trufspec.simulate import Detail, options_tag

__all__ = [
    "PACK",
    "PLAYERS",
    "TEAMS",
    "Card",
    "Policy",
    "Bots",
    "Uniform",
    "GeneratedGame",
    "GeneratedHand",
    "random_game",
    "render",
    "card_text",
    "score_hand",
    "winner_of",
]

SUITS = ("S", "H", "D", "C")
RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
PACK = tuple((rank, suit) for suit in SUITS for rank in range(2, 15))
PLAYERS = ("Ana", "Budi", "Citra", "Dewi")
TEAMS = ("Ana+Citra", "Budi+Dewi")
HONOUR_RANKS = (14, 13, 12, 11)

Card = tuple[int, str]
"""(rank 2..14, suit letter)"""

DEFAULTS: dict[str, str] = {
    "ruff": "compulsory",
    "ruff-discard-from": "any-of-16",
    "honours-basis": "held-after-ruff",
    "honour-points": "2-and-4",
    "honours-bar-scope": "own-team",
    "honours-bar-timing": "after-tricks",
    "honours-bar-score": "8",
    "target-points": "9",
    "hand-end": "all-tricks",
}
"""The reading of every option the simulator plays by, when a game does not ask for another."""


def card_text(card: Card) -> str:
    return RANK_TEXT[card[0]] + card[1]


def team_of(player: str) -> str:
    return TEAMS[PLAYERS.index(player) % 2]


def left_of(player: str) -> str:
    return PLAYERS[(PLAYERS.index(player) + 1) % 4]


def partner_of(player: str) -> str:
    return PLAYERS[(PLAYERS.index(player) + 2) % 4]


def _display(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), -c[0]))


def honours_count(cards: list[Card], trump: str) -> int:
    return sum(1 for c in cards if c[1] == trump and c[0] in HONOUR_RANKS)


def winner_of(cards: list[Card], trump: str) -> int:
    """Index of the highest trump, else of the highest card of the suit led."""
    trumps = [i for i, c in enumerate(cards) if c[1] == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c[1] == cards[0][1]]
    return max(pool, key=lambda i: cards[i][0])


def legal_cards(hand: list[Card], led: list[Card]) -> list[Card]:
    """The cards a player may play to the trick so far: any card to lead, else the suit led
    when they hold it, else any card."""
    if not led:
        return list(hand)
    return [c for c in hand if c[1] == led[0][1]] or list(hand)


def score_hand(
    taken: Mapping[str, int],
    honours: Mapping[str, int],
    before: Mapping[str, int],
    options: Mapping[str, str],
) -> tuple[dict[str, int], dict[str, str]]:
    """Each team's score and the clause that fixes it, from the source's order of scoring."""
    readings = DEFAULTS | dict(options)
    target = int(readings["target-points"])
    bar = int(readings["honours-bar-score"])
    three, four = (2, 4) if readings["honour-points"] == "2-and-4" else (1, 2)
    trick_points = {t: max(0, taken[t] - 6) for t in TEAMS}
    after = {t: before[t] + trick_points[t] for t in TEAMS}
    won_on_tricks = any(after[t] >= target for t in TEAMS)
    at = after if readings["honours-bar-timing"] == "after-tricks" else before
    on_bar = {t for t in TEAMS if at[t] == bar}
    if readings["honours-bar-scope"] == "both-teams" and on_bar:
        on_bar = set(TEAMS)
    scores, clauses = {}, {}
    for t in TEAMS:
        value = {3: three, 4: four}.get(honours[t], 0)
        scores[t], clauses[t] = trick_points[t], "RH402"
        if value and won_on_tricks:
            clauses[t] = "RH405"
        elif value and t in on_bar:
            clauses[t] = "RH406"
        elif value:
            scores[t], clauses[t] = trick_points[t] + value, "RH404"
    return scores, clauses


# ------------------------------------------------------------------------ who chooses


class Policy(Protocol):
    """The choices the rules leave to the players."""

    def declines(self, rng: random.Random, stock: list[Card], trump: str) -> bool:
        """Whether the ruffer leaves the stock (only asked when the ruff is optional)."""

    def discards(
        self, rng: random.Random, pool: list[Card], kept: list[Card], trump: str
    ) -> list[Card]:
        """The four cards the ruffer sets aside, out of ``pool`` (``kept`` are the stock cards
        they must keep when only the original twelve may go)."""

    def card(self, rng: random.Random, table: Table, player: str, legal: list[Card]) -> Card:
        """The card ``player`` plays, one of ``legal``."""


@dataclass
class Table:
    """The play as it stands: the trump, every hand, the trick so far and who played its cards,
    and the cards gone in earlier tricks.  A bot looks only at its own hand and at what has
    been played."""

    trump: str
    hands: dict[str, list[Card]]
    trick: list[Card] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    gone: set[Card] = field(default_factory=set)

    def is_master(self, card: Card, player: str) -> bool:
        """Whether no card of the suit still out in other hands ranks above ``card``."""
        mine = set(self.hands[player])
        return all(
            (rank, card[1]) in self.gone or (rank, card[1]) in mine
            for rank in range(card[0] + 1, 15)
        )


class Uniform:
    """Any legal choice, each as likely: the odd corners of the rules get played too."""

    def declines(self, rng: random.Random, stock: list[Card], trump: str) -> bool:
        return rng.random() < 0.3

    def discards(
        self, rng: random.Random, pool: list[Card], kept: list[Card], trump: str
    ) -> list[Card]:
        return rng.sample(pool, 4)

    def card(self, rng: random.Random, table: Table, player: str, legal: list[Card]) -> Card:
        return rng.choice(legal)


def _keep_value(card: Card, hand: list[Card], trump: str) -> int:
    """How much a player wants to keep a card: trumps most, then aces and guarded kings; a
    low card of a short side suit least (throwing it makes a void to ruff in)."""
    rank, suit = card
    if suit == trump:
        return 100 + rank
    length = sum(1 for c in hand if c[1] == suit)
    if rank == 14:
        return 60
    if rank == 13 and length >= 2:
        return 40
    return rank + 2 * length


class Bots:
    """Players who know the game: what a reasonable partner at a club table would do."""

    def declines(self, rng: random.Random, stock: list[Card], trump: str) -> bool:
        # The stock can only improve a hand; a player leaves it now and then when it holds
        # nothing but small cards (the turned trump among them), to keep the hand as dealt.
        poor = all(c[0] < 10 for c in stock) and sum(1 for c in stock if c[1] == trump) == 1
        return poor and rng.random() < 0.5

    def discards(
        self, rng: random.Random, pool: list[Card], kept: list[Card], trump: str
    ) -> list[Card]:
        whole = pool + kept
        jitter = {c: rng.random() for c in pool}
        return sorted(pool, key=lambda c: (_keep_value(c, whole, trump), jitter[c]))[:4]

    def card(self, rng: random.Random, table: Table, player: str, legal: list[Card]) -> Card:
        """Leave a trick the partner has safely won (last to play, or their card cannot be
        beaten) and play cheap; else take an opponent's trick with the cheapest card that wins
        (second in hand only with a trump or a card that cannot be beaten, as the partner
        still plays after); else play cheap."""
        if not table.trick:
            return self._lead(rng, table, player, legal)
        trump = table.trump
        best = winner_of(table.trick, trump)
        partner_winning = table.order[best] == partner_of(player)
        last = len(table.trick) == 3
        beating = [c for c in legal if winner_of([*table.trick, c], trump) == len(table.trick)]
        if partner_winning and (last or table.is_master(table.trick[best], table.order[best])):
            return self._cheapest(legal, trump)
        if beating and not partner_winning:
            cheapest = self._cheapest(beating, trump)
            second_seat = len(table.trick) == 1
            if not second_seat or cheapest[1] == trump or table.is_master(cheapest, player):
                return cheapest
        return self._cheapest(legal, trump)

    @staticmethod
    def _cheapest(legal: list[Card], trump: str) -> Card:
        """The card that costs least: the lowest of the suit, or a low card of a side suit
        rather than a trump."""
        return min(legal, key=lambda c: (c[1] == trump, c[0]))

    def _lead(self, rng: random.Random, table: Table, player: str, legal: list[Card]) -> Card:
        """Draw trumps from a long holding headed by the best trump; else cash a card that
        cannot be beaten; else lead low from the longest side suit."""
        trump = table.trump
        trumps = [c for c in legal if c[1] == trump]
        out = [c for c in PACK if c[1] == trump and c not in table.gone and c not in legal]
        if trumps and out and len(trumps) >= 3 and table.is_master(max(trumps), player):
            return max(trumps)
        masters = [c for c in legal if c[1] != trump and table.is_master(c, player)]
        if masters:
            return rng.choice(masters)
        side = [c for c in legal if c[1] != trump] or legal
        longest = max(sum(1 for c in side if c[1] == s) for s in SUITS)
        suits = [s for s in SUITS if sum(1 for c in side if c[1] == s) == longest]
        suit = rng.choice(suits)
        return min(c for c in side if c[1] == suit)


BOTS = Bots()
UNIFORM = Uniform()


# ------------------------------------------------------------------------ the game


@dataclass
class GeneratedHand:
    number: int
    dealer: str
    dealt: dict[str, list[Card]]
    stock: list[Card]
    ruffer: str
    declined: bool
    discards: list[Card]
    tricks: list[tuple[str, list[Card]]]
    taken: dict[str, int]
    honours: dict[str, int]
    scores: dict[str, int]
    clauses: dict[str, str]
    totals: dict[str, int]
    revoke: int | None = None
    """The trick (0-based) of a played revoke, if any."""
    lines: dict[str, int] = field(default_factory=dict)

    @property
    def held(self) -> dict[str, list[Card]]:
        """The hands at the first lead (after the ruff)."""
        if self.declined:
            return self.dealt
        return self.dealt | {
            self.ruffer: [c for c in self.dealt[self.ruffer] + self.stock if c not in self.discards]
        }


@dataclass
class GeneratedGame:
    options: dict[str, str]
    """The readings asked for (written in the ``Options`` tag); the rest are the defaults."""
    hands: list[GeneratedHand]
    winners: tuple[str, ...]
    text: str = ""


def _play(
    rng: random.Random,
    policy: Policy,
    held: dict[str, list[Card]],
    leader: str,
    trump: str,
    revoke: bool,
    enough: dict[str, int] | None = None,
) -> tuple[list[tuple[str, list[Card]]], dict[str, int], int | None]:
    """Twelve tricks of legal play, or fewer when a team takes ``enough`` tricks to end the
    hand (hand-end=when-decided); when asked, one revoke, at a chance the player had to
    follow suit (not always the first, as an overlooked card is not)."""
    table = Table(trump, {p: list(c) for p, c in held.items()})
    tricks, taken, revoked = [], dict.fromkeys(TEAMS, 0), None
    for index in range(12):
        table.trick, table.order = [], [PLAYERS[(PLAYERS.index(leader) + k) % 4] for k in range(4)]
        for player in table.order:
            hand = table.hands[player]
            legal = legal_cards(hand, table.trick)
            other = [c for c in hand if c not in legal]
            if revoke and revoked is None and table.trick and other and rng.random() < 0.3:
                choice, revoked = rng.choice(other), index
            else:
                choice = policy.card(rng, table, player, legal)
            hand.remove(choice)
            table.trick.append(choice)
        tricks.append((leader, table.trick))
        table.gone.update(table.trick)
        leader = table.order[winner_of(table.trick, trump)]
        taken[team_of(leader)] += 1
        if enough is not None and any(taken[t] >= enough[t] for t in TEAMS):
            break
    return tricks, taken, revoked


def _hand(
    rng: random.Random,
    policy: Policy,
    number: int,
    dealer: str,
    before: dict[str, int],
    options: dict[str, str],
    revoke: bool,
) -> GeneratedHand:
    readings = DEFAULTS | options
    pack = list(PACK)
    rng.shuffle(pack)
    dealt = {p: pack[12 * i : 12 * i + 12] for i, p in enumerate(PLAYERS)}
    stock = pack[48:]
    trump = stock[0][1]
    ace = (14, trump)
    ruffer = next((p for p, cards in dealt.items() if ace in cards), dealer)
    original = readings["ruff-discard-from"] == "original-12"
    pool, kept = (list(dealt[ruffer]), list(stock)) if original else (dealt[ruffer] + stock, [])
    declined = readings["ruff"] == "optional" and policy.declines(rng, stock, trump)
    discards = [] if declined else policy.discards(rng, pool, kept, trump)
    hand = GeneratedHand(
        number, dealer, dealt, stock, ruffer, declined, discards, [], {}, {}, {}, {}, {}
    )
    target = int(readings["target-points"])
    # The tricks that bring a team's trick points (one per trick over six) to the target.
    enough = (
        {t: 6 + target - before[t] for t in TEAMS}
        if readings["hand-end"] == "when-decided"
        else None
    )
    hand.tricks, hand.taken, hand.revoke = _play(
        rng, policy, hand.held, left_of(dealer), trump, revoke, enough
    )
    basis = readings["honours-basis"]
    source = hand.held if basis == "held-after-ruff" else dealt
    hand.honours = dict.fromkeys(TEAMS, 0)
    for player, cards in source.items():
        hand.honours[team_of(player)] += honours_count(cards, trump)
    if basis == "as-dealt-plus-ruff-gain" and not declined:
        hand.honours[team_of(ruffer)] += honours_count(stock, trump)
    hand.scores, hand.clauses = score_hand(hand.taken, hand.honours, before, readings)
    hand.totals = {t: before[t] + hand.scores[t] for t in TEAMS}
    return hand


def random_game(
    rng: random.Random,
    options: dict[str, str],
    max_hands: int,
    revoke_hand: int | None = None,
    play_on: bool = False,
    policy: Policy = BOTS,
) -> GeneratedGame:
    """A legal game of up to ``max_hands`` hands, ending when a team reaches the target (one
    more hand is played after that with ``play_on``)."""
    target = int((DEFAULTS | options)["target-points"])
    dealer = rng.choice(PLAYERS)
    totals = dict.fromkeys(TEAMS, 0)
    hands: list[GeneratedHand] = []
    winners: tuple[str, ...] = ()
    while len(hands) < max_hands:
        hand = _hand(
            rng, policy, len(hands) + 1, dealer, totals, options, revoke_hand == len(hands)
        )
        hands.append(hand)
        totals = hand.totals
        dealer = left_of(dealer)
        if winners:
            break
        if any(totals[t] >= target for t in TEAMS):
            winners = tuple(t for t in TEAMS if totals[t] >= target)
            if not play_on:
                break
    return GeneratedGame(options, hands, winners)


# ------------------------------------------------------------------------ the record


def _figures(keyword: str, values: dict[str, int]) -> str:
    return " ".join([keyword.ljust(6), *(f"{t} {values[t]}" for t in TEAMS)])


def render(
    game: GeneratedGame,
    winner_tag: str | None = None,
    detail: Detail = Detail.FULL,
    heading: bool = True,
) -> GeneratedGame:
    """Write the game as canonical record text into ``game.text``, and the line of each part
    into each hand's ``lines``; ``heading`` starts the text with an ``Event`` and the
    ``Ruleset`` tag (the simulate driver writes its own)."""
    out: list[str] = []

    def emit(text: str) -> int:
        out.append(text)
        return len(out)

    if heading:
        emit('[Event "generated"]')
        emit('[Ruleset "ruff-and-honours"]')
    emit(f'[Players "{" ".join(PLAYERS)}"]')
    if game.options:
        emit(options_tag(game.options).rstrip("\n"))
    if winner_tag is not None:
        emit(f'[Winner "{winner_tag}"]')
    for hand in game.hands:
        lines = hand.lines
        emit("")
        lines["deal"] = emit(f"deal {hand.number}")
        lines["dealer"] = emit(f"dealer {hand.dealer}")
        if detail is Detail.FULL:
            emit("hands")
            for player in PLAYERS:
                label = (player + ":").ljust(7)
                lines[player] = emit(
                    "  " + label + " ".join(card_text(c) for c in _display(hand.dealt[player]))
                )
            lines["stock"] = emit("stock " + " ".join(card_text(c) for c in hand.stock))
            if hand.declined:
                lines["ruff"] = emit(f"ruff {hand.ruffer} declines")
            else:
                lines["ruff"] = emit(
                    f"ruff {hand.ruffer} discards " + " ".join(card_text(c) for c in hand.discards)
                )
            lines["play"] = emit("play")
            lead_width = max(len(leader) for leader, _ in hand.tricks) + 2
            for index, (leader, cards) in enumerate(hand.tricks, start=1):
                label = (leader + ":").ljust(lead_width)
                lines[f"trick{index}"] = emit(
                    f"  {index:>2}. {label}" + " ".join(card_text(c) for c in cards)
                )
        lines["tricks"] = emit(_figures("tricks", hand.taken))
        lines["honours"] = emit("honours " + " ".join(f"{t} {hand.honours[t]}" for t in TEAMS))
        lines["score"] = emit(_figures("score", hand.scores))
        lines["total"] = emit(_figures("total", hand.totals))
    game.text = "\n".join(out) + "\n"
    return game
