"""truf-jb against an independent oracle: random legal games, and single faults in them.

``oracle_truf_jb`` plays legal games of truf-jb from the rules of the source text,
with its own small implementation of bidding, play and scoring (nothing from
``trufspec.engine`` or ``trufspec.rulesets``), under every combination of the option grid of
``truf_games``.  Two kinds of properties:

1. every legal game, fully recorded or as a score sheet, checks without an error or a warning,
   and the validator's recomputed scores, totals and game winners are the oracle's;
2. one fault in a legal game is reported with exactly the expected clause on the expected line.
   Faults in the play are either *played* by the generator (a revoke, a trump led too early, a
   trick led by the wrong player), after which the game goes on legally and every later figure
   follows from the play as recorded, or *written* into a finished record (a card swapped
   between two tricks, a card the player does not hold), whose later figures then no longer
   follow: those findings must be marked consequential, so that the one real fault is the
   only non-consequential error.

Games for a mutation are found constructively: the test draws a seed and walks derived seeds
until a game offers the place the fault needs (a trick where a revoke is possible, a deal
whose bids tie, ...), instead of filtering with ``assume``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

import pytest
from budgets import examples
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from oracle_truf_jb import (
    Card,
    Fault,
    GeneratedBid,
    GeneratedDeal,
    GeneratedGame,
    GeneratedTrick,
    bid_raw,
    bid_value,
    random_game,
    render,
    score_of,
    seating,
)
from truf_games import jb_options, play_violations, trick_winners, truf_jb_games

import trufspec
from trufspec.diagnostics import Diagnostic, Severity
from trufspec.validator.report import FileReport

PATH = "generated.truf"
BAD = (Severity.ERROR, Severity.WARNING)

T = TypeVar("T")

Swap = tuple[int, int, int, int, bool]
"""Two cards of one player swapped between tricks: (trick, position, later trick, position,
whether trick winners change)."""
Replacement = tuple[int, int, Card, int | None]
"""A card put in place of a played card: (trick, position, card, line of the other occurrence
in the play or None)."""

# Mutation tests draw opaque seeds: shrinking them teaches nothing (a failure prints the whole
# record and every diagnostic) and takes minutes, so they do not shrink.
mutation_settings = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)


def problems(report: FileReport) -> list[Diagnostic]:
    return [d for d in report.diagnostics if d.severity in BAD]


def primary(report: FileReport) -> list[tuple[str, int]]:
    """The errors and warnings not marked as consequences of an earlier one, in text order."""
    return [(d.code, d.line) for d in problems(report) if not d.consequential]


def describe(report: FileReport) -> str:
    return "\n".join(
        f"  {d.line}:{d.column} {d.code} {d.severity.value}{' (consequential)' if d.consequential else ''}: {d.message}"
        for d in report.diagnostics
    )


def check(game: GeneratedGame, options: Mapping[str, str] | None = None) -> FileReport:
    return trufspec.check_text(game.text, PATH, options)


def assert_only(
    game: GeneratedGame, expected: list[tuple[str, int]], *, exact: bool = True
) -> None:
    """The first non-consequential error is ``expected[0]``, and the non-consequential errors
    are exactly ``expected``; with ``exact``, nothing else at all is reported (no error or
    warning, consequential or not)."""
    report = check(game)
    found = primary(report)
    context = f"\nexpected {expected}\nrecord:\n{game.text}\ndiagnostics:\n{describe(report)}"
    assert found, "no error reported" + context
    assert found[0] == expected[0], "wrong first error" + context
    assert sorted(found) == sorted(expected), "other non-consequential errors" + context
    if exact:
        assert len(problems(report)) == len(expected), "unexpected consequential errors" + context


def find_game(
    seed: int,
    want: Callable[[GeneratedGame], T],
    *,
    players: int,
    options: dict[str, str],
    deals: int,
    detail: str = "full",
    fault: Callable[[random.Random, int], Fault] | None = None,
    tries: int = 1000,
) -> tuple[GeneratedGame, T]:
    """The first game from seeds derived from ``seed`` for which ``want`` returns something
    truthy: (game, what want returned)."""
    for attempt in range(tries):
        rng = random.Random(seed * 7919 + attempt)
        made = fault(rng, deals) if fault is not None else None
        game = random_game(rng, players, options, deals, detail, fault=made)
        if made is not None and not made.played:
            continue
        found = want(game)
        if found:
            return game, found
    pytest.fail(f"no suitable game in {tries} tries (seed {seed})")


seeds = st.integers(0, 2**32 - 1)
player_counts = st.sampled_from([3, 4])
deal_counts = st.integers(1, 4)
details = st.sampled_from(["full", "score-sheet"])


# =============================================================================== the oracle


def test_oracle_bid_values() -> None:
    """rules-analysis part 5, JB vector 1."""
    assert bid_value([(7, "S")], frozenset()) == 7
    assert bid_value([(13, "H")], frozenset()) == 0
    assert bid_value([(13, "H"), (3, "H")], frozenset()) == 13
    assert bid_value([(9, "S"), (2, "S")], frozenset({1})) == 7
    assert bid_raw([(3, "C"), (13, "C")], frozenset({1})) == -7
    assert bid_value([(3, "C"), (13, "C")], frozenset({1})) == 0
    assert bid_value([(14, "D"), (11, "D")], frozenset()) == 11
    assert bid_value([(5, "D")], frozenset({0})) == 5  # a single card is always plus


def test_oracle_scores() -> None:
    """rules-analysis part 5, JB vector 4, and the zero-bid-miss readings."""
    assert score_of(4, 6, True, 4, "first-trick") == (-2, "JB404")
    assert score_of(4, 1, True, 4, "first-trick") == (-6, "JB404")
    assert score_of(4, 6, False, 4, "first-trick") == (-4, "JB405")
    assert score_of(4, 1, False, 4, "first-trick") == (-3, "JB405")
    assert score_of(4, 4, False, 4, "first-trick") == (4, "JB401")
    assert score_of(0, 0, True, 4, "first-trick") == (5, "JB402")
    assert score_of(0, 0, True, 3, "first-trick") == (7, "JB402")
    assert score_of(0, 3, True, 4, "first-trick") == (-7, "JB406")
    assert score_of(0, 3, False, 4, "first-trick") == (-9, "JB406")
    assert score_of(0, 3, False, 4, "all-tricks") == (-11, "JB406")
    assert score_of(0, 3, False, 4, "flat") == (-5, "JB406")
    assert score_of(-1, 0, False, 4, "first-trick") == (-2, "JB405")
    assert score_of(-1, 2, True, 4, "first-trick") == (-3, "JB404")


def test_generated_record_is_canonical() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        game = random_game(rng, 3 + seed % 2, {}, 2, "full" if seed % 3 else "score-sheet")
        assert trufspec.dumps(trufspec.loads(game.text).games) == game.text


# =============================================================================== 1. legal games


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    truf_jb_games(players=player_counts, options=jb_options(), deals=deal_counts, detail=details)
)
def test_legal_game_validates_with_the_oracles_figures(game: GeneratedGame) -> None:
    report = check(game)
    assert not problems(report), f"\n{game.text}\n{describe(report)}"
    (result,) = report.games
    assert {k: result.options[k] for k in game.options} == game.options
    assert [d.scores for d in result.deals] == [d.scores for d in game.deals], game.text
    assert [d.totals for d in result.deals] == [d.totals for d in game.deals], game.text
    assert result.winners == game.winners, game.text
    # The record is written canonically: the printer gives back the same bytes.
    assert trufspec.dumps(trufspec.loads(game.text).games) == game.text


@settings(max_examples=examples(40), deadline=None)
@given(
    truf_jb_games(players=player_counts, options=jb_options(), deals=deal_counts, detail=details)
)
def test_options_given_by_the_caller_act_as_the_options_tag(game: GeneratedGame) -> None:
    """The same game without its [Options] tag, the options passed to check_text instead."""
    bare = game.copy()
    bare.options_tag = False
    render(bare)
    assert "[Options" not in bare.text
    report = trufspec.check_text(bare.text, PATH, game.tag_options)
    assert not problems(report), f"\n{bare.text}\n{describe(report)}"
    assert [d.totals for d in report.games[0].deals] == [d.totals for d in game.deals]


# =============================================================================== 2. faults played


def _played_fault(
    kind: str, trick: Callable[[random.Random], int]
) -> Callable[[random.Random, int], Fault]:
    def make(rng: random.Random, deals: int) -> Fault:
        return Fault(kind, deal=rng.randrange(deals), trick=trick(rng))

    return make


def _fault_line(game: GeneratedGame) -> tuple[str, int]:
    fault = game.fault
    assert fault is not None and fault.played
    return fault.code, game.lines[fault.at_deal].tricks_played[fault.at_trick]


@mutation_settings
@given(seeds, player_counts, jb_options(), deal_counts)
def test_revoke_played(seed: int, players: int, options: dict[str, str], deals: int) -> None:
    """A follower who holds the suit led plays another suit (JB305); play goes on legally."""
    game, _ = find_game(
        seed,
        lambda g: True,
        players=players,
        options=options,
        deals=deals,
        fault=_played_fault("revoke", lambda rng: rng.randrange(10)),
    )
    assert_only(game, [_fault_line(game)])


@mutation_settings
@given(seeds, player_counts, jb_options(), deal_counts)
def test_trump_led_before_trumps_are_broken(
    seed: int, players: int, options: dict[str, str], deals: int
) -> None:
    """A leader holding other suits leads a trump before any trump broke them (JB303)."""
    game, _ = find_game(
        seed,
        lambda g: True,
        players=players,
        options=options,
        deals=deals,
        fault=_played_fault("trump-lead", lambda rng: rng.randrange(6)),
    )
    assert_only(game, [_fault_line(game)])


@mutation_settings
@given(seeds, player_counts, jb_options(), deal_counts, st.booleans())
def test_trick_led_by_the_wrong_player(
    seed: int, players: int, options: dict[str, str], deals: int, first: bool
) -> None:
    """Trick 1 not led by the bid winner (JB301), or a later trick not led by the winner of the
    one before (JB302); the tricks are otherwise legal and the figures follow the play."""
    game, _ = find_game(
        seed,
        lambda g: True,
        players=players,
        options=options,
        deals=deals,
        fault=_played_fault(
            "wrong-leader", (lambda rng: 0) if first else (lambda rng: 1 + rng.randrange(12))
        ),
    )
    code, line = _fault_line(game)
    assert code == ("JB301" if first else "JB302")
    assert_only(game, [(code, line)])


# =============================================================================== 3. faults written


def _play_state(
    deal: GeneratedDeal, players: tuple[str, ...], options: dict[str, str]
) -> Iterator[tuple[GeneratedTrick, list[str], dict[str, list[Card]]]]:
    """For each trick, who plays each card, and each player's hand before the trick."""
    holding = {p: list(deal.hands[p]) for p in players}
    for trick in deal.tricks:
        order = seating(players, trick.leader, options)
        yield trick, order, {p: list(h) for p, h in holding.items()}
        for player, card in zip(order, trick.cards):
            holding[player].remove(card)


