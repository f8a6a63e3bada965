"""The site's navigation, drawn once for all the example pages rather than once for each.

A theme such as furo draws the whole table of contents in the sidebar of every page, through
the ``toctree`` function of the page's context, and Sphinx resolves it anew for each page by
copying the tree of every document: with a page of examples for each clause, that was half of
the reference's build.  The example pages (``rule_example_pages``) are orphans in one folder,
so no entry of the table is theirs to mark as the current one and their links all start from
the same folder: their navigation is one and the same, drawn for the first and kept for the
rest, and the pages come out as they did.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

__all__ = ["share_example_navigation"]

_drawn: WeakKeyDictionary[Any, dict[tuple[str, frozenset[tuple[str, Any]]], str]]
_drawn = WeakKeyDictionary()
"""By builder: the navigation drawn for a folder of example pages, by the theme's arguments."""


def share_example_navigation(
    app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Give an example page a ``toctree`` that draws what it draws once per folder."""
    folder = app.config.rule_example_pages
    draw: Callable[..., str] | None = context.get("toctree")
    if not folder or draw is None or not pagename.startswith(folder.rstrip("/") + "/"):
        return
    drawn = _drawn.setdefault(app.builder, {})
    where = posixpath.dirname(pagename)

    def shared(**kwargs: Any) -> str:
        key = (where, frozenset(kwargs.items()))
        if key not in drawn:
            drawn[key] = draw(**kwargs)
        return drawn[key]

    context["toctree"] = shared
