"""truf-basics: the source's declaration table and figures as test vectors, the citations
against the headings of the source, and the score sheet.

The vectors are rules-analysis part 5, MT items 1 to 3, and each row of the source's
declaration tables at and around its threshold; each runs through the ruleset's functions and
through a small record.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from truf_basics_games import PACK, card_text, declaration_target, declaration_valid

import trufspec
from trufspec.cards import NT, Suit, parse_card
from trufspec.diagnostics import Severity
from trufspec.engine.findings import Findings
from trufspec.records import Bids
from trufspec.rulesets.truf.basics import declarations as declaring
from trufspec.rulesets.truf.basics.scoring import score
from trufspec.spec.options import Readings, resolve
from trufspec.spec.registry import default_registry
from trufspec.spec.sources import SOURCES
from trufspec.validator.report import FileReport

ROOT = Path(__file__).resolve().parents[4]
PACKAGE_ROOT = Path(trufspec.__file__).resolve().parents[1]
"""Where the trufspec this session imports lies: a subprocess is given it on its path."""
REGISTRY = default_registry()
SEATS = ("Ana", "Budi", "Citra", "Dewi")


def options(**chosen: str) -> Readings:
    return Readings(
        resolve(
            {k.replace("_", "-"): v for k, v in chosen.items()}, REGISTRY.options_of("truf-basics")
        )
    )


def declare(line: str, **chosen: str) -> tuple[dict[str, declaring.Declaration], list[str]]:
    """The declarations of a one-line ``bids`` section, and the codes of what they break."""
    text = f'[Ruleset "truf-basics"]\n[Players "{" ".join(SEATS)}"]\n\ndeal 1\nbids {line}\n'
    parsed = trufspec.loads(text)
    assert parsed.ok, [d.message for d in parsed.diagnostics]
    section = parsed.games[0].deals[0].find(Bids)
    assert section is not None
    findings = Findings(REGISTRY, None)
    found = declaring.evaluate(section, SEATS, None, options(**chosen), findings)
    return found, [d.code for d in findings.diagnostics if d.severity is not Severity.INFO]


def check(body: str, opts: str = "") -> FileReport:
    tag = f'[Options "{opts}"]\n' if opts else ""
    text = f'[Event "Vectors"]\n[Ruleset "truf-basics"]\n[Players "{" ".join(SEATS)}"]\n{tag}\ndeal 1\n{body}'
    return trufspec.check_text(text, "vector.truf")


def errors(report: FileReport) -> list[str]:
    return [d.code for d in report.diagnostics if d.severity is not Severity.INFO]


# ------------------------------------------------------------------------ the declaration table

DECLARATIONS = [
    # cards, form, target, trump, the clause it breaks (None: valid)
    ("7S", "one card", 7, "S", None),
    ("KH", "one card", 0, "H", None),
    ("AD", "one card", 1, "D", None),
    ("2S 3S", "SUM", 5, "S", None),
    ("AS 3S", "SUM", 4, "S", "TB203"),
    ("9S 4S", "SUM", 13, "S", None),
    ("10C 9C", "SUM", 19, "C", None),
    ("3S -2S", "SUBTRACT", 1, "S", None),
    ("3S -AS", "SUBTRACT", 2, "S", "TB204"),
    ("10S -KS", "SUBTRACT", 10, "S", None),
    ("9S -4S", "SUBTRACT", 5, "S", None),
    ("-4S 9S", "SUBTRACT", 5, "S", None),
    ("9H KC", "NO TRUF", 9, "NT", None),
    ("4H 3C", "NO TRUF", 7, "NT", None),
    ("4H 2C", "NO TRUF", 6, "NT", "TB205"),
    ("10D 10S", "NO TRUF", 20, "NT", None),
]


@pytest.mark.parametrize(("cards", "form", "target", "trump", "broken"), DECLARATIONS)
def test_declaration_by_function(
    cards: str, form: str, target: int, trump: str, broken: str | None
) -> None:
    found, codes = declare(f"Ana: {cards}")
    declaration = found["Ana"]
    assert (declaration.form.value, declaration.target) == (form, target)
    assert str(declaring.trump_of(declaration)) == trump
    assert codes == ([broken] if broken else [])


@pytest.mark.parametrize(("cards", "form", "target", "trump", "broken"), DECLARATIONS)
def test_declaration_by_record(
    cards: str, form: str, target: int, trump: str, broken: str | None
) -> None:
    # The others declare low single cards, so Ana's declaration wins and decides trump.
    others = "Budi: KH = 0 Citra: QC = 0 Dewi: JD = 0"
    report = check(f"bids Ana: {cards} = {target} {others}\ncontract Ana trump {trump}\n")
    assert errors(report) == ([broken] if broken else [])
    wrong = check(f"bids Ana: {cards} = {target + 1} {others}\n")
    assert sorted(errors(wrong)) == sorted(["TB206"] + ([broken] if broken else []))


def test_subtract_validity_option() -> None:
    """TB-A5: under subtract-valid=result a SUBTRACT must itself come to 5."""
    assert declare("Ana: 3S -2S")[1] == []
    assert declare("Ana: 3S -2S", subtract_valid="result")[1] == ["TB204"]
    assert declare("Ana: 9S -4S", subtract_valid="result")[1] == []


@pytest.mark.parametrize(
    ("cards", "problem"),
    [
        ("7S 2S 3S", "3 cards"),
        ("-7S", "single card"),
        ("9H -KC", "NO TRUF"),
        ("-9S -4S", "more than one"),
    ],
)
def test_declaration_form(cards: str, problem: str) -> None:
    """TB201: one or two cards; a minus mark only on one card of a same-suit pair."""
    report = check(f"bids Ana: {cards} Budi: 2H Citra: 2C Dewi: 2D\n")
    (found,) = [d for d in report.diagnostics if d.severity is Severity.ERROR]
    assert found.code == "TB201" and problem in found.message


def test_card_values() -> None:
    assert [declaring.card_value(parse_card(c)) for c in ("AS", "2H", "10C", "JD", "QS", "KH")] == [
        1,
        2,
        10,
        0,
        0,
        0,
    ]


# ------------------------------------------------------------------------ the bid winner

TIES = [
    # bids, winner, the clause that beats the other tied declarer, the loser
    ("Ana: 7S Budi: 4H 3D Citra: 2C Dewi: 3D", "Ana", "TB208", "Budi"),
    ("Ana: 7D Budi: 7C Citra: 2H Dewi: 3S", "Budi", "TB209", "Ana"),
    ("Ana: 7S Budi: 7H Citra: 2C Dewi: 3D", "Ana", "TB209", "Budi"),
    ("Ana: 5H 3D Budi: 4S 4C Citra: 2C Dewi: 3D", "Ana", "TB210", "Budi"),
    ("Ana: 4H 4C Budi: 4S 4D Citra: 2C Dewi: 3D", "Budi", "TB210", "Ana"),
    ("Ana: 7S Budi: 4S 3S Citra: 2C Dewi: 3D", "Ana", "TB211", "Budi"),
    ("Ana: 5S Budi: 9S -4S Citra: 2C Dewi: 3D", "Ana", "TB211", "Budi"),
    ("Ana: JS Budi: QS Citra: KC Dewi: JD", "Budi", "TB211", "Ana"),
]


@pytest.mark.parametrize(("bids", "winner", "clause", "loser"), TIES)
def test_tie_breaks(bids: str, winner: str, clause: str, loser: str) -> None:
    """rules-analysis part 5, MT vector 2, and the other tiebreakers."""
    found, codes = declare(bids)
    assert codes == []
    contest = declaring.bid_winner(found, options())
    assert contest is not None and contest.winner == winner and contest.lost[loser] == clause
    assert errors(check(f"bids {bids}\ncontract {winner}\n")) == []
    assert errors(check(f"bids {bids}\ncontract {loser}\n")) == [clause]


def test_same_suit_tiebreak_by_rank() -> None:
    """TB-A7 read as rank: the 9S of 9S -4S outranks the 5S."""
    found, _ = declare("Ana: 5S Budi: 9S -4S Citra: 2C Dewi: 3D")
    contest = declaring.bid_winner(found, options(same_suit_tiebreak="rank"))
    assert contest is not None and contest.winner == "Budi"


def test_a_tie_with_a_target_written_as_a_number_is_not_decided() -> None:
    found, _ = declare("Ana: 7 Budi: 7H Citra: 2C Dewi: 3D")
    assert declaring.bid_winner(found, options()) is None


def test_no_truf_by_choice() -> None:
    """TB-A4: a suit declarer who wins may play No Truf only under no-truf-by-choice=yes."""
    body = "bids Ana: 7S Budi: 2H Citra: 2C Dewi: 2D\ncontract Ana trump NT\n"
    assert errors(check(body)) == ["TB212"]
    assert errors(check(body, "no-truf-by-choice=yes")) == []
    assert declaring.trump_of(declare("Ana: 7S")[0]["Ana"]) is Suit.SPADES
    assert declaring.trump_of(declare("Ana: 7S 2H")[0]["Ana"]) is NT


# ------------------------------------------------------------------------ mode and scores


@pytest.mark.parametrize(
    ("total", "bids", "mode", "codes"),
    [
        (17, "Ana: 7S Budi: 5H Citra: 3C Dewi: 2D", "atas", []),
        (17, "Ana: 7S Budi: 5H Citra: 3C Dewi: 2D", "bawah", ["TB213"]),
        (11, "Ana: 5S Budi: 3H Citra: 2C Dewi: AD", "bawah", []),
        (11, "Ana: 5S Budi: 3H Citra: 2C Dewi: AD", "atas", ["TB214"]),
        (13, "Ana: 6S Budi: 4H Citra: 2C Dewi: AD", "atas", []),
        (13, "Ana: 6S Budi: 4H Citra: 2C Dewi: AD", "bawah", []),
        (13, "Ana: 6S Budi: 4H Citra: 2C Dewi: AD", "atas adjust +1", ["TB215"]),
    ],
)
def test_mode(total: int, bids: str, mode: str, codes: list[str]) -> None:
    assert errors(check(f"bids {bids}\ncontract Ana trump S {mode}\n")) == codes


def test_thirteen_without_a_recorded_choice_is_not_scored() -> None:
    report = check(
        "bids Ana: 6S Budi: 4H Citra: 2C Dewi: AD\ncontract Ana trump S\ntricks Ana 6 Budi 4 Citra 2 Dewi 1\n"
    )
    assert errors(report) == []
    assert report.games[0].deals[0].scores is None
    assert any("the mode" in d.message for d in report.diagnostics if d.code == "REC015")


SCORES = [
    # target, taken, Main Atas, highest target, points, clause (rules-analysis part 5, MT 3)
    (5, 7, True, 9, -2, "TB402"),
    (5, 3, True, 9, -4, "TB402"),
    (5, 7, False, 9, -4, "TB403"),
    (5, 3, False, 9, -2, "TB403"),
    (5, 5, False, 9, 5, "TB401"),
    (0, 0, True, 8, 8, "TB404"),
    (0, 2, True, 8, -4, "TB405"),
    (0, 2, False, 8, -6, "TB405"),
    (0, 0, False, 0, 0, "TB404"),
    (15, 13, True, 15, -4, "TB402"),
]


@pytest.mark.parametrize(("target", "taken", "high", "highest", "points", "clause"), SCORES)
def test_scores_by_function(
    target: int, taken: int, high: bool, highest: int, points: int, clause: str
) -> None:
    result = score(target, taken, high, highest)
    assert (result.points, result.clause) == (points, clause)


def test_zero_target_scores_by_record() -> None:
    body = "bids Ana: 8S Budi: 5H Citra: KC Dewi: 2D\ncontract Ana trump S atas\ntricks Ana 8 Budi 3 Citra 0 Dewi 2\n"
    report = check(body)
    assert report.games[0].deals[0].scores == {"Ana": 8, "Budi": -4, "Citra": 8, "Dewi": 2}
    assert errors(check(body + "score Ana 8 Budi -4 Citra 5 Dewi 2\n")) == ["TB404"]


# ------------------------------------------------------------------------ the game


def test_a_game_of_six_rounds_has_a_winner_and_fewer_is_incomplete() -> None:
    path = ROOT / "records" / "truf-basics" / "clauses" / "TB501-game-winner.good.truf"
    report = trufspec.check_text(path.read_text(encoding="utf-8"), str(path))
    assert report.games[0].winners and "TB503" not in [d.code for d in report.diagnostics]
    short = ROOT / "records" / "truf-basics" / "clauses" / "TB503-incomplete-game.good.truf"
    report = trufspec.check_text(short.read_text(encoding="utf-8"), str(short))
    assert report.games[0].winners == ()
    assert [(d.code, d.severity) for d in report.diagnostics if d.code.startswith("TB")] == [
        ("TB503", Severity.INFO)
    ]


@pytest.mark.slow
def test_score_command_prints_the_sheet() -> None:
    path = ROOT / "records" / "truf-basics" / "clauses" / "TB501-game-winner.good.truf"
    env = {**os.environ, "NO_COLOR": "1"}
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(PACKAGE_ROOT), os.environ.get("PYTHONPATH")) if p
    )
    result = subprocess.run(
        [sys.executable, "-m", "trufspec", "score", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "(truf-basics)" in result.stdout
    assert len(re.findall(r"^\s+[1-6]\s", result.stdout, re.M)) == 6
    assert "winner:" in result.stdout


# ------------------------------------------------------------------------ citations


def passages() -> dict[str, str]:
    """The source cut at its headings, as the citations' locators name them."""
    text = SOURCES["truf-basics"].text()
    lines = text.splitlines()
    found: dict[str, str] = {"The Basics": lines[1]}
    for line in lines[2:8]:
        step = re.match(r"Step (\d) — ", line)
        assert step is not None
        found[f"Step {step.group(1)}"] = line
    headings = {
        "Declaring Your Target": "Declaring Your Target",
        "1 Card": "1 Card",
        "2 Cards — Same Suit (SUM or SUBTRACT)": "2 Cards, Same Suit",
        "2 Cards — Different Suits (No Truf)": "2 Cards, Different Suits",
        "Card Values": "Card Values",
        "Hitting Your Target": "Hitting Your Target",
        "Missing Your Target": "Missing Your Target",
        "Mode Selection": "Mode Selection",
        "0-Target Special Rules": "0-Target Special Rules",
        "Setting the Trump Suit": "Setting the Trump Suit",
        "Tiebreakers (in order)": "Tiebreakers",
        "No Truf Round": "No Truf Round",
        "Trump in Play": "Trump in Play",
    }
    current = None
    for line in lines[8:]:
        if line in headings:
            current = headings[line]
            found[current] = line
        elif current is not None:
            found[current] += "\n" + line
    return found


