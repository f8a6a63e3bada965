"""How fast trufspec reads a large file of fully recorded deals, against a floor measured in
the same run on the same bytes.

The file holds one game of four-player Truf deals, each recorded card by card: the hands, one-card
bids with their restated values, the contract, thirteen tricks in leader form and the figures
(about thirty lines a deal).  The deals are random but look legal: every card is dealt once,
players follow suit when they can, and each trick goes to its highest trump or highest card of
the suit led, so that the next trick is led by its winner.

The floor is the least any reader must do: split every line into tokens with one regular
expression that knows what a card looks like.  The ratio loads/floor says how much the parser,
the records and the comments cost on top of that, independently of the machine.

Run from the repository root: ``python benchmarks/parse.py [--deals N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import trufspec
except ImportError:  # a source checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import trufspec

from trufspec.cards import FULL_PACK, Card, Rank, Suit

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")
TOKEN = re.compile(r"(?:10|[2-9TJQKA])[SHDC]|[^\s]+")
RUNS = 3


def bid_value(card: Card) -> int:
    """A card's value as a bid: its pips, an ace one, a picture nothing."""
    if card.rank is Rank.ACE:
        return 1
    return 0 if card.rank.is_picture else int(card.rank)


def trick_winner(cards: list[Card], trump: Suit | None) -> int:
    """Index of the card that wins: the highest trump, else the highest card of the suit led."""
    led = cards[0].suit
    best = 0
    for i, card in enumerate(cards):
        top = cards[best]
        if card.suit == top.suit:
            if card.rank > top.rank:
                best = i
        elif card.suit == trump or (top.suit != trump and card.suit == led):
            best = i
    return best


def deal_text(number: int, rng: random.Random, totals: dict[str, int]) -> str:
    """One fully recorded deal; ``totals`` carries the running totals from deal to deal."""
    pack = list(FULL_PACK)
    rng.shuffle(pack)
    hands = {
        p: sorted(pack[13 * i : 13 * i + 13], key=lambda c: (-c.suit.index, -c.rank))
        for i, p in enumerate(PLAYERS)
    }
    dealer = PLAYERS[(number - 1) % 4]
    lines = [f"deal {number}", f"dealer {dealer}", "hands"]
    lines += [f"  {p + ':':<6} " + " ".join(map(str, hands[p])) for p in PLAYERS]

    bids = {p: rng.choice(hands[p]) for p in PLAYERS}
    lines.append("bids")
    for p in PLAYERS:
        lines.append(f"  {p + ':':<6} {bids[p]!s:<4} = {bid_value(bids[p])}")
    winner = max(PLAYERS, key=lambda p: (bid_value(bids[p]), bids[p].rank, bids[p].suit.index))
    trump = bids[winner].suit
    mode = "atas" if sum(bid_value(b) for b in bids.values()) >= 13 else "bawah"
    lines.append(f"contract {winner} trump {trump} {mode}")

    lines.append("play")
    held = {p: list(cards) for p, cards in hands.items()}
    taken = dict.fromkeys(PLAYERS, 0)
    leader = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
    for trick in range(1, 14):
        order = [PLAYERS[(PLAYERS.index(leader) + k) % 4] for k in range(4)]
        played: list[Card] = []
        for p in order:
            suited = [c for c in held[p] if played and c.suit == played[0].suit]
            card = rng.choice(suited or held[p])
            held[p].remove(card)
            played.append(card)
        leader = order[trick_winner(played, trump)]
        taken[leader] += 1
        note = (
            "  ; a trump wins it" if trick % 5 == 0 and any(c.suit == trump for c in played) else ""
        )
        lines.append(f"  {trick:>2}. {order[0] + ':':<6} " + " ".join(map(str, played)) + note)

    scores = {}
    for p in PLAYERS:
        miss = taken[p] - bid_value(bids[p])
        scores[p] = 10 + bid_value(bids[p]) if miss == 0 else -abs(miss)
    for p in PLAYERS:
        totals[p] += scores[p]
    lines.append("tricks " + " ".join(f"{p} {taken[p]}" for p in PLAYERS))
    lines.append("score  " + " ".join(f"{p} {scores[p]}" for p in PLAYERS))
    lines.append("total  " + " ".join(f"{p} {totals[p]}" for p in PLAYERS))
    if number % 10 == 0:
        lines.append(f"; end of round {number // 10}")
    return "\n".join(lines) + "\n"


def record_text(deals: int, seed: int) -> str:
    rng = random.Random(seed)
    totals = dict.fromkeys(PLAYERS, 0)
    head = (
        '[Event "Benchmark"]\n[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]  ; clockwise\n\n'
    )
    return head + "\n".join(deal_text(n, rng, totals) for n in range(1, deals + 1))


def floor(text: str) -> list[list[str]]:
    """The least a reader does: every line cut into card-aware tokens."""
    findall = TOKEN.findall
    return [findall(line) for line in text.splitlines()]


def best_time(work: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def peak_memory(work: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals in the generated file")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random deals")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bench.truf")
        Path(path).write_text(record_text(args.deals, args.seed), encoding="utf-8")
        data = Path(path).read_bytes()
    text = data.decode("utf-8")
    megabytes = len(data) / 1e6

    parsed = trufspec.loads(text)
    if not parsed.ok or len(parsed.games[0].deals) != args.deals:
        raise SystemExit(f"the generated file did not read cleanly: {parsed.diagnostics[:3]}")

    rows = []
    for label, work in (("loads", lambda: trufspec.loads(text)), ("floor", lambda: floor(text))):
        seconds = best_time(work)
        rows.append(
            (label, seconds, args.deals / seconds, megabytes / seconds, peak_memory(work) / 1e6)
        )

    print(
        f"{args.deals} deals, {text.count(chr(10))} lines, {megabytes:.1f} MB; best of {RUNS} runs"
    )
    print(f"{'':<7}{'time s':>9}{'deals/s':>11}{'MB/s':>8}{'peak MB':>10}")
    for label, seconds, deals_per_s, mb_per_s, peak in rows:
        print(f"{label:<7}{seconds:>9.3f}{deals_per_s:>11.0f}{mb_per_s:>8.2f}{peak:>10.1f}")
    print(
        f"loads/floor: {rows[0][1] / rows[1][1]:.1f}x time, {rows[0][4] / rows[1][4]:.1f}x peak memory"
    )


if __name__ == "__main__":
    main()
