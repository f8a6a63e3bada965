"""Every game trufspec knows, one line each: the one place a game is added.

A game is one package under :mod:`trufspec.rulesets` whose ``game`` module holds its
descriptor (:class:`~trufspec.descriptor.GameDescriptor`): its names, its seats, its rule
text, and where its parts are (its clauses, the register of its unclear places and their
readings, the index of its source's sentences and its replay in the package; its live state
machine in :mod:`trufspec.referee`).  Everything that lists games reads :data:`GAMES` rather
than naming them: the spec registry imports the catalogues, the clause codes accept the
prefixes, the validator finds the replay, the referee the state machine and the simulator its
table, and the edges (the command line, the service and its table page, the terminal, the
bots, the environments, the language server) ask a game's descriptor what they need of it, so
that a game added here is known everywhere and a game left out is known nowhere.

Listing the games imports their descriptors alone: the spec sits below the rulesets and the
referee, so each part is named by where it is and imported when it is needed (:func:`load`).
"""

from __future__ import annotations

import importlib
from typing import Any

from trufspec.descriptor import GameDescriptor

__all__ = ["GAMES", "GameDescriptor", "PREFIXES", "game_of", "load"]


def load(where: str) -> Any:
    """The object ``module:name`` names, its module imported if it is not yet."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


GAMES: tuple[GameDescriptor, ...] = tuple(
    load(f"trufspec.rulesets.{package}.game:GAME")
    for package in (
        "truf.jb",
        "truf.basics",
        "truf.de",
        "ruff_and_honours",
        "tromplemond",
    )
)
"""The games, in the order the reference and every listing give them."""

PREFIXES: tuple[str, ...] = tuple(game.prefix for game in GAMES)
"""The code prefixes of the games' clauses."""


_BY_ID = {game.id: game for game in GAMES}


def game_of(id: str) -> GameDescriptor:
    """The game of that id, for a part that holds the id of a game it was given (a ruleset
    with a referee, a state's): ``KeyError`` for an id no game has."""
    return _BY_ID[id]
