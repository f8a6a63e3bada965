"""What a result depends on: games replayed under every reading of the rules.

For every ruleset a sample record whose result depends on a named ambiguity, with the exact
differences, and one whose result depends on none; the combinations and their limit; bad input
(options, games that do not parse, unknown rulesets, files that are not text); the command's
formats and exit codes, its JSON against the schema shipped in the package; and the corpus
table of the documentation, made again and compared.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from budgets import examples
from click.testing import CliRunner
from damage import assert_sound, damaged_records
from hypothesis import HealthCheck, given, settings

import trufspec
from trufspec.cli import main
from trufspec.readings import (
    NOTHING,
    Change,
    Difference,
    FigureChange,
    FindingChange,
    GameReadings,
    details,
    readings_bytes,
    readings_text,
    verdict,
)
from trufspec.readings.corpus import READINGS_PARALLEL_FROM, readings_paths, summarise
from trufspec.readings.in_practice import in_practice
from trufspec.readings.json import VERSION, render, schema
from trufspec.readings.render import render_markdown, render_text
from trufspec.readings.replay import LIMIT
from trufspec.rulesets import RULESETS

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records"


def game_of(relative: str) -> GameReadings:
    path = RECORDS / relative
    (game,) = readings_bytes(path.read_bytes(), str(path)).games
    return game


def difference(game: GameReadings, *changes: tuple[str, str]) -> Difference:
    """The difference the readings ``changes`` (ambiguity, reading) make."""
    found = [
        d
        for d in game.differences
        if [(c.ambiguity, c.reading) for c in d.changes] == list(changes)
    ]
    assert len(found) == 1, [d.changes for d in game.differences]
    return found[0]


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, [*args], catch_exceptions=False)
    return result.exit_code, result.output


# ------------------------------------------------------------- every ruleset: depends on one


def test_truf_jb_winner_depends_on_the_missed_zero_bid() -> None:
    game = game_of("truf-jb/notation-example.truf")
    assert game.winners == ("Ana", "Budi")
    assert (game.combined, game.combinations, game.replays) == (False, 82944, 18)
    flat = difference(game, ("JB-A8a", "flat"))
    assert flat.changes == (Change("JB-A8a", "zero-bid-miss", "flat"),)
    assert flat.kinds == ("winner", "score", "legality")
    assert flat.winners == ("Citra",)
    assert flat.figures == (
        FigureChange(1, 8, "score", "Citra", -11, -5),
        FigureChange(1, 8, "total", "Citra", -11, -5),
    )
    assert flat.findings == (
        FindingChange(
            True,
            "JB406",
            "error",
            36,
            "Citra bid zero and took 7, which scores -5 (5 lost for the bid), not -11",
        ),
        FindingChange(
            True, "JB409", "error", 37, "Citra's total after this deal is -5 (0 + -5), not -11"
        ),
    )
    all_tricks = difference(game, ("JB-A8a", "all-tricks"))
    assert not all_tricks.winner_changed
    assert all_tricks.figures == (
        FigureChange(1, 8, "score", "Citra", -11, -12),
        FigureChange(1, 8, "total", "Citra", -11, -12),
    )
    assert verdict(game) == (
        "the winner depends on JB-A8a, JB-A12 and JB-A12b; the record rules out 1 reading"
    )
    assert details(game)[0] == (
        "JB-A8a (the score of a missed zero bid): Ana and Budi under first-trick, Citra under flat"
    )
    # Played counterclockwise the record breaks the order of play: no dependence, evidence.
    assert details(game)[-1] == (
        "this record rules out turn-order=counterclockwise (JB-A11): the table did not play so"
    )
    assert "JB-A4c" in game.unchanged
    assert "JB-A8a" not in game.unchanged


def test_truf_basics_findings_depend_on_what_makes_subtract_valid() -> None:
    # The replay of truf-basics scores every round under the record's own contract and
    # targets, so no reading of its register moves a score: what depends on a reading is
    # whether the record is legal.
    game = game_of("truf-basics/six-rounds.truf")
    assert (game.combined, game.combinations, game.replays) == (True, 16, 15)
    subtract = difference(game, ("TB-A5", "result"))
    assert subtract.kinds == ("legality",)
    assert subtract.findings == (
        FindingChange(
            True,
            "TB204",
            "error",
            48,
            "Budi's SUBTRACT 8C -6C is invalid: it makes 2, below 5 (subtract-valid=result)",
        ),
        FindingChange(
            True,
            "TB204",
            "error",
            107,
            "Ana's SUBTRACT 10S -6S is invalid: it makes 4, below 5 (subtract-valid=result)",
        ),
    )
    assert [d.changes[0].ambiguity for d in game.differences] == ["TB-A5", "TB-A12"]
    assert game.unchanged == ("TB-A4", "TB-A7")
    # Under either reading Ana's SUBTRACT or a lead is against the rules: the table did not
    # play so, and the record rules both out.
    assert subtract.contradicted
    assert verdict(game) == (
        "the result does not depend on the reading of the rules; the record rules out 2 readings"
    )


def test_truf_de_winner_depends_on_who_wins_the_game() -> None:
    game = game_of("truf-de/score-sheet-example.truf")
    assert (game.combined, game.combinations, game.replays) == (False, 1440, 14)
    lowest = difference(game, ("TD-A10", "lowest-total"))
    assert lowest.kinds == ("winner", "legality")
    assert (game.winners, lowest.winners, lowest.figures) == (("Ana",), ("Dewi",), ())
    assert lowest.findings == (
        FindingChange(
            True,
            "TD503",
            "error",
            7,
            "the game is won by Dewi with the lowest total, -24, not by Ana",
        ),
    )
    three = difference(game, ("TD-A7", "three"))
    assert three.kinds == ("score", "legality")
    assert three.figures[:2] == (
        FigureChange(1, 10, "score", "Ana", 2, 4),
        FigureChange(1, 10, "score", "Dewi", 1, 2),
    )
    assert verdict(game) == "the winner depends on TD-A10"
    assert details(game) == [
        "TD-A10 (who wins the game): Ana under highest-total, Dewi under lowest-total, Budi "
        "under most-tricks, Citra under fewest-tricks, Budi under tricks-by-variant"
    ]
    assert game.unchanged == ("TD-A8", "TD-A9", "TD-A11", "TD-A12", "TD-A13")


def test_ruff_and_honours_record_rules_out_the_bar_at_the_start_of_the_hand() -> None:
    game = game_of("ruff-and-honours/score-sheet-league-2026-11-10.truf")
    assert (game.combined, game.combinations, game.replays) == (True, 192, 191)
    bar = difference(game, ("RH-A8c", "start-of-hand"))
    assert (game.winners, bar.winners) == (("Arthur+Fred",), ("Jean+Mabel",))
    assert bar.figures == (
        FigureChange(5, 37, "score", "Jean+Mabel", 1, 5),
        FigureChange(5, 37, "total", "Jean+Mabel", 8, 12),
        FigureChange(6, 44, "total", "Jean+Mabel", 8, 12),
    )
    assert [(f.code, f.line) for f in bar.findings] == [
        ("RH501", 6),
        ("RH404", 41),
        ("RH407", 42),
        ("RH502", 44),
    ]
    # Under either reading Jean+Mabel win at hand 5, and the table played a sixth hand: the
    # record rules both out, and the result depends on neither.
    assert bar.contradicted
    assert verdict(game) == (
        "the result does not depend on the reading of the rules; the record rules out 2 readings"
    )
    assert details(game) == [
        "this record rules out honour-points=1-and-2 (RH-A7): the table did not play so",
        "this record rules out honours-bar-timing=start-of-hand (RH-A8c): the table did not play so",
    ]


def test_tromplemond_record_rules_out_the_highest_card_losing_the_cut() -> None:
    game = game_of("tromplemond/club-night-2026-10-08.truf")
    assert (game.combined, game.combinations, game.replays) == (False, 3456, 13)
    cut = difference(game, ("TM-A3b", "highest"))
    assert (game.winners, cut.winners) == (("Jonas",), ("Tom",))
    assert cut.figures[:4] == (
        FigureChange(6, 125, "score", "Hannah", 0, 14),
        FigureChange(6, 125, "score", "Tom", -10, 1),
        FigureChange(6, 125, "score", "Priya", 6, 17),
        FigureChange(6, 125, "score", "Jonas", 32, 0),
    )
    assert cut.findings[:2] == (
        FindingChange(True, "TM503", "error", 6, "the winner is Tom with 38 points, not Jonas"),
        FindingChange(
            True,
            "TM206",
            "error",
            142,
            "Hannah is recorded as voted off, but Jonas cut the highest card",
        ),
    )
    # Under cut-loser=highest Jonas would have gone off, not Hannah, as the record says.
    assert cut.contradicted
    assert "this record rules out cut-loser=highest (TM-A3b): the table did not play so" in (
        details(game)
    )
    assert verdict(game).startswith("the result does not depend on the reading of the rules")


# ------------------------------------------------------------ every ruleset: depends on none

NONE = [
    ("truf-jb/score-sheet-thirteen-deals-2027-10-01.truf", 14),
    ("truf-basics/clauses/TB207-bid-winner.good.truf", 4),
    ("truf-de/clauses/TD209-even-total-adjust.good.truf", 7),
    ("ruff-and-honours/clauses/RH402-trick-points.good.truf", 7),
    ("tromplemond/worked-example-repaired.truf", 10),
]


@pytest.mark.parametrize(("relative", "ambiguities"), NONE, ids=[r for r, _ in NONE])
def test_a_result_that_depends_on_no_reading(relative: str, ambiguities: int) -> None:
    game = game_of(relative)
    assert game.skipped is None
    assert game.replays > 0
    assert game.differences == ()
    assert len(game.unchanged) == len(game.tried) == ambiguities
    assert verdict(game) == NOTHING


def test_the_thirteen_deal_sheet_is_won_whether_or_not_the_game_is_thirteen_deals() -> None:
    game = game_of("truf-jb/score-sheet-thirteen-deals-2027-10-01.truf")
    assert game.winners == ("Lestari",)
    assert {t.ambiguity: t.others for t in game.tried}["JB-A12"] == ("0",)


# --------------------------------------------------------------------------- combinations


def test_a_combination_is_listed_for_what_its_readings_change_only_together() -> None:
    game = game_of("ruff-and-honours/optional-ruff-2026-11-03.truf")
    together = difference(game, ("RH-A7", "1-and-2"), ("RH-A8c", "after-tricks"))
    assert together.winner_changed
    assert together.winners == ()
    assert together.figures == (FigureChange(4, 91, "total", "Priya+Sarah", 9, 8),)
    assert together.findings == ()
    assert not difference(game, ("RH-A7", "1-and-2")).winner_changed
    assert all(
        len(d.changes) == 1 or d.winner_changed or d.figures or d.findings for d in game.differences
    )


@pytest.mark.slow
def test_past_the_limit_each_reading_is_tried_on_its_own_and_below_it_every_combination() -> None:
    path = RECORDS / "truf-de/score-sheet-example.truf"
    data = path.read_bytes()
    (alone,) = readings_bytes(data, str(path)).games
    (combined,) = readings_bytes(data, str(path), limit=1440).games
    assert (alone.combined, alone.replays, alone.limit) == (False, 14, 256)
    assert (combined.combined, combined.replays) == (True, 1439)
    assert combined.differences[: len(alone.differences)] == alone.differences
    _, output = invoke("readings", str(path))
    assert (
        "14 other readings tried, each on its own: the readings of 7 ambiguities make 1440 "
        "combinations, more than the limit of 256" in output
    )
    _code, output = invoke("readings", "--limit", "1440", str(path))
    assert "1439 other readings tried: every combination of the readings of 7 ambiguities" in output


def test_a_value_outside_the_register_is_the_reading_in_force_and_the_register_s_are_tried() -> (
    None
):
    path = RECORDS / "truf-jb/notation-example.truf"
    (game,) = readings_bytes(path.read_bytes(), str(path), {"even-adjust-amount": "3"}).games
    tried = {t.ambiguity: (t.in_force, t.others) for t in game.tried}
    assert tried["JB-A6a"] == ("3", ("1", "2", "0"))
    assert game.in_force["even-adjust-amount"] == "3"


# ------------------------------------------------------------------------------ bad input

MIXED = """\
[Event "Unknown"]
[Ruleset "truf-xx"]
[Players "Ana Budi Citra Dewi"]

