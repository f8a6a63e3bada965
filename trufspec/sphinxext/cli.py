"""``.. trufspec-cli::``: the command-line reference, from the commands themselves.

The usage, the description and every option with its help come from the click commands, so
the reference cannot describe an option a command does not have.  They are laid out as text
and definition lists rather than as the terminal's ``--help`` screen, whose fixed columns do
not fit a phone.
"""

from __future__ import annotations

import inspect

import click
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from trufspec.cli import main
from trufspec.sphinxext import render

__all__ = ["CliDirective", "command_text"]


def command_text(command: click.Command, context: click.Context) -> list[str]:
    """One command: its usage, its description and its options."""
    name = context.command_path
    lines = render.heading(name, render.PHASE_HEADING)
    usage = " ".join([name, *command.collect_usage_pieces(context)])
    lines += [".. code-block:: text", "", f"   {usage}", ""]
    for paragraph in inspect.cleandoc(command.help or "").split("\n\n"):
        if paragraph.startswith("\b"):
            # Click's unwrapped paragraph: the command's examples, a heading and a command a line.
            heading, *examples = paragraph.removeprefix("\b").strip("\n").split("\n")
            lines += [render.escape(heading), "", ".. code-block:: console", ""]
            lines += [f"   $ {example.strip()}" for example in examples] + [""]
        else:
            lines += [render.escape(paragraph), ""]
    # Arguments are described by the command's own help; options each have theirs.
    records = [
        param.get_help_record(context)
        for param in command.get_params(context)
        if isinstance(param, click.Option)
    ]
    options = [record for record in records if record is not None]
    if options:
        lines += ["Options:", ""]
        for opts, help in options:
            lines += [render.literal(opts), f"   {render.escape(help)}", ""]
    return lines


class CliDirective(SphinxDirective):
    """A section for ``trufspec`` and one for each of its commands."""

    def run(self) -> list[nodes.Node]:
        root = click.Context(main, info_name="trufspec", **main.context_settings)
        lines = command_text(main, root)
        for name in main.list_commands(root):
            command = main.get_command(root, name)
            assert command is not None, name
            lines += command_text(command, click.Context(command, info_name=name, parent=root))
        holder = nodes.section()
        holder.document = self.state.document
        nested_parse_with_titles(
            self.state, StringList(lines, source="<trufspec commands>"), holder
        )
        return holder.children
