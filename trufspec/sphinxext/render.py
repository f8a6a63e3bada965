"""The rules reference as reStructuredText, written from the registry.

Every page of the reference that shows rules (a ruleset, the ambiguity register, the variant
matrix, the sources) is text produced here from the same clauses, ambiguities, options and
sources the validator uses, and parsed by the directives of :mod:`trufspec.sphinxext.domain`.
Producing markup rather than docutils nodes keeps each page readable as the text it is, and
lets Sphinx do what it does well: headings, cross-references, highlighted records.

Nothing here imports Sphinx; the functions take registry values and return strings.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from attrs import frozen

from trufspec.spec.ambiguities import Ambiguity
from trufspec.spec.clauses import Citation, Clause, Phase
from trufspec.spec.options import Option
from trufspec.spec.sentences import Sentence, Status
from trufspec.spec.sources import Source

__all__ = [
    "Example",
    "ExampleFinder",
    "ambiguity_text",
    "clause_list_text",
    "clause_text",
    "escape",
    "examples_text",
    "heading",
    "literal",
    "matrix_text",
    "ruleset_text",
    "sources_text",
]

PHASE_HEADING = "-"
"""The underline of a phase, under the page title's ``=``."""
ITEM_HEADING = "~"
"""The underline of a clause or an ambiguity."""

_INLINE = re.compile(r"([\\*`_|])")


def escape(text: str) -> str:
    """Plain text as reStructuredText inline text: markup characters lose their meaning and
    the text is one line, so a statement can never start a list or a section."""
    flat = " ".join(text.split())
    escaped = _INLINE.sub(r"\\\1", flat)
    # A leading "1." or "-" would start a list: escaping the first character prevents it.
    return (
        "\\" + escaped if escaped and not escaped[0].isalpha() and escaped[0] != "\\" else escaped
    )


def literal(text: str) -> str:
    """Inline literal text; a backtick cannot stand inside ``...``, so such a text is shown
    escaped instead."""
    flat = " ".join(text.split())
    if "`" in flat or not flat:
        return escape(flat)
    return f"``{flat}``"


def heading(text: str, underline: str) -> list[str]:
    return [text, underline * len(text), ""]


def _indent(lines: Iterable[str], prefix: str = "   ") -> list[str]:
    return [prefix + line if line.strip() else "" for line in lines]


def _humanise(tag: str) -> str:
    """A concept tag as a heading: ``bid-tie-break`` becomes ``Bid tie break``."""
    words = tag.replace("-", " ")
    return words[:1].upper() + words[1:]


# ------------------------------------------------------------------ examples


@frozen
class Example:
    """A record shown under a clause: what it shows (``obeys``, ``breaks``, or
    ``acknowledged`` for a breach the record marks as accepted by the table), its text, and
    the diagnostics a check of it reports (``line``, ``severity``, ``code``, ``message``)."""

    shows: str
    text: str
    diagnostics: tuple[tuple[int, str, str, str], ...]


_SHOWS = {
    "obeys": "Obeys the rule:",
    "breaks": "Breaks the rule:",
    "acknowledged": "Breaks the rule, and the record acknowledges it with ``!``:",
}
"""How each kind of example is introduced."""


ExampleFinder = Callable[[Clause], Sequence[Example]]
"""Finds the example records of a clause (the directives look them up on disk)."""


# ------------------------------------------------------------------ clauses


def _citation(citation: Citation, sources: Mapping[str, Source]) -> list[str]:
    source = sources.get(citation.source)
    title = source.title if source is not None else citation.source
    lines = [
        f"| \u201c{escape(citation.quote)}\u201d",
        f"| \u2014 :rule:source:`{escape(title)} <{citation.source}>`, {escape(citation.locator)}",
    ]
    if citation.translation:
        lines.append(f"| Our translation: \u201c{escape(citation.translation)}\u201d")
    return [".. rst-class:: clause-citation", "", *_indent(lines), ""]


def _example(example: Example) -> list[str]:
    lines = [_SHOWS[example.shows], ""]
    lines += [".. code-block:: truf", "", *_indent(example.text.splitlines()), ""]
    if example.diagnostics:
        lines += ["A check reports:", ""]
        lines += [
            f"* line {line}, {severity} :rule:clause:`{code}`: {escape(message)}"
            for line, severity, code, message in example.diagnostics
        ]
        lines.append("")
    else:
        lines += ["A check reports nothing.", ""]
    return lines


