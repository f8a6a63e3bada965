"""A corpus of many games for the tests of checking in parallel and on a cluster, and a report as
JSON to compare them by."""

from __future__ import annotations

import random

from oracle_truf_jb import Fault, random_game, render_games

from trufspec.output import json as json_report
from trufspec.validator.report import FileReport, Report


def as_json(report: FileReport) -> str:
    return json_report.render(Report((report,)))


def corpus(seed: int, games: int, faults: bool = True) -> str:
    """Generated games, some with a fault, some damaged by a syntax error, with comments that
    look like the start of a game."""
    rng = random.Random(seed)
    made = []
    for number in range(games):
        fault = (
            Fault(rng.choice(["revoke", "trump-lead", "wrong-leader"]))
            if faults and number % 3 == 1
            else None
        )
        made.append(random_game(rng, rng.choice([3, 4]), deals=rng.randint(1, 3), fault=fault))
    text = render_games(made)
    lines = text.split("\n")
    lines[len(lines) // 3] += ' {a comment\n[Tag "not a tag"]\ndeal 99 still the comment}'
    lines[len(lines) // 2] = lines[len(lines) // 2].replace("S", "X", 1)
    return "\n".join(lines)
