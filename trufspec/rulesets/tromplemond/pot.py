"""TROMP! betting (``betting=tromp``): the round pots, the calls and the end-of-game settlement.

Each round the four players put ``tromp-stake`` each into a round pot.  A player who stays in
and calls the phrase of their hand wins a share of it, by the jacks in their secret row (b) and
their public row (f) (TM404, TM-A10c):

===========  ==========  ==========================================
category     jacks       round pot won; at the end of the game
===========  ==========  ==========================================
Extreme      b 2, f 2    all; everything left in the TROMP! pot
Ultimate     b 3, f 1    all; everything left
Super        b 3, f 0    all; a quarter of what is left
Grand        b 2, f 1    all
Tromplemond  b 2, f 0    a half
Kickself     f 2, b < 2  a half
Moyenne      b 1, f 1    a quarter (the caller's stake back)
Petit        any other   nothing
===========  ==========  ==========================================

What a round does not pay out stays in the TROMP! pot; at the end it is settled (TM406,
TM-A10e) and whatever remains goes to the best single-round score.  An Extreme caller wins
"the entire TROMP! Pot for the rest of the game": every later round's pot is theirs, whatever
is called in it (TM-A10h, ``extreme-pot=rest-of-game``).  Under ``tromp-winners=round-winner``
(TM-A10d) only the round's best score may collect.  A record writes each
round's winnings on its ``pot`` line; the last round's line includes the settlement.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from trufspec.cards import Card
from trufspec.engine.findings import Findings
from trufspec.records import Deal, Pot, Tromp
from trufspec.rulesets.tromplemond.pack import RoundCards, is_jack
from trufspec.spec.options import Readings

__all__ = [
    "CATEGORIES",
    "RoundPot",
    "category",
    "check_pot_lines",
    "collectors",
    "extreme_owner",
    "round_pot",
    "settle",
    "shouted",
]

_QUARTERS = {
    "extreme": 4,
    "ultimate": 4,
    "super": 4,
    "grand": 4,
    "tromplemond": 2,
    "kickself": 2,
    "moyenne": 1,
    "petit": 0,
}
_PHRASES = {
    name: ("" if name == "tromplemond" else name + " ") + "tromplemond" for name in _QUARTERS
}
CATEGORIES = tuple(_QUARTERS)
"""The TROMP! categories, the best paid first."""


def shouted(name: str) -> str:
    """The phrase of a category as a player shouts it: ``Grand Tromplemond!``."""
    return _PHRASES[name].title() + "!"


def category(secret: Sequence[Card], public: Sequence[Card]) -> str | None:
    """The TROMP! category of a hand (None: no jack at all)."""
    back = sum(1 for c in secret if is_jack(c))
    front = sum(1 for c in public if is_jack(c))
    table = {
        (2, 2): "extreme",
        (3, 1): "ultimate",
        (3, 0): "super",
        (2, 1): "grand",
        (2, 0): "tromplemond",
        (1, 1): "moyenne",
    }
    if (back, front) in table:
        return table[(back, front)]
    if front == 2:
        return "kickself"
    return "petit" if back + front else None


def _phrase(text: str) -> str:
    """A called phrase, for comparison: case, spacing and the exclamation marks do not matter."""
    return " ".join(text.replace("!", " ").lower().split())


@frozen
class RoundPot:
    """What a round's pot paid and what it left in the TROMP! pot, and the end-of-game claims
    its callers made (in order)."""

    won: dict[str, int]
    left: int
    claims: tuple[tuple[str, str], ...]


def extreme_owner(pots: Sequence[RoundPot | None], options: Readings) -> str | None:
    """TM-A10h: the player who owns every later round's pot, having called Extreme Tromplemond!
    in an earlier round (the first such caller), under ``extreme-pot=rest-of-game``."""
    if options["extreme-pot"] != "rest-of-game":
        return None
    for pot in pots:
        for player, name in pot.claims if pot is not None else ():
            if name == "extreme":
                return player
    return None


def collectors(
    scores: dict[str, int] | None, out: frozenset[str], options: Readings
) -> frozenset[str] | None:
    """TM-A10d: who may collect from the round's pot under ``tromp-winners=round-winner``, the
    best round score among the players still in (None: anyone who stays in, the default).  An
    empty set when the scores are unknown: then nobody can be paid for sure, and
    :func:`round_pot` says so."""
    if options["tromp-winners"] != "round-winner":
        return None
    if scores is None:
        return frozenset()
    staying = {p: s for p, s in scores.items() if p not in out}
    best = max(staying.values(), default=None)
    return frozenset(p for p, s in staying.items() if s == best)


def round_pot(
    calls: Sequence[Tromp],
    seats: Sequence[str],
    cards: RoundCards,
    out: frozenset[str],
    betting: bool,
    stake: int,
    findings: Findings,
    owner: str | None = None,
    winners: frozenset[str] | None = None,
) -> RoundPot | None:
    """TM404, TM405: the payouts of a round's TROMP! pot from its ``calls`` (the record's, or
    those a live table made); None when a caller's hand is unknown.

    ``owner`` is the earlier Extreme caller whom the whole pot goes to (:func:`extreme_owner`);
    ``winners``, when given, the only players a call can pay (:func:`collectors`)."""
    won = dict.fromkeys(seats, 0)
    claims = []
    known = True
    for call in calls:
        player = call.player.value
        if player not in seats or call.phrase is None:
            continue  # a pass wins nothing and breaks no rule
        findings.judge("TM405")
        reason = None
        if not betting:
            reason = "the game is not played with TROMP! betting"
        elif player in out:
            reason = f"{player} is out of the round"
        elif player not in cards.secret or player not in cards.public:
            findings.unchecked(f"{player}'s TROMP! call (the hand is not revealed)")
            known = False
            continue
        else:
            name = category(cards.secret[player], cards.public[player])
            if name is None or _phrase(call.phrase) != _PHRASES[name]:
                reason = f"the hand is {shouted(name) if name else 'without a jack'}"
            elif winners is not None and not winners:
                findings.unchecked(f"{player}'s TROMP! winnings (the round's scores are not known)")
                known = False
            elif owner is None and (winners is None or player in winners):
                won[player] += _QUARTERS[name] * stake
                if name in ("extreme", "ultimate", "super"):
                    claims.append((player, name))
        if reason is not None:
            findings.add("TM405", call.span, player=player, phrase=call.phrase, reason=reason)
    if not known:
        return None
    if owner is not None and betting:
        return RoundPot({player: 4 * stake if player == owner else 0 for player in seats}, 0, ())
    left = max(4 * stake - sum(won.values()), 0)
    return RoundPot(won, left, tuple(claims))


def settle(
    pots: Sequence[RoundPot], best_round: dict[str, int], seats: Sequence[str]
) -> tuple[dict[str, int], str]:
    """TM406: the end-of-game settlement of the money left in the TROMP! pot, and how it went.

    ``best_round`` is each player's best score of a single round."""
    left = sum(p.left for p in pots)
    paid = dict.fromkeys(seats, 0)
    claims = [c for p in pots for c in p.claims]
    steps = []
    for name in ("extreme", "ultimate", "super"):
        for player, claim in claims:
            if claim != name or not left:
                continue
            amount = left // 4 if name == "super" else left
            paid[player] += amount
            left -= amount
            steps.append(f"{amount} to {player}'s {name.title()} Tromplemond")
    if left and best_round:
        best = max(best_round.values())
        winners = [p for p in seats if best_round.get(p) == best]
        share = left // len(winners)
        for player in winners:
            paid[player] += share
        steps.append(f"{share * len(winners)} left to the best round score of {best}")
    return paid, "; ".join(steps) or "nothing left"


