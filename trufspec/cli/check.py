"""``trufspec check``: records judged against the rules of their ruleset, the findings printed in
the text, JSON, GitHub or SARIF format (:mod:`trufspec.output`)."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

import click

from trufspec.cli.support import (
    USAGE,
    Unreadable,
    check_options,
    collect_inputs,
    color_option,
    colour_wanted,
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
from trufspec.inputs import STDIN

if TYPE_CHECKING:
    from trufspec.validator.report import FileReport

__all__ = ["check"]

PROGRESS_FROM = 4 * 1024 * 1024
"""Bytes of input from which a check at a terminal shows a progress bar: below that it is over
before a bar would be read."""


def _parse_codes(
    ctx: click.Context, param: click.Parameter, values: Sequence[str]
) -> tuple[str, ...]:
    """``--select``/``--ignore`` values: codes or code prefixes, repeated or comma-separated."""
    from trufspec.config import code_prefixes

    found, problems = code_prefixes(values)
    if problems:
        raise click.BadParameter(problems[0], ctx, param)
    return found


@click.command()
@paths_argument
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "github", "sarif"]),
    default="text",
    show_default=True,
    help="Compiler-style text; the JSON document of docs/json-output.rst; GitHub Actions "
    "annotations; or a SARIF 2.1.0 log for code scanning.",
)
@readings_option
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    callback=_parse_codes,
    help="Report only these codes or code prefixes (JB305, JB3, REC), comma-separated or repeated.",
)
@click.option(
    "--ignore",
    multiple=True,
    metavar="CODES",
    callback=_parse_codes,
    help="Leave out these codes or code prefixes; wins over --select.",
)
@click.option("--strict", is_flag=True, help="Warnings fail the check too (exit 1).")
@click.option(
    "--quiet", "-q", is_flag=True, help="Print only errors and warnings: no notes, no summary line."
)
@click.option(
    "--show-info",
    is_flag=True,
    help="Print the notes and acknowledged irregularities too, instead of counting them on one "
    "line.",
)
@click.option(
    "--statistics",
    is_flag=True,
    help="Print how often each code occurs instead of the diagnostics (text format only).",
)
@click.option(
    "--rules-url",
    metavar="URL",
    help="The address of a published rules reference: in the JSON and SARIF output each clause "
    "links to its page there (URL/rulesets/truf-jb.html#JB305).",
)
@jobs_option("Check on this many processes; a large file is shared out a block of games at a time.")
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    help="Check on a Dask cluster: the scheduler's address, or 'local' for a cluster of this "
    "machine's cores (needs trufspec[dask]; the files must be at the same paths on the workers).",
)
@input_format_option
@exclude_option
@color_option
def check(
    paths: tuple[str, ...],
    output_format: str,
    options: dict[str, str],
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    strict: bool,
    quiet: bool,
    show_info: bool,
    statistics: bool,
    rules_url: str | None,
    jobs: int,
    dask_address: str | None,
    input_format: str,
    exclude: tuple[str, ...],
    color: str,
) -> None:
    """Check records against the rules of their ruleset.

    PATHS are files, directories (searched for *.truf files) or - for standard input.
    Exits 0 when no record has an error, 1 when one has (or, with --strict, a warning), 2 on a
    usage error (a bad option, a path that cannot be read or names no records).

    \b
    Examples:
      trufspec check records/
      trufspec check --show-info records/truf-jb/score-sheet-kampus-league-2027-06-11.truf
      trufspec check --select JB3 --statistics records/
      trufspec check --format sarif --option trump-broken-by=ruff-only records/truf-jb/
    """
    from trufspec.batch import check_paths
    from trufspec.config import wanted
    from trufspec.validator.report import Report

    ctx = click.get_current_context()
    check_options(ctx, options)
    settings = load_settings()
    if (
        settings.format is not None
        and ctx.get_parameter_source("output_format") is click.core.ParameterSource.DEFAULT
    ):
        choices = ("text", "json", "github", "sarif")
        if settings.format not in choices:
            click.echo(
                f"trufspec: error: {settings.label}: format: {settings.format!r} is not one of "
                f"{', '.join(choices)}",
                err=True,
            )
            sys.exit(USAGE)
        output_format = settings.format
    if statistics and output_format != "text":
        raise click.BadParameter(
            "--statistics goes with the text format", ctx, param_hint="--statistics"
        )
    options = readings_in_force(options, settings)
    select, ignore = select or settings.select, ignore or settings.ignore
    rules_url = rules_url or settings.rules_url
    collected = collect_inputs(paths, patterns_left_out(exclude, settings))
    sources = [source.path for source in collected.inputs]
    cannot_read = Unreadable()
    if dask_address is not None:
        from trufspec.jsonrecords import is_json

        if any(is_json(path, input_format) for path in sources):
            raise click.BadParameter(
                "a Dask cluster checks records in the notation; convert JSON records first",
                ctx,
                param_hint="--dask",
            )
        files = _check_on_cluster(ctx, dask_address, sources, options, cannot_read)
    else:
        with _progress(sources, output_format == "text" and not quiet) as advance:
            files = list(
                check_paths(
                    sources,
                    options or None,
                    jobs=jobs,
                    progress=advance,
                    unreadable=cannot_read,
                    figures=output_format == "json",
                    input_format=input_format,
                )
            )
    report = Report(tuple(files))
    if select or ignore or quiet:
        report = report.keeping(wanted(select, ignore, quiet))
    if output_format == "text":
        from trufspec.output import text as text_report

        colour = colour_wanted(color, sys.stdout)
        if statistics:
            output = text_report.render_statistics(report)
        else:
            output = text_report.render(
                report, color=colour, summary=not quiet, show_info=show_info
            )
        click.echo(output, nl=False, color=colour)
    else:
        from trufspec.output import github, sarif
        from trufspec.output import json as json_report

        renderers: dict[str, Callable[[Report], str]] = {
            "json": lambda report: json_report.render(report, rules_url),
            "github": github.render,
            "sarif": lambda report: sarif.render(report, rules_url),
        }
        click.echo(renderers[output_format](report), nl=False)
    failed = report.failed or (strict and report.summary.warnings > 0)
    finish(USAGE if cannot_read.any else 1 if failed else 0, collected)


def _check_on_cluster(
    ctx: click.Context,
    address: str,
    sources: list[str],
    options: dict[str, str],
    cannot_read: Callable[[str, OSError], None],
) -> list[FileReport]:
    """The reports of ``check --dask``: the same as on one machine, computed by the workers."""
    if STDIN in sources:
        raise click.BadParameter(
            "standard input cannot be checked on a cluster", ctx, param_hint="--dask"
        )
    from trufspec.cluster import check_on_cluster, client_for

    try:
        client = client_for(address)
    except ImportError:
        raise click.UsageError("--dask needs Dask: pip install 'trufspec[dask]'") from None
    except OSError as error:
        raise click.UsageError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    with client:
        return check_on_cluster(sources, client, options or None, cannot_read)


@contextlib.contextmanager
def _progress(paths: list[str], wanted: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on standard error, by bytes checked, for a long check at a terminal;
    nothing when the output goes to a file or a pipe, where it would only be noise in a log."""
    size = sum(os.path.getsize(p) for p in paths if p != STDIN and os.path.isfile(p))
    if not wanted or size < PROGRESS_FROM or not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=size, label="checking", file=sys.stderr, show_eta=True) as bar:
        yield bar.update
