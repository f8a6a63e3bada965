"""The renderers print exactly what a report holds: carets under the right token, the clause and
its citation, and the JSON contract of ``docs/json-output.rst`` key for key."""

from __future__ import annotations

import json
import sys
import types
from typing import Any

import pytest
from attrs import frozen

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.output import json as json_report
from trufspec.output import text
from trufspec.records import Span
from trufspec.validator.report import DealResult, FileReport, GameResult, Report, excerpts

SOURCE = """\
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]

deal 1
tricks Ana 3 Budi 6 Citra 1 Dewi 3
"""


@frozen
class FakeCitation:
    source: str
    locator: str
    quote: str


@frozen
class FakeClause:
    code: str
    title: str
    citations: tuple[FakeCitation, ...]


FOLLOW_SUIT = FakeClause(
    code="JB321",
    title="follow suit",
    citations=(
        FakeCitation(
            "truf-jb", "Playing 5", "The other player must play a card with the same suit"
        ),
    ),
)


def diagnostic(
    span: Span, code: str = "REC101", severity: Severity = Severity.ERROR, **kwargs: Any
) -> Diagnostic:
    return Diagnostic(code, severity, "something is wrong", span, **kwargs)


def render(*diagnostics: Diagnostic, source: str = SOURCE) -> str:
    return text.render_file(FileReport("a.truf", (), diagnostics, excerpts(source, diagnostics)))


# ------------------------------------------------------------------------ text


def test_header_is_path_line_column_severity_code_message() -> None:
    out = render(diagnostic(Span(5, 14, 5, 20)))
    assert out.splitlines()[0] == "a.truf:5:14: error REC101 something is wrong"


def test_source_line_with_gutter_and_carets_under_the_span() -> None:
    lines = render(diagnostic(Span(5, 14, 5, 20))).splitlines()
    assert lines[1] == "5 | tricks Ana 3 Budi 6 Citra 1 Dewi 3"
    assert lines[2] == "  |              ^^^^^^"
    # The carets stand exactly under columns 14..19 of the source line.
    start = lines[2].index("^") - len("  | ")
    assert SOURCE.splitlines()[4][start : start + 6] == "Budi 6"


def test_gutter_is_as_wide_as_the_line_number() -> None:
    source = "\n" * 11 + "deal 12\n"
    lines = render(diagnostic(Span(12, 6, 12, 8)), source=source).splitlines()
    assert lines[1] == "12 | deal 12"
    assert lines[2] == "   |      ^^"


def test_at_least_one_caret_and_clamped_to_the_line() -> None:
    empty = render(diagnostic(Span(4, 3, 4, 3))).splitlines()
    assert empty[2] == "  |   ^"
    past_end = render(diagnostic(Span(4, 40, 4, 50))).splitlines()
    assert past_end[2] == "  |       ^"
    multi_line = render(diagnostic(Span(4, 1, 5, 7))).splitlines()
    assert multi_line[2] == "  | ^^^^^^"


def test_tabs_before_the_token_keep_the_caret_aligned() -> None:
    lines = render(diagnostic(Span(1, 3, 1, 5)), source="\tx AS\n").splitlines()
    assert lines[2] == "  | \t ^^"


def test_control_characters_are_not_sent_to_the_terminal() -> None:
    lines = render(diagnostic(Span(1, 1, 1, 2)), source="\x1b[2Jdeal\n").splitlines()
    assert "\x1b" not in "".join(lines)
    assert lines[1] == "1 | \ufffd[2Jdeal"


def test_diagnostic_without_position_has_no_source_line() -> None:
    out = render(diagnostic(Span(0, 0, 0, 0), code="REC002"))
    assert out == "a.truf: error REC002 something is wrong\n"


def test_diagnostics_are_sorted_by_position() -> None:
    out = render(
        diagnostic(Span(5, 14, 5, 20), code="JB401"),
        diagnostic(Span(0, 0, 0, 0), code="REC002"),
        diagnostic(Span(4, 1, 4, 5), code="JB101"),
    )
    headers = [line for line in out.splitlines() if line.startswith("a.truf")]
    assert [h.split()[2] for h in headers] == ["REC002", "JB101", "JB401"]


