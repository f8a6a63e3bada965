"""What a game's result depends on, as values: the readings tried and what each one changes.

A game is replayed under the readings in force (the defaults, its ``Options`` tag and the
command line's ``--option``) and then under other readings of the ambiguities of its ruleset.
Only what differs from the replay under the readings in force is kept, so that a result that
depends on nothing is an empty list and a dispute is settled by reading a few lines.
"""

from __future__ import annotations

from attrs import frozen

from trufspec.diagnostics import Diagnostic

__all__ = [
    "Change",
    "Tried",
    "FindingChange",
    "FigureChange",
    "Difference",
    "GameReadings",
    "FileReadings",
    "WINNER",
    "SCORE",
    "LEGALITY",
]

WINNER = "winner"
"""A reading changes who wins, or whether the game is over."""
SCORE = "score"
"""A reading changes a deal's score or total, or a further figure of the ruleset."""
LEGALITY = "legality"
"""A reading changes the findings of the check."""


@frozen
class Change:
    """One ambiguity read otherwise than in force: its register id, the option that selects
    the reading and the reading's value."""

    ambiguity: str
    option: str
    reading: str


@frozen
class Tried:
    """The readings of one ambiguity that a game was replayed under."""

    ambiguity: str
    title: str
    option: str
    in_force: str
    others: tuple[str, ...]


@frozen
class FindingChange:
    """A finding that one reading adds to the check (``appears``) or takes away."""

    appears: bool
    code: str
    severity: str
    line: int
    message: str


@frozen
class FigureChange:
    """A figure of a deal that one reading computes otherwise: ``figure`` is ``score``,
    ``total`` or the label of a further figure of the ruleset; None where it is not computed."""

    deal: int
    line: int
    figure: str
    player: str
    before: int | None
    after: int | None


@frozen
class Difference:
    """What the game's replay under ``changes`` makes of it, where it differs from the replay
    under the readings in force; ``winners`` are the winners under ``changes``.

    For a combination of readings, only what no smaller combination of the same readings
    changes is listed (and ``winner_changed`` is true only when the winners it gives are
    new): what the readings do together, not again what each does alone."""

    changes: tuple[Change, ...]
    findings: tuple[FindingChange, ...]
    figures: tuple[FigureChange, ...]
    winners: tuple[str, ...]
    winner_changed: bool
    contradicted: bool = False
    """The record breaks a rule of what the table does (the deal, the bidding, the play)
    under these readings that it keeps under those in force: the table did not play so, and
    what the readings change is no dependence of the result but evidence of the house rules
    the table used."""

    @property
    def kinds(self) -> tuple[str, ...]:
        """What the readings change, from the weightiest (:data:`WINNER`, :data:`SCORE`,
        :data:`LEGALITY`)."""
        found = (
            (WINNER, self.winner_changed),
            (SCORE, bool(self.figures)),
            (LEGALITY, bool(self.findings)),
        )
        return tuple(kind for kind, changed in found if changed)


@frozen
class GameReadings:
    """One game: the readings it was replayed under and the differences they make.

    ``combinations`` is how many sets of readings the ambiguities of the game make; when it is
    at most ``limit`` every one was replayed (``combined``), otherwise each reading was tried on
    its own from the readings in force.  ``differences`` lists each reading that changes
    something and each combination that changes something no smaller combination of its
    readings changes.  ``unchanged`` are the ambiguities that changed nothing.
    ``skipped`` says why a game was not replayed at all (it does not parse, its ruleset is
    unknown); ``diagnostics`` are the problems of its options (REC014), as the check has them.
    """

    path: str
    line: int
    ruleset: str | None
    players: tuple[str, ...]
    in_force: dict[str, str]
    winners: tuple[str, ...]
    tried: tuple[Tried, ...] = ()
    replays: int = 0
    combinations: int = 0
    limit: int = 0
    combined: bool = False
    differences: tuple[Difference, ...] = ()
    unchanged: tuple[str, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()
    skipped: str | None = None

    @property
    def depends_on(self) -> dict[str, tuple[str, ...]]:
        """For each kind of change (:data:`WINNER`, :data:`SCORE`, :data:`LEGALITY`), the
        ambiguities some difference of that kind involves, in register order."""
        order = [tried.ambiguity for tried in self.tried]
        found: dict[str, tuple[str, ...]] = {}
        for kind in (WINNER, SCORE, LEGALITY):
            ids = {
                c.ambiguity
                for d in self.differences
                if kind in d.kinds and not d.contradicted
                for c in d.changes
            }
            if ids:
                found[kind] = tuple(id for id in order if id in ids)
        return found

    @property
    def ruled_out(self) -> tuple[Difference, ...]:
        """The readings the record contradicts (see :attr:`Difference.contradicted`), each
        set of readings only when no smaller set of them is contradicted already."""
        out = [d for d in self.differences if d.contradicted]
        return tuple(
            d for d in out if not any(o is not d and set(o.changes) < set(d.changes) for o in out)
        )


@frozen
class FileReadings:
    """The games of one file, and the diagnostics of reading it (syntax errors, a file that
    is not text) that kept games from being replayed."""

    path: str
    games: tuple[GameReadings, ...]
    diagnostics: tuple[Diagnostic, ...] = ()
