"""Inputs that once made the checker raise, each kept as the smallest record that did.

Each is an input found by the fuzzing campaign (``python -m fuzz``) or by hand, shrunk to the
lines that matter; the test asserts the diagnostics it must give now, so that a crash fixed by
dropping the check would fail here too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import msgspec
import pytest

import trufspec
from trufspec import records
from trufspec.diagnostics import PER_LINE


def codes(text: str) -> list[tuple[str, int]]:
    """The codes and lines of the diagnostics of a record, and its formatted text read back."""
    report = trufspec.check_text(text, "found.truf")
    trufspec.format_bytes(text.encode(), "found.truf")
    return [(d.code, d.span.line) for d in report.diagnostics]


TROMPLEMOND = """\
[Ruleset "tromplemond"]
[Players "Rob Sam Nick Emily"]
[Options "max-rounds=2"]

round 1
dealer Rob
claims Rob: QH QD KS Sam: 10D 4S KD Nick: AH AS 10D Emily: KH AH 4D
votes Emily 2 Nick 1 Sam 1 @
{total}

round 2
dealer Sam
claims Rob: QH QD KS Sam: 10D 4S KD Nick: AH AS 10D Emily: KH AH 4D
votes Emily 2 Nick 1 Sam 1
off Emily
"""


UNREPLAYED = [("REC016", 5), ("REC001", 8)]
"""Round 1 is not replayed: its votes line is unreadable."""
ROUND_TWO = [("REC015", 11), ("TM201", 13)]
"""Round 2 is judged as usual: it lacks its hands, and its claims repeat a card."""


@pytest.mark.parametrize(
    ("total", "expected"),
    [
        # No figure at all: the leader was once chosen from empty totals.
        ("total", UNREPLAYED + ROUND_TWO),
        # Sam left out: his total was once looked up.
        ("total Rob 11 Nick 30 Emily 0", UNREPLAYED + ROUND_TWO),
        # Rob twice, Emily left out.
        ("total Rob 11 Sam -9 Nick 30 Rob 0", [*UNREPLAYED, ("REC011", 9), *ROUND_TWO]),
        # Someone who does not play: the game is not replayed at all.
        ("total Rob 11 Sam -9 Nick 30 Emily 0 Zed 4", [("REC001", 8), ("REC010", 9)]),
    ],
)
def test_a_total_line_that_is_not_every_players_restates_nothing(
    total: str, expected: list[tuple[str, int]]
) -> None:
    """After an unreadable round the totals are unknown until a ``total`` line gives every
    player's; a damaged one is reported for what it is and the game goes on without totals."""
    assert codes(TROMPLEMOND.replace("{total}", total)) == expected


def test_the_same_line_in_full_restates_the_totals() -> None:
    """The sound case beside the damaged ones: a full line after an unreadable round (or a
    round whose scores the record does not give) is taken as the totals."""
    text = (
        TROMPLEMOND.replace("{total}", "total Rob 11 Sam -9 Nick 30 Emily 0")
        + "total Rob 0 Sam 0 Nick 0 Emily 0\n"
    )
    report = trufspec.check_text(text, "found.truf")
    assert report.games[0].deals[0].totals == {"Rob": 11, "Sam": -9, "Nick": 30, "Emily": 0}
    assert report.games[0].deals[1].totals == {"Rob": 0, "Sam": 0, "Nick": 0, "Emily": 0}


@pytest.mark.parametrize(
    "text",
    [
        # The shrunk inputs of the campaign, byte for byte.
        '[Ruleset"tromplemond"][Players"b m k E"]\nround\ntotal\n',
        '[Ruleset"tromplemond"][Players"Rob m Nick Emily"][Options"b=t,max-rounds=1"]\nround\ntotalRob 1 Nick 0 Emily 0\n',
        '[Ruleset"truf-jb"][Players"a Budi Citra Dewi"]\ndeal \ntotalDewi 9 Budi 1 Citra 0 Dewi 4\n',
    ],
)
def test_shrunk_inputs_of_a_header_without_number_and_a_damaged_total(text: str) -> None:
    found = codes(text)
    assert ("REC016", 2) in found


class _CountingWords:
    """Stands for the pattern that finds the cards of a run, counting the cards it reads."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.read = 0

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        for match in self.pattern.finditer(text):
            self.read += 1
            yield match


def test_a_trick_of_thousands_of_one_card_is_read_once_for_all_its_diagnostics(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found as a slow input: each repeated card is a diagnostic that points at the card, and
    the position of each was found by reading the run from its start, so a line of n cards cost
    n * n / 2 card reads (a second and more for a 6 kB record)."""
    words = _CountingWords(records._WORD)
    monkeypatch.setattr(records, "_WORD", words)
    cards = 3_000
    text = (
        '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]\ndeal 1\nplay\n  1. Budi: 2S 4S '
        + "8S " * cards
        + "\n"
    )
    report = trufspec.check_text(text, "found.truf")
    repeated = [d for d in report.diagnostics if d.code == "REC013"]
    assert len(repeated) == PER_LINE  # of the 2,999 repeats: see trufspec.diagnostics.PER_LINE
    assert [(d.span.line, d.span.column) for d in repeated[:2]] == [(5, 21), (5, 24)]
    assert words.read <= 2 * (cards + 2)


