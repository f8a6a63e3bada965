"""``.. truf-deal::``: a deal diagram drawn from a record written in the page (or in a file).

The record is read and checked while the page is built, and its deals are drawn by the same
SVG API as ``trufspec report``: a card a diagnostic points at is framed, so a worked example
that breaks a rule shows where.  Options::

    .. truf-deal:: ../records/tromplemond/worked-example-as-printed.truf
       :deal: 1
       :trick: 3
       :letters:
       :caption: The worked example as printed.

``deal`` picks one deal by its number (every deal with cards when it is left out); ``trick``
shows the hands before that trick with the trick on the table; ``letters`` writes suits as
letters.  A record given in the content rather than as a file is drawn the same way.  A
record that does not read, or a deal with no cards to draw, is a warning, which fails a build
with ``-W``.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

__all__ = ["DealDirective"]

SIZE = 13.0
"""The font size of a diagram in the reference: the size of the body text."""


class DealDirective(SphinxDirective):
    has_content = True
    optional_arguments = 1
    option_spec = {
        "deal": directives.positive_int,
        "trick": directives.nonnegative_int,
        "letters": directives.flag,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        import trufspec
        from trufspec.pictures.scene import deal_scene
        from trufspec.pictures.svg import Look, describer, scene_svg

        if self.arguments:
            relative, path = self.env.relfn2path(self.arguments[0])
            self.env.note_dependency(relative)
            text = Path(path).read_text(encoding="utf-8")
        else:
            text = "\n".join(self.content) + "\n"
        parsed = trufspec.loads(text)
        report = trufspec.check_text(text, "example.truf")
        if not parsed.games:
            return [
                self.state.document.reporter.warning(
                    "truf-deal: the record has no game", line=self.lineno
                )
            ]
        game, result = parsed.games[0], report.games[0]
        wanted = self.options.get("deal")
        look = Look(SIZE, "letters" not in self.options)
        describe = describer(report.diagnostics)
        drawn: list[nodes.Node] = []
        for deal in game.deals:
            if wanted is not None and deal.number.value != wanted:
                continue
            scene = deal_scene(deal, game.players, report.diagnostics, result.options)
            if not scene.has_cards:
                continue
            label = f"{deal.kind} {scene.number}"
            svg = scene_svg(
                scene, look, trick=self.options.get("trick", 0), describe=describe, label=label
            )
            figure = nodes.container(classes=["truf-deal"])
            figure += nodes.raw("", svg, format="html")
            words = self.options.get("caption") or label.capitalize() + "."
            caption = nodes.paragraph(classes=["truf-deal-caption"], text=words)
            faults = [report.diagnostics[i] for i in scene.card_marks]
            if faults:
                marked = "; ".join(f"{d.code}: {d.message}" for d in faults)
                caption += nodes.Text(f" Marked: {marked}.")
            figure += caption
            drawn.append(figure)
        if not drawn:
            return [
                self.state.document.reporter.warning(
                    "truf-deal: no deal with cards to draw", line=self.lineno
                )
            ]
        return drawn
