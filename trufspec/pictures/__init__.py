"""Pictures of records: deal diagrams, tricks and score charts as SVG text, and the HTML report
that draws a whole file.

The functions here are pure, like ``chess.svg``: they take records (and, for what the check
found, its diagnostics and results) and return SVG text, to be written to a file, embedded in a
page or shown in a notebook.  They draw what the record and the check say and decide no rule
themselves::

    import trufspec
    from trufspec import pictures

    text = open("club-night.truf", encoding="utf-8").read()
    game = trufspec.loads(text).games[0]
    report = trufspec.check_text(text, "club-night.truf")
    svg = pictures.deal_svg(game.deals[0], game.players, diagnostics=report.diagnostics)

The functions are imported on first use, so that importing the package costs nothing until a
picture is drawn.  The ``trufspec report`` command that writes the HTML page is
``trufspec.cli.report``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["deal_svg", "trick_svg", "chart_svg"]

if TYPE_CHECKING:
    from trufspec.pictures.api import chart_svg, deal_svg, trick_svg


def __getattr__(name: str) -> Any:
    if name in __all__:
        from trufspec.pictures import api

        return getattr(api, name)
    raise AttributeError(f"module 'trufspec.pictures' has no attribute {name!r}")
