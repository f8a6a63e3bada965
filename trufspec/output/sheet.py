"""Score sheets: the recomputed scores of each game, deal by deal, beside the record's own.

``trufspec score`` prints these.  The columns are the players, or the teams when the game is
scored per team.  A sheet row holds, for each player or team, the recomputed
score and running total and what the record wrote; a figure the record states differently is
marked, so a tournament director sees at a glance where the table's arithmetic went wrong.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

import msgspec
from attrs import frozen

from trufspec.output import contract
from trufspec.records import Deal, Game, Score, Total, Tricks
from trufspec.validator.report import GameResult

__all__ = [
    "Cell",
    "Row",
    "Sheet",
    "sheets",
    "render_text",
    "render_markdown",
    "render_csv",
    "render_json",
]


@frozen
class Cell:
    """One side's figures for one deal; None where unknown (not recomputable, not written)."""

    score: int | None
    total: int | None
    written_score: int | None
    written_total: int | None

    @property
    def differs(self) -> bool:
        """True when the record states a figure other than the recomputed one."""
        return (
            self.written_score is not None
            and self.score is not None
            and self.written_score != self.score
        ) or (
            self.written_total is not None
            and self.total is not None
            and self.written_total != self.total
        )


@frozen
class Row:
    number: int
    cells: tuple[Cell, ...]
    figures: tuple[tuple[str, dict[str, int]], ...] = ()
    """Further per-player figures of the deal under their labels (true claims, TROMP! winnings)."""
    kind: str = "deal"
    """What the record calls its deals (``deal``, or ``round`` in Tromplemond)."""


@frozen
class Sheet:
    path: str
    title: str
    """The game's event, round and date as its tags give them: several games of an evening
    share an event, so the round and the date tell them apart (and the line, always)."""
    ruleset: str | None
    sides: tuple[str, ...]
    rows: tuple[Row, ...]
    winners: tuple[str, ...]
    line: int = 0
    """The line of the file where the game starts."""

    @property
    def heading(self) -> str:
        """``path:line: event, round, date (ruleset)``: distinct for every game printed."""
        return f"{self.path}:{self.line}: {self.title} ({self.ruleset or 'no ruleset'})"


def _title(game: Game) -> str:
    round = game.tag("Round")
    parts = [game.tag("Event") or "game", f"round {round}" if round else None, game.tag("Date")]
    return ", ".join(part for part in parts if part)


def _written(deal: Deal, kind: type[Tricks]) -> dict[str, int]:
    section = deal.find(kind)
    return {f.side_name: f.value for f in section.entries} if section is not None else {}


def sheets(path: str, games: Sequence[Game], results: Sequence[GameResult]) -> list[Sheet]:
    """A sheet for each game of a file (``games`` as read, ``results`` as checked)."""
    found = []
    for game, result in zip(games, results):
        named: list[str] = []
        for deal in result.deals:
            for figures in (deal.scores, deal.totals):
                named += [s for s in (figures or {}) if s not in named]
        # A game scored per team (Ruff and Honours) has a column per team, not per player.
        teams_only = bool(named) and not set(named) & set(game.players)
        sides = [] if teams_only else list(game.players)
        sides += [s for s in named if s not in sides]
        rows = []
        for record, deal in zip(game.deals, result.deals):
            scores, totals = _written(record, Score), _written(record, Total)
            cells = tuple(
                Cell(
                    (deal.scores or {}).get(side),
                    (deal.totals or {}).get(side),
                    scores.get(side),
                    totals.get(side),
                )
                for side in sides
            )
            rows.append(Row(deal.number, cells, deal.figures, record.kind))
        found.append(
            Sheet(
                path,
                _title(game),
                result.ruleset,
                tuple(sides),
                tuple(rows),
                result.winners,
                result.line,
            )
        )
    return found


def _figure(value: int | None, written: int | None) -> str:
    if value is None:
        return "?" if written is None else f"({written})"
    if written is not None and written != value:
        return f"{value}*"
    return str(value)


def _cell(cell: Cell) -> str:
    return f"{_figure(cell.score, cell.written_score)} / {_figure(cell.total, cell.written_total)}"


