"""``trufspec play`` as a person meets it: the screens of each ruleset from scripted input.

A deal is played in the process (the table of the command, fed lines by a script) for every
ruleset: at the first prompt of each phase the player asks for ``help``, whose examples must
be legal at that moment; cards are typed in small letters and a Tromplemond call by its name
alone; the screens must speak to You in the second person, call a deal what the rules call it,
hide the other players' bids and slips until the count, and end with a sheet of the deals
scored.  The command line's own promises (the save file checked before the game, a saved game
taken up again, games that end) are run as a person would run them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from terminal_runs import run

import trufspec
from trufspec.diagnostics import Severity
from trufspec.referee import STATES
from trufspec.referee.actions import Choose
from trufspec.rulesets import RULESETS
from trufspec.simulate.terminal import open_table, score_sheet

OPTIONS = {"tromplemond": {"betting": "tromp"}}
"""Readings that bring every phase to the screen (Tromplemond's calls come with betting)."""
WRONG_PERSON = re.compile(r"\bYou (takes|plays|holds|claims|votes|does|has|is|was)\b")
SLIP = re.compile(r"^(Ana|Budi|Citra): (You|Ana|Budi|Citra)$")


def play_a_deal(ruleset: str) -> tuple[list[str], list[str]]:
    """The lines written while a deal of ``ruleset`` is played from a script, and what was
    typed; the script checks each help's examples against the rules as it goes."""
    out: list[str] = []
    typed: list[str] = []
    table = open_table(ruleset, "You", 1, 4, 11, OPTIONS.get(ruleset, {}), out.append)
    state = table.state
    helped: set[str] = set()

    def read() -> str:
        if typed and typed[-1] == "help":
            shown = "\n".join(
                out[
                    out.index(
                        f"{table.word} {state.deal_number}, {state.phase}: what you may type now."
                    ) :
                ]
            )
            assert f"trufspec rules {ruleset}" in shown
            for examples in re.findall(r"such as ([^.;)]+)", shown):
                for example in re.split(r", | or ", examples):
                    action = state.action("You", example)
                    assert state.why_not(action) is None, (ruleset, state.phase, example)
        if state.deal_number > 1 or len(typed) > 300:
            line = "quit"
        elif state.phase not in helped:
            helped.add(state.phase)
            line = "help"
        elif state.phase == "play":
            line = str(state.legal_actions("You")[-1]).lower()
        elif state.phase == "calls":
            calls = [str(a) for a in state.legal_actions("You") if isinstance(a, Choose)]
            line = next(c for c in calls if c.startswith("tromp")).split('"')[1].lower()
        else:
            line = "auto"
        typed.append(line)
        return line + "\n"

    assert table.run(read) == "quit"
    out.append(score_sheet(state.record(), False))
    return out, typed


@pytest.mark.parametrize("ruleset", sorted(STATES))
def test_the_screens_of_a_deal(ruleset: str) -> None:
    out, typed = play_a_deal(ruleset)
    text = "\n".join(out)
    word = RULESETS[ruleset].deal_word
    assert f"--- {ruleset}, {word} 1:" in text
    assert f"--- {word} 1 is scored ---" in text
    assert not WRONG_PERSON.search(text), WRONG_PERSON.search(text)
    # Typed in small letters (a card) or by its name alone (a call), and taken.
    for line in typed:
        if line not in ("help", "auto", "quit"):
            assert re.search(rf"^You: (tromp \")?{re.escape(line)}", text, re.I | re.M), line
    # The other players' slips are not shown before the count.
    assert not [line for line in out if SLIP.match(line)]
    sheet = out[-1]
    assert sheet.startswith(f"Score sheet ({ruleset}), 1 {word}:")
    assert "?" not in sheet
    assert "no winner yet" in sheet


def test_a_tromplemond_table_lists_the_calls_one_a_line_and_says_who_voted() -> None:
    out, _ = play_a_deal("tromplemond")
    lines = "\n".join(out).splitlines()
    assert "You, your choice? One of:" in lines
    assert '  tromp "Grand Tromplemond!"' in lines
    assert "Ana has voted." in out


def test_an_even_truf_game_offers_its_two_choices_once() -> None:
    out: list[str] = []
    for seed in range(200):
        table = open_table("truf-jb", "You", 1, 4, seed, {}, out.append)
        state = table.state
        while state.phase == "bids":
            player = state.current_player
            assert player is not None
            state.apply(table.bots.choose(state, player))
        if state.phase == "contract" and state.current_player == "You":
            offered = [str(a) for a in table._offered()]
            if any("adjust" in str(a) for a in state.legal_actions("You")):
                assert len(offered) == 2, offered
                return
    pytest.fail("no even game in 200 deals")


@pytest.mark.slow
def test_messages_to_you_are_in_the_second_person() -> None:
    out: list[str] = []
    table = open_table("truf-de", "You", 1, 4, 3, {}, out.append)
    lines = iter(["auto", "2c", "quit"])
    assert table.run(lambda: next(lines) + "\n") == "quit"
    refused = [line for line in out if line.startswith("Not allowed")]
    assert refused, "2C was taken"
    assert all(not WRONG_PERSON.search(line) for line in refused)
    assert all("You play" in line or "You bid" in line for line in refused), refused


@pytest.mark.slow
def test_the_save_file_is_checked_before_the_game(tmp_path: Path) -> None:
    missing = run("truf-de", "--save", str(tmp_path / "no" / "such" / "x.truf"), stdin="auto\n")
    assert missing.returncode == 2
    assert "does not exist" in missing.stderr
    assert "deal 1" not in missing.stdout
    kept = tmp_path / "kept.truf"
    kept.write_text("a game worth keeping\n", encoding="utf-8")
    taken = run("truf-de", "--save", str(kept), stdin="auto\n")
    assert taken.returncode == 2
    assert "exists already" in taken.stderr
    assert kept.read_text(encoding="utf-8") == "a game worth keeping\n"


@pytest.mark.slow
def test_a_saved_game_is_taken_up_again_and_ends(tmp_path: Path) -> None:
    saved = tmp_path / "friday.truf"
    first = run("truf-de", "--seed", "5", "--save", str(saved), stdin="auto\n" * 3)
    assert first.returncode == 0, first.stderr
    assert "The input ended" in first.stdout
    assert f"--resume {saved}" in first.stdout
    second = run("--resume", str(saved), "--deals", "1", stdin="auto\n" * 40)
    assert second.returncode == 0, second.stderr
    assert f"Taken up from {saved}" in second.stdout
    assert "This table stops after deal 1." in second.stdout
    assert "Score sheet (truf-de), 1 deal:" in second.stdout
    text = saved.read_text(encoding="utf-8")
    assert not [d for d in trufspec.check_text(text).diagnostics if d.severity is Severity.ERROR]
    assert len(trufspec.loads(text).games[0].deals) == 1


@pytest.mark.slow
def test_a_truf_jb_game_of_deals_ends_with_a_winner() -> None:
    ended = run("truf-jb", "--deals", "1", "--seed", "2", stdin="auto\n" * 40)
    assert "How the game ends (JB502, Length of the game)" in ended.stdout
    assert "Read here with deals=1 " in ended.stdout
    assert "The game is over; the winner:" in ended.stdout


@pytest.mark.slow
def test_help_says_how_a_game_ends() -> None:
    shown = run("--help", stdin="").stdout
    assert "--deals" in shown
    assert "in the words of the ruleset's own rule" in " ".join(shown.split())
    start = run("truf-jb", stdin="quit\n").stdout
    assert "Read here with deals=0 " in start
    assert "This table plays on until you quit (--deals N stops it after N deals)." in start


@pytest.mark.slow
def test_a_card_marked_with_an_exclamation_mark_is_refused_to_the_player() -> None:
    """A player at the terminal cannot let their own irregularity stand: a card typed with !
    is refused with the reason, nothing is played, and help no longer offers it."""
    out: list[str] = []
    table = open_table("truf-de", "You", 1, 4, 3, {}, out.append)
    state = table.state
    marked: list[str] = []

    def card() -> str:
        legal = {str(a) for a in state.legal_actions("You")}
        hand = [str(c) for c in state.view("You").hand]
        marked.append(next((c for c in hand if c not in legal), hand[0]).lower() + "!")
        return marked[-1]

    lines: Iterator[Callable[[], str]] = iter(
        [lambda: "auto", lambda: "help", card, lambda: "quit"]
    )
    table.run(lambda: next(lines)() + "\n")
    text = "\n".join(out)
    assert "KS!" not in text
    assert f"You cannot mark '{marked[0]}' with '!'".lower() in text.lower()
    assert "never by the player who commits it" in text
    assert not re.search(r"^You: \w+!", text, re.M)
