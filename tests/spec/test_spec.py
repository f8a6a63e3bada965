"""The rules specification hangs together: sources are intact, citations quote them, clause
codes and messages are well-formed, and the ambiguity register, the options and the clauses
point at each other correctly."""

from __future__ import annotations

import re
import string
from importlib.resources import files
from typing import Any

import attrs
import pytest

from trufspec.diagnostics import Severity
from trufspec.spec.ambiguities import Ambiguity, Reading
from trufspec.spec.clauses import CODE_PATTERN, Citation, Clause, Kind, Phase, Strength
from trufspec.spec.options import Option, Readings, parse_options, resolve
from trufspec.spec.registry import REGISTRY, Registry
from trufspec.spec.sources import SOURCES, Source, verify

CLAUSES = REGISTRY.clauses()
AMBIGUITIES = tuple(a for ruleset in sorted(SOURCES) for a in REGISTRY.ambiguities_of(ruleset))
JB_OPTIONS = REGISTRY.options_of("truf-jb")
CITATIONS = [(clause.code, c) for clause in CLAUSES for c in clause.citations] + [
    (ambiguity.id, c) for ambiguity in AMBIGUITIES for c in ambiguity.citations
]


def normalise(text: str) -> str:
    """Collapse runs of white space, so that a quote may be wrapped differently from its source."""
    return " ".join(text.split())


def jb_passages() -> dict[str, str]:
    """The truf-jb source cut into the passages its locators name.

    The text has an introduction, a sentence on the players, three numbered lists (bidding,
    playing, scoring) whose items continue on bulleted lines, and a closing sentence.
    """
    lines = SOURCES["truf-jb"].text().splitlines()
    players = next(i for i, line in enumerate(lines) if line.startswith("Minimum 3 players"))
    passages = {
        "Introduction": "\n".join(lines[1:players]),
        "Players": lines[players],
        "Closing": next(line for line in reversed(lines) if line.strip()),
    }
    lists = iter(["Bidding", "Playing", "Scoring"])
    name = ""
    locator = None
    for line in lines[players + 1 :]:
        item = re.match(r"\s+(\d+)\.\s", line)
        if item:
            if item.group(1) == "1":
                name = next(lists)
            locator = f"{name}, rule {item.group(1)}"
            passages[locator] = line
        elif locator is not None and line.strip():
            passages[locator] += "\n" + line
        else:
            locator = None
    return passages


# ---------------------------------------------------------------- sources


@pytest.mark.parametrize("source", SOURCES.values(), ids=lambda source: source.id)
def test_source_matches_its_pinned_hash(source: Source) -> None:
    assert verify(source), f"{source.file} changed; the citations of {source.id} must be rechecked"


def test_packaged_sources_are_the_five_texts() -> None:
    packaged = sorted(entry.name for entry in (files("trufspec.spec") / "sources").iterdir())
    assert packaged == sorted(source.file for source in SOURCES.values())


def test_sources_are_described() -> None:
    for source in SOURCES.values():
        assert source.language in {"en", "de"}
        assert re.fullmatch(r"[0-9a-f]{64}", source.sha256)


# ---------------------------------------------------------------- citations


@pytest.mark.parametrize(("owner", "citation"), CITATIONS, ids=[owner for owner, _ in CITATIONS])
def test_citation_quotes_its_source(owner: str, citation: Citation) -> None:
    assert citation.source in SOURCES
    assert normalise(citation.quote) in normalise(SOURCES[citation.source].text())


def test_citations_are_short() -> None:
    for owner, citation in CITATIONS:
        assert len(citation.quote.split()) <= 25, f"{owner} quotes too much: {citation.quote}"


def test_german_citations_are_translated() -> None:
    for owner, citation in CITATIONS:
        if SOURCES[citation.source].language == "de":
            assert citation.translation, f"{owner} quotes German without a translation"


