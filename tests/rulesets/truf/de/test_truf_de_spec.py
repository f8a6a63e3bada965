"""The truf-de catalogue: its citations stand where their locators say, every part of the
German source is cited, the register answers every unclear place of the rules analysis
(part 2.5.2, DT-A1 to DT-A15, numbered alike), and every option selects a register entry."""

from __future__ import annotations

import re
from collections.abc import Iterator

from trufspec.spec.clauses import Citation
from trufspec.spec.registry import default_registry
from trufspec.spec.sources import SOURCES

REGISTRY = default_registry()
HEADINGS = (
    ("Spielvorbereitung", "\nSpielvorbereitung\n"),
    ("Reizen", "\nReizen\n"),
    ("Spielverlauf", "\nSpielverlauf\n"),
    ("Punktevergabe", "\nPunktevergabe\n"),
    ("Punktevergabe, Methode Eins", "\nMethode Eins:"),
    ("Punktevergabe, Methode Zwei", "\nMethode Zwei:"),
    ("Punktevergabe, Methode drei", "\nMethode drei:"),
    ("Spielende", "\nSpielende\n"),
)


def normalise(text: str) -> str:
    return " ".join(text.split())


def passages() -> dict[str, str]:
    """The German source cut at its headings; ``Kopf`` is what stands before the first."""
    text = SOURCES["truf-de"].text()
    starts = [(name, text.index(marker)) for name, marker in HEADINGS]
    found = {"Kopf": text[: starts[0][1]]}
    for (name, start), (_, end) in zip(starts, [*starts[1:], ("", len(text))], strict=True):
        found[name] = text[start:end]
    return found


def citations() -> Iterator[tuple[str, tuple[Citation, ...]]]:
    for clause in REGISTRY.clauses_of("truf-de"):
        yield clause.code, clause.citations
    for ambiguity in REGISTRY.ambiguities_of("truf-de"):
        yield ambiguity.id, ambiguity.citations


def test_citations_stand_where_their_locators_say() -> None:
    parts = passages()
    for owner, cited in citations():
        for citation in cited:
            assert citation.source == "truf-de"
            assert citation.locator in parts, f"{owner}: no passage {citation.locator!r}"
            assert normalise(citation.quote) in normalise(parts[citation.locator]), (
                f"{owner}: not in {citation.locator}"
            )
            assert citation.translation


def test_every_part_of_the_source_is_cited() -> None:
    cited = {c.locator for clause in REGISTRY.clauses_of("truf-de") for c in clause.citations}
    assert cited == set(passages())


def test_the_register_covers_the_analysis() -> None:
    ids = {a.id for a in REGISTRY.ambiguities_of("truf-de")}
    numbers = set()
    for id in ids:
        match = re.match(r"TD-A(\d+)$", id)
        assert match is not None
        numbers.add(int(match.group(1)))
    assert numbers == set(range(1, 18))


def test_the_haupt_atas_erratum_is_registered() -> None:
    entry = REGISTRY.ambiguity("TD-A1")
    assert "Haupt-Atas" in entry.citations[0].quote
    assert entry.default == "bawah"
    assert "TD208" in entry.clauses


def test_options_select_register_entries() -> None:
    options = REGISTRY.options_of("truf-de")
    assert set(options) == {
        "scoring",
        "multiplier",
        "method-two-modes",
        "multiply-bonus",
        "winner",
        "dealer-tie",
        "redeal-pictures",
        "direction",
    }
    assert options["scoring"].choices == ("one", "two", "three", "three-with-two")
    assert options["scoring"].default == "one"
    assert options["multiplier"].default == "2"
    for option in options.values():
        assert option.ambiguity is not None
        assert REGISTRY.ambiguity(option.ambiguity).option == option.key


def test_the_clauses_of_every_phase() -> None:
    codes = {c.code for c in REGISTRY.clauses_of("truf-de")}
    for code in (
        "TD001",
        "TD101",
        "TD103",
        "TD105",
        "TD201",
        "TD209",
        "TD303",
        "TD305",
        "TD402",
        "TD406",
        "TD501",
        "TD503",
    ):
        assert code in codes