def test_consequential_diagnostic_says_so() -> None:
    out = render(diagnostic(Span(5, 1, 5, 7), consequential=True))
    assert out.splitlines()[0].endswith("something is wrong (consequence of an earlier error)")


def test_severity_words() -> None:
    for severity in Severity:
        out = render(diagnostic(Span(5, 1, 5, 7), severity=severity))
        assert out.startswith(f"a.truf:5:1: {severity.value} REC101 ")


def test_clause_citation_suffix_names_title_source_locator_and_quote() -> None:
    out = render(diagnostic(Span(5, 1, 5, 7), code="JB321", clause=FOLLOW_SUIT))
    assert out.splitlines()[0] == (
        "a.truf:5:1: error JB321 something is wrong [follow suit: Truf House Rule 1, "
        'Playing 5 "The other player must play a card with the same suit"]'
    )


def test_unknown_source_falls_back_to_its_id(monkeypatch: pytest.MonkeyPatch) -> None:
    clause = FakeClause("XX100", "a rule", (FakeCitation("elsewhere", "Part 2", "Some words"),))
    fake = types.ModuleType("trufspec.spec.sources")
    fake.SOURCES = {}  # type: ignore[attr-defined]  # a bare module, given the one name read
    monkeypatch.setitem(sys.modules, "trufspec.spec.sources", fake)
    out = render(diagnostic(Span(5, 1, 5, 7), clause=clause))
    assert out.splitlines()[0].endswith('[a rule: elsewhere, Part 2 "Some words"]')


def test_long_quotes_are_cut_at_a_word() -> None:
    quote = "The other player must play a card with the same suit as the first card if they can"
    clause = FakeClause("JB321", "follow suit", (FakeCitation("truf-jb", "Playing 5", quote),))
    header = render(diagnostic(Span(5, 1, 5, 7), clause=clause)).splitlines()[0]
    shown = header.split('"')[1]
    assert shown.endswith("...")
    assert quote.startswith(shown.removesuffix("..."))
    assert len(shown) <= text.QUOTE_WIDTH + 3


def test_clause_without_citation() -> None:
    clause = FakeClause("REC101", "known players", ())
    out = render(diagnostic(Span(5, 1, 5, 7), clause=clause))
    assert out.splitlines()[0].endswith("something is wrong [known players]")


def test_related_spans_are_shown_as_notes() -> None:
    related = (("the deal starts here", Span(4, 1, 4, 5)),)
    out = render(diagnostic(Span(5, 14, 5, 20), related=related))
    lines = out.splitlines()
    assert lines[3] == "a.truf:4:1: note: the deal starts here"
    assert lines[5] == "  | ^^^^"


def test_colour_only_when_asked() -> None:
    found = (diagnostic(Span(5, 1, 5, 7)),)
    report = FileReport("a.truf", (), found, excerpts(SOURCE, found))
    assert "\x1b[" not in text.render_file(report)
    assert "\x1b[" in text.render_file(report, color=True)


def test_summary_line() -> None:
    clean = Report((FileReport("a.truf", (game(deals=2),), ()),))
    assert text.render(clean).splitlines()[-1] == "no problems found in 1 file, 1 game, 2 deals"
    broken = Report(
        (
            FileReport("a.truf", (game(deals=14),), (diagnostic(Span(1, 1, 1, 2)),)),
            FileReport("b.truf", (game(), game()), ()),
        )
    )
    assert text.render(broken).splitlines()[-1] == "2 files, 3 games, 14 deals: 1 error, 0 warnings"


# ------------------------------------------------------------------------ JSON


def game(deals: int = 0) -> GameResult:
    return GameResult(
        line=1,
        ruleset="truf-jb",
        players=("Ana", "Budi", "Citra", "Dewi"),
        deals=tuple(DealResult(number=n + 1, line=4 + n) for n in range(deals)),
    )


