"""``trufspec report``: the HTML report of record files, written to one self-contained page.

A command of its own rather than a ``check --format html``: the page is a file, not a stream
(it is opened, mailed and printed, so it takes ``-o``), and it draws the records themselves
(the hands, the tricks, the text), which the other formats of ``check`` never hold.  It exits
like ``check``: 1 when a record has an error, 2 when a path cannot be read or the page cannot
be written.
"""

from __future__ import annotations

import sys

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

__all__ = ["report"]


@click.command()
@paths_argument
@click.option(
    "--output",
    "-o",
    required=True,
    metavar="FILE",
    help="The HTML file to write (- for standard output).",
)
@click.option(
    "--base-url",
    metavar="URL",
    help="Where the rules reference is published: the ruleset, each clause and each reading "
    "link to it.",
)
@click.option(
    "--letters", is_flag=True, help="Write suits as letters (KH) instead of symbols (K♥)."
)
@readings_option
@input_format_option
@exclude_option
def report(
    paths: tuple[str, ...],
    output: str,
    base_url: str | None,
    letters: bool,
    options: dict[str, str],
    input_format: str,
    exclude: tuple[str, ...],
) -> None:
    """Write one self-contained HTML page that draws every game of the records.

    For each game: its tags and readings, a score chart beside the score sheet, a diagram of
    each deal that steps through the tricks, every diagnostic linked to the card it concerns,
    and the record's text with the spans marked.  The page fetches nothing: it opens from disk
    or from an e-mail.  Exits 0 when no record has an error, 1 when one has, 2 when a path
    cannot be read or names no records, or FILE cannot be written.

    \b
    Examples:
      trufspec report records/truf-jb/club-night-2027-03-05.truf -o club-night.html
      trufspec report --letters --base-url https://example.org/rules records/tromplemond/ -o tromplemond.html
    """
    from trufspec.diagnostics import Severity
    from trufspec.pictures.html import read_source, render_report

    check_options(click.get_current_context(), options)
    settings = load_settings()
    options = readings_in_force(options, settings)
    collected = collect_inputs(paths, patterns_left_out(exclude, settings))
    read = [(source.path, read_input(source)) for source in collected.inputs]
    sources = [
        read_source(path, data, options or None, input_format)
        for path, data in read
        if data is not None
    ]
    page = render_report(sources, base_url=base_url, unicode=not letters)
    if output == "-":
        click.echo(page, nl=False)
    else:
        try:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(page)
        except OSError as error:
            click.echo(
                f"trufspec: error: cannot write {output}: {error.strerror or error}", err=True
            )
            sys.exit(USAGE)
        games = sum(len(source.games) for source in sources)
        click.echo(
            f"wrote {output}: {games} game{'s' if games != 1 else ''} from {len(sources)} file{'s' if len(sources) != 1 else ''}",
            err=True,
        )
    failed = any(s.report.count(Severity.ERROR) for s in sources)
    finish(USAGE if any(data is None for _, data in read) else 1 if failed else 0, collected)
