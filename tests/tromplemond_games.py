"""An independent generator of legal tromplemond games: the oracle of the property tests.

Nothing here comes from ``trufspec``.  The rules are written again, small and plain, from
"Tromplemond Rules and Regulations Version 1.0" and the readings of the register's options:

* the pack: A K Q J 10 4 3 2 of spades, hearts and diamonds, and the ace and jack of clubs; each
  round uses the four jacks and aces and twelve of the other eighteen, six set aside; five cards
  each, three secret and two public;
* the dealer claims first, then clockwise, three cards each, lies included; the deal passes to
  the left;
* every player votes once for an opponent; the most votes goes off; a 2-2 tie goes to the other
  two, who re-decide, re-vote or cut when they disagree (``two-way-disagreement``); a 1-1-1-1 tie
  is voted again ``max-revotes`` times and then cut, ace high, the lowest card off (equal lowest
  cards cut again);
* an early reveal puts the offender out with no vote; a dealer's error puts the dealer out;
* a stayer scores their card points (A 10, K 8, Q 6, 10 4, 4 3 2 2, J 0), plus half the card
  points of every other stayer, less 20 for each of their jacks; the player off scores 0;
* the game ends after ``max-rounds`` rounds or when a total reaches ``target-points``; a tie for
  the lead (any tie, under ``tie-scope=any-tie``) then gets ``extra-round-max`` extra rounds;
* under ``betting=tromp`` a stayer whose jacks make a paying category may call it; the round pot
  is four stakes; what is not won is settled at the end (Extreme, Ultimate, then a quarter to
  Super) and the rest goes to the best single-round score, split between equals.

:func:`random_game` builds a :class:`GeneratedGame` from a :class:`random.Random`;
:func:`render` writes it as record text and says on which line each part stands.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from hypothesis import strategies as st

__all__ = [
    "PLAYERS",
    "PACK",
    "GeneratedRound",
    "GeneratedGame",
    "points",
    "round_scores",
    "random_game",
    "render",
    "tromplemond_games",
    "OPTION_GRID",
]

PLAYERS = ("Rob", "Sam", "Nick", "Emily")
RANKS = ("A", "K", "Q", "J", "10", "4", "3", "2")
RANK_ORDER = {"A": 14, "K": 13, "Q": 12, "J": 11, "10": 10, "4": 4, "3": 3, "2": 2}
POINTS = {"A": 10, "K": 8, "Q": 6, "J": 0, "10": 4, "4": 2, "3": 2, "2": 2}
PACK = tuple(r + s for s in "SHD" for r in RANKS) + ("AC", "JC")
ALWAYS = tuple(c for c in PACK if c[:-1] in ("J", "A"))
OTHERS = tuple(c for c in PACK if c not in ALWAYS)
QUARTERS = {"extreme": 4, "ultimate": 4, "super": 4, "grand": 4, "tromplemond": 2, "kickself": 2, "moyenne": 1}
PHRASES = {
    "extreme": "Extreme Tromplemond!", "ultimate": "Ultimate Tromplemond!", "super": "Super Tromplemond!",
    "grand": "Grand Tromplemond!", "tromplemond": "Tromplemond!", "kickself": "Kickself Tromplemond!",
    "moyenne": "Moyenne Tromplemond!",
}

OPTION_GRID = {
    "two-way-disagreement": ("card-cut", "revote-all", "revote-others"),
    "cut-loser": ("lowest", "highest"),
    "cut-participants": ("tied-only", "all"),
    "early-reveal-mode": ("offender-as-voted-off", "offender-zero-but-hand-counts", "vote-still-held"),
    "dealer-error-mode": ("as-voted-off", "zero-but-vote-held", "redeal-only"),
    "max-revotes": ("0", "1", "2"),
    "max-rounds": ("1", "2", "3"),
    "target-points": ("40", "200"),
    "betting": ("off", "tromp"),
    "tie-scope": ("first-place", "any-tie"),
    "extra-round-max": ("0", "1"),
}
DEFAULTS = {"two-way-disagreement": "card-cut", "cut-loser": "lowest", "cut-participants": "tied-only",
            "early-reveal-mode": "offender-as-voted-off", "dealer-error-mode": "as-voted-off", "max-revotes": "1", "max-rounds": "8", "target-points": "200",
            "betting": "off", "extra-round-max": "1", "tie-scope": "first-place", "tromp-stake": "1"}


def rank(card: str) -> str:
    return card[:-1]


def points(cards: list[str]) -> int:
    return sum(POINTS[rank(c)] for c in cards)


def jacks(cards: list[str]) -> int:
    return sum(1 for c in cards if rank(c) == "J")


def round_scores(hands: Mapping[str, list[str]], out: set[str], zero: frozenset[str] = frozenset()) -> dict[str, int]:
    """The scores of a round: stayers score own + half the other stayers' points - 20 a jack;
    the players ``out`` score 0 and their hands count for nobody, those in ``zero`` score 0 but
    their hands count."""
    stay = [p for p in PLAYERS if p not in out]
    scores = {}
    for p in PLAYERS:
        if p in out or p in zero:
            scores[p] = 0
            continue
        others = [q for q in stay if q != p]
        scores[p] = points(hands[p]) + sum(points(hands[q]) // 2 for q in others) - 20 * sum(jacks(hands[q]) for q in others)
    return scores


def category(secret: list[str], public: list[str]) -> str | None:
    """The paying TROMP! category of a hand, or None."""
    b, f = jacks(secret), jacks(public)
    table = {(2, 2): "extreme", (3, 1): "ultimate", (3, 0): "super", (2, 1): "grand", (2, 0): "tromplemond", (1, 1): "moyenne"}
    if (b, f) in table:
        return table[(b, f)]
    return "kickself" if f == 2 else None


@dataclass
class GeneratedRound:
    number: int
    dealer: str
    public: dict[str, list[str]]
    secret: dict[str, list[str]]
    discards: list[str]
    claims: list[tuple[str, list[str]]]
    steps: list[tuple[str, object]]
    """The vote as written: ("votes-slips", [(voter, target)]), ("votes-tally", {target: n}),
    ("decide", [(voter, target)]), ("cut", [(player, card)])."""
    off: str | None
    reveal: str | None = None
    misdeal: bool = False
    calls: list[tuple[str, str]] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    pot: dict[str, int] = field(default_factory=dict)
    show_discards: bool = True
    show_off_secret: bool = True


@dataclass
class GeneratedGame:
    options: dict[str, str]
    rounds: list[GeneratedRound]
    text: str = ""
    lines: dict[tuple, int] = field(default_factory=dict)


def _vote(rng: random.Random, voters: list[str]) -> dict[str, str]:
    return {v: rng.choice([p for p in voters if p != v]) for v in voters}


def _cut(rng: random.Random, players: list[str], loser: str) -> tuple[list[tuple[str, str]], list[str]]:
    """A card cut, ace high: the cut and the players with the losing rank."""
    cards = rng.sample(PACK, len(players))
    cut = list(zip(players, cards))
    ranks = [RANK_ORDER[rank(c)] for c in cards]
    worst = min(ranks) if loser == "lowest" else max(ranks)
    return cut, [p for p, c in cut if RANK_ORDER[rank(c)] == worst]


def _run_vote(rng: random.Random, options: Mapping[str, str], voters: list[str]) -> tuple[list[tuple[str, object]], str]:
    """A legal vote among ``voters`` and its resolution, as the steps a record writes, and who
    goes off."""
    steps: list[tuple[str, object]] = []
    revotes = 0
    everyone = voters if options["cut-participants"] == "all" else None
    for _ in range(12):
        slips = _vote(rng, voters)
        counts = {p: list(slips.values()).count(p) for p in voters}
        if rng.random() < 0.5:
            steps.append(("votes-slips", list(slips.items())))
        else:
            steps.append(("votes-tally", {p: n for p, n in counts.items() if n}))
        top = max(counts.values())
        leaders = [p for p in voters if counts[p] == top]
        if len(leaders) == 1:
            return steps, leaders[0]
        if len(leaders) == 2:
            others = [p for p in voters if p not in leaders]
            while True:
                choice = [(o, rng.choice(leaders)) for o in others]
                steps.append(("decide", choice))
                if choice[0][1] == choice[1][1]:
                    return steps, choice[0][1]
                mode = options["two-way-disagreement"]
                if mode == "revote-others":
                    continue
                break
            if options["two-way-disagreement"] == "revote-all":
                continue
            pool = everyone or leaders
        else:
            if revotes < int(options["max-revotes"]):
                revotes += 1
                continue
            pool = everyone or leaders
        while True:
            cut, losers = _cut(rng, pool, options["cut-loser"])
            steps.append(("cut", cut))
            if len(losers) == 1:
                return steps, losers[0]
            pool = losers
    # Very long votes are cut short with a decisive one.
    victim = rng.choice(voters)
    slips = {v: (victim if v != victim else rng.choice([p for p in voters if p != v])) for v in voters}
    steps.append(("votes-slips", list(slips.items())))
    return steps, victim


def _random_round(rng: random.Random, number: int, dealer: str, options: Mapping[str, str]) -> GeneratedRound:
    others = list(OTHERS)
    rng.shuffle(others)
    used = list(ALWAYS) + others[:12]
    rng.shuffle(used)
    secret = {p: used[5 * i: 5 * i + 3] for i, p in enumerate(PLAYERS)}
    public = {p: used[5 * i + 3: 5 * i + 5] for i, p in enumerate(PLAYERS)}
    start = PLAYERS.index(dealer)
    order = [PLAYERS[(start + k) % 4] for k in range(4)]
    claims = []
    for p in order:
        claimed = list(secret[p]) if rng.random() < 0.3 else rng.sample(PACK, 3)
        claims.append((p, claimed))
    reveal = rng.choice(PLAYERS) if rng.random() < 0.1 else None
    misdeal = reveal is None and rng.random() < 0.1
    out: set[str] = set()
    zero: frozenset[str] = frozenset()
    vote = True
    if reveal is not None:
        mode = options["early-reveal-mode"]
        if mode == "offender-zero-but-hand-counts":
            zero = frozenset({reveal})
        else:
            out.add(reveal)
        vote = mode == "vote-still-held"
    elif misdeal and options["dealer-error-mode"] != "redeal-only":
        out.add(dealer)
        vote = options["dealer-error-mode"] == "zero-but-vote-held"
    steps: list[tuple[str, object]] = []
    off = None
    if vote:
        steps, off = _run_vote(rng, options, [p for p in PLAYERS if p not in out])
        out.add(off)
    hands = {p: secret[p] + public[p] for p in PLAYERS}
    scores = round_scores(hands, out, zero)
    calls = []
    if options["betting"] == "tromp":
        for p in PLAYERS:
            name = category(secret[p], public[p])
            if p not in out and p not in zero and name is not None and rng.random() < 0.8:
                calls.append((p, PHRASES[name]))
    return GeneratedRound(
        number, dealer, public, secret, others[12:], claims, steps, off, reveal, misdeal, calls, scores,
        show_discards=rng.random() < 0.5, show_off_secret=rng.random() < 0.5,
    )


def _settle(game: GeneratedGame) -> None:
    """The pot lines: each round's calls, and the settlement in the last round."""
    stake = int(game.options["tromp-stake"])
    left = 0
    claims = []
    for r in game.rounds:
        won = {p: 0 for p in PLAYERS}
        for p, phrase in r.calls:
            name = next(k for k, v in PHRASES.items() if v == phrase)
            won[p] += QUARTERS[name] * stake
            if name in ("extreme", "ultimate", "super"):
                claims.append((p, name))
        left += max(4 * stake - sum(won.values()), 0)
        r.pot = won
    last = game.rounds[-1].pot
    for name in ("extreme", "ultimate", "super"):
        for p, claim in claims:
            if claim == name and left:
                amount = left // 4 if name == "super" else left
                last[p] += amount
                left -= amount
    if left:
        best = {p: max(r.scores[p] for r in game.rounds) for p in PLAYERS}
        top = max(best.values())
        winners = [p for p in PLAYERS if best[p] == top]
        for p in winners:
            last[p] += left // len(winners)


