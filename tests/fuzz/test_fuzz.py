"""Whatever the input, reading, checking and formatting answer with values, never an exception.

The validator is run on files from anywhere: half-written records, files in another encoding,
binary files picked up by a glob.  So the parser and the public API are fed random text, random
bytes, and valid records damaged at random (characters and lines deleted, inserted, duplicated,
swapped), and what they return must stay sound: diagnostics placed inside the text, and a
formatted file that reads back without an error and formats to itself.

The sample records of every ruleset are also damaged by the mutations of the fuzzing campaign
(:mod:`fuzz.mutate`, which knows the notation's lines and tokens), and so is their JSON form
(:mod:`fuzz.mutate_json`, which knows its structure): a bounded run of the campaign that
``python -m fuzz`` (``--json``) runs at length.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

import pytest
from budgets import examples
from damage import SEED, SEEDS, VOCABULARY, Draw, assert_sound, damaged_records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trufspec
import trufspec.jsonrecords
from fuzz.__main__ import main as campaign
from fuzz.mutate import mutate, mutate_bytes
from fuzz.mutate_json import json_seeds, mutate_json
from fuzz.oracle import Failure, minimise, minimise_json, probe
from trufspec.diagnostics import Severity
from trufspec.notation.parse import parse_text
from trufspec.records import Hands

# When an example fails, Hypothesis loads a helper that writes the failing example as a patch,
# and that helper warns on import; the suite turns warnings into errors, which would replace
# the report of the failure with an internal error.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def assert_parses_soundly(text: str) -> None:
    parsed = parse_text(text)
    assert_sound(text, parsed.diagnostics)
    for game, deal in parsed.damaged:
        assert 0 <= game < len(parsed.games) and 0 <= deal < len(parsed.games[game].deals)


def assert_formats_soundly(data: bytes) -> None:
    """A formatted file reads back without an error, and formatting it again changes nothing."""
    formatted = trufspec.format_bytes(data, "fuzz.truf")
    if formatted.output is None:
        assert formatted.diagnostics
        assert all(d.severity is Severity.ERROR for d in formatted.diagnostics)
        return
    again = parse_text(formatted.output)
    assert again.ok, [d.message for d in again.diagnostics]
    assert trufspec.format_bytes(formatted.output.encode(), "fuzz.truf").output == formatted.output


def assert_checks_soundly(data: bytes) -> None:
    report = trufspec.check_bytes(data, "fuzz.truf")
    text = data.decode("utf-8", errors="replace")
    assert_sound(text, report.diagnostics)


@st.composite
def damaged_bytes(draw: Draw) -> bytes:
    """The seed as bytes with invalid UTF-8, NUL bytes or a torn multi-byte character inside."""
    data = SEED.encode("utf-8")
    at = draw(st.integers(0, len(data)))
    piece = draw(
        st.sampled_from([b"\x00", b"\xff", b"\xc3", b"\xe2\x99", b"\xed\xa0\x80", b"\xef\xbb\xbf"])
    )
    return data[:at] + piece + data[at:]


FUZZ = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@pytest.mark.slow
@FUZZ
@given(st.text())
def test_random_text_reads_without_exception(text: str) -> None:
    assert_parses_soundly(text)


@FUZZ
@given(damaged_records())
def test_damaged_records_read_check_and_format_soundly(text: str) -> None:
    assert_parses_soundly(text)
    data = text.encode("utf-8", errors="surrogatepass")
    assert_checks_soundly(data)
    assert_formats_soundly(data)


@settings(max_examples=examples(60), deadline=None)
@given(st.binary(max_size=300) | damaged_bytes())
def test_random_bytes_are_checked_and_formatted_soundly(data: bytes) -> None:
    assert_checks_soundly(data)
    assert_formats_soundly(data)


def test_the_campaign_seeds_every_ruleset() -> None:
    rulesets = {
        line for text in SEEDS for line in text.splitlines() if line.startswith("[Ruleset ")
    }
    assert {r.split('"')[1] for r in rulesets} >= {
        "truf-jb",
        "truf-basics",
        "truf-de",
        "ruff-and-honours",
        "tromplemond",
    }


@pytest.mark.slow
@settings(max_examples=examples(2_000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SEEDS), st.randoms(use_true_random=False), st.booleans())
def test_records_of_every_ruleset_damaged_by_the_campaign_check_soundly(
    seed: str, rng: Any, as_bytes: bool
) -> None:
    """The mutations of ``python -m fuzz``: tokens of the wrong kind, numbers at the edges,
    names unknown, repeated or look-alike, lines and sections moved, odd characters; and, for
    some inputs, damaged bytes on top."""
    data = mutate(seed, rng, VOCABULARY).encode("utf-8", errors="surrogatepass")
    if as_bytes:
        data = mutate_bytes(data, rng)
    assert_checks_soundly(data)
    assert_formats_soundly(data)


def test_bytes_that_are_not_text_are_refused_with_a_position() -> None:
    for data, line in [
        (b"deal 1\n\x00", 2),
        (b"[Event \xff]", 1),
        (SEED.encode()[:40] + b"\xe2\x99", 2),
    ]:
        report = trufspec.check_bytes(data, "bin.truf")
        assert [d.code for d in report.diagnostics] == ["REC002"]
        assert report.diagnostics[0].span.line == line
        assert trufspec.format_bytes(data, "bin.truf").output is None


def test_a_two_megabyte_line() -> None:
    """One enormous line, of cards and of garbage: read in one piece, without recursion or error storms."""
    cards = "deal 1\nhands\n  Ana: " + "AS " * 700_000 + "\n"
    parsed = parse_text(cards)
    assert parsed.ok
    assert len(cast(Hands, parsed.games[0].deals[0].sections[0]).entries[0].cards) == 700_000
    garbage = "deal 1\n" + "x" * 2_000_000
    assert_parses_soundly(garbage)


def test_deep_garbage_of_open_brackets_and_braces() -> None:
    for text in ["[" * 10_000, "{" * 10_000, "deal 1\n" + "[" * 10_000, '[Event "' + "{" * 10_000]:
        assert_parses_soundly(text)
        assert_checks_soundly(text.encode())
        assert trufspec.format_bytes(text.encode(), "deep.truf").output is None


def test_formatting_a_file_of_comments_only_keeps_them() -> None:
    """A formatter that cannot place a comment must refuse, not drop it."""
    for text in ["; a record to come\n", "{ nothing yet }\n"]:
        assert trufspec.format_bytes(text.encode(), "notes.truf").output in (None, text)


def test_many_lines_of_garbage_stop_at_a_hundred_errors() -> None:
    text = "deal 1\n" + "@@\n" * 5_000
    parsed = parse_text(text)
    assert_sound(text, parsed.diagnostics)
    assert len(parsed.diagnostics) <= 101


def test_the_campaign_reports_an_exception_and_shrinks_its_input(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The oracle of ``python -m fuzz``: an exception is a failure named by its type, and the
    input is shrunk to the bytes that raise it."""

    def broken(data: bytes, path: str) -> None:
        if b"@@" in data:
            raise KeyError("Zed")

    monkeypatch.setattr(trufspec, "check_bytes", broken)
    monkeypatch.setattr(trufspec, "format_bytes", lambda data, path: None)
    data = SEED.replace("dealer Ana", "dealer @@").encode()
    failure = probe(data)
    assert failure is not None and failure.signature == "KeyError at ?"
    assert "KeyError: 'Zed'" in failure.detail
    assert minimise(data, failure.signature) == b"@@"
    assert probe(SEED.encode()) is None