deal 1
dealer Ana

[Event "Broken"]
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]

deal 1
dealer Ana
bids Ana: 3 Budi: @@ Citra: 0 Dewi: 2

[Event "Fine"]
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]
[Options "zero-bid-miss=sometimes"]

deal 1
dealer Ana
bids Ana: 3 Budi: 7 Citra: 0 Dewi: 2
tricks Ana 3 Budi 6 Citra 1 Dewi 3
"""


def test_games_that_cannot_be_replayed_are_reported_and_the_others_go_on() -> None:
    unknown, broken, fine = readings_text(MIXED, "mixed.truf").games
    assert unknown.skipped == "ruleset 'truf-xx' is not known to trufspec"
    assert (
        broken.skipped
        == "the record does not parse: line 14: expected a card such as 7H or -10S or a number, "
        "found '@@'"
    )
    assert fine.skipped is None
    assert fine.replays == 18
    assert verdict(unknown) == "not replayed: ruleset 'truf-xx' is not known to trufspec"


def test_a_wrong_option_gets_the_check_s_rec014() -> None:
    *_, fine = readings_text(MIXED, "mixed.truf").games
    checked = [
        d for d in trufspec.check_text(MIXED, "mixed.truf").diagnostics if d.code == "REC014"
    ]
    assert fine.diagnostics == tuple(checked)
    assert fine.in_force["zero-bid-miss"] == "first-trick"
    code, output = invoke(
        "readings",
        "--option",
        "zero-bid-miss=never",
        str(RECORDS / "truf-jb/notation-example.truf"),
    )
    assert code == 2  # on the command line, a bad value is a usage error, as for check
    assert (
        "option 'zero-bid-miss' cannot be 'never'; allowed values: first-trick, all-tricks, flat"
        in output
    )


def test_an_option_no_ruleset_knows_is_a_usage_error() -> None:
    code, output = invoke(
        "readings", "--option", "zero-bid=flat", str(RECORDS / "truf-jb/notation-example.truf")
    )
    assert code == 2
    assert "no ruleset has an option 'zero-bid'" in output


def test_a_file_that_is_not_text_is_reported() -> None:
    readings = readings_bytes(b"[Event \xff]\n", "binary.truf")
    assert readings.games == ()
    assert [d.code for d in readings.diagnostics] == ["REC002"]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_records())
def test_damaged_records_get_readings_never_an_exception(text: str) -> None:
    readings = readings_text(text, "fuzz.truf", limit=8)
    assert_sound(text, readings.diagnostics)
    for game in readings.games:
        assert verdict(game)
        assert game.skipped is not None or game.ruleset in RULESETS


# ------------------------------------------------------------------------------- command


def test_the_command_exits_0_when_every_game_was_replayed(tmp_path: Path) -> None:
    code, output = invoke(
        "readings", "--verbose", str(RECORDS / "truf-jb/score-sheet-thirteen-deals-2027-10-01.truf")
    )
    assert code == 0
    lines = output.splitlines()
    assert lines[1] == "  the result does not depend on the reading of the rules"
    assert lines[3].startswith(
        "  readings in force: three-player-leftover=dead-card, max-bid=none,"
    )
    assert lines[4].startswith(
        "  14 ambiguities change nothing: JB-A3 (the 52nd card of a three-player game), "
    )
    code, output = invoke(
        "readings", str(RECORDS / "truf-jb/score-sheet-thirteen-deals-2027-10-01.truf")
    )
    assert output.splitlines()[-1] == "  14 ambiguities change nothing (--verbose lists them)"


def test_the_command_exits_1_when_a_game_could_not_be_replayed(tmp_path: Path) -> None:
    path = tmp_path / "mixed.truf"
    path.write_text(MIXED, encoding="utf-8")
    code, output = invoke("readings", str(path))
    assert code == 1
    assert (
        f"{path}:1: truf-xx, Ana Budi Citra Dewi\n  not replayed: ruleset 'truf-xx' is not known "
        f"to trufspec\n" in output
    )
    code, _ = invoke("readings", str(tmp_path / "missing.truf"))
    assert code == 2


def test_the_json_document_follows_its_schema(tmp_path: Path) -> None:
    path = tmp_path / "mixed.truf"
    path.write_text(MIXED, encoding="utf-8")
    paths = [
        str(RECORDS / "truf-jb/notation-example.truf"),
        str(RECORDS / "ruff-and-honours/optional-ruff-2026-11-03.truf"),
        str(path),
    ]
    code, output = invoke("readings", "--format", "json", *paths)
    assert code == 1
    document = json.loads(output)
    jsonschema.Draft202012Validator.check_schema(schema())
    jsonschema.Draft202012Validator(schema()).validate(document)
    assert document["version"] == VERSION == 1
    assert document["limit"] == 256
    files = {file["path"]: file for file in document["files"]}  # in the order of a directory walk
    first = files[paths[0]]["games"][0]
    assert first["verdict"].startswith("the winner depends on JB-A8a")
    flat = next(
        d
        for d in first["differences"]
        if d["readings"] == [{"ambiguity": "JB-A8a", "option": "zero-bid-miss", "reading": "flat"}]
    )
    assert flat["changes"] == ["winner", "score", "legality"]
    assert flat["winners"] == ["Citra"]
    assert flat["figures"][0] == {
        "deal": 1,
        "line": 8,
        "figure": "score",
        "player": "Citra",
        "before": -11,
        "after": -5,
    }
    assert flat["findings"][0]["change"] == "appears"
    assert flat["findings"][0]["code"] == "JB406"
    skipped = files[paths[2]]["games"]
    assert [g["skipped"] is not None for g in skipped] == [True, True, False]
    assert skipped[2]["diagnostics"][0]["code"] == "REC014"
    counts = {c["ambiguity"]: c for c in document["summary"]["ambiguities"]}
    assert counts["JB-A8a"] == {
        "ruleset": "truf-jb",
        "ambiguity": "JB-A8a",
        "title": "The score of a missed zero bid",
        "games": 2,
        "legality": 1,
        "score": 2,
        "winner": 1,
        "ruled_out": 0,
    }
    assert document["summary"]["skipped"] == 2


def test_markdown_opens_each_game_with_its_verdict_and_ends_with_the_table() -> None:
    paths = [
        str(RECORDS / "truf-de/score-sheet-example.truf"),
        str(RECORDS / "tromplemond/worked-example-repaired.truf"),
    ]
    code, output = invoke("readings", "--format", "markdown", *paths)
    assert code == 0
    assert (
        f"## `{paths[0]}`, line 1 (truf-de: Ana, Budi, Citra, Dewi)\n\n**the winner depends on TD-A10**"
        "\n\n- TD-A10 (who wins the game): Ana under highest-total, Dewi under lowest-total"
        in output
    )
    assert "**the result does not depend on the reading of the rules**" in output
    assert "| Ambiguity | Ruleset | Games | Legality | Score | Winner | Ruled out |" in output
    assert "| TD-A10 (who wins the game) | truf-de | 1 | 1 | 0 | 1 | 0 |" in output


@pytest.mark.slow
def test_several_processes_give_what_one_gives() -> None:
    paths = sorted(str(p) for p in RECORDS.glob("*/*.truf"))
    assert sum(Path(p).stat().st_size for p in paths) > READINGS_PARALLEL_FROM
    assert list(readings_paths(paths, jobs=2)) == list(readings_paths(paths, jobs=1))


# ------------------------------------------------------------------------- corpus table


@pytest.mark.slow
def test_the_documentation_s_table_is_the_one_the_sample_records_make() -> None:
    """Regenerate with ``python -m trufspec.readings.in_practice records/*/*.truf >
    docs/readings-in-practice.inc``."""
    made = in_practice(str(p) for p in RECORDS.glob("*/*.truf"))
    assert (ROOT / "docs" / "readings-in-practice.inc").read_text(encoding="utf-8") == made


