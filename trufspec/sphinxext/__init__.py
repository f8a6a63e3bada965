"""The Sphinx extension of the rules reference: ``extensions = ["trufspec.sphinxext"]``.

The ``rule`` domain (:mod:`.domain`) renders rulesets, the ambiguity register, the variant
matrix and the sources from the registry; :mod:`.cli` renders the command-line reference from
the commands themselves; :mod:`.diagram` draws deals (``.. truf-deal::``); records are
highlighted by :mod:`trufspec.lexer`, which it registers.  This package imports Sphinx only
when Sphinx loads it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["setup"]


def setup(app: Any) -> dict[str, Any]:
    """Register the extension with Sphinx."""
    from trufspec.sphinxext.domain import setup as setup_domain

    return setup_domain(app)
