"""Messages said of a player, or to them: one template for both.

A message template names its values in braces (``{player} played {card}``).  A report of a
record speaks of the players in the third person; a table speaks to the person who acted, in
the second ("you played KS").  So that one template says both, the words that change with the
person are marked with the value they agree with, in the place of a format spec:

- ``{player:holds}``: a verb in the present, as said of the player ("holds"); said to them it
  is "hold" ("has" and "have", "is" and "are", "was" and "were", "does" and "do");
- ``{player:'s}``: the possessive, "Ana's" or "your";
- ``{player:they}``, ``{player:them}``, ``{player:their}``, ``{player:themselves}``: a
  pronoun standing for the player, "you", "your" or "yourself" when said to them.

A value equal to the name of the person addressed is said "you".  A value may itself be a
:class:`Phrase`, a part of the message made from its own template and values (why a card is not
held: "it is not in {player:their} hand"), which is said in the same person as the message.

Said of the players (no one addressed), a template is the text of the marks' own words, so the
reports of records read as they always have.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Mapping
from typing import Any, NamedTuple

__all__ = [
    "PRONOUNS",
    "Phrase",
    "agreement_problem",
    "plain_template",
    "say",
    "second_person",
    "sentence",
]

PRONOUNS = {"they": "you", "them": "you", "their": "your", "themselves": "yourself"}
"""The pronouns a template may stand for a player by, and what they become said to them."""

POSSESSIVE = "'s"
"""The mark of a possessive: ``{player:'s} bid`` is "Ana's bid" or "your bid"."""

_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do"}
_SIBILANT = re.compile(r"(?:ch|sh|ss|x|z|o)es$")
_VERB = re.compile(r"^[a-z]+s$")


def second_person(verb: str) -> str:
    """The present of ``verb`` said to the person it agrees with: "hold" for "holds"."""
    irregular = _IRREGULAR.get(verb)
    if irregular is not None:
        return irregular
    if _SIBILANT.search(verb):
        return verb[:-2]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    return verb[:-1]


def agreement_problem(spec: str) -> str | None:
    """What is wrong with the mark ``spec`` of a placeholder, or None when it is one of the
    marks above (or none)."""
    if not spec or spec == POSSESSIVE or spec in PRONOUNS or _VERB.match(spec):
        return None
    return (
        f"the mark {spec!r} is none of: a verb in the present said of one player (holds), "
        f"the possessive {POSSESSIVE!r} or a pronoun ({', '.join(PRONOUNS)})"
    )


def _third_person_mark(match: re.Match[str]) -> str:
    name, spec = match.group(1), match.group(2)
    return "{" + name + "}'s" if spec == POSSESSIVE else spec


_MARK = re.compile(r"(?<!\{)\{(\w+):([^{}]*)\}")


@functools.lru_cache(maxsize=4096)
def plain_template(template: str) -> str:
    """``template`` as said of the players: each mark replaced by its own words, for
    ``str.format`` to fill in (the reports of records, made often, take this path)."""
    return _MARK.sub(_third_person_mark, template)


class Phrase(NamedTuple):
    """A part of a message with values of its own, said in the person of the message it is
    part of; as text (``str``), said of the players.  (A tuple: one is made with every
    diagnostic, and a tuple is the cheapest value to make.)"""

    template: str
    values: Mapping[str, Any]

    def __str__(self) -> str:
        return say(self.template, self.values)

    def to(self, person: str | None) -> str:
        """The phrase said to ``person`` (None: of the players)."""
        return say(self.template, self.values, person)


class _Wording(string.Formatter):
    """Fills a template in, saying the person addressed "you" and agreeing with them."""

    def __init__(self, person: str) -> None:
        self.person = person

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Phrase):
            return value.to(self.person)
        you = isinstance(value, str) and value == self.person
        if not format_spec:
            return "you" if you else format(value)
        if format_spec == POSSESSIVE:
            return "your" if you else f"{value}'s"
        if format_spec in PRONOUNS:
            return PRONOUNS[format_spec] if you else format_spec
        return second_person(format_spec) if you else format_spec


def say(template: str, values: Mapping[str, Any], person: str | None = None) -> str:
    """``template`` filled in with ``values``: said of the players, or, given ``person``, to
    that player (see the module's documentation); a value missing is ``KeyError``."""
    if person is None:
        return plain_template(template).format_map(values)
    return _Wording(person).vformat(template, (), values)


def sentence(text: str) -> str:
    """``text`` as a sentence said to someone: its first letter capital (a message starts
    low, to follow a code or a colon in a report)."""
    return text[:1].upper() + text[1:]
