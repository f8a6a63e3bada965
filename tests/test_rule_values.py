"""The judgements the record check and the live referee share, asked with plain values.

Each is the one place its clause is decided: the validator reads the values out of a record,
the referee takes them from the game in progress, and neither makes up a record to ask.
"""

from __future__ import annotations

from trufspec.cards import parse_card
from trufspec.rulesets.ruff_and_honours.ruleset import wrong_dealer as rh_wrong_dealer
from trufspec.rulesets.tromplemond.claims import claim_problems, on_show, order_problem
from trufspec.rulesets.tromplemond.ending import Ending
from trufspec.rulesets.tromplemond.ruleset import wrong_dealer as tm_wrong_dealer
from trufspec.rulesets.tromplemond.votes import Stage, off_problem
from trufspec.rulesets.truf.de.deal import dealer_rule
from trufspec.spec.options import OptionValues, resolve
from trufspec.spec.registry import default_registry

SEATS = ("Ana", "Budi", "Citra", "Dewi")


def options(game: str, **chosen: str) -> OptionValues:
    known = default_registry().options_of(game)
    return OptionValues(resolve({k.replace("_", "-"): v for k, v in chosen.items()}, known))


def test_truf_de_lowest_total_deals_and_a_tie_goes_round_from_the_previous_dealer() -> None:
    totals = {"Ana": 5, "Budi": 3, "Citra": 3, "Dewi": 9}
    rule = dealer_rule(1, ("Ana",), SEATS, [totals], options("truf-de", direction="fixed-cw"))
    assert rule.judged == ("TD105", "TD106")
    assert rule.fault("Budi") is None
    reason = "Budi and Citra share the lowest total, 3; Budi comes first clockwise after Ana"
    assert rule.fault("Citra") == ("Budi", reason)


def test_truf_de_any_tied_player_may_deal_under_any_tied() -> None:
    totals = {"Ana": 5, "Budi": 3, "Citra": 3, "Dewi": 9}
    rule = dealer_rule(1, ("Ana",), SEATS, [totals], options("truf-de", dealer_tie="any-tied"))
    assert rule.fault("Citra") is None
    assert rule.fault("Dewi") == ("Budi", "Budi and Citra share the lowest total, 3")


def test_truf_de_dealer_is_unchecked_without_totals() -> None:
    rule = dealer_rule(1, ("Ana",), SEATS, [], options("truf-de"))
    assert rule.unchecked is not None
    assert rule.judged == ()
    assert rule.fault("Dewi") is None


def test_the_deal_passes_to_the_left() -> None:
    for wrong_dealer in (rh_wrong_dealer, tm_wrong_dealer):
        assert wrong_dealer("Budi", "Ana", SEATS) is None
        assert wrong_dealer("Citra", "Ana", SEATS) == "Budi"
        assert wrong_dealer("Citra", "Dewi", SEATS) == "Ana"


def test_tromplemond_claims_in_turn_from_the_dealer() -> None:
    clockwise = options("tromplemond")
    assert order_problem(["Budi", "Citra"], SEATS, "Budi", clockwise) is None
    expected = {"player": "Dewi", "place": 2, "expected": "Budi, Citra, Dewi, Ana"}
    assert order_problem(["Budi", "Dewi"], SEATS, "Budi", clockwise) == (1, expected)


def test_tromplemond_claim_of_a_visible_card_and_of_too_few_cards() -> None:
    ace, king = parse_card("AS"), parse_card("KS")
    shown = on_show({"Ana": (ace,), "Budi": (king,)})
    problems = claim_problems("Ana", (ace, king), shown)
    assert problems == [
        ("TM202", None, {"player": "Ana", "count": 2}),
        ("TM203", 0, {"player": "Ana", "card": ace, "reason": "lies face up in front of them"}),
        ("TM203", 1, {"player": "Ana", "card": king, "reason": "lies face up in front of Budi"}),
    ]


def test_tromplemond_round_after_the_end_is_judged_without_counting_it() -> None:
    ending = Ending(options("tromplemond"))
    ending.after({"Ana": 210, "Budi": 40, "Citra": 30, "Dewi": 20})
    reason = "Ana reached 210 points, the target being 200"
    assert ending.next_round_problem(2) == ("TM501", {"number": 2, "reason": reason})
    assert ending.next_round_problem(2) == ("TM501", {"number": 2, "reason": reason})
    assert ending.extra == 0


def test_tromplemond_extra_rounds_of_a_tie_run_out() -> None:
    ending = Ending(options("tromplemond"))
    ending.after({"Ana": 210, "Budi": 210, "Citra": 30, "Dewi": 20})
    assert ending.next_round_problem(2) is None
    ending.begin_round()
    problem = ending.next_round_problem(3)
    assert problem is not None
    assert problem[0] == "TM502"
    assert problem[1]["extra"] == 2


def test_tromplemond_who_goes_off() -> None:
    done = Stage("done", ("Citra",), off="Citra", reason="Citra has the most votes")
    assert off_problem(done, "Citra") is None
    assert off_problem(done, "Ana") == "Citra has the most votes"
    deciding = Stage("decide", ("Budi", "Citra"), deciders=("Ana",))
    assert off_problem(deciding, "Budi") is None
    assert off_problem(deciding, "Dewi") == "only Budi and Citra can still go off"
