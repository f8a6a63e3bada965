"""The ``trufspec`` command: one module of this package per command, and what they share in
``trufspec.cli.support``.

Exit codes follow the linters that CI users already know: 0 when all is well, 1 when a record
has an error (or, for ``fmt --check``, would be reformatted), 2 when the command itself could
not do its job (a bad option value or key, a path that does not exist, cannot be read or names
no records, a bug).  Problems in records are reported as diagnostics and never as a traceback.

The parser, the rulesets and the renderers are imported inside the commands, so that
``trufspec --help`` and ``trufspec --version`` answer at once, which matters in git hooks.
Each command module defines its command with ``click.command`` and imports nothing of this
one; the group below adds them all, so a new command is a new module and one line here.
"""

from __future__ import annotations

import os
import sys
import traceback
from typing import Any

import click

from trufspec import __version__
from trufspec.builds import build_name
from trufspec.cli import (
    check,
    convert,
    coverage,
    fmt,
    lsp,
    play,
    readings,
    report,
    rules,
    score,
    serve,
    simulate,
)
from trufspec.cli.support import USAGE

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
@click.version_option(
    __version__,
    "-V",
    "--version",
    prog_name="trufspec",
    message=f"%(prog)s, version %(version)s ({build_name()})",
)
def main() -> None:
    """Validate and format records of Truf and related card games."""


main.add_command(check.check)
main.add_command(convert.convert)
main.add_command(coverage.coverage)
main.add_command(fmt.fmt)
main.add_command(lsp.lsp)
main.add_command(play.play)
main.add_command(readings.readings)
main.add_command(report.report)
main.add_command(rules.rules)
main.add_command(score.score)
main.add_command(serve.serve)
main.add_command(simulate.simulate)