def _swap_revokes(game: GeneratedGame, deal_index: int) -> list[Swap]:
    """Every swap of two cards of one player between tricks t < u that makes a revoke in trick
    t and nothing else illegal: (t, position, u, position, whether trick winners change)."""
    players = game.players
    deal = game.deals[deal_index]
    states = list(_play_state(deal, players, game.options))
    winners = [t.winner for t in deal.tricks]
    found: list[Swap] = []
    for t, (trick, order, _) in enumerate(states):
        led = trick.cards[0][1]
        for i in range(1, len(players)):
            player, card = order[i], trick.cards[i]
            if card[1] != led:
                continue
            for u in range(t + 1, len(states)):
                later, later_order, _ = states[u]
                j = later_order.index(player)
                if j == 0 or later.cards[j][1] == led:
                    continue
                tricks = [GeneratedTrick(x.leader, list(x.cards), x.winner) for x in deal.tricks]
                tricks[t].cards[i], tricks[u].cards[j] = tricks[u].cards[j], tricks[t].cards[i]
                if play_violations(players, deal.hands, tricks, deal.trump, game.options) != [
                    (t, i, "JB305")
                ]:
                    continue
                changed = trick_winners(players, tricks, deal.trump, game.options) != winners
                found.append((t, i, u, j, changed))
    return found


