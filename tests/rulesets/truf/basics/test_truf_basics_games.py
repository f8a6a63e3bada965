"""truf-basics against an independent oracle: random legal games, and single faults in them.

``truf_basics_games`` plays legal games from the rules of "Truf: The Basics" with its own small
implementation (nothing from ``trufspec.engine`` or ``trufspec.rulesets``), under every
combination of the option grid.  Legal games, fully recorded or as score sheets, must check
without an error or a warning and with the oracle's scores, totals and winners; one fault in a
legal game must be reported with exactly the expected clause on the expected line.  Faults are
either played by the generator (a revoke, a wrong leader, a trump led too early), after which
the game goes on legally, or written into a finished record (a wrong figure or restated
value, an invalid declaration, a card played twice, an adjustment of the targets, a wrong
Winner tag, a seventh round).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from statistics import mean
from typing import TypeVar

import pytest
from budgets import examples
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from truf_basics_games import (
    PLAYERS,
    Card,
    Fault,
    GeneratedDeal,
    GeneratedDeclaration,
    GeneratedGame,
    basics_options,
    card_value,
    declaration_target,
    random_game,
    render,
    score_of,
    truf_basics_games,
    winner_of,
)

import trufspec
from trufspec.diagnostics import Diagnostic, Severity
from trufspec.validator.report import FileReport

PATH = "generated.truf"
BAD = (Severity.ERROR, Severity.WARNING)

T = TypeVar("T")

InvalidPair = tuple[list[Card], str, str]
"""A two-card declaration that breaks its table row: (cards, form, clause)."""

mutation_settings = settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
seeds = st.integers(0, 2**32 - 1)
deal_counts = st.integers(1, 6)
details = st.sampled_from(["full", "score-sheet"])


def problems(report: FileReport) -> list[Diagnostic]:
    return [d for d in report.diagnostics if d.severity in BAD]


def describe(report: FileReport) -> str:
    return "\n".join(
        f"  {d.line}:{d.column} {d.code} {d.severity.value}{' (consequential)' if d.consequential else ''}: {d.message}"
        for d in report.diagnostics
    )


def assert_only(
    game: GeneratedGame, expected: list[tuple[str, int]], *, exact: bool = True
) -> None:
    """The non-consequential errors are exactly ``expected``; with ``exact``, nothing else is
    reported at all (no error or warning, consequential or not)."""
    report = trufspec.check_text(game.text, PATH)
    found = [(d.code, d.line) for d in problems(report) if not d.consequential]
    context = f"\nexpected {expected}\nrecord:\n{game.text}\ndiagnostics:\n{describe(report)}"
    assert sorted(found) == sorted(expected), context
    if exact:
        assert len(problems(report)) == len(expected), "unexpected consequential errors" + context


def find_game(
    seed: int,
    want: Callable[[GeneratedGame], T],
    *,
    options: dict[str, str],
    deals: int,
    detail: str = "full",
    fault: Callable[[random.Random, int], Fault] | None = None,
    tries: int = 400,
) -> tuple[GeneratedGame, T]:
    """The first game from seeds derived from ``seed`` for which ``want`` returns something
    truthy: (game, what want returned)."""
    for attempt in range(tries):
        rng = random.Random(seed * 7919 + attempt)
        made = fault(rng, deals) if fault is not None else None
        game = random_game(rng, options, deals, detail, fault=made, bots=False)
        if made is not None and not made.played:
            continue
        found = want(game)
        if found:
            return game, found
    pytest.fail(f"no suitable game in {tries} tries (seed {seed})")


# =============================================================================== the oracle


def test_oracle_declaration_table() -> None:
    """rules-analysis part 5, MT vector 1: the declaration table."""
    assert declaration_target([(2, "S"), (3, "S")], "sum") == 5
    assert declaration_target([(3, "S"), (2, "S")], "subtract") == 1
    assert declaration_target([(9, "H"), (13, "C")], "no-truf") == 9
    assert declaration_target([(10, "S"), (13, "S")], "subtract") == 10
    assert card_value((14, "S")) == 1 and card_value((12, "D")) == 0


def test_oracle_scores() -> None:
    """rules-analysis part 5, MT vector 3."""
    assert score_of(5, 7, True, 9) == (-2, "TB402")
    assert score_of(5, 3, True, 9) == (-4, "TB402")
    assert score_of(5, 7, False, 9) == (-4, "TB403")
    assert score_of(5, 3, False, 9) == (-2, "TB403")
    assert score_of(0, 0, True, 8) == (8, "TB404")
    assert score_of(0, 2, True, 8) == (-4, "TB405")
    assert score_of(0, 2, False, 8) == (-6, "TB405")


def test_oracle_tiebreaks() -> None:
    """rules-analysis part 5, MT vector 2."""

    def d(player: str, cards: list[Card], form: str) -> GeneratedDeclaration:
        return GeneratedDeclaration(player, cards, form, declaration_target(cards, form))

    low = [d("Citra", [(2, "D")], "one"), d("Dewi", [(3, "D")], "one")]
    assert winner_of(
        [d("Ana", [(7, "S")], "one"), d("Budi", [(4, "H"), (3, "D")], "no-truf"), *low],
        "cards-value-rank",
    )[:2] == ("Ana", {"Budi": "TB208", "Citra": "TB207", "Dewi": "TB207"})
    assert (
        winner_of(
            [d("Ana", [(7, "D")], "one"), d("Budi", [(7, "C")], "one"), *low], "cards-value-rank"
        )[0]
        == "Budi"
    )
    assert (
        winner_of(
            [d("Ana", [(7, "S")], "one"), d("Budi", [(4, "S"), (3, "S")], "sum"), *low],
            "cards-value-rank",
        )[0]
        == "Ana"
    )


@pytest.mark.slow
def test_the_bots_declare_from_their_hands_and_play_to_their_targets() -> None:
    """The simulator's bots are not noise: over 200 seeded deals the bid winner holds more
    aces and kings than the others, a zero target comes from a weak hand, and the bots hit
    their targets far more often, and miss them by less, than players declaring and playing
    at random."""

    def high_cards(hand: list[Card]) -> int:
        return sum(1 for card in hand if card[0] >= 13)

    def deals(bots: bool) -> list[GeneratedDeal]:
        return [
            d for n in range(200) for d in random_game(random.Random(f"bots:{n}"), bots=bots).deals
        ]

    played = deals(True)
    declared = [(deal, d) for deal in played for d in deal.declarations]
    winners = mean(high_cards(deal.hands[deal.winner]) for deal in played)
    others = mean(
        high_cards(deal.hands[d.player]) for deal, d in declared if d.player != deal.winner
    )
    assert winners > others + 1
    zero = [high_cards(deal.hands[d.player]) for deal, d in declared if d.target == 0]
    assert zero and mean(zero) < mean(
        high_cards(deal.hands[d.player]) for deal, d in declared if d.target > 0
    )
    at_random = [(deal, d) for deal in deals(False) for d in deal.declarations]
    measure: Callable[[GeneratedDeal, GeneratedDeclaration], float]
    for measure in (
        lambda deal, d: deal.taken[d.player] == d.target,
        lambda deal, d: -abs(deal.taken[d.player] - d.target),
    ):
        assert mean(measure(*x) for x in declared) > mean(measure(*x) for x in at_random)
    assert 0.25 < mean(deal.high for deal in played) < 0.75  # both modes come up


@pytest.mark.slow
def test_a_seed_plays_the_same_game_in_every_process() -> None:
    """A simulated game depends on its seed alone, not on how the process hashes strings."""
    command = [sys.executable, "-m", "trufspec", "simulate", "truf-basics", "--seed", "4"]
    played = {
        subprocess.run(
            command,
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(played) == 1


# =============================================================================== legal games


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(truf_basics_games())
def test_legal_game_validates_with_the_oracles_figures(game: GeneratedGame) -> None:
    report = trufspec.check_text(game.text, PATH)
    assert not problems(report), f"\n{game.text}\n{describe(report)}"
    (result,) = report.games
    assert {k: result.options[k] for k in game.options} == game.options
    assert [d.scores for d in result.deals] == [d.scores for d in game.deals], game.text
    assert [d.totals for d in result.deals] == [d.totals for d in game.deals], game.text
    assert result.winners == game.winners, game.text
    incomplete = [d for d in report.diagnostics if d.code == "TB503"]
    assert len(incomplete) == (len(game.deals) < 6)
    assert trufspec.dumps(trufspec.loads(game.text).games) == game.text


# =============================================================================== faults played


def _played(
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
@given(seeds, basics_options(), deal_counts)
def test_revoke_played(seed: int, options: dict[str, str], deals: int) -> None:
    """A follower who holds the suit led plays another suit (TB303)."""
    game, _ = find_game(
        seed, bool, options=options, deals=deals, fault=_played("revoke", lambda r: r.randrange(10))
    )
    assert_only(game, [_fault_line(game)])


@mutation_settings
@given(seeds, basics_options(), deal_counts, st.booleans())
def test_trick_led_by_the_wrong_player(
    seed: int, options: dict[str, str], deals: int, first: bool
) -> None:
    """Trick 1 not led by the bid winner (TB301), or a later trick not led by the winner of the
    one before (TB302)."""
    trick = (lambda r: 0) if first else (lambda r: 1 + r.randrange(12))
    game, _ = find_game(
        seed, bool, options=options, deals=deals, fault=_played("wrong-leader", trick)
    )
    code, line = _fault_line(game)
    assert code == ("TB301" if first else "TB302")
    assert_only(game, [(code, line)])


@mutation_settings
@given(seeds, basics_options(), deal_counts)
def test_trump_led_too_early_under_until_broken(
    seed: int, options: dict[str, str], deals: int
) -> None:
    """Under trump-lead=until-broken a trump led before any trump was played (TB308)."""
    options = {**options, "trump-lead": "until-broken"}
    game, _ = find_game(
        seed,
        bool,
        options=options,
        deals=deals,
        fault=_played("trump-lead", lambda r: r.randrange(6)),
    )
    assert_only(game, [_fault_line(game)])


def test_the_same_trump_lead_is_free_by_default() -> None:
    """The source puts no limit on leading trumps: the game above is legal under the default."""
    game, _ = find_game(
        11,
        bool,
        options={"trump-lead": "until-broken"},
        deals=2,
        fault=_played("trump-lead", lambda r: 0),
    )
    assert not problems(
        trufspec.check_text(game.text.replace('[Options "trump-lead=until-broken"]\n', ""), PATH)
    )


# =============================================================================== faults written


@mutation_settings
@given(seeds, basics_options(), deal_counts, details, st.randoms(use_true_random=False))
def test_wrong_restated_target(
    seed: int, options: dict[str, str], deals: int, detail: str, pick: random.Random
) -> None:
    """``= v`` after a declaration's cards is not their target (TB206)."""

    def want(g: GeneratedGame) -> list[tuple[int, str]]:
        return [
            (n, d.player)
            for n, deal in enumerate(g.deals)
            for d in deal.declarations
            if not d.as_number
        ]

    game, places = find_game(seed, want, options=options, deals=deals, detail=detail)
    index, player = pick.choice(places)
    mutated = game.copy()
    declaration = next(d for d in mutated.deals[index].declarations if d.player == player)
    declaration.written_target = declaration.target + pick.choice([-1, 1, 2])
    render(mutated)
    assert_only(mutated, [("TB206", mutated.lines[index].bids[player])])


