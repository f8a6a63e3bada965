"""The public API: read, print, format and check records.

Everything here takes text or bytes and returns values; nothing raises for a bad record.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence

from attrs import frozen

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.engine.replay import replay_game
from trufspec.notation.parse import Parsed, no_collection, parse_text
from trufspec.notation.printer import dumps as _dumps
from trufspec.output.model import DealResult, FileReport, GameResult, excerpts
from trufspec.records import NO_SPAN, Game, Span, comment_texts, without_comments
from trufspec.rulesets import RULESETS
from trufspec.spec.registry import default_registry
from trufspec.wellformed import check_game, check_values, record_diagnostic

__all__ = [
    "loads",
    "load",
    "dumps",
    "decode",
    "check_bytes",
    "check_text",
    "check_games",
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


def check_parsed(
    parsed: Parsed,
    text: str,
    path: str,
    options: Mapping[str, str] | None = None,
    first_line: int = 1,
    judged: list[set[str]] | None = None,
) -> FileReport:
    """Check games already read from ``text`` (by the notation's reader or the JSON one): the
    findings of reading them, their record structure and the rules of each game."""
    diagnostics = list(parsed.diagnostics)
    games = _judge_all(parsed.games, parsed.damaged, path, options, diagnostics, judged)
    return FileReport(
        path, tuple(games), tuple(diagnostics), excerpts(text, diagnostics, first_line)
    )


def check_games(
    games: Sequence[Game], path: str = "-", options: Mapping[str, str] | None = None
) -> FileReport:
    """Check games made as values (by the referee, or in code) as :func:`check_text` checks
    those of a text, without printing them to read them again: what the reader checks as it
    reads is checked on the values (``trufspec.wellformed.check_values``), and the
    diagnostics carry no position.  Games read from a text are checked with what reading
    them found by :func:`trufspec.api.check_parsed`."""
    diagnostics = [d for game in games for d in check_values(game, path)]
    with no_collection():
        results = _judge_all(games, (), path, options, diagnostics, None)
    return FileReport(path, tuple(results), tuple(diagnostics))


def _judge_all(
    games: Sequence[Game],
    damaged: Iterable[tuple[int, int]],
    path: str,
    options: Mapping[str, str] | None,
    diagnostics: list[Diagnostic],
    judged: list[set[str]] | None,
) -> list[GameResult]:
    """Each game's structure checked and its play replayed, the diagnostics added to
    ``diagnostics`` (sorted); ``damaged`` names the deals, by game, that did not read."""
    results = []
    for number, game in enumerate(games):
        codes: set[str] = {"REC001", "REC002"}
        if judged is not None:
            judged.append(codes)
        structure = list(check_game(game, path, codes))
        diagnostics.extend(structure)
        skip = frozenset(d for g, d in damaged if g == number)
        results.append(_judge(game, path, options, skip, structure, diagnostics, codes))
    diagnostics.sort(key=Diagnostic.sort_key)
    return results


def _judge(
    game: Game,
    path: str,
    options: Mapping[str, str] | None,
    skip: frozenset[int],
    structure: list[Diagnostic],
    diagnostics: list[Diagnostic],
    judged: set[str],
) -> GameResult:
    """Replay a game through its ruleset, when trufspec knows it and the record is sound
    enough to replay (its players and tags are in order)."""
    name = game.ruleset
    if name is None:
        return _unjudged(game, None)
    judged.add("REC007")
    ruleset = RULESETS.get(name)
    if ruleset is None:
        diagnostics.append(record_diagnostic("REC007", game.span, path, ruleset=name))
        return _unjudged(game, name)
    if any(d.code in BLOCKING for d in structure):
        return _unjudged(game, name)
    outcome, readings, found = replay_game(
        game, ruleset, default_registry(), path, options, skip, judged
    )
    diagnostics.extend(found)
    deals = tuple(
        DealResult(
            d.number.value,
            d.span.line,
            o.scores,
            o.totals,
            o.figures,
            o.contract,
            o.trump,
            o.mode,
            o.tricks,
        )
        for d, o in zip(game.deals, outcome.deals)
    )
    return GameResult(game.span.line, name, game.players, deals, outcome.winners, dict(readings))


BLOCKING = frozenset({"REC003", "REC004", "REC005", "REC006", "REC010"})
"""The record-level problems that leave a game unfit to replay."""


def _unjudged(game: Game, ruleset: str | None) -> GameResult:
    """The result of a game that is not replayed: its deals, without figures."""
    deals = tuple(DealResult(d.number.value, d.span.line) for d in game.deals)
    return GameResult(game.span.line, ruleset, game.players, deals)


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
