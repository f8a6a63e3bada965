"""The text report: diagnostics as a compiler prints them, for people at a terminal.

Each diagnostic is one header line that editors and ``grep`` understand
(``path:line:col: severity CODE message [clause: Source, locator "quote"]``), followed by the
offending source line and a caret under the exact token, so that a scorekeeper sees what is
wrong without opening the file.  The renderer only prints what the report holds; it never
judges a record.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping

import click

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.records import Span
from trufspec.validator.report import FileReport, Report, Summary

__all__ = [
    "FOLDED",
    "folded_line",
    "render",
    "render_diagnostic",
    "render_file",
    "render_statistics",
    "summary_line",
]

CONSEQUENCE = " (consequence of an earlier error)"
"""Appended to a consequential diagnostic, so that the reader fixes the first cause first."""

QUOTE_WIDTH = 60
"""Quotes longer than this are cut at a word: the header line must stay readable; the JSON
report keeps the whole quote."""

_COLOURS = {
    Severity.ERROR: "red",
    Severity.WARNING: "yellow",
    Severity.ACKNOWLEDGED: "cyan",
    Severity.INFO: "blue",
}

_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
"""Control characters other than tab: shown as U+FFFD so that a stray escape in a record cannot
drive the terminal; one character stays one column, so carets still line up."""

Style = Callable[..., str]


def _plain(text: str, **_: object) -> str:
    return text


MISSING_FACTS = "REC015"
"""The note of a deal that could not be fully checked: the commonest, counted on its own."""

FOLDED = (Severity.ACKNOWLEDGED, Severity.INFO)
"""What a text report counts in one line instead of printing, unless asked to show it: notes
that nothing is wrong (a score sheet is not fully checked for lack of facts) and the
irregularities the players accepted.  A clean folder of score sheets would otherwise print a
note for every deal, and the verdict would drown."""


def render(
    report: Report, *, color: bool = False, summary: bool = True, show_info: bool = False
) -> str:
    """The whole report: every file's diagnostics, then (unless ``summary`` is false) the
    summary line.  Unless ``show_info``, the :data:`FOLDED` diagnostics are only counted, on
    one line before the summary."""
    if show_info:
        shown = report
    else:
        shown = report.keeping(lambda diagnostic: diagnostic.severity not in FOLDED)
    parts = [render_file(file, color=color) for file in shown.files]
    folded = "" if show_info else folded_line(report)
    if folded:
        parts.append(folded + "\n")
    if summary:
        parts.append(summary_line(report.summary) + "\n")
    return "".join(parts)


def folded_line(report: Report) -> str:
    """What the text report leaves out, counted by kind: ``22 deals not fully checked for lack
    of facts, 3 further notes, 11 acknowledged irregularities; --show-info lists them``, or
    nothing when nothing is left out."""
    counts = Counter(
        (d.severity, d.code == MISSING_FACTS and d.severity is Severity.INFO)
        for f in report.files
        for d in f.diagnostics
        if d.severity in FOLDED
    )
    unchecked = counts[Severity.INFO, True]
    notes = counts[Severity.INFO, False]
    accepted = counts[Severity.ACKNOWLEDGED, False]
    parts = []
    if unchecked:
        parts.append(
            f"{unchecked} {'deal' if unchecked == 1 else 'deals'}"
            " not fully checked for lack of facts"
        )
    if notes:
        parts.append(_count(notes, "further note" if unchecked else "note"))
    if accepted:
        parts.append(
            f"{accepted} acknowledged {'irregularity' if accepted == 1 else 'irregularities'}"
        )
    if not parts:
        return ""
    return f"{', '.join(parts)}; --show-info lists them"


def render_statistics(report: Report) -> str:
    """How often each code occurs, the commonest first, with the clause's slug and title: what
    a tournament director reads to see which rules a night's records break most."""
    counts = Counter(d.code for f in report.files for d in f.diagnostics)
    clauses = {d.code: d.clause for f in report.files for d in f.diagnostics}
    width = len(str(max(counts.values(), default=0)))
    slugs = {code: clause.slug if clause is not None else "" for code, clause in clauses.items()}
    slug_width = max(map(len, slugs.values()), default=0)
    code_width = max(map(len, counts), default=0)
    lines = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        clause = clauses[code]
        title = clause.title if clause is not None else ""
        lines.append(
            f"{count:>{width}}  {code:<{code_width}}  {slugs[code]:<{slug_width}}  {title}".rstrip()
        )
    lines.append(summary_line(report.summary))
    return "\n".join(lines) + "\n"


