"""Clauses: the rules of a game, one rule per value, each with the words it rests on.

A clause is the unit everything else points at.  A diagnostic names the clause it enforces, so a
report can quote the source; the documentation renders clauses as the rules reference; the
ambiguity register names the clauses each reading changes.  A clause's code is stable for
ever: it is the ruleset prefix, the digit of the phase and a two-digit serial (``JB305``), and a
code is never reused or renumbered.  A rule that is dropped stays listed, marked retired.
"""

from __future__ import annotations

import enum
import re
import string
from collections.abc import Mapping
from typing import Any

from attrs import Attribute, field, frozen

from trufspec.games import PREFIXES
from trufspec.spec.severity import Severity
from trufspec.spec.wording import agreement_problem, plain_template, say

__all__ = [
    "Phase",
    "Kind",
    "Strength",
    "Citation",
    "Example",
    "Clause",
    "CODE_PATTERN",
    "SLUG_PATTERN",
    "message_fields",
]

CODE_PATTERN = re.compile(rf"^({'|'.join((*PREFIXES, 'REC'))})(\d)\d{{2}}$")
"""A clause code: the ruleset prefix, then three digits; for a game, the first is the phase."""

SLUG_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
"""Kebab case: the form of slugs, ruleset ids and option keys, easy to type on a command line."""

RECORD_PREFIX = "REC"
"""The prefix of the clauses of the notation itself, which belong to no phase of any game."""


class Phase(enum.Enum):
    """The part of a game a rule governs; its value is the phase digit of a clause code."""

    DEFINITIONS = 0
    """The pack, the players and the values every other rule relies on."""
    DEAL = 1
    """Dealing: the hands, the stock and the cards left out."""
    BIDDING = 2
    """Bidding, declaring or voting, up to the contract and the mode of play."""
    PLAY = 3
    """Trick play: who leads, which cards may be played, who wins each trick."""
    SCORING = 4
    """The score of each deal and the running totals."""
    GAME_END = 5
    """When the game ends and who wins it."""
    IRREGULARITIES = 9
    """What happens when a player breaks a rule: misdeals, revokes, early reveals."""

    @property
    def label(self) -> str:
        """A short name for headings and reports."""
        return _PHASE_LABELS[self]


_PHASE_LABELS = {
    Phase.DEFINITIONS: "pack and definitions",
    Phase.DEAL: "deal",
    Phase.BIDDING: "bidding",
    Phase.PLAY: "play",
    Phase.SCORING: "scoring",
    Phase.GAME_END: "game end",
    Phase.IRREGULARITIES: "irregularities",
}


class Kind(enum.Enum):
    """What a clause does, which decides how the engine uses it."""

    DEFINITION = "definition"
    """Fixes a term or a value other clauses use (the pack, the bid value of a card)."""
    LEGALITY = "legality"
    """Says what a player may or must do; breaking it is an irregularity of the player."""
    TRANSITION = "transition"
    """Says what follows from what happened (the trick winner, the trump); a record that
    restates a different result contradicts it."""
    SCORING = "scoring"
    """Says how a deal is scored, including the points lost for missing a bid."""
    PENALTY = "penalty"
    """Says what an irregularity costs the player who commits it."""


class Strength(enum.Enum):
    """How binding a clause is, in the sense of the words *must*, *should* and *may*."""

    MUST = "must"
    """Breaking it makes the record wrong: an error."""
    SHOULD = "should"
    """Breaking it is probably a mistake: a warning."""
    MAY = "may"
    """A permission or a custom; a finding about it is only worth knowing: an info."""

    @property
    def severity(self) -> Severity:
        """The severity of a diagnostic for this clause when the record does not acknowledge
        the irregularity."""
        return _SEVERITIES[self]


_SEVERITIES = {
    Strength.MUST: Severity.ERROR,
    Strength.SHOULD: Severity.WARNING,
    Strength.MAY: Severity.INFO,
}


def message_fields(template: str) -> tuple[str, ...]:
    """The names of the ``{placeholders}`` of a message template, in order, without repeats
    (a mark of agreement, ``{player:holds}``, names the value it agrees with)."""
    names: list[str] = []
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None and name not in names:
            names.append(name)
    return tuple(names)


def _marks(template: str) -> list[tuple[str, str]]:
    return [
        (name, spec or "")
        for _, name, spec, _ in string.Formatter().parse(template)
        if name is not None
    ]


