"""``trufspec play``: a game in the terminal against the bots (:mod:`trufspec.simulate.terminal`).

This module is the command line only; the table, the bots and the referee are imported when the
command runs, so that ``trufspec --help`` answers at once.
"""

from __future__ import annotations

import io
import secrets
import sys

import click

from trufspec.cli.support import USAGE, readings_option

__all__ = ["play"]

_ENDINGS = {
    "quit": "You left the game.",
    "eof": "The input ended: the game stops here.",
    "interrupt": "Interrupted: the game stops here.",
}
"""What is said when a game ends before its end, by the way it ended."""


@click.command()
@click.argument("ruleset")
@click.option(
    "--name",
    default="You",
    show_default=True,
    help="Your name at the table (letters, digits and _).",
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
    help="How many play, where the ruleset allows a choice (truf-jb: 3 or 4; default 4).",
)
@click.option(
    "--seed", type=int, default=None, help="Deal the cards (and move the bots) of this seed again."
)
@readings_option
@click.option(
    "--save",
    type=click.Path(dir_okay=False),
    default=None,
    help="Save the game in this file as a record, at its end or when it is left.",
)
def play(
    ruleset: str,
    name: str,
    seat: int,
    players: int | None,
    seed: int | None,
    options: dict[str, str],
    save: str | None,
) -> None:
    """Play a game of RULESET in the terminal against bots.

    Type a card (QH), a bid (3S -JD) or a choice as listed; an action the rules do not allow
    is refused with the rule that forbids it, quoted from its source.  An empty line shows the
    table again, 'auto' lets a bot choose, 'help' says more, 'quit' ends the game.  At the end
    the score sheet is printed, and the game saved as a record with --save.  The end of the
    input, Ctrl-C or 'quit' end the game early: it is saved when --save names a file, and at a
    terminal you are asked for one.
    """
    from trufspec.referee import STATES, Refused, describe
    from trufspec.simulate.terminal import ask_file, open_table, score_sheet
    from trufspec.simulate.terminal import save as save_game

    ctx = click.get_current_context()
    if ruleset not in STATES:
        known = ", ".join(STATES)
        raise click.BadParameter(
            f"no game of {ruleset!r} can be played; the rulesets are: {known}",
            ctx,
            param_hint="RULESET",
        )
    if seat > (players or 4):
        raise click.BadParameter(f"there are {players or 4} seats", ctx, param_hint="--seat")
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    write = click.echo
    try:
        table = open_table(ruleset, name, seat, players or 4, seed, options, write)
    except Refused as refused:
        reasons = "; ".join(describe(d) for d in refused.diagnostics)
        raise click.BadParameter(
            reasons, ctx, param_hint="RULESET, --players, --name or --option"
        ) from refused
    state = table.state
    # The bytes under standard input, read as UTF-8 whatever the locale (click 8.5 deprecates
    # its get_binary_stream, which returned the same buffer).
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    write(f"{ruleset} at a table of {' '.join(state.players)}; you are {name}.")
    write(f"Seed {seed} (--seed {seed} deals this game again).")
    write("Type 'help' at any prompt to see what may be typed.")
    ended = table.run(stdin.readline)
    write("")
    if ended == "over":
        write(f"The game is over; the winner: {' and '.join(state.winners)}.")
    else:
        write(_ENDINGS[ended])
    game = state.record()
    if state.scores:
        write(score_sheet(game).rstrip("\n"))
    path = save if save is not None else (None if ended == "over" else ask_file(stdin, write))
    if path is not None and not save_game(game, path, write):
        sys.exit(USAGE)
