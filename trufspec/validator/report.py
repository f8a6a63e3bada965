"""The report of a check: per file, the games with their recomputed results and the diagnostics.

The validator writes it and the referee reads it, so it lives with them; the renderers of
:mod:`trufspec.output` (text, JSON, SARIF, GitHub annotations) take a :class:`Report` and print
it, and none of them looks at a record or a rule, so every format says the same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from attrs import evolve, field, frozen

from trufspec.diagnostics import Diagnostic, Severity

__all__ = ["DealResult", "GameResult", "FileReport", "Report", "Summary", "excerpts"]


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
    contract: str | None = None
    """Who won the bidding or declared, as the ruleset has it; None where it has no contract."""
    trump: str | None = None
    """The trump suit's letter (``S``), or ``NT`` for no trumps."""
    mode: str | None = None
    """How the deal is scored (``high`` or ``low`` in the Truf rulesets)."""
    tricks: dict[str, int] | None = None
    """The tricks taken per player or team, as scored."""


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
    """One file: ``path`` as given (``-`` for standard input); ``lines`` are the lines of the
    file that the diagnostics point at, by number, so that renderers can show the offending
    line under each diagnostic without the report keeping a large file's whole text."""

    path: str
    games: tuple[GameResult, ...]
    diagnostics: tuple[Diagnostic, ...]
    lines: Mapping[int, str] = field(factory=dict, repr=False)

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)

    def without_figures(self) -> FileReport:
        """The same report without the recomputed figures of its deals (scores, totals and
        the like) and the readings of its games: what an output that shows only diagnostics
        and counts needs.  On a large archive the figures are most of a report's memory."""
        games = tuple(
            GameResult(
                g.line,
                g.ruleset,
                g.players,
                tuple(DealResult(d.number, d.line) for d in g.deals),
                g.winners,
            )
            for g in self.games
        )
        return FileReport(self.path, games, self.diagnostics, self.lines)


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

    def keeping(self, wanted: Callable[[Diagnostic], bool]) -> Report:
        """The same report with only the diagnostics ``wanted`` accepts (``--select``,
        ``--ignore``, ``--quiet``): counts, exit status and every format then agree on what
        was left out."""
        return Report(
            tuple(
                evolve(f, diagnostics=tuple(d for d in f.diagnostics if wanted(d)))
                for f in self.files
            )
        )


def excerpts(text: str, diagnostics: Iterable[Diagnostic], first_line: int = 1) -> dict[int, str]:
    """The lines of ``text`` (whose first line is line ``first_line`` of its file) that the
    diagnostics and their related notes point at.

    Lines are split on ``\\n`` only, as the parser counts them (``str.splitlines`` would also
    split on form feeds and Unicode separators and show the wrong line); a trailing ``\\r``
    is dropped.
    """
    pointed = {d.span.line for d in diagnostics} | {
        span.line for d in diagnostics for _, span in d.related
    }
    wanted = sorted(number for number in pointed if number >= first_line)
    if not wanted:
        return {}
    # Split off the lines up to the last one wanted (and no further): one call, not one a line.
    lines = text.split("\n", wanted[-1] - first_line + 1)
    found: dict[int, str] = {}
    for number in wanted:
        index = number - first_line
        if index >= len(lines):
            break
        found[number] = lines[index].removesuffix("\r")
    return found