@mutation_settings
@given(seeds, basics_options(), deal_counts, st.randoms(use_true_random=False))
def test_wrong_tricks_taken(
    seed: int, options: dict[str, str], deals: int, pick: random.Random
) -> None:
    """A player's tricks written differently from the play (TB406)."""
    game, _ = find_game(seed, bool, options=options, deals=deals)
    index, player = pick.randrange(deals), pick.choice(PLAYERS)
    mutated = game.copy()
    taken = mutated.deals[index].taken[player]
    mutated.deals[index].written_taken[player] = (
        taken + 1 if taken == 0 or pick.random() < 0.5 else taken - 1
    )
    render(mutated)
    assert_only(mutated, [("TB406", mutated.lines[index].tricks)])


@mutation_settings
@given(
    seeds,
    basics_options(),
    deal_counts,
    details,
    st.sampled_from(["TB401", "TB402", "TB403", "TB404", "TB405"]),
    st.randoms(use_true_random=False),
)
def test_wrong_score(
    seed: int, options: dict[str, str], deals: int, detail: str, clause: str, pick: random.Random
) -> None:
    """A wrong score is reported under the clause that fixes the right one."""

    def want(g: GeneratedGame) -> list[tuple[int, str]]:
        return [(n, p) for n, d in enumerate(g.deals) for p in PLAYERS if d.clauses[p] == clause]

    game, places = find_game(seed, want, options=options, deals=deals, detail=detail, tries=2000)
    index, player = pick.choice(places)
    mutated = game.copy()
    mutated.deals[index].written_scores[player] = game.deals[index].scores[player] + pick.choice(
        [-2, -1, 1, 3]
    )
    render(mutated)
    assert_only(mutated, [(clause, mutated.lines[index].score)])