def _kebab(instance: object, attribute: Attribute[str], value: str) -> None:
    if not SLUG_PATTERN.match(value):
        raise ValueError(f"{attribute.name} must be kebab-case (like 'follow-suit'), not {value!r}")


def _not_blank(instance: object, attribute: Attribute[str], value: str) -> None:
    if not value.strip():
        raise ValueError(f"{attribute.name} must not be empty")


@frozen
class Citation:
    """Where a clause comes from: a short verbatim phrase of a source and where it stands.

    The quote is the source's own words, typos included, so a reader can find it; a test checks
    that it occurs in the source.  For a German source ``translation`` is our English rendering,
    and it is marked as ours wherever it is shown.
    """

    source: str
    locator: str = field(validator=_not_blank)
    quote: str = field(validator=_not_blank)
    translation: str | None = None


@frozen
class Example:
    """A record that obeys or breaks a clause; the documentation shows it and the tests run
    it, so the two never drift apart."""

    record: str
    note: str = ""


def _check_code(instance: Clause, attribute: Attribute[str], value: str) -> None:
    if CODE_PATTERN.match(value) is None:
        raise ValueError(
            f"code must be a ruleset prefix ({', '.join(PREFIXES)} or REC) and three digits, "
            f"not {value!r}"
        )


def _check_message(instance: Clause, attribute: Attribute[str], value: str) -> None:
    _not_blank(instance, attribute, value)
    for name, spec in _marks(value):
        if not name.isidentifier():
            raise ValueError(f"message placeholders must be names, not {{{name}}} in {value!r}")
        problem = agreement_problem(spec)
        if problem is not None:
            raise ValueError(f"{{{name}:{spec}}} in {value!r}: {problem}")


def _check_you(instance: Clause, attribute: Attribute[str], value: str) -> None:
    if value:
        _check_message(instance, attribute, value)


@frozen
class Clause:
    """One rule of one ruleset.

    ``statement`` says the rule normatively, in our words; ``citations`` are the source's words
    it rests on; ``message`` is the template of the diagnostic that reports a breach, with
    ``{placeholders}`` the checking code fills in.  ``concept`` tags rules that different games
    share (``follow-suit``), so that the rulesets can be compared rule by rule; ``note``
    explains our reading where the source is unclear, and ``ambiguities`` names the entries of
    the ambiguity register the clause depends on.
    """

    code: str = field(validator=_check_code)
    slug: str = field(validator=_kebab)
    ruleset: str = field(validator=_kebab)
    phase: Phase
    kind: Kind
    strength: Strength
    title: str = field(validator=_not_blank)
    statement: str = field(validator=_not_blank)
    citations: tuple[Citation, ...]
    message: str = field(validator=_check_message)
    ambiguities: tuple[str, ...] = ()
    concept: str | None = None
    note: str = ""
    examples: tuple[Example, ...] = ()
    retired: bool = False
    you: str = field(default="", validator=_check_you)
    """The message said to the player it names, where marks of agreement in ``message`` cannot
    say it (a name quoted as written: "'Ana' appears twice"); empty where they can."""
    _plain: str = field(init=False, repr=False, eq=False)
    """:attr:`template`, made once: the reports of records fill it in often."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_plain", plain_template(self.message))
        # The phase digit makes a code readable on its own; record-level codes have none.
        if not self.code.startswith(RECORD_PREFIX) and int(self.code[-3]) != self.phase.value:
            raise ValueError(
                f"the phase digit of {self.code} is {self.code[-3]}, but its phase is "
                f"{self.phase.name} ({self.phase.value})"
            )

    @property
    def severity(self) -> Severity:
        """The severity of a breach that the record does not acknowledge."""
        return self.strength.severity

    @property
    def template(self) -> str:
        """The message as said of the players, its marks of agreement replaced by their own
        words (``{player} holds``): what the reference shows."""
        return self._plain

    @property
    def fields(self) -> tuple[str, ...]:
        """The placeholders the message needs."""
        return message_fields(self.message)

    def format(self, **values: Any) -> str:
        """The message with its placeholders filled in; a missing value is a bug of the
        checking code, so it raises ``KeyError``."""
        return self._plain.format(**values)

    def said_to(self, person: str, values: Mapping[str, Any]) -> str:
        """The message said to ``person``, as a table tells the player who acted: a value
        naming them is "you", and the words marked to agree with it agree
        (:mod:`~trufspec.spec.wording`); :attr:`you` when there is one and a value names
        them."""
        if self.you and person in values.values():
            return say(self.you, values, person)
        return say(self.message, values, person)
