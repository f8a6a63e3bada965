"""The ``trufspec`` command: ``check`` records against their rulesets, ``fmt`` them canonically,
``score`` them, print the ``rules``, measure the ``coverage`` of a corpus and ``simulate`` games.

Exit codes follow the linters that CI users already know: 0 when all is well, 1 when a record
has an error (or, for ``fmt --check``, would be reformatted), 2 when the command itself could
not do its job (a bad option value or key, a path that does not exist, cannot be read or names
no records, a bug).  Problems in records are reported as diagnostics and never as a traceback.

The parser, the rulesets and the renderers are imported inside the commands, so that
``trufspec --help`` and ``trufspec --version`` answer at once, which matters in git hooks.
What every command shares (the paths and options they take, the configuration, the exit-code
rule) is in :mod:`trufspec.cli_support`, which the commands of the other modules use too.
``readings``, ``report`` and ``play`` are written in modules of their own and added to the
group here, so that no command module imports this one.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import re
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import click

from trufspec import __version__

from trufspec.cli_support import (
    USAGE,
    Unreadable,
    check_options,
    code_prefixes,
    collect_inputs,
    exclude_option,
    finish,
    jobs_option,
    load_settings,
    paths_argument,
    patterns_left_out,
    read_input,
    readings_in_force,
    readings_option,
)
from trufspec.diagnostics import Severity
from trufspec.inputs import STDIN, Input
from trufspec.pictures.command import report
from trufspec.play_cli import play
from trufspec.readings_cli import readings

if TYPE_CHECKING:
    from trufspec.diagnostics import Diagnostic
    from trufspec.report.model import FileReport

__all__ = ["main"]


class _Group(click.Group):
    """Turns an unexpected exception into exit status 2, so that a bug is never mistaken for
    "the records have errors" (status 1, which Python would otherwise use)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:
            # The reader went away (``trufspec check records/ | head``): not a bug.  Point
            # stdout at /dev/null so that Python's final flush does not fail a second time.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(USAGE)
        except Exception:
            traceback.print_exc()
            click.echo("trufspec: internal error; please report it with the input above", err=True)
            ctx.exit(USAGE)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="trufspec")
def main() -> None:
    """Validate and format records of Truf and related card games."""


