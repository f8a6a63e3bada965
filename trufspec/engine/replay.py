"""Replay a game through its ruleset, under the readings chosen for it.

The readings come from the defaults of the ruleset's options, then the record's ``Options``
tag, then the command line (``--option``), each overriding the one before: a tournament
director who checks a folder with ``--option`` means it for every record.  An option the
ruleset does not know, or a value it does not allow, is reported (REC014) and the default is
used instead.
"""

from __future__ import annotations

from collections.abc import Mapping

from trufspec.diagnostics import Diagnostic
from trufspec.engine.findings import Findings
from trufspec.engine.ruleset import GameOutcome, Ruleset
from trufspec.records import NO_SPAN, Game, Tag
from trufspec.spec.options import Option, Readings, parse_options, resolve
from trufspec.spec.registry import Registry

__all__ = ["replay_game", "choose_readings"]


def replay_game(
    game: Game,
    ruleset: Ruleset,
    registry: Registry,
    path: str | None,
    cli_options: Mapping[str, str] | None = None,
    skip: frozenset[int] = frozenset(),
    judged: set[str] | None = None,
) -> tuple[GameOutcome, Readings, list[Diagnostic]]:
    """The recomputed figures, the readings in force and the diagnostics of one game.

    ``judged``, when given, receives the codes of the clauses the replay judged (see
    :class:`~trufspec.engine.findings.Findings`)."""
    findings = Findings(registry, path, judged)
    tag = next((t for t in game.tags if t.name == "Options"), None)
    options = choose_readings(registry.options_of(ruleset.id), tag, cli_options, findings)
    if game.deals:
        findings.judge("REC016")
    outcome = ruleset.replay(game, options, findings, skip)
    return outcome, options, findings.diagnostics


def choose_readings(
    known: Mapping[str, Option],
    tag: Tag | None,
    cli_options: Mapping[str, str] | None,
    findings: Findings,
) -> Readings:
    """The readings in force: the defaults, then the ``Options`` tag, then the command line;
    every unknown option or value not allowed is reported (REC014) and passed over."""
    chosen: dict[str, str] = {}
    if tag is not None or cli_options:
        findings.judge("REC014")
    if tag is not None:
        from_tag, errors = parse_options(tag.value, known)
        for error in errors:
            findings.add("REC014", tag.span, detail=error)
        chosen.update(from_tag)
    for key, value in (cli_options or {}).items():
        if key in known:
            problem = known[key].check(value)
            if problem is not None:
                findings.add("REC014", NO_SPAN, detail=problem)
            else:
                chosen[key] = value
    return Readings(resolve(chosen, known))
