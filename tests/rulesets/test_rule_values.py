"""The judgements the record check and the live referee share, asked with plain values.

Each is the one place its clause is decided: the validator reads the values out of a record,
the referee takes them from the game in progress, and neither makes up a record to ask.
"""

from __future__ import annotations

from trufspec.cards import Card, parse_card
from trufspec.engine.findings import Breach, Findings
from trufspec.records import Atom, Decide, Votes
from trufspec.records import Vote as Slip
from trufspec.rulesets.ruff_and_honours.deal import judge_ruff
from trufspec.rulesets.ruff_and_honours.ruleset import wrong_dealer as rh_wrong_dealer
from trufspec.rulesets.tromplemond.claims import claim_breaches, on_show, order_problem
from trufspec.rulesets.tromplemond.ending import Ending
from trufspec.rulesets.tromplemond.ruleset import wrong_dealer as tm_wrong_dealer
from trufspec.rulesets.tromplemond.votes import Stage, advance, off_problem, vote_stage
from trufspec.rulesets.truf.basics.declarations import Form, declare
from trufspec.rulesets.truf.de import bids as de_bids
from trufspec.rulesets.truf.de.deal import dealer_rule
from trufspec.rulesets.truf.jb import bids as jb_bids
from trufspec.spec.options import Readings, resolve
from trufspec.spec.registry import default_registry

SEATS = ("Ana", "Budi", "Citra", "Dewi")


def options(game: str, **chosen: str) -> Readings:
    known = default_registry().options_of(game)
    return Readings(resolve({k.replace("_", "-"): v for k, v in chosen.items()}, known))


JB = options("truf-jb")


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
    breaches = claim_breaches("Ana", (ace, king), shown)
    assert breaches == [
        Breach("TM202", None, {"player": "Ana", "count": 2}),
        Breach(
            "TM203", 0, {"player": "Ana", "card": ace, "reason": "lies face up in front of them"}
        ),
        Breach(
            "TM203", 1, {"player": "Ana", "card": king, "reason": "lies face up in front of Budi"}
        ),
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


def cards(words: str) -> tuple[Card, ...]:
    return tuple(parse_card(w) for w in words.split())


def test_truf_jb_bid_valued_with_a_card_not_held_and_a_card_twice() -> None:
    hand = cards("AS 10H KD 4C")
    bid, breaches = jb_bids.card_bid("Ana", cards("10H KD 3C 10H"), frozenset({1}), hand, JB)
    assert (bid.value, bid.raw) == (13, 13)  # 10 - 10 + 3 + 10: each card written counts
    assert [(p.code, p.index) for p in breaches] == [("JB201", 2), ("JB201", 3)]
    assert str(breaches[1].values["problem"]) == "bid 10H twice"


def test_truf_jb_single_minus_card_counts_plus_and_the_cap() -> None:
    strict = options("truf-jb", single_minus="reject", max_bid="tricks-available")
    bid, breaches = jb_bids.card_bid("Ana", cards("9S"), frozenset({0}), None, strict)
    assert (bid.value, bid.minus) == (9, frozenset())
    assert breaches == [Breach("JB202", 0, {"player": "Ana", "card": parse_card("9S")})]
    assert jb_bids.over_cap(bid, strict, 13) is None
    cap = jb_bids.over_cap(bid, strict, 8)
    assert cap == Breach("JB214", None, {"player": "Ana", "value": 9, "max_total": 8})
    assert jb_bids.over_cap(bid, JB, 8) is None


def test_truf_de_bid_of_two_cards_is_a_fault_valued_by_its_first() -> None:
    bid, breaches = de_bids.card_bid("Budi", cards("7H 2S"), frozenset(), cards("7H 2S"))
    assert (bid.value, bid.card) == (7, parse_card("7H"))
    assert [(p.code, p.index, p.fault) for p in breaches] == [("TD201", 0, True)]
    assert breaches[0].values["problem"] == "bid 2 cards"


def test_truf_basics_declarations_by_form() -> None:
    basics = options("truf-basics")
    one, breaches = declare("Ana", cards("8H"), frozenset(), None, basics)
    assert (one.target, one.form, breaches) == (8, Form.ONE, [])
    low, breaches = declare("Ana", cards("2H 3C"), frozenset(), None, basics)
    assert (low.target, low.form) == (5, Form.NO_TRUF)
    assert breaches == [
        Breach("TB205", None, {"player": "Ana", "cards": "2H 3C", "value": 5}, fault=True)
    ]
    sub, breaches = declare("Ana", cards("9S 3S"), frozenset({1}), cards("9S 3S"), basics)
    assert (sub.target, sub.form, breaches) == (6, Form.SUBTRACT, [])
    _, breaches = declare("Ana", cards("9S 3S"), frozenset({1}), cards("9S"), basics)
    assert [(p.code, p.index) for p in breaches] == [("TB201", 1)]


def test_tromplemond_the_vote_advances_one_step_at_a_time() -> None:
    voters = SEATS
    tromp = options("tromplemond")
    tied = Votes(
        tuple(
            Slip(Atom(target), Atom(voter))
            for voter, target in (
                ("Ana", "Budi"),
                ("Budi", "Ana"),
                ("Citra", "Budi"),
                ("Dewi", "Ana"),
            )
        )
    )
    findings = Findings(default_registry(), None)
    stage = advance(Stage("vote", voters), tied, voters, tromp, findings)
    assert stage == Stage("decide", ("Ana", "Budi"), ("Citra", "Dewi"))
    decided = Decide((Slip(Atom("Budi"), Atom("Citra")), Slip(Atom("Budi"), Atom("Dewi"))))
    done = advance(stage, decided, voters, tromp, findings)
    assert (done.step, done.off) == ("done", "Budi")
    assert findings.diagnostics == []
    assert vote_stage((tied, decided), voters, tromp, findings) == done
    advance(done, tied, voters, tromp, findings)
    assert [d.code for d in findings.diagnostics] == ["TM208"]


def test_ruff_and_honours_ruff_by_the_wrong_player_and_discards_not_held() -> None:
    dealt = {"Ana": cards("AH 2C 3C"), "Budi": cards("4D 5D")}
    stock = cards("5H 6S 7S 8S")
    rh = options("ruff-and-honours")
    _, breaches = judge_ruff("Budi", True, None, dealt, stock, "Dewi", rh)
    reason = "Ana was dealt AH, the ace of trumps"
    expected = {"expected": "Ana", "reason": reason, "written": "Budi"}
    declined = Breach("RH107", None, {"player": "Budi"}, fault=True)  # the ruff is compulsory
    assert breaches == [Breach("RH104", None, expected, fault=True), declined]
    held, breaches = judge_ruff("Ana", False, cards("2C 6S 9D"), dealt, stock, "Dewi", rh)
    assert [(p.code, p.index) for p in breaches] == [("RH105", None), ("RH105", 2)]
    assert held is not None
    assert held["Ana"] == list(cards("AH 3C 5H 7S 8S 9D")[:-1])
    assert held["Budi"] == list(dealt["Budi"])