def check_pot_lines(
    deals: Sequence[Deal],
    expected: Sequence[dict[str, int] | None],
    settlement: dict[str, int] | None,
    how: str,
    faulted: Sequence[bool],
    findings: Findings,
) -> None:
    """TM404, TM406: each round's ``pot`` line against its payouts; the last round's line
    includes the settlement when the game is over.  Whether the game is over depends on the
    totals of every round, so a fault in any round makes a finding of the last line a
    consequence, as it makes one of the settlement."""
    for index, (deal, won) in enumerate(zip(deals, expected, strict=False)):
        line = deal.find(Pot)
        if line is None or won is None:
            continue
        last = settlement is not None and index == len(deals) - 1
        findings.judge("TM404", "TM406" if last else None)
        written = {f.side_name: f for f in line.entries}
        for player, amount in won.items():
            extra = settlement.get(player, 0) if last and settlement is not None else 0
            figure = written.get(player)
            value = figure.value if figure is not None else 0
            if value == amount + extra:
                continue
            span = figure.span if figure is not None else line.span
            ack = figure.ack if figure is not None else False
            if extra or (last and value != amount):
                findings.add(
                    "TM406",
                    span,
                    ack=ack,
                    follows=any(faulted),
                    player=player,
                    expected=amount + extra,
                    reason=f"{amount} from the round and the settlement: {how}",
                    written=value,
                )
            else:
                findings.add(
                    "TM404",
                    span,
                    ack=ack,
                    follows=faulted[index] or (index == len(deals) - 1 and any(faulted)),
                    player=player,
                    expected=amount,
                    number=deal.number.value,
                    reason="the calls and hands of the round",
                    written=value,
                )
