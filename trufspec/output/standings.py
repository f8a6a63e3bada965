"""Standings across games: what ``trufspec score --standings`` prints at the end of an evening.

Each player (or team) is counted over every game of the sheets it sits in: the games played,
the games won (a shared win counts for each winner) and the points, the sum of its final
totals.  The order is the usual one of a club's table: most wins first, then most points.
The figures are those of the score sheets, so the standings say nothing a sheet does not.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from attrs import frozen

from trufspec.output import contract
from trufspec.output.sheet import Sheet

__all__ = ["Standing", "standings", "render_text", "render_markdown", "render_csv", "render_json"]


@frozen
class Standing:
    side: str
    games: int
    wins: int
    points: int | None
    """The sum of the side's final totals; None when a game's final total is unknown."""


def _final_total(sheet: Sheet, index: int) -> int | None:
    """A side's total after the last deal: the recomputed one, else the record's own."""
    if not sheet.rows:
        return None
    cell = sheet.rows[-1].cells[index]
    return cell.total if cell.total is not None else cell.written_total


def standings(sheets: Sequence[Sheet]) -> tuple[Standing, ...]:
    """Every side of the sheets, most wins first, then most points, then by name."""
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    points: dict[str, int | None] = {}
    for sheet in sheets:
        for index, side in enumerate(sheet.sides):
            games[side] = games.get(side, 0) + 1
            wins[side] = wins.get(side, 0) + (side in sheet.winners)
            total, before = _final_total(sheet, index), points.get(side, 0)
            points[side] = None if total is None or before is None else before + total
    table = [Standing(side, games[side], wins[side], points[side]) for side in games]
    return tuple(sorted(table, key=lambda s: (-s.wins, s.points is None, -(s.points or 0), s.side)))


def _rows(table: Sequence[Standing]) -> list[list[str]]:
    header = ["", "player", "games", "wins", "points"]
    body = [
        [str(rank), s.side, str(s.games), str(s.wins), "?" if s.points is None else str(s.points)]
        for rank, s in enumerate(table, start=1)
    ]
    return [header, *body]


def render_text(sheets: Sequence[Sheet]) -> str:
    table = _rows(standings(sheets))
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    lines = [f"standings after {len(sheets)} {'game' if len(sheets) == 1 else 'games'}"]
    for row in table:
        cells = [
            cell.ljust(width) if i == 1 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths))
        ]
        lines.append("  ".join(cells).rstrip())
    if any(s.points is None for s in standings(sheets)):
        lines.append("? a game's final total is not known from its record")
    return "\n".join(lines) + "\n"


def render_markdown(sheets: Sequence[Sheet]) -> str:
    header, *body = _rows(standings(sheets))
    lines = [f"### Standings after {len(sheets)} {'game' if len(sheets) == 1 else 'games'}", ""]
    lines.append("| " + " | ".join(["rank", *header[1:]]) + " |")
    lines.append("|" + "---|" * len(header))
    lines += ["| " + " | ".join(row) + " |" for row in body]
    return "\n".join(lines) + "\n"


def render_csv(sheets: Sequence[Sheet]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "side", "games", "wins", "points"])
    for rank, s in enumerate(standings(sheets), start=1):
        writer.writerow([rank, s.side, s.games, s.wins, s.points])
    return buffer.getvalue()


def render_json(sheets: Sequence[Sheet]) -> str:
    """The standings as the contract's standings document."""
    table = [
        contract.Standing(rank=rank, side=s.side, games=s.games, wins=s.wins, points=s.points)
        for rank, s in enumerate(standings(sheets), start=1)
    ]
    return contract.encode(
        contract.StandingsDocument(version=1, games=len(sheets), standings=table)
    )
