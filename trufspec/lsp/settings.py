"""The settings a document is checked with: the configuration file's, read as the command line
reads it (:func:`trufspec.config.read_settings`).

``trufspec check`` looks for its configuration from the current directory up; an editor has
no current directory worth the name, so the server looks from the document's own directory,
as ruff's server does.  The values are checked as the command line checks them, and a bad one
is reported to the user (once) and left out, rather than stopping the checks.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from attrs import field, frozen

from trufspec.config import read_settings, wanted
from trufspec.diagnostics import Diagnostic

__all__ = ["DocumentSettings", "settings_for"]


@frozen
class DocumentSettings:
    """What a document's checks take from the configuration."""

    options: Mapping[str, str] = field(factory=dict)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    rules_url: str | None = None
    problems: tuple[str, ...] = ()
    """The configuration's mistakes, in the command line's words."""

    def wanted(self, diagnostic: Diagnostic) -> bool:
        """Whether ``select`` and ``ignore`` keep a finding, as they do for ``trufspec check``."""
        return wanted(self.select, self.ignore)(diagnostic)


def settings_for(path: str | None) -> DocumentSettings:
    """The settings for the document at ``path`` (None for one not saved yet: from the
    server's directory)."""
    start = Path(os.path.dirname(path)) if path else Path.cwd()
    read, problems = read_settings(start)
    return DocumentSettings(
        options=dict(read.options),
        select=read.select,
        ignore=read.ignore,
        rules_url=read.rules_url,
        problems=tuple(problems),
    )
