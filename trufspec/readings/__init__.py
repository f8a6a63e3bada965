"""What a result depends on: a game replayed under every reading of the rules.

:func:`~trufspec.readings.replay.readings_text` replays each game of a text under the
readings in force and under the other readings of every ambiguity of its ruleset, and returns,
per game, the readings tried and what each changes
(:class:`~trufspec.readings.model.GameReadings`);
:func:`~trufspec.readings.verdict.verdict` says it in one line (and
:func:`~trufspec.readings.verdict.details` in the lines under it), and
:func:`~trufspec.readings.corpus.summarise` counts, for a corpus, how often each ambiguity
changed something.
"""

from __future__ import annotations

from trufspec.readings.model import (
    LEGALITY,
    SCORE,
    WINNER,
    Change,
    Difference,
    FigureChange,
    FileReadings,
    FindingChange,
    GameReadings,
    Tried,
)
from trufspec.readings.replay import LIMIT, readings_bytes, readings_of_game, readings_text
from trufspec.readings.verdict import NOTHING, details, verdict

__all__ = [
    "LIMIT",
    "LEGALITY",
    "NOTHING",
    "SCORE",
    "WINNER",
    "Change",
    "Difference",
    "FigureChange",
    "FileReadings",
    "FindingChange",
    "GameReadings",
    "Tried",
    "details",
    "readings_bytes",
    "readings_of_game",
    "readings_text",
    "verdict",
]