def random_game(rng: random.Random, options: Mapping[str, str] | None = None) -> GeneratedGame:
    """A legal game played to its end under the options."""
    chosen = dict(DEFAULTS) | dict(options or {})
    game = GeneratedGame(chosen, [])
    dealer = rng.choice(PLAYERS)
    totals = {p: 0 for p in PLAYERS}
    extra = 0
    over = False
    while True:
        r = _random_round(rng, len(game.rounds) + 1, dealer, chosen)
        totals = {p: totals[p] + r.scores[p] for p in PLAYERS}
        r.totals = dict(totals)
        game.rounds.append(r)
        dealer = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
        over = over or len(game.rounds) >= int(chosen["max-rounds"]) or max(totals.values()) >= int(chosen["target-points"])
        if not over:
            continue
        values = list(totals.values())
        tied = len(set(values)) < 4 if chosen["tie-scope"] == "any-tie" else values.count(max(values)) > 1
        if tied and extra < int(chosen["extra-round-max"]):
            extra += 1
            continue
        break
    if chosen["betting"] == "tromp":
        _settle(game)
    return render(game)


def _cards(cards: list[str]) -> str:
    return " ".join(cards)


def render(game: GeneratedGame) -> GeneratedGame:
    """Write the game as canonical record text; note the line of each part."""
    out: list[str] = ['[Ruleset "tromplemond"]', f'[Players "{" ".join(PLAYERS)}"]']
    given = {k: v for k, v in game.options.items() if DEFAULTS.get(k) != v}
    if given:
        out.append(f'[Options "{", ".join(f"{k}={v}" for k, v in given.items())}"]')
    lines: dict[tuple, int] = {}

    def emit(text: str, key: tuple | None = None) -> None:
        out.append(text)
        if key is not None:
            lines[key] = len(out)

    width = max(len(p) for p in PLAYERS) + 1
    for r in game.rounds:
        n = r.number
        emit("")
        emit(f"round {n}", (n, "round"))
        emit(f"dealer {r.dealer}", (n, "dealer"))
        if r.misdeal:
            emit("misdeal", (n, "misdeal"))
        if r.show_discards:
            emit(f"discards {_cards(r.discards)}", (n, "discards"))
        emit("public")
        for p in PLAYERS:
            emit(f"  {(p + ':').ljust(width)} {_cards(r.public[p])}", (n, "public", p))
        emit("claims")
        for p, claimed in r.claims:
            emit(f"  {(p + ':').ljust(width)} {_cards(claimed)}", (n, "claims", p))
        if r.reveal is not None:
            emit(f"early-reveal {r.reveal}", (n, "reveal"))
        for index, (kind, value) in enumerate(r.steps):
            if kind == "votes-slips":
                emit("votes " + " ".join(f"{v}>{t}" for v, t in value), (n, "step", index))  # type: ignore[attr-defined]
            elif kind == "votes-tally":
                emit("votes " + " ".join(f"{t} {c}" for t, c in value.items()), (n, "step", index))  # type: ignore[attr-defined]
            elif kind == "decide":
                emit("decide " + " ".join(f"{v}>{t}" for v, t in value), (n, "step", index))  # type: ignore[attr-defined]
            else:
                emit("cut " + " ".join(f"{p} {c}" for p, c in value), (n, "step", index))  # type: ignore[attr-defined]
        if r.off is not None:
            emit(f"off {r.off}", (n, "off"))
        shown = [p for p in PLAYERS if p != r.off or r.show_off_secret]
        emit("secret")
        swidth = max(len(p) for p in shown) + 1
        for p in shown:
            emit(f"  {(p + ':').ljust(swidth)} {_cards(r.secret[p])}", (n, "secret", p))
        for p, phrase in r.calls:
            emit(f'tromp {p} "{phrase}"', (n, "call", p))
        emit("score  " + " ".join(f"{p} {r.scores[p]}" for p in PLAYERS), (n, "score"))
        emit("total  " + " ".join(f"{p} {r.totals[p]}" for p in PLAYERS), (n, "total"))
        if game.options["betting"] == "tromp":
            emit("pot    " + " ".join(f"{p} {r.pot[p]}" for p in PLAYERS), (n, "pot"))
    game.text = "\n".join(out) + "\n"
    game.lines = lines
    return game


def mutated(game: GeneratedGame, change) -> GeneratedGame:  # type: ignore[no-untyped-def]
    """A copy of the game with ``change`` applied to its model, rendered again."""
    copied = copy.deepcopy(game)
    change(copied)
    return render(copied)


@st.composite
def tromplemond_games(draw, options: st.SearchStrategy[dict[str, str]] | None = None):  # type: ignore[no-untyped-def]
    """Hypothesis strategy: a legal game under options drawn from the grid."""
    chosen = draw(options) if options is not None else draw(option_grid())
    seed = draw(st.integers(0, 2**32 - 1))
    return random_game(random.Random(seed), chosen)


def option_grid() -> st.SearchStrategy[dict[str, str]]:
    return st.fixed_dictionaries({key: st.sampled_from(values) for key, values in OPTION_GRID.items()})
