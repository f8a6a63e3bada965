"""What the command line prints and how it ends: quiet success, the exit-code rule, and the
paths that name no records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runs import VALID, run, write

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(ROOT.glob("records/*/*.truf"))
"""The sample games and score sheets of every ruleset, which check clean."""

ACKNOWLEDGED = ROOT / "records" / "truf-jb" / "acknowledged-revoke-and-score-slip-2027-09-10.truf"


# ------------------------------------------------------------------------ quiet success


@pytest.mark.slow
def test_a_clean_check_of_the_samples_is_two_lines() -> None:
    result = run("check", *SAMPLES)
    assert result.returncode == 0, result.stdout + result.stderr
    notes, verdict = result.stdout.splitlines()
    assert notes == (
        "35 deals not fully checked for lack of facts, 3 further notes, "
        "10 acknowledged irregularities; --show-info lists them"
    )
    assert verdict == f"no problems found in {len(SAMPLES)} files, {len(SAMPLES)} games, 222 deals"


@pytest.mark.slow
def test_show_info_lists_every_note(tmp_path: Path) -> None:
    sheet = write(tmp_path / "sheet.truf", VALID)
    folded = run("check", sheet).stdout.splitlines()
    assert folded == [
        "1 deal not fully checked for lack of facts; --show-info lists them",
        "no problems found in 1 file, 1 game, 1 deal",
    ]
    shown = run("check", "--show-info", sheet).stdout
    assert f"{sheet}:5:1: info REC015 deal 1: not checked for lack of facts" in shown
    assert "--show-info lists them" not in shown


@pytest.mark.slow
def test_folded_notes_stay_in_json_and_statistics() -> None:
    document = json.loads(run("check", "--format", "json", ACKNOWLEDGED).stdout)
    severities = sorted(d["severity"] for d in document["files"][0]["diagnostics"])
    assert severities == ["acknowledged"] * 3
    statistics = run("check", "--statistics", ACKNOWLEDGED).stdout.splitlines()
    assert [line.split()[:2] for line in statistics[:-1]] == [
        ["1", "JB305"],
        ["1", "JB404"],
        ["1", "JB409"],
    ]


@pytest.mark.slow
def test_errors_are_printed_in_full_and_notes_folded(tmp_path: Path) -> None:
    broken = write(tmp_path / "broken.truf", VALID + "score Ana 1 Budi 2 Citra 3 Dewi 4\n")
    lines = run("check", broken).stdout.splitlines()
    assert lines[0].startswith(f"{broken}:9:")
    assert " error " in lines[0]
    assert lines[-2] == "1 deal not fully checked for lack of facts; --show-info lists them"


# ------------------------------------------------------------------------ nothing checked


@pytest.mark.slow
@pytest.mark.parametrize("command", ["check", "fmt", "score", "coverage"])
def test_a_folder_without_records_exits_2(tmp_path: Path, command: str) -> None:
    (tmp_path / "empty").mkdir()
    result = run(command, "empty", cwd=tmp_path)
    assert result.returncode == 2
    assert (
        result.stderr.splitlines()[-1]
        == "trufspec: error: empty: no records (*.truf files) in this directory"
    )
    assert "0 files" not in result.stdout + result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("command", ["check", "fmt", "score", "coverage"])
def test_a_missing_path_among_several_is_reported_and_the_others_done(
    tmp_path: Path, command: str
) -> None:
    write(tmp_path / "good" / "club.truf", VALID)
    (tmp_path / "empty").mkdir()
    result = run(command, "good", "recrods", "empty", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-2:] == [
        "trufspec: error: recrods: no such file or directory",
        "trufspec: error: empty: no records (*.truf files) in this directory",
    ]
    done = {
        "check": "no problems found in 1 file, 1 game, 1 deal",
        "fmt": "1 file reformatted",
        "score": "Club night",
        "coverage": "1 file",
    }[command]
    assert done in result.stdout + result.stderr


@pytest.mark.slow
def test_the_other_paths_are_checked_with_their_findings(tmp_path: Path) -> None:
    write(tmp_path / "broken.truf", VALID + "score Ana 1 Budi 2 Citra 3 Dewi 4\n")
    result = run("check", "broken.truf", "nowhere.truf", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout.splitlines()[-1] == "1 file, 1 game, 1 deal: 4 errors, 0 warnings"


# ------------------------------------------------------------------------ exit codes


@pytest.mark.slow
@pytest.mark.parametrize("command", ["check", "score", "coverage"])
@pytest.mark.parametrize(
    ("option", "message"),
    [
        (
            "trump-lead=sometimes",
            "option 'trump-lead' cannot be 'sometimes'; allowed values: free, until-broken",
        ),
        ("deals=999", "option 'deals' must be a whole number from 0 to 100, not '999'"),
        ("trump-laed=free", "no ruleset has an option 'trump-laed'"),
    ],
)
def test_a_bad_reading_on_the_command_line_is_a_usage_error(
    tmp_path: Path, command: str, option: str, message: str
) -> None:
    result = run(command, "--option", option, write(tmp_path / "club.truf", VALID))
    assert result.returncode == 2
    assert result.stdout == ""
    assert f"Error: Invalid value for --option: {message}" in result.stderr


@pytest.mark.slow
def test_a_bad_reading_in_a_record_is_a_finding_of_that_record(tmp_path: Path) -> None:
    tagged = VALID.replace("[Players", '[Options "max-bid=99"]\n[Players')
    result = run("check", write(tmp_path / "club.truf", tagged))
    assert result.returncode == 1
    assert f"{tmp_path / 'club.truf'}:3:1: error REC014 option 'max-bid'" in result.stdout


def test_the_exit_code_rule_is_written_in_the_cli_page() -> None:
    page = (ROOT / "docs" / "cli.rst").read_text(encoding="utf-8")
    assert "Usage errors exit 2" in page


# ------------------------------------------------------------------------ rules


@pytest.mark.slow
def test_an_ambiguous_slug_lists_its_clauses() -> None:
    result = run("rules", "follow-suit")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "trufspec: 'follow-suit' names 4 clauses; name one as RULESET/SLUG or by its code:",
        "  truf-jb/follow-suit           JB305  Follow suit",
        "  ruff-and-honours/follow-suit  RH303  Follow suit",
        "  truf-basics/follow-suit       TB303  Follow suit",
        "  truf-de/follow-suit           TD305  Follow suit",
    ]


@pytest.mark.slow
def test_a_clause_is_named_by_ruleset_and_slug() -> None:
    result = run("rules", "truf-de/follow-suit")
    assert result.returncode == 0
    assert result.stdout.startswith("TD305 follow-suit: Follow suit\n")
    assert run("rules", "truf-jb/no-such-rule").returncode == 2


# ------------------------------------------------------------------------ score

EVENING = """\
[Event "Friday club"]
[Round "{round}"]
[Date "2026.11.27"]
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]

