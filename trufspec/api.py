"""The public API: read, print, format and check records.

Everything here takes text or bytes and returns values; nothing raises for a bad record.  The
check itself is the validator's (:mod:`trufspec.validator`), which the referee shares; this
module reads the text it is given and hands the games over.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from attrs import frozen

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.notation.parse import Parsed, no_collection, parse_text
from trufspec.notation.printer import dumps as _dumps
from trufspec.records import NO_SPAN, Game, Span, comment_texts, without_comments
from trufspec.validator.judge import check_games, check_parsed
from trufspec.validator.report import FileReport
from trufspec.validator.wellformed import record_diagnostic

__all__ = [
    "loads",
    "load",
    "dumps",
    "decode",
    "check_bytes",
    "check_text",
    "check_games",
    "check_parsed",
    "format_bytes",
    "Formatted",
]


def loads(text: str, path: str | None = None) -> Parsed:
    """Read the games of ``text``: the games, and the diagnostics of reading them."""
    return parse_text(text, path)


def load(path: str | os.PathLike[str]) -> Parsed:
    """Read the games of a file (UTF-8); a file that is not text gives a diagnostic."""
    with open(path, "rb") as handle:
        data = handle.read()
    text, problem = decode(data, os.fspath(path))
    if problem is not None:
        return Parsed((), (problem,))
    return parse_text(text, os.fspath(path))


def dumps(games: Iterable[Game], *, unicode: bool = False) -> str:
    """Print games as canonical text (suits as letters, or as symbols with ``unicode``)."""
    return _dumps(games, unicode=unicode)


def decode(
    data: bytes, path: str | None, first_line: int = 1, offset: int = 0
) -> tuple[str, Diagnostic | None]:
    """The text of a file, or a REC002 diagnostic when it is not UTF-8 text.

    ``data`` may be a block of a larger file that starts at byte ``offset`` and on line
    ``first_line`` of it: positions in the diagnostic are those of the file.  Only the start of
    a file may carry a byte-order mark, which is dropped."""
    if b"\x00" in data:
        at = data.index(b"\x00")
        detail = "the file holds a NUL byte: it is binary, not a record"
        return "", _unreadable(data, at, path, detail, first_line)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        detail = f"the file is not UTF-8 text (byte {data[error.start]:#04x} at offset {offset + error.start})"
        return "", _unreadable(data, error.start, path, detail, first_line)
    return (text.removeprefix("\ufeff") if offset == 0 else text), None


def _unreadable(data: bytes, at: int, path: str | None, detail: str, first_line: int) -> Diagnostic:
    line = first_line + data.count(b"\n", 0, at)
    column = at - (data.rfind(b"\n", 0, at) + 1) + 1
    return record_diagnostic("REC002", Span(line, column, line, column + 1), path, detail=detail)


def check_text(
    text: str,
    path: str = "-",
    options: Mapping[str, str] | None = None,
    first_line: int = 1,
    *,
    judged: list[set[str]] | None = None,
) -> FileReport:
    """Check the games of ``text``: syntax, record structure and the rules of each game.

    ``first_line`` is the number of the first line of ``text`` in its file, when ``text`` is
    a block of a larger file (see :func:`trufspec.check_stream`).  ``judged``, when given, receives for
    each game the codes of the clauses it was judged by, broken or obeyed: what
    ``trufspec coverage`` counts."""
    # The records are made and dropped with the cycle collector paused (they hold no cycles);
    # it is back on only once they are gone, so that it never walks them.
    with no_collection():
        return _check_text(text, path, options, first_line, judged)


def _check_text(
    text: str,
    path: str,
    options: Mapping[str, str] | None,
    first_line: int,
    judged: list[set[str]] | None,
) -> FileReport:
    return check_parsed(parse_text(text, path, first_line), text, path, options, first_line, judged)


def check_bytes(data: bytes, path: str, options: Mapping[str, str] | None = None) -> FileReport:
    """:func:`check_text` for the bytes of a file (undecodable input gives REC002)."""
    text, problem = decode(data, path)
    if problem is not None:
        return FileReport(path, (), (problem,))
    return check_text(text, path, options)


@frozen
class Formatted:
    """The canonical text of a file, or None with the diagnostics that say why not."""

    output: str | None
    diagnostics: tuple[Diagnostic, ...] = ()


def format_bytes(data: bytes, path: str, *, unicode: bool = False) -> Formatted:
    """Reprint a file canonically, refusing when it has syntax errors or when the new text
    would not read back as the same records with the same comments in the same order."""
    text, problem = decode(data, path)
    if problem is not None:
        return Formatted(None, (problem,))
    parsed = parse_text(text, path)
    errors = tuple(d for d in parsed.diagnostics if d.severity is Severity.ERROR)
    if errors:
        return Formatted(None, errors)
    if not parsed.games:
        return Formatted(text)  # comments and blank lines only: nothing to lay out
    output = _dumps(parsed.games, unicode=unicode)
    again = parse_text(output, path)
    same = (
        again.ok
        and without_comments(again.games) == without_comments(parsed.games)
        and comment_texts(again.games) == comment_texts(parsed.games)
    )
    if not same:
        message = "reprinting this file would change what it records; it was left as it is"
        return Formatted(None, (Diagnostic("REC001", Severity.ERROR, message, NO_SPAN, path),))
    return Formatted(output)
