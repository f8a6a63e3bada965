"""``trufspec rules``: the clause registry printed in the terminal."""

from __future__ import annotations

import sys

import click

from trufspec.cli.support import USAGE

__all__ = ["rules"]


@click.command()
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
    from trufspec.output.rules import render_clause, render_ruleset
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
