"""``trufspec score``: the recomputed score sheet of each game, or the standings across games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from trufspec.cli.support import (
    USAGE,
    check_options,
    collect_inputs,
    exclude_option,
    finish,
    input_format_option,
    load_settings,
    paths_argument,
    patterns_left_out,
    read_input,
    readings_in_force,
    readings_option,
)
from trufspec.diagnostics import Severity

if TYPE_CHECKING:
    from trufspec.diagnostics import Diagnostic

__all__ = ["score"]


@click.command()
@paths_argument
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "markdown", "csv", "json"]),
    default="text",
    show_default=True,
    help="How to print the sheets.",
)
@readings_option
@click.option(
    "--standings",
    is_flag=True,
    help="Print the standings across all the games instead of their sheets: games played, "
    "games won and points (the sum of the final totals) of each player; a table per ruleset, "
    "whose points are of different scales, and the games played by teams apart.",
)
@input_format_option
@exclude_option
def score(
    paths: tuple[str, ...],
    output_format: str,
    options: dict[str, str],
    standings: bool,
    input_format: str,
    exclude: tuple[str, ...],
) -> None:
    """Print the recomputed score sheet of each game, deal by deal.

    Each cell is the deal's score and the running total; a figure the record writes
    differently is marked with *.  The CSV sheet has a row per deal and player, and a column
    for each further figure a game reports (Tromplemond's true claims and TROMP! winnings).
    Exits 1 when a record has an error (the first is named, with their count), 2 on a usage
    error (a bad option, a path that cannot be read or names no records).

    \b
    Examples:
      trufspec score records/truf-jb/club-night-2027-03-05.truf
      trufspec score --format csv records/truf-de/
      trufspec score --standings records/truf-jb/
    """
    from trufspec.batch import checked
    from trufspec.inputs import reads_as_json
    from trufspec.notation.blocks import Block
    from trufspec.output import sheet
    from trufspec.output import standings as standings_report

    check_options(click.get_current_context(), options)
    settings = load_settings()
    options = readings_in_force(options, settings)
    sheets = []
    errors: list[tuple[str, Diagnostic]] = []
    unreadable = False
    collected = collect_inputs(paths, patterns_left_out(exclude, settings))
    for source in collected.inputs:
        data = read_input(source)
        if data is None:
            unreadable = True
            continue
        block = Block(data, 1, json=reads_as_json(source.path, input_format, data))
        _, games, report = checked(block, source.path, options or None)
        errors += [(source.path, d) for d in report.diagnostics if d.severity is Severity.ERROR]
        sheets += sheet.sheets(source.path, games, report.games)
    module = standings_report if standings else sheet
    renderers = {
        "text": module.render_text,
        "markdown": module.render_markdown,
        "csv": module.render_csv,
        "json": module.render_json,
    }
    click.echo(renderers[output_format](sheets), nl=False)
    if errors:
        click.echo(_errors_line(errors), err=True)
    finish(USAGE if unreadable else 1 if errors else 0, collected)


def _errors_line(errors: Sequence[tuple[str, Diagnostic]]) -> str:
    """Why a command that prints no diagnostics fails: the first error, and how many there are."""
    path, first = errors[0]
    where = f"{path}:{first.line}:{first.column}" if first.line > 0 else path
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return (
        f"trufspec: {len(errors)} {'error' if len(errors) == 1 else 'errors'} in the records; the first: "
        f"{where}: {first.code} {first.message}{more}; trufspec check lists them"
    )
