"""Standings across games: what ``trufspec score --standings`` prints at the end of an evening.

Each player (or team) is counted over every game of the sheets it sits in: the games played,
the games won (a shared win counts for each winner) and the points, the sum of its final
totals.  The order is the usual one of a club's standings: most wins first, then most points.
The figures are those of the score sheets, so the standings say nothing a sheet does not.

Games of different rulesets are not ranked together: their points are of other scales (a
Tromplemond round is worth tens, a Ruff and Honours hand a few), and a team is not a player.
So the games are ranked in divisions: one per ruleset, and within a ruleset the games played by
teams are a division apart from those played alone.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from attrs import frozen

from trufspec.output import contract
from trufspec.output.sheet import Sheet

__all__ = [
    "Division",
    "Standing",
    "render_csv",
    "render_json",
    "render_markdown",
    "render_text",
    "divisions",
    "standings",
]


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
    ranked = [Standing(side, games[side], wins[side], points[side]) for side in games]
    return tuple(
        sorted(ranked, key=lambda s: (-s.wins, s.points is None, -(s.points or 0), s.side))
    )


@frozen
class Division:
    """The games ranked together: those of one ruleset, played by teams or alone."""

    ruleset: str | None
    teams: bool
    sheets: tuple[Sheet, ...]

    @property
    def title(self) -> str:
        """``truf-jb, 2 games`` or ``ruff-and-honours, teams, 1 game``."""
        count = len(self.sheets)
        games = f"{count} {'game' if count == 1 else 'games'}"
        return ", ".join(
            part
            for part in (self.ruleset or "no ruleset", "teams" if self.teams else "", games)
            if part
        )


def divisions(sheets: Sequence[Sheet]) -> tuple[Division, ...]:
    """The sheets grouped into divisions: one per ruleset, the team games apart, in the order
    the rulesets first appear."""
    groups: dict[tuple[str | None, bool], list[Sheet]] = {}
    for sheet in sheets:
        teams = any("+" in side for side in sheet.sides)
        groups.setdefault((sheet.ruleset, teams), []).append(sheet)
    return tuple(
        Division(ruleset, teams, tuple(found)) for (ruleset, teams), found in groups.items()
    )


def _rows(ranked: Sequence[Standing], teams: bool = False) -> list[list[str]]:
    header = ["", "team" if teams else "player", "games", "wins", "points"]
    body = [
        [str(rank), s.side, str(s.games), str(s.wins), "?" if s.points is None else str(s.points)]
        for rank, s in enumerate(ranked, start=1)
    ]
    return [header, *body]


def render_text(sheets: Sequence[Sheet]) -> str:
    lines: list[str] = []
    for group in divisions(sheets):
        found = standings(group.sheets)
        rows = _rows(found, group.teams)
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        if lines:
            lines.append("")
        lines.append(f"standings of {group.title}")
        for row in rows:
            cells = [
                cell.ljust(width) if i == 1 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(row, widths, strict=True))
            ]
            lines.append("  ".join(cells).rstrip())
        if any(s.points is None for s in found):
            lines.append("? a game's final total is not known from its record")
    return "\n".join(lines) + "\n"


def render_markdown(sheets: Sequence[Sheet]) -> str:
    lines: list[str] = []
    for group in divisions(sheets):
        header, *body = _rows(standings(group.sheets), group.teams)
        lines += [f"### Standings of {group.title}", ""]
        lines.append("| " + " | ".join(["rank", *header[1:]]) + " |")
        lines.append("|" + "---|" * len(header))
        lines += ["| " + " | ".join(row) + " |" for row in body]
        lines.append("")
    return "\n".join(lines)


def render_csv(sheets: Sequence[Sheet]) -> str:
    """A row per side and division, the division's ruleset and kind in its first columns."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["ruleset", "teams", "rank", "side", "games", "wins", "points"])
    for group in divisions(sheets):
        for rank, s in enumerate(standings(group.sheets), start=1):
            writer.writerow(
                [
                    group.ruleset,
                    "yes" if group.teams else "no",
                    rank,
                    s.side,
                    s.games,
                    s.wins,
                    s.points,
                ]
            )
    return buffer.getvalue()


def render_json(sheets: Sequence[Sheet]) -> str:
    """The standings as the contract's standings document: each side with its division's
    ruleset and kind, ranked within its division."""
    ranked = [
        contract.Standing(
            rank=rank,
            side=s.side,
            games=s.games,
            wins=s.wins,
            points=s.points,
            ruleset=group.ruleset,
            teams=group.teams,
        )
        for group in divisions(sheets)
        for rank, s in enumerate(standings(group.sheets), start=1)
    ]
    return contract.encode(
        contract.StandingsDocument(version=1, games=len(sheets), standings=ranked)
    )
