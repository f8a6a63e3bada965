"""The rulesets trufspec knows, by the id a record names in its ``Ruleset`` tag.

Each game is a package of its own (its clauses, its options, its replay); the games of the
Truf family share what their sources share under :mod:`trufspec.rulesets.truf`.  Which games
there are is said once, in :mod:`trufspec.games`.
"""

from __future__ import annotations

from trufspec.engine.ruleset import Ruleset
from trufspec.games import GAMES, load

__all__ = ["RULESETS", "ruleset"]

RULESETS: dict[str, Ruleset] = {
    game.id: load(f"{game.package}.ruleset:{game.ruleset}") for game in GAMES
}


def ruleset(id: str) -> Ruleset | None:
    """The ruleset of that id, or None when trufspec does not know it."""
    return RULESETS.get(id)
