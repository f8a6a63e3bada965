"""``trufspec lsp``: the language server, for editors (see :mod:`trufspec.lsp`)."""

from __future__ import annotations

import click

__all__ = ["lsp"]


@click.command()
@click.option(
    "--stdio",
    is_flag=True,
    help="Talk over standard input and output (the only way; accepted because some editors' "
    "clients pass it).",
)
def lsp(stdio: bool) -> None:
    """Serve the Language Server Protocol on standard input and output, for an editor.

    The editor starts this command itself: findings as a record is typed, the rule on hover,
    completion, formatting and quick fixes for *.truf files.  The settings come from the
    configuration file nearest each record (see the configuration page).  Needs the lsp
    extra: pip install 'trufspec[lsp]'.  The editors page of the documentation sets up
    Neovim, Helix and VS Code.
    """
    try:
        from trufspec.lsp.server import serve
    except ImportError as error:
        raise click.UsageError(
            f"the language server needs pygls ({error}): pip install 'trufspec[lsp]'"
        ) from None
    serve()
