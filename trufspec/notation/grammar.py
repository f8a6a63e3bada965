"""Where the grammar is and how the Lark parser is built (once per process).

The grammar file lives at the top of the source tree (``grammar/trufrec.lark``) and is shipped
inside the wheel as ``trufspec/grammar/trufrec.lark``; an installed package reads its own copy,
a source checkout the top-level file.

Building the LALR tables takes a noticeable fraction of a second, so the analysed grammar is
cached in the user's cache directory; Lark checks the grammar's hash before using the cache,
and rebuilds it when the grammar or Lark changes.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from lark import Lark, Token

from trufspec.notation.build import RecordBuilder

__all__ = ["grammar_text", "build_parser", "START_SYMBOLS"]

START_SYMBOLS = ["chunk", "tag", "deal", "section", "entry_hand", "entry_bid", "entry_trick"]
"""``chunk`` reads a block of tags or a deal; the others re-read a damaged chunk one statement
at a time (see :mod:`trufspec.notation.parse`)."""


def grammar_text() -> str:
    """The text of the grammar, from the installed package or the source checkout."""
    packaged = resources.files("trufspec") / "grammar" / "trufrec.lark"
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source = Path(__file__).resolve().parents[2] / "grammar" / "trufrec.lark"
    return source.read_text(encoding="utf-8")


def _cache_file() -> str | bool:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    folder = os.path.join(base, "trufspec")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    if not os.access(folder, os.W_OK):
        return False
    return os.path.join(folder, "trufrec-grammar.lark-cache")


@functools.cache
def build_parser() -> tuple[Lark, RecordBuilder, list[Token]]:
    """The parser, the builder it feeds (whose ``breaches`` the caller drains) and the list
    into which the lexer drops every comment it skips."""
    comments: list[Token] = []
    builder = RecordBuilder()
    collect: Callable[[Token], Token] = _collector(comments)
    parser = Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=START_SYMBOLS,
        transformer=builder,
        maybe_placeholders=False,
        lexer_callbacks={"LINE_COMMENT": collect, "BRACE_COMMENT": collect},
        cache=_cache_file(),
    )
    return parser, builder, comments


def _collector(into: list[Token]) -> Callable[[Token], Token]:
    def collect(token: Token) -> Token:
        into.append(token)
        return token

    return collect
