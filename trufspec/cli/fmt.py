"""``trufspec fmt``: records rewritten in their canonical layout, never changing what they say."""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from trufspec.cli.support import (
    USAGE,
    collect_inputs,
    color_option,
    colour_wanted,
    exclude_option,
    finish,
    load_settings,
    paths_argument,
    patterns_left_out,
    read_input,
)

if TYPE_CHECKING:
    from trufspec.diagnostics import Diagnostic
    from trufspec.inputs import Input

__all__ = ["fmt"]


@click.command()
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
@color_option
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
    from trufspec.output.text import render_file
    from trufspec.validator.report import FileReport, excerpts

    colour = colour_wanted(color, sys.stderr)
    text = data.decode("utf-8", errors="replace")
    report = FileReport(source.path, (), tuple(diagnostics), excerpts(text, diagnostics))
    click.echo(render_file(report, color=colour), err=True, nl=False, color=colour)
    click.echo(f"error: cannot format {source.path}", err=True)


def _replace(path: str, old: bytes, new: bytes) -> bool:
    """Write ``new`` over the text ``old`` of ``path`` without ever losing the file
    (:mod:`trufspec.cli.rewrite`); False after saying on stderr why it was not written."""
    from trufspec.cli.rewrite import rewrite

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
