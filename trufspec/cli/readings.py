"""``trufspec readings``: does a game's result depend on how the rules are read, and on which point?

Every game is replayed under the other readings of each ambiguity of its ruleset (and, when
they make few enough combinations, under every combination), and what changes is printed with
a one-line verdict first.  The work is that of :mod:`trufspec.readings`; this module is its
command line, which takes paths, ``--option`` and ``--jobs`` as ``check`` does and exits as it
does: 0 when every game was replayed, 1 when a game could not be (it does not parse, its
ruleset is unknown) or its Options tag is wrong (REC014), 2 for a usage error (a bad
``--option``, a path that cannot be read or names no records).
"""

from __future__ import annotations

import click

from trufspec.cli.support import (
    USAGE,
    Unreadable,
    check_options,
    collect_inputs,
    exclude_option,
    finish,
    input_format_option,
    jobs_option,
    load_settings,
    paths_argument,
    patterns_left_out,
    readings_in_force,
    readings_option,
)
from trufspec.diagnostics import Severity

__all__ = ["readings"]


@click.command()
@paths_argument
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    show_default=True,
    help="Text for a terminal; the JSON document of docs/json-output.rst; or Markdown.",
)
@readings_option
@click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help="Also list the readings in force and the ambiguities that change nothing.",
)
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=256,
    show_default=True,
    help="Replay every combination of readings when a game's ambiguities make at most this many; "
    "past it, each reading is tried on its own.",
)
@jobs_option(
    "Replay on this many processes; a large file is shared out a block of games at a time."
)
@input_format_option
@exclude_option
def readings(
    paths: tuple[str, ...],
    output_format: str,
    options: dict[str, str],
    verbose: bool,
    limit: int,
    jobs: int,
    input_format: str,
    exclude: tuple[str, ...],
) -> None:
    """Say what each game's result depends on: replay it under every reading of the rules.

    PATHS are files, directories (searched for *.truf files) or - for standard input.  The
    readings in force are the defaults, a record's Options tag and --option; each game is
    replayed under the others, and what changes (the findings, the scores, the winner) is
    printed after a one-line verdict.  With several files, a table counts how often each
    ambiguity changed something.  Exits 0 when every game was replayed, 1 when a game could
    not be or its Options tag is wrong, 2 for a usage error (a bad --option, a path that
    cannot be read or names no records).
    """
    from trufspec.readings.corpus import readings_paths

    check_options(click.get_current_context(), options)
    settings = load_settings()
    options = readings_in_force(options, settings)
    collected = collect_inputs(paths, patterns_left_out(exclude, settings))
    sources = [source.path for source in collected.inputs]
    cannot_read = Unreadable()
    files = list(
        readings_paths(
            sources,
            options or None,
            limit=limit,
            jobs=jobs,
            unreadable=cannot_read,
            input_format=input_format,
        )
    )
    if output_format == "json":
        from trufspec.readings.json import render

        click.echo(render(files, limit), nl=False)
    else:
        from trufspec.readings.render import render_markdown, render_text

        renderer = render_markdown if output_format == "markdown" else render_text
        click.echo(renderer(files, verbose=verbose), nl=False)
    incomplete = any(
        any(d.severity is Severity.ERROR for d in file.diagnostics)
        or any(game.skipped or game.diagnostics for game in file.games)
        for file in files
    )
    finish(USAGE if cannot_read.any else 1 if incomplete else 0, collected)