def test_the_summary_counts_each_ambiguity_per_game() -> None:
    paths = [
        str(RECORDS / "truf-de/score-sheet-example.truf"),
        str(RECORDS / "truf-de/score-sheet-2026-11-14.truf"),
    ]
    summary = summarise(readings_paths(paths))
    counts = {c.ambiguity: (c.games, c.legality, c.score, c.winner) for c in summary.counts}
    assert counts["TD-A10"] == (2, 2, 0, 2)
    assert counts["TD-A7"] == (2, 2, 2, 0)
    assert (summary.files, summary.games, summary.skipped) == (2, 2, 0)


def test_the_documentation_s_example_is_what_the_command_prints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = (ROOT / "docs" / "readings.rst").read_text(encoding="utf-8")
    command, _, rest = text.partition("   $ trufspec readings ")[2].partition("\n")
    shown = rest.split("\n\n", 1)[0]
    monkeypatch.chdir(ROOT)
    code, output = invoke("readings", command)
    assert code == 0
    assert output == "".join(line[3:] + "\n" for line in shown.split("\n"))


def test_readings_the_record_contradicts_are_no_dependence_in_every_format() -> None:
    """The club night was not played counterclockwise (hundreds of turns would be out of
    order): the verdict does not say the winner depends on it, every format says the record
    rules it out, and the corpus table counts it apart."""
    path = RECORDS / "truf-jb" / "club-night-2027-03-05.truf"
    files = [readings_bytes(path.read_bytes(), str(path))]
    (game,) = files[0].games
    first = verdict(game)
    assert len(first) < 100
    assert "JB-A11" not in first
    assert first.endswith("the record rules out 3 readings")
    ruled = "this record rules out turn-order=counterclockwise (JB-A11): the table did not play so"
    assert f"  {ruled}" in render_text(files).splitlines()
    assert f"- {ruled}" in render_markdown(files).splitlines()
    document = json.loads(render(files, LIMIT))
    (shown,) = document["files"][0]["games"]
    assert shown["verdict"] == first
    assert ruled in shown["details"]
    counter = [d for d in shown["differences"] if d["readings"][0]["option"] == "turn-order"]
    assert [d["contradicted"] for d in counter] == [True]
    row = next(a for a in document["summary"]["ambiguities"] if a["ambiguity"] == "JB-A11")
    assert (row["winner"], row["ruled_out"]) == (0, 1)