def test_jb_citations_stand_where_their_locators_say() -> None:
    passages = jb_passages()
    for owner, citation in CITATIONS:
        if citation.source != "truf-jb":
            continue
        assert citation.locator in passages, f"{owner}: no passage {citation.locator!r}"
        passage = normalise(passages[citation.locator])
        assert normalise(citation.quote) in passage, f"{owner}: not in {citation.locator}"


def test_every_numbered_jb_rule_is_cited() -> None:
    passages = jb_passages()
    numbered = {locator for locator in passages if ", rule " in locator}
    assert len(numbered) == 13 + 7 + 5
    cited = {
        citation.locator
        for clause in REGISTRY.clauses_of("truf-jb")
        for citation in clause.citations
    }
    assert numbered <= cited, f"rules cited by no clause: {sorted(numbered - cited)}"


# ---------------------------------------------------------------- clauses


def test_codes_are_unique_and_well_formed() -> None:
    codes = [clause.code for clause in CLAUSES]
    assert len(codes) == len(set(codes))
    for clause in CLAUSES:
        assert CODE_PATTERN.match(clause.code)
        if not clause.code.startswith("REC"):
            assert int(clause.code[-3]) == clause.phase.value


def test_slugs_are_unique_per_ruleset() -> None:
    for ruleset in {clause.ruleset for clause in CLAUSES}:
        slugs = [clause.slug for clause in REGISTRY.clauses_of(ruleset)]
        assert len(slugs) == len(set(slugs)), ruleset


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda clause: clause.code)
def test_message_formats_with_the_placeholders_it_names(clause: Clause) -> None:
    names = {name for _, name, _, _ in string.Formatter().parse(clause.message) if name}
    assert set(clause.fields) == names
    text = clause.format(**{name: f"<{name}>" for name in names})
    assert "{" not in text
    assert "}" not in text


def test_game_clauses_cite_their_own_source() -> None:
    for clause in CLAUSES:
        if clause.ruleset == "record":
            assert clause.citations == ()
            assert "notation" in clause.note
        else:
            assert clause.citations, clause.code
            assert {c.source for c in clause.citations} == {clause.ruleset}, clause.code


def test_record_clauses_are_the_codes_the_parser_emits() -> None:
    record = {clause.code: clause.slug for clause in REGISTRY.clauses_of("record")}
    assert record == {
        "REC001": "syntax-error",
        "REC002": "unreadable-input",
        "REC003": "duplicate-tag",
        "REC004": "missing-tag",
        "REC005": "malformed-tag",
        "REC006": "deal-before-tags",
        "REC007": "unknown-ruleset",
        "REC008": "deal-numbering",
        "REC009": "duplicate-section",
        "REC010": "unknown-player",
        "REC011": "duplicate-entry",
        "REC012": "one-card-per-player",
        "REC013": "duplicate-card",
        "REC014": "invalid-option",
        "REC015": "partial-record",
        "REC016": "deal-not-replayed",
    }
    assert REGISTRY.clause("REC007").severity is Severity.INFO
    assert REGISTRY.clause("REC013").severity is Severity.ERROR


def test_strength_gives_severity() -> None:
    assert Strength.MUST.severity is Severity.ERROR
    assert Strength.SHOULD.severity is Severity.WARNING
    assert Strength.MAY.severity is Severity.INFO


def test_clause_validation() -> None:
    good: dict[str, Any] = {
        "code": "JB305",
        "slug": "follow-suit",
        "ruleset": "truf-jb",
        "phase": Phase.PLAY,
        "kind": Kind.LEGALITY,
        "strength": Strength.MUST,
        "title": "Follow suit",
        "statement": "Follow suit.",
        "citations": (Citation("truf-jb", "Playing, rule 5", "must play"),),
        "message": "{player} did not follow",
    }
    assert Clause(**good).format(player="Ana") == "Ana did not follow"
    with pytest.raises(ValueError, match="prefix"):
        Clause(**{**good, "code": "XX305"})
    with pytest.raises(ValueError, match="phase digit"):
        Clause(**{**good, "code": "JB205"})
    with pytest.raises(ValueError, match="kebab"):
        Clause(**{**good, "slug": "Follow_Suit"})
    with pytest.raises(ValueError, match="names"):
        Clause(**{**good, "message": "{0} did not follow"})
    with pytest.raises(KeyError):
        Clause(**good).format()
    assert Clause(**{**good, "code": "REC305", "ruleset": "record"}).code == "REC305"