def _table(sheet: Sheet) -> list[list[str]]:
    kind = sheet.rows[0].kind if sheet.rows else "deal"
    return [[kind, *sheet.sides]] + [
        [str(row.number), *(_cell(c) for c in row.cells)] for row in sheet.rows
    ]


def _figures(sheet: Sheet) -> list[str]:
    """One line per deal and label of further figures: ``round 1, true claims: Rob 2, Sam 3``."""
    return [
        f"{row.kind} {row.number}, {label}: "
        + ", ".join(f"{side} {value}" for side, value in values.items())
        for row in sheet.rows
        for label, values in row.figures
    ]


def _footer(sheet: Sheet) -> list[str]:
    lines = _figures(sheet)
    if any(c.differs for row in sheet.rows for c in row.cells):
        lines.append("* the record writes a different figure here")
    if any(c.score is None for row in sheet.rows for c in row.cells):
        lines.append("? not recomputable from the record; (n) is the record's own figure")
    lines.append(
        "winner: "
        + (" and ".join(sheet.winners) if sheet.winners else "not decided by this record")
    )
    return lines


def render_text(all_sheets: Sequence[Sheet]) -> str:
    """Aligned columns, each cell ``score / running total``."""
    out = []
    for sheet in all_sheets:
        out.append(sheet.heading)
        table = _table(sheet)
        widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
        for row in table:
            out.append("  ".join(cell.rjust(width) for cell, width in zip(row, widths)).rstrip())
        out.extend(_footer(sheet))
        out.append("")
    return "\n".join(out)


def render_markdown(all_sheets: Sequence[Sheet]) -> str:
    """A Markdown table per game, for a club's web page or a pull request."""
    out = []
    for sheet in all_sheets:
        out.append(
            f"### {sheet.title} ({sheet.ruleset or 'no ruleset'}), `{sheet.path}:{sheet.line}`"
        )
        out.append("")
        table = _table(sheet)
        out.append("| " + " | ".join(table[0]) + " |")
        out.append("|" + "---|" * len(table[0]))
        out.extend("| " + " | ".join(row) + " |" for row in table[1:])
        out.append("")
        out.extend(line + "  " for line in _footer(sheet))
        out.append("")
    return "\n".join(out)


def render_csv(all_sheets: Sequence[Sheet]) -> str:
    """One row per deal and side, with the recomputed and the written figures, and a column
    for each further figure any deal reports (Tromplemond's true claims and TROMP! winnings),
    empty where a deal does not report it."""
    labels = list(
        dict.fromkeys(
            label for sheet in all_sheets for row in sheet.rows for label, _ in row.figures
        )
    )
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        [
            "path",
            "game",
            "deal",
            "side",
            "score",
            "total",
            "written_score",
            "written_total",
            *labels,
        ]
    )
    for number, sheet in enumerate(all_sheets, start=1):
        for row in sheet.rows:
            extras = dict(row.figures)
            for side, cell in zip(sheet.sides, row.cells):
                writer.writerow(
                    [
                        sheet.path,
                        number,
                        row.number,
                        side,
                        cell.score,
                        cell.total,
                        cell.written_score,
                        cell.written_total,
                    ]
                    + [extras.get(label, {}).get(side) for label in labels]
                )
    return buffer.getvalue()


def render_json(all_sheets: Sequence[Sheet]) -> str:
    """The sheets as JSON (the contract's score document): per game its sides, its deals with
    per-side figures, its winners."""
    games = [
        contract.Sheet(
            path=s.path,
            line=s.line,
            title=s.title,
            ruleset=s.ruleset,
            sides=list(s.sides),
            deals=[
                contract.SheetDeal(
                    number=row.number,
                    figures={
                        side: contract.SheetFigures(
                            c.score, c.total, c.written_score, c.written_total
                        )
                        for side, c in zip(s.sides, row.cells)
                    },
                    extras=dict(row.figures) if row.figures else msgspec.UNSET,
                )
                for row in s.rows
            ],
            winners=list(s.winners),
        )
        for s in all_sheets
    ]
    return contract.encode(contract.ScoreDocument(version=1, games=games))
