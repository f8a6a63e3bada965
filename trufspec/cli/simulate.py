"""``trufspec simulate``: random legal games of a ruleset, played by bots through the referee."""

from __future__ import annotations

import contextlib
import sys
from typing import Any

import click

from trufspec.cli.support import readings_option

__all__ = ["simulate"]

SIMULATION_PROGRESS_FROM = 200
"""The number of games from which ``simulate`` shows a progress bar at a terminal."""


@click.command()
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
        simulator_for,
    )
    from trufspec.simulate import (
        simulate as play,
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
