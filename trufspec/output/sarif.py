"""SARIF 2.1.0: the findings in the format code-scanning services and editors read.

Each clause a finding applies becomes a SARIF *rule*: its code is the rule id, its title the
short description, its statement the full description, and its citations, quoted from the
source, the help text, so that a reviewer reading an alert on a pull request sees the rule the
record breaks and where it is written.  A diagnostic without a clause (a syntax error) still
gets a rule, with just its code.

With the address of a published rules reference (``--rules-url``), each rule links to its
clause's page there (``helpUri``).

Levels: an error is ``error``, a warning ``warning``, information ``note``.  An irregularity the
record acknowledges with ``!`` keeps the level of its clause and carries an in-source
suppression: the players saw it and accepted it, which is exactly what SARIF's suppressions
describe, and code-scanning services show such results as dismissed rather than open.

Columns count Unicode code points (``columnKind``), as the parser's do, and a region's
``endColumn`` is the column just after its last character, as in a :class:`~trufspec.records.Span`.
"""

from __future__ import annotations

import json
from typing import Any

from trufspec import __version__
from trufspec.diagnostics import Diagnostic, Severity
from trufspec.output.links import reference_url
from trufspec.spec.clauses import Clause
from trufspec.validator.report import Report

__all__ = ["SCHEMA", "render", "to_dict"]

SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)

_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def render(report: Report, rules_url: str | None = None) -> str:
    """The report as one SARIF log, indented, ending in a newline."""
    return json.dumps(to_dict(report, rules_url), indent=2, ensure_ascii=False) + "\n"


def to_dict(report: Report, rules_url: str | None = None) -> dict[str, Any]:
    """The report as a SARIF log of one run; each rule links to its clause's page of the
    reference published at ``rules_url``, if given."""
    rules: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    results = []
    for file in report.files:
        for diagnostic in sorted(file.diagnostics, key=Diagnostic.sort_key):
            if diagnostic.code not in index:
                index[diagnostic.code] = len(rules)
                rules.append(_rule(diagnostic, rules_url))
            results.append(_result(diagnostic, file.path, index[diagnostic.code]))
    driver = {"name": "trufspec", "version": __version__, "rules": rules}
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {"tool": {"driver": driver}, "columnKind": "unicodeCodePoints", "results": results}
        ],
    }


def _rule(diagnostic: Diagnostic, rules_url: str | None) -> dict[str, Any]:
    clause = diagnostic.clause
    if clause is None:
        return {"id": diagnostic.code}
    rule: dict[str, Any] = {
        "id": clause.code,
        "name": clause.slug,
        "shortDescription": {"text": clause.title},
        "fullDescription": {"text": clause.statement},
        "help": {"text": _help(clause)},
        "defaultConfiguration": {"level": _LEVELS[clause.severity]},
        "properties": {"tags": [clause.ruleset, clause.phase.label]},
    }
    if rules_url is not None:
        rule["helpUri"] = reference_url(rules_url, clause)
    return rule


def _help(clause: Clause) -> str:
    """The statement, the source's words it rests on, and our reading where the text is unclear."""
    from trufspec.spec.sources import SOURCES

    lines = [clause.statement, ""]
    for citation in clause.citations:
        source = SOURCES.get(citation.source)
        title = source.title if source is not None else citation.source
        lines.append(f'{title}, {citation.locator}: "{" ".join(citation.quote.split())}"')
        if citation.translation:
            lines.append(f"  (our translation: {citation.translation})")
    if clause.note:
        lines += ["", clause.note]
    return "\n".join(lines)


def _result(diagnostic: Diagnostic, path: str, rule_index: int) -> dict[str, Any]:
    severity = diagnostic.severity
    level = _LEVELS.get(severity)
    if level is None:  # acknowledged: the level of the clause that was broken
        level = _LEVELS[diagnostic.clause.severity] if diagnostic.clause is not None else "warning"
    location: dict[str, Any] = {"artifactLocation": {"uri": path.replace("\\", "/")}}
    span = diagnostic.span
    if span.line > 0:
        location["region"] = {
            "startLine": span.line,
            "startColumn": span.column,
            "endLine": span.end_line,
            "endColumn": span.end_column,
        }
    result: dict[str, Any] = {
        "ruleId": diagnostic.code,
        "ruleIndex": rule_index,
        "level": level,
        "message": {"text": diagnostic.message},
        "locations": [{"physicalLocation": location}],
    }
    if severity is Severity.ACKNOWLEDGED:
        result["suppressions"] = [
            {"kind": "inSource", "justification": "acknowledged with ! in the record"}
        ]
    if diagnostic.consequential:
        result["properties"] = {"consequential": True}
    return result
