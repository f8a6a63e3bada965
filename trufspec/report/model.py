"""The report of a check: per file, the games with their recomputed results and the diagnostics.

Renderers (text, JSON, and later SARIF and GitHub annotations) take a :class:`Report` and print
it; none of them looks at a record or a rule, so every format says the same thing.
"""

from __future__ import annotations

from attrs import field, frozen

from trufspec.diagnostics import Diagnostic, Severity

__all__ = ["DealResult", "GameResult", "FileReport", "Report", "Summary"]


@frozen
class DealResult:
    """A deal (or round) as the report shows it; ``scores`` and ``totals`` map a player or team
    name to an integer once a ruleset has computed them, and are None before."""

    number: int
    line: int
    scores: dict[str, int] | None = None
    totals: dict[str, int] | None = None
    figures: tuple[tuple[str, dict[str, int]], ...] = ()
    """Further per-player figures of the deal under their labels, as the ruleset reports them."""


@frozen
class GameResult:
    line: int
    ruleset: str | None
    players: tuple[str, ...]
    deals: tuple[DealResult, ...] = ()
    winners: tuple[str, ...] = ()
    options: dict[str, str] = field(factory=dict)
    """The readings in force (option key to value), defaults included, once a ruleset ran."""


@frozen
class FileReport:
    """One file: ``path`` as given (``-`` for standard input); ``source`` is the text, kept so
    that renderers can show the offending line under each diagnostic."""

    path: str
    games: tuple[GameResult, ...]
    diagnostics: tuple[Diagnostic, ...]
    source: str = field(default="", repr=False)

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)


@frozen
class Summary:
    files: int
    games: int
    deals: int
    errors: int
    warnings: int


@frozen
class Report:
    files: tuple[FileReport, ...]

    @property
    def summary(self) -> Summary:
        return Summary(
            files=len(self.files),
            games=sum(len(f.games) for f in self.files),
            deals=sum(len(g.deals) for f in self.files for g in f.games),
            errors=sum(f.count(Severity.ERROR) for f in self.files),
            warnings=sum(f.count(Severity.WARNING) for f in self.files),
        )

    @property
    def failed(self) -> bool:
        """True when any file has an error: ``trufspec check`` then exits 1."""
        return any(f.count(Severity.ERROR) for f in self.files)
