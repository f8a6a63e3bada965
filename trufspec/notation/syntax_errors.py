"""Syntax errors in plain words: where, what was found, and what the notation expected.

Lark reports an error as the terminals it would have accepted (``CARDS``, ``NAME``, ...).  This
module turns that into a sentence a scorekeeper understands ("expected a card such as 7H or
10S, found '11H'"), and recognises the common mistakes (a card that does not exist, a misspelt
section keyword, a name that reads as a card, a comment or a tag left open) to say exactly what
is wrong.  It plays the part of Lark's ``match_examples``, but decides from the offending text
itself, which stays right however deep in a deal the mistake is.
"""

from __future__ import annotations

import difflib
import re

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from trufspec.cards import CARD_PATTERN
from trufspec.notation.chunks import SECTION_KEYWORDS
from trufspec.records import Span

__all__ = ["JSON_START", "describe"]

_WORDS = {
    "CARDS": "a card such as 7H or 10S",
    "BIDCARDS": "a card such as 7H or -10S",
    "HAND_LINE": "a player's cards such as 'Ana: AS 10H 2C'",
    "BID_LINE": "a bid such as 'Ana: 7S' or 'Ana: 3'",
    "TRICK_LINE": "a trick such as '1. Ana: 2C 7C 4C 8C'",
    "TRICKNO": "a trick number such as '3.'",
    "FIGURES": "a player and a number such as 'Ana 3'",
    "NAME": "a player's name",
    "STRING": 'a quoted text such as "Ana"',
    "INT": "a number",
    "TAG_NAME": "a tag name such as Event",
    "TRUMP": "a suit letter (S, H, D, C) or NT",
    "ATAS": "atas, bawah, high or low",
    "BAWAH": "atas, bawah, high or low",
    "HIGH": "atas, bawah, high or low",
    "LOW": "atas, bawah, high or low",
    "LSQB": "'['",
    "RSQB": "']'",
    "COLON": "':'",
    "EQUALS": "'='",
    "PLUS": "'+'",
    "GT": "'>'",
    "BANG": "'!'",
    "STAR": "'*'",
    "DEAL_KW": "'deal' or 'round'",
    "TRUMP_KW": "'trump'",
    "ADJUST": "'adjust'",
    "DISCARDS_KW": "'discards'",
    "DECLINES": "'declines'",
    "PASS": "'pass'",
    "BLANK": "'-' (a blank slip)",
    "$END": "the end of the deal",
}
_KEYWORD_TERMINALS = {k.upper().replace("-", "_"): k for k in SECTION_KEYWORDS} | {
    "DISCARDS_KW": "discards"
}
_ORDER = list(_WORDS)
_CARD_LIKE = re.compile(r"[+-]?(?:\d+|[A-Za-z])[SHDCshdc\u2660\u2665\u2666\u2663]!?")
_CARD = re.compile(r"[+-]?" + CARD_PATTERN + r"!?")
_WORD = re.compile(r"[^\s;{}]+|[;{}]")
_FIRST_WORD = re.compile(r"[ \t]*([a-z][A-Za-z-]*)[ \t]+\Z")
"""A line's first word, alone before the place of an error: where a section keyword stands.
Keywords are lower case and names by custom capitalised, so a capitalised word is a name."""

KEYWORD_LIKENESS = 0.8
"""How close (difflib's ratio) a word must be to a section keyword to be taken for it misspelt:
``scores`` (0.91), ``totl`` (0.89) and ``scroe`` (0.8) are, ``scoreboard`` (0.67) is not."""


def _found_text(text: str, position: int) -> str:
    match = _WORD.match(text, position)
    word = match.group() if match else text[position : position + 1]
    return word if len(word) <= 30 else word[:27] + "..."


def _expected(names: set[str]) -> str:
    """The accepted terminals as an English list; section keywords become one phrase."""
    keywords = sorted(_KEYWORD_TERMINALS[n] for n in names if n in _KEYWORD_TERMINALS)
    others = [n for n in _ORDER if n in names and n not in _KEYWORD_TERMINALS]
    phrases: list[str] = []
    for name in others:
        phrase = _WORDS[name]
        if phrase not in phrases and not (name == "STRING" and "NAME" in names):
            phrases.append(phrase)
    if len(keywords) > 3:
        phrases.append("the next section (such as " + ", ".join(keywords[:3]) + ")")
    else:
        phrases.extend(f"'{k}'" for k in keywords)
    if not phrases:
        return "something else"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]


JSON_START = re.compile(r'\{\s*"[^"\\\n]*"\s*:')
"""The start of a JSON object (``{"version":``), which the notation would read as a brace
comment never closed."""

_LONG_NUMBER = re.compile(r"[+-]?\d{19}")
"""The start of a number longer than the notation's numbers (the grammar's ``INT``)."""


