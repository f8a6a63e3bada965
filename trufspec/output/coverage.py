"""The coverage report of ``trufspec coverage``, as text for people and JSON for programs.

The text lists every clause of each ruleset with how many games obey and break it, and then
what is missing: the clauses no record obeys, those no record breaks, and the records whose
``;!`` marks disagree with what the check reports, each with a reason a reader can act on.
"""

from __future__ import annotations

from trufspec.coverage import ClauseCoverage, Coverage, must_be_broken
from trufspec.output import contract
from trufspec.spec.clauses import Kind

__all__ = ["render_text", "render_json"]


def render_text(coverage: Coverage) -> str:
    lines: list[str] = []
    for table in coverage.rulesets:
        breakable = [c for c in table.clauses if must_be_broken(c.clause)]
        obeyed = sum(1 for c in table.clauses if c.obeyed)
        broken = sum(1 for c in breakable if c.broken)
        lines.append(
            f"{table.ruleset}: {len(table.clauses)} clauses, {obeyed} obeyed, "
            f"{broken} of the {len(breakable)} that can be broken broken"
        )
        width = max((len(c.clause.slug) for c in table.clauses), default=0)
        for entry in table.clauses:
            lines.append(f"  {entry.clause.code}  {entry.clause.slug:{width}}  {_counts(entry)}")
        lines.append("")
    gaps = [(t.ruleset, c) for t in coverage.rulesets for c in t.clauses if c.gaps]
    for ruleset, entry in gaps:
        lines.append(
            f"{entry.clause.code} ({ruleset}, {entry.clause.slug}): {' and '.join(entry.gaps)}"
        )
    for path, mismatch in coverage.mismatches:
        lines.append(f"{path}: {mismatch}")
    files = f"{coverage.files} file{'s' if coverage.files != 1 else ''}"
    games = f"{coverage.games} game{'s' if coverage.games != 1 else ''}"
    if coverage.ok:
        lines.append(f"every clause is obeyed and broken as it should be, in {files}, {games}")
    else:
        problems = []
        if gaps:
            problems.append(f"{len(gaps)} clause{'s' if len(gaps) != 1 else ''} not covered")
        if coverage.mismatches:
            count = len(coverage.mismatches)
            problems.append(f"{count} mark{'s' if count != 1 else ''} not matched")
        lines.append(f"{', '.join(problems)}, in {files}, {games}")
    return "\n".join(lines) + "\n"


def _counts(entry: ClauseCoverage) -> str:
    obeys = f"obeyed {len(entry.obeyed):4}"
    if entry.broken or must_be_broken(entry.clause):
        return f"{obeys}  broken {len(entry.broken):4}"
    kind = "a definition" if entry.clause.kind is Kind.DEFINITION else "a permission"
    return f"{obeys}  ({kind}: nothing to break)"


def render_json(coverage: Coverage) -> str:
    """The coverage as one JSON document (the contract's coverage document): per ruleset and
    clause, the games (``path:line``) that obey and break it and its gaps; the mismatched
    marks; the verdict."""
    document = contract.CoverageDocument(
        version=1,
        ok=coverage.ok,
        files=coverage.files,
        games=coverage.games,
        rulesets=[
            contract.RulesetCoverage(
                ruleset=table.ruleset,
                clauses=[
                    contract.ClauseCoverage(
                        code=entry.clause.code,
                        slug=entry.clause.slug,
                        must_be_broken=must_be_broken(entry.clause),
                        obeyed_by=[str(w) for w in entry.obeyed],
                        broken_by=[str(w) for w in entry.broken],
                        gaps=list(entry.gaps),
                    )
                    for entry in table.clauses
                ],
            )
            for table in coverage.rulesets
        ],
        mismatches=[
            contract.Mismatch(path=path, line=m.mark.line, code=m.mark.code, kind=m.kind)
            for path, m in coverage.mismatches
        ],
    )
    return contract.encode(document)
