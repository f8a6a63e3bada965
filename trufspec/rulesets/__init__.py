"""The rulesets trufspec knows, by the id a record names in its ``Ruleset`` tag.

Each game is a package of its own (its clauses, its options, its replay); the games of the
Truf family share what their sources share under :mod:`trufspec.rulesets.truf`.
"""

from __future__ import annotations

from trufspec.engine.ruleset import Ruleset
from trufspec.rulesets.ruff_and_honours.ruleset import RUFF_AND_HONOURS
from trufspec.rulesets.tromplemond.ruleset import TROMPLEMOND
from trufspec.rulesets.truf.basics.ruleset import TRUF_BASICS
from trufspec.rulesets.truf.de.ruleset import TRUF_DE
from trufspec.rulesets.truf.jb.ruleset import TRUF_JB

__all__ = ["RULESETS", "ruleset"]

RULESETS: dict[str, Ruleset] = {
    r.id: r for r in (TRUF_JB, TRUF_BASICS, TRUF_DE, RUFF_AND_HONOURS, TROMPLEMOND)
}


def ruleset(id: str) -> Ruleset | None:
    """The ruleset of that id, or None when trufspec does not know it."""
    return RULESETS.get(id)
