"""The ambiguity register: where a source is unclear, the readings and the one we use.

Rule texts leave gaps, contradict themselves and carry typos.  The validator must still judge
every record the same way, so each such place is written down once: the question it raises,
the words that raise it, the possible readings, the default and why, and the option that picks
another reading.  Every diagnostic is then made under a known set of readings, and the register
is published with the rules so that anyone can see (and dispute) how a text was read.
"""

from __future__ import annotations

import re

from attrs import Attribute, field, frozen

from trufspec.spec.clauses import Citation

__all__ = ["Reading", "Ambiguity", "AMBIGUITY_ID_PATTERN"]

AMBIGUITY_ID_PATTERN = re.compile(r"^(JB|TB|TD|RH|TM)-A\d+[a-z]?$")
"""An ambiguity id: the ruleset prefix, ``-A``, a number and, where one unclear place raises
several separate questions, a letter (``JB-A6b``)."""


@frozen
class Reading:
    """One way to read an unclear place; ``value`` is the option value that selects it."""

    value: str
    description: str


def _check_id(instance: Ambiguity, attribute: Attribute[str], value: str) -> None:
    if AMBIGUITY_ID_PATTERN.match(value) is None:
        raise ValueError(f"ambiguity id must look like 'JB-A6' or 'JB-A6b', not {value!r}")


@frozen
class Ambiguity:
    """One entry of the register.

    ``option`` is the key of the option that selects a reading; it is ``None`` when there is
    nothing to choose (a typo, or a gap that only one reading fills sensibly) and the entry
    exists to document the reading.  ``clauses`` are the codes of the clauses whose meaning
    depends on the reading.
    """

    id: str = field(validator=_check_id)
    ruleset: str
    title: str
    question: str
    citations: tuple[Citation, ...]
    readings: tuple[Reading, ...]
    default: str
    option: str | None
    clauses: tuple[str, ...]
    rationale: str

    def __attrs_post_init__(self) -> None:
        # A default outside the readings would make the validator's behaviour undocumented.
        values = [reading.value for reading in self.readings]
        if len(set(values)) != len(values):
            raise ValueError(f"{self.id} lists a reading twice: {values}")
        if self.default not in values:
            raise ValueError(
                f"the default of {self.id} is {self.default!r}, which is not one of its "
                f"readings {values}"
            )

    def reading(self, value: str) -> Reading:
        """The reading selected by an option value."""
        for reading in self.readings:
            if reading.value == value:
                return reading
        raise KeyError(f"{self.id} has no reading {value!r}")