@mutation_settings
@given(seeds, basics_options(), deal_counts, details, st.randoms(use_true_random=False))
def test_wrong_total(
    seed: int, options: dict[str, str], deals: int, detail: str, pick: random.Random
) -> None:
    """A running total that is not the previous total plus the score (TB408)."""
    game, _ = find_game(seed, bool, options=options, deals=deals, detail=detail)
    index, player = pick.randrange(deals), pick.choice(PLAYERS)
    mutated = game.copy()
    mutated.deals[index].written_totals[player] = game.deals[index].totals[player] + pick.choice(
        [-10, -1, 1, 2]
    )
    render(mutated)
    assert_only(mutated, [("TB408", mutated.lines[index].total)])


@mutation_settings
@given(
    seeds,
    basics_options(),
    deal_counts,
    details,
    st.sampled_from(["TB207", "TB208", "TB209", "TB210", "TB211"]),
    st.randoms(use_true_random=False),
)
def test_wrong_contract_winner(
    seed: int, options: dict[str, str], deals: int, detail: str, clause: str, pick: random.Random
) -> None:
    """The contract names a declarer who did not win the bid; the finding cites the rule that
    beat that declarer: a lower target (TB207), NO TRUF against a suit (TB208), a lower suit
    (TB209), the NO TRUF tie (TB210) or the same-suit tie (TB211)."""

    def want(g: GeneratedGame) -> list[tuple[int, str]]:
        return [
            (n, p)
            for n, d in enumerate(g.deals)
            if d.winner_checkable
            for p, code in d.beaten.items()
            if code == clause
        ]

    game, places = find_game(seed, want, options=options, deals=deals, detail=detail, tries=3000)
    index, player = pick.choice(places)
    mutated = game.copy()
    mutated.deals[index].written_winner = player
    render(mutated)
    assert_only(mutated, [(clause, mutated.lines[index].contract)], exact=False)


