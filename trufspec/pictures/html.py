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

from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING

from attrs import evolve, frozen
from markupsafe import Markup, escape

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.output.model import FileReport, GameResult
from trufspec.output.sheet import Sheet, sheets
from trufspec.pictures.chart import chart
from trufspec.pictures.scene import DealScene, PlacedCard, deal_scene
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
    Deal,
    Decide,
    EarlyReveal,
    Game,
    Honours,
    Misdeal,
    Off,
    Pot,
    Section,
    Tromp,
    Vote,
    Votes,
)
from trufspec.rulesets import RULESETS
from trufspec.spec.registry import default_registry
from trufspec.spec.sources import SOURCES

if TYPE_CHECKING:
    import jinja2

__all__ = [
    "Source",
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
    sections: tuple[tuple[str, str], ...]
    findings: tuple[Finding, ...]


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
    is shown as the canonical text it prints as."""
    import trufspec
    from trufspec.batch import checked_text
    from trufspec.jsonrecords import is_json
    from trufspec.notation.blocks import Block

    text, report = checked_text(Block(data, 1, json=is_json(path, input_format)), path, options)
    if text is None:
        return Source(path, None, (), report)
    return Source(path, text, trufspec.loads(text, path).games, report)


def _asset(name: str) -> str:
    return (resources.files("trufspec.pictures") / "templates" / name).read_text(encoding="utf-8")


def _environment() -> jinja2.Environment:
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
    return [_file(number, source, base, unicode) for number, source in enumerate(files, start=1)]


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


def _file(number: int, source: Source, base: str | None, unicode: bool) -> FileView:
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
        Markup(chart(sheet, result.options, standalone=False)) if has_totals else None,
        sheet,
        tuple(deals),
    )


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

    for index in scene.marks:
        places[index] = Place(anchor, label, replay, 0)
    for seat in scene.seats:
        for placed in seat.hand:
            for index in placed.marks:
                places[index] = Place(
                    anchor, f"{label}, {seat.player}'s {card_text(placed.card, unicode)}", replay, 0
                )
    for trick in reversed(scene.tricks):
        for index in trick.marks:
            places[index] = Place(anchor, f"{label}, trick {trick.number}", replay, trick.number)
        for player, placed in trick.plays:
            for index in placed.marks:
                where = (
                    f"{label}, trick {trick.number}, {player}'s {card_text(placed.card, unicode)}"
                )
                places[index] = Place(anchor, where, replay, trick.number)
    diagram = None
    if scene.has_cards:
        svg = scene_svg(
            scene,
            Look(14.0, unicode),
            interactive=True,
            describe=describer(diagnostics),
            standalone=False,
            label=label,
        )
        diagram = Markup(svg)
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
            Markup(" ").join(
                Markup("\u2212") + _marked(c, unicode) if i in bid.minus else _marked(c, unicode)
                for i, c in enumerate(bid.cards)
            )
            or Markup(escape(str(bid.number if bid.number is not None else ""))),
            str(bid.restated) if bid.restated is not None else "",
        )
        for bid in scene.bids
    )
    return DealView(
        anchor, label, scene, diagram, tricks, bids, _sections(deal, scene, unicode), ()
    )


def _card(placed: PlacedCard, unicode: bool) -> str:
    return card_text(placed.card, unicode) + (" (marked)" if placed.marks else "")


def _cards(cards: Sequence[PlacedCard], unicode: bool) -> str:
    return " ".join(_card(c, unicode) for c in cards if not c.joined) or "none recorded"


def _marked(placed: PlacedCard, unicode: bool) -> Markup:
    text = escape(card_text(placed.card, unicode))
    colour = suit_class(placed.card.suit)
    if not placed.marks:
        return Markup(f'<span class="{colour}">{text}</span>')
    ids = " ".join(map(str, placed.marks))
    return Markup(f'<mark class="tf-fault {colour}" data-diag="{ids}">{text}</mark>')


def _sections(deal: Deal, scene: DealScene, unicode: bool) -> tuple[tuple[str, str], ...]:
    """What the diagram does not draw, in words: the contract, the cards on the table, and the
    game's own sections (claims, votes and pot in Tromplemond, honours in Ruff and Honours)."""
    rows: list[tuple[str, str]] = []
    if scene.declarer is not None:
        rows.append(
            (
                "contract",
                f"{scene.declarer}, trump {trump_text(scene.trump, unicode)}"
                + (f", {scene.mode}" if scene.mode else ""),
            )
        )
    elif scene.trump is not None:
        rows.append(("trump", trump_text(scene.trump, unicode)))
    for name, cards in scene.table:
        rows.append((name, _cards(cards, unicode)))
    for seat in scene.seats:
        for name, cards in seat.extras:
            rows.append((f"{seat.player}'s {name}", _cards(cards, unicode)))
    for section in deal.sections:
        row = _game_section(section)
        if row is not None:
            rows.append(row)
    return tuple(rows)


def _game_section(section: Section) -> tuple[str, str] | None:
    """A section that only some games have, in words (the record text is shown whole below);
    None for the sections drawn or tabled elsewhere."""
    kind = type(section)
    if isinstance(section, Votes):
        return ("decided" if kind is Decide else "votes"), ", ".join(
            _vote(v) for v in section.entries
        )
    if isinstance(section, (Pot, Honours)):
        return kind.__name__.lower(), ", ".join(f"{f.side_name} {f.value}" for f in section.entries)
    if isinstance(section, Off):
        return "voted off", section.player.value
    if isinstance(section, Tromp):
        return "TROMP!", f"{section.player.value}: {section.phrase}"
    if isinstance(section, Bribe):
        return "bribe", section.player.value
    if isinstance(section, EarlyReveal):
        return "early reveal", " ".join((section.player.value, *section.flags))
    if isinstance(section, Misdeal):
        return "misdeal", " ".join(section.flags) or "called"
    return None


def _vote(vote: Vote) -> str:
    """A slip (``Rob votes Emily``) or a tally (``Emily 2``)."""
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