def test_json_document_keys_and_values() -> None:
    scored = DealResult(1, 5, scores={"Ana": 3, "Budi": -7}, totals={"Ana": 3, "Budi": -7})
    report = Report(
        (
            FileReport(
                "a.truf",
                (
                    GameResult(
                        line=1,
                        ruleset="truf-jb",
                        players=("Ana", "Budi"),
                        deals=(scored, DealResult(2, 9)),
                        winners=("Ana",),
                        options={"zero-bid-miss": "first-trick"},
                    ),
                ),
                (
                    diagnostic(Span(9, 8, 9, 10), severity=Severity.WARNING),
                    diagnostic(
                        Span(5, 1, 5, 7), code="JB321", clause=FOLLOW_SUIT, consequential=True
                    ),
                ),
            ),
        )
    )
    document = json.loads(json_report.render(report))
    assert list(document) == ["version", "files", "summary"]
    assert document["version"] == 2
    [file] = document["files"]
    assert list(file) == ["path", "games", "diagnostics"]
    [game_] = file["games"]
    assert game_ == {
        "line": 1,
        "ruleset": "truf-jb",
        "players": ["Ana", "Budi"],
        "deals": [
            {
                "number": 1,
                "line": 5,
                "scores": {"Ana": 3, "Budi": -7},
                "totals": {"Ana": 3, "Budi": -7},
                "figures": {},
                "contract": None,
                "trump": None,
                "mode": None,
                "tricks": None,
            },
            {
                "number": 2,
                "line": 9,
                "scores": None,
                "totals": None,
                "figures": {},
                "contract": None,
                "trump": None,
                "mode": None,
                "tricks": None,
            },
        ],
        "winners": ["Ana"],
        "options": {"zero-bid-miss": "first-trick"},
    }
    first, second = file["diagnostics"]
    assert first == {
        "code": "JB321",
        "severity": "error",
        "line": 5,
        "column": 1,
        "end_line": 5,
        "end_column": 7,
        "message": "something is wrong",
        "consequential": True,
        "clause": {
            "code": "JB321",
            "title": "follow suit",
            "citation": {
                "source": "truf-jb",
                "locator": "Playing 5",
                "quote": "The other player must play a card with the same suit",
            },
            "url": None,
        },
        "data": {},
        "pointer": None,  # only a finding on a JSON record has one
    }
    assert second["severity"] == "warning"
    assert second["clause"] is None
    assert document["summary"] == {"files": 1, "games": 1, "deals": 2, "errors": 1, "warnings": 1}


def test_json_clause_without_citation() -> None:
    clause = FakeClause("REC101", "known players", ())
    report = Report((FileReport("a.truf", (), (diagnostic(Span(1, 1, 1, 2), clause=clause),)),))
    [entry] = json.loads(json_report.render(report))["files"][0]["diagnostics"]
    assert entry["clause"] == {
        "code": "REC101",
        "title": "known players",
        "citation": None,
        "url": None,
    }


def test_json_summary_counts_over_files() -> None:
    report = Report(
        (
            FileReport(
                "a.truf",
                (game(deals=3),),
                (
                    diagnostic(Span(1, 1, 1, 2)),
                    diagnostic(Span(2, 1, 2, 2)),
                    diagnostic(Span(3, 1, 3, 2), severity=Severity.INFO),
                ),
            ),
            FileReport(
                "-",
                (game(deals=1), game()),
                (diagnostic(Span(0, 0, 0, 0), severity=Severity.WARNING),),
            ),
        )
    )
    document = json.loads(json_report.render(report))
    assert [f["path"] for f in document["files"]] == ["a.truf", "-"]
    assert document["summary"] == {"files": 2, "games": 3, "deals": 4, "errors": 2, "warnings": 1}


def test_json_text_is_utf8_with_a_final_newline() -> None:
    report = Report((FileReport("ä.truf", (GameResult(1, None, ("Ñoño",)),), ()),))
    out = json_report.render(report)
    assert out.endswith("}\n")
    assert "Ñoño" in out and "\\u" not in out
    assert json.loads(out)["files"][0]["games"][0]["ruleset"] is None
