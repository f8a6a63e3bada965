"""The sample and test records: every record says, with ``;!`` marks, what a check must report.

* Every ``*.truf`` under ``records/`` is checked and its diagnostics are
  compared with its marks (:mod:`trufspec.marks`); it must also be in canonical layout.
* A ``.good.truf`` record obeys its clause and reports nothing but information; a ``.bad.truf``
  record breaks the clause named by its file name, at the marked lines.
* Every clause of every registered ruleset, and every record-level clause the record checks
  emit, has a good record, and a bad one unless it is a definition or a *may*.
* The figures of the truf-jb source (rules analysis, part 5, JB items 1-4) are test vectors, run
  both through small records and through the functions of the ruleset.
* The demo of the architecture: a revoke, checked on the command line, prints JB305 with the
  quoted rule and exits 1.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import trufspec
from trufspec.cards import Trump
from trufspec.diagnostics import Severity
from trufspec.engine.findings import Findings
from trufspec.marks import compare, marks_of, readable_text
from trufspec.records import Bids
from trufspec.rulesets import RULESETS
from trufspec.rulesets.truf.jb import bids as bidding
from trufspec.rulesets.truf.jb.scoring import score
from trufspec.spec.clauses import Kind, Strength
from trufspec.spec.options import Readings, resolve
from trufspec.spec.registry import default_registry
from trufspec.validator.report import FileReport

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_ROOT = Path(trufspec.__file__).resolve().parents[1]
"""Where the trufspec this session imports lies: a subprocess is given it on its path."""
RECORD_DIRS = (ROOT / "records",)
RECORDS = sorted(p for d in RECORD_DIRS if d.is_dir() for p in d.rglob("*.truf"))
GOOD = [p for p in RECORDS if p.name.endswith(".good.truf")]
BAD = [p for p in RECORDS if p.name.endswith(".bad.truf")]

REC_CODES = (
    "REC003",
    "REC004",
    "REC005",
    "REC006",
    "REC008",
    "REC009",
    "REC010",
    "REC011",
    "REC012",
    "REC013",
    "REC014",
)
"""The record-level clauses that the record checks (parser, structure, options) emit."""

NOT_CLEAN = (Severity.ERROR, Severity.WARNING, Severity.ACKNOWLEDGED)


def ident(path: Path) -> str:
    return str(path.relative_to(ROOT))


def check(path: Path) -> tuple[str, FileReport]:
    """The text of a record as far as it reads (for its marks) and its report."""
    data = path.read_bytes()
    return readable_text(data), trufspec.check_bytes(data, str(path))


def explain(report: FileReport) -> str:
    return (
        "\n".join(
            f"  {d.line}:{d.column} {d.severity.value} {d.code} {d.message}"
            for d in report.diagnostics
        )
        or "  (no diagnostics)"
    )


def file_code(path: Path) -> str:
    return path.name.split("-", 1)[0]


# ------------------------------------------------------------------------ (1) marks


def test_there_are_records() -> None:
    assert GOOD and BAD


@pytest.mark.parametrize("path", RECORDS, ids=ident)
def test_record_reports_what_its_marks_say(path: Path) -> None:
    text, report = check(path)
    mismatches = compare(text, report.diagnostics)
    assert mismatches == [], (
        f"{ident(path)}: marks and diagnostics disagree:\n"
        + "\n".join(f"  {m}" for m in mismatches)
        + "\ndiagnostics:\n"
        + explain(report)
    )


@pytest.mark.parametrize("path", RECORDS, ids=ident)
def test_record_is_canonical(path: Path) -> None:
    data = path.read_bytes()
    parsed = trufspec.loads(readable_text(data), str(path))
    if not parsed.ok or trufspec.decode(data, str(path))[1] is not None:
        # A record of a syntax error or of unreadable input cannot be reprinted; the formatter
        # must refuse it.
        assert trufspec.format_bytes(data, str(path)).output is None
        return
    formatted = trufspec.format_bytes(data, str(path))
    assert formatted.output is not None, [d.message for d in formatted.diagnostics]
    assert formatted.output == data.decode("utf-8"), f"{ident(path)} is not in canonical layout"


# ------------------------------------------------------------------------ (2) good and bad


@pytest.mark.parametrize("path", GOOD, ids=ident)
def test_good_record_is_clean(path: Path) -> None:
    text, report = check(path)
    assert not marks_of(text), f"{ident(path)} is a good record but carries marks"
    noisy = [d for d in report.diagnostics if d.severity in NOT_CLEAN]
    assert noisy == [], f"{ident(path)} should report nothing but info:\n" + explain(report)


@pytest.mark.parametrize("path", BAD, ids=ident)
def test_bad_record_breaks_its_clause(path: Path) -> None:
    text, _ = check(path)
    codes = {mark.code for mark in marks_of(text)}
    assert codes, f"{ident(path)} is a bad record without marks"
    assert file_code(path) in codes, (
        f"{ident(path)} does not mark {file_code(path)}: {sorted(codes)}"
    )


ACKNOWLEDGED = [p for p in BAD if p.name.endswith("-acknowledged.bad.truf")]


def test_there_are_acknowledged_records() -> None:
    """A revoke (a card marked ``!``) and a wrong dealer in three rulesets (``dealer Dewi!``)."""
    assert {file_code(p) for p in ACKNOWLEDGED} >= {"JB305", "RH106", "TD105", "TM103"}


@pytest.mark.parametrize("path", ACKNOWLEDGED, ids=ident)
def test_acknowledged_fault_is_reported_as_acknowledged(path: Path) -> None:
    text, report = check(path)
    marked = sorted((m.line, m.code) for m in marks_of(text).elements())
    found = sorted(
        (d.line, d.code, d.severity) for d in report.diagnostics if d.severity is not Severity.INFO
    )
    assert found == [(line, code, Severity.ACKNOWLEDGED) for line, code in marked]


# ------------------------------------------------------------------------ (3) coverage


def _clauses() -> list[tuple[str, str, bool]]:
    """(code, slug, needs a bad record) for every clause that must have records."""
    registry = default_registry()
    found = []
    for clause in (
        c for ruleset in RULESETS for c in registry.clauses_of(ruleset) if not c.retired
    ):
        needs_bad = clause.kind is not Kind.DEFINITION and clause.strength is not Strength.MAY
        found.append((clause.code, clause.slug, needs_bad))
    for code in REC_CODES:
        clause = registry.clause(code)
        found.append((code, clause.slug, clause.strength is not Strength.MAY))
    return found


@pytest.mark.parametrize(
    ("code", "slug", "needs_bad"), _clauses(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_every_clause_has_records(code: str, slug: str, needs_bad: bool) -> None:
    names = {p.name for p in RECORDS}
    assert f"{code}-{slug}.good.truf" in names, f"no record {code}-{slug}.good.truf"
    if needs_bad:
        assert f"{code}-{slug}.bad.truf" in names, f"no record {code}-{slug}.bad.truf"


def test_records_name_known_clauses() -> None:
    registry = default_registry()
    known = {c.code for c in registry.clauses()}
    for path in GOOD + BAD:
        assert file_code(path) in known, f"{ident(path)} names no known clause"


# ------------------------------------------------------------------------ (4) test vectors

REGISTRY = default_registry()
OPTIONS = Readings(resolve({}, REGISTRY.options_of("truf-jb")))


def parse_bids(line: str, seats: tuple[str, ...]) -> dict[str, bidding.Bid]:
    """The bids of a one-line ``bids`` section, valued by the ruleset (no hands known)."""
    text = f'[Ruleset "truf-jb"]\n[Players "{" ".join(seats)}"]\n\ndeal 1\nbids {line}\n'
    parsed = trufspec.loads(text)
    assert parsed.ok, [d.message for d in parsed.diagnostics]
    section = parsed.games[0].deals[0].find(Bids)
    assert section is not None
    findings = Findings(REGISTRY, None)
    found = bidding.evaluate_bids(
        section, seats, None, OPTIONS, 13 if len(seats) == 4 else 17, findings
    )
    assert [d for d in findings.diagnostics if d.severity is not Severity.INFO] == []
    return found


BID_VECTORS = [
    ("7S", 7, "S"),
    ("KH", 0, "H"),
    ("KH 3H", 13, "H"),
    ("9S -2S", 7, "S"),
    ("9S -2H", 7, "NT"),
    ("3C -KC", 0, "C"),
]


def trump_name(trump: Trump | None) -> str:
    assert trump is not None
    return "NT" if bidding.describe_trump(trump) == "no trump" else str(trump)


@pytest.mark.parametrize(("cards", "value", "trump"), BID_VECTORS)
def test_bid_value_and_trump_by_function(cards: str, value: int, trump: str) -> None:
    bid = parse_bids(f"Ana: {cards}", ("Ana", "Budi", "Citra", "Dewi"))["Ana"]
    assert bid.value == value
    assert trump_name(bidding.trump_of(bid)) == trump


def test_negative_bid_is_clamped_by_function() -> None:
    bid = parse_bids("Ana: 3C -KC", ("Ana", "Budi", "Citra", "Dewi"))["Ana"]
    assert (bid.raw, bid.value) == (-7, 0)


def test_card_values_by_function() -> None:
    from trufspec.cards import parse_card

    assert bidding.card_value(parse_card("AS"), single=True) == 1
    assert bidding.card_value(parse_card("KH"), single=True) == 0
    assert bidding.card_value(parse_card("KH"), single=False) == 10
    assert bidding.card_value(parse_card("7D"), single=False) == 7


HEAD = '[Event "Vectors"]\n[Ruleset "truf-jb"]\n[Players "{players}"]\n{options}\ndeal 1\n'


def sheet(body: str, players: str = "Ana Budi Citra Dewi", opts: str = "") -> FileReport:
    text = HEAD.format(players=players, options=f'[Options "{opts}"]\n' if opts else "") + body
    return trufspec.check_text(text, "vector.truf")


def errors(report: FileReport) -> list[str]:
    return [f"{d.code} {d.message}" for d in report.diagnostics if d.severity is not Severity.INFO]


@pytest.mark.parametrize(("cards", "value", "trump"), BID_VECTORS)
def test_bid_value_and_trump_by_record(cards: str, value: int, trump: str) -> None:
    # The others bid two cards worth nothing, so Ana's bid wins (by value, by fewer cards or by
    # its king) and decides trump.
    others = "Budi: 2S -3S = 0 Citra: 2H -3H = 0 Dewi: 2D -4D = 0"
    report = sheet(f"bids Ana: {cards} = {value} {others}\ncontract Ana trump {trump}\n")
    assert errors(report) == []
    wrong = sheet(f"bids Ana: {cards} = {value + 1} {others}\n")
    assert [e.split()[0] for e in errors(wrong)] == ["JB204" if cards == "3C -KC" else "JB213"]


@pytest.mark.parametrize(
    ("bids", "winner", "loser", "clause"),
    [
        ("Ana: 7S Budi: 9S -2S Citra: 2C Dewi: 3D", "Ana", "Budi", "JB206"),
        ("Ana: 7H Budi: 7D Citra: 2C Dewi: 3S", "Ana", "Budi", "JB207"),
    ],
)
def test_tie_breaks(bids: str, winner: str, loser: str, clause: str) -> None:
    found = parse_bids(bids, ("Ana", "Budi", "Citra", "Dewi"))
    contest = bidding.bid_winner(found, OPTIONS)
    assert contest is not None and (contest.winner, contest.clause) == (winner, clause)
    assert errors(sheet(f"bids {bids}\ncontract {winner}\n")) == []
    assert [e.split()[0] for e in errors(sheet(f"bids {bids}\ncontract {loser}\n"))] == [clause]


EVEN_VECTORS = [
    # seats, bids as made, adjustment, adjusted bids, high, tricks taken, scores (worked by hand)
    (
        ("Ana", "Budi", "Citra", "Dewi"),
        (5, 4, 3, 1),
        +1,
        (6, 5, 4, 2),
        True,
        (6, 5, 2, 0),
        (6, 5, -4, -4),
    ),
    (
        ("Ana", "Budi", "Citra", "Dewi"),
        (5, 4, 3, 1),
        -1,
        (4, 3, 2, 0),
        False,
        (4, 3, 6, 0),
        (4, 3, -8, 5),
    ),
    (("Eko", "Fitri", "Gita"), (8, 6, 3), +1, (9, 7, 4), True, (9, 7, 1), (9, 7, -6)),
    (("Eko", "Fitri", "Gita"), (8, 6, 3), -1, (7, 5, 2), False, (7, 5, 5), (7, 5, -6)),
    # the clamp at zero: 14 would need Gita's 0 lowered to -1
    (("Eko", "Fitri", "Gita"), (10, 7, 0), -1, (9, 6, 0), False, (9, 6, 2), (9, 6, -9)),
]
EVEN_IDS = ["4p-up", "4p-down", "3p-up", "3p-down", "3p-down-clamped"]


@pytest.mark.parametrize(
    ("seats", "made", "adjust", "adjusted", "high", "tricks", "scores"), EVEN_VECTORS, ids=EVEN_IDS
)
def test_even_game_by_function(
    seats: tuple[str, ...],
    made: tuple[int, ...],
    adjust: int,
    adjusted: tuple[int, ...],
    high: bool,
    tricks: tuple[int, ...],
    scores: tuple[int, ...],
) -> None:
    from trufspec.records import Contract

    found = {p: bidding.Bid(p, v, raw=v) for p, v in zip(seats, made)}
    max_total = 13 if len(seats) == 4 else 17
    assert sum(made) == max_total
    text = f'[Ruleset "truf-jb"]\n[Players "{" ".join(seats)}"]\n\ndeal 1\ncontract {seats[0]} adjust {adjust:+d}\n'
    contract = trufspec.loads(text).games[0].deals[0].find(Contract)
    findings = Findings(REGISTRY, None)
    choice = bidding.decide_mode(sum(made), max_total, contract, OPTIONS, findings)
    assert findings.diagnostics == []
    assert choice is not None and choice.high is high
    targets = bidding.targets(found, seats[0], choice, OPTIONS)
    assert tuple(targets[p] for p in seats) == adjusted
    points = tuple(
        score(targets[p], k, high, len(seats), OPTIONS, v).points
        for p, k, v in zip(seats, tricks, made)
    )
    assert points == scores


@pytest.mark.parametrize(
    ("seats", "made", "adjust", "adjusted", "high", "tricks", "scores"), EVEN_VECTORS, ids=EVEN_IDS
)
def test_even_game_by_record(
    seats: tuple[str, ...],
    made: tuple[int, ...],
    adjust: int,
    adjusted: tuple[int, ...],
    high: bool,
    tricks: tuple[int, ...],
    scores: tuple[int, ...],
) -> None:
    bids = " ".join(f"{p}: {v}" for p, v in zip(seats, made))
    taken = " ".join(f"{p} {k}" for p, k in zip(seats, tricks))
    written = " ".join(f"{p} {s}" for p, s in zip(seats, scores))
    mode = "atas" if high else "bawah"
    report = sheet(
        f"bids {bids}\ncontract {seats[0]} trump S {mode} adjust {adjust:+d}\ntricks {taken}\nscore {written}\n",
        players=" ".join(seats),
    )
    assert errors(report) == []
    assert report.games[0].deals[0].scores == dict(zip(seats, scores))


SCORE_VECTORS = [
    # bid, taken, high, players, points, clause
    (4, 6, True, 4, -2, "JB404"),
    (4, 1, True, 4, -6, "JB404"),
    (4, 6, False, 4, -4, "JB405"),
    (4, 1, False, 4, -3, "JB405"),
    (0, 0, True, 4, 5, "JB402"),
    (0, 0, False, 3, 7, "JB402"),
    (0, 3, True, 4, -7, "JB406"),
    (0, 3, False, 4, -9, "JB406"),
    (5, 5, True, 4, 5, "JB401"),
]


@pytest.mark.parametrize(("bid", "taken", "high", "players", "points", "clause"), SCORE_VECTORS)
def test_score_table_by_function(
    bid: int, taken: int, high: bool, players: int, points: int, clause: str
) -> None:
    result = score(bid, taken, high, players, OPTIONS, bid)
    assert (result.points, result.clause) == (points, clause)


def score_sheet(bid: int, taken: int, high: bool, players: int) -> tuple[str, str, str]:
    """A score sheet in which Budi bids ``bid`` and takes ``taken``; the others make up a mode."""
    seats = ["Ana", "Budi", "Citra", "Dewi"][:players] if players == 4 else ["Eko", "Budi", "Gita"]
    max_total = 13 if players == 4 else 17
    first = max_total + 3 - bid if high else max(max_total - 6 - bid, bid + 1)
    rest = [0] * (players - 2)
    made = [first, bid, *rest]
    assert (sum(made) > max_total) is high and sum(made) != max_total
    left = max_total - taken
    tricks = [left, taken, *([0] * (players - 2))]
    bids = " ".join(f"{p}: {v}" for p, v in zip(seats, made))
    figures = " ".join(f"{p} {k}" for p, k in zip(seats, tricks))
    mode = "atas" if high else "bawah"
    return (
        " ".join(seats),
        f"bids {bids}\ncontract {seats[0]} trump S {mode}\ntricks {figures}\n",
        "Budi",
    )


@pytest.mark.parametrize(("bid", "taken", "high", "players", "points", "clause"), SCORE_VECTORS)
def test_score_table_by_record(
    bid: int, taken: int, high: bool, players: int, points: int, clause: str
) -> None:
    seats, body, player = score_sheet(bid, taken, high, players)
    report = sheet(body, players=seats)
    assert errors(report) == []
    scores = report.games[0].deals[0].scores
    assert scores is not None and scores[player] == points
    # The same score written wrong is reported under the clause that fixes it.
    wrong = sheet(body + f"score {player} {points + 1}\n", players=seats)
    assert [e.split()[0] for e in errors(wrong)] == [clause]


# ------------------------------------------------------------------------ (5) the demo


@pytest.mark.slow
def test_cli_reports_a_revoke_with_the_rule_quoted() -> None:
    path = ROOT / "records" / "truf-jb" / "clauses" / "JB305-follow-suit.bad.truf"
    env = {**os.environ, "NO_COLOR": "1"}
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(PACKAGE_ROOT), os.environ.get("PYTHONPATH")) if p
    )
    result = subprocess.run(
        [sys.executable, "-m", "trufspec", "check", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "JB305" in result.stdout
    assert "The other player must play a card" in result.stdout


def test_a_deal_header_without_its_number_is_reported_once_at_its_place() -> None:
    """The reader reports the header (REC001); numbering is not judged of a number never read,
    which would be a second diagnostic of the same mistake, without a position."""
    text = '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]\n\ndeal\ndealer Ana\n'
    report = trufspec.check_text(text)
    assert [
        (d.code, d.span.line, d.span.column)
        for d in report.diagnostics
        if d.severity is Severity.ERROR
    ] == [("REC001", 4, 1)]
