"""The settings a document is checked with: the configuration file's, as the command line reads it.

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

from trufspec import config
from trufspec.cli_support import _option_problems, code_prefixes
from trufspec.diagnostics import Diagnostic

__all__ = ["Settings", "settings_for"]


@frozen
class Settings:
    """What a document's checks take from the configuration."""

    options: Mapping[str, str] = field(factory=dict)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    rules_url: str | None = None
    problems: tuple[str, ...] = ()
    """The configuration's mistakes, in the command line's words."""

    def wanted(self, diagnostic: Diagnostic) -> bool:
        """Whether ``select`` and ``ignore`` keep a finding, as they do for ``trufspec check``."""
        code = diagnostic.code
        if self.select and not code.startswith(self.select):
            return False
        return not code.startswith(self.ignore)


def settings_for(path: str | None) -> Settings:
    """The settings for the document at ``path`` (None for one not saved yet: from the
    server's directory)."""
    start = Path(os.path.dirname(path)) if path else Path.cwd()
    found = config.find(start)
    if found is None:
        return Settings()
    read = config.read(*found)
    problems = list(read.problems)
    select, refused = code_prefixes(read.select)
    problems += [f"{read.label}: select: {problem}" for problem in refused]
    ignore, refused = code_prefixes(read.ignore)
    problems += [f"{read.label}: ignore: {problem}" for problem in refused]
    bad = _option_problems(dict(read.options))
    problems += [f"{read.label}: options: {problem}" for problem in bad]
    return Settings(
        options={} if bad else dict(read.options),
        select=select,
        ignore=ignore,
        rules_url=read.rules_url,
        problems=tuple(problems),
    )
