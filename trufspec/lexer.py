"""A Pygments lexer for the trufspec record notation, for Sphinx, the language server and any
Pygments user.

Pygments finds it through the ``pygments.lexers`` entry point (``pygmentize -l truf``,
``.. code-block:: truf``), so nothing in the core of trufspec imports it and the command line
never needs Pygments.  It stands apart from the Sphinx extension and the language server,
which both colour records with it, so that neither imports the other.  It follows the tokens of ``grammar/trufrec.lark`` closely enough to
colour every record of the repository without an error token, while staying a plain regular
lexer: highlighting must not depend on a record being valid.

Cards are coloured by suit colour (hearts and diamonds red, spades and clubs black), the way
a player reads a hand; ``;!`` test marks stand out from ordinary comments because the examples
of the rules reference use them to say which rule a line breaks.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
)

__all__ = ["TrufLexer", "KEYWORDS", "RED_CARD", "BLACK_CARD"]

RED_CARD = Name.Constant.Red
"""A heart or a diamond (a token type of its own, so a style can colour it red)."""
BLACK_CARD = Name.Constant.Black
"""A spade or a club."""

_RANK = r"(?:10|[2-9TJQKAtjqka])"
_END = r"!?(?![\w!\-])"
KEYWORDS = (
    "deal round dealer undealt hands public claims secret bids contract trump adjust play "
    "tricks score total honours pot stock ruff discards declines votes decide off cut "
    "early-reveal misdeal tromp pass bribe atas bawah high low"
).split()
"""The words of the notation (``NT`` is a trump, coloured as one).  Written out rather than
taken from the readers, so that Pygments, which imports this module whenever it looks for a
lexer, does not import the records too; a test keeps the two lists the same."""


class TrufLexer(RegexLexer):
    """The record notation: tags, sections, cards, figures and comments."""

    name = "Truf"
    aliases = ["truf"]
    filenames = ["*.truf"]
    mimetypes = ["text/x-truf"]

    tokens = {
        "root": [
            (r"[ \t\f\r\n\ufeff]+", Whitespace),
            (r";![^\n]*", Comment.Special),
            (r";[^\n]*", Comment.Single),
            (r"\{[^}]*\}", Comment.Multiline),
            (
                r'(\[)([ \t]*)([A-Za-z][A-Za-z0-9_]*)([ \t]*)("[^"\\\n]*(?:\\.[^"\\\n]*)*")([ \t]*)(\])',
                bygroups(
                    Punctuation, Whitespace, Name.Tag, Whitespace, String, Whitespace, Punctuation
                ),
            ),
            (r"[+-]?" + _RANK + r"[HDhd\u2665\u2666]" + _END, RED_CARD),
            (r"[+-]?" + _RANK + r"[SCsc\u2660\u2663]" + _END, BLACK_CARD),
            (
                r"(trump)([ \t]+)(NT|[HDhd\u2665\u2666])(?![\w])",
                bygroups(Keyword, Whitespace, RED_CARD),
            ),
            (
                r"(trump)([ \t]+)(NT|[SCsc\u2660\u2663])(?![\w])",
                bygroups(Keyword, Whitespace, BLACK_CARD),
            ),
            (
                r"(?:{})(?![\w\-])".format("|".join(k.replace("-", r"\-") for k in KEYWORDS)),
                Keyword,
            ),
            (r"\d+\.", Name.Label),
            (r"[+-]?\d+(?![\w.])", Number.Integer),
            (r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"', Name.Variable),
            (r"[^\W\d][\w\-]*", Name.Variable),
            (r"[:=+>]", Operator),
            (r"[!*\-]", Punctuation),
        ]
    }
