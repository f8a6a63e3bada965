"""The HTML report: one self-contained page that draws every game of some record files.

``trufspec report`` writes it.  For each game: the tags, the ruleset and the readings in force;
the score chart beside the score sheet; for each deal its diagram, which steps through the
tricks; every diagnostic, linked to the deal, trick and card it concerns; and the record's
text with the spans the diagnostics point at highlighted.  The page carries its style, script
and pictures inline and fetches nothing, so it opens from disk or from an e-mail.

The views built here hold what the templates show and nothing else; the templates (Jinja2,
shipped in the package) lay them out, escaping every name and comment.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from attrs import evolve, frozen
from markupsafe import Markup, escape

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.output.sheet import Sheet, sheets
from trufspec.pictures.chart import chart
from trufspec.pictures.scene import (
    DealScene,
    PlacedCard,
    Positions,
    deal_scene,
    gravest,
    pointing,
    positions,
)
from trufspec.pictures.svg import (
    STYLE,
    Look,
    card_text,
    describer,
    scene_svg,
    suit_class,
    trump_text,
)
from trufspec.records import (
    Bribe,
    Contract,
    Cut,
    Deal,
    Dealer,
    Decide,
    Discards,
    EarlyReveal,
    Game,
    Misdeal,
    Off,
    Ruff,
    Section,
    Span,
    Stock,
    Tricks,
    Tromp,
    Undealt,
    Vote,
    Votes,
)
from trufspec.rulesets import RULESETS
from trufspec.spec.registry import default_registry
from trufspec.spec.sources import SOURCES
from trufspec.validator.report import FileReport, GameResult

if TYPE_CHECKING:
    import jinja2

__all__ = [
    "Source",
    "file_view",
    "read_source",
    "render_files",
    "render_report",
    "report_script",
    "report_style",
]


@frozen
class Source:
    """A file to report on: its path as the user gave it, its text (None when it could not be
    decoded) and the check's report of it."""

    path: str
    text: str | None
    games: tuple[Game, ...]
    report: FileReport


@frozen
class Place:
    """Where a diagnostic leads: the deal's anchor, the place in words (``Deal 3, trick 5,
    Citra's 2♥``), the deal's replay and the trick it shows (0: the deal as dealt)."""

    anchor: str
    words: str
    replay: str | None
    step: int


@frozen
class Finding:
    """A diagnostic as the page lists it, with where it leads."""

    anchor: str
    diagnostic: Diagnostic
    title: str
    quote: str
    where: str
    """The place in words: ``deal 3, trick 5, card 2♥`` or ``line 12``."""
    deal_anchor: str | None
    replay: str | None
    step: int
    clause_url: str | None
    line_anchor: str | None


@frozen
class DealView:
    anchor: str
    label: str
    scene: DealScene
    diagram: Markup | None
    """The diagram, whose description says the hands in words."""
    tricks: tuple[tuple[int, str], ...]
    bids: tuple[tuple[str, Markup, str], ...]
    sections: tuple[tuple[Markup, Markup], ...]
    findings: tuple[Finding, ...]
    heading: Markup
    """The label, marked by the findings about the deal's own line."""


@frozen
class GameView:
    anchor: str
    title: str
    tags: tuple[tuple[str, str], ...]
    ruleset: str | None
    ruleset_url: str | None
    readings: tuple[tuple[str, str, bool, str | None], ...]
    """Each reading: key, value, whether it is the default, and its link."""
    chart: Markup | None
    sheet: Sheet
    deals: tuple[DealView, ...]


@frozen
class FileView:
    anchor: str
    path: str
    games: tuple[GameView, ...]
    findings: tuple[Finding, ...]
    lines: tuple[tuple[int, Markup, bool], ...]
    """The record's lines: number, text, and whether a finding points at the line (only those
    lines carry an anchor, which a large record would otherwise pay for on every line)."""
    errors: int
    warnings: int


def read_source(
    path: str, data: bytes, options: Mapping[str, str] | None = None, input_format: str = "auto"
) -> Source:
    """A file read and checked for the report: its games and the check's report of it (a
    file that is not text, or not a JSON record, is reported with no games).  A JSON record
    is shown as written, its findings placed on its own text."""
    from trufspec.batch import checked
    from trufspec.inputs import reads_as_json
    from trufspec.notation.blocks import Block

    block = Block(data, 1, json=reads_as_json(path, input_format, data))
    text, games, report = checked(block, path, options)
    return Source(path, text, games, report)


