"""``trufspec lsp`` through the protocol: pygls's client drives the server over a real stdio
pipe, as an editor does.  One server serves the module's tests (starting one costs the import
of the rules), each test with documents of its own."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from lsp_session import Session
from lsprotocol import types

from trufspec.api import check_text, format_bytes
from trufspec.diagnostics import Severity

pytestmark = pytest.mark.slow

RECORDS = Path(__file__).resolve().parents[2] / "records"
ALL_RECORDS = sorted(RECORDS.glob("*/*.truf"))
ONE_PER_RULESET = [
    RECORDS / "truf-jb" / "notation-example.truf",
    RECORDS / "truf-basics" / "club-night-2027-03-20.truf",
    RECORDS / "truf-de" / "club-night-2026-10-09.truf",
    RECORDS / "ruff-and-honours" / "club-night-2026-10-06.truf",
    RECORDS / "tromplemond" / "club-night-2026-10-08.truf",
]
HANDS_LINE = re.compile(r"^hands\n  ([A-Za-z][\w-]*): +([0-9TJQKA]{1,2}[SHDC])", re.MULTILINE)
TRICK_LINE = re.compile(r"^ *\d+\. +[\w\"-]+: +(\S+) +(\S+)")


@pytest.fixture(scope="module")
def session() -> Iterator[Session]:
    started = Session()
    yield started
    assert started.stop() == 0


def uri_of(path: Path) -> str:
    return path.resolve().as_uri()


def lines_of(text: str) -> list[str]:
    return text.split("\n")


def test_the_server_says_what_it_can_do(session: Session) -> None:
    capabilities = session.initialized.capabilities
    assert capabilities.hover_provider
    assert capabilities.document_formatting_provider
    assert capabilities.document_symbol_provider
    assert capabilities.code_action_provider
    assert capabilities.completion_provider is not None
    assert capabilities.semantic_tokens_provider is not None
    assert session.initialized.server_info is not None
    assert session.initialized.server_info.name == "trufspec"


@pytest.mark.parametrize("path", ALL_RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_findings_are_the_checks(session: Session, path: Path) -> None:
    """Every sample record gets, line for line, the findings ``trufspec check`` gives it."""
    text = path.read_text(encoding="utf-8")
    uri = uri_of(path)
    session.open(uri, text)
    shown = session.diagnostics(uri, 1)
    expected = check_text(text, str(path)).diagnostics
    assert [(d.code, d.range.start.line + 1) for d in shown] == [
        (d.code, d.span.line) for d in expected
    ]
    assert all(d.source == "trufspec" for d in shown)
    session.close(uri)
    assert session.cleared(uri)


@pytest.mark.parametrize("path", ONE_PER_RULESET, ids=lambda p: p.parent.name)
def test_a_record_of_each_ruleset(session: Session, path: Path) -> None:
    """Open, hover, complete, format and close a record of every ruleset."""
    text = path.read_text(encoding="utf-8")
    lines = lines_of(text)
    uri = uri_of(path)
    session.open(uri, text)
    session.diagnostics(uri, 1)

    # A hover on a tag says what it means; on a card, whose hand it was dealt in.
    tag = session.hover(
        uri, next(n for n, row in enumerate(lines) if row.startswith("[Ruleset")), 2
    )
    assert tag is not None and isinstance(tag.contents, types.MarkupContent)
    assert "ruleset" in tag.contents.value
    dealt = HANDS_LINE.search(text)
    if dealt is not None:
        number = text.count("\n", 0, dealt.start(2))
        column = dealt.start(2) - text.rfind("\n", 0, dealt.start(2)) - 1
        card = session.hover(uri, number, column + 1)
        assert card is not None and isinstance(card.contents, types.MarkupContent)
        assert f"dealt to {dealt.group(1)}" in card.contents.value

    # Completion of a tag's name, and of the Options of the game's ruleset.
    assert "Players" in {item.label for item in session.complete(uri, 0, 1)}
    played = next(((n, m) for n, row in enumerate(lines) if (m := TRICK_LINE.match(row))), None)
    if played is not None:
        # After the lead of a trick: the next player's cards, the card the record plays among
        # the legal ones, which come first.
        number, match = played
        items = session.complete(uri, number, match.end(1) + 1)
        legal = [i.label for i in items if i.sort_text and i.sort_text.startswith("0")]
        assert legal
        assert match.group(2).upper().replace("T", "10") in legal
        assert all(i.detail and i.detail.endswith("(not legal here)") for i in items[len(legal) :])

    # Formatting gives the canonical text, or nothing to change.
    edits = session.format(uri)
    canonical = format_bytes(text.encode(), str(path)).output
    assert canonical is not None
    if canonical == text:
        assert edits == []
    else:
        assert edits is not None
        assert len(edits) == 1
        assert edits[0].new_text == canonical
    # A change (here, a whole line typed again at the end) is checked in its turn.
    end = types.Position(len(lines) - 1, len(lines[-1]))
    version = session.change(uri, "; checked again\n", types.Range(end, end))
    changed = text + "; checked again\n"
    assert [(d.code, d.range.start.line + 1) for d in session.diagnostics(uri, version)] == [
        (d.code, d.span.line) for d in check_text(changed, str(path)).diagnostics
    ]

    symbols = session.symbols(uri)
    assert symbols
    assert symbols[0].children
    assert any(child.name.startswith(("deal", "round")) for child in symbols[0].children)
    tokens = session.tokens(uri)
    assert tokens
    assert len(tokens) % 5 == 0
    session.close(uri)
    assert session.cleared(uri)


BASICS = RECORDS / "truf-basics" / "club-night-2027-03-20.truf"


def test_a_change_is_checked_and_its_fix_offered(session: Session, tmp_path: Path) -> None:
    text = BASICS.read_text(encoding="utf-8")
    lines = lines_of(text)
    uri = (tmp_path / "changed.truf").as_uri()
    session.open(uri, text)
    assert not [d for d in session.diagnostics(uri, 1) if d.severity == 1]
    number = next(n for n, row in enumerate(lines) if row.startswith("score"))
    match = re.search(r"(\w+) +(-?\d+)", lines[number][5:])
    assert match is not None
    player, figure = match.group(1), match.group(2)
    start = 5 + match.start(2)
    wrong = str(int(figure) + 7)
    at = types.Range(types.Position(number, start), types.Position(number, start + len(figure)))
    version = session.change(uri, wrong, at)
    found = [d for d in session.diagnostics(uri, version) if d.range.start.line == number]
    assert found
    assert found[0].severity == types.DiagnosticSeverity.Error
    assert player in found[0].message
    assert isinstance(found[0].code, str)

    hover = session.hover(uri, number, start)
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    said = hover.contents.value
    assert found[0].code in said
    assert "“" in said

    fixes = session.fixes(uri, found[0].range)
    assert fixes
    assert fixes[0].edit is not None
    assert fixes[0].edit.changes is not None
    (edit,) = fixes[0].edit.changes[uri]
    assert edit.new_text == figure
    version = session.change(uri, edit.new_text, edit.range)
    assert not [d for d in session.diagnostics(uri, version) if d.severity == 1]
    session.close(uri)


def test_a_consequence_points_at_its_fault(session: Session, tmp_path: Path) -> None:
    """Ana revokes in trick 1 (she holds hearts): what follows in the deal points back at it."""
    text = BASICS.read_text(encoding="utf-8").replace("1. Dewi:  8H AH", "1. Dewi:  8H QS", 1)
    fault = lines_of(text).index("   1. Dewi:  8H QS 4H 5H")
    uri = (tmp_path / "revoke.truf").as_uri()
    session.open(uri, text)
    found = session.diagnostics(uri, 1)
    (revoke,) = [d for d in found if d.range.start.line == fault]
    assert revoke.related_information is None
    follows = [d for d in found if d.related_information and d.range.start.line > fault]
    assert follows
    for diagnostic in follows:
        (related,) = diagnostic.related_information or ()
        assert related.location.range == revoke.range
        assert related.message.startswith(f"this follows from {revoke.code}")
    session.close(uri)


def test_every_first_cause_is_fixed_at_once(session: Session, tmp_path: Path) -> None:
    """The fix-all action writes every figure the rules work out, and a check of the result
    finds no error."""
    text = BASICS.read_text(encoding="utf-8")
    wrong = text.replace("score  Ana 2 Budi 3 Citra -2", "score  Ana 2 Budi 4 Citra -1", 1)
    uri = (tmp_path / "fix-all.truf").as_uri()
    session.open(uri, wrong)
    assert [d for d in session.diagnostics(uri, 1) if d.severity == 1]
    everything = types.Range(types.Position(0, 0), types.Position(0, 0))
    (action,) = session.fixes(uri, everything, ["source.fixAll"])
    assert action.kind == "source.fixAll.trufspec"
    assert action.edit is not None
    assert action.edit.changes is not None
    edits = sorted(
        action.edit.changes[uri],
        key=lambda e: (e.range.start.line, e.range.start.character),
        reverse=True,
    )
    lines = lines_of(wrong)
    for edit in edits:  # from the end, so that each range still holds
        start, end = edit.range.start, edit.range.end
        assert start.line == end.line
        line = lines[start.line]
        lines[start.line] = line[: start.character] + edit.new_text + line[end.character :]
    fixed = "\n".join(lines)
    assert not [d for d in check_text(fixed).diagnostics if d.severity is Severity.ERROR]
    session.close(uri)


def test_a_misspelt_keyword_is_corrected(session: Session, tmp_path: Path) -> None:
    text = BASICS.read_text(encoding="utf-8").replace("\ntricks", "\ntrikcs", 1)
    uri = (tmp_path / "misspelt.truf").as_uri()
    session.open(uri, text)
    (error,) = [d for d in session.diagnostics(uri, 1) if d.code == "REC001"]
    (fix,) = session.fixes(uri, error.range)
    assert fix.edit is not None
    assert fix.edit.changes is not None
    assert [e.new_text for e in fix.edit.changes[uri]] == ["tricks"]
    assert session.format(uri) is None  # a text with syntax errors is not reprinted
    assert any("not formatted" in m for m in session.messages)
    session.close(uri)


def test_a_burst_of_changes_is_checked_once_at_its_end(session: Session, tmp_path: Path) -> None:
    text = BASICS.read_text(encoding="utf-8")
    uri = (tmp_path / "burst.truf").as_uri()
    session.open(uri, text)
    session.diagnostics(uri, 1)
    before = len(session.published[uri])
    cut = len(text) // 2
    for size in range(cut, cut + 60):
        version = session.change(uri, text[:size])
    version = session.change(uri, text)
    final = session.diagnostics(uri, version)
    assert [(d.code, d.range.start.line + 1) for d in final] == [
        (d.code, d.span.line) for d in check_text(text).diagnostics
    ]
    # Debounced: far fewer checks than changes, and none published after a newer one.
    published = session.published[uri][before:]
    assert len(published) < 20
    versions = [cast(int, p.version) for p in published]
    assert versions == sorted(versions)
    session.close(uri)


def test_completion_of_values(session: Session, tmp_path: Path) -> None:
    text = '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra"]\n[Options "deals="]\n\ndeal 1\n'
    uri = (tmp_path / "values.truf").as_uri()
    session.open(uri, text)
    session.diagnostics(uri, 1)
    ids = {item.label for item in session.complete(uri, 0, len('[Ruleset "'))}
    assert {"truf-jb", "truf-basics", "truf-de", "ruff-and-honours", "tromplemond"} <= ids
    keys = {item.label for item in session.complete(uri, 2, len('[Options "'))}
    assert "deals" in keys
    values = session.complete(uri, 2, len('[Options "deals='))
    assert values
    assert all(item.kind in (12, 20) for item in values)
    first = {item.label for item in session.complete(uri, 5, 0)}
    assert {"hands", "bids", "contract", "play", "score", "Ana", "Citra"} <= first
    session.close(uri)


def test_words_and_colours(session: Session, tmp_path: Path) -> None:
    """A hover over a keyword says what it means; the semantic tokens colour a red card red."""
    text = '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]\n\ndeal 1\nhands\n  Ana: QH\n'
    uri = (tmp_path / "words.truf").as_uri()
    session.open(uri, text)
    session.diagnostics(uri, 1)
    hands = session.hover(uri, 4, 1)
    assert hands is not None and isinstance(hands.contents, types.MarkupContent)
    assert "hands as dealt" in hands.contents.value
    provider = session.initialized.capabilities.semantic_tokens_provider
    assert provider is not None
    legend = provider.legend
    data = session.tokens(uri)
    found, line, start = {}, 0, 0
    for index in range(0, len(data), 5):
        delta_line, delta_start, length, kind, modifiers = data[index : index + 5]
        line, start = line + delta_line, (start + delta_start if delta_line == 0 else delta_start)
        word = lines_of(text)[line][start : start + length]
        found[word] = (legend.token_types[kind], modifiers)
    assert found["QH"] == ("enumMember", 1 << legend.token_modifiers.index("red"))
    assert found["hands"][0] == "keyword"
    assert found["Ruleset"][0] == "property"
    session.close(uri)


def test_positions_outside_the_document_are_answered_empty(
    session: Session, tmp_path: Path
) -> None:
    text = '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]\n; 🂡 a wide character\n'
    uri = (tmp_path / "outside.truf").as_uri()
    session.open(uri, text)
    session.diagnostics(uri, 1)
    for line, character in ((99, 0), (0, 500), (10**6, 10**6), (2, 3)):
        # (2, 3) falls between the two UTF-16 units of the card's character.
        assert session.hover(uri, line, character) is None
        assert session.complete(uri, line, character) == []
    missing = "file:///nowhere/never-opened.truf"
    assert session.hover(missing, 0, 0) is None
    assert session.format(missing) is None
    session.close(uri)


@pytest.mark.parametrize(
    "text",
    [
        "\x00\x01\x02binary\xff\ufffe",
        "deal 1\nhands\n  Ana: AS AS AS\n",
        '[Ruleset "truf-jb"\n[Players',
        "\ud800 a lone surrogate",
        "play\n 1. : : : = = =\n" * 50,
        "{ never closed " + "x" * 1000,
    ],
    ids=["binary", "half-typed", "open-tag", "surrogate", "garbage", "open-comment"],
)
def test_bad_text_never_crashes_the_server(session: Session, tmp_path: Path, text: str) -> None:
    uri = (tmp_path / "bad.truf").as_uri()
    session.open(uri, text)
    session.diagnostics(uri, 1)
    for line in range(3):
        for character in (0, 3, 8):
            session.hover(uri, line, character)
            session.complete(uri, line, character)
    session.format(uri)
    session.symbols(uri)
    session.tokens(uri)
    session.fixes(uri, types.Range(types.Position(0, 0), types.Position(5, 0)))
    # Incremental edits at places that are not in the text are taken in without a crash.
    session.change(uri, "x", types.Range(types.Position(50, 70), types.Position(60, 0)))
    version = session.change(uri, '[Ruleset "truf-jb"]\n')
    assert session.diagnostics(uri, version) is not None
    session.close(uri)
    assert session.cleared(uri)
    assert session.hover(uri, 0, 0) is None  # the server is still there


def test_a_document_not_saved_yet(session: Session) -> None:
    uri = "untitled:Untitled-1"
    text = BASICS.read_text(encoding="utf-8").replace("\ntricks", "\ntrikcs", 1)
    session.open(uri, text)
    assert [d.code for d in session.diagnostics(uri, 1) if d.severity == 1] == ["REC001"]
    assert session.hover(uri, 0, 2) is not None
    session.close(uri)
    assert session.cleared(uri)


def test_binary_text_is_reported_as_the_check_reports_it(session: Session, tmp_path: Path) -> None:
    uri = (tmp_path / "binary.truf").as_uri()
    session.open(uri, '[Event "x"]\x00')
    (finding,) = session.diagnostics(uri, 1)
    assert finding.code == "REC002"
    assert finding.severity == types.DiagnosticSeverity.Error
    session.close(uri)


def test_a_huge_document_leaves_the_server_answering(session: Session, tmp_path: Path) -> None:
    """While a large text is checked, requests are answered; a change abandons the check."""
    game = BASICS.read_text(encoding="utf-8")
    text = (game + "\n") * 120  # about 700 kB
    uri = (tmp_path / "huge.truf").as_uri()
    session.open(uri, text)
    hover = session.hover(uri, 1, 2)
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "Site" in hover.contents.value
    assert not session.published.get(uri)  # answered before the check was over
    version = session.change(uri, game)
    final = session.diagnostics(uri, version)
    assert [(d.code, d.range.start.line + 1) for d in final] == [
        (d.code, d.span.line) for d in check_text(game).diagnostics
    ]
    assert all(p.version == version for p in session.published[uri])
    session.close(uri)


def test_settings_come_from_the_configuration(session: Session, tmp_path: Path) -> None:
    """The document's directory, or the nearest above it, holds the settings."""
    (tmp_path / "pyproject.toml").write_text(
        '[tool.trufspec]\nselect = ["TB", "REC001"]\nignore = ["TB503"]\n'
        'rules-url = "https://example.org/rules/"\n',
        encoding="utf-8",
    )
    text = BASICS.read_text(encoding="utf-8").replace("Budi 2 Citra -2", "Budi 2 Citra -3", 1)
    text = text.replace("\nscore", "\nscroe", 2)
    path = tmp_path / "record.truf"
    expected = check_text(text).diagnostics
    assert any(d.code.startswith("REC0") and d.code != "REC001" for d in expected)
    session.open(path.as_uri(), text)
    found = session.diagnostics(path.as_uri(), 1)
    assert found
    assert all(d.code == "REC001" or str(d.code).startswith("TB") for d in found)
    assert all(d.code != "TB503" for d in found)
    linked = [d for d in found if d.code_description is not None]
    assert linked
    link = linked[0].code_description
    assert link is not None
    assert link.href.startswith("https://example.org/rules/")
    session.close(path.as_uri())


