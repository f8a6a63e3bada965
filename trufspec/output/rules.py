"""The rules in the terminal: a ruleset or one clause, as ``trufspec rules`` prints them.

The text comes from the clause registry, the same objects the validator runs and the rules
reference renders, so the three say the same thing.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

from trufspec.spec.ambiguities import Ambiguity
from trufspec.spec.clauses import Citation, Clause, Phase
from trufspec.spec.registry import Registry
from trufspec.spec.sources import SOURCES

__all__ = ["citation_lines", "how_it_ends", "render_clause", "render_ruleset"]

_WIDTH = 88


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(
        " ".join(text.split()), _WIDTH, initial_indent=indent, subsequent_indent=indent
    ) or [indent]


def citation_lines(citation: Citation) -> list[str]:
    """A citation as the rules report prints it, wrapped and indented: the source, the place
    and the quoted words (with our translation when the source is not in English)."""
    source = SOURCES.get(citation.source)
    title = source.title if source is not None else citation.source
    lines = _wrap(f'{title}, {citation.locator}: "{citation.quote}"', "    ")
    if citation.translation:
        lines += _wrap(f"(our translation: {citation.translation})", "    ")
    return lines


def how_it_ends(
    ruleset: str, registry: Registry, readings: Mapping[str, object] | None = None
) -> str:
    """How a game of ``ruleset`` ends, said at the start of one: the statement of its
    game-end clause (:meth:`~trufspec.spec.registry.Registry.game_end`), with the values in
    force of the options that read it (``readings``; without them, their defaults, said to
    be the defaults), so that what a table says is what the rules say."""
    clause = registry.game_end(ruleset)
    if clause is None:
        return "The game ends as its rules say."
    text = (
        f"How the game ends ({clause.code}, {clause.title}): {' '.join(clause.statement.split())}"
    )
    options = [
        option
        for option in registry.options_of(ruleset).values()
        if option.ambiguity in clause.ambiguities
    ]
    if options:
        given = readings or {}
        read = ", ".join(
            f"{o.key}={given.get(o.key, o.default)} ({o.doc[:1].lower()}{o.doc[1:].rstrip('.')})"
            for o in options
        )
        text += f" Read here with {read}." if readings is not None else f" By default {read}."
    return text


def _ambiguity(ambiguity: Ambiguity) -> list[str]:
    lines = _wrap(f"{ambiguity.id} {ambiguity.title}: {ambiguity.question}", "    ")
    for reading in ambiguity.readings:
        default = " (default)" if reading.value == ambiguity.default else ""
        option = f"{ambiguity.option}={reading.value}" if ambiguity.option else reading.value
        lines += _wrap(f"- {option}{default}: {reading.description}", "      ")
    return lines


def render_clause(clause: Clause, registry: Registry) -> str:
    """One clause: statement, strength and kind, the source it rests on, its message, the
    unclear points it depends on and the options that choose their readings."""
    lines = [f"{clause.code} {clause.slug}: {clause.title}"]
    lines += _wrap(clause.statement)
    lines.append(
        f"  {clause.strength.name.lower()}, {clause.kind.name.lower()}, phase {clause.phase.value} ({clause.phase.label})"
    )
    if clause.citations:
        lines.append("  Source:")
        for citation in clause.citations:
            lines += citation_lines(citation)
    if clause.note:
        lines += _wrap("Note: " + clause.note)
    lines += _wrap("Message: " + clause.template)
    for ambiguity_id in clause.ambiguities:
        lines.append("  Reading:")
        lines += _ambiguity(registry.ambiguity(ambiguity_id))
    return "\n".join(lines) + "\n"


def render_ruleset(ruleset: str, registry: Registry) -> str:
    """Every clause of a ruleset grouped by phase, then its options."""
    clauses = list(registry.clauses_of(ruleset))
    parts = []
    for phase in Phase:
        in_phase = [c for c in clauses if c.phase is phase]
        if not in_phase:
            continue
        parts.append(f"== {phase.value} {phase.label} ==\n")
        parts += [render_clause(c, registry) for c in in_phase]
    options = registry.options_of(ruleset)
    if options:
        parts.append("== Options ==\n")
        for option in options.values():
            allowed = "|".join(option.choices) if option.choices else "a whole number"
            parts.append(
                "\n".join(
                    _wrap(f"{option.key} ({allowed}; default {option.default}): {option.doc}", "")
                )
                + "\n"
            )
    return "\n".join(parts)