def test_a_short_campaign_prints_its_rate_and_finds_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert campaign(["--inputs", "40", "--seed", "3", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(r"40 inputs in \d+ s \(\d+/s\): 0 failures, 0 distinct\n", out)
    assert not list(tmp_path.iterdir())


JSON_SEEDS = json_seeds()


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(JSON_SEEDS), st.randoms(use_true_random=False), st.booleans())
def test_json_records_damaged_by_the_campaign_are_answered_with_values(
    seed: Any, rng: Any, as_bytes: bool
) -> None:
    """The JSON way in, as ``python -m fuzz --json`` takes it: the JSON form of the sample
    records with keys removed, values swapped for others of any type, items dropped, repeated
    or exchanged, and for some inputs damaged bytes on top; checked, scored and converted (one
    in five also read under every reading, reported and resumed by the referee), and what the
    JSON reader admits read the same by the notation."""
    data = mutate_json(seed, rng)
    if as_bytes:
        data = mutate_bytes(data, rng)
    assert probe(data, fmt=rng.random() < 0.2, json=True) is None


def test_a_json_failure_is_shrunk_to_the_members_that_cause_it() -> None:
    """The campaign shrinks a failing JSON record by its structure: every member and item
    whose removal keeps the failure goes."""
    document = json.loads(trufspec.jsonrecords.write_json(trufspec.loads(SEED).games))
    document["games"][0]["deals"][0]["sections"][2]["entries"][1] = {"player": "0"}

    def check(candidate: bytes) -> Failure | None:
        found = b'"player": "0"' in candidate
        return Failure("AssertionError", "printer.py:1", "") if found else None

    data = json.dumps(document).encode()
    small = minimise_json(data, "AssertionError at printer.py:1", check)
    assert json.loads(small) == {
        "games": [{"deals": [{"sections": [{"entries": [{"player": "0"}]}]}]}]
    }


@pytest.mark.slow
def test_a_short_json_campaign_prints_its_rate_and_finds_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert campaign(["--json", "--inputs", "40", "--seed", "3", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(r"40 inputs in \d+ s \(\d+/s\): 0 failures, 0 distinct\n", out)
    assert not list(tmp_path.iterdir())