def _asset(name: str) -> str:
    return (resources.files("trufspec.pictures") / "templates" / name).read_text(encoding="utf-8")


@cache
def _environment() -> jinja2.Environment:
    """One environment a process, so that each template is compiled once, not at every page."""
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("trufspec.pictures", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def _views(files: Sequence[Source], base_url: str | None, unicode: bool) -> list[FileView]:
    base = base_url.rstrip("/") + "/" if base_url else None
    return [
        file_view(number, source, base, unicode) for number, source in enumerate(files, start=1)
    ]


def report_style() -> str:
    """The report's style sheet, pictures' included: what a page showing its files needs."""
    return STYLE + _asset("report.css")


def report_script() -> str:
    """The report's script (the replays' steps, the findings' links), run once the files are
    on the page."""
    return _asset("report.js")


def render_report(
    files: Sequence[Source], *, base_url: str | None = None, unicode: bool = True
) -> str:
    """The whole page for ``files``; ``base_url`` is where the rules reference is published
    (its rulesets, clauses and readings are linked when it is given)."""
    views = _views(files, base_url, unicode)
    template = _environment().get_template("report.html.j2")
    return template.render(
        files=views,
        errors=sum(v.errors for v in views),
        warnings=sum(v.warnings for v in views),
        games=sum(len(v.games) for v in views),
        css=Markup(report_style()),
        script=Markup(report_script()),
    )


def render_files(
    files: Sequence[Source], *, base_url: str | None = None, unicode: bool = True
) -> Markup:
    """The body of the report for ``files`` (each file's games, deals, findings and text), for
    a page of its own that carries :func:`report_style` and :func:`report_script`."""
    template = _environment().get_template("report_files.html.j2")
    return Markup(template.render(files=_views(files, base_url, unicode)))


def file_view(number: int, source: Source, base: str | None, unicode: bool) -> FileView:
    """What the page shows of the ``number``-th file: its games, deals, marks and findings."""
    anchor = f"f{number}"
    diagnostics = source.report.diagnostics
    places: dict[int, Place] = {}
    game_views = []
    starts = [g.span.line for g in source.games]
    for index, (game, result) in enumerate(zip(source.games, source.report.games, strict=False)):
        end = starts[index + 1] - 1 if index + 1 < len(starts) else None
        game_views.append(
            _game(f"{anchor}-g{index + 1}", game, result, diagnostics, end, base, unicode, places)
        )
    shown = source.text.count("\n") + 1 if source.text else 0
    findings = tuple(
        _finding(anchor, i, d, places.get(i), base, shown) for i, d in enumerate(diagnostics)
    )
    # The deals list their findings, which exist only once every deal has said where they lead.
    games = tuple(
        evolve(
            g,
            deals=tuple(
                evolve(d, findings=tuple(findings[i] for i in d.scene.marks)) for d in g.deals
            ),
        )
        for g in game_views
    )
    return FileView(
        anchor,
        source.path,
        games,
        findings,
        _lines(anchor, source.text or "", diagnostics, findings),
        source.report.count(Severity.ERROR),
        source.report.count(Severity.WARNING),
    )


def _game(
    anchor: str,
    game: Game,
    result: GameResult,
    diagnostics: Sequence[Diagnostic],
    end: int | None,
    base: str | None,
    unicode: bool,
    places: dict[int, Place],
) -> GameView:
    registry = default_registry()
    known = registry.options_of(result.ruleset) if result.ruleset in RULESETS else {}
    readings = []
    for key, value in result.options.items():
        option = known.get(key)
        url = None
        if base is not None and result.ruleset is not None:
            url = (
                f"{base}ambiguities.html#{option.ambiguity}"
                if option and option.ambiguity
                else f"{base}rulesets/{result.ruleset}.html"
            )
        readings.append((key, value, option is not None and option.default == value, url))
    (sheet,) = sheets("", (game,), (result,))
    has_totals = any(c.total is not None for row in sheet.rows for c in row.cells)
    starts = [d.span.line for d in game.deals]
    deals = []
    for index, deal in enumerate(game.deals):
        last = starts[index + 1] - 1 if index + 1 < len(starts) else end
        deals.append(
            _deal(
                f"{anchor}-d{index + 1}",
                deal,
                game.players,
                diagnostics,
                result.options,
                last,
                unicode,
                places,
            )
        )
    return GameView(
        anchor,
        game.tag("Event") or "Game",
        tuple((t.name, t.value) for t in game.tags),
        result.ruleset,
        f"{base}rulesets/{result.ruleset}.html" if base and result.ruleset in RULESETS else None,
        tuple(readings),
        _charts(sheet, result.options) if has_totals else None,
        sheet,
        tuple(deals),
    )


def _charts(sheet: Sheet, readings: Mapping[str, str]) -> Markup:
    """The game's chart twice, a desktop's and a phone's (:func:`chart`'s ``compact``): the
    style sheet shows the one that fits the screen, as it does for the deal diagrams."""
    wide = chart(sheet, readings, standalone=False)
    narrow = chart(sheet, readings, standalone=False, compact=True)
    return Markup(f'<div class="tf-wide">{wide}</div><div class="tf-narrow">{narrow}</div>')


def _deal(
    anchor: str,
    deal: Deal,
    players: Sequence[str],
    diagnostics: Sequence[Diagnostic],
    readings: Mapping[str, str],
    end: int | None,
    unicode: bool,
    places: dict[int, Place],
) -> DealView:
    scene = deal_scene(deal, players, diagnostics, readings, end)
    label = f"{deal.kind.capitalize()} {scene.number}"
    replay = f"{anchor}-r" if scene.tricks else None

    _place(anchor, label, replay, scene, unicode, places)
    diagram = None
    if scene.has_cards:
        # A phone gets the hands two above and two below the table (see report.css), a wider
        # screen round it; the page's script steps both.
        drawn = [
            scene_svg(
                scene,
                Look(14.0, unicode),
                interactive=True,
                describe=describer(diagnostics),
                standalone=False,
                label=label,
                narrow=narrow,
            )
            for narrow in ((False, True) if len(scene.seats) in (3, 4) else (False,))
        ]
        diagram = Markup(
            drawn[0]
            if len(drawn) == 1
            else f'<div class="tf-wide">{drawn[0]}</div><div class="tf-narrow">{drawn[1]}</div>'
        )
    # In order of play, so the first named led; the list numbers the tricks.
    tricks = tuple(
        (
            trick.number,
            ", ".join(f"{p} {_card(c, unicode)}" for p, c in trick.plays)
            + (f": {trick.winner} wins" if trick.winner else ": winner not known"),
        )
        for trick in scene.tricks
    )
    bids = tuple(
        (
            bid.player,
            _fault(
                Markup(" ").join(
                    Markup("\u2212") + _marked(c, unicode)
                    if i in bid.minus
                    else _marked(c, unicode)
                    for i, c in enumerate(bid.cards)
                )
                or Markup(escape(str(bid.number if bid.number is not None else ""))),
                bid.marks,
                diagnostics,
            ),
            str(bid.restated) if bid.restated is not None else "",
        )
        for bid in scene.bids
    )
    at = positions(diagnostics, scene.marks)
    sections = _sections(deal, scene, unicode, at, diagnostics)
    # A finding that marks a slip or a figure of the deal's words leads there.
    for name, words in sections:
        for ids in re.findall(r'<mark (?![^>]*data-card)[^>]*data-diag="([^"]*)"', name + words):
            for index in map(int, ids.split()):
                if places[index].words == label:
                    title = re.sub(r"<[^>]+>", "", str(name))
                    places[index] = evolve(places[index], words=f"{label}, {title}")
    # A finding about the deal's own line (its number, a round played too many) marks its name.
    heading = _fault(
        label, [i for i in scene.marks if diagnostics[i].span.line == deal.span.line], diagnostics
    )
    return DealView(anchor, label, scene, diagram, tricks, bids, sections, (), heading)


def _place(
    anchor: str,
    label: str,
    replay: str | None,
    scene: DealScene,
    unicode: bool,
    places: dict[int, Place],
) -> None:
    """Where each diagnostic of the deal leads, in words: the thing it marks (a card in a
    trick before the same card in the hand it was played from), else the deal."""
    found: dict[int, Place] = {}

    def put(marks: Sequence[int], words: str, step: int = 0) -> None:
        for index in marks:
            found.setdefault(index, Place(anchor, f"{label}, {words}", replay, step))

    for trick in scene.tricks:
        for player, placed in trick.plays:
            put(
                placed.marks,
                f"trick {trick.number}, {player}'s {_text(placed, unicode)}",
                trick.number,
            )
    for name, cards in scene.table:
        for placed in cards:
            put(placed.marks, f"{name}, {_text(placed, unicode)}")
    for bid in scene.bids:
        for placed in bid.cards:
            put(placed.marks, f"{bid.player}'s bid, {_text(placed, unicode)}")
        put(bid.marks, f"{bid.player}'s bid")
    for seat in scene.seats:
        for name, cards in seat.extras:
            for placed in cards:
                put(placed.marks, f"{seat.player}'s {name}, {_text(placed, unicode)}")
        for placed in seat.hand:
            put(placed.marks, f"{seat.player}'s {_text(placed, unicode)}")
        put(seat.marks, f"{seat.player}'s hand")
    for trick in scene.tricks:
        put(trick.marks, f"trick {trick.number}", trick.number)
    for index in scene.marks:
        places[index] = found.get(index, Place(anchor, label, replay, 0))


def _text(placed: PlacedCard, unicode: bool) -> str:
    return card_text(placed.card, unicode)


def _card(placed: PlacedCard, unicode: bool) -> str:
    return card_text(placed.card, unicode) + (" (marked)" if placed.marks else "")


def _marked(placed: PlacedCard, unicode: bool) -> Markup:
    text = escape(card_text(placed.card, unicode))
    colour = suit_class(placed.card.suit)
    if not placed.marks:
        return Markup(f'<span class="{colour}">{text}</span>')
    ids = " ".join(map(str, placed.marks))
    return Markup(
        f'<mark class="tf-fault tf-mark-{placed.fault} {colour}" data-card="{placed.card}" '
        f'data-diag="{ids}">{text}</mark>'
    )


def _fault(words: Markup | str, marks: Sequence[int], diagnostics: Sequence[Diagnostic]) -> Markup:
    """``words`` (a bid, a slip, a figure) marked by the diagnostics ``marks`` that point at
    them, drawn as the gravest one's severity."""
    text = words if isinstance(words, Markup) else escape(words)
    if not marks:
        return Markup(text)
    ids = " ".join(map(str, marks))
    return Markup(
        f'<mark class="tf-fault tf-mark-{gravest(diagnostics, marks)}" data-diag="{ids}">'
        f"{text}</mark>"
    )


def _sections(
    deal: Deal,
    scene: DealScene,
    unicode: bool,
    at: Positions,
    diagnostics: Sequence[Diagnostic],
) -> tuple[tuple[Markup, Markup], ...]:
    """What the diagram does not draw, in words: the dealer, the contract, the cards on the
    table, and the sections that hold no cards (claims, votes and pot in Tromplemond, honours
    in Ruff and Honours, the tricks, scores and totals the record writes), each slip and
    figure marked by the diagnostics that point at it."""

    def marked(words: str, span: Span) -> Markup:
        return _fault(words, pointing(at, span), diagnostics)

    rows: list[tuple[Markup, Markup]] = []
    table = iter(scene.table)
    for section in deal.sections:
        row: tuple[str, Markup] | None = None
        cards = None
        if isinstance(section, Dealer):
            row = ("dealer", marked(section.player.value, section.span))
        elif isinstance(section, Contract) and scene.declarer is not None:
            words = f"{scene.declarer}, trump {trump_text(scene.trump, unicode)}" + (
                f", {scene.mode}" if scene.mode else ""
            )
            row = ("contract", marked(words, section.span))
        elif isinstance(section, (Stock, Undealt, Discards, Cut)) or (
            isinstance(section, Ruff) and section.discards is not None
        ):
            name, placed = next(table)
            cards = section.discards if isinstance(section, Ruff) else section.cards
            row = (name, _cards(placed, unicode))
        else:
            row = _game_section(section, marked)
        if row is None:
            continue
        # What points at the section but at none of its entries marks its name (a count of
        # slips, a cut between the wrong players, a line of cards too short).
        inner = {int(i) for ids in re.findall(r'data-diag="([^"]*)"', row[1]) for i in ids.split()}
        own = [i for i in pointing(at, section.span, cards) if i not in inner]
        rows.append((_fault(row[0], own, diagnostics), row[1]))
    if scene.declarer is None and scene.trump is not None:
        rows.append((Markup("trump"), Markup(escape(trump_text(scene.trump, unicode)))))
    return tuple(rows)


def _cards(cards: Sequence[PlacedCard], unicode: bool) -> Markup:
    shown = [c for c in cards if not c.joined]
    return (
        Markup(" ").join(_marked(c, unicode) for c in shown) if shown else Markup("none recorded")
    )


def _game_section(
    section: Section, marked: Callable[[str, Span], Markup]
) -> tuple[str, Markup] | None:
    """A section that only some games have, in words (the record text is shown whole below),
    each slip and figure ``marked``; None for the sections drawn or tabled elsewhere."""
    kind = type(section)
    if isinstance(section, Votes):
        return ("decided" if kind is Decide else "votes"), Markup(", ").join(
            marked(_vote(v), v.span) for v in section.entries
        )
    if isinstance(section, Tricks):
        return kind.__name__.lower(), Markup(", ").join(
            marked(f"{f.side_name} {f.value}", f.span) for f in section.entries
        )
    if isinstance(section, Off):
        return "voted off", marked(section.player.value, section.span)
    if isinstance(section, Ruff):
        return "ruff", marked(
            section.player.value + (" declines" if section.declined else " takes the stock"),
            section.span,
        )
    if isinstance(section, Tromp):
        phrase = "passes" if section.phrase is None else section.phrase
        return "TROMP!", marked(f"{section.player.value}: {phrase}", section.span)
    if isinstance(section, Bribe):
        return "bribe", marked(section.player.value, section.span)
    if isinstance(section, EarlyReveal):
        return "early reveal", marked(
            " ".join((section.player.value, *section.flags)), section.span
        )
    if isinstance(section, Misdeal):
        return "misdeal", marked(" ".join(section.flags) or "called", section.span)
    return None


def _vote(vote: Vote) -> str:
    """A slip (``Rob votes Emily``), a blank one (``Rob abstains``) or a tally (``Emily 2``)."""
    if vote.target is None:
        return f"{vote.voter.value if vote.voter else ''} abstains"
    if vote.voter is not None:
        return f"{vote.voter.value} votes {vote.target.value}"
    return f"{vote.target.value} {vote.count}"


def _finding(
    anchor: str,
    index: int,
    diagnostic: Diagnostic,
    place: Place | None,
    base: str | None,
    lines: int,
) -> Finding:
    """A diagnostic with where it leads: its deal, trick and card (``place``, when it lies in
    a deal), and its line when the page shows the record's ``lines`` lines."""
    clause = diagnostic.clause
    quote = title = ""
    if clause is not None:
        title = clause.title
        if clause.citations:
            citation = clause.citations[0]
            source = SOURCES.get(citation.source)
            title_of = source.title if source else citation.source
            quote = f"“{citation.quote}” ({title_of}, {citation.locator})"
            if citation.translation:
                quote += f"; in English (our translation): “{citation.translation}”"
    clause_url = None
    if base is not None and clause is not None:
        page = (
            "notation.html" if clause.code.startswith("REC") else f"rulesets/{clause.ruleset}.html"
        )
        clause_url = f"{base}{page}#{clause.code}"
    line = diagnostic.span.line
    at = f"line {line}, column {diagnostic.span.column}" if line > 0 else "the file"
    where = place.words if place is not None else at
    return Finding(
        f"{anchor}-x{index}",
        diagnostic,
        title,
        quote,
        where,
        place.anchor if place is not None else None,
        place.replay if place is not None else None,
        place.step if place is not None else 0,
        clause_url,
        f"{anchor}-L{line}" if 0 < line <= lines else None,
    )


def _lines(
    anchor: str, text: str, diagnostics: Sequence[Diagnostic], findings: Sequence[Finding]
) -> tuple[tuple[int, Markup, bool], ...]:
    """The record's lines, each with the spans the diagnostics point at marked and linked
    back to their finding."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    spans: dict[int, list[tuple[int, int, str, str]]] = {}
    for diagnostic, finding in zip(diagnostics, findings, strict=True):
        span = diagnostic.span
        if span.line <= 0 or span.line > len(lines):
            continue
        length = len(lines[span.line - 1].removesuffix("\r"))
        end = span.end_column if span.end_line == span.line else length + 1
        start = min(max(span.column, 1), length + 1)
        spans.setdefault(span.line, []).append(
            (start, max(end, start + 1), finding.anchor, diagnostic.code)
        )
    out = []
    for number, raw in enumerate(lines, start=1):
        line = raw.removesuffix("\r")
        marks = sorted(spans.get(number, ()))
        html = Markup("")
        at = 1
        for start, end, target, code in marks:
            if start < at:
                continue
            html += escape(line[at - 1 : start - 1])
            piece = line[start - 1 : end - 1] or " "
            html += Markup(
                f'<a href="#{target}" class="tf-span" title="{escape(code)}">'
                f"<mark>{escape(piece)}</mark></a>"
            )
            at = end
        html += escape(line[at - 1 :])
        out.append((number, html, number in spans))
    return tuple(out)