def render_file(file: FileReport, *, color: bool = False) -> str:
    """One file's diagnostics in the order of their positions, each with its source excerpt."""
    blocks = [
        render_diagnostic(diagnostic, file.path, file.lines, color=color)
        for diagnostic in sorted(file.diagnostics, key=Diagnostic.sort_key)
    ]
    return "".join(blocks)


def render_diagnostic(
    diagnostic: Diagnostic, path: str, lines: Mapping[int, str], *, color: bool = False
) -> str:
    """One diagnostic: its header line, then the source line and caret when it has a position.

    ``lines`` are lines of the file by number, without their line ends (see
    :func:`~trufspec.validator.report.excerpts`).
    """
    style: Style = click.style if color else _plain
    severity = diagnostic.severity
    text = (
        f"{style(_location(path, diagnostic.span, diagnostic.pointer), bold=True)} "
        f"{style(severity.value, fg=_COLOURS[severity], bold=True)} "
        f"{style(diagnostic.code, bold=True)} {diagnostic.message}"
    )
    if diagnostic.consequential:
        text += CONSEQUENCE
    text += _clause_suffix(diagnostic)
    out = [text + "\n", *_excerpt(diagnostic.span, lines, style, _COLOURS[severity])]
    for label, span in diagnostic.related:
        out.append(f"{style(_location(path, span), bold=True)} note: {label}\n")
        out.extend(_excerpt(span, lines, style, "cyan"))
    return "".join(out)


def summary_line(summary: Summary) -> str:
    """The last line of a check: what was read and how many problems it has."""
    read = ", ".join(
        (
            _count(summary.files, "file"),
            _count(summary.games, "game"),
            _count(summary.deals, "deal"),
        )
    )
    if summary.errors == 0 and summary.warnings == 0:
        return f"no problems found in {read}"
    return f"{read}: {_count(summary.errors, 'error')}, {_count(summary.warnings, 'warning')}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _location(path: str, span: Span, pointer: str | None = None) -> str:
    """``path:line:col:``, or ``path:`` for a finding about the file or game as a whole; for
    a JSON record, ``path#pointer:`` (a URI fragment naming the place, as RFC 6901 writes it)."""
    if pointer is not None:
        return f"{path}#{pointer}:"
    if span.line <= 0:
        return f"{path}:"
    return f"{path}:{span.line}:{span.column}:"


def _excerpt(span: Span, lines: Mapping[int, str], style: Style, colour: str) -> list[str]:
    """The source line with a gutter, and a caret line under ``span`` clamped to that line.

    A span that runs onto later lines is marked to the end of its first line; a span past the
    end of the line (a missing token) gets one caret just after the last character.
    """
    if span.line not in lines:
        return []
    line = _CONTROL.sub("\ufffd", lines[span.line])
    start = min(max(span.column, 1), len(line) + 1)
    end = span.end_column if span.end_line == span.line else len(line) + 1
    width = max(1, min(end, len(line) + 1) - start)
    gutter = " " * len(str(span.line))
    # Tabs before the token are kept so that the caret lines up whatever the tab width.
    indent = "".join(c if c == "\t" else " " for c in line[: start - 1])
    carets = style("^" * width, fg=colour, bold=True)
    return [
        f"{style(str(span.line), fg='blue')} {style('|', fg='blue')} {line}".rstrip() + "\n",
        f"{gutter} {style('|', fg='blue')} {indent}{carets}\n",
    ]


def _clause_suffix(diagnostic: Diagnostic) -> str:
    """`` [title: Source title, locator "quote"]`` for a diagnostic that knows its clause."""
    clause = diagnostic.clause
    if clause is None:
        return ""
    if not clause.citations:
        return f" [{clause.title}]"
    citation = clause.citations[0]
    return (
        f" [{clause.title}: {_source_title(citation.source)}, {citation.locator} "
        f'"{_shorten(citation.quote)}"]'
    )


def _source_title(source_id: str) -> str:
    """The title of a cited source; its id when the source is not (or not yet) registered."""
    try:
        from trufspec.spec.sources import SOURCES
    except ImportError:
        return source_id
    source = SOURCES.get(source_id)
    return source_id if source is None else source.title


def _shorten(quote: str) -> str:
    """The quote on one line, cut at a word boundary after :data:`QUOTE_WIDTH` characters."""
    flat = " ".join(quote.split())
    if len(flat) <= QUOTE_WIDTH:
        return flat
    cut = flat[:QUOTE_WIDTH].rsplit(" ", 1)[0] or flat[:QUOTE_WIDTH]
    return cut.rstrip(" ,;:.") + "..."
