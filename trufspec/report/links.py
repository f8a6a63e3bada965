"""Links from a finding to the page of the rules reference that states its clause.

The reference (``docs/``) anchors every clause by its code on the page of its ruleset:
``rulesets/truf-jb.html#JB305``, and the record's own clauses on ``notation.html#REC015``.
Where the reference is published is the reader's choice (``--rules-url``), so the reports link
only when a base address is given.
"""

from __future__ import annotations

from trufspec.spec import record_clauses
from trufspec.spec.clauses import Clause

__all__ = ["reference_url"]

RULESET_PAGES = "rulesets"
"""The folder of the ruleset pages, ``rule_ruleset_pages`` in ``docs/conf.py``."""
RECORD_PAGE = "notation.html"
"""The page that shows the record's clauses (``.. rule:clauses:: record``)."""


def reference_url(base: str, clause: Clause) -> str:
    """The address of ``clause`` in the reference published at ``base``."""
    page = RECORD_PAGE if clause.ruleset == record_clauses.RULESET else f"{RULESET_PAGES}/{clause.ruleset}.html"
    return f"{base.rstrip('/')}/{page}#{clause.code}"
