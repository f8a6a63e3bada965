"""The readings for people: text for a terminal, Markdown for a club's page, and the corpus
table in reStructuredText for the ambiguity register of the documentation.

Each game opens with its verdict; then come the readings that change something, each with
what it changes, and the count of the ambiguities that change nothing (listed with
``verbose``).  With several files a table says how often each ambiguity mattered.
"""

from __future__ import annotations

from collections.abc import Iterator

from trufspec.readings.corpus import Summary, summarise
from trufspec.readings.model import Difference, FigureChange, FileReadings, GameReadings
from trufspec.readings.verdict import details, names, verdict

__all__ = ["render_text", "render_markdown", "render_summary_rst", "HEADERS"]

SHOWN = 5
"""Findings listed per reading without ``verbose``: a reading that upsets the play (cards
attributed to other players) changes dozens; the rest are counted."""

HEADERS = ("ambiguity", "ruleset", "games", "legality", "score", "winner", "ruled out")
"""The columns of the corpus table: the games replayed under an ambiguity's readings, how
many of them had their findings, a score or the winner changed by a reading they were played
under, and how many ruled a reading of it out."""


def render_text(files: list[FileReadings], *, verbose: bool = False) -> str:
    """The readings of ``files``, and the corpus table when there are several files."""
    lines: list[str] = []
    for file in files:
        for diagnostic in file.diagnostics:
            lines.append(
                f"{file.path}:{diagnostic.line}:{diagnostic.column}: {diagnostic.severity.value} {diagnostic.code} {diagnostic.message}"
            )
        for game in file.games:
            lines.append(
                f"{game.path}:{game.line}: {game.ruleset or 'no ruleset'}, {' '.join(game.players) or 'no players'}"
            )
            lines.extend("  " + line for line in _game_lines(game, verbose))
    if len(files) > 1:
        lines.append("")
        lines.extend(_summary_text(summarise(files)))
    return "".join(line + "\n" for line in lines)


def render_markdown(files: list[FileReadings], *, verbose: bool = False) -> str:
    """The readings as Markdown: a section per game and, for several files, the corpus table."""
    out: list[str] = ["# What the results depend on", ""]
    for file in files:
        for diagnostic in file.diagnostics:
            out += [
                f"- `{file.path}:{diagnostic.line}`: {diagnostic.severity.value} {diagnostic.code} {diagnostic.message}",
                "",
            ]
        for game in file.games:
            players = ", ".join(game.players) or "no players"
            out += [
                f"## `{game.path}`, line {game.line} ({game.ruleset or 'no ruleset'}: {players})",
                "",
            ]
            out += [f"**{verdict(game)}**", ""]
            out += [f"- {line}" for line in details(game)]
            out += [
                f"  - {line[2:]}" if line.startswith("  ") else f"- {line}"
                for line in _game_lines(game, verbose)[1 + len(details(game)) :]
            ]
            out.append("")
    if len(files) > 1:
        summary = summarise(files)
        out += ["## How often each ambiguity mattered", "", _count_line(summary), ""]
        out.append("| " + " | ".join(h.capitalize() for h in HEADERS) + " |")
        out.append("|" + "---|" * len(HEADERS))
        for row in _rows(summary):
            out.append("| " + " | ".join(row) + " |")
        out.append("")
    return "\n".join(out)


def render_summary_rst(summary: Summary) -> str:
    """The corpus table as a reStructuredText list table for the documentation, each
    ambiguity linked to its entry in the register."""
    out = [_count_line(summary), "", ".. list-table::", "   :header-rows: 1", ""]
    rows = [
        (f":rule:ambiguity:`{c.ambiguity}` {row[0].split(' ', 1)[1]}", *row[1:])
        for c, row in zip(summary.counts, _rows(summary))
    ]
    for row in [tuple(h.capitalize() for h in HEADERS), *rows]:
        out.append(f"   * - {row[0]}")
        out.extend(f"     - {cell}" for cell in row[1:])
    return "\n".join(out) + "\n"


