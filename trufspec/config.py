"""The configuration file: settings a project keeps so that every run of ``trufspec`` uses them.

The settings are the table ``[tool.trufspec]`` of a ``pyproject.toml``, or the whole of a
``trufspec.toml``.  The file is found as ruff finds its own: from the current directory up, the
first directory with a ``trufspec.toml``, or with a ``pyproject.toml`` that has the table, holds
it (a ``trufspec.toml`` wins over the ``pyproject.toml`` beside it).  The command line overrides
the file; see the configuration page of the documentation.

Reading the file (:func:`read`) says only what it holds and whether its values have the right
types; what the values mean (which codes exist, which readings a ruleset has) is checked by
:func:`read_settings`, with the checks the command line applies to its own options
(:func:`code_prefixes`, :func:`option_problems`), so that the file and the options cannot
disagree.  The command line and the language server both read their settings so, and both keep
the findings a check reports with :func:`wanted`.  The registry and the rulesets are imported
only when values are checked, so that ``trufspec --help`` does not pay for them.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from trufspec.diagnostics import Diagnostic
    from trufspec.spec.options import Option

__all__ = [
    "FileSettings",
    "KEYS",
    "CONFIG_FILE",
    "find",
    "read",
    "read_settings",
    "code_prefixes",
    "option_problems",
    "wanted",
]

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


def read_settings(start: Path) -> tuple[FileSettings, list[str]]:
    """The settings of the configuration file for a run in ``start``, with ``select`` and
    ``ignore`` read as code prefixes; and the problems the command line refuses them for, each
    naming the file and the key (the language server shows them and goes on without them)."""
    found = find(start)
    if found is None:
        return FileSettings(), []
    settings = read(*found)
    problems = list(settings.problems)
    select, refused = code_prefixes(settings.select)
    problems += [f"{settings.label}: select: {problem}" for problem in refused]
    ignore, refused = code_prefixes(settings.ignore)
    problems += [f"{settings.label}: ignore: {problem}" for problem in refused]
    bad_options = option_problems(dict(settings.options))
    problems += [f"{settings.label}: options: {problem}" for problem in bad_options]
    options = {} if bad_options else settings.options
    return attrs.evolve(settings, select=select, ignore=ignore, options=options), problems


def code_prefixes(values: Sequence[str]) -> tuple[tuple[str, ...], list[str]]:
    """Codes or code prefixes, from values that may each hold several, comma-separated; and why
    some are refused.

    A prefix selects every code it starts (``JB3`` is the play of truf-jb, ``REC`` the
    record-level checks).  One that starts no code is refused: a typo would otherwise select
    nothing, or ignore nothing, and CI would pass or fail for the wrong reason.
    """
    from trufspec.spec.registry import default_registry

    codes = [clause.code for clause in default_registry().clauses()]
    found: list[str] = []
    problems: list[str] = []
    for value in values:
        for item in value.split(","):
            prefix = item.strip().upper()
            if not prefix:
                continue
            if any(code.startswith(prefix) for code in codes):
                found.append(prefix)
            else:
                problems.append(
                    f"{item.strip()!r} is not a clause code or the start of one "
                    "(codes look like JB305 or REC013)"
                )
    return tuple(found), problems


def option_problems(options: dict[str, str]) -> list[str]:
    """Why readings given for every record cannot be: a key that no ruleset has (a typo would
    otherwise change nothing), or a value that no ruleset with that key allows."""
    from trufspec.rulesets import RULESETS
    from trufspec.spec.registry import default_registry

    registry = default_registry()
    known: dict[str, list[Option]] = {}
    for ruleset in RULESETS:
        for key, option in registry.options_of(ruleset).items():
            known.setdefault(key, []).append(option)
    problems = []
    for key, value in options.items():
        if key not in known:
            allowed = ", ".join(sorted(known))
            problems.append(f"no ruleset has an option {key!r}; the options are: {allowed}")
            continue
        refusals = [option.check(value) for option in known[key]]
        if all(refusals):
            problems.append(str(refusals[0]))
    return problems


def wanted(
    select: tuple[str, ...], ignore: tuple[str, ...], quiet: bool = False
) -> Callable[[Diagnostic], bool]:
    """Which diagnostics a check reports, after ``--select``, ``--ignore`` and ``--quiet``."""
    from trufspec.diagnostics import Severity

    def kept(diagnostic: Diagnostic) -> bool:
        code = diagnostic.code
        if select and not code.startswith(select):
            return False
        if code.startswith(ignore):
            return False
        return not (quiet and diagnostic.severity in (Severity.INFO, Severity.ACKNOWLEDGED))

    return kept
