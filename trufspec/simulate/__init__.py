"""Simulated games: games of every ruleset played by bots, written in the notation.

A simulator plays whole games with bots that behave like players: they bid from the strength of
their hand, follow suit, and win tricks when they need them.  The output reads like real
records, so it serves as a corpus for tests and benchmarks, as a set of examples of a ruleset,
and as test input for an engine under development.

The games of a ruleset with a referee (``trufspec.referee.STATES``) are played through it
(:mod:`trufspec.simulate.refereed`): the bots (:mod:`trufspec.simulate.bots`) choose among its
legal actions and the record is the referee's, so no rule is stated here.  Every ruleset is
played that way, under every reading.

Games are reproducible: game *n* of seed *s* is played with a :class:`random.Random` seeded
with ``"s:n"``, so it is the same whatever the number of games asked for.
"""

from __future__ import annotations

import enum
import importlib
import multiprocessing
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

from attrs import frozen

from trufspec.games import GAMES
from trufspec.spec.registry import default_registry

if TYPE_CHECKING:
    from trufspec.simulate.bots import Budget

__all__ = [
    "SIMULATORS",
    "Detail",
    "Simulator",
    "level_problems",
    "option_problems",
    "options_tag",
    "simulate",
    "simulator_for",
]


class Detail(enum.Enum):
    """How much of each deal a simulated record writes down."""

    FULL = "full"
    """Every card: the hands, the bidding, the play card by card, and the figures."""
    SHEET = "sheet"
    """A score sheet: what a scorer writes at the table, without hands or play."""


Play = Callable[[random.Random, Mapping[str, str], Detail, tuple[str, ...], "Budget"], str]
"""Plays one game under the readings given, with bots of the levels given (one for every
seat, or one per seat) thinking within the budget given, and returns its record after the
``Ruleset`` tag: the ``Players`` tag, the ``Options`` tag when readings are given
(:func:`options_tag`), any tag of the ruleset's own, the ``Bots`` tag, and the deals, in
canonical layout."""


@frozen
class Simulator:
    ruleset: str
    play: Play
    options: frozenset[str]
    """The options whose readings the simulator plays by; any other option can only be asked
    for at its default reading."""
    seats: tuple[int, ...] = (4,)
    """The numbers of players a game may be played by."""


SIMULATORS: Mapping[str, str] = {game.id: game.simulator for game in GAMES}
"""The module of each game's simulator (:data:`trufspec.games.GAMES`), imported when it is
first asked for: the referee's table, whose ``simulator`` makes it."""


def simulator_for(ruleset: str) -> Simulator:
    """The simulator of a ruleset; ``KeyError`` for a ruleset without one."""
    made: Simulator = importlib.import_module(SIMULATORS[ruleset]).simulator(ruleset)
    return made


def option_problems(simulator: Simulator, options: Mapping[str, str]) -> list[str]:
    """Why the readings asked for cannot be simulated: an option the ruleset does not have, a
    value it does not allow, or a reading the simulator does not play by."""
    known = default_registry().options_of(simulator.ruleset)
    problems = []
    for key, value in options.items():
        option = known.get(key)
        if option is None:
            problems.append(
                f"{simulator.ruleset} has no option {key!r}; "
                f"its options are: {', '.join(sorted(known))}"
            )
            continue
        problem = option.check(value)
        if problem is not None:
            problems.append(problem)
        elif key not in simulator.options and value != option.default:
            problems.append(
                f"the {simulator.ruleset} simulator plays {key} only as {option.default!r}; "
                f"the options it plays by are: {', '.join(sorted(simulator.options)) or 'none'}"
            )
    return problems


def options_tag(options: Mapping[str, str]) -> str:
    """The ``Options`` tag line of the readings given (with its newline), or nothing when the
    game is played by the defaults."""
    if not options:
        return ""
    pairs = ", ".join(f"{key}={value}" for key, value in options.items())
    return f'[Options "{pairs}"]\n'


def level_problems(simulator: Simulator, levels: Sequence[str]) -> list[str]:
    """Why the bot levels asked for cannot be seated: a level that does not exist, or a
    number of levels that is neither one (for every seat) nor a number of players the
    ruleset is played by."""
    from trufspec.simulate.bots import LEVELS

    problems = [
        f"there is no bot level {level!r}; the levels are: {', '.join(LEVELS)}"
        for level in dict.fromkeys(levels)
        if level not in LEVELS
    ]
    if len(levels) != 1 and len(levels) not in simulator.seats:
        counts = " or ".join(str(n) for n in simulator.seats)
        problems.append(
            f"{len(levels)} bot levels given; {simulator.ruleset} needs one level for every "
            f"seat, or one per seat ({counts} players)"
        )
    return problems


def simulate(
    ruleset: str,
    games: int,
    seed: int,
    detail: Detail = Detail.FULL,
    options: Mapping[str, str] | None = None,
    levels: Sequence[str] = ("basic",),
    budget: Budget | None = None,
    jobs: int = 1,
) -> Iterator[str]:
    """The records of ``games`` simulated games, one text per game (games are separated by a
    blank line when written one after the other), each with its own ``Event``.  The readings
    must be ones the simulator plays by (see :func:`option_problems`) and the levels ones it
    can seat (see :func:`level_problems`); a ``search`` bot thinks within ``budget`` (the
    default budget when None).  With ``jobs`` above 1 the games are played on that many
    processes and come back in order: the same games as on one."""
    from trufspec.simulate.bots import DEFAULT_BUDGET

    simulator = simulator_for(ruleset)
    chosen = dict(options or {})
    problems = option_problems(simulator, chosen) + level_problems(simulator, levels)
    if problems:
        raise ValueError("; ".join(problems))
    work = _Game(ruleset, seed, chosen, detail, tuple(levels), budget or DEFAULT_BUDGET)
    numbers = range(1, games + 1)
    if jobs <= 1 or games < PARALLEL_FROM:
        yield from map(work, numbers)
        return
    # A fork server, as ``check`` uses: forking a process that runs threads can deadlock.
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        yield from pool.map(work, numbers, chunksize=max(1, min(16, games // (4 * jobs))))


PARALLEL_FROM = 16
"""The number of games from which ``jobs`` above 1 starts other processes: starting them
takes longer than a few games do."""


@frozen
class _Game:
    """Plays game ``number`` of a run: picklable, so that other processes can play it."""

    ruleset: str
    seed: int
    options: dict[str, str]
    detail: Detail
    levels: tuple[str, ...]
    budget: Budget

    def __call__(self, number: int) -> str:
        rng = random.Random(f"{self.seed}:{number}")
        head = (
            f'[Event "Simulation, seed {self.seed}, game {number}"]\n'
            f'[Round "{number}"]\n[Ruleset "{self.ruleset}"]\n'
        )
        play = simulator_for(self.ruleset).play
        return head + play(rng, self.options, self.detail, self.levels, self.budget)
