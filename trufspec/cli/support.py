"""What the ``trufspec`` commands share: the paths argument and the ``--option``, ``--jobs``,
``--exclude`` and ``--color`` options, the configuration's settings checked as the command
line's own, the input files collected and read, and the exit-code rule (see ``trufspec.cli``).

Every command module of ``trufspec.cli`` imports this one, and this one imports no command
module, so that they take these options, refuse bad values and exit in one way.  Like the
commands, it imports the rulesets and the configuration reader only when a command runs, so
that ``trufspec --help`` answers at once.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import attrs
import click

from trufspec.inputs import EXTENSION, Collected, Input, Patterns, collect

if TYPE_CHECKING:
    from trufspec.config import FileSettings
    from trufspec.diagnostics import Diagnostic
    from trufspec.spec.options import Option

__all__ = [
    "USAGE",
    "Unreadable",
    "bots_option",
    "check_options",
    "code_prefixes",
    "collect_inputs",
    "color_option",
    "colour_wanted",
    "exclude_option",
    "finish",
    "input_format_option",
    "jobs_option",
    "load_settings",
    "paths_argument",
    "patterns_left_out",
    "read_input",
    "read_settings",
    "readings_in_force",
    "readings_option",
    "say_unreadable",
    "think_option",
    "wanted",
]

USAGE = 2
"""Exit status when the command could not do its job: a bad invocation, an unreadable path,
output nobody reads any more, or a bug in trufspec itself."""


def _parse_options(
    ctx: click.Context, param: click.Parameter, values: Sequence[str]
) -> dict[str, str]:
    """``--option key=value`` pairs as a mapping; the ruleset validates keys and values."""
    options: dict[str, str] = {}
    for value in values:
        key, sep, setting = value.partition("=")
        key, setting = key.strip(), setting.strip()
        if not sep or not key or not setting:
            raise click.BadParameter(f"expected KEY=VALUE, got {value!r}", ctx, param)
        if key in options:
            raise click.BadParameter(f"{key!r} is given more than once", ctx, param)
        options[key] = setting
    return options


def check_options(ctx: click.Context, options: dict[str, str]) -> None:
    """Refuse an ``--option`` that no ruleset allows: a usage error (exit 2), not a finding in
    every record checked.  A record's own Options tag is judged with the record instead."""
    problems = _option_problems(options)
    if problems:
        raise click.BadParameter("; ".join(problems), ctx, param_hint="--option")


def _option_problems(options: dict[str, str]) -> list[str]:
    """Why readings given for every record cannot be: a key that no ruleset has (a typo would
    otherwise change nothing), or a value that no ruleset with that key allows."""
    from trufspec.rulesets import RULESETS
    from trufspec.spec.registry import default_registry

    registry = default_registry()
    known: dict[str, list[Option]] = {}
    for ruleset in RULESETS:
        for key, option in registry.options_of(ruleset).items():
            known.setdefault(key, []).append(option)
    problems = []
    for key, value in options.items():
        if key not in known:
            allowed = ", ".join(sorted(known))
            problems.append(f"no ruleset has an option {key!r}; the options are: {allowed}")
            continue
        refusals = [option.check(value) for option in known[key]]
        if all(refusals):
            problems.append(str(refusals[0]))
    return problems


paths_argument = click.argument(
    "paths", nargs=-1, required=True, type=click.Path(allow_dash=True, path_type=str)
)
readings_option = click.option(
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    callback=_parse_options,
    help="Select a reading of the rules (repeatable); a record's Options tag does the same.",
)


