"""Rule coverage: which clauses a set of records obeys, which it breaks, which it never reaches.

A corpus of records is evidence that the rules work only if it exercises them: for every clause
a record whose replay judged the clause and found it kept, and, for every clause that can be
broken, a record that breaks it.  The replay says which clauses it judged (see
:class:`~trufspec.engine.findings.Findings`), the check says which it found broken; a game
*obeys* a clause it was judged by and did not break.  A note of a *may* clause (a permission
used, information given) is no breach: a game that uses a permission obeys the clause.

The records also say what they expect with ``;!`` marks (:mod:`trufspec.marks`), and a record
whose marks disagree with its check is reported as well: a corpus that breaks a clause by
accident proves nothing about it.

Only the rulesets the records play are reported, with the record-level clauses (``record``)
whenever there is a record at all.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping

from attrs import frozen

from trufspec.api import check_text, decode
from trufspec.diagnostics import Diagnostic, Severity
from trufspec.marks import Mismatch, compare, readable_text
from trufspec.rulesets import RULESETS
from trufspec.spec.clauses import Clause, Kind, Strength
from trufspec.spec.record_clauses import RULESET as RECORD
from trufspec.spec.registry import Registry, default_registry

__all__ = ["Witness", "ClauseCoverage", "RulesetCoverage", "Coverage", "must_be_broken", "cover"]


@frozen
class Witness:
    """A game that obeys or breaks a clause: its file and the line it starts on."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


def must_be_broken(clause: Clause) -> bool:
    """Whether a corpus needs a record that breaks the clause: a definition cannot be broken,
    and a *may* grants a permission whose use is no irregularity."""
    return clause.kind is not Kind.DEFINITION and clause.strength is not Strength.MAY


@frozen
class ClauseCoverage:
    clause: Clause
    obeyed: tuple[Witness, ...]
    broken: tuple[Witness, ...]

    @property
    def gaps(self) -> tuple[str, ...]:
        """What the corpus lacks for this clause, in words."""
        missing = []
        if not self.obeyed:
            missing.append("no record obeys it")
        if not self.broken and must_be_broken(self.clause):
            missing.append("no record breaks it")
        return tuple(missing)


@frozen
class RulesetCoverage:
    ruleset: str
    clauses: tuple[ClauseCoverage, ...]

    @property
    def complete(self) -> bool:
        return not any(c.gaps for c in self.clauses)


@frozen
class Coverage:
    """The coverage of a corpus, ruleset by ruleset, and the records whose marks disagree with
    their check."""

    rulesets: tuple[RulesetCoverage, ...]
    mismatches: tuple[tuple[str, Mismatch], ...]
    files: int
    games: int

    @property
    def ok(self) -> bool:
        return not self.mismatches and all(r.complete for r in self.rulesets)


def cover(
    files: Iterable[tuple[str, bytes]],
    options: Mapping[str, str] | None = None,
    registry: Registry | None = None,
) -> Coverage:
    """The coverage of the records ``files`` (path and bytes of each), checked with the
    readings ``options`` on top of each record's own."""
    registry = registry or default_registry()
    obeyed: dict[str, list[Witness]] = {}
    broken: dict[str, list[Witness]] = {}
    rulesets: list[str] = []
    mismatches: list[tuple[str, Mismatch]] = []
    count = games = 0
    for path, data in files:
        count += 1
        judged: list[set[str]] = []
        text, problem = decode(data, path)
        if problem is not None:
            # Not text: the check is the one diagnostic, the marks are read as far as they go.
            text = readable_text(data)
            diagnostics: tuple[Diagnostic, ...] = (problem,)
            starts = [1]
            judged.append({problem.code})
            _note(rulesets, RECORD)
        else:
            report = check_text(text, path, options, judged=judged)
            diagnostics = report.diagnostics
            starts = [game.line for game in report.games] or [1]
            if not judged:
                judged.append({"REC001", "REC002"})  # read, and found to hold no game
            _note(rulesets, RECORD)
            for game in report.games:
                if game.ruleset in RULESETS:
                    _note(rulesets, game.ruleset)
        games += len(judged)
        found: list[set[str]] = [set() for _ in starts]
        for diagnostic in diagnostics:
            # A note (a *may* used, a check skipped) is no breach: the game still obeys.
            if diagnostic.severity is not Severity.INFO:
                found[_game_of(diagnostic.line, starts)].add(diagnostic.code)
        for index, codes in enumerate(judged):
            witness = Witness(path, starts[index])
            for code in codes - found[index]:
                obeyed.setdefault(code, []).append(witness)
            for code in found[index]:
                broken.setdefault(code, []).append(witness)
        mismatches += [(path, m) for m in compare(text, diagnostics)]
    tables = tuple(
        RulesetCoverage(
            ruleset,
            tuple(
                ClauseCoverage(c, tuple(obeyed.get(c.code, ())), tuple(broken.get(c.code, ())))
                for c in registry.clauses_of(ruleset)
                if not c.retired
            ),
        )
        for ruleset in sorted(rulesets, key=lambda r: (r == RECORD, r))
    )
    return Coverage(tables, tuple(mismatches), count, games)


def _note(rulesets: list[str], ruleset: str) -> None:
    if ruleset not in rulesets:
        rulesets.append(ruleset)


def _game_of(line: int, starts: list[int]) -> int:
    """The index of the game a line belongs to: the last game that starts at or before it (a
    problem before the first game counts for the first)."""
    return max(bisect_right(starts, line) - 1, 0)