@mutation_settings
@given(seeds, basics_options(), deal_counts, details, st.randoms(use_true_random=False))
def test_wrong_trump(
    seed: int, options: dict[str, str], deals: int, detail: str, pick: random.Random
) -> None:
    """The contract states a trump the winning declaration does not make (TB212)."""

    def want(g: GeneratedGame) -> list[tuple[int, str]]:
        found: list[tuple[int, str]] = []
        for n, d in enumerate(g.deals):
            if any(x.as_number for x in d.declarations) or not d.winner_checkable:
                continue
            right = next(x for x in d.declarations if x.player == d.winner)
            truth = "NT" if right.form == "no-truf" else right.suit
            wrong = [
                t
                for t in ("S", "H", "D", "C", "NT")
                if t != truth and not (t == "NT" and options["no-truf-by-choice"] == "yes")
            ]
            found += [(n, t) for t in wrong]
        return found

    game, places = find_game(seed, want, options=options, deals=deals, detail=detail)
    index, trump = pick.choice(places)
    mutated = game.copy()
    mutated.deals[index].written_trump = trump
    render(mutated)
    assert_only(mutated, [("TB212", mutated.lines[index].contract)], exact=False)


@mutation_settings
@given(seeds, basics_options(), deal_counts, details, st.randoms(use_true_random=False))
def test_wrong_mode(
    seed: int, options: dict[str, str], deals: int, detail: str, pick: random.Random
) -> None:
    """A total above 13 written bawah (TB213) or below 13 written atas (TB214)."""

    def want(g: GeneratedGame) -> list[int]:
        return [n for n, d in enumerate(g.deals) if d.total != 13]

    game, places = find_game(seed, want, options=options, deals=deals, detail=detail)
    index = pick.choice(places)
    mutated = game.copy()
    deal = mutated.deals[index]
    deal.written_mode = "bawah" if deal.high else "atas"
    render(mutated)
    assert_only(mutated, [("TB213" if deal.high else "TB214", mutated.lines[index].contract)])


