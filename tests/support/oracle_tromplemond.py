"""tromplemond games played from the rules alone: the independent statement of its rules the
validator's property tests check against.

Nothing here comes from the engine or the rulesets.  The rules are written again, small and
plain, from "Tromplemond Rules and Regulations Version 1.0" and the readings of the register's
options:

* the pack: A K Q J 10 4 3 2 of spades, hearts and diamonds, and the ace and jack of clubs; each
  round uses the four jacks and aces and twelve of the other eighteen, six set aside; five cards
  each, three secret and two public;
* the dealer claims first, then clockwise (under ``claim-order=free`` the others in any order),
  three cards each, lies included; the deal passes to the left;
* every player votes once for an opponent (or abstains, under ``allow-abstain=yes``); the most
  votes goes off; a 2-2 tie goes to the other two, who re-decide, re-vote or cut when they
  disagree (``two-way-disagreement``); any other tie is voted again ``max-revotes`` times and
  then cut, ace high, the ``cut-loser`` card off (equal cards cut again);
* an early reveal and a dealer's error change the round as ``early-reveal-mode`` and
  ``dealer-error-mode`` say;
* a stayer scores their card points (A 10, K 8, Q 6, 10 4, 4 3 2 2, J 0), plus half the card
  points of every other stayer, less 20 for each of their jacks; the player off scores 0;
* the game ends after ``max-rounds`` rounds or when a total reaches ``target-points``; a tie for
  the lead (any tie, under ``tie-scope=any-tie``) then gets ``extra-round-max`` extra rounds, and
  a card cut settles what is still tied;
* under ``betting=tromp`` a stayer whose jacks make a paying category may call it; the round pot
  is four stakes, and every round's after the first Extreme call is the caller's (the default
  ``extreme-pot=rest-of-game``); what is not won is settled at the end (Extreme, Ultimate, then
  a quarter to Super) and the rest goes to the best single-round score, split between equals.

The players are bots (:func:`random_game` with ``bots=True``): a player with a jack behind
hides it behind believable cards nobody can see, a player without one tells the truth; a voter
suspects the opponent whose claim looks least credible from what they can see, since a hidden
jack costs every other stayer 20.  With ``bots=False`` every choice is uniform among the legal
ones, which explores odd but legal games for the property tests.  :func:`render` writes a game
as record text and says on which line each part stands.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from trufspec.simulate import Detail, options_tag

__all__ = [
    "PLAYERS",
    "PACK",
    "DEFAULTS",
    "GeneratedRound",
    "GeneratedGame",
    "points",
    "jacks",
    "round_scores",
    "random_game",
    "render",
]

PLAYERS = ("Rob", "Sam", "Nick", "Emily")
RANKS = ("A", "K", "Q", "J", "10", "4", "3", "2")
RANK_ORDER = {"A": 14, "K": 13, "Q": 12, "J": 11, "10": 10, "4": 4, "3": 3, "2": 2}
POINTS = {"A": 10, "K": 8, "Q": 6, "J": 0, "10": 4, "4": 2, "3": 2, "2": 2}
PACK = (*(r + s for s in "SHD" for r in RANKS), "AC", "JC")
ALWAYS = tuple(c for c in PACK if c[:-1] in ("J", "A"))
OTHERS = tuple(c for c in PACK if c not in ALWAYS)
QUARTERS = {
    "extreme": 4,
    "ultimate": 4,
    "super": 4,
    "grand": 4,
    "tromplemond": 2,
    "kickself": 2,
    "moyenne": 1,
}
PHRASES = {
    "extreme": "Extreme Tromplemond!",
    "ultimate": "Ultimate Tromplemond!",
    "super": "Super Tromplemond!",
    "grand": "Grand Tromplemond!",
    "tromplemond": "Tromplemond!",
    "kickself": "Kickself Tromplemond!",
    "moyenne": "Moyenne Tromplemond!",
}
DEFAULTS = {
    "claim-order": "clockwise",
    "allow-abstain": "no",
    "two-way-disagreement": "card-cut",
    "cut-loser": "lowest",
    "cut-participants": "tied-only",
    "early-reveal-mode": "offender-as-voted-off",
    "dealer-error-mode": "as-voted-off",
    "max-revotes": "1",
    "max-rounds": "8",
    "target-points": "200",
    "betting": "off",
    "extra-round-max": "1",
    "tie-scope": "first-place",
    "tromp-stake": "1",
}
"""The default reading of every option the simulator plays by."""

_JACK_COST = 20
_COVER_WEIGHT = {"A": 1, "K": 2, "Q": 3, "10": 3, "4": 2, "3": 2, "2": 2}
"""How readily a bot names a card of each rank in place of a jack it hides: middling cards
draw less attention than a row of aces."""


def rank(card: str) -> str:
    return card[:-1]


def points(cards: list[str]) -> int:
    return sum(POINTS[rank(c)] for c in cards)


def jacks(cards: list[str]) -> int:
    return sum(1 for c in cards if rank(c) == "J")


def round_scores(
    hands: Mapping[str, list[str]], out: set[str], zero: frozenset[str] = frozenset()
) -> dict[str, int]:
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
        scores[p] = (
            points(hands[p])
            + sum(points(hands[q]) // 2 for q in others)
            - _JACK_COST * sum(jacks(hands[q]) for q in others)
        )
    return scores


def category(secret: list[str], public: list[str]) -> str | None:
    """The paying TROMP! category of a hand, or None."""
    b, f = jacks(secret), jacks(public)
    table = {
        (2, 2): "extreme",
        (3, 1): "ultimate",
        (3, 0): "super",
        (2, 1): "grand",
        (2, 0): "tromplemond",
        (1, 1): "moyenne",
    }
    if (b, f) in table:
        return table[(b, f)]
    return "kickself" if f == 2 else None


Step = tuple[str, list[tuple[str, str]] | dict[str, int]]
"""A step of a vote as the record writes it: its kind (``votes-slips``, ``votes-tally``,
``decide`` or ``cut``) and its pairs (voter and target, player and card) or, for a tally, the
votes against each player."""

LineKey = tuple[int | str, ...]
"""Where a part of a round stands in the record: the round's number, the part's keyword and,
for a part of several lines, the player or the index of the line."""

_STEP_KEYWORDS = {"votes-slips": "votes", "votes-tally": "votes", "decide": "decide", "cut": "cut"}


@dataclass
class GeneratedRound:
    number: int
    dealer: str
    public: dict[str, list[str]]
    secret: dict[str, list[str]]
    discards: list[str]
    claims: list[tuple[str, list[str]]]
    steps: list[Step]
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
    lines: dict[LineKey, int] = field(default_factory=dict)
    tagged: dict[str, str] = field(default_factory=dict)
    """The readings the ``Options`` tag writes."""
    winner: str | None = None
    """The ``Winner`` tag, when the record gives one."""
    detail: Detail = Detail.FULL


# ------------------------------------------------------------------------ the players' choices


@dataclass
class _Table:
    """What the players of a round see: every public row, the claims, and the totals so far;
    each also knows their own secret row."""

    public: dict[str, list[str]]
    secret: dict[str, list[str]]
    claims: dict[str, list[str]]
    totals: dict[str, int]

    def harm(self, voter: str, target: str) -> float:
        """What ``voter`` expects ``target``'s hand to cost them if it counts: 20 for each
        jack believed to be in it, less half its believed card points, plus a little for a
        leader in the totals.  The jacks nobody shows or admits are hidden somewhere; the
        voter puts them where the claims look least credible."""
        seen = set(self.secret[voter]) | {c for row in self.public.values() for c in row}
        unaccounted = 4 - sum(1 for c in seen if rank(c) == "J")
        doubt: dict[str, float] = {}
        for player, claim in self.claims.items():
            if player == voter:
                continue
            admitted = jacks(claim)
            unaccounted -= admitted
            lies = sum(1 for c in claim if c in seen or c not in PACK)
            doubt[player] = 1 + 3 * lies + max(0, points(claim) - 18) / 6 - admitted
        share = (
            max(unaccounted, 0) * max(doubt[target], 0.1) / sum(max(d, 0.1) for d in doubt.values())
        )
        claimed = [c for c in self.claims[target] if c not in seen]
        believed_jacks = jacks(self.public[target]) + jacks(claimed) + share
        believed_points = points(self.public[target]) + points(claimed) * min(
            1.0, 1 / max(doubt[target], 0.1)
        )
        lead = max(0, self.totals[target] - self.totals[voter]) / 10
        return _JACK_COST * believed_jacks - believed_points / 2 + lead


def _claim(
    rng: random.Random,
    secret: list[str],
    public: dict[str, list[str]],
    said: list[tuple[str, list[str]]],
    bots: bool,
) -> list[str]:
    """A player's claim of their three secret cards, after the claims ``said`` before it.  A bot
    with no jack behind has nothing to hide and mostly tells the truth; one with a jack names
    in its place a card nobody can see or has claimed, since a jack admitted is a vote earned."""
    if not bots:
        return list(secret) if rng.random() < 0.3 else rng.sample(PACK, 3)
    hidden = [c for c in secret if rank(c) == "J"]
    if not hidden and rng.random() < 0.85:
        return list(secret)
    if not hidden:
        hidden = [rng.choice(secret)]  # a little bluff to look stronger
    visible = (
        {c for row in public.values() for c in row}
        | set(secret)
        | {c for _, claim in said for c in claim}
    )
    cover = [c for c in PACK if rank(c) != "J" and c not in visible]
    named: list[str] = []
    for _ in hidden:
        pick = rng.choices(cover, weights=[_COVER_WEIGHT[rank(c)] for c in cover])[0]
        named.append(pick)
        cover.remove(pick)
    replacing = iter(named)
    return [next(replacing) if c in hidden else c for c in secret]


def _ballot(
    rng: random.Random, voter: str, candidates: list[str], table: _Table, bots: bool
) -> str:
    """Whom ``voter`` votes off among ``candidates``: a bot the one it suspects most, with a
    little noise for the table talk a simulation does not have."""
    if not bots:
        return rng.choice(candidates)
    return max(candidates, key=lambda p: table.harm(voter, p) + rng.gauss(0, 4))


def _vote(
    rng: random.Random, voters: list[str], table: _Table, abstain: bool, bots: bool
) -> dict[str, str]:
    """One round of slips; under ``allow-abstain=yes`` at most one voter may hand in none."""
    abstainer = rng.choice(voters) if abstain and rng.random() < 0.15 else None
    return {
        v: _ballot(rng, v, [p for p in voters if p != v], table, bots)
        for v in voters
        if v != abstainer
    }


def _cut(
    rng: random.Random, players: list[str], loser: str
) -> tuple[list[tuple[str, str]], list[str]]:
    """A card cut, ace high: the cut and the players with the losing rank."""
    cards = rng.sample(PACK, len(players))
    cut = list(zip(players, cards))
    ranks = [RANK_ORDER[rank(c)] for c in cards]
    worst = min(ranks) if loser == "lowest" else max(ranks)
    return cut, [p for p, c in cut if RANK_ORDER[rank(c)] == worst]


def _cut_off(
    rng: random.Random, pool: list[str], options: Mapping[str, str], steps: list[Step]
) -> str:
    """TM209: cut until one player holds the losing card alone."""
    while True:
        cut, losers = _cut(rng, pool, options["cut-loser"])
        steps.append(("cut", cut))
        if len(losers) == 1:
            return losers[0]
        pool = losers


_MAX_DECIDES = 6
"""How many times the two players outside a two-way tie decide again before they agree."""


def _run_vote(
    rng: random.Random, options: Mapping[str, str], voters: list[str], table: _Table, bots: bool
) -> tuple[list[Step], str]:
    """A legal vote among ``voters`` and its resolution, as the steps a record writes, and who
    goes off."""
    steps: list[Step] = []
    revotes = 0
    everyone = voters if options["cut-participants"] == "all" else None
    abstain = options["allow-abstain"] == "yes"
    for _ in range(12):
        slips = _vote(rng, voters, table, abstain, bots)
        counts = {p: list(slips.values()).count(p) for p in voters}
        if rng.random() < 0.5:
            steps.append(("votes-slips", list(slips.items())))
        else:
            steps.append(("votes-tally", {p: n for p, n in counts.items() if n}))
        top = max(counts.values())
        leaders = [p for p in voters if counts[p] == top]
        others = [p for p in voters if p not in leaders]
        if len(leaders) == 1:
            return steps, leaders[0]
        if len(leaders) == 2 and len(others) == 2:
            for attempt in range(_MAX_DECIDES):
                choice = [(o, _ballot(rng, o, leaders, table, bots)) for o in others]
                if attempt == _MAX_DECIDES - 1:
                    # Two bots sure of different suspects would disagree for ever: a table
                    # cuts that short, the second player going along with the first.
                    choice = [choice[0], (choice[1][0], choice[0][1])]
                steps.append(("decide", choice))
                if choice[0][1] == choice[1][1]:
                    return steps, choice[0][1]
                if options["two-way-disagreement"] != "revote-others":
                    break
            if options["two-way-disagreement"] == "revote-all":
                continue
        elif revotes < int(options["max-revotes"]):
            revotes += 1
            continue
        return steps, _cut_off(rng, everyone or leaders, options, steps)
    # Very long votes are cut short with a decisive one.
    victim = rng.choice(voters)
    slips = {
        v: (victim if v != victim else rng.choice([p for p in voters if p != v])) for v in voters
    }
    steps.append(("votes-slips", list(slips.items())))
    return steps, victim


def _random_round(
    rng: random.Random,
    number: int,
    dealer: str,
    options: Mapping[str, str],
    totals: dict[str, int],
    bots: bool,
) -> GeneratedRound:
    others = list(OTHERS)
    rng.shuffle(others)
    used = list(ALWAYS) + others[:12]
    rng.shuffle(used)
    secret = {p: used[5 * i : 5 * i + 3] for i, p in enumerate(PLAYERS)}
    public = {p: used[5 * i + 3 : 5 * i + 5] for i, p in enumerate(PLAYERS)}
    start = PLAYERS.index(dealer)
    order = [PLAYERS[(start + k) % 4] for k in range(4)]
    if options["claim-order"] == "free":
        rest = order[1:]
        rng.shuffle(rest)
        order = order[:1] + rest
    claims: list[tuple[str, list[str]]] = []
    for p in order:
        claims.append((p, _claim(rng, secret[p], public, claims, bots)))
    slips = 0.03 if bots else 0.1
    reveal = rng.choice(PLAYERS) if rng.random() < slips else None
    misdeal = reveal is None and rng.random() < slips
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
    steps: list[Step] = []
    off = None
    if vote:
        table = _Table(public, secret, dict(claims), totals)
        steps, off = _run_vote(
            rng, options, [p for p in PLAYERS if p not in out and p not in zero], table, bots
        )
        out.add(off)
    hands = {p: secret[p] + public[p] for p in PLAYERS}
    scores = round_scores(hands, out, zero)
    calls = []
    if options["betting"] == "tromp":
        for p in PLAYERS:
            name = category(secret[p], public[p])
            if p not in out and p not in zero and name is not None and rng.random() < 0.85:
                calls.append((p, PHRASES[name]))
    partial = not bots
    return GeneratedRound(
        number,
        dealer,
        public,
        secret,
        others[12:],
        claims,
        steps,
        off,
        reveal,
        misdeal,
        calls,
        scores,
        show_discards=rng.random() < 0.5 or not partial,
        show_off_secret=rng.random() < 0.5 or not partial,
    )


def _settle(game: GeneratedGame) -> None:
    """The pot lines: each round's calls, and the settlement in the last round."""
    stake = int(game.options["tromp-stake"])
    left = 0
    claims = []
    rest_of_game = game.options.get("extreme-pot", "rest-of-game") == "rest-of-game"
    owner = None  # the first Extreme caller, who owns every later round's pot (TM-A10h)
    for r in game.rounds:
        won = dict.fromkeys(PLAYERS, 0)
        if owner is not None:
            won[owner] = 4 * stake
            r.pot = won
            continue
        for p, phrase in r.calls:
            name = next(k for k, v in PHRASES.items() if v == phrase)
            won[p] += QUARTERS[name] * stake
            if name in ("extreme", "ultimate", "super"):
                claims.append((p, name))
        left += max(4 * stake - sum(won.values()), 0)
        r.pot = won
        extreme = [p for p, name in claims if name == "extreme"]
        if rest_of_game and extreme:
            owner = extreme[0]
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