def clause_text(
    clause: Clause,
    ambiguities: Mapping[str, Ambiguity],
    options: Mapping[str, Option],
    sources: Mapping[str, Source],
    examples: Sequence[Example],
    example_pages: str = "",
) -> list[str]:
    """One clause: its heading (the anchor is its code), what it says, where it comes from,
    how a breach is reported, the readings it depends on and its example records, folded in
    place or, with ``example_pages`` (a folder of the project), linked on a page of their own
    (``<folder>/<code>``), which keeps the page of a ruleset small enough for a phone."""
    title = f"{clause.code} {clause.title}"
    if clause.retired:
        title += " (retired)"
    lines = heading(title, ITEM_HEADING)
    meta = (
        f"*{clause.strength.value}* \u00b7 {clause.kind.value} \u00b7 slug {literal(clause.slug)}"
    )
    if clause.concept:
        meta += f" \u00b7 concept :rule:concept:`{escape(clause.concept)} <{clause.concept}>`"
    lines += [".. rst-class:: clause-meta", "", meta, ""]
    lines += [".. rst-class:: clause-statement", "", escape(clause.statement), ""]
    for citation in clause.citations:
        lines += _citation(citation, sources)
    if clause.note:
        # A note on a clause that cites a text explains how we read it; on one that cites
        # nothing (the notation's own clauses) it is only a remark.
        label = "Our reading." if clause.citations else "Note."
        lines += [f"**{label}** {escape(clause.note)}", ""]
    # A message that is only a placeholder ("{detail}") says nothing worth showing.
    if clause.message.strip() != "{" + ",".join(clause.fields) + "}":
        lines += [f"**Reported as.** {literal(clause.template)}", ""]
    for id in clause.ambiguities:
        ambiguity = ambiguities.get(id)
        if ambiguity is None:
            continue
        line = f"**Depends on** :rule:ambiguity:`{id}` ({escape(ambiguity.title)})"
        option = options.get(ambiguity.option) if ambiguity.option else None
        if option is not None:
            line += f": option {literal(option.key)}, default {literal(option.default)}"
        lines += [line + ".", ""]
    if examples and example_pages:
        lines += [
            f"**Examples.** :doc:`{_example_count(examples)} </{example_pages}/{clause.code}>`.",
            "",
        ]
    elif examples:
        lines += [".. rule:examples::", ""]
        lines += _indent(examples_text(examples))
    return lines


def examples_text(examples: Sequence[Example]) -> list[str]:
    """A clause's example records, each with what a check of it reports."""
    lines = ["A ``;!`` comment marks a line where a check reports the codes after it.", ""]
    for example in examples:
        lines += _example(example)
    return lines


def _example_count(examples: Sequence[Example]) -> str:
    """``3 records: 1 obeys the rule, 2 break it``."""
    obey = sum(1 for e in examples if e.shows == "obeys")
    parts = []
    if obey:
        parts.append(f"{obey} {'obeys' if obey == 1 else 'obey'} the rule")
    if len(examples) - obey:
        broken = len(examples) - obey
        parts.append(f"{broken} {'breaks' if broken == 1 else 'break'} it")
    return f"{len(examples)} record{'s' if len(examples) != 1 else ''}: {', '.join(parts)}"


def clause_list_text(
    clauses: Sequence[Clause],
    ambiguities: Mapping[str, Ambiguity],
    options: Mapping[str, Option],
    sources: Mapping[str, Source],
    find_examples: ExampleFinder,
    example_pages: str = "",
) -> list[str]:
    """Clauses one after another, in code order, without phase headings."""
    lines: list[str] = []
    for clause in clauses:
        lines += clause_text(
            clause, ambiguities, options, sources, find_examples(clause), example_pages
        )
    return lines


