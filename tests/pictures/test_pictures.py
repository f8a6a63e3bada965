"""The pictures: the SVG API and the HTML report, read back as markup.

The report is parsed, not grepped: every diagnostic that points at a card must have that card
marked (by the diagnostic's index) in the deal diagram and, for a card played, in the trick of
the replay; every point of a score chart must carry the running total the check recomputed.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

import trufspec
from trufspec.cli import main
from trufspec.pictures import chart_svg, deal_svg, trick_svg
from trufspec.pictures.html import Source, read_source, render_report
from trufspec.records import Cards, Cut, Discards, Game, Hands, Play, Stock, Undealt
from trufspec.validator.report import FileReport

RECORDS = Path(__file__).resolve().parents[2] / "records"

FULL = [
    "truf-jb/club-night-2027-03-05.truf",
    "truf-jb/kampus-league-three-players-2027-05-14.truf",
    "truf-basics/club-night-2027-03-20.truf",
    "truf-de/club-night-2026-10-09.truf",
    "ruff-and-honours/club-night-2026-10-06.truf",
    "tromplemond/worked-example-as-printed.truf",
    "tromplemond/club-night-2026-10-08.truf",
]
SHEETS = [
    "truf-jb/score-sheet-kampus-league-2027-06-11.truf",
    "truf-basics/score-sheet-2027-05-08.truf",
    "truf-de/score-sheet-2026-11-14.truf",
    "ruff-and-honours/score-sheet-league-2026-11-10.truf",
    "tromplemond/score-sheet-club-night-2026-10-22.truf",
]
# Records that break rules on cards: in the hands, the bids, the stock and the play.
BAD = sorted(
    str(path.relative_to(RECORDS))
    for path in RECORDS.glob("*/clauses/*.bad.truf")
    if re.match(r"(JB|TB|TD|RH|TM|REC)[0-9]*[13][0-9][0-9]-", path.name)
)

VOID = {"meta", "br", "hr", "img", "input", "link"}


@attrs.frozen
class Element:
    tag: str
    attributes: dict[str, str]
    ancestors: tuple[str, ...]
    """The classes of the enclosing elements, innermost last."""

    @property
    def classes(self) -> set[str]:
        return set(self.attributes.get("class", "").split())

    def inside(self, cls: str) -> bool:
        return any(cls in classes.split() for classes in self.ancestors)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self.stack: list[tuple[str, str]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs_: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs_}
        self.elements.append(Element(tag, attributes, tuple(c for _, c in self.stack)))
        if tag not in VOID:
            self.stack.append((tag, attributes.get("class", "")))

    def handle_startendtag(self, tag: str, attrs_: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs_}
        self.elements.append(Element(tag, attributes, tuple(c for _, c in self.stack)))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(page: str, narrow: bool = False) -> _Collector:
    """The elements of a page; those of the phone's copy of each diagram (``tf-narrow``,
    the same cards laid out two hands above the table) only when ``narrow`` is asked for."""
    collector = _Collector()
    collector.feed(page)
    collector.close()
    assert not collector.stack, f"unclosed elements: {collector.stack}"
    if not narrow:
        collector.elements = [e for e in collector.elements if not e.inside("tf-narrow")]
    return collector


def report_of(*names: str, text: str | None = None) -> tuple[str, list[Source]]:
    sources = [read_source(name, (RECORDS / name).read_bytes()) for name in names]
    if text is not None:
        sources.append(read_source("inline.truf", text.encode()))
    return render_report(sources), sources


def card_positions(value: object) -> set[tuple[int, int]]:
    """Where every card of a record stands, as (line, column)."""
    found: set[tuple[int, int]] = set()

    def walk(node: object) -> None:
        if isinstance(node, Cards):
            for index in range(len(node)):
                span = node.span(index)
                found.add((span.line, span.column))
        elif isinstance(node, tuple):
            for item in node:
                walk(item)
        elif attrs.has(kind := type(node)):
            for field in attrs.fields(kind):
                if field.name not in ("span", "comments"):
                    walk(getattr(node, field.name))

    walk(value)
    return found


def play_lines(games: tuple[Game, ...]) -> set[int]:
    return {
        line
        for game in games
        for deal in game.deals
        for section in deal.sections
        if isinstance(section, Play)
        for line in range(section.span.line, section.span.end_line + 1)
    }


def marked(elements: list[Element], index: int) -> list[Element]:
    return [
        e
        for e in elements
        if "tf-card" in e.classes and str(index) in e.attributes.get("data-diag", "").split()
    ]


@pytest.mark.parametrize("name", FULL + BAD)
def test_every_diagnostic_on_a_card_marks_that_card_in_the_diagram_and_the_replay(
    name: str,
) -> None:
    page, (source,) = report_of(name)
    elements = parse(page).elements
    cards = card_positions(source.games)
    plays = play_lines(source.games)
    on_cards = [
        (i, d)
        for i, d in enumerate(source.report.diagnostics)
        if (d.span.line, d.span.column) in cards
    ]
    for index, diagnostic in on_cards:
        found = marked(elements, index)
        assert found, f"{diagnostic.code} at {diagnostic.span} marks no card"
        if diagnostic.span.line in plays:
            assert any(e.inside("tf-trick") for e in found), (
                f"{diagnostic.code}: not marked in the replay"
            )
            assert any(not e.inside("tf-trick") for e in found), (
                f"{diagnostic.code}: not marked in the hand"
            )
        finding = next(e for e in elements if e.attributes.get("id") == f"f1-x{index}")
        assert "tf-finding" in finding.classes


@pytest.mark.slow
def test_every_sample_record_is_drawn() -> None:
    """``trufspec report records/``: every file gets its section, every deal with cards its
    diagram, every diagnostic its finding."""
    sources = [
        read_source(str(path), path.read_bytes()) for path in sorted(RECORDS.rglob("*.truf"))
    ]
    page = render_report(sources)
    assert page.count('<section class="tf-file"') == len(sources) > 400
    assert page.count('<li id="f') == sum(len(s.report.diagnostics) for s in sources)
    assert page.count('class="tf-diagram"') > 400


def test_the_bad_records_mark_cards_at_all() -> None:
    """The test above is not vacuous: the records it reads point at dozens of cards."""
    total = 0
    for name in BAD:
        source = read_source(name, (RECORDS / name).read_bytes())
        cards = card_positions(source.games)
        total += sum((d.span.line, d.span.column) in cards for d in source.report.diagnostics)
    assert total >= 40


def test_a_revoke_is_marked_on_its_card_and_its_finding_leads_to_its_trick() -> None:
    page, (source,) = report_of("truf-jb/clauses/JB305-follow-suit.bad.truf")
    elements = parse(page).elements
    (index,) = [i for i, d in enumerate(source.report.diagnostics) if d.code == "JB305"]
    cards = marked(elements, index)
    assert {e.attributes["data-card"] for e in cards} == {"3C"}
    in_trick = [e for e in cards if e.inside("tf-trick")]
    in_hand = [e for e in cards if not e.inside("tf-trick")]
    assert len(in_trick) == 1 and [e.attributes.get("data-t") for e in in_hand] == ["4"]
    tricks = [
        e for e in elements if "tf-trick" in e.classes and e.attributes.get("data-trick") == "4"
    ]
    assert len(tricks) == 1
    link = next(e for e in elements if "tf-goto" in e.classes)
    assert (link.attributes["data-step"], link.attributes["data-diag"]) == ("4", str(index))
    assert link.attributes["href"] == "#f1-g1-d1"
    spans = [e for e in elements if "tf-span" in e.classes]
    assert [s.attributes["href"] for s in spans] == [f"#f1-x{index}"]


@pytest.mark.parametrize("name", FULL + SHEETS)
def test_chart_points_equal_the_recomputed_totals(name: str) -> None:
    page, (source,) = report_of(name)

    def drawn(narrow: bool) -> set[tuple[str, int, int]]:
        """The points of the desktop's charts, or of the phone's (``tf-narrow``)."""
        elements = [e for e in parse(page, narrow=True).elements if e.inside("tf-narrow") == narrow]
        charts = [e for e in elements if e.tag == "svg" and "tf-chart" in e.classes]
        assert len(charts) == len(source.report.games)
        points: set[tuple[str, int, int]] = set()
        side = ""
        for element in elements:
            if "tf-series" in element.classes:
                side = element.attributes["data-side"]
            if "tf-point" in element.classes:
                points.add(
                    (
                        side,
                        int(element.attributes["data-deal"]),
                        int(element.attributes["data-total"]),
                    )
                )
        return points

    expected = {
        (who, deal.number, total)
        for game in source.report.games
        for deal in game.deals
        for who, total in (deal.totals or {}).items()
    }
    assert expected and drawn(narrow=False) == expected == drawn(narrow=True)


@pytest.mark.parametrize("name", SHEETS)
def test_a_score_sheet_gets_its_chart_and_table_and_a_diagram_only_where_it_writes_cards(
    name: str,
) -> None:
    """A Tromplemond score card keeps the claims, which are drawn; bids are only a table."""
    page, (source,) = report_of(name)
    elements = parse(page).elements
    drawn = (Hands, Play, Stock, Undealt, Discards, Cut)  # bids are a table, not a picture
    with_cards = sum(
        any(isinstance(s, drawn) for s in deal.sections)
        for game in source.games
        for deal in game.deals
    )
    assert len([e for e in elements if "tf-diagram" in e.classes]) == with_cards
    assert with_cards == 0 or name.startswith("tromplemond/")
    assert [e for e in elements if "tf-sheet" in e.classes]
    rows = [e for e in elements if e.tag == "tr" and e.inside("tf-sheet")]
    assert len(rows) == 1 + sum(len(g.deals) for g in source.report.games)


@pytest.mark.parametrize("name", FULL)
def test_every_deal_with_cards_gets_a_diagram_that_replays_its_tricks(name: str) -> None:
    page, (source,) = report_of(name)
    elements = parse(page).elements
    diagrams = [e for e in elements if "tf-diagram" in e.classes]
    assert len(diagrams) == sum(len(g.deals) for g in source.games)
    for game in source.games:
        for deal in game.deals:
            play = deal.find(Play)
            if play is None:
                continue
            tricks = {
                e.attributes["data-trick"]
                for e in elements
                if "tf-trick" in e.classes and e.attributes.get("data-trick")
            }
            assert {str(t.number.value) for t in play.tricks} <= tricks


def _without_hands(text: str) -> str:
    """The record with its hands left out: the lines of every ``hands`` section."""
    out, skipping = [], False
    for line in text.splitlines():
        if line.strip() == "hands":
            skipping = True
            continue
        if skipping and line.startswith("  ") and ":" in line:
            continue
        skipping = False
        out.append(line)
    return "\n".join(out) + "\n"


def test_a_record_without_hands_is_drawn_with_hands_rebuilt_from_the_play() -> None:
    text = _without_hands((RECORDS / "truf-jb/notation-example.truf").read_text(encoding="utf-8"))
    assert "hands" not in text
    page, sources = report_of(text=text)
    collector = parse(page)
    assert "hands rebuilt from the play" in "".join(collector.text)
    hand_cards = [
        e for e in collector.elements if "tf-card" in e.classes and not e.inside("tf-trick")
    ]
    assert len(hand_cards) == 52
    scene_text = deal_svg(sources[0].games[0].deals[0], sources[0].games[0].players)
    assert (
        scene_text.count("rebuilt from the cards played") == 2
    )  # in the picture and in its description


def test_names_and_comments_are_text_never_markup() -> None:
    text = (
        '[Event "<script>alert(1)</script>"]\n[Ruleset "truf-jb"]\n'
        '[Players "<img&src=x> Budi Citra Dewi"]\n; <b>bold</b> & more\n\n'
        "deal 1\nscore <img&src=x> 1 Budi 2 Citra 3 Dewi 4\n"
    )
    page, _ = report_of(text=text)
    assert "<script>alert" not in page
    assert "<img&src" not in page and "<b>bold" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;img&amp;src=x&gt;" in page
    assert [e.tag for e in parse(page).elements].count("script") == 1


def test_a_record_that_does_not_parse_still_gets_its_errors_and_the_games_that_did() -> None:
    good = (RECORDS / "truf-jb/notation-example.truf").read_text(encoding="utf-8")
    page, (source,) = report_of(
        text=good
        + '\n[Event "broken"]\n[Ruleset "truf-jb"]\n[Players "A B C"]\n\ndeal 1\nplay\n 1. A: ZZ 9Q\n'
    )
    collector = parse(page)
    findings = [e for e in collector.elements if "tf-finding" in e.classes]
    assert any(d.code == "REC001" for d in source.report.diagnostics)
    assert len(findings) == len(source.report.diagnostics)
    assert len([e for e in collector.elements if "tf-diagram" in e.classes]) >= 1
    assert "ZZ" in "".join(collector.text)


def test_a_trick_by_players_the_table_does_not_seat_is_still_drawn() -> None:
    text = '[Ruleset "truf-jb"]\n\ndeal 1\nplay\n  1. Ana 2C Budi 3C\n'
    page, (source,) = report_of(text=text)
    cards = [e for e in parse(page).elements if "tf-card" in e.classes and e.inside("tf-trick")]
    assert len(cards) == 2 and source.report.diagnostics


@pytest.mark.slow
def test_every_link_of_the_page_leads_to_a_place_on_it() -> None:
    """Anchors, labels and replays named by links all exist, once each: across files with
    errors in every phase, and one that is not text (REC002), which has no lines to link."""
    page, _ = report_of(*FULL, *BAD[:40], "notation/clauses/REC002-unreadable-input.bad.truf")
    elements = parse(page).elements
    ids = [e.attributes["id"] for e in elements if "id" in e.attributes]
    assert len(ids) == len(set(ids))
    targets = [
        e.attributes["href"][1:] for e in elements if e.attributes.get("href", "").startswith("#")
    ]
    targets += [
        e.attributes[a]
        for e in elements
        for a in ("aria-labelledby", "data-replay")
        if a in e.attributes
    ]
    assert len(targets) > 500
    assert set(targets) <= set(ids)


@pytest.mark.slow
def test_the_page_fetches_nothing() -> None:
    page, _ = report_of(*FULL)
    elements = parse(page).elements
    assert not [e for e in elements if "src" in e.attributes or e.tag == "link"]
    assert "url(" not in page and "@import" not in page
    assert not [
        e for e in elements if e.attributes.get("href", "#").split(":")[0] in ("http", "https")
    ]


def test_the_page_has_a_phone_layout_a_print_layout_and_its_landmarks() -> None:
    page, _ = report_of(FULL[0])
    elements = parse(page).elements
    assert any(e.tag == "meta" and e.attributes.get("name") == "viewport" for e in elements)
    assert "@media print" in page and "@media (max-width:44rem)" in page
    assert [e.tag for e in elements if e.tag in ("header", "main", "nav", "footer")] == [
        "header",
        "nav",
        "main",
        "footer",
    ]
    status = [e for e in elements if "tf-status" in e.classes]
    assert status and all(e.attributes.get("aria-live") == "polite" for e in status)
    assert all(e.attributes.get("role") == "img" for e in elements if e.tag == "svg")


def test_a_base_url_links_the_ruleset_the_clauses_and_the_readings() -> None:
    source = read_source(
        "x.truf", (RECORDS / "truf-jb/clauses/JB305-follow-suit.bad.truf").read_bytes()
    )
    page = render_report([source], base_url="https://example.org/rules")
    hrefs = {e.attributes.get("href") for e in parse(page).elements}
    assert "https://example.org/rules/rulesets/truf-jb.html" in hrefs
    assert "https://example.org/rules/rulesets/truf-jb.html#JB305" in hrefs
    assert any(h and h.startswith("https://example.org/rules/ambiguities.html#JB-A") for h in hrefs)


# ------------------------------------------------------------------ the SVG API


def _game(name: str) -> tuple[Game, FileReport]:
    text = (RECORDS / name).read_text(encoding="utf-8")
    return trufspec.loads(text).games[0], trufspec.check_text(text, name)


SVG = "{http://www.w3.org/2000/svg}"


def test_a_deal_diagram_is_standalone_svg_with_every_card_and_the_roles() -> None:
    game, report = _game("truf-jb/notation-example.truf")
    svg = deal_svg(
        game.deals[0],
        game.players,
        diagnostics=report.diagnostics,
        readings=report.games[0].options,
    )
    root = ElementTree.fromstring(svg)
    cards = [g.get("data-card") for g in root.iter() if "tf-card" in (g.get("class") or "").split()]
    assert len(cards) == 52 and len(set(cards)) == 52
    words = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
    assert (
        "dealer" in words and "leads" in words and "contract Dewi" in words and "trump ♠" in words
    )
    assert "♥" in svg and root.get("width") is not None


def test_a_diagram_in_letters_has_no_suit_symbols_and_scales_with_its_size() -> None:
    game, _ = _game("truf-jb/notation-example.truf")
    small = deal_svg(game.deals[0], game.players, unicode=False, size=10)
    large = deal_svg(game.deals[0], game.players, unicode=False, size=20)
    assert not set("♠♥♦♣") & set(small)
    assert float(ElementTree.fromstring(large).attrib["width"]) == pytest.approx(
        2 * float(ElementTree.fromstring(small).attrib["width"]), rel=0.02
    )


def test_a_diagram_before_a_trick_shows_the_hands_left_and_that_trick() -> None:
    game, _ = _game("truf-jb/notation-example.truf")
    root = ElementTree.fromstring(deal_svg(game.deals[0], game.players, trick=3))
    hand = [g for g in root.iter() if "tf-card" in (g.get("class") or "").split()]
    assert len(hand) == 52 - 2 * 4 - 4 + 4  # two tricks gone; the four of trick 3 on the table
    words = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
    assert "trick 3" in words and "won by Citra" in words


def test_a_trick_picture_frames_the_winner() -> None:
    game, _ = _game("ruff-and-honours/club-night-2026-10-06.truf")
    root = ElementTree.fromstring(trick_svg(game.deals[0], game.players, 1, unicode=False))
    cards = [
        "".join(g.itertext()) for g in root.iter() if "tf-card" in (g.get("class") or "").split()
    ]
    assert cards == ["AC", "2C", "4C", "10C"]
    assert len([r for r in root.iter(f"{SVG}rect") if "tf-win" in (r.get("class") or "")]) == 1
    desc = root.find(f"{SVG}desc")
    assert desc is not None
    assert "won by Tom" in (desc.text or "")
    with pytest.raises(ValueError, match="no trick 13"):
        trick_svg(game.deals[0], game.players, 13)


def test_a_score_chart_names_the_winner_and_marks_the_target() -> None:
    game, report = _game("ruff-and-honours/club-night-2026-10-06.truf")
    root = ElementTree.fromstring(chart_svg(game, report.games[0]))
    desc = root.find(f"{SVG}desc")
    assert desc is not None
    assert "Winner: Margaret+Eleanor" in (desc.text or "")
    assert [line for line in root.iter(f"{SVG}line") if line.get("class") == "tf-target"]
    assert [line for line in root.iter(f"{SVG}line") if line.get("class") == "tf-end"]
    points = [
        (p.get("data-deal"), p.get("data-total"))
        for p in root.iter()
        if p.get("class") == "tf-point"
    ]
    assert len(points) == 2 * len(game.deals)


# ------------------------------------------------------------------ the command


def test_the_command_writes_the_page_and_exits_like_check(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "evening.html"
    good = runner.invoke(
        main, ["report", str(RECORDS / "truf-jb/notation-example.truf"), "-o", str(out)]
    )
    assert good.exit_code == 0, good.output
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    bad = runner.invoke(
        main, ["report", str(RECORDS / "truf-jb/clauses/JB305-follow-suit.bad.truf"), "-o", "-"]
    )
    assert bad.exit_code == 1 and "JB305" in bad.output


def test_an_unwritable_output_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        [
            "report",
            str(RECORDS / "truf-jb/notation-example.truf"),
            "-o",
            str(tmp_path / "no" / "such" / "r.html"),
        ],
    )
    assert result.exit_code == 2
    assert "cannot write" in result.output and "No such file or directory" in result.output


def test_a_target_far_beyond_the_totals_does_not_squash_the_chart() -> None:
    """Tromplemond's target of 200 against totals between -25 and 37: the axis keeps to the
    totals, and the chart says where the target lies."""
    game, report = _game("tromplemond/club-night-2026-10-08.truf")
    root = ElementTree.fromstring(chart_svg(game, report.games[0]))
    ticks = [
        int(text) for t in root.iter(f"{SVG}text") if (text := t.text or "").lstrip("-").isdigit()
    ]
    assert max(ticks) < 100
    assert not [line for line in root.iter(f"{SVG}line") if line.get("class") == "tf-target"]
    notes = [
        t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "tf-small tf-target"
    ]
    assert notes == ["target 200, above the chart"]


@pytest.mark.parametrize("name", FULL)
def test_a_phone_s_diagram_draws_the_same_cards_and_marks_as_a_desktop_s(name: str) -> None:
    """Each deal of three or four hands is drawn twice, round the table and for a phone; the
    two carry the same cards, tricks and marks, which the page's script steps together."""
    page, _ = report_of(name)
    every = parse(page, narrow=True).elements

    def drawn(wanted: bool) -> list[tuple[str, ...]]:
        return sorted(
            (
                e.tag,
                e.attributes.get("data-card", ""),
                e.attributes.get("data-diag", ""),
                e.attributes.get("data-t", ""),
                e.attributes.get("data-trick", ""),
            )
            for e in every
            if e.inside("tf-diagram")
            and e.inside("tf-narrow") == wanted
            and ({"tf-card", "tf-trick"} & e.classes)
        )

    wide, narrow = drawn(False), drawn(True)
    assert wide
    if any(e.inside("tf-narrow") for e in every):
        assert narrow == wide