def _rows(summary: Summary) -> Iterator[tuple[str, ...]]:
    for c in summary.counts:
        yield (
            f"{c.ambiguity} ({c.title.lower()})",
            c.ruleset,
            str(c.games),
            str(c.legality),
            str(c.score),
            str(c.winner),
            str(c.ruled_out),
        )


def _count_line(summary: Summary) -> str:
    files = "1 file" if summary.files == 1 else f"{summary.files} files"
    games = "1 game" if summary.games == 1 else f"{summary.games} games"
    return f"{files}, {games} ({summary.skipped} not replayed)."


def _summary_text(summary: Summary) -> list[str]:
    rows = [HEADERS, *_rows(summary)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS))]
    table = [
        "  ".join(
            cell.ljust(width) if i < 2 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths))
        ).rstrip()
        for row in rows
    ]
    return [_count_line(summary), *table]


def _game_lines(game: GameReadings, verbose: bool) -> list[str]:
    """The verdict, then what the readings tried change."""
    lines = [verdict(game), *details(game)]
    if game.skipped is not None:
        return lines
    lines += [
        f"{d.severity.value} {d.code}{f' line {d.line}' if d.line else ''}: {d.message}"
        for d in game.diagnostics
    ]
    lines.append(_tried_line(game))
    if verbose:
        lines.append(
            "readings in force: " + ", ".join(f"{t.option}={t.in_force}" for t in game.tried)
        )
    for difference in game.differences:
        against = " (ruled out: the record breaks the rules of play under it)"
        lines.append(f"under {_readings(difference)}{against if difference.contradicted else ''}:")
        lines += ["  " + line for line in _difference_lines(difference, game, verbose)]
    if game.unchanged:
        count = len(game.unchanged)
        nothing = (
            "1 ambiguity changes nothing" if count == 1 else f"{count} ambiguities change nothing"
        )
        titles = {t.ambiguity: t.title for t in game.tried}
        if verbose:
            lines.append(
                nothing + ": " + ", ".join(f"{id} ({titles[id].lower()})" for id in game.unchanged)
            )
        else:
            lines.append(nothing + " (--verbose lists them)")
    return lines


def _tried_line(game: GameReadings) -> str:
    replays = "1 other reading" if game.replays == 1 else f"{game.replays} other readings"
    if game.combined:
        return (
            f"{replays} tried: every combination of the readings of {len(game.tried)} ambiguities"
        )
    return (
        f"{replays} tried, each on its own: the readings of {len(game.tried)} ambiguities make "
        f"{game.combinations} combinations, more than the limit of {game.limit}"
    )


def _readings(difference: Difference) -> str:
    return " with ".join(f"{c.option}={c.reading} ({c.ambiguity})" for c in difference.changes)


def _difference_lines(difference: Difference, game: GameReadings, verbose: bool) -> list[str]:
    lines = []
    if difference.winner_changed:
        lines.append(f"winner: {names(game.winners)} -> {names(difference.winners)}")
    by_deal: dict[tuple[int, int], list[FigureChange]] = {}
    for figure in difference.figures:
        by_deal.setdefault((figure.deal, figure.line), []).append(figure)
    for (deal, line), figures in by_deal.items():
        changes = "; ".join(
            f"{f.figure} {f.player} {_figure(f.before)} -> {_figure(f.after)}" for f in figures
        )
        lines.append(f"deal {deal} (line {line}): {changes}")
    shown = difference.findings if verbose else difference.findings[:SHOWN]
    for finding in shown:
        sign = "+" if finding.appears else "-"
        lines.append(
            f"{sign} line {finding.line}: {finding.severity} {finding.code} {finding.message}"
        )
    if len(shown) < len(difference.findings):
        lines.append(
            f"and {len(difference.findings) - len(shown)} more findings (--verbose lists them)"
        )
    return lines


def _figure(value: int | None) -> str:
    return "none" if value is None else str(value)
