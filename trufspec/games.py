"""Every game trufspec knows, each described once: the one place a game is added.

A game's parts live in its own package under :mod:`trufspec.rulesets` (its clauses, the
register of its unclear places and their readings, the index of its source's sentences, its
replay) and in :mod:`trufspec.referee` (its live state machine).  The parts that list games
read this tuple rather than naming the games themselves: the spec registry imports the
catalogues, the clause codes accept the prefixes, the validator finds the replay, the referee
the state machine and the simulator its table, so that a game added here is known everywhere
and a game left out is known nowhere.

The parts are named by where they are, not imported: the spec sits below the rulesets and the
referee, and listing the games must not import them (each part imports what it needs, when it
needs it, with :func:`load`).
"""

from __future__ import annotations

import importlib
from typing import Any

from attrs import frozen

__all__ = ["GAMES", "GameDescriptor", "PREFIXES", "descriptor", "load"]


@frozen
class GameDescriptor:
    """Where the parts of one game are."""

    id: str
    """The ruleset's id: the value of a record's ``Ruleset`` tag and of every command's
    ``RULESET`` argument."""
    prefix: str
    """The letters that begin the codes of its clauses (``JB`` in ``JB305``)."""
    package: str
    """Its package, which holds ``clauses``, ``options``, ``sentences`` and ``ruleset``."""
    ruleset: str
    """The name, in ``package.ruleset``, of its :class:`~trufspec.engine.ruleset.Ruleset`."""
    referee: str
    """Its state machine, a :class:`~trufspec.referee.state.GameState`, as ``module:Class``."""
    simulator: str = "trufspec.simulate.table"
    """The module whose ``simulator`` plays it with bots (the referee's table)."""

    @property
    def catalogues(self) -> tuple[str, ...]:
        """The modules the spec registry reads its clauses, readings and sentences from."""
        return tuple(f"{self.package}.{part}" for part in ("clauses", "options", "sentences"))


GAMES: tuple[GameDescriptor, ...] = (
    GameDescriptor(
        "truf-jb",
        "JB",
        "trufspec.rulesets.truf.jb",
        "TRUF_JB",
        "trufspec.referee.truf_jb:TrufJbState",
    ),
    GameDescriptor(
        "truf-basics",
        "TB",
        "trufspec.rulesets.truf.basics",
        "TRUF_BASICS",
        "trufspec.referee.truf_basics:TrufBasicsState",
    ),
    GameDescriptor(
        "truf-de",
        "TD",
        "trufspec.rulesets.truf.de",
        "TRUF_DE",
        "trufspec.referee.truf_de:TrufDeState",
    ),
    GameDescriptor(
        "ruff-and-honours",
        "RH",
        "trufspec.rulesets.ruff_and_honours",
        "RUFF_AND_HONOURS",
        "trufspec.referee.ruff_and_honours:RuffAndHonoursState",
    ),
    GameDescriptor(
        "tromplemond",
        "TM",
        "trufspec.rulesets.tromplemond",
        "TROMPLEMOND",
        "trufspec.referee.tromplemond:TromplemondState",
    ),
)
"""The games, in the order the reference and every listing give them."""

PREFIXES: tuple[str, ...] = tuple(game.prefix for game in GAMES)
"""The code prefixes of the games' clauses."""


def descriptor(id: str) -> GameDescriptor | None:
    """The game of that id, or None."""
    return next((game for game in GAMES if game.id == id), None)


def load(where: str) -> Any:
    """The object ``module:name`` names, its module imported if it is not yet."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)
