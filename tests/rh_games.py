"""An independent oracle for ruff-and-honours: random legal games written from the source text.

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
  team reached the target on tricks, or the bar at eight withholds them.  The first team to
  the target wins, and the game ends there.

A game may carry one *played* fault: a revoke at a given hand, after which play goes on
legally, so every later figure follows from the play as recorded.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

__all__ = [
    "OPTION_GRID",
    "GeneratedGame",
    "GeneratedHand",
    "random_game",
    "render",
    "card_text",
    "score_hand",
    "rh_options",
    "rh_games",
]

SUITS = ("S", "H", "D", "C")
RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
PACK = tuple((rank, suit) for suit in SUITS for rank in range(2, 15))
PLAYERS = ("Ana", "Budi", "Citra", "Dewi")
TEAMS = ("Ana+Citra", "Budi+Dewi")
HONOUR_RANKS = (14, 13, 12, 11)

Card = tuple  # (rank 2..14, suit letter)

OPTION_GRID: dict[str, tuple[str, ...]] = {
    "ruff": ("compulsory", "optional"),
    "ruff-discard-from": ("any-of-16", "original-12"),
    "honours-basis": ("held-after-ruff", "as-dealt", "as-dealt-plus-ruff-gain"),
    "honour-points": ("2-and-4", "1-and-2"),
    "honours-bar-scope": ("own-team", "both-teams"),
    "honours-bar-timing": ("after-tricks", "start-of-hand"),
    "target-points": ("9", "4"),
}
"""The options the generator varies; the bar is always one below the target."""


def card_text(card: Card) -> str:
    return RANK_TEXT[card[0]] + card[1]


def team_of(player: str) -> str:
    return TEAMS[PLAYERS.index(player) % 2]


def left_of(player: str) -> str:
    return PLAYERS[(PLAYERS.index(player) + 1) % 4]


def _display(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), -c[0]))


def honours_count(cards: list[Card], trump: str) -> int:
    return sum(1 for c in cards if c[1] == trump and c[0] in HONOUR_RANKS)


def winner_of(cards: list[Card], trump: str) -> int:
    """Index of the highest trump, else of the highest card of the suit led."""
    trumps = [i for i, c in enumerate(cards) if c[1] == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c[1] == cards[0][1]]
    return max(pool, key=lambda i: cards[i][0])


def score_hand(
    taken: dict[str, int], honours: dict[str, int], before: dict[str, int], options: dict[str, str]
) -> tuple[dict[str, int], dict[str, str]]:
    """Each team's score and the clause that fixes it, from the source's order of scoring."""
    target = int(options["target-points"])
    bar = target - 1
    three, four = (2, 4) if options["honour-points"] == "2-and-4" else (1, 2)
    trick_points = {t: max(0, taken[t] - 6) for t in TEAMS}
    after = {t: before[t] + trick_points[t] for t in TEAMS}
    won_on_tricks = any(after[t] >= target for t in TEAMS)
    at = after if options["honours-bar-timing"] == "after-tricks" else before
    on_bar = {t for t in TEAMS if at[t] == bar}
    if options["honours-bar-scope"] == "both-teams" and on_bar:
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


@dataclass
class GeneratedGame:
    options: dict[str, str]
    hands: list[GeneratedHand]
    winners: tuple[str, ...]
    text: str = ""

    @property
    def all_options(self) -> dict[str, str]:
        return self.options | {"honours-bar-score": str(int(self.options["target-points"]) - 1)}


def _play(
    rng: random.Random, held: dict[str, list[Card]], leader: str, trump: str, revoke: bool
) -> tuple[list[tuple[str, list[Card]]], dict[str, int], int | None]:
    """Twelve tricks of legal play (one revoke when asked and possible)."""
    hands = {p: list(c) for p, c in held.items()}
    tricks, taken, revoked = [], {t: 0 for t in TEAMS}, None
    for index in range(12):
        order = [PLAYERS[(PLAYERS.index(leader) + k) % 4] for k in range(4)]
        cards: list[Card] = []
        for k, player in enumerate(order):
            hand = hands[player]
            if k == 0:
                choice = rng.choice(hand)
            else:
                led = cards[0][1]
                same = [c for c in hand if c[1] == led]
                other = [c for c in hand if c[1] != led]
                if revoke and revoked is None and same and other:
                    choice, revoked = rng.choice(other), index
                else:
                    choice = rng.choice(same or hand)
            hand.remove(choice)
            cards.append(choice)
        tricks.append((leader, cards))
        leader = order[winner_of(cards, trump)]
        taken[team_of(leader)] += 1
    return tricks, taken, revoked


def _hand(
    rng: random.Random, number: int, dealer: str, before: dict[str, int], options: dict[str, str], revoke: bool
) -> GeneratedHand:
    pack = list(PACK)
    rng.shuffle(pack)
    dealt = {p: pack[12 * i : 12 * i + 12] for i, p in enumerate(PLAYERS)}
    stock = pack[48:]
    trump = stock[0][1]
    ace = (14, trump)
    ruffer = next((p for p, cards in dealt.items() if ace in cards), dealer)
    declined = options["ruff"] == "optional" and rng.random() < 0.3
    held = {p: list(c) for p, c in dealt.items()}
    discards: list[Card] = []
    if not declined:
        pool = dealt[ruffer] if options["ruff-discard-from"] == "original-12" else dealt[ruffer] + stock
        discards = rng.sample(pool, 4)
        held[ruffer] = [c for c in dealt[ruffer] + stock if c not in discards]
    tricks, taken, revoked = _play(rng, held, left_of(dealer), trump, revoke)
    basis = options["honours-basis"]
    source = held if basis == "held-after-ruff" else dealt
    honours = {t: 0 for t in TEAMS}
    for player, cards in source.items():
        honours[team_of(player)] += honours_count(cards, trump)
    if basis == "as-dealt-plus-ruff-gain" and not declined:
        honours[team_of(ruffer)] += honours_count(stock, trump)
    scores, clauses = score_hand(taken, honours, before, options)
    totals = {t: before[t] + scores[t] for t in TEAMS}
    return GeneratedHand(
        number, dealer, dealt, stock, ruffer, declined, discards, tricks, taken, honours, scores, clauses, totals, revoked
    )


def random_game(
    rng: random.Random, options: dict[str, str], max_hands: int, revoke_hand: int | None = None, play_on: bool = False
) -> GeneratedGame:
    """A legal game of up to ``max_hands`` hands, ending when a team reaches the target (one
    more hand is played after that with ``play_on``)."""
    target = int(options["target-points"])
    dealer = rng.choice(PLAYERS)
    totals = {t: 0 for t in TEAMS}
    hands: list[GeneratedHand] = []
    winners: tuple[str, ...] = ()
    while len(hands) < max_hands:
        hand = _hand(rng, len(hands) + 1, dealer, totals, options, revoke_hand == len(hands))
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


def _figures(keyword: str, values: dict[str, int]) -> str:
    return " ".join([keyword.ljust(6), *(f"{t} {values[t]}" for t in TEAMS)])


def render(game: GeneratedGame, winner_tag: str | None = None) -> GeneratedGame:
    """Write the game as canonical record text into ``game.text``, and the line of each part
    into each hand's ``lines``."""
    out: list[str] = []

    def emit(text: str) -> int:
        out.append(text)
        return len(out)

    emit('[Event "generated"]')
    emit('[Ruleset "ruff-and-honours"]')
    emit(f'[Players "{" ".join(PLAYERS)}"]')
    emit(f'[Options "{", ".join(f"{k}={v}" for k, v in game.all_options.items())}"]')
    if winner_tag is not None:
        emit(f'[Winner "{winner_tag}"]')
    for hand in game.hands:
        lines = hand.lines
        emit("")
        lines["deal"] = emit(f"deal {hand.number}")
        lines["dealer"] = emit(f"dealer {hand.dealer}")
        emit("hands")
        for player in PLAYERS:
            label = (player + ":").ljust(7)
            lines[player] = emit("  " + label + " ".join(card_text(c) for c in _display(hand.dealt[player])))
        lines["stock"] = emit("stock " + " ".join(card_text(c) for c in hand.stock))
        if hand.declined:
            lines["ruff"] = emit(f"ruff {hand.ruffer} declines")
        else:
            lines["ruff"] = emit(f"ruff {hand.ruffer} discards " + " ".join(card_text(c) for c in hand.discards))
        lines["play"] = emit("play")
        lead_width = max(len(leader) for leader, _ in hand.tricks) + 2
        for index, (leader, cards) in enumerate(hand.tricks, start=1):
            label = (leader + ":").ljust(lead_width)
            lines[f"trick{index}"] = emit(f"  {index:>2}. {label}" + " ".join(card_text(c) for c in cards))
        lines["tricks"] = emit(_figures("tricks", hand.taken))
        lines["honours"] = emit("honours " + " ".join(f"{t} {hand.honours[t]}" for t in TEAMS))
        lines["score"] = emit(_figures("score", hand.scores))
        lines["total"] = emit(_figures("total", hand.totals))
    game.text = "\n".join(out) + "\n"
    return game


try:
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    st = None  # type: ignore[assignment]

if st is not None:

    def rh_options() -> st.SearchStrategy[dict[str, str]]:
        """Every combination of the option grid."""
        return st.fixed_dictionaries({key: st.sampled_from(values) for key, values in OPTION_GRID.items()})

    @st.composite
    def rh_games(draw: st.DrawFn, max_hands: st.SearchStrategy[int] = st.integers(1, 6)) -> GeneratedGame:
        """A legal game under any combination of the grid, rendered."""
        options = draw(rh_options())
        seed = draw(st.randoms(use_true_random=False)).getrandbits(64)
        return render(random_game(random.Random(seed), options, draw(max_hands)))