def ruleset_text(
    ruleset: str,
    source: Source | None,
    clauses: Sequence[Clause],
    ambiguities: Mapping[str, Ambiguity],
    options: Mapping[str, Option],
    sources: Mapping[str, Source],
    find_examples: ExampleFinder,
    example_pages: str = "",
    sentences: Sequence[Sentence] = (),
) -> list[str]:
    """A whole ruleset: its facts, an index of its clauses, the clauses grouped by phase,
    then its options and the account of its source's sentences."""
    lines: list[str] = []
    if source is not None:
        lines += [
            f"The clauses below specify the game of {escape(source.title)} "
            f"(:rule:source:`source <{source.id}>`): {escape(source.origin)}.",
            "",
        ]
    register = [a for a in ambiguities.values() if a.ruleset == ruleset]
    counts = f"{len(clauses)} clauses"
    if register:
        counts += (
            f", {len(register)} entries in the :rule:register:`ambiguity register <{ruleset}>`"
        )
    lines += [
        f"This ruleset has {counts}. Its id for the ``Ruleset`` tag is {literal(ruleset)}.",
        "",
    ]
    phases = [(phase, [c for c in clauses if c.phase is phase]) for phase in Phase]
    phases = [(phase, members) for phase, members in phases if members]
    # One link per line: an index a thumb can use on a phone.
    lines += heading("At a glance", PHASE_HEADING)
    lines += [".. rst-class:: clause-index", ""]
    for phase, members in phases:
        lines += [f"* **{_phase_title(phase)}**", ""]
        lines += [f"  * :rule:clause:`{c.code} {escape(c.title)} <{c.code}>`" for c in members]
        lines.append("")
    for phase, members in phases:
        lines += heading(_phase_title(phase), PHASE_HEADING)
        for clause in members:
            lines += clause_text(
                clause, ambiguities, options, sources, find_examples(clause), example_pages
            )
    return lines + _options_text(options) + _sentences_text(sentences)


_STATUS_WORDS = {
    Status.COVERED: "covered by a clause",
    Status.REGISTERED: "read only in the ambiguity register",
    Status.DESCRIPTION: "description, carrying no rule",
}


def _sentences_text(sentences: Sequence[Sentence]) -> list[str]:
    """How the sentences of the source are accounted for: the count of each status, then the
    description sentences, so that a reader sees nothing was skipped."""
    if not sentences:
        return []
    counts = {status: sum(1 for s in sentences if s.status is status) for status in Status}
    parts = [f"{counts[status]} {words}" for status, words in _STATUS_WORDS.items()]
    lines = heading("Sentences of the source", PHASE_HEADING)
    lines += [
        f"The sentence index lists all {len(sentences)} sentences of the source, in the order "
        f"of the text: {parts[0]}, {parts[1]}, and {parts[2]}. A test reads the text and fails "
        "when a sentence has no entry, or a clause cites one the index does not list.",
        "",
    ]
    described = [s for s in sentences if s.description is not None]
    if described:
        lines += ["The description sentences, by locator and opening words:", ""]
        lines += [
            f"* {escape(s.locator)} ({s.description.value}): \u201c{escape(s.quote)}\u201d"
            for s in described
            if s.description is not None
        ]
        lines.append("")
    return lines


def _options_text(options: Mapping[str, Option]) -> list[str]:
    """The options of a ruleset: what each decides, its values and its default."""
    lines: list[str] = []
    if options:
        lines += heading("Options", PHASE_HEADING)
        lines += [
            "Where the rule text is unclear, an option selects the reading a check uses. A "
            "record selects one with its ``Options`` tag, the command line with "
            "``--option key=value``.",
            "",
        ]
        for option in options.values():
            allowed = (
                ", ".join(literal(choice) for choice in option.choices)
                if option.choices is not None
                else f"a whole number from {option.minimum} to {option.maximum}"
            )
            lines.append(literal(option.key))
            body = [
                escape(option.doc),
                "",
                f"Values: {allowed}; default {literal(option.default)}.",
            ]
            if option.ambiguity:
                body[-1] += f" See :rule:ambiguity:`{option.ambiguity}`."
            lines += [*_indent(body), ""]
    return lines


def _phase_title(phase: Phase) -> str:
    return phase.label[:1].upper() + phase.label[1:]


# ------------------------------------------------------------------ the ambiguity register