deal 1
bids Ana: 3 Budi: 7 Citra: 0 Dewi: 7
contract Dewi trump S atas
tricks Ana 0 Budi 4 Citra 7 Dewi 2
score  Ana -6 Budi -6 Citra -11 Dewi {dewi}
"""


@pytest.mark.slow
def test_score_gives_each_game_its_own_heading(tmp_path: Path) -> None:
    write(
        tmp_path / "friday.truf",
        EVENING.format(round=1, dewi=-10) + "\n" + EVENING.format(round=2, dewi=-10),
    )
    result = run("score", "friday.truf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    headings = [line for line in result.stdout.splitlines() if line.startswith("friday.truf")]
    assert headings == [
        "friday.truf:1: Friday club, round 1, 2026.11.27 (truf-jb)",
        "friday.truf:13: Friday club, round 2, 2026.11.27 (truf-jb)",
    ]


@pytest.mark.slow
def test_score_names_the_errors_it_fails_on(tmp_path: Path) -> None:
    write(
        tmp_path / "friday.truf",
        EVENING.format(round=1, dewi=-9) + "\n" + EVENING.format(round=2, dewi=-8),
    )
    result = run("score", "friday.truf", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr == (
        "trufspec: 2 errors in the records; the first: friday.truf:11:33: JB404 Dewi bid 7 and took 2 in a "
        "high game, which scores -10 (2 per trick short, 1 per trick over), not -9 (and 1 more); "
        "trufspec check lists them\n"
    )


@pytest.mark.slow
def test_score_standings_across_games(tmp_path: Path) -> None:
    write(tmp_path / "one.truf", EVENING.format(round=1, dewi=-10))
    write(tmp_path / "two.truf", EVENING.format(round=2, dewi=-10).replace("Citra", "Eko"))
    result = run("score", "--standings", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "standings of truf-jb, 2 games",
        "   player  games  wins  points",
        "1  Ana         2     2     -12",
        "2  Budi        2     2     -12",
        "3  Citra       1     0     -11",
        "4  Eko         1     0     -11",
        "5  Dewi        2     0     -20",
    ]
    document = json.loads(run("score", "--standings", "--format", "json", ".", cwd=tmp_path).stdout)
    assert document["standings"][0] == {
        "rank": 1,
        "side": "Ana",
        "games": 2,
        "wins": 2,
        "points": -12,
        "ruleset": "truf-jb",
        "teams": False,
    }


@pytest.mark.slow
def test_standings_rank_each_ruleset_apart_and_teams_apart_from_players() -> None:
    """Points of different scales are not added, and a team is not ranked among players."""
    records = ROOT / "records"
    paths = [
        records / "truf-jb" / "club-night-2027-03-05.truf",
        records / "ruff-and-honours" / "club-night-2026-10-06.truf",
        records / "truf-de" / "club-night-2026-10-09.truf",
    ]
    result = run("score", "--standings", *map(str, paths), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    titles = [line for line in result.stdout.splitlines() if line.startswith("standings of ")]
    assert titles == [
        "standings of ruff-and-honours, teams, 1 game",
        "standings of truf-de, 1 game",
        "standings of truf-jb, 1 game",
    ]
    assert "   team              games  wins  points" in result.stdout.splitlines()
    document = json.loads(
        run("score", "--standings", "--format", "json", *map(str, paths), cwd=ROOT).stdout
    )
    firsts = [(s["ruleset"], s["teams"]) for s in document["standings"] if s["rank"] == 1]
    assert firsts == [("ruff-and-honours", True), ("truf-de", False), ("truf-jb", False)]