def _invalid_pairs(hand: list[Card], target: int, subtract_valid: str) -> list[InvalidPair]:
    """Two-card declarations from a hand that give ``target`` but break their table row."""
    found: list[InvalidPair] = []
    for i, a in enumerate(hand):
        for b in hand[i + 1 :]:
            pair = sorted([a, b], key=lambda c: (-card_value(c), -c[0]))
            values = [card_value(c) for c in pair]
            if a[1] == b[1]:
                if sum(values) == target and target < 5:
                    found.append((pair, "sum", "TB203"))
                short = sum(values) < 5 or (
                    subtract_valid == "result" and values[0] - values[1] < 5
                )
                if values[0] - values[1] == target and short:
                    found.append((pair, "subtract", "TB204"))
            elif sum(values) == target and target < 7:
                found.append((pair, "no-truf", "TB205"))
    return found


@mutation_settings
@given(seeds, basics_options(), deal_counts, details, st.randoms(use_true_random=False))
def test_invalid_declaration(
    seed: int, options: dict[str, str], deals: int, detail: str, pick: random.Random
) -> None:
    """A declarer below the top replaces a valid declaration by an invalid one of the same
    target, cards from the same hand: only the broken table row is reported (TB203 SUM, TB204
    SUBTRACT, TB205 NO TRUF)."""

    def want(g: GeneratedGame) -> list[tuple[int, str, InvalidPair]]:
        found: list[tuple[int, str, InvalidPair]] = []
        for n, d in enumerate(g.deals):
            top = max(x.target for x in d.declarations)
            for x in d.declarations:
                if x.target < top and not x.as_number:
                    found += [
                        (n, x.player, pair)
                        for pair in _invalid_pairs(
                            d.hands[x.player], x.target, options["subtract-valid"]
                        )
                    ]
        return found

    game, places = find_game(seed, want, options=options, deals=deals, detail=detail, tries=2000)
    index, player, (cards, form, code) = pick.choice(places)
    mutated = game.copy()
    declaration = next(d for d in mutated.deals[index].declarations if d.player == player)
    declaration.cards, declaration.form = cards, form
    render(mutated)
    assert_only(mutated, [(code, mutated.lines[index].bids[player])])