def _colour_wanted(choice: str, stream: Any) -> bool:
    """``--color auto`` colours only a terminal, and never when ``NO_COLOR`` is set."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return bool(stream.isatty())


_color_option = click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the diagnostics.",
)


def _parse_codes(
    ctx: click.Context, param: click.Parameter, values: Sequence[str]
) -> tuple[str, ...]:
    """``--select``/``--ignore`` values: codes or code prefixes, repeated or comma-separated."""
    found, problems = code_prefixes(values)
    if problems:
        raise click.BadParameter(problems[0], ctx, param)
    return found


@main.command()
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
    help="Print the notes and acknowledged irregularities too, instead of counting them on one line.",
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
@exclude_option
@_color_option
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
    from trufspec.report.model import Report

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
                f"trufspec: error: {settings.label}: format: {settings.format!r} is not one of {', '.join(choices)}",
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
                )
            )
    report = Report(tuple(files))
    if select or ignore or quiet:
        report = report.keeping(_wanted(select, ignore, quiet))
    if output_format == "text":
        from trufspec.report import text as text_report

        colour = _colour_wanted(color, sys.stdout)
        if statistics:
            output = text_report.render_statistics(report)
        else:
            output = text_report.render(
                report, color=colour, summary=not quiet, show_info=show_info
            )
        click.echo(output, nl=False, color=colour)
    else:
        from trufspec.report import github, json as json_report, sarif

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


def _wanted(
    select: tuple[str, ...], ignore: tuple[str, ...], quiet: bool
) -> Callable[[Diagnostic], bool]:
    """Which diagnostics a check reports, after ``--select``, ``--ignore`` and ``--quiet``."""

    def wanted(diagnostic: Diagnostic) -> bool:
        code = diagnostic.code
        if select and not code.startswith(select):
            return False
        if code.startswith(ignore):
            return False
        return not (quiet and diagnostic.severity in (Severity.INFO, Severity.ACKNOWLEDGED))

    return wanted


PROGRESS_FROM = 4 * 1024 * 1024
"""Bytes of input from which a check at a terminal shows a progress bar: below that it is over
before a bar would be read."""


SIMULATION_PROGRESS_FROM = 200
"""The number of games from which ``simulate`` shows a progress bar at a terminal."""


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


@main.command()
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
    "games won and points (the sum of the final totals) of each player.",
)
@exclude_option
def score(
    paths: tuple[str, ...],
    output_format: str,
    options: dict[str, str],
    standings: bool,
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
    import trufspec
    from trufspec.report import sheet, standings as standings_report

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
        report = trufspec.check_bytes(data, source.path, options or None)
        errors += [(source.path, d) for d in report.diagnostics if d.severity is Severity.ERROR]
        text, _ = trufspec.decode(data, source.path)
        sheets += sheet.sheets(source.path, trufspec.loads(text, source.path).games, report.games)
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


@main.command()
@click.argument("name", required=False)
def rules(name: str | None) -> None:
    """Print the rules: the rulesets, a whole ruleset, or one clause by its code or by
    RULESET/SLUG (a slug alone when only one ruleset has it).

    The text is the clause registry that the validator runs: statement, the source quoted,
    the message of its diagnostics, and the readings of its unclear points.  A slug that
    several rulesets share lists the clauses it may mean.

    \b
    Examples:
      trufspec rules
      trufspec rules truf-de
      trufspec rules JB305
      trufspec rules truf-jb/follow-suit
      trufspec rules partial-record
    """
    from trufspec.report.rules import render_clause, render_ruleset
    from trufspec.rulesets import RULESETS
    from trufspec.spec.registry import default_registry

    registry = default_registry()
    if name is None:
        for ruleset in RULESETS.values():
            click.echo(f"{ruleset.id:20} {ruleset.title}")
        return
    if name in RULESETS or name == "record":
        click.echo(render_ruleset(name, registry), nl=False)
        return
    found = registry.matches(name)
    if len(found) == 1:
        click.echo(render_clause(found[0], registry), nl=False)
        return
    if found:
        click.echo(
            f"trufspec: {name!r} names {len(found)} clauses; name one as RULESET/SLUG or by its code:",
            err=True,
        )
        width = max(len(clause.ruleset) + len(clause.slug) + 1 for clause in found)
        for clause in found:
            click.echo(
                f"  {clause.ruleset + '/' + clause.slug:{width}}  {clause.code}  {clause.title}",
                err=True,
            )
    else:
        known = ", ".join([*RULESETS, "record"])
        click.echo(
            f"trufspec: no ruleset or clause {name!r}; the rulesets are {known}, and a clause is "
            "named by its code (JB305) or as RULESET/SLUG (truf-jb/follow-suit)",
            err=True,
        )
    sys.exit(USAGE)


@main.command()
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
    from trufspec.report import coverage as coverage_report

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


@main.command()
@click.argument("ruleset")
@click.option(
    "--games",
    "-n",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="How many games to play.",
)
@click.option(
    "--seed",
    type=int,
    default=None,
    help="Play the games of this seed again (the seed of a run is written in each game's Event tag).",
)
@click.option(
    "--detail",
    type=click.Choice(["full", "sheet"]),
    default="full",
    show_default=True,
    help="Every card (hands, bidding, play) or only the score sheet.",
)
@readings_option
@click.option(
    "--output",
    "-o",
    type=click.File("w", encoding="utf-8", lazy=True),
    default="-",
    help="Write the records to this file instead of standard output.",
)
def simulate(
    ruleset: str, games: int, seed: int | None, detail: str, options: dict[str, str], output: Any
) -> None:
    """Write random legal games of RULESET, played by bots that bid from their hands.

    The records check clean and are in canonical layout.  Without --seed a seed is drawn and
    written in the Event tag, so any run can be played again.

    \b
    Examples:
      trufspec simulate truf-de --games 2 --seed 7
      trufspec simulate truf-jb --detail sheet --seed 1 -o evening.truf
    """
    import secrets

    from trufspec.simulate import (
        SIMULATORS,
        Detail,
        option_problems,
        simulate as play,
        simulator_for,
    )

    ctx = click.get_current_context()
    if ruleset not in SIMULATORS:
        raise click.BadParameter(
            f"no ruleset {ruleset!r}; the rulesets are: {', '.join(SIMULATORS)}",
            ctx,
            param_hint="RULESET",
        )
    problems = option_problems(simulator_for(ruleset), options)
    if problems:
        raise click.BadParameter("; ".join(problems), ctx, param_hint="--option")
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    records = play(ruleset, games, seed, Detail(detail), options)
    show = games >= SIMULATION_PROGRESS_FROM and sys.stderr.isatty()
    with (
        click.progressbar(records, length=games, label="simulating", file=sys.stderr)
        if show
        else contextlib.nullcontext(records) as bar
    ):
        for number, record in enumerate(bar):
            output.write(("\n" if number else "") + record)


@main.command()
@paths_argument
@click.option(
    "--check", "check_only", is_flag=True, help="Write nothing; exit 1 if a file would change."
)
@click.option(
    "--diff",
    is_flag=True,
    help="Write nothing; print a unified diff, exit 1 if a file would change.",
)
@click.option(
    "--unicode", is_flag=True, help="Print cards with suit symbols (A♠) instead of letters (AS)."
)
@exclude_option
@_color_option
def fmt(
    paths: tuple[str, ...],
    check_only: bool,
    diff: bool,
    unicode: bool,
    exclude: tuple[str, ...],
    color: str,
) -> None:
    """Rewrite records in their canonical layout.

    The layout changes, never what a record says.  PATHS are files, directories (searched for
    *.truf files) or - to format standard input to standard output.  A file that does not
    parse, or whose reprint would mean something else, is left as it is and its diagnostics
    are printed.  Exits 0 when every file is (or, with --check or --diff, already was)
    formatted, 1 otherwise, 2 on a usage error (a path that cannot be read or names no
    records).

    \b
    Examples:
      trufspec fmt --check records/
      trufspec fmt --diff records/truf-jb/club-night-2027-03-05.truf
      trufspec fmt - < records/truf-jb/club-night-2027-03-05.truf
    """
    import trufspec

    dry_run = check_only or diff
    changed = unchanged = failed = 0
    unreadable = False
    collected = collect_inputs(paths, patterns_left_out(exclude, load_settings()))
    for source in collected.inputs:
        data = read_input(source)
        if data is None:
            unreadable = True
            continue
        formatted = trufspec.format_bytes(data, source.path, unicode=unicode)
        if formatted.output is None:
            failed += 1
            _print_refusal(source, data, formatted.diagnostics, color)
            continue
        new = formatted.output.encode("utf-8")
        if source.is_stdin and not dry_run:
            sys.stdout.buffer.write(new)
            sys.stdout.buffer.flush()
        if new == data:
            unchanged += 1
        elif dry_run or source.is_stdin:
            changed += 1
            if diff:
                patch = _unified_diff(data.decode("utf-8"), formatted.output, source.path)
                click.echo(patch, nl=False)
            if check_only:
                click.echo(f"would reformat {source.path}", err=True)
        elif _replace(source.path, data, new):
            changed += 1
        else:
            failed += 1
            unreadable = True
    click.echo(_fmt_summary(changed, unchanged, failed, dry_run), err=True)
    finish(USAGE if unreadable else 1 if failed or (dry_run and changed) else 0, collected)


def _print_refusal(
    source: Input, data: bytes, diagnostics: Sequence[Diagnostic], color: str
) -> None:
    """Why a file was left untouched: its diagnostics, on stderr (stdout may carry records)."""
    from trufspec.report.model import FileReport, excerpts
    from trufspec.report.text import render_file

    colour = _colour_wanted(color, sys.stderr)
    text = data.decode("utf-8", errors="replace")
    report = FileReport(source.path, (), tuple(diagnostics), excerpts(text, diagnostics))
    click.echo(render_file(report, color=colour), err=True, nl=False, color=colour)
    click.echo(f"error: cannot format {source.path}", err=True)


def _replace(path: str, old: bytes, new: bytes) -> bool:
    """Write ``new`` over the text ``old`` of ``path`` without ever losing the file
    (:mod:`trufspec.rewrite`); False after saying on stderr why it was not written."""
    from trufspec.rewrite import rewrite

    problem = rewrite(path, old, new)
    if problem is not None:
        click.echo(f"trufspec: error: {path}: {problem}", err=True)
    return problem is None


_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def _unified_diff(old: str, new: str, path: str) -> str:
    """A unified diff that ``patch`` accepts, including for a last line without a newline."""
    lines = difflib.unified_diff(
        _LINE.findall(old),
        _LINE.findall(new),
        fromfile=f"{path}\t(original)",
        tofile=f"{path}\t(formatted)",
    )
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )


def _fmt_summary(changed: int, unchanged: int, failed: int, dry_run: bool) -> str:
    """Black's closing line, which users of formatters already read at a glance."""

    def files(number: int) -> str:
        return "1 file" if number == 1 else f"{number} files"

    parts = []
    if changed:
        verb = "would be reformatted" if dry_run else "reformatted"
        parts.append(f"{files(changed)} {verb}")
    if unchanged or not (changed or failed):
        verb = "would be left unchanged" if dry_run else "left unchanged"
        parts.append(f"{files(unchanged)} {verb}")
    if failed:
        verb = "would fail to reformat" if dry_run else "failed to reformat"
        parts.append(f"{files(failed)} {verb}")
    return ", ".join(parts)


main.add_command(readings)
main.add_command(play)
main.add_command(report)
