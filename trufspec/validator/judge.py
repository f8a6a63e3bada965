"""Judging games: each game's record checked for its form, then replayed through its ruleset.

This is the check itself, below its front door (:mod:`trufspec.api`, which reads text and
bytes) and below the referee, which judges the games it resumes and the hands it is given as
``trufspec check`` judges a record.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from trufspec.diagnostics import Diagnostic
from trufspec.engine.replay import replay_game
from trufspec.notation.parse import Parsed, no_collection
from trufspec.records import Game
from trufspec.rulesets import RULESETS
from trufspec.spec.registry import default_registry
from trufspec.validator.report import DealResult, FileReport, GameResult, excerpts
from trufspec.validator.wellformed import check_game, check_values, record_diagnostic

__all__ = ["BLOCKING", "check_games", "check_parsed"]


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
    """Check games made as values (by the referee, or in code) as :func:`trufspec.check_text`
    checks those of a text, without printing them to read them again: what the reader checks as
    it reads is checked on the values (``trufspec.validator.wellformed.check_values``), and the
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
