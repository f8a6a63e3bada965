"""The configuration file: settings a project keeps so that every run of ``trufspec`` uses them.

The settings are the table ``[tool.trufspec]`` of a ``pyproject.toml``, or the whole of a
``trufspec.toml``.  The file is found as ruff finds its own: from the current directory up, the
first directory with a ``trufspec.toml``, or with a ``pyproject.toml`` that has the table, holds
it (a ``trufspec.toml`` wins over the ``pyproject.toml`` beside it).  The command line overrides
the file; see the configuration page of the documentation.

Reading the file says only what it holds and whether its values have the right types; what
the values mean (which codes exist, which readings a ruleset has) is checked by the command
line, with the same checks as its own options, so that the file and the options cannot
disagree.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

__all__ = ["FileSettings", "KEYS", "CONFIG_FILE", "find", "read"]

CONFIG_FILE = "trufspec.toml"
PYPROJECT = "pyproject.toml"

KEYS = ("select", "ignore", "options", "exclude", "format", "rules-url")
"""The settings a file may hold: those of the command-line options of the same names."""


@attrs.frozen
class FileSettings:
    """What a configuration file sets; empty where it sets nothing.

    ``problems`` are the file's mistakes, each naming the file and the key, for the command to
    report as usage errors.
    """

    path: str | None = None
    label: str = ""
    """How problems name the settings: the file, and the table in a ``pyproject.toml``."""
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    options: Mapping[str, str] = attrs.field(factory=dict)
    exclude: tuple[str, ...] = ()
    format: str | None = None
    rules_url: str | None = None
    problems: tuple[str, ...] = ()

    @property
    def base(self) -> str:
        """The directory the file's ``exclude`` patterns are relative to: the file's own."""
        return os.path.dirname(os.path.abspath(self.path)) if self.path else os.getcwd()


def find(start: Path) -> tuple[Path, bool] | None:
    """The configuration file for a run in ``start``: its path, and whether it is a
    ``pyproject.toml`` (whose settings are its ``[tool.trufspec]`` table); None when there is
    none up to the root of the file system."""
    for directory in (start, *start.parents):
        candidate = directory / CONFIG_FILE
        if candidate.is_file():
            return candidate, False
        pyproject = directory / PYPROJECT
        if pyproject.is_file() and _has_table(pyproject):
            return pyproject, True
    return None


def _has_table(pyproject: Path) -> bool:
    """Whether a ``pyproject.toml`` has a ``[tool.trufspec]`` table; one that cannot be read
    has, so that its problem is reported rather than silently skipped."""
    try:
        document = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return True
    tool = document.get("tool")
    return isinstance(tool, dict) and "trufspec" in tool


def read(path: Path, pyproject: bool) -> FileSettings:
    """The settings of a configuration file, with its problems."""
    name = str(path)
    where = f"{name}: [tool.trufspec]" if pyproject else name
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        return FileSettings(name, where, problems=(f"{name}: {error.strerror or error}",))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return FileSettings(name, where, problems=(f"{name}: not a valid TOML file: {error}",))
    table: Any = document.get("tool", {}).get("trufspec", {}) if pyproject else document
    if not isinstance(table, dict):
        return FileSettings(name, where, problems=(f"{where}: must be a table",))
    problems = [
        f"{where}: unknown key {key!r}; the keys are: {', '.join(KEYS)}"
        for key in table
        if key not in KEYS
    ]
    values: dict[str, Any] = {}
    for key in ("select", "ignore", "exclude"):
        if key in table:
            items = table[key]
            if isinstance(items, str):
                items = [items]
            if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
                problems.append(f"{where}: {key}: expected a list of strings")
            else:
                values[key] = tuple(items)
    if "options" in table:
        options = table["options"]
        if not isinstance(options, dict) or not all(
            isinstance(v, (str, int)) and not isinstance(v, bool) for v in options.values()
        ):
            problems.append(
                f'{where}: options: expected a table of readings, such as {{ trump-lead = "free" }}'
            )
        else:
            values["options"] = {key: str(value) for key, value in options.items()}
    for key in ("format", "rules-url"):
        if key in table:
            if not isinstance(table[key], str):
                problems.append(f"{where}: {key}: expected a string")
            else:
                values[key.replace("-", "_")] = table[key]
    return FileSettings(name, where, problems=tuple(problems), **values)
