"""Links into the rules reference: the page and anchor of each thing it shows.

The reference (``docs/``) anchors every clause by its code on the page of its ruleset
(``rulesets/truf-jb.html#JB305``; the record's own clauses on ``notation.html#REC015``), every
ambiguity register entry by its id, and the sources, the concepts of the variant matrix and
each ruleset's part of the register by a label.  Reports link to it when a base address is
given (``--rules-url``), and so does the Sphinx extension in another project for what that
project does not show itself (``rule_reference_url``).
"""

from __future__ import annotations

from trufspec.spec import record_clauses
from trufspec.spec.clauses import Clause

__all__ = ["ANCHORS", "PAGES", "reference_url", "entry_url"]

RULESET_PAGES = "rulesets"
"""The folder of the ruleset pages, ``rule_ruleset_pages`` in ``docs/conf.py``."""
RECORD_PAGE = "notation.html"
"""The page that shows the record's clauses (``.. rule:clauses:: record``)."""

PAGES = {
    "ambiguity": "ambiguities.html",
    "register": "ambiguities.html",
    "source": "sources.html",
    "concept": "matrix.html",
}
"""The page of the reference that shows each kind of entry other than a clause or a ruleset."""
ANCHORS = {
    "clause": "{}",
    "ambiguity": "{}",
    "register": "ambiguities-{}",
    "source": "source-{}",
    "concept": "concept-{}",
    "ruleset": "",
}
"""The anchor of an entry of each kind, from its code, id or name (a ruleset is its page)."""


def reference_url(base: str, clause: Clause) -> str:
    """The address of ``clause`` in the reference published at ``base``."""
    page = (
        RECORD_PAGE
        if clause.ruleset == record_clauses.RULESET
        else f"{RULESET_PAGES}/{clause.ruleset}.html"
    )
    return f"{base.rstrip('/')}/{page}#{ANCHORS['clause'].format(clause.code)}"


def entry_url(base: str, kind: str, name: str) -> str:
    """The address of a ruleset's page (``kind`` ``ruleset``), an ambiguity register entry
    (``ambiguity``), a ruleset's part of the register (``register``), a source (``source``)
    or a concept of the variant matrix (``concept``) in the reference published at ``base``."""
    page = f"{RULESET_PAGES}/{name}.html" if kind == "ruleset" else PAGES[kind]
    anchor = ANCHORS[kind].format(name)
    return f"{base.rstrip('/')}/{page}" + (f"#{anchor}" if anchor else "")