HEAD = '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]\n'


@pytest.mark.parametrize(
    ("text", "column"),
    [
        (HEAD + "deal 1\ntotal Ana {n}\n", 11),
        (HEAD + "deal 1\nvotes Ana -{n}\n", 11),
        (HEAD + "deal 1\nbids Ana: {n}\n", 11),
        (HEAD + "deal 1\nplay\n  {n}. Ana: AS\n", 3),
        (HEAD + "deal {n}\n", 6),
    ],
)
@pytest.mark.parametrize("digits", [19, 5_000])
def test_a_number_of_more_than_18_digits_is_a_syntax_error(
    text: str, column: int, digits: int
) -> None:
    """Found as a crash: Python refuses to convert a number of more than 4,300 digits."""
    text = text.format(n="7" * digits)
    report = trufspec.check_text(text, "found.truf")
    [error] = [d for d in report.diagnostics if d.code == "REC001"]
    assert (
        error.message
        == "a number has at most 18 digits, so that every figure fits a 64-bit integer"
    )
    assert (error.span.line, error.span.column) == (text.count("\n"), column)
    assert trufspec.format_bytes(text.encode(), "found.truf").output is None


def test_a_number_of_18_digits_is_read() -> None:
    report = trufspec.check_text(
        HEAD + "deal 1\ntotal Ana 999999999999999999 Budi -999999999999999999\n", "found.truf"
    )
    assert not [d for d in report.diagnostics if d.code == "REC001"]


@pytest.mark.parametrize("digits", [19, 5_000])
def test_an_option_of_more_than_18_digits_is_refused(digits: int) -> None:
    """Found as a crash: an ``Options`` value of 5,000 digits was converted to a number."""
    value = "9" * digits
    text = (
        f'[Ruleset "tromplemond"]\n[Players "Rob Sam Nick Emily"]\n[Options "max-rounds={value}"]\n'
    )
    report = trufspec.check_text(text, "found.truf")
    [refused] = [d for d in report.diagnostics if d.code == "REC014"]
    assert refused.message.startswith("option 'max-rounds' must be a whole number from ")
    assert refused.span.line == 3


JSON_HEAD = {
    "tags": [
        {"name": "Ruleset", "value": "truf-jb"},
        {"name": "Players", "value": "Ana Budi Citra Dewi"},
    ]
}


@pytest.mark.parametrize(
    ("section", "pointer"),
    [
        # Found as a crash of the printer: a bid of a player with neither cards nor a number.
        ({"section": "bids", "entries": [{"player": "0"}]}, "/entries/0"),
        # Found as a crash of the printer: a vote of nobody, neither target nor voter.
        ({"section": "votes", "entries": [{"target": None}]}, "/entries/0"),
        # Found printed as "Emily None", which no reader reads: a tally without its count.
        ({"section": "votes", "entries": [{"target": "Emily"}]}, "/entries/0"),
    ],
)
def test_a_json_record_the_notation_cannot_say_is_a_finding_everywhere(
    section: dict[str, object], pointer: str
) -> None:
    """The JSON records above passed the schema and then stopped the check, the readings and
    the service's referee with a traceback; each is now one REC001 with its pointer, in the
    check, the score sheet, the readings and the referee alike."""
    from trufspec.batch import checked
    from trufspec.jsonrecords.model import RecordDocument
    from trufspec.notation.blocks import Block
    from trufspec.output import sheet
    from trufspec.readings.corpus import block_readings
    from trufspec.readings.replay import LIMIT
    from trufspec.serve import work
    from trufspec.serve.models import Problem, RefereeRequest

    game = {
        **JSON_HEAD,
        "deals": [{"number": 1, "sections": [{"section": "dealer", "player": "Ana"}, section]}],
    }
    data = json.dumps({"version": 1, "games": [game]}, indent=2).encode()
    where = "/games/0/deals/0/sections/1" + pointer
    _, games, report = checked(Block(data, 1, json=True), "found.json", None)
    # The deal that lost its entry is not judged (REC016), as one with a syntax error is not.
    assert [(d.code, d.pointer) for d in report.diagnostics] == [
        ("REC016", "/games/0/deals/0"),
        ("REC001", where),
    ]
    assert sheet.render_text(sheet.sheets("found.json", games, report.games))
    readings = block_readings((0, "found.json", Block(data, 1, json=True)), None, LIMIT)
    assert [(d.code, d.pointer) for d in readings.diagnostics] == [("REC001", where)]
    (skipped,) = readings.games
    assert skipped.skipped is not None
    document = msgspec.json.decode(data, type=RecordDocument)
    answer = work.referee(RefereeRequest(document))
    assert isinstance(answer, Problem)
    # Well formed by the service's document, refused by what the record says: 409, with the code.
    assert (answer.status, answer.code) == (409, "REC001")