def random_game(
    rng: random.Random, options: Mapping[str, str] | None = None, bots: bool = False
) -> GeneratedGame:
    """A legal game played to its end under the options, by bots or by uniform choices."""
    chosen = dict(DEFAULTS) | dict(options or {})
    game = GeneratedGame(
        chosen, [], tagged={k: v for k, v in chosen.items() if DEFAULTS.get(k) != v}
    )
    dealer = rng.choice(PLAYERS)
    totals = dict.fromkeys(PLAYERS, 0)
    extra = 0
    over = False
    while True:
        r = _random_round(rng, len(game.rounds) + 1, dealer, chosen, totals, bots)
        totals = {p: totals[p] + r.scores[p] for p in PLAYERS}
        r.totals = dict(totals)
        game.rounds.append(r)
        dealer = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
        over = (
            over
            or len(game.rounds) >= int(chosen["max-rounds"])
            or max(totals.values()) >= int(chosen["target-points"])
        )
        if not over:
            continue
        values = list(totals.values())
        tied = (
            len(set(values)) < 4
            if chosen["tie-scope"] == "any-tie"
            else values.count(max(values)) > 1
        )
        if tied and extra < int(chosen["extra-round-max"]):
            extra += 1
            continue
        break
    if chosen["betting"] == "tromp":
        _settle(game)
    return render(game)


