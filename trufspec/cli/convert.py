"""``trufspec convert``: a record file written in the notation as a JSON record, or back."""

from __future__ import annotations

import sys

import click

from trufspec.cli.support import USAGE, input_format_option

__all__ = ["convert"]


@click.command()
@click.argument("path")
@click.option(
    "--to",
    "target",
    type=click.Choice(["json", "truf"]),
    required=True,
    help="json: the JSON record document (trufspec/schemas/record.schema.json); truf: the "
    "notation, in its canonical layout.",
)
@click.option(
    "--output", "-o", default="-", metavar="FILE", help="Where to write (- for standard output)."
)
@input_format_option
def convert(path: str, target: str, output: str, input_format: str) -> None:
    """Write the records of PATH (a file, or - for standard input) in the other form.

    Nothing is lost either way: the tags, every section, card and figure, the ! marks and
    the comments; a record converted to JSON and back prints as its canonical text.  A record
    that cannot be read is not converted: its errors are printed and the exit status is 1
    (2 when PATH cannot be read).

    \b
    Examples:
      trufspec convert records/truf-jb/notation-example.truf --to json
      trufspec convert records/truf-jb/notation-example.truf --to json -o game.json
      trufspec convert game.json --to truf
    """
    from trufspec.api import decode, dumps, loads
    from trufspec.diagnostics import Diagnostic, Severity
    from trufspec.inputs import Input
    from trufspec.jsonrecords import is_json, read_json, write_json
    from trufspec.output.text import render_diagnostic
    from trufspec.records import Game

    try:
        data = Input(path).read()
    except OSError as error:
        click.echo(f"trufspec: error: {path}: {error.strerror or error}", err=True)
        sys.exit(USAGE)
    text, problem = decode(data, path)
    games: tuple[Game, ...] = ()
    parsed_problems: tuple[Diagnostic, ...] = ()
    if problem is not None:
        parsed_problems = (problem,)
    else:
        parsed = read_json(text, path) if is_json(path, input_format) else loads(text, path)
        games = parsed.games
        parsed_problems = tuple(d for d in parsed.diagnostics if d.severity is Severity.ERROR)
    if parsed_problems:
        for diagnostic in parsed_problems:
            click.echo(render_diagnostic(diagnostic, path, {}), nl=False, err=True)
        sys.exit(1)
    result = write_json(games).decode("utf-8") if target == "json" else dumps(games)
    if output == "-":
        click.echo(result, nl=False)
        return
    try:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(result)
    except OSError as error:
        click.echo(f"trufspec: error: {output}: {error.strerror or error}", err=True)
        sys.exit(USAGE)
    click.echo(f"wrote {output}: {len(games)} game{'s' if len(games) != 1 else ''}", err=True)
