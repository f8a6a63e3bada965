"""``trufspec play``: a game in the terminal against the bots (:mod:`trufspec.simulate.terminal`).

This module is the command line only; the table, the bots and the referee are imported when the
command runs, so that ``trufspec --help`` answers at once.
"""

from __future__ import annotations

import io
import secrets
import sys
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from trufspec.simulate.bots import Budget

from trufspec.cli.support import USAGE, bots_option, readings_option, think_option
from trufspec.games import GAMES

__all__ = ["play"]

_ENDINGS = {
    "quit": "You left the game.",
    "eof": "The input ended: the game stops here.",
    "interrupt": "Interrupted: the game stops here.",
    "deals": "The table has played the deals it was asked to (--deals).",
}
"""What is said when a game ends before its end, by the way it ended."""

_CHOICES = "; ".join(
    f"{game.id}: {' or '.join(map(str, game.seats))}" for game in GAMES if len(game.seats) > 1
)
"""The games played by more than one number of players, with those numbers, as their
descriptors say."""


@click.command()
@click.argument("ruleset", required=False)
@click.option(
    "--name",
    default=None,
    help="Your name at the table (letters, digits and _); You unless --resume names another.",
)
@click.option(
    "--seat",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Your seat: 1 is the first player, who deals first.",
)
@click.option(
    "--players",
    type=click.IntRange(min=2),
    default=None,
    help=f"How many play, where the ruleset allows a choice ({_CHOICES}; default 4).",
)
@click.option(
    "--seed", type=int, default=None, help="Deal the cards (and move the bots) of this seed again."
)
@readings_option
@bots_option("The level of the bots at the table: random, basic or search.")
@think_option
@click.option(
    "--save",
    type=click.Path(dir_okay=False),
    default=None,
    help="Save the game in this file as a record, at its end or when it is left; checked "
    "before the game starts, and never an existing file (but the one --resume takes up).",
)
@click.option(
    "--deals",
    type=click.IntRange(min=1),
    default=None,
    help="Stop after this many deals (rounds, hands).  A truf-jb game has no end of its own "
    "(its deals reading is 0): this sets it, so the game ends with a winner.",
)
@click.option(
    "--resume",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    help="Take up the game saved in this file where its record stops (the ruleset is the "
    "record's); it is saved there again unless --save names another file.",
)
def play(
    ruleset: str | None,
    name: str | None,
    seat: int,
    players: int | None,
    seed: int | None,
    options: dict[str, str],
    levels: tuple[str, ...],
    budget: Budget,
    save: str | None,
    deals: int | None,
    resume: str | None,
) -> None:
    """Play a game of RULESET in the terminal against bots.

    Type a card (QH), a bid (3S -JD) or a choice as listed; an action the rules do not allow
    is refused with the rule that forbids it, quoted from its source.  An empty line shows the
    table again, 'auto' lets a bot choose, 'help' says what may be typed now, 'quit' ends the
    game.  At the end the score sheet is printed, and the game saved as a record with --save.
    The end of the input, Ctrl-C or 'quit' end the game early: it is saved when --save names a
    file, and at a terminal you are asked for one; --resume FILE takes it up again.

    The bots play at the level --bots names: random, basic or search (which thinks within
    --think).  How a game ends is said at its start, in the words of the ruleset's own rule;
    truf-jb's leaves the number of deals to the table (--deals N ends it after N deals).

    \b
    Examples:
      trufspec play truf-de
      trufspec play truf-jb --deals 3 --save tuesday.truf
    """
    from trufspec.referee import STATES, Refused, describe
    from trufspec.simulate.terminal import (
        UNNAMED,
        ask_file,
        open_table,
        resume_table,
        score_sheet,
        writable,
    )
    from trufspec.simulate.terminal import save as save_game
    from trufspec.spec.registry import default_registry

    ctx = click.get_current_context()
    if resume is None and ruleset is None:
        raise click.UsageError("give a RULESET to play, or --resume FILE", ctx)
    if resume is None and ruleset not in STATES:
        known = ", ".join(STATES)
        raise click.BadParameter(
            f"no game of {ruleset!r} can be played; the rulesets are: {known}",
            ctx,
            param_hint="RULESET",
        )
    if len(levels) != 1:
        raise click.BadParameter(
            f"{len(levels)} levels given; the bots at a table play at one level: "
            "random, basic or search",
            ctx,
            param_hint="--bots",
        )
    if seat > (players or 4):
        raise click.BadParameter(f"there are {players or 4} seats", ctx, param_hint="--seat")
    path = save if save is not None else resume
    if path is not None:
        # Checked now, not when the game is over: a game is not to be lost to a typing slip.
        problem = writable(path, keep=resume)
        if problem is not None:
            raise click.BadParameter(problem, ctx, param_hint="--save")
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    write = click.echo
    try:
        if resume is not None:
            with open(resume, encoding="utf-8") as handle:
                table = resume_table(handle.read(), name, seed, write, deals, levels[0], budget)
        else:
            assert ruleset is not None
            if deals is not None and "deals" in default_registry().options_of(ruleset):
                # The rules' own reading, where they have one: the game ends after these deals,
                # with a winner.
                options = {"deals": str(deals), **options}
                deals = None
            table = open_table(
                ruleset,
                name or UNNAMED,
                seat,
                players or 4,
                seed,
                options,
                write,
                deals,
                levels[0],
                budget,
            )
    except Refused as refused:
        reasons = "; ".join(describe(d) for d in refused.diagnostics)
        hint = "--resume" if resume is not None else "RULESET, --players, --name or --option"
        raise click.BadParameter(reasons, ctx, param_hint=hint) from refused
    except ValueError as error:
        raise click.BadParameter(str(error), ctx, param_hint="--name") from error
    state = table.state
    # The bytes under standard input, read as UTF-8 whatever the locale (click 8.5 deprecates
    # its get_binary_stream, which returned the same buffer).
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    write(table.greeting())
    if resume is not None:
        write(f"Taken up from {resume}, where its record stops.")
    write(table.ending())
    write(f"Seed {seed} (--seed {seed} deals this game again).")
    if path is not None:
        write(f"The game will be saved in {path}.")
    write("Type 'help' at any prompt to see what may be typed.")
    ended = table.run(stdin.readline)
    write("")
    if ended == "over":
        write(f"The game is over; the winner: {' and '.join(state.winners)}.")
    else:
        write(_ENDINGS[ended])
    game = state.record()
    if state.scores:
        write(score_sheet(game, ended == "over"))
    if path is None and ended != "over":
        path = ask_file(stdin, write)
    if path is not None and not save_game(game, path, write):
        sys.exit(USAGE)
