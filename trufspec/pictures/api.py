"""The SVG API: pure functions from records to SVG text (see :mod:`trufspec.pictures`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from trufspec.diagnostics import Diagnostic
from trufspec.pictures.scene import deal_scene
from trufspec.pictures.svg import Look, describer, scene_svg, trick_scene_svg
from trufspec.records import Deal, Game
from trufspec.validator.report import GameResult

__all__ = ["deal_svg", "trick_svg", "chart_svg"]


def deal_svg(
    deal: Deal,
    players: Sequence[str],
    *,
    diagnostics: Sequence[Diagnostic] = (),
    readings: Mapping[str, str] | None = None,
    trick: int = 0,
    size: float = 14.0,
    unicode: bool = True,
) -> str:
    """A deal diagram: the hands round the table in seating order (``players``, clockwise, the
    first at the top) with the dealer, the player to lead and the contract named, and the
    trump in the middle.

    With ``trick`` above 0 the hands are those left before that trick and the trick is on the
    table.  A card that one of ``diagnostics`` points at is framed, with the diagnostic as its
    tooltip; ``readings`` are the game's readings in force (they can change the order of play).
    ``size`` is the font size in pixels; ``unicode`` writes suits as symbols, else as letters.
    A deal recorded without hands is drawn with the hands rebuilt from the play, and says so.
    """
    scene = deal_scene(deal, players, diagnostics, readings)
    return scene_svg(scene, Look(size, unicode), trick=trick, describe=describer(diagnostics))


def trick_svg(
    deal: Deal,
    players: Sequence[str],
    number: int,
    *,
    diagnostics: Sequence[Diagnostic] = (),
    readings: Mapping[str, str] | None = None,
    size: float = 14.0,
    unicode: bool = True,
) -> str:
    """Trick ``number`` of a deal: each card in front of its player, the winner's card in a
    heavy frame.  ``ValueError`` when the deal has no such trick."""
    scene = deal_scene(deal, players, diagnostics, readings)
    if not any(t.number == number for t in scene.tricks):
        raise ValueError(f"{deal.kind} {deal.number.value} has no trick {number}")
    return trick_scene_svg(scene, number, Look(size, unicode), describe=describer(diagnostics))


def chart_svg(game: Game, result: GameResult, *, size: float = 14.0) -> str:
    """The score chart of a game: each player's (or team's) running total deal by deal, the
    target when the readings set one, and the winner named.  ``result`` is the game's result
    in a check report (:func:`trufspec.check_text`), whose totals the chart plots."""
    from trufspec.output.sheet import sheets
    from trufspec.pictures.chart import chart

    (sheet,) = sheets("", (game,), (result,))
    return chart(sheet, result.options, size=size)
