"""``trufspec simulate``: random legal games of a ruleset, played by bots through the referee."""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from trufspec.simulate.bots import Budget

from trufspec.cli.support import bots_option, jobs_option, readings_option, think_option

__all__ = ["simulate"]

SIMULATION_PROGRESS_FROM = 10
"""The number of games from which ``simulate`` shows a progress bar at a terminal: fewer are
over in a moment (unless bots search, when every run shows one)."""


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
    help="Play the games of this seed again (each game's Event tag names its seed).",
)
@click.option(
    "--detail",
    type=click.Choice(["full", "sheet"]),
    default="full",
    show_default=True,
    help="Every card (hands, bidding, play) or only the score sheet.",
)
@readings_option
@bots_option(
    "The bots' levels: random, basic or search; one for every seat, or one per seat in the "
    "order of the Players tag (which seats that many players)."
)
@think_option
@jobs_option("Play on this many processes; the games of a seed are the same whatever the number.")
@click.option(
    "--output",
    "-o",
    type=click.File("w", encoding="utf-8", lazy=True),
    default="-",
    help="Write the records to this file instead of standard output.",
)
def simulate(
    ruleset: str,
    games: int,
    seed: int | None,
    detail: str,
    options: dict[str, str],
    levels: tuple[str, ...],
    budget: Budget,
    jobs: int,
    output: Any,
) -> None:
    """Write random legal games of RULESET, played by bots through the referee.

    The records check clean and are in canonical layout; each names its game and seed in its
    Event tag and the bots' levels in its Bots tag.  Without --seed a seed is drawn, so any
    run can be played again.  The bots play at three levels: random (any legal action),
    basic (a player's judgement, fast) and search (plays each choice out many times, within
    --think).

    \b
    Examples:
      trufspec simulate truf-de --games 2 --seed 7
      trufspec simulate truf-jb --detail sheet --seed 1 -o evening.truf
      trufspec simulate tromplemond --bots search,basic,basic,basic --think 100 -n 5
    """
    import secrets

    from trufspec.simulate import (
        SIMULATORS,
        Detail,
        level_problems,
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
    simulator = simulator_for(ruleset)
    problems = option_problems(simulator, options)
    if problems:
        raise click.BadParameter("; ".join(problems), ctx, param_hint="--option")
    problems = level_problems(simulator, levels)
    if problems:
        raise click.BadParameter("; ".join(problems), ctx, param_hint="--bots")
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    records = play(ruleset, games, seed, Detail(detail), options, levels, budget, jobs)
    long = games >= SIMULATION_PROGRESS_FROM or "search" in levels
    show = long and sys.stderr.isatty()
    with (
        click.progressbar(records, length=games, label="simulating", file=sys.stderr)
        if show
        else contextlib.nullcontext(records) as bar
    ):
        for number, record in enumerate(bar):
            output.write(("\n" if number else "") + record)