def _apply_swap(
    game: GeneratedGame, deal_index: int, t: int, i: int, u: int, j: int
) -> GeneratedGame:
    mutated = game.copy()
    tricks = mutated.deals[deal_index].tricks
    tricks[t].cards[i], tricks[u].cards[j] = tricks[u].cards[j], tricks[t].cards[i]
    return render(mutated)


@mutation_settings
@given(seeds, player_counts, jb_options(), deal_counts, st.randoms(use_true_random=False))
def test_revoke_by_swapping_two_cards_winners_unchanged(
    seed: int, players: int, options: dict[str, str], deals: int, pick: random.Random
) -> None:
    """Two cards of one player swapped between tricks so that the first becomes a revoke and
    every trick keeps its winner: the revoke is the only thing wrong."""

    def want(g: GeneratedGame) -> list[Swap]:
        return [s for s in _swap_revokes(g, len(g.deals) - 1) if not s[4]]

    game, swaps = find_game(seed, want, players=players, options=options, deals=deals)
    t, i, u, j, _ = pick.choice(swaps)
    deal_index = len(game.deals) - 1
    mutated = _apply_swap(game, deal_index, t, i, u, j)
    assert_only(mutated, [("JB305", mutated.lines[deal_index].tricks_played[t])])


@mutation_settings
@given(seeds, player_counts, jb_options(), deal_counts, st.randoms(use_true_random=False))
def test_revoke_by_swapping_two_cards_consequences(
    seed: int, players: int, options: dict[str, str], deals: int, pick: random.Random
) -> None:
    """As above, but the swap changes who wins tricks, so that the later leaders, the tricks
    taken, the scores and the totals of the record no longer follow from its play: the
    revoke must be the only error not marked consequential.  The later card of the swap is
    not in the last trick, so that every trick whose winner changes is followed by a lead that
    shows whom the table gave it to, which is what makes the tricks taken a consequence."""

    def want(g: GeneratedGame) -> list[Swap]:
        last = len(g.deals[-1].tricks) - 1
        return [s for s in _swap_revokes(g, len(g.deals) - 1) if s[4] and s[2] < last]

    game, swaps = find_game(seed, want, players=players, options=options, deals=deals)
    t, i, u, j, _ = pick.choice(swaps)
    deal_index = len(game.deals) - 1
    mutated = _apply_swap(game, deal_index, t, i, u, j)
    assert_only(mutated, [("JB305", mutated.lines[deal_index].tricks_played[t])], exact=False)


