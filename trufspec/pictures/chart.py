"""The score chart: each player's (or team's) running total, deal by deal, as SVG.

The totals are the recomputed ones of the score sheet (:mod:`trufspec.output.sheet`), so the
chart, the sheet and ``trufspec score`` show the same figures.  Each line has its own marker
and dash as well as its colour, and is named at its end, so the chart reads in black and
white; each point carries its figure as a tooltip and as data a test can read back.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape

from trufspec.output.sheet import Sheet

__all__ = ["chart", "TARGET_OPTION"]

TARGET_OPTION = "target-points"
"""The reading that sets a game's target, where a ruleset has one (Ruff and Honours,
Tromplemond): the chart draws it as a line."""

_COLOURS = ("#1f4e9c", "#b00000", "#1b7a2f", "#7a4a00", "#6b2a8a", "#00707a")
_DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")
_MARKERS = ("circle", "square", "triangle", "diamond", "cross", "bar")


def _step(span: float) -> int:
    """A round tick step that cuts ``span`` into about five parts (1, 2 or 5 times a power
    of ten)."""
    raw = max(span / 5, 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def _marker(kind: str, x: float, y: float, r: float) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"'
    if kind == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}"'
    points = {
        "triangle": ((0, -1.2), (1.1, 0.9), (-1.1, 0.9)),
        "diamond": ((0, -1.3), (1.3, 0), (0, 1.3), (-1.3, 0)),
        "cross": ((-1, -1), (1, 1), (0, 0), (1, -1), (-1, 1), (0, 0)),
        "bar": ((-1.3, -0.5), (1.3, -0.5), (1.3, 0.5), (-1.3, 0.5)),
    }[kind]
    text = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in points)
    return f'<polygon points="{text}"'


def chart(
    sheet: Sheet,
    readings: Mapping[str, str],
    *,
    size: float = 14.0,
    standalone: bool = True,
    compact: bool = False,
) -> str:
    """The chart of one game's sheet; ``readings`` are the readings in force (the target).

    ``compact`` draws it for a phone: the deals closer together and a narrower frame, so that
    at a phone's width the chart is drawn near its own scale and its labels keep their size,
    where the desktop's chart, shrunk to fit, would make them unreadably small."""
    series = [
        (
            side,
            [
                (row.number, total)
                for row in sheet.rows
                if (total := row.cells[i].total) is not None
            ],
        )
        for i, side in enumerate(sheet.sides)
    ]
    target = int(readings[TARGET_OPTION]) if TARGET_OPTION in readings else None
    totals = [total for _, points in series for _, total in points if total is not None]
    # A target far beyond every total would squash the lines into a band: the axis reaches it
    # only when some total came at least half way, and else the chart says where it lies.
    reached = target is not None and max(totals, default=0) * 2 >= target
    values = totals + [0] + ([target] if target is not None and reached else [])
    low, high = min(values), max(values)
    step = _step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high == low:
        high = low + step
    deals = [row.number for row in sheet.rows] or [1]
    first, last = min(deals), max(deals)
    label_width = max((len(side) for side in sheet.sides), default=4) * size * 0.6 + size * 4
    left, right, top, bottom = size * 3.5, label_width, size * 2, size * 3
    per_deal, least = (size * 0.8, size * 22) if compact else (size * 2.6, size * 34)
    width = max(least, left + right + (last - first + 1) * per_deal)
    height = size * 20
    plot_w, plot_h = width - left - right, height - top - bottom

    def x_of(deal: int) -> float:
        return left + (plot_w * (deal - first) / (last - first) if last > first else plot_w / 2)

    def y_of(total: float) -> float:
        return top + plot_h * (high - total) / (high - low)

    out = [
        f'<rect x="{left:.1f}" y="{top:.1f}" width="{plot_w:.1f}" height="{plot_h:.1f}" fill="#fff" stroke="#888"/>'
    ]
    for tick in range(low, high + 1, step):
        y = y_of(tick)
        weight = ' stroke="#444"' if tick == 0 else ' stroke="#ddd"'
        out.append(
            f'<line x1="{left:.1f}" x2="{left + plot_w:.1f}" y1="{y:.1f}" y2="{y:.1f}"{weight}/>'
        )
        out.append(
            f'<text x="{left - size * 0.4:.1f}" y="{y + size * 0.35:.1f}" text-anchor="end">{tick}</text>'
        )
    every = max(1, math.ceil(len(deals) / max(1, plot_w / (size * 2.2))))
    for index, deal in enumerate(deals):
        if index % every == 0 or deal == last:
            out.append(
                f'<text x="{x_of(deal):.1f}" y="{top + plot_h + size * 1.3:.1f}" text-anchor="middle">{deal}</text>'
            )
    kind = sheet.rows[0].kind if sheet.rows else "deal"
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - size * 0.4:.1f}" text-anchor="middle">{kind}</text>'
    )
    if target is not None and not reached:
        out.append(
            f'<text x="{left + size * 0.3:.1f}" y="{top - size * 0.3:.1f}" class="tf-small tf-target">'
            f"target {target}, above the chart</text>"
        )
    elif target is not None:
        y = y_of(target)
        out.append(
            f'<line class="tf-target" x1="{left:.1f}" x2="{left + plot_w:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="#000" stroke-dasharray="10 4 2 4"/>'
        )
        out.append(
            f'<text x="{left + size * 0.3:.1f}" y="{y - size * 0.3:.1f}" class="tf-small">target {target}</text>'
        )
    if sheet.winners:
        # The game ends with its last deal: a line there, and the winner named at its foot.
        x = x_of(last)
        out.append(
            f'<line class="tf-end" x1="{x:.1f}" x2="{x:.1f}" y1="{top:.1f}" y2="{top + plot_h:.1f}" stroke="#000" stroke-dasharray="2 3"/>'
        )
        # At the foot of the line, where no target line runs.
        out.append(
            f'<text x="{x - size * 0.3:.1f}" y="{top + plot_h - size * 0.4:.1f}" '
            'text-anchor="end" class="tf-small">end</text>'
        )
    ends: list[tuple[float, str, str]] = []
    for number, (side, points) in enumerate(series):
        colour, dash, marker = (
            _COLOURS[number % len(_COLOURS)],
            _DASHES[number % len(_DASHES)],
            _MARKERS[number % len(_MARKERS)],
        )
        path = " ".join(f"{x_of(d):.1f},{y_of(t):.1f}" for d, t in points)
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="tf-series" data-side="{escape(side)}">')
        out.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dashing}/>'
        )
        for deal, total in points:
            shape = _marker(marker, x_of(deal), y_of(total), size * 0.3)
            out.append(
                f'{shape} class="tf-point" fill="{colour}" stroke="{colour}" data-deal="{deal}" data-total="{total}">'
                f"<title>{escape(side)} after {kind} {deal}: {total}</title></{shape.split()[0][1:]}>"
            )
        out.append("</g>")
        if points:
            deal, total = points[-1]
            ends.append((y_of(total), f"{side} {total}", colour))
    ends.sort()
    previous = -size
    for y, text, colour in ends:
        y = max(y + size * 0.35, previous + size * 1.1)
        previous = y
        out.append(
            f'<text x="{left + plot_w + size * 0.4:.1f}" y="{y:.1f}" fill="{colour}">{escape(text)}</text>'
        )
    winners = " and ".join(sheet.winners)
    if sheet.winners:
        out.append(
            f'<text x="{left + plot_w:.1f}" y="{size:.1f}" text-anchor="end">'
            f"winner: {escape(' and '.join(sheet.winners))}</text>"
        )
    title = f"Running totals of {sheet.title}"
    description = "; ".join(
        f"{side}: " + ", ".join(str(t) for _, t in points) for side, points in series
    ) + (f". Winner: {winners}." if winners else ". The record does not show the game to its end.")
    namespace = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    return (
        f'<svg{namespace} class="tf-chart" viewBox="0 0 {width:.1f} {height:.1f}" width="{width:.1f}" height="{height:.1f}" '
        f'role="img" font-family="sans-serif" font-size="{size:.1f}"><title>{escape(title)}</title>'
        f"<desc>{escape(description)}</desc>" + "".join(out) + "</svg>"
    )
