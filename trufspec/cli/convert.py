"""``trufspec convert``: record files written in the notation as JSON records, or back.

Where the results go is decided before anything is written, so that a bad invocation (two
inputs for one output, an input that would be overwritten) changes no file: one input is
written to standard output or to ``--output``; several, or a folder, go to ``--output-dir``,
each under its own name with the extension of the other form, the files of a folder keeping
their place below it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import click

from trufspec.cli.support import (
    USAGE,
    collect_inputs,
    exclude_option,
    finish,
    input_format_option,
    load_settings,
    paths_argument,
    patterns_left_out,
    read_input,
)
from trufspec.inputs import STDIN, Input

__all__ = ["convert"]

_EXTENSIONS = {"json": ".json", "truf": ".truf"}
"""The extension of a file of each form: what ``--output-dir`` names the results with."""

_SOURCE = {"json": "truf", "truf": "json"}
"""The form a folder is searched for, by the form converted to."""


@click.command()
@paths_argument
@click.option(
    "--to",
    "target",
    type=click.Choice(["json", "truf"]),
    required=True,
    help="json: the JSON record document (trufspec/schemas/record.schema.json); truf: the "
    "notation, in its canonical layout.",
)
@click.option(
    "--output",
    "-o",
    default=None,
    metavar="FILE",
    help="Write the one input's result to FILE (- for standard output, the default).",
)
@click.option(
    "--output-dir",
    "-d",
    default=None,
    metavar="DIR",
    help="Write each result into DIR (made if missing), named as its input with the other "
    "form's extension; the files of a folder keep their place below it.  Needed for several "
    "inputs or a folder.",
)
@input_format_option
@exclude_option
def convert(
    paths: tuple[str, ...],
    target: str,
    output: str | None,
    output_dir: str | None,
    input_format: str,
    exclude: tuple[str, ...],
) -> None:
    """Write the records of PATHS in the other form.

    PATHS are files, directories or - for standard input.  A directory is searched for the
    records of the other form: *.truf files with --to json, *.json files with --to truf.
    One file is written to standard output, or to --output; several, or a directory, need
    --output-dir.

    Nothing is lost either way: the tags, every section, card and figure, the ! marks and
    the comments; a record converted to JSON and back prints as its canonical text.  A record
    that cannot be read is not converted: its errors are printed, the other records are still
    converted, and the exit status is 1 (2 when a path cannot be read or names no records, or
    the outputs asked for cannot be written).

    \b
    Examples:
      trufspec convert records/truf-jb/notation-example.truf --to json
      trufspec convert records/truf-jb/notation-example.truf --to json -o game.json
      trufspec convert records/truf-jb/ records/truf-de/ --to json --output-dir json-records
      trufspec convert records/truf-jb/notation-example.truf --to json | trufspec check -
    """
    ctx = click.get_current_context()
    if output is not None and output_dir is not None:
        raise click.UsageError("give --output or --output-dir, not both", ctx)
    settings = load_settings()
    collected = collect_inputs(
        paths, patterns_left_out(exclude, settings), _EXTENSIONS[_SOURCE[target]]
    )
    inputs = collected.inputs
    several = len(inputs) > 1 or any(p != STDIN and os.path.isdir(p) for p in paths)
    if output_dir is not None:
        places = _places(inputs, paths, output_dir, _EXTENSIONS[target], ctx)
    elif several:
        raise click.UsageError(
            "several files, or a folder, are converted file by file: give --output-dir DIR "
            "to write them into a folder",
            ctx,
        )
    else:
        places = {inputs[0].path: output or STDIN}
    status = 0
    for source in inputs:
        data = read_input(source)
        result = None if data is None else _converted(data, source.path, target, input_format)
        if data is None or (result is not None and not _write(places[source.path], *result)):
            status = USAGE
        elif result is None:
            status = max(status, 1)
    finish(status, collected)


def _places(
    inputs: Sequence[Input], paths: Sequence[str], folder: str, extension: str, ctx: click.Context
) -> Mapping[str, str]:
    """Where each input's result is written in ``folder``; a usage error when an input has no
    name (standard input), when two would be written to one file, or when a result would
    overwrite an input."""
    folders = [os.path.normpath(p) for p in paths if p != STDIN and os.path.isdir(p)]
    places: dict[str, str] = {}
    written: dict[str, str] = {}
    read = {os.path.abspath(source.path) for source in inputs if not source.is_stdin}
    for source in inputs:
        if source.is_stdin:
            raise click.UsageError(
                "standard input has no name to write its result under: give --output FILE", ctx
            )
        within = next((f for f in folders if _below(source.path, f)), None)
        name = os.path.relpath(source.path, within) if within else os.path.basename(source.path)
        place = os.path.join(folder, os.path.splitext(name)[0] + extension)
        key = os.path.abspath(place)
        if key in written:
            raise click.UsageError(
                f"{written[key]} and {source.path} would both be written to {place}", ctx
            )
        if key in read:
            raise click.UsageError(f"{source.path} would overwrite the input {place}", ctx)
        written[key] = source.path
        places[source.path] = place
    return places


def _below(path: str, folder: str) -> bool:
    relative = os.path.relpath(os.path.abspath(path), os.path.abspath(folder))
    return relative.split(os.sep)[0] != os.pardir


def _converted(data: bytes, path: str, target: str, input_format: str) -> tuple[str, int] | None:
    """The text of the file ``path`` in the ``target`` form and its number of games; None when
    it cannot be read as records (its errors are printed)."""
    from trufspec.api import decode, dumps, loads
    from trufspec.diagnostics import Severity
    from trufspec.inputs import reads_as_json
    from trufspec.jsonrecords import read_json, write_json
    from trufspec.notation.parse import Parsed
    from trufspec.output.text import render_diagnostic

    text, problem = decode(data, path)
    if problem is not None:
        parsed = Parsed((), (problem,))
    elif reads_as_json(path, input_format, data):
        parsed = read_json(text, path)
    else:
        parsed = loads(text, path)
    errors = [d for d in parsed.diagnostics if d.severity is Severity.ERROR]
    games = parsed.games
    if errors:
        for diagnostic in errors:
            click.echo(render_diagnostic(diagnostic, path, {}), nl=False, err=True)
        return None
    result = write_json(games).decode("utf-8") if target == "json" else dumps(games)
    return result, len(games)


def _write(place: str, result: str, games: int) -> bool:
    """Write a result to ``place`` (``-``: standard output), making its folder; False after
    saying why it could not be written."""
    if place == STDIN:
        click.echo(result, nl=False)
        return True
    try:
        folder = os.path.dirname(place)
        if folder:
            os.makedirs(folder, exist_ok=True)
        with open(place, "w", encoding="utf-8") as handle:
            handle.write(result)
    except OSError as error:
        click.echo(f"trufspec: error: {place}: {error.strerror or error}", err=True)
        return False
    click.echo(f"wrote {place}: {games} game{'s' if games != 1 else ''}", err=True)
    return True