def test_a_bad_setting_is_said_once_and_left_out(session: Session, tmp_path: Path) -> None:
    (tmp_path / "trufspec.toml").write_text(
        'select = ["NOPE"]\noptions = { no-such-reading = "x" }\n', encoding="utf-8"
    )
    path = tmp_path / "record.truf"
    session.open(path.as_uri(), BASICS.read_text(encoding="utf-8"))
    assert session.diagnostics(path.as_uri(), 1) is not None
    said = [m for m in session.messages if "NOPE" in m]
    assert len(said) == 1
    assert "select" in said[0]
    assert any("options" in m and "no-such-reading" in m for m in session.messages)
    session.close(path.as_uri())


def test_positions_in_utf8_when_the_client_asks(tmp_path: Path) -> None:
    session = Session(encodings=[types.PositionEncodingKind.Utf8])
    try:
        assert session.initialized.capabilities.position_encoding == "utf-8"
        text = '[Event "Café ♠"] [Site "x"]\n[Ruleset "truf-jb"]\n[Players "Ana Budi Citra"]\n'
        uri = (tmp_path / "utf8.truf").as_uri()
        session.open(uri, text)
        session.diagnostics(uri, 1)
        site = text.encode().index(b"Site")
        hover = session.hover(uri, 0, site + 1)
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert "Site" in hover.contents.value
        assert hover.range is not None
        assert hover.range.start.character == site
    finally:
        assert session.stop() == 0