# ---------------------------------------------------------------- the registry


def test_registry_hangs_together() -> None:
    assert REGISTRY.problems() == []


def test_registry_lookup() -> None:
    assert REGISTRY.clause("JB305").slug == "follow-suit"
    assert REGISTRY.clause("no-partnerships").code == "JB005"
    assert REGISTRY.clause("follow-suit", ruleset="truf-jb").code == "JB305"
    assert REGISTRY.clause("follow-suit", ruleset="truf-de").code == "TD305"
    with pytest.raises(KeyError, match="several"):
        REGISTRY.clause("follow-suit")
    with pytest.raises(KeyError, match="JB999"):
        REGISTRY.clause("JB999")
    with pytest.raises(KeyError, match="in no-such-game"):
        REGISTRY.clause("follow-suit", ruleset="no-such-game")
    assert REGISTRY.ambiguity("JB-A3").option == "three-player-leftover"
    with pytest.raises(KeyError, match="JB-A99"):
        REGISTRY.ambiguity("JB-A99")


def test_registry_refuses_a_code_twice() -> None:
    registry = Registry()
    clause = REGISTRY.clause("JB305")
    registry.register_clauses([clause])
    with pytest.raises(ValueError, match="twice"):
        registry.register_clauses([clause])


def test_shared_slug_needs_a_ruleset() -> None:
    registry = Registry()
    jb = REGISTRY.clause("JB305")
    registry.register_clauses([jb, attrs.evolve(jb, code="TB305", ruleset="truf-basics")])
    with pytest.raises(KeyError, match="several"):
        registry.clause("follow-suit")
    assert registry.clause("follow-suit", ruleset="truf-basics").code == "TB305"


def test_the_jb_catalogue_is_complete() -> None:
    codes = {clause.code for clause in REGISTRY.clauses_of("truf-jb")}
    for code in ("JB001", "JB002", "JB101", "JB102", "JB201", "JB213", "JB305", "JB501", "JB502"):
        assert code in codes
    assert REGISTRY.clause("JB310").strength is Strength.MAY


# ---------------------------------------------------------------- ambiguities


@pytest.mark.parametrize("ambiguity", AMBIGUITIES, ids=lambda ambiguity: ambiguity.id)
def test_ambiguity_points_at_real_clauses_and_options(ambiguity: Ambiguity) -> None:
    assert ambiguity.default in {reading.value for reading in ambiguity.readings}
    for code in ambiguity.clauses:
        assert REGISTRY.clause(code).ruleset == ambiguity.ruleset
    if ambiguity.option is None:
        assert len(ambiguity.readings) == 1
    else:
        option = REGISTRY.options_of(ambiguity.ruleset)[ambiguity.option]
        assert option.default == ambiguity.default


def test_the_jb_register_covers_the_analysis() -> None:
    ids = {ambiguity.id for ambiguity in REGISTRY.ambiguities_of("truf-jb")}
    numbers = set()
    for id in ids:
        match = re.match(r"JB-A(\d+)", id)
        assert match is not None
        numbers.add(int(match.group(1)))
    assert numbers == set(range(1, 17))


def test_ambiguity_default_must_be_a_reading() -> None:
    with pytest.raises(ValueError, match="not one of its readings"):
        Ambiguity(
            id="JB-A99",
            ruleset="truf-jb",
            title="t",
            question="q",
            citations=(),
            readings=(Reading("a", "A"),),
            default="b",
            option=None,
            clauses=(),
            rationale="r",
        )


# ---------------------------------------------------------------- options


def test_every_option_selects_an_ambiguity() -> None:
    for option in JB_OPTIONS.values():
        assert option.ambiguity is not None
        assert REGISTRY.ambiguity(option.ambiguity).option == option.key


