"""Replay games under every reading of the rules and keep what the readings change.

The replays are the check's own: the same ruleset replay, with the options that select the
readings set otherwise, so that the difference a reading makes is exactly the difference the
check would report with ``--option``.  Nothing of a rule is computed here.

Every ambiguity of a game's ruleset that the register gives two readings or more is varied.
When the readings make at most ``limit`` combinations, every combination is replayed, and a
combination is kept when it changes something (a finding, a figure, the winner) that no
smaller combination of the same readings changes: two readings that each move a score are not
listed again together, but two that change the winner only together are.  Past the limit each
reading is tried on its own from the readings in force, and the game says so.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping

from trufspec.api import decode
from trufspec.diagnostics import Diagnostic, Severity
from trufspec.engine.findings import Findings
from trufspec.engine.replay import replay_game
from trufspec.engine.ruleset import GameOutcome, Ruleset
from trufspec.notation.parse import Parsed, parse_text
from trufspec.readings.model import (
    Change,
    Difference,
    FigureChange,
    FileReadings,
    FindingChange,
    GameReadings,
    Tried,
)
from trufspec.records import Game
from trufspec.rulesets import RULESETS
from trufspec.spec.ambiguities import Ambiguity
from trufspec.spec.clauses import Kind, Phase
from trufspec.spec.options import Readings
from trufspec.spec.registry import Registry, default_registry
from trufspec.validator.judge import BLOCKING
from trufspec.validator.wellformed import check_game

__all__ = ["LIMIT", "readings_bytes", "readings_of_game", "readings_parsed", "readings_text"]

LIMIT = 256
"""The most combinations of readings replayed per game by default; past it, each reading is
tried on its own."""

_OPTIONS = "REC014"
"""The code of a problem with the options, which is reported once and never compared: the
readings tried are always valid."""

Outcome = tuple[frozenset[tuple[str, str, int, int, str]], GameOutcome]
"""What a replay gives that readings can change: its findings, keyed, and its figures."""

Key = tuple[object, ...]
"""One thing a reading changes: a finding that appears or disappears, a figure of a deal
(whatever its new value) or the winners (with who they are)."""


def readings_text(
    text: str,
    path: str = "-",
    options: Mapping[str, str] | None = None,
    first_line: int = 1,
    limit: int = LIMIT,
) -> FileReadings:
    """The readings of every game of ``text`` (whose first line is ``first_line`` of its
    file); ``options`` are the readings chosen on the command line, as ``check`` takes them."""
    return readings_parsed(parse_text(text, path, first_line), path, options, limit)


def readings_parsed(
    parsed: Parsed, path: str = "-", options: Mapping[str, str] | None = None, limit: int = LIMIT
) -> FileReadings:
    """The readings of every game read (by the notation's reader or the JSON one); a game with
    a finding of reading is not replayed."""
    syntax = [d for d in parsed.diagnostics if d.code in ("REC001", "REC002")]
    games = []
    for number, game in enumerate(parsed.games):
        broken = [d for d in syntax if game.span.line <= d.line <= game.span.end_line]
        if broken or any(g == number for g, _ in parsed.damaged):
            first = next(iter(broken or syntax or parsed.diagnostics), None)
            where = "" if first is None else f": line {first.line}: {first.message}"
            reason = f"the record does not parse{where}"
            games.append(_skipped(game, path, reason))
            continue
        games.append(readings_of_game(game, path, options, limit))
    return FileReadings(path, tuple(games), tuple(parsed.diagnostics))


def readings_bytes(
    data: bytes, path: str, options: Mapping[str, str] | None = None, limit: int = LIMIT
) -> FileReadings:
    """:func:`readings_text` for the bytes of a file; one that is not text gives its REC002."""
    text, problem = decode(data, path)
    if problem is not None:
        return FileReadings(path, (), (problem,))
    return readings_text(text, path, options, limit=limit)


def readings_of_game(
    game: Game,
    path: str,
    options: Mapping[str, str] | None = None,
    limit: int = LIMIT,
    registry: Registry | None = None,
) -> GameReadings:
    """The readings of one game that parsed: replayed under the readings in force, then under
    the others (see the module's documentation)."""
    registry = registry or default_registry()
    name = game.ruleset
    if name is None:
        return _skipped(game, path, "the record names no ruleset")
    ruleset = RULESETS.get(name)
    if ruleset is None:
        return _skipped(game, path, f"ruleset '{name}' is not known to trufspec")
    blocking = [d for d in check_game(game, path) if d.code in BLOCKING]
    if blocking:
        first = blocking[0]
        return _skipped(
            game, path, f"the record cannot be replayed: line {first.line}: {first.message}"
        )
    outcome, in_force, found = replay_game(game, ruleset, registry, path, options)
    base: Outcome = (_keys(found), outcome)
    varied = [
        a for a in registry.ambiguities_of(name) if a.option is not None and len(a.readings) > 1
    ]
    choices = [_choices(a, in_force) for a in varied]
    combinations = math.prod(len(values) for values in choices)
    combined = combinations <= limit
    runs = _combinations(choices) if combined else _one_at_a_time(choices)
    replay = _Replayer(game, ruleset, registry, path, in_force)
    differences = _differences(varied, choices, runs, base, replay)
    involved = {change.ambiguity for difference in differences for change in difference.changes}
    return GameReadings(
        path=path,
        line=game.span.line,
        ruleset=name,
        players=game.players,
        in_force=dict(in_force),
        winners=outcome.winners,
        tried=tuple(
            Tried(a.id, a.title, a.option or "", values[0], values[1:])
            for a, values in zip(varied, choices)
        ),
        replays=len(runs),
        combinations=combinations,
        limit=limit,
        combined=combined,
        differences=differences,
        unchanged=tuple(a.id for a in varied if a.id not in involved),
        diagnostics=tuple(d for d in found if d.code == _OPTIONS),
    )


def _skipped(game: Game, path: str, reason: str) -> GameReadings:
    return GameReadings(path, game.span.line, game.ruleset, game.players, {}, (), skipped=reason)


def _choices(ambiguity: Ambiguity, in_force: Mapping[str, str]) -> tuple[str, ...]:
    """The readings of an ambiguity, the one in force first (it may be a value the register
    does not list, such as an even game adjusted by three)."""
    current = in_force[ambiguity.option or ""]
    return (current, *(r.value for r in ambiguity.readings if r.value != current))


Run = tuple[int, ...]
"""A set of readings to replay: for each varied ambiguity, the index of its reading (0 is the
one in force)."""


def _combinations(choices: list[tuple[str, ...]]) -> list[Run]:
    """Every combination but the readings in force, the fewest changes first, so that a
    combination comes after every smaller one it contains; the single changes come in the
    order :func:`_one_at_a_time` gives them."""
    runs = [run for run in itertools.product(*(range(len(c)) for c in choices)) if any(run)]
    runs.sort(
        key=lambda run: (sum(1 for index in run if index), [(p, i) for p, i in enumerate(run) if i])
    )
    return runs


def _one_at_a_time(choices: list[tuple[str, ...]]) -> list[Run]:
    """Each reading on its own, the others as in force."""
    width = len(choices)
    return [
        tuple(index if position == varied else 0 for position in range(width))
        for varied, values in enumerate(choices)
        for index in range(1, len(values))
    ]


class _Replayer:
    """Replays one game under sets of readings."""

    def __init__(
        self, game: Game, ruleset: Ruleset, registry: Registry, path: str, in_force: Readings
    ) -> None:
        self.game = game
        self.ruleset = ruleset
        self.registry = registry
        self.path = path
        self.in_force = in_force

    def __call__(self, values: Mapping[str, str]) -> Outcome:
        findings = Findings(self.registry, self.path)
        options = Readings({**self.in_force, **values})
        outcome = self.ruleset.replay(self.game, options, findings, frozenset())
        return _keys(findings.diagnostics), outcome


def _keys(diagnostics: list[Diagnostic]) -> frozenset[tuple[str, str, int, int, str]]:
    """The findings that bear on legality: not the notes of what could not be checked, which
    say nothing against the record, nor the problems of the options."""
    return frozenset(
        (d.code, d.severity.value, d.line, d.column, d.message)
        for d in diagnostics
        if d.code != _OPTIONS and d.severity is not Severity.INFO
    )


def _differences(
    varied: list[Ambiguity],
    choices: list[tuple[str, ...]],
    runs: list[Run],
    base: Outcome,
    replay: _Replayer,
) -> tuple[Difference, ...]:
    changed: dict[Run, frozenset[Key]] = {}
    covered: dict[Run, frozenset[Key]] = {}
    kept = []
    for run in runs:
        outcome = replay({a.option or "": c[i] for a, c, i in zip(varied, choices, run) if i})
        figures = _figure_changes(replay.game, base[1], outcome[1])
        keys = _changed_keys(base, outcome, figures)
        smaller: set[Key] = set()
        for position, index in enumerate(run):
            if index:
                sub = (*run[:position], 0, *run[position + 1 :])
                smaller |= changed.get(sub, frozenset()) | covered.get(sub, frozenset())
        changed[run], covered[run] = keys, frozenset(smaller)
        new = keys - smaller
        if new:
            changes = tuple(
                Change(a.id, a.option or "", c[i]) for a, c, i in zip(varied, choices, run) if i
            )
            kept.append(
                _difference(
                    changes,
                    base,
                    outcome,
                    [f for f in figures if _figure_key(f) in new],
                    new,
                    _against(replay.registry, outcome[0] - base[0]),
                )
            )
    return tuple(kept)


def _changed_keys(base: Outcome, other: Outcome, figures: list[FigureChange]) -> frozenset[Key]:
    keys: set[Key] = {("finding", True, k) for k in other[0] - base[0]}
    keys |= {("finding", False, k) for k in base[0] - other[0]}
    keys |= {_figure_key(f) for f in figures}
    if base[1].winners != other[1].winners:
        keys.add(("winners", other[1].winners))
    return frozenset(keys)


def _figure_key(figure: FigureChange) -> Key:
    return ("figure", figure.deal, figure.line, figure.figure, figure.player)


def _figure_changes(game: Game, base: GameOutcome, other: GameOutcome) -> list[FigureChange]:
    """Each figure of each deal that the other readings compute otherwise."""
    found = []
    for deal, before, after in zip(game.deals, base.deals, other.deals):
        old_labels, new_labels = dict(before.figures), dict(after.figures)
        tables = [("score", before.scores, after.scores), ("total", before.totals, after.totals)]
        tables += [
            (label, old_labels.get(label), new_labels.get(label))
            for label in {**old_labels, **new_labels}
        ]
        for figure, old, new in tables:
            if old == new:
                continue
            old, new = old or {}, new or {}
            for player in {**old, **new}:
                if old.get(player) != new.get(player):
                    found.append(
                        FigureChange(
                            deal.number.value,
                            deal.span.line,
                            figure,
                            player,
                            old.get(player),
                            new.get(player),
                        )
                    )
    return found


def _against(registry: Registry, appeared: frozenset[tuple[str, str, int, int, str]]) -> bool:
    """Whether errors that a reading adds show that the table did not play under it: an error
    of a rule of what the players do, or of the deal, the bidding or the play (a card out of
    turn, an adjustment the reading forbids), and not one of the figures written after, which
    any reading that scores otherwise finds."""
    for code, severity, *_ in appeared:
        if severity != Severity.ERROR.value:
            continue
        try:
            clause = registry.clause(code)
        except KeyError:
            return True
        if clause.kind is Kind.LEGALITY or clause.phase.value < Phase.SCORING.value:
            return True
    return False


def _difference(
    changes: tuple[Change, ...],
    base: Outcome,
    other: Outcome,
    figures: list[FigureChange],
    new: frozenset[Key],
    contradicted: bool = False,
) -> Difference:
    """The difference of one set of readings, limited to the ``new`` changes: those that no
    smaller set of the same readings makes."""
    appeared = [
        FindingChange(True, k[0], k[1], k[2], k[4])
        for k in other[0] - base[0]
        if ("finding", True, k) in new
    ]
    gone = [
        FindingChange(False, k[0], k[1], k[2], k[4])
        for k in base[0] - other[0]
        if ("finding", False, k) in new
    ]
    return Difference(
        changes=changes,
        findings=tuple(
            sorted(appeared + gone, key=lambda f: (f.line, f.code, f.message, f.appears))
        ),
        figures=tuple(figures),
        winners=other[1].winners,
        winner_changed=("winners", other[1].winners) in new,
        contradicted=contradicted,
    )