def _replacements(game: GeneratedGame, deal_index: int, source: str) -> list[Replacement]:
    """Cards to put in place of a played card that its player does not hold: (trick, position,
    card, line of the other occurrence in the play or None)."""
    players = game.players
    deal = game.deals[deal_index]
    lines = game.lines[deal_index].tricks_played
    states = list(_play_state(deal, players, game.options))
    played_at = {c: n for n, trick in enumerate(deal.tricks) for c in trick.cards}
    found: list[Replacement] = []
    for t, (_trick, order, holding) in enumerate(states):
        for i, player in enumerate(order):
            if source == "earlier":
                options = [c for n in range(t) for c in deal.tricks[n].cards]
                found += [(t, i, c, None) for c in options]
            elif source == "other-hand":
                options = [
                    c for p in players if p != player for c in holding[p] if played_at[c] > t
                ]
                found += [(t, i, c, lines[played_at[c]]) for c in options]
            elif source == "undealt" and deal.undealt is not None:
                found.append((t, i, deal.undealt, None))
    return found


@mutation_settings
@given(
    seeds,
    player_counts,
    jb_options(),
    deal_counts,
    st.sampled_from(["earlier", "other-hand", "undealt"]),
    st.randoms(use_true_random=False),
)
def test_card_not_held(
    seed: int, players: int, options: dict[str, str], deals: int, source: str, pick: random.Random
) -> None:
    """A played card replaced by one the player does not hold: a card played in an earlier
    trick, a card another player still holds (and plays later), or the undealt card of a
    three-player deal (JB306).  The card then stands twice in the play (REC013 on its second
    appearance) unless it is the undealt card; everything after the fault in the deal is a
    consequence."""
    if source == "undealt":
        players = 3
    game, places = find_game(
        seed,
        lambda g: _replacements(g, len(g.deals) - 1, source),
        players=players,
        options=options,
        deals=deals,
    )
    t, i, card, other_line = pick.choice(places)
    deal_index = len(game.deals) - 1
    mutated = game.copy()
    mutated.deals[deal_index].tricks[t].cards[i] = card
    render(mutated)
    line = mutated.lines[deal_index].tricks_played[t]
    expected = [("JB306", line)]
    if source == "earlier":
        expected.append(("REC013", line))
    elif source == "other-hand":
        assert other_line is not None
        expected.append(("REC013", other_line))
    assert_only(mutated, expected, exact=False)