def ambiguity_text(
    ambiguity: Ambiguity, options: Mapping[str, Option], sources: Mapping[str, Source]
) -> list[str]:
    """One entry of the register: the question, the words that raise it, the readings with the
    default marked, the option that selects one, the clauses it affects and why the default."""
    lines = heading(f"{ambiguity.id} {ambiguity.title}", ITEM_HEADING)
    lines += [".. rst-class:: clause-statement", "", escape(ambiguity.question), ""]
    for citation in ambiguity.citations:
        lines += _citation(citation, sources)
    lines += ["Readings:", ""]
    for reading in ambiguity.readings:
        mark = " (default)" if reading.value == ambiguity.default else ""
        lines.append(f"* {literal(reading.value)}{mark}: {escape(reading.description)}")
    lines.append("")
    option = options.get(ambiguity.option) if ambiguity.option else None
    if option is not None:
        lines += [f"**Option** {literal(option.key)}, default {literal(option.default)}.", ""]
    else:
        lines += ["**No option**: the register documents the one reading the validator uses.", ""]
    if ambiguity.clauses:
        links = ", ".join(f":rule:clause:`{code}`" for code in ambiguity.clauses)
        lines += [f"**Affects** {links}.", ""]
    lines += [f"**Why this default.** {escape(ambiguity.rationale)}", ""]
    return lines


# ------------------------------------------------------------------ the variant matrix


def matrix_text(rulesets: Sequence[str], clauses: Sequence[Clause]) -> list[str]:
    """The rulesets compared concept by concept.

    A table says at a glance which ruleset has a rule on each concept (the clause codes link
    to the rules); below it, each concept lists what every ruleset says, so the comparison can
    be read on a narrow screen too.  Concepts follow the phases, in the order of their first
    clause.
    """
    tagged: dict[str, dict[str, list[Clause]]] = {}
    for clause in sorted(clauses, key=lambda c: (c.phase.value, c.code)):
        if clause.concept is None or clause.retired or clause.ruleset not in rulesets:
            continue
        tagged.setdefault(clause.concept, {}).setdefault(clause.ruleset, []).append(clause)
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: auto",
        "   :class: variant-matrix",
        "",
    ]
    lines.append("   * - concept")
    lines += [f"     - {literal(ruleset)}" for ruleset in rulesets]
    for concept, by_ruleset in tagged.items():
        lines.append(f"   * - :rule:concept:`{escape(_humanise(concept))} <{concept}>`")
        for ruleset in rulesets:
            codes = " ".join(f":rule:clause:`{c.code}`" for c in by_ruleset.get(ruleset, []))
            lines.append(f"     - {codes or chr(0x2014)}")
    lines.append("")
    for concept, by_ruleset in tagged.items():
        lines += [f".. _concept-{concept}:", ""]
        lines += heading(_humanise(concept), PHASE_HEADING)
        for ruleset in rulesets:
            members = by_ruleset.get(ruleset)
            if not members:
                lines.append(f"* {literal(ruleset)}: no rule on this.")
                continue
            said = " ".join(f":rule:clause:`{c.code}` {escape(c.statement)}" for c in members)
            lines.append(f"* {literal(ruleset)}: {said}")
        lines.append("")
    return lines


# ------------------------------------------------------------------ the sources


def _rights(text: str) -> str:
    """What a text says of its rights: its copyright line, quoted, or that it states none."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    notice = next((line for line in lines if "\u00a9" in line), None) or next(
        (line for line in lines if "copyright" in line.lower()), None
    )
    return (
        f"the text states \u201c{escape(notice)}\u201d" if notice else "the text states no licence"
    )


def sources_text(sources: Iterable[Source], cited_by: Mapping[str, int]) -> list[str]:
    """Each source document: what it is, where it came from, what of it was collected, the
    rights its text states and the SHA-256 of the file the citations were checked against."""
    lines: list[str] = []
    for source in sources:
        lines += [f".. _source-{source.id}:", ""]
        lines += heading(source.title, PHASE_HEADING)
        language = {"en": "English", "de": "German"}.get(source.language, source.language)
        text = source.text()
        fields = [
            ("Ruleset", literal(source.id)),
            ("Origin", escape(source.origin)),
            (
                "Collected",
                f"the whole text of the page, unedited: {len(text.splitlines())} lines, "
                f"{len(source.data()):,} bytes",
            ),
            ("Rights", _rights(text)),
            ("Language", language),
            ("File", literal(f"trufspec/spec/sources/{source.file}")),
            ("SHA-256", literal(source.sha256)),
            ("Cited by", f"{cited_by.get(source.id, 0)} clauses and register entries"),
        ]
        if source.url:
            fields.append(("Address", f"`{source.url} <{source.url}>`__"))
        # A definition list, not a field list: it stacks on a narrow screen, where a field
        # list squeezes its names beside a SHA-256 that cannot wrap.
        lines += [".. rst-class:: source-facts", ""]
        for name, value in fields:
            lines += [name, f"   {value}"]
        lines.append("")
    return lines
