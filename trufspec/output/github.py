"""GitHub Actions workflow commands: each diagnostic as an annotation on the pull request.

A step that runs ``trufspec check --format github`` shows every finding on the line of the
record it concerns, in the diff of the pull request.  The format is GitHub's
``::error file=...,line=...,col=...,endLine=...,endColumn=...,title=...::message``; values are
escaped as the Actions toolkit does (``%``, carriage return and line feed in the message, and
also ``:`` and ``,`` in the properties), because an unescaped comma in a player's name would
otherwise end a property early.

GitHub shows at most ten error and ten warning annotations per step, so the summary line at the
end (a plain line, not an annotation) still counts everything.
"""

from __future__ import annotations

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.output.text import summary_line
from trufspec.validator.report import Report

__all__ = ["render"]

_COMMANDS = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.ACKNOWLEDGED: "notice",
    Severity.INFO: "notice",
}


def render(report: Report) -> str:
    """Every diagnostic as one workflow command, then the summary line."""
    lines = [
        _annotation(diagnostic, file.path)
        for file in report.files
        for diagnostic in sorted(file.diagnostics, key=Diagnostic.sort_key)
    ]
    lines.append(summary_line(report.summary))
    return "\n".join(lines) + "\n"


def _annotation(diagnostic: Diagnostic, path: str) -> str:
    span = diagnostic.span
    properties = [f"file={_property(path)}"]
    if span.line > 0:
        properties += [f"line={span.line}", f"col={span.column}"]
        properties += [f"endLine={span.end_line}", f"endColumn={span.end_column}"]
    title = (
        diagnostic.code
        if diagnostic.clause is None
        else f"{diagnostic.code} {diagnostic.clause.slug}"
    )
    properties.append(f"title={_property(title)}")
    message = diagnostic.message
    if diagnostic.severity is Severity.ACKNOWLEDGED:
        message = f"acknowledged: {message}"
    return f"::{_COMMANDS[diagnostic.severity]} {','.join(properties)}::{_data(message)}"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")