def test_required_jb_options() -> None:
    assert set(JB_OPTIONS) == {
        "three-player-leftover",
        "max-bid",
        "single-minus",
        "even-adjust-amount",
        "even-adjust-scope",
        "adjusted-bid-floor",
        "zero-bid-miss",
        "zero-bid-basis",
        "tie-card-order",
        "tie-cards",
        "turn-order",
        "trump-broken-by",
        "deals",
        "winner",
    }


def test_parse_good_options() -> None:
    chosen, errors = parse_options(
        "even-adjust-amount = 2, zero-bid-miss=flat  turn-order=clockwise,", JB_OPTIONS
    )
    assert errors == []
    assert chosen == {
        "even-adjust-amount": "2",
        "zero-bid-miss": "flat",
        "turn-order": "clockwise",
    }
    assert parse_options("", JB_OPTIONS) == ({}, [])


def test_parse_unknown_key_lists_the_keys() -> None:
    chosen, errors = parse_options("even-adjust=1", JB_OPTIONS)
    assert chosen == {}
    assert len(errors) == 1
    assert "unknown option 'even-adjust'" in errors[0]
    assert "even-adjust-amount" in errors[0]
    assert "zero-bid-miss" in errors[0]


def test_parse_bad_value_lists_the_values() -> None:
    _, errors = parse_options("zero-bid-miss=sometimes", JB_OPTIONS)
    assert errors == [
        "option 'zero-bid-miss' cannot be 'sometimes'; allowed values: first-trick, "
        "all-tricks, flat"
    ]


def test_parse_malformed_pairs() -> None:
    chosen, errors = parse_options("turn-order, deals=, =3, a==b, max-bid=none", JB_OPTIONS)
    assert chosen == {"max-bid": "none"}
    assert errors == [
        "'turn-order' is not of the form key=value",
        "'deals=' is not of the form key=value",
        "'=3' is not of the form key=value",
        "'a==b' is not of the form key=value",
    ]


def test_parse_duplicate_key() -> None:
    chosen, errors = parse_options("deals=4, deals=5", JB_OPTIONS)
    assert chosen == {"deals": "4"}
    assert errors == ["option 'deals' is given twice"]


def test_parse_integer_range() -> None:
    for text in ("even-adjust-amount=-1", "even-adjust-amount=14", "even-adjust-amount=one"):
        _, errors = parse_options(text, JB_OPTIONS)
        assert errors
        assert "whole number from 0 to 13" in errors[0]
    assert parse_options("deals=100", JB_OPTIONS) == ({"deals": "100"}, [])


def test_resolve_fills_defaults() -> None:
    resolved = resolve({"deals": "13"}, JB_OPTIONS)
    assert set(resolved) == set(JB_OPTIONS)
    assert resolved["deals"] == "13"
    assert resolved["even-adjust-scope"] == "all-players"
    with pytest.raises(ValueError, match="unknown"):
        resolve({"nope": "1"}, JB_OPTIONS)


def test_readings() -> None:
    readings = Readings(resolve({}, JB_OPTIONS))
    assert readings.integer("even-adjust-amount") == 1
    assert readings["turn-order"] == "free"
    assert len(readings) == len(JB_OPTIONS)
    assert "deals=0" in readings.describe()


def test_option_values_is_the_former_name_of_readings_and_warns() -> None:
    from trufspec.spec import options

    with pytest.warns(DeprecationWarning, match="OptionValues is deprecated; use Readings"):
        assert options.OptionValues is Readings


def test_option_validation() -> None:
    with pytest.raises(ValueError, match="not allowed"):
        Option(key="x", ruleset="truf-jb", choices=("a",), default="b", doc="d")
    with pytest.raises(ValueError, match="minimum"):
        Option(key="x", ruleset="truf-jb", choices=None, default="1", doc="d")
    with pytest.raises(ValueError, match="kebab"):
        Option(key="X_Y", ruleset="truf-jb", choices=("a",), default="a", doc="d")
