"""The sentence index: every sentence of every source text accounted for.

* The index names only clauses and register entries that exist, of its own source, and every
  citation of a clause or a register entry has an entry in the section it cites that names it
  (:meth:`~trufspec.spec.registry.Registry.problems`).
* Against the texts themselves, which CI has beside the clone in ``../shared/sources/`` (or
  where ``TRUFSPEC_SOURCE_TEXTS`` says): every
  sentence :func:`~trufspec.spec.sentences.split` finds has its entry, in order, every entry
  its sentence, and every citation falls in sentences whose entries name the citing clause or
  entry.  Without the texts these tests skip and say so.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from trufspec.spec.ambiguities import Ambiguity, Reading
from trufspec.spec.clauses import Citation, Clause, Kind, Phase, Strength
from trufspec.spec.registry import Registry, default_registry
from trufspec.spec.sentences import Description, Index, Sentence, Status, align, split
from trufspec.spec.sources import SOURCES

ROOT = Path(__file__).resolve().parents[2]
TEXTS = Path(os.environ.get("TRUFSPEC_SOURCE_TEXTS", ROOT.parent / "shared" / "sources"))
"""Where CI keeps the source texts: beside the clone of the repository (``TRUFSPEC_SOURCE_TEXTS``
names another place, for a checkout that is not beside them)."""

REGISTRY = default_registry()


def _text(source: str) -> str:
    """The text of a source from ``../shared/sources``; the test skips when it is not there."""
    path = TEXTS / SOURCES[source].file
    if not path.is_file():
        pytest.skip(f"the source texts are not at {TEXTS} (CI keeps them beside the clone)")
    return path.read_text(encoding="utf-8")


def _clause(citation: Citation) -> Clause:
    return Clause(
        code="JB990",
        slug="made-up",
        ruleset="truf-jb",
        phase=Phase.IRREGULARITIES,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Made up",
        statement="A clause for the test.",
        citations=(citation,),
        message="{detail}",
    )


# ------------------------------------------------------------------ the splitter


def test_split_ends_sentences_where_the_text_does() -> None:
    text = (
        "Truf is old. It is probably Dutch.\n"
        "  1. The ranking: Ace, King, 10 ... 2.\n"
        "    • Ace has the value of 1\n"
        "Wins a quarter, i.e their money back. Das hei\u00dft, d. h., dass es geht.\n"
        "A sentence cut by the line\n"
        "    break goes on here.\n"
        "\n"
        "Heading\n"
    )
    assert [sentence for _, sentence in split(text)] == [
        "Truf is old.",
        "It is probably Dutch.",
        "The ranking: Ace, King, 10 ... 2.",
        "Ace has the value of 1",
        "Wins a quarter, i.e their money back.",
        "Das hei\u00dft, d. h., dass es geht.",
        "A sentence cut by the line break goes on here.",
        "Heading",
    ]
    assert [line for line, _ in split(text)] == [1, 1, 2, 3, 4, 4, 5, 8]


def test_align_reports_unlisted_sentences_and_stray_entries() -> None:
    index = Index("truf-jb")
    entries = [
        index.describes("Introduction, sentence 1", "Truf is old.", Description.HISTORY),
        index.describes("Introduction, sentence 2", "Never said", Description.HISTORY),
        index.describes("Introduction, sentence 3", "It is", Description.HISTORY),
    ]
    unlisted, unmatched = align([(1, "Truf is old."), (1, "New words."), (2, "It is.")], entries)
    assert unlisted == [(1, "New words.")]
    assert unmatched == [entries[1]]


def test_an_entry_is_rule_or_description_not_both() -> None:
    with pytest.raises(ValueError, match="not both"):
        Sentence("truf-jb", "Players, sentence 1", "Minimum 3", ("JB001",), (), Description.ASIDE)
    with pytest.raises(ValueError, match="not both"):
        Sentence("truf-jb", "Players, sentence 1", "Minimum 3")
    with pytest.raises(ValueError, match="short opening"):
        Sentence("truf-jb", "Players, sentence 1", "x" * 61, ("JB001",))
    assert Sentence("truf-jb", "P", "M", (), ("JB-A1",)).status is Status.REGISTERED


# ------------------------------------------------------------------ the index and the registry


def test_the_index_hangs_together_with_the_clauses_and_the_register() -> None:
    assert REGISTRY.problems() == []


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_every_source_has_an_index(source: str) -> None:
    assert REGISTRY.sentences_of(source)


def test_an_entry_naming_an_unknown_clause_or_entry_fails() -> None:
    registry = Registry()
    registry.register_sentences(
        [Sentence("truf-jb", "Players, sentence 1", "Minimum 3", ("JB999",), ("JB-A99",))]
    )
    assert registry.problems() == [
        "the index of truf-jb at 'Players, sentence 1' names the unknown clause JB999",
        "the index of truf-jb at 'Players, sentence 1' names the unknown register entry JB-A99",
    ]


def test_a_citation_of_a_sentence_the_index_does_not_list_fails() -> None:
    registry = Registry()
    registry.register_clauses([_clause(Citation("truf-jb", "Closing", "The above rules"))])
    registry.register_ambiguities(
        [
            Ambiguity(
                id="JB-A99",
                ruleset="truf-jb",
                title="t",
                question="q",
                citations=(Citation("truf-jb", "Players", "Minimum 3"),),
                readings=(Reading("a", "A"),),
                default="a",
                option=None,
                clauses=(),
                rationale="r",
            )
        ]
    )
    index = Index("truf-jb")
    registry.register_sentences(
        [
            index.rests("Players, sentence 1", "Minimum 3", ("JB990",)),
            index.rests("Closings, sentence 1", "The above rules", ("JB990",)),
        ]
    )
    assert registry.problems() == [
        "JB990 cites truf-jb at 'Closing', but no sentence the index lists there names it",
        "JB-A99 cites truf-jb at 'Players', but no sentence the index lists there names it",
    ]


# ------------------------------------------------------------------ against the texts


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_every_sentence_of_the_text_has_its_entry(source: str) -> None:
    unlisted, unmatched = align(split(_text(source)), REGISTRY.sentences_of(source))
    assert [f"line {line}: {sentence[:70]}" for line, sentence in unlisted] == []
    assert [f"{entry.locator}: {entry.quote}" for entry in unmatched] == []


def _normal(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_citations_fall_in_sentences_that_name_them(source: str) -> None:
    sentences = [sentence for _, sentence in split(_text(source))]
    entries = REGISTRY.sentences_of(source)
    assert len(sentences) == len(entries)  # aligned one to one by the test above
    cited = [(c.code, c.citations) for c in REGISTRY.clauses() if not c.retired]
    cited += [(a.id, a.citations) for a in REGISTRY.ambiguities_of(source)]
    missing = []
    for name, citations in cited:
        for citation in (c for c in citations if c.source == source):
            section = [
                (sentence, entry)
                for sentence, entry in zip(sentences, entries, strict=True)
                if entry.locator.startswith(citation.locator + ",")
            ]
            joined, spans = "", []
            for sentence, entry in section:
                spans.append((len(joined), len(joined) + len(_normal(sentence)), entry))
                joined += _normal(sentence) + " "
            quote = _normal(citation.quote)
            start = joined.find(quote)
            assert start >= 0, f"{name} quotes {quote!r}, not in {source} {citation.locator}"
            for first, last, entry in spans:
                if first < start + len(quote) and start < last and not entry.names(name):
                    missing.append(f"{entry.locator} does not name {name}")
    assert missing == []