def _parse_levels(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    """``--bots basic`` or ``--bots search,basic,basic,random``: the levels, each known; the
    count of them is judged by the command, which knows the seats."""
    from trufspec.simulate.bots import LEVELS

    levels = tuple(level.strip() for level in value.split(","))
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise click.BadParameter(
            f"no bot level {unknown[0]!r}; the levels are: {', '.join(LEVELS)}", ctx, param
        )
    return levels


def _parse_think(ctx: click.Context, param: click.Parameter, value: str) -> object:
    """``--think 0.5s`` or ``--think 200``: the search's budget, above zero."""
    from trufspec.simulate.bots import parse_budget

    try:
        return parse_budget(value)
    except ValueError as problem:
        raise click.BadParameter(str(problem), ctx, param) from None


def bots_option(help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--bots LEVEL[,LEVEL...]``, ``basic`` by default: the levels the bots play at."""
    return click.option(
        "--bots",
        "levels",
        default="basic",
        show_default=True,
        metavar="LEVEL[,LEVEL...]",
        callback=_parse_levels,
        help=help,
    )


think_option = click.option(
    "--think",
    "budget",
    default="200",
    show_default=True,
    metavar="BUDGET",
    callback=_parse_think,
    help="How long a search bot thinks about each decision: seconds (0.5s) or playouts (200).",
)


def jobs_option(help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--jobs N``, every core by default, for a command that shares its work out."""
    return click.option(
        "--jobs",
        "-j",
        type=click.IntRange(min=1),
        default=lambda: os.cpu_count() or 1,
        show_default="the number of cores",
        help=help,
    )


class Unreadable:
    """Says on standard error that a path cannot be read, and remembers that one could not,
    for the exit status (2)."""

    def __init__(self) -> None:
        self.any = False

    def __call__(self, path: str, error: OSError) -> None:
        self.any = True
        say_unreadable(path, error)


def say_unreadable(path: str, error: OSError) -> None:
    """Say on standard error that ``path`` cannot be read, and why, in the system's words."""
    click.echo(f"trufspec: error: {path}: {error.strerror or error}", err=True)


def code_prefixes(values: Sequence[str]) -> tuple[tuple[str, ...], list[str]]:
    """Codes or code prefixes, from values that may each hold several, comma-separated; and why
    some are refused.

    A prefix selects every code it starts (``JB3`` is the play of truf-jb, ``REC`` the
    record-level checks).  One that starts no code is refused: a typo would otherwise select
    nothing, or ignore nothing, and CI would pass or fail for the wrong reason.
    """
    from trufspec.spec.registry import default_registry

    codes = [clause.code for clause in default_registry().clauses()]
    found: list[str] = []
    problems: list[str] = []
    for value in values:
        for item in value.split(","):
            prefix = item.strip().upper()
            if not prefix:
                continue
            if any(code.startswith(prefix) for code in codes):
                found.append(prefix)
            else:
                problems.append(
                    f"{item.strip()!r} is not a clause code or the start of one "
                    "(codes look like JB305 or REC013)"
                )
    return tuple(found), problems


input_format_option = click.option(
    "--input-format",
    type=click.Choice(["auto", "truf", "json"]),
    default="auto",
    show_default=True,
    help="How the files are written: auto takes a file ending in .json, and standard input "
    'that starts as a JSON object ({"version": ...), for a JSON record (docs/service.rst) and '
    "any other for the notation; json or truf says it for every file, standard input included.",
)


exclude_option = click.option(
    "--exclude",
    multiple=True,
    metavar="PATTERN",
    help="Leave out the files a directory holds that match this gitignore pattern (repeatable; "
    "replaces the configuration's exclude).  A directory's .gitignore is always respected.",
)


def load_settings() -> FileSettings:
    """The settings of the configuration file (see :mod:`trufspec.config`), checked as the
    command line's own options are: a bad value is a usage error naming the file and the key."""
    settings, problems = read_settings(Path.cwd())
    if problems:
        for problem in problems:
            click.echo(f"trufspec: error: {problem}", err=True)
        sys.exit(USAGE)
    return settings


def read_settings(start: Path) -> tuple[FileSettings, list[str]]:
    """The settings of the configuration file for a run in ``start``, with ``select`` and
    ``ignore`` read as code prefixes; and the problems the command line refuses them for, each
    naming the file and the key (the language server shows them and goes on without them)."""
    from trufspec import config

    found = config.find(start)
    if found is None:
        return config.FileSettings(), []
    settings = config.read(*found)
    problems = list(settings.problems)
    select, refused = code_prefixes(settings.select)
    problems += [f"{settings.label}: select: {problem}" for problem in refused]
    ignore, refused = code_prefixes(settings.ignore)
    problems += [f"{settings.label}: ignore: {problem}" for problem in refused]
    bad_options = _option_problems(dict(settings.options))
    problems += [f"{settings.label}: options: {problem}" for problem in bad_options]
    options = {} if bad_options else settings.options
    return attrs.evolve(settings, select=select, ignore=ignore, options=options), problems


def wanted(
    select: tuple[str, ...], ignore: tuple[str, ...], quiet: bool = False
) -> Callable[[Diagnostic], bool]:
    """Which diagnostics a check reports, after ``--select``, ``--ignore`` and ``--quiet``."""
    from trufspec.diagnostics import Severity

    def kept(diagnostic: Diagnostic) -> bool:
        code = diagnostic.code
        if select and not code.startswith(select):
            return False
        if code.startswith(ignore):
            return False
        return not (quiet and diagnostic.severity in (Severity.INFO, Severity.ACKNOWLEDGED))

    return kept


def readings_in_force(options: dict[str, str], settings: FileSettings) -> dict[str, str]:
    """The readings in force: the configuration's, each overridden by ``--option``."""
    return {**settings.options, **options}


def patterns_left_out(exclude: tuple[str, ...], settings: FileSettings) -> list[Patterns]:
    """What walking a directory leaves out besides its .gitignore: ``--exclude``, relative to
    the current directory, or else the configuration's exclude, relative to its file."""
    if exclude:
        return [Patterns.of(os.getcwd(), exclude)]
    if settings.exclude:
        return [Patterns.of(settings.base, settings.exclude)]
    return []


def collect_inputs(
    paths: Sequence[str], left_out: Sequence[Patterns], extension: str = EXTENSION
) -> Collected:
    """The files ``paths`` name, less those ``left_out`` (see :func:`trufspec.inputs.collect`).
    When they name none at all, there is nothing to do: the problems are reported and the
    command exits 2."""
    collected = collect(paths, left_out, extension)
    if not collected.inputs:
        finish(0, collected)
    return collected


def finish(status: int, collected: Collected) -> NoReturn:
    """End a command that read records: the problems with its paths are reported last, where
    they are seen after a long report, and make the status 2 (see the exit-code rule in
    docs/cli.rst); otherwise the command's own ``status``."""
    for problem in collected.problems:
        click.echo(f"trufspec: error: {problem}", err=True)
    sys.exit(USAGE if collected.problems else status)


def read_input(source: Input) -> bytes | None:
    """The bytes of a file, or None after saying on stderr why it cannot be read."""
    try:
        return source.read()
    except OSError as error:
        say_unreadable(source.path, error)
        return None


def colour_wanted(choice: str, stream: Any) -> bool:
    """``--color auto`` colours only a terminal, and never when ``NO_COLOR`` is set."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return bool(stream.isatty())


color_option = click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the diagnostics.",
)