def test_severities() -> None:
    """The four severities map to the protocol's four, in the same order of gravity."""
    from trufspec.lsp.findings import _SEVERITIES

    assert [_SEVERITIES[s].value for s in Severity] == [1, 2, 3, 4]


def test_a_json_record_gets_its_findings_on_its_own_text(session: Session, tmp_path: Path) -> None:
    """A JSON record is checked as ``trufspec check`` checks it, and each finding stands on the
    value its JSON Pointer names: Citra's 3♣ that breaks follow suit."""
    from trufspec.jsonrecords import write_json

    source = RECORDS / "truf-jb" / "clauses" / "JB305-follow-suit.bad.truf"
    text = write_json(check_text_games(source)).decode("utf-8")
    lines = lines_of(text)
    uri = (tmp_path / "follow-suit.json").as_uri()
    session.open(uri, text)
    (found,) = [d for d in session.diagnostics(uri, 1) if d.code == "JB305"]
    line, start = found.range.start.line, found.range.start.character
    assert lines[line][start : found.range.end.character] == '"3C"'
    # Formatting lays it out as convert does; a document that is no record is refused.
    assert session.format(uri) == []
    session.close(uri)
    broken = (tmp_path / "broken.json").as_uri()
    session.open(broken, '{"version": 1, "games": [{"tags": 7}]}')
    (problem,) = session.diagnostics(broken, 1)
    assert problem.code == "REC001"
    assert problem.range.start.character == problem.range.end.character - 1  # on the 7
    assert session.format(broken) is None
    session.close(broken)


def check_text_games(path: Path) -> tuple[Any, ...]:
    from trufspec.api import loads

    return loads(path.read_text(encoding="utf-8"), str(path)).games