def test_citations_stand_under_their_headings() -> None:
    cut = passages()
    cited = set()
    for clause in REGISTRY.clauses_of("truf-basics"):
        citations = [(clause.code, c) for c in clause.citations]
        for owner, citation in citations:
            assert citation.locator in cut, f"{owner}: no passage {citation.locator!r}"
            assert " ".join(citation.quote.split()) in " ".join(cut[citation.locator].split()), (
                owner
            )
            cited.add(citation.locator)
    for ambiguity in REGISTRY.ambiguities_of("truf-basics"):
        for citation in ambiguity.citations:
            assert " ".join(citation.quote.split()) in " ".join(cut[citation.locator].split()), (
                ambiguity.id
            )
    assert cited == set(cut), f"parts of the source cited by no clause: {sorted(set(cut) - cited)}"


def test_every_two_card_declaration_against_the_oracle() -> None:
    """Every pair of cards, in every form it can be declared in, valued and judged by the
    ruleset as by the independent oracle; and the target ranges of rules-analysis part 2.4
    (SUM 5-19, SUBTRACT 1-10, NO TRUF 7-20), found by enumeration."""
    forms = {"SUM": "sum", "SUBTRACT": "subtract", "NO TRUF": "no-truf"}
    ranges: dict[str, set[int]] = {form: set() for form in forms}
    entries = []
    for i, a in enumerate(PACK):
        for b in PACK[i + 1 :]:
            for form in ("SUM", "SUBTRACT") if a[1] == b[1] else ("NO TRUF",):
                entries.append((a, b, form))
    for start in range(0, len(entries), 4):
        chunk = entries[start : start + 4]
        players = SEATS[: len(chunk)]
        line = " ".join(
            f"{p}: {card_text(a)} {'-' if form == 'SUBTRACT' else ''}{card_text(b)}"
            for p, (a, b, form) in zip(players, chunk)
        )
        text = f'[Ruleset "truf-basics"]\n[Players "{" ".join(SEATS)}"]\n\ndeal 1\nbids {line}\n'
        section = trufspec.loads(text).games[0].deals[0].find(Bids)
        assert section is not None
        findings = Findings(REGISTRY, None)
        found = declaring.evaluate(section, SEATS, None, options(), findings)
        broken = {d.message.split("'")[0] for d in findings.diagnostics}
        for player, (a, b, form) in zip(players, chunk):
            target = declaration_target([a, b], forms[form])
            valid = declaration_valid([a, b], forms[form], "sum")
            assert (found[player].form.value, found[player].target) == (form, target)
            assert (player not in broken) == valid, (a, b, form)
            if valid:
                ranges[form].add(target)
    assert ranges == {
        "SUM": set(range(5, 20)),
        "SUBTRACT": set(range(1, 11)),
        "NO TRUF": set(range(7, 21)),
    }


def test_declared_cards_come_from_the_hand() -> None:
    """TB201: with the hands recorded, a declared card must be in its declarer's hand."""
    path = ROOT / "records" / "truf-basics" / "clauses" / "TB201-declaration-cards.good.truf"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.startswith("  Ana:") and "=" in line)
    hand = next(line for line in lines if line.startswith("  Ana:") and "=" not in line).split()[1:]
    foreign = next(c for c in ("AS", "KS", "QS", "JS", "10S") if c not in hand)
    lines[index] = f"  Ana: {foreign}\n"
    report = trufspec.check_text("".join(lines), "x.truf")
    found = [d for d in report.diagnostics if d.code == "TB201"]
    assert len(found) == 1 and found[0].line == index + 1 and foreign in found[0].message
