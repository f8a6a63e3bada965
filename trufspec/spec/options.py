"""Options: the switches that select a reading of an unclear rule.

A record chooses readings with its ``Options`` tag (``[Options "even-adjust-amount=1,
zero-bid-miss=flat"]``) and the command line with ``--option key=value``; both go through
:func:`parse_options`, so a mistake gets the same plain message wherever it is made.  Options
are strings with a fixed set of values, or whole numbers within bounds; keeping every value a
string keeps the ``Options`` tag, the command line and reports in one form.

An option is the switch; the value it has in one game is a reading, and :class:`Readings` holds
the readings in force.  ``OptionValues``, the former name of :class:`Readings`, still imports,
with a ``DeprecationWarning``, and will be removed.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator, Mapping

from attrs import Attribute, field, frozen

from trufspec.spec.clauses import SLUG_PATTERN

__all__ = ["Option", "Readings", "parse_options", "resolve"]


def _kebab(instance: object, attribute: Attribute[str], value: str) -> None:
    if not SLUG_PATTERN.match(value):
        raise ValueError(f"{attribute.name} must be kebab-case, not {value!r}")


@frozen
class Option:
    """One option of one ruleset.

    ``choices`` lists the allowed values; ``None`` makes the option a whole number between
    ``minimum`` and ``maximum`` (inclusive).  ``ambiguity`` is the id of the register entry whose
    readings the option selects.
    """

    key: str = field(validator=_kebab)
    ruleset: str
    choices: tuple[str, ...] | None
    default: str
    doc: str
    ambiguity: str | None = None
    minimum: int | None = None
    maximum: int | None = None

    def __attrs_post_init__(self) -> None:
        # An option whose own default it would reject is a bug of the catalogue, found at import.
        if self.choices is None and (self.minimum is None or self.maximum is None):
            raise ValueError(f"integer option {self.key} needs a minimum and a maximum")
        if self.choices is not None and len(set(self.choices)) != len(self.choices):
            raise ValueError(f"option {self.key} lists a choice twice: {self.choices}")
        problem = self.check(self.default)
        if problem is not None:
            raise ValueError(f"the default of option {self.key} is not allowed: {problem}")

    @property
    def is_integer(self) -> bool:
        """Whether the option takes a whole number rather than one of its choices."""
        return self.choices is None

    def check(self, value: str) -> str | None:
        """Why ``value`` is not allowed for this option, or ``None`` when it is."""
        if self.choices is not None:
            if value in self.choices:
                return None
            return (
                f"option '{self.key}' cannot be '{value}'; allowed values: "
                f"{', '.join(self.choices)}"
            )
        if (
            self.minimum is not None
            and self.maximum is not None
            and re.fullmatch(r"[+-]?\d{1,18}", value)  # the notation's numbers, at most 18 digits
            and self.minimum <= int(value) <= self.maximum
        ):
            return None
        return (
            f"option '{self.key}' must be a whole number from {self.minimum} to "
            f"{self.maximum}, not '{value}'"
        )


def _copied(values: Mapping[str, str]) -> dict[str, str]:
    """A copy of ``values`` of their own, which the caller's later changes do not reach."""
    return dict(values)


@frozen
class Readings(Mapping[str, str]):
    """The readings in force in one game: every option's value, chosen or its default, by the
    option's key, with typed access for the engine."""

    # Private, so that the mapping's own values() is not hidden; the argument is still
    # ``values``.
    _values: Mapping[str, str] = field(converter=_copied)

    def __getitem__(self, key: str) -> str:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def integer(self, key: str) -> int:
        """The value of a whole-number option."""
        return int(self._values[key])

    def describe(self) -> str:
        """The values in the form of an ``Options`` tag, for reports that say which readings
        they were made under."""
        return ", ".join(f"{key}={value}" for key, value in self._values.items())


def __getattr__(name: str) -> object:
    """``OptionValues``, the former name of :class:`Readings`, with a warning, so that code
    written against it keeps working until it is removed."""
    if name == "OptionValues":
        warnings.warn(
            "trufspec.spec.options.OptionValues is deprecated; use Readings",
            DeprecationWarning,
            stacklevel=2,
        )
        return Readings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse_options(text: str, known: Mapping[str, Option]) -> tuple[dict[str, str], list[str]]:
    """Read ``key=value`` pairs against the options a ruleset knows.

    Pairs are separated by commas, white space or both, and white space around ``=`` is
    allowed.  Every problem is collected rather than the first raised, so that one run shows
    everything to fix; the pairs that are fine are kept.
    """
    chosen: dict[str, str] = {}
    seen: set[str] = set()
    errors: list[str] = []
    for pair in re.split(r"[\s,]+", re.sub(r"\s*=\s*", "=", text).strip(" \t\r\n,")):
        if not pair:
            continue
        key, equals, value = pair.partition("=")
        if not equals or not key or not value or "=" in value:
            errors.append(f"'{pair}' is not of the form key=value")
            continue
        option = known.get(key)
        if option is None:
            allowed = ", ".join(sorted(known)) if known else "none"
            errors.append(f"unknown option '{key}'; the options of this ruleset are: {allowed}")
            continue
        if key in seen:
            errors.append(f"option '{key}' is given twice")
            continue
        seen.add(key)
        problem = option.check(value)
        if problem is not None:
            errors.append(problem)
            continue
        chosen[key] = value
    return chosen, errors


def resolve(chosen: Mapping[str, str], known: Mapping[str, Option]) -> dict[str, str]:
    """Every option of a ruleset with its chosen value, or its default.

    The result names every reading a judgement depends on, including the defaults nobody
    chose.  ``chosen`` must come from :func:`parse_options`: an unknown key here is a bug, so it
    raises ``ValueError`` instead of being reported.
    """
    unknown = sorted(set(chosen) - set(known))
    if unknown:
        raise ValueError(f"unknown options {unknown}; parse them with parse_options first")
    return {key: chosen.get(key, option.default) for key, option in known.items()}