# ------------------------------------------------------------------------ the record


def _cards(cards: list[str]) -> str:
    return " ".join(cards)


def render(game: GeneratedGame) -> GeneratedGame:
    """Write the game as canonical record text at its level of detail (a score sheet leaves
    out the cards dealt); note the line of each part."""
    out: list[str] = ['[Ruleset "tromplemond"]', f'[Players "{" ".join(PLAYERS)}"]']
    out += options_tag(game.tagged).splitlines()
    if game.winner is not None:
        out.append(f'[Winner "{game.winner}"]')
    lines: dict[LineKey, int] = {}
    full = game.detail is Detail.FULL

    def emit(text: str, key: LineKey | None = None) -> None:
        out.append(text)
        if key is not None:
            lines[key] = len(out)

    def rows(keyword: str, entries: list[tuple[str, list[str]]], n: int) -> None:
        emit(keyword)
        width = max(len(p) for p, _ in entries) + 1
        for p, cards in entries:
            emit(f"  {(p + ':').ljust(width)} {_cards(cards)}", (n, keyword, p))

    for r in game.rounds:
        n = r.number
        emit("")
        emit(f"round {n}", (n, "round"))
        emit(f"dealer {r.dealer}", (n, "dealer"))
        if r.misdeal:
            emit("misdeal", (n, "misdeal"))
        if full and r.show_discards:
            emit(f"discards {_cards(r.discards)}", (n, "discards"))
        if full:
            rows("public", [(p, r.public[p]) for p in PLAYERS], n)
        rows("claims", r.claims, n)
        if r.reveal is not None:
            emit(f"early-reveal {r.reveal}", (n, "reveal"))
        for index, (kind, value) in enumerate(r.steps):
            if isinstance(value, dict):  # a tally: each player and the votes against them
                words = " ".join(f"{t} {c}" for t, c in value.items())
            else:  # slips and decisions as voter>target, a cut as player and card
                joint = " " if kind == "cut" else ">"
                words = " ".join(f"{a}{joint}{b}" for a, b in value)
            emit(f"{_STEP_KEYWORDS[kind]} {words}", (n, "step", index))
        if r.off is not None:
            emit(f"off {r.off}", (n, "off"))
        if full:
            rows(
                "secret", [(p, r.secret[p]) for p in PLAYERS if p != r.off or r.show_off_secret], n
            )
        for p, phrase in r.calls:
            emit(f'tromp {p} "{phrase}"', (n, "call", p))
        emit("score  " + " ".join(f"{p} {r.scores[p]}" for p in PLAYERS), (n, "score"))
        emit("total  " + " ".join(f"{p} {r.totals[p]}" for p in PLAYERS), (n, "total"))
        if game.options["betting"] == "tromp":
            emit("pot    " + " ".join(f"{p} {r.pot[p]}" for p in PLAYERS), (n, "pot"))
    game.text = "\n".join(out) + "\n"
    game.lines = lines
    return game
