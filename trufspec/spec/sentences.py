"""The sentence index: every sentence of a source text, and what rests on it.

A clause cites the words it rests on, and the ambiguity register the words it reads; what
neither shows is a sentence nobody looked at.  The index closes that gap: for each source it
lists every sentence, in the order of the text, by its locator (section, rule or paragraph,
sentence) and its opening words, and marks it with the clauses and register entries that rest
on it, or as description (history, tactics, the interface of the page, a worked example) that
no rule needs.  The index holds only those opening words: the full texts are not ours to
publish, and a reader with the text finds a sentence by its start.

:func:`split` cuts a text into the sentences the index must list, and :func:`align` matches an
index against them; the tests run both over the texts when they are at hand.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator, Sequence

from attrs import Attribute, field, frozen

__all__ = [
    "Description",
    "Index",
    "Sentence",
    "Status",
    "align",
    "split",
]


class Description(enum.Enum):
    """Why a sentence carries no rule."""

    HISTORY = "history"
    """Where the game comes from, what it is like, its name."""
    PURPOSE = "purpose"
    """What the game is about or what a part of it is for, said in general words that the
    rules say precisely elsewhere."""
    TACTICS = "tactics"
    """Advice on how to play well."""
    EXAMPLE = "example"
    """A worked example or its narrative; the rules it illustrates are cited where stated."""
    INTERFACE = "interface"
    """The page or the program the text was written for: headings, links, buttons, what the
    game engine enforces."""
    COMMENT = "comment"
    """A reader's comment, a signature or a date below the text."""
    ASIDE = "aside"
    """A joke or an aside that asks nothing of the players."""


class Status(enum.Enum):
    """How a sentence is accounted for; the three counts of the rules reference."""

    COVERED = "covered"
    """A clause rests on it (register entries may too)."""
    REGISTERED = "registered"
    """Only register entries rest on it: its reading is written down, no clause cites it."""
    DESCRIPTION = "description"
    """It carries no rule."""


def _short(instance: object, attribute: Attribute[str], value: str) -> None:
    if not value.strip() or len(value) > 60:
        raise ValueError(f"{attribute.name} must be a short opening of the sentence, not {value!r}")


@frozen
class Sentence:
    """One sentence of a source, by locator and opening words.

    ``quote`` is how the sentence begins, exactly as the text has it (at most 60 characters);
    ``clauses`` and ``ambiguities`` are the codes and ids that rest on it; ``description`` says
    why it carries no rule, and is set exactly when nothing rests on it.
    """

    source: str
    locator: str
    quote: str = field(validator=_short)
    clauses: tuple[str, ...] = ()
    ambiguities: tuple[str, ...] = ()
    description: Description | None = None

    def __attrs_post_init__(self) -> None:
        # A sentence that is both rule and description, or neither, is not accounted for.
        resting = bool(self.clauses or self.ambiguities)
        if resting == (self.description is not None):
            raise ValueError(
                f"{self.source} {self.locator}: a sentence is marked with clauses or register "
                f"entries, or as description, and not both"
            )

    @property
    def status(self) -> Status:
        """Covered, registered or description."""
        if self.clauses:
            return Status.COVERED
        return Status.REGISTERED if self.ambiguities else Status.DESCRIPTION

    def names(self, code_or_id: str) -> bool:
        """Whether a clause code or a register id rests on this sentence."""
        return code_or_id in self.clauses or code_or_id in self.ambiguities


@frozen
class Index:
    """Makes the entries of one source's index, so that a catalogue names its source once."""

    source: str

    def rests(
        self, locator: str, quote: str, clauses: tuple[str, ...], ambiguities: tuple[str, ...] = ()
    ) -> Sentence:
        """A sentence the clauses and register entries given rest on."""
        return Sentence(self.source, locator, quote, clauses, ambiguities)

    def describes(self, locator: str, quote: str, description: Description) -> Sentence:
        """A sentence that carries no rule, and why."""
        return Sentence(self.source, locator, quote, description=description)


_ITEM = re.compile(r"^\s*(?:\d+\.|•)\s+")
"""A list marker at the start of a line: a number and a full stop, or a bullet."""
_END = re.compile('[.!?\u2026]+[)"\u201d\u2019]*\\s+(?=[A-Z0-9ÄÖÜ"\'\u201c\u201e\u2018])')
"""The end of a sentence inside a line: a full stop, question or exclamation mark or ellipsis
(and any closing bracket or quote) before white space and a capital, a digit or a quote."""
_TERMINAL = re.compile(r"[.!?…:]\W*$")
"""A line that ends a sentence."""


def _units(text: str) -> Iterator[tuple[int, str]]:
    """The lines of a text with their line numbers (from 1), a line that continues a sentence
    cut by a line break joined to the one before it, list markers taken off."""
    number, current = 0, ""
    for index, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        continues = (
            current
            and line
            and not _ITEM.match(raw)
            and not _TERMINAL.search(current)
            and (line[0].islower() or line[0] == "(")
        )
        if continues:
            current = f"{current} {line}"
            continue
        if current:
            yield number, current
        number, current = index, _ITEM.sub("", raw).strip()
    if current:
        yield number, current


def split(text: str) -> list[tuple[int, str]]:
    """The sentences of a text, in order, each with the line it starts on.

    A sentence ends at a full stop, question or exclamation mark or ellipsis followed by a
    capital (``i.e their`` and ``d. h., dass`` do not end one), at the end of a line that ends
    with one, and at the end of a paragraph; a line without end punctuation (a heading, a table
    row, a date) is a sentence of its own.  A mark that follows a space (``10 ... 2``) ends
    nothing."""
    found: list[tuple[int, str]] = []
    for number, unit in _units(text):
        start = 0
        for match in _END.finditer(unit):
            if match.start() > 0 and unit[match.start() - 1].isspace():
                continue
            found.append((number, unit[start : match.end()].strip()))
            start = match.end()
        found.append((number, unit[start:].strip()))
    return [(number, sentence) for number, sentence in found if sentence]


def align(
    sentences: Sequence[tuple[int, str]], index: Sequence[Sentence]
) -> tuple[list[tuple[int, str]], list[Sentence]]:
    """Match an index against the sentences of its text, both in text order: each sentence
    must begin with the quote of the next entry.  The sentences no entry lists, and the
    entries that list no sentence (a quote not found where the order puts it)."""
    unlisted: list[tuple[int, str]] = []
    unmatched: list[Sentence] = []
    position = 0
    for line, sentence in sentences:
        if position < len(index) and sentence.startswith(index[position].quote):
            position += 1
            continue
        ahead = next(
            (
                offset
                for offset, entry in enumerate(index[position:], start=position)
                if sentence.startswith(entry.quote)
            ),
            None,
        )
        if ahead is None:
            unlisted.append((line, sentence))
            continue
        unmatched.extend(index[position:ahead])
        position = ahead + 1
    unmatched.extend(index[position:])
    return unlisted, unmatched
