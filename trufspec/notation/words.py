"""The words both readers of the notation share: player names and runs of cards.

A record is read by one of two readers (see :mod:`.parse`): the line reader for the canonical
layout and the Lark parser for everything else.  What a name or a run of cards means, and the
position each card keeps, is decided here once, so that the two readers cannot drift apart.
"""

from __future__ import annotations

import re

from trufspec.cards import CARD_PATTERN, CARD_SPELLINGS, Card
from trufspec.notation.chunks import SECTION_KEYWORDS
from trufspec.records import Cards

__all__ = ["STRING", "NAME", "RESERVED", "NO_MINUS", "is_bare", "unquote", "read_run"]

STRING = r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
"""A quoted string, as the grammar's ``STRING``."""

NAME = r"(?:[^\W\d][\w\-]*|" + STRING + ")"
"""A player's name: a bare word, or a quoted string (the grammar's ``NAME | STRING``)."""

RESERVED = frozenset(SECTION_KEYWORDS) | {
    "deal",
    "round",
    "trump",
    "adjust",
    "declines",
    "pass",
    "atas",
    "bawah",
    "high",
    "low",
    "NT",
}
"""Words the notation gives a meaning of its own: a name spelt like one is written quoted."""

_BARE = re.compile(r"[^\W\d][\w\-]*")
_CARDLIKE = re.compile(CARD_PATTERN + "!?")
_ESCAPE = re.compile(r"\\(.)")

NO_MINUS: frozenset[int] = frozenset()
"""The minus cards of a run without any (shared: it is never changed)."""

_SPELLINGS = dict(CARD_SPELLINGS)
"""The card spellings as a plain dict: looked up once per card read, where a dict is quicker
than the read-only view the cards module exports."""


def is_bare(name: str) -> bool:
    """Whether a name can be written without quotes: a word that is neither a keyword nor a
    card, so that every reader takes it for a name."""
    return bool(_BARE.fullmatch(name)) and name not in RESERVED and not _CARDLIKE.fullmatch(name)


def unquote(text: str) -> str:
    """The value of a name as written (``"a \\"b\\""`` -> ``a "b"``)."""
    if text[0] == '"':
        return _ESCAPE.sub(r"\1", text[1:-1])
    return str(text)


def read_run(
    text: str, line: int, column: int, into: Cards | None = None
) -> tuple[Cards, frozenset[int]]:
    """The cards of a run written on one line, starting at ``column``, appended to ``into``
    when given (a run split by a comment is one run); and the indices of the cards written
    with a minus sign (a bid's minus cards).

    ``text`` is the run alone: cards separated by blanks, each perhaps signed (in a bid) or
    marked ``!``.
    """
    words = text.split()
    source = ((line, column, text),)
    try:
        # The usual run: plain cards, each a key of the spellings, looked up in one go.
        cards = tuple(map(_SPELLINGS.__getitem__, words))
    except KeyError:
        return _marked_run(words, source, into)
    if into is None:
        return Cards(cards, source), NO_MINUS
    return Cards(into.cards + cards, into.source + source, into.acks), NO_MINUS


def _marked_run(
    words: list[str], source: tuple[tuple[int, int, str], ...], into: Cards | None
) -> tuple[Cards, frozenset[int]]:
    """A run with signs or ``!`` marks: each card read with its decorations."""
    found: list[Card] = list(into.cards) if into is not None else []
    acks = set(into.acks) if into is not None else set()
    minus: set[int] = set()
    for word in words:
        if word.endswith("!"):
            acks.add(len(found))
        if word.startswith("-"):
            minus.add(len(found))
        found.append(_SPELLINGS[word.lstrip("+-").rstrip("!")])
    if into is not None:
        source = into.source + source
    return Cards(tuple(found), source, frozenset(acks)), frozenset(minus)
