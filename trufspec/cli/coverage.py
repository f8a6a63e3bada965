"""``trufspec coverage``: which clauses a corpus of records obeys, breaks, or never exercises."""

from __future__ import annotations

from collections.abc import Iterator

import click

from trufspec.cli.support import (
    USAGE,
    check_options,
    collect_inputs,
    exclude_option,
    finish,
    load_settings,
    paths_argument,
    patterns_left_out,
    read_input,
    readings_in_force,
    readings_option,
)

__all__ = ["coverage"]


@click.command()
@paths_argument
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="A table per ruleset for people, or a JSON document that names the games.",
)
@readings_option
@exclude_option
def coverage(
    paths: tuple[str, ...], output_format: str, options: dict[str, str], exclude: tuple[str, ...]
) -> None:
    """Say which clauses the records obey, which they break, and which none exercises.

    Every record is checked and its ;! marks compared with what the check reports.  Exits 0
    when every clause of every ruleset the records play (and of the notation) is obeyed by
    some game and, unless it cannot be broken, broken by another, and every mark is matched;
    1 otherwise; 2 on a usage error (a bad option, a path that cannot be read or names no
    records).

    \b
    Examples:
      trufspec coverage records/
      trufspec coverage --format json records/truf-de/
    """
    from trufspec.coverage import cover
    from trufspec.output import coverage as coverage_report

    check_options(click.get_current_context(), options)
    settings = load_settings()
    options = readings_in_force(options, settings)
    unreadable = False
    collected = collect_inputs(paths, patterns_left_out(exclude, settings))

    def files() -> Iterator[tuple[str, bytes]]:
        nonlocal unreadable
        for source in collected.inputs:
            data = read_input(source)
            if data is None:
                unreadable = True
            else:
                yield source.path, data

    result = cover(files(), options or None)
    render = coverage_report.render_json if output_format == "json" else coverage_report.render_text
    click.echo(render(result), nl=False)
    finish(USAGE if unreadable else 0 if result.ok else 1, collected)