def _special(found: str, names: set[str]) -> tuple[str, str | None] | None:
    """A precise message for the common mistakes, with the keyword a misspelt one stands for;
    or None."""
    wants_card = bool(names & {"CARDS", "BIDCARDS", "HAND_LINE", "TRICK_LINE", "BID_LINE"})
    if found == "{":
        return ("this '{' comment is never closed with '}'", None)
    if _LONG_NUMBER.match(found):
        return ("a number has at most 18 digits, so that every figure fits a 64-bit integer", None)
    if found.startswith('"') and (len(found) == 1 or not found.endswith('"')):
        return ("this quoted text is never closed with '\"'", None)
    if wants_card and _CARD_LIKE.fullmatch(found) and not _CARD.fullmatch(found):
        return (
            f"expected a card such as 7H or 10S, found '{found}': ranks are 2 to 10 (or T), "
            "J, Q, K, A and suits S, H, D, C, in either case",
            None,
        )
    if "NAME" in names and _CARD.fullmatch(found):
        return (
            f"expected a player's name, found '{found}', which reads as a card; "
            f'write such a name in quotes: "{found}"',
            None,
        )
    keywords = [_KEYWORD_TERMINALS[n] for n in names if n in _KEYWORD_TERMINALS]
    if len(keywords) > 3 and re.fullmatch(r"[A-Za-z-]+", found):
        close = difflib.get_close_matches(found.lower(), SECTION_KEYWORDS, n=1)
        if close:
            return f"'{found}' is not a section of a deal; did you mean '{close[0]}'?", close[0]
    return None


def _misspelt_keyword(text: str, position: int) -> tuple[str, int, str] | None:
    """The first word of the line of an error at ``position``, where it stands alone before the
    error and is a section keyword misspelt: (the word, where it starts, the keyword).

    Such a word reads as something else (after a ``tricks`` line, ``scores Ana -8`` reads as a
    player ``scores`` without a number), so the error is found one word later; the mistake is
    the word in the keyword's place.
    """
    line_start = text.rfind("\n", 0, position) + 1
    match = _FIRST_WORD.match(text, line_start, position)
    if match is None:
        return None
    word = match.group(1)
    if word.lower() in SECTION_KEYWORDS or word.lower() in ("deal", "round"):
        return None  # a keyword in its place: the error is elsewhere on the line
    close = difflib.get_close_matches(word.lower(), SECTION_KEYWORDS, n=1, cutoff=KEYWORD_LIKENESS)
    return (word, match.start(1), close[0]) if close else None


def describe(
    error: UnexpectedInput, text: str, *, whole: bool = True
) -> tuple[str, Span, str | None]:
    """The message and the span of a Lark syntax error in ``text``, and the keyword a misspelt
    word at the span stands for (None when the mistake is another), for an editor to offer.

    ``whole`` says whether ``text`` is a whole chunk; when it is a single statement, its end is
    not the end of the deal and is not offered as an alternative.
    """
    if isinstance(error, UnexpectedToken):
        token = error.token
        names = set(error.accepts or error.expected)
        if not names and error.interactive_parser is not None:
            # A token lexed outside its context: ask the parser state what it would accept.
            names = {n for n in error.interactive_parser.choices() if n.isupper() or n == "$END"}
        if token.type == "$END":
            found, position = "", len(text)
        else:
            position = token.start_pos or 0
            found = _found_text(text, position)
    elif isinstance(error, UnexpectedCharacters):
        names = set(error.allowed or ())
        # Lark's base class declares ``pos_in_stream`` None and this class sets an int: read as
        # either, for mypyc (which compiles this module) checks an attribute against its type.
        where: int | None = getattr(error, "pos_in_stream", None)
        position = where or 0
        found = _found_text(text, position)
    else:
        assert isinstance(error, UnexpectedEOF)
        names = set(error.expected)
        found, position = "", len(text)
    line = error.line if error.line and error.line > 0 else text.count("\n", 0, position) + 1
    column = (
        error.column
        if error.column and error.column > 0
        else position - text.rfind("\n", 0, position)
    )
    misspelt = _misspelt_keyword(text, position)
    if misspelt is not None:
        word, start, keyword = misspelt
        first = column - (position - start)
        message = f"'{word}' is not a section of a deal; did you mean '{keyword}'?"
        return message, Span(line, first, line, first + len(word)), keyword
    span = Span(line, column, line, column + max(len(found), 1))
    if not whole:
        names.discard("$END")
    special = _special(found, names)
    if found == "{" and JSON_START.match(text, position):
        special = (
            "this '{' comment is never closed with '}'; the file looks like a JSON record, which "
            "is read as one when its name ends in .json or with --input-format json",
            None,
        )
    if special is not None:
        return special[0], span, special[1]
    shown = f"'{found}'" if found else "the end of the deal"
    return f"expected {_expected(names)}, found {shown}", span, None
