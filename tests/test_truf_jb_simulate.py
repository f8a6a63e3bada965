"""The truf-jb simulator's bots play like people, not like dice.

Hands are measured here with the table's usual yardstick, high-card points (ace 4, king 3,
queen 2, jack 1), not with the bots' own reckoning, so the tests say something about the
bids the bots make rather than restate how they make them.
"""

from __future__ import annotations

import random
from statistics import mean

from oracle_truf_jb import GeneratedDeal, random_game

POINTS = {14: 4, 13: 3, 12: 2, 11: 1}


def points(hand: list[tuple[int, str]]) -> int:
    return sum(POINTS.get(rank, 0) for rank, _ in hand)


def bot_deals(count: int) -> list[GeneratedDeal]:
    """``count`` deals of seeded bot games, four players and three."""
    deals: list[GeneratedDeal] = []
    seed = 0
    while len(deals) < count:
        game = random_game(random.Random(seed), 4 if seed % 4 else 3, {}, 5, "full", bots=True)
        deals += game.deals
        seed += 1
    return deals[:count]


DEALS = bot_deals(200)


def test_the_bid_winner_holds_the_strongest_hand() -> None:
    winners = [points(d.hands[d.winner]) for d in DEALS]
    others = [points(d.hands[p]) for d in DEALS for p in d.hands if p != d.winner]
    assert mean(winners) > mean(others) + 2


def test_zero_bids_come_from_weak_hands() -> None:
    zero = [points(d.hands[b.player]) for d in DEALS for b in d.bids if b.value == 0]
    more = [points(d.hands[b.player]) for d in DEALS for b in d.bids if b.value > 0]
    assert len(zero) >= 5
    assert mean(zero) < mean(more) - 3


def test_the_bid_winner_names_a_long_suit_as_trumps() -> None:
    """The winner bids with cards of the suit they hold most of, so trumps are their long suit."""
    suited = [d for d in DEALS if d.trump != "NT"]
    assert len(suited) > 0.8 * len(DEALS)
    longest = 0
    for deal in suited:
        hand = deal.hands[deal.winner]
        lengths = {s: sum(1 for c in hand if c[1] == s) for s in "SHDC"}
        longest += lengths[deal.trump] == max(lengths.values())
    assert longest > 0.7 * len(suited)


def test_bots_make_their_bids_more_often_than_random_play() -> None:
    """Bots bid what their hand is worth, win tricks while short and duck once made: they hit
    their bid far more often than the uniform policy of the property tests (random bid cards,
    plainer play)."""
    made = mean(d.taken[p] == d.targets[p] for d in DEALS for p in d.hands)
    uniform = []
    for seed in range(50):
        game = random_game(random.Random(seed), 4, {}, 4, "full")
        uniform += [d.taken[p] == d.targets[p] for d in game.deals for p in d.hands]
    assert made > mean(uniform) + 0.1


def test_a_lone_minus_card_is_bid_only_where_it_counts_as_plus() -> None:
    """Under single-minus=positive (the default) bots now and then mark a lone bid card minus,
    as players do; under reject, which makes it an error, they never do."""
    lone = [b for d in DEALS for b in d.bids if len(b.cards) == 1 and b.minus]
    assert lone and all(b.value == b.raw >= 0 for b in lone)
    strict = [random_game(random.Random(seed), 4, {"single-minus": "reject"}, 5, "full", bots=True) for seed in range(20)]
    assert not [b for g in strict for d in g.deals for b in d.bids if len(b.cards) == 1 and b.minus]
