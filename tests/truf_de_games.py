"""An independent generator of legal truf-de games: the oracle of the property tests.

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

A game is built as a model and written as canonical record text by :func:`render`, which also
says on which line each part stands, so that a test can change one written value, render
again, and know where the validator must object.  ``random_game(..., fault=kind)`` plays one
illegal card or lead on purpose and then goes on legally, every later figure following the
play as recorded.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

__all__ = [
    "DEFAULTS",
    "OPTION_GRID",
    "PLAYERS",
    "GeneratedDeal",
    "GeneratedGame",
    "bid_value",
    "card_text",
    "de_options",
    "random_game",
    "render",
    "score_of",
    "truf_de_games",
]

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")
"""The seats, clockwise."""
SUITS = ("S", "H", "D", "C")
SUIT_RANK = {"S": 3, "H": 2, "D": 1, "C": 0}
RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
PACK = tuple((rank, suit) for suit in SUITS for rank in range(2, 15))

Card = tuple  # (rank 2..14, suit letter)

OPTION_GRID: dict[str, tuple[str, ...]] = {
    "scoring": ("one", "two", "three", "three-with-two"),
    "multiplier": ("2", "3"),
    "method-two-modes": ("bawah-only", "both"),
    "multiply-bonus": ("yes", "no"),
    "winner": ("highest-total", "lowest-total"),
    "dealer-tie": ("next-in-direction", "any-tied"),
    "redeal-pictures": ("aces-and-pictures", "pictures-only"),
    "direction": ("alternate-ccw-first", "fixed-ccw", "fixed-cw"),
}
DEFAULTS = {key: values[0] for key, values in OPTION_GRID.items()}


def card_text(card: Card) -> str:
    return RANK_TEXT[card[0]] + card[1]


def _hand_order(card: Card) -> tuple[int, int]:
    return (-SUIT_RANK[card[1]], -card[0])


def bid_value(card: Card) -> int:
    """Bildkarten 0, Ass 1, 2-10 their value."""
    if card[0] == 14:
        return 1
    return 0 if card[0] > 10 else card[0]


def score_of(bid: int, taken: int, high: bool, options: dict[str, str]) -> int:
    """The score of one player by the method the options choose."""
    method = options["scoring"]
    points = taken - bid if high else bid - taken
    bonus = method in ("two", "three-with-two") and bid == 0 and taken == 0 and (
        not high or options["method-two-modes"] == "both"
    )
    if bonus:
        points = 5
    if method in ("three", "three-with-two") and points > 0 and not (bonus and options["multiply-bonus"] == "no"):
        points *= int(options["multiplier"])
    return points


def _one_sided(hand: list[Card], options: dict[str, str]) -> bool:
    if all(c[0] <= 10 for c in hand):
        return True
    court = (11, 12, 13, 14) if options["redeal-pictures"] == "aces-and-pictures" else (11, 12, 13)
    return all(c[0] in court for c in hand)


def _winner_of_trick(cards: list[Card], trump: str) -> int:
    best = 0
    for i, card in enumerate(cards):
        top = cards[best]
        if card[1] == top[1] and card[0] > top[0]:
            best = i
        elif card[1] == trump and top[1] != trump:
            best = i
    return best


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
    lines: list[dict[str, object]] = field(default_factory=list)

    def copy(self) -> GeneratedGame:
        return copy.deepcopy(self)


def _next_dealer(index: int, previous: str, totals: dict[str, int], options: dict[str, str], rng: random.Random) -> str:
    lowest = min(totals.values())
    tied = [p for p in PLAYERS if totals[p] == lowest]
    if len(tied) == 1:
        return tied[0]
    if options["dealer-tie"] == "any-tied":
        return rng.choice(tied)
    direction = options["direction"]
    cw = index % 2 == 1 if direction == "alternate-ccw-first" else direction == "fixed-cw"
    step = 1 if cw else -1
    start = PLAYERS.index(previous)
    for k in range(1, 5):
        player = PLAYERS[(start + step * k) % 4]
        if player in tied:
            return player
    raise AssertionError("no tied player")


def _bid_card(rng: random.Random, hand: list[Card]) -> Card:
    style = rng.random()
    if style < 0.25:
        low = [c for c in hand if bid_value(c) <= 1]
        if low:
            return rng.choice(low)
    if style < 0.4:
        return min(hand, key=bid_value)
    return rng.choice(hand)


def _play(
    rng: random.Random, hands: dict[str, list[Card]], leader: str, trump: str, fault: str | None
) -> tuple[list[tuple[str, list[Card]]], int | None]:
    """The 13 tricks; the index of the trick that carries the fault, if one was played."""
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
                wants = fault == "trump-lead" and faulted is None
            else:
                led = cards[0][1]
                same = [c for c in hand if c[1] == led]
                legal = same or hand
                illegal = [c for c in hand if c[1] != led] if same else []
                wants = fault == "revoke" and faulted is None
            if wants and illegal and rng.random() < 0.5:
                card = rng.choice(illegal)
                faulted = number
            else:
                card = rng.choice(legal)
            hand.remove(card)
            cards.append(card)
        tricks.append((leader, cards))
        if any(c[1] == trump for c in cards):
            broken = True
        leader = order[_winner_of_trick(cards, trump)]
    return tricks, faulted


def _deal(
    rng: random.Random, number: int, dealer: str, totals: dict[str, int], options: dict[str, str], fault: str | None
) -> tuple[GeneratedDeal, int | None]:
    while True:
        pack = list(PACK)
        rng.shuffle(pack)
        hands = {p: sorted(pack[13 * i: 13 * i + 13], key=_hand_order) for i, p in enumerate(PLAYERS)}
        if not any(_one_sided(h, options) for h in hands.values()):
            break
    bids = {p: _bid_card(rng, hands[p]) for p in PLAYERS}
    winner = max(PLAYERS, key=lambda p: (bid_value(bids[p]), SUIT_RANK[bids[p][1]], bids[p][0]))
    trump = bids[winner][1]
    total = sum(bid_value(c) for c in bids.values())
    adjust = rng.choice((1, -1)) if total == 13 else 0
    high = adjust > 0 if total == 13 else total > 13
    tricks, faulted = _play(rng, hands, winner, trump, fault)
    taken = {p: 0 for p in PLAYERS}
    for leader, cards in tricks:
        order = [PLAYERS[(PLAYERS.index(leader) + k) % 4] for k in range(4)]
        taken[order[_winner_of_trick(cards, trump)]] += 1
    targets = {p: bid_value(bids[p]) + adjust for p in PLAYERS}
    scores = {p: score_of(targets[p], taken[p], high, options) for p in PLAYERS}
    new_totals = {p: totals[p] + scores[p] for p in PLAYERS}
    deal = GeneratedDeal(number, dealer, hands, bids, winner, trump, total, adjust, high, tricks, taken, targets, scores, new_totals)
    return deal, faulted


def random_game(
    rng: random.Random, options: dict[str, str], deals: int, detail: str, fault: str | None = None
) -> GeneratedGame:
    """A legal game of ``deals`` deals (``full`` records or ``score-sheet`` ones); with a
    ``fault`` (``revoke``, ``trump-lead``, ``wrong-leader``) one such fault is played where a
    chance arises, and ``fault_at`` says where (None when none arose)."""
    totals = {p: 0 for p in PLAYERS}
    dealer = rng.choice(PLAYERS)
    made: list[GeneratedDeal] = []
    fault_at = None
    for index in range(deals):
        if index:
            dealer = _next_dealer(index, dealer, totals, options, rng)
        pending = fault if fault_at is None else None
        deal, faulted = _deal(rng, index + 1, dealer, totals, options, pending)
        if faulted is not None:
            fault_at = (index, faulted)
        totals = deal.totals
        made.append(deal)
    winners: tuple[str, ...] = ()
    if deals == 13:
        pick = min if options["winner"] == "lowest-total" else max
        best = pick(totals.values())
        winners = tuple(p for p in PLAYERS if totals[p] == best)
    return render(GeneratedGame(dict(options), detail, made, winners, fault, fault_at))


def _figures(keyword: str, truth: dict[str, int], written: object) -> str:
    values = dict(truth)
    if isinstance(written, dict):
        values.update(written)
    return " ".join([keyword.ljust(6), *(f"{p} {values[p]}" for p in PLAYERS)])


def render(game: GeneratedGame) -> GeneratedGame:
    """Write the game as canonical record text into ``game.text`` and the line of each part
    into ``game.lines``; returns the game."""
    out: list[str] = []

    def emit(text: str) -> int:
        out.append(text)
        return len(out)

    emit('[Event "Generated"]')
    emit('[Ruleset "truf-de"]')
    emit(f'[Players "{" ".join(PLAYERS)}"]')
    chosen = {k: v for k, v in game.options.items() if v != DEFAULTS[k]}
    if chosen:
        emit(f'[Options "{", ".join(f"{k}={v}" for k, v in chosen.items())}"]')
    if game.winners:
        emit(f'[Winner "{" ".join(game.winners)}"]')
    game.lines = []
    width = max(len(p) for p in PLAYERS) + 2
    for deal in game.deals:
        where: dict[str, object] = {}
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
        body = max(len(card_text(c)) for c in deal.bids.values())
        for p in PLAYERS:
            card = deal.bids[p]
            text = card_text(card).ljust(body) + f"   = {values.get(p, bid_value(card))}"
            bid_lines[p] = emit("  " + (p + ":").ljust(width) + text)
        where["bids"] = bid_lines
        mode = w.get("mode", "atas" if deal.high else "bawah")
        contract = f"contract {w.get('winner', deal.winner)} trump {w.get('trump', deal.trump)} {mode}"
        if deal.total == 13:
            contract += f" adjust {deal.adjust:+d}"
        where["contract"] = emit(contract)
        if game.detail == "full":
            emit("play")
            lead = max(len(leader) for leader, _ in deal.tricks) + 2
            tricks = []
            for index, (leader, cards) in enumerate(deal.tricks, start=1):
                number = f"{index}.".rjust(3)
                tricks.append(emit(f"  {number} " + (leader + ":").ljust(lead) + " ".join(card_text(c) for c in cards)))
            where["tricks_played"] = tricks
        where["tricks"] = emit(_figures("tricks", deal.taken, w.get("tricks")))
        where["score"] = emit(_figures("score", deal.scores, w.get("score")))
        where["total"] = emit(_figures("total", deal.totals, w.get("total")))
        game.lines.append(where)
    game.text = "\n".join(out) + "\n"
    return game


try:
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    st = None  # type: ignore[assignment]

if st is not None:

    def de_options() -> st.SearchStrategy[dict[str, str]]:
        """Every combination of the option grid."""
        return st.fixed_dictionaries({key: st.sampled_from(values) for key, values in OPTION_GRID.items()})

    @st.composite
    def truf_de_games(
        draw: st.DrawFn,
        options: st.SearchStrategy[dict[str, str]] | None = None,
        deals: st.SearchStrategy[int] = st.sampled_from([1, 2, 3, 13]),
        detail: st.SearchStrategy[str] = st.sampled_from(["full", "score-sheet"]),
    ) -> GeneratedGame:
        """A legal truf-de game over the option grid, with its record text."""
        chosen = draw(options if options is not None else de_options())
        count = draw(deals)
        kind = draw(detail)
        seed = draw(st.randoms(use_true_random=False)).getrandbits(64)
        return random_game(random.Random(seed), chosen, count, kind)