@mutation_settings
@given(seeds, basics_options(), deal_counts, st.randoms(use_true_random=False))
def test_wrong_trick_winner_restated(
    seed: int, options: dict[str, str], deals: int, pick: random.Random
) -> None:
    """A trick restated as won by a player who did not win it (TB306); the table then went on
    as if that player had won, so what follows in the deal is its consequence."""
    game, _ = find_game(seed, bool, options=options, deals=deals)
    index, trick = pick.randrange(deals), pick.randrange(13)
    mutated = game.copy()
    deal = mutated.deals[index]
    deal.written_trick_winners[trick] = pick.choice(
        [p for p in PLAYERS if p != deal.tricks[trick].winner]
    )
    render(mutated)
    assert_only(mutated, [("TB306", mutated.lines[index].tricks_played[trick])], exact=False)


@mutation_settings
@given(seeds, basics_options(), deal_counts, st.randoms(use_true_random=False))
def test_card_played_twice(
    seed: int, options: dict[str, str], deals: int, pick: random.Random
) -> None:
    """A player plays again a card they played in an earlier trick (TB304, and REC013 for the
    card written twice); the rest of the deal follows from it."""
    game, _ = find_game(seed, bool, options=options, deals=deals)
    index = pick.randrange(deals)
    mutated = game.copy()
    deal = mutated.deals[index]
    later = pick.randrange(1, 13)
    seat = PLAYERS.index(deal.tricks[later].leader)
    position = pick.randrange(4)
    player = PLAYERS[(seat + position) % 4]
    earlier = [
        card
        for trick in deal.tricks[:later]
        for k, card in enumerate(trick.cards)
        if PLAYERS[(PLAYERS.index(trick.leader) + k) % 4] == player
    ]
    deal.tricks[later].cards[position] = pick.choice(earlier)
    render(mutated)
    line = mutated.lines[index].tricks_played[later]
    assert_only(mutated, [("TB304", line), ("REC013", line)], exact=False)


@mutation_settings
@given(
    seeds,
    basics_options(),
    deal_counts,
    details,
    st.sampled_from([1, -1]),
    st.randoms(use_true_random=False),
)
def test_targets_adjusted(
    seed: int, options: dict[str, str], deals: int, detail: str, amount: int, pick: random.Random
) -> None:
    """An adjustment written on the contract line: this source never changes the targets
    (TB215)."""
    game, _ = find_game(seed, bool, options=options, deals=deals, detail=detail)
    index = pick.randrange(deals)
    mutated = game.copy()
    mutated.deals[index].written_adjust = amount
    render(mutated)
    assert_only(mutated, [("TB215", mutated.lines[index].contract)])


@mutation_settings
@given(seeds, basics_options(), details, st.randoms(use_true_random=False))
def test_wrong_winner_tag(
    seed: int, options: dict[str, str], detail: str, pick: random.Random
) -> None:
    """A six-round game whose Winner tag names someone without the highest total (TB501); the
    right tag checks clean."""
    game, _ = find_game(seed, lambda g: len(g.winners) < 4, options=options, deals=6, detail=detail)
    right = game.copy()
    right.winner_tag = " ".join(game.winners)
    assert not problems(trufspec.check_text(render(right).text, PATH))
    mutated = game.copy()
    mutated.winner_tag = pick.choice([p for p in PLAYERS if p not in game.winners])
    render(mutated)
    line = mutated.text.splitlines().index(f'[Winner "{mutated.winner_tag}"]') + 1
    assert_only(mutated, [("TB501", line)])


@mutation_settings
@given(seeds, basics_options(), details)
def test_a_seventh_round(seed: int, options: dict[str, str], detail: str) -> None:
    """A seventh round is not part of the game (TB502, on its deal line)."""
    game, _ = find_game(seed, bool, options=options, deals=7, detail=detail)
    assert_only(game, [("TB502", game.lines[6].deal)])
