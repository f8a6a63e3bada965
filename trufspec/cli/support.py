"""What the ``trufspec`` commands share: the paths argument and the ``--option``, ``--jobs``,
``--exclude`` and ``--color`` options, the configuration's settings (checked by
:mod:`trufspec.config` as the options are) with their problems as usage errors, the input files
collected and read, and the exit-code rule (see ``trufspec.cli``).

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

import click

from trufspec.inputs import EXTENSION, Collected, Input, Patterns, collect

if TYPE_CHECKING:
    from trufspec.config import FileSettings

__all__ = [
    "USAGE",
    "Unreadable",
    "bots_option",
    "check_options",
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
    "readings_in_force",
    "readings_option",
    "say_unreadable",
    "think_option",
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
    from trufspec.config import option_problems

    problems = option_problems(options)
    if problems:
        raise click.BadParameter("; ".join(problems), ctx, param_hint="--option")


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
    from trufspec.config import read_settings

    settings, problems = read_settings(Path.cwd())
    if problems:
        for problem in problems:
            click.echo(f"trufspec: error: {problem}", err=True)
        sys.exit(USAGE)
    return settings


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
