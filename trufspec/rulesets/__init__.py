"""The rulesets trufspec knows, by the id a record names in its ``Ruleset`` tag.

Each game is a package of its own (its descriptor, its clauses, its options, its replay); the
games of the Truf family share what their sources share under :mod:`trufspec.rulesets.truf`.
Which games there are is said once, in :mod:`trufspec.games`.

The rulesets are imported on first use: a game's descriptor lies in its package, below this
one, and listing the games (which the spec registry does as it is imported) imports the
descriptors alone, never the replays, which import the registry in turn.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trufspec.engine.ruleset import Ruleset

__all__ = ["RULESETS", "ruleset"]

RULESETS: dict[str, Ruleset]
"""Each game's ruleset, by id, in the order of :data:`trufspec.games.GAMES`."""


def ruleset(id: str) -> Ruleset | None:
    """The ruleset of that id, or None when trufspec does not know it."""
    return _rulesets().get(id)


@functools.cache
def _rulesets() -> dict[str, Ruleset]:
    from trufspec.games import GAMES, load

    return {game.id: load(game.ruleset) for game in GAMES}


def __getattr__(name: str) -> Any:
    if name == "RULESETS":
        return _rulesets()
    raise AttributeError(f"module 'trufspec.rulesets' has no attribute {name!r}")