@mutation_settings
@given(seeds, st.integers(2, 4), jb_options(), st.randoms(use_true_random=False))
def test_consequences_of_a_play_fault_stay_in_their_deal(
    seed: int, deals: int, options: dict[str, str], pick: random.Random
) -> None:
    """A card taken from another player's hand in the first deal changes who wins its tricks;
    the scores and totals written for that deal no longer follow, and neither do the totals of
    every later deal.  Only the fault itself (and the duplicate card) is non-consequential."""

    def want(g: GeneratedGame) -> list[Replacement]:
        choices: list[Replacement] = []
        for t, i, card, other_line in _replacements(g, 0, "other-hand"):
            tricks = [GeneratedTrick(x.leader, list(x.cards), x.winner) for x in g.deals[0].tricks]
            tricks[t].cards[i] = card
            if (
                trick_winners(g.players, tricks, g.deals[0].trump, g.options)[t]
                != g.deals[0].tricks[t].winner
            ):
                choices.append((t, i, card, other_line))
        return choices

    game, places = find_game(seed, want, players=4, options=options, deals=deals)
    t, i, card, other_line = pick.choice(places)
    assert other_line is not None
    mutated = game.copy()
    mutated.deals[0].tricks[t].cards[i] = card
    render(mutated)
    assert_only(
        mutated, [("JB306", mutated.lines[0].tricks_played[t]), ("REC013", other_line)], exact=False
    )


# ----------------------------------------------------------------------------- written figures


def _card_bids(game: GeneratedGame, negative: bool) -> list[tuple[int, GeneratedBid]]:
    return [
        (n, b)
        for n, d in enumerate(game.deals)
        for b in d.bids
        if not b.as_number and (b.raw < 0) == negative
    ]


