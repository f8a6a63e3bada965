"""``.. trufspec-cli::``: the command-line reference, from the commands themselves.

Each command's ``--help`` is what the reference shows, so the reference cannot describe an
option the command does not have.
"""

from __future__ import annotations

import click
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from trufspec.cli import main
from trufspec.sphinxext import render

__all__ = ["CliDirective", "help_text"]

WIDTH = 78
"""Help is wrapped narrower than a terminal so that it fits the page."""


def help_text(name: str | None) -> str:
    """The ``--help`` of ``trufspec`` (``name`` None) or of one of its commands."""
    root = click.Context(
        main,
        info_name="trufspec",
        terminal_width=WIDTH,
        max_content_width=WIDTH,
        **main.context_settings,
    )
    if name is None:
        return main.get_help(root)
    command = main.get_command(root, name)
    assert command is not None, name
    context = click.Context(command, info_name=name, parent=root, terminal_width=WIDTH, max_content_width=WIDTH)
    return command.get_help(context)


class CliDirective(SphinxDirective):
    """A section per command, each with its help."""

    def run(self) -> list[nodes.Node]:
        root = click.Context(main, info_name="trufspec")
        lines: list[str] = []
        for name in [None, *main.list_commands(root)]:
            lines += render.heading(f"trufspec {name}" if name else "trufspec", render.PHASE_HEADING)
            lines += [".. code-block:: text", ""]
            lines += ["   " + line if line else "" for line in help_text(name).splitlines()]
            lines.append("")
        holder = nodes.section()
        holder.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source="<trufspec --help>"), holder)
        return holder.children