@mutation_settings
@given(
    seeds,
    player_counts,
    jb_options(),
    deal_counts,
    details,
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_wrong_restated_bid_value(
    seed: int,
    players: int,
    options: dict[str, str],
    deals: int,
    detail: str,
    negative: bool,
    pick: random.Random,
) -> None:
    """``= v`` after a bid's cards is not their value: JB213, or JB204 when the signed sum is
    below zero (the bid counts as 0)."""
    game, bids = find_game(
        seed,
        lambda g: _card_bids(g, negative),
        players=players,
        options=options,
        deals=deals,
        detail=detail,
    )
    deal_index, bid = pick.choice(bids)
    mutated = game.copy()
    target = next(b for b in mutated.deals[deal_index].bids if b.player == bid.player)
    target.written_value = (
        bid.value + pick.choice([1, 2, 3, 10])
        if bid.value < 2 or pick.random() < 0.5
        else bid.value - 1
    )
    render(mutated)
    assert_only(
        mutated, [("JB204" if negative else "JB213", mutated.lines[deal_index].bids[bid.player])]
    )


@mutation_settings
@given(seeds, player_counts, jb_options(), deal_counts, st.randoms(use_true_random=False))
def test_wrong_tricks_taken(
    seed: int, players: int, options: dict[str, str], deals: int, pick: random.Random
) -> None:
    """A player's tricks written differently from the play (JB407)."""
    game, _ = find_game(seed, lambda g: True, players=players, options=options, deals=deals)
    deal_index = pick.randrange(len(game.deals))
    player = pick.choice(game.players)
    mutated = game.copy()
    deal = mutated.deals[deal_index]
    taken = deal.taken[player]
    deal.written_taken[player] = taken + 1 if taken == 0 or pick.random() < 0.5 else taken - 1
    render(mutated)
    assert_only(mutated, [("JB407", mutated.lines[deal_index].tricks)])


@mutation_settings
@given(
    seeds,
    player_counts,
    jb_options(),
    deal_counts,
    details,
    st.sampled_from(["JB401", "JB402", "JB404", "JB405", "JB406"]),
    st.randoms(use_true_random=False),
)
def test_wrong_score(
    seed: int,
    players: int,
    options: dict[str, str],
    deals: int,
    detail: str,
    clause: str,
    pick: random.Random,
) -> None:
    """A wrong score is reported under the clause that fixes the right one: JB401 an exact bid,
    JB402 a zero bid made, JB404 / JB405 a bid missed in a high / low game, JB406 a zero bid
    missed."""

    def want(g: GeneratedGame) -> list[tuple[int, str]]:
        return [(n, p) for n, d in enumerate(g.deals) for p in g.players if d.clauses[p] == clause]

    game, places = find_game(
        seed, want, players=players, options=options, deals=deals, detail=detail
    )
    deal_index, player = pick.choice(places)
    mutated = game.copy()
    deal = mutated.deals[deal_index]
    deal.written_scores[player] = deal.scores[player] + pick.choice([-2, -1, 1, 3])
    render(mutated)
    assert_only(mutated, [(clause, mutated.lines[deal_index].score)])


@mutation_settings
@given(seeds, player_counts, jb_options(), deal_counts, details, st.randoms(use_true_random=False))
def test_wrong_total(
    seed: int, players: int, options: dict[str, str], deals: int, detail: str, pick: random.Random
) -> None:
    """A running total that is not the previous total plus the score (JB409)."""
    game, _ = find_game(
        seed, lambda g: True, players=players, options=options, deals=deals, detail=detail
    )
    deal_index = pick.randrange(len(game.deals))
    player = pick.choice(game.players)
    mutated = game.copy()
    deal = mutated.deals[deal_index]
    deal.written_totals[player] = deal.totals[player] + pick.choice([-10, -1, 1, 2])
    render(mutated)
    assert_only(mutated, [("JB409", mutated.lines[deal_index].total)])


@mutation_settings
@given(
    seeds,
    player_counts,
    jb_options(),
    deal_counts,
    details,
    st.sampled_from(["JB205", "JB206", "JB207"]),
    st.randoms(use_true_random=False),
)
def test_wrong_contract_winner(
    seed: int,
    players: int,
    options: dict[str, str],
    deals: int,
    detail: str,
    clause: str,
    pick: random.Random,
) -> None:
    """The contract names a player who did not win the bidding: JB205 when one bid was the
    highest, JB206 when equal bids were decided by fewer cards, JB207 by the highest card."""

    def want(g: GeneratedGame) -> list[int]:
        return [n for n, d in enumerate(g.deals) if d.decided_by == clause and d.winner_checkable]

    game, deals_found = find_game(
        seed, want, players=players, options=options, deals=deals, detail=detail
    )
    deal_index = pick.choice(deals_found)
    mutated = game.copy()
    deal = mutated.deals[deal_index]
    deal.written_winner = pick.choice([p for p in game.players if p != deal.winner])
    render(mutated)
    assert_only(mutated, [(clause, mutated.lines[deal_index].contract)], exact=False)


@mutation_settings
@given(seeds, player_counts, jb_options(), deal_counts, details, st.randoms(use_true_random=False))
def test_wrong_trump(
    seed: int, players: int, options: dict[str, str], deals: int, detail: str, pick: random.Random
) -> None:
    """The contract restates a trump other than the one the winning bid gives (JB208).

    Only deals whose bids are all written as cards: with a bid written as a number the winner,
    and so the trump, cannot be recomputed, and the play is judged under the written trump."""

    def want(g: GeneratedGame) -> list[int]:
        return [n for n, d in enumerate(g.deals) if not any(b.as_number for b in d.bids)]

    game, deals_found = find_game(
        seed, want, players=players, options=options, deals=deals, detail=detail
    )
    deal_index = pick.choice(deals_found)
    mutated = game.copy()
    deal = mutated.deals[deal_index]
    deal.written_trump = pick.choice([t for t in ("S", "H", "D", "C", "NT") if t != deal.trump])
    render(mutated)
    assert_only(mutated, [("JB208", mutated.lines[deal_index].contract)], exact=False)


@mutation_settings
@given(seeds, player_counts, jb_options(), deal_counts, details, st.randoms(use_true_random=False))
def test_wrong_mode(
    seed: int, players: int, options: dict[str, str], deals: int, detail: str, pick: random.Random
) -> None:
    """A high game written bawah (JB210) or a low game written atas (JB211)."""

    def want(g: GeneratedGame) -> list[int]:
        return [n for n, d in enumerate(g.deals) if not d.even]

    game, deals_found = find_game(
        seed, want, players=players, options=options, deals=deals, detail=detail
    )
    deal_index = pick.choice(deals_found)
    mutated = game.copy()
    deal = mutated.deals[deal_index]
    deal.written_mode = "bawah" if deal.high else "atas"
    render(mutated)
    assert_only(mutated, [("JB210" if deal.high else "JB211", mutated.lines[deal_index].contract)])


@mutation_settings
@given(
    seeds,
    player_counts,
    jb_options().filter(lambda o: o["even-adjust-scope"] != "mode-only"),
    deal_counts,
    details,
    st.randoms(use_true_random=False),
)
def test_even_game_mode_against_its_adjustment(
    seed: int, players: int, options: dict[str, str], deals: int, detail: str, pick: random.Random
) -> None:
    """An even game adjusted +1 written bawah, or -1 written atas (JB212)."""

    def want(g: GeneratedGame) -> list[int]:
        return [n for n, d in enumerate(g.deals) if d.even]

    game, deals_found = find_game(
        seed, want, players=players, options=options, deals=deals, detail=detail
    )
    deal_index = pick.choice(deals_found)
    mutated = game.copy()
    deal = mutated.deals[deal_index]
    deal.written_mode = "bawah" if deal.high else "atas"
    render(mutated)
    assert_only(mutated, [("JB212", mutated.lines[deal_index].contract)])
