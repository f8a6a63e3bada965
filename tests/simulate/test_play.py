"""``trufspec play``: a whole game in the terminal from scripted input, for every ruleset the
bots play through the referee.

The script is found by playing the same table in this process (the same seed deals the same
cards and moves the same bots) with a player who types, at their first card, words that are no
action, a card they do not hold, a card the rules forbid, an empty line and ``help``, and
afterwards legal cards of their own or ``auto``.  The command, fed that script on standard
input, must refuse each wrong line with the rule quoted from its source, play to the end, print
the score sheet and save a record that checks clean with the referee's winners.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from terminal_runs import run

import trufspec
from trufspec.diagnostics import Severity
from trufspec.referee import STATES, BidCards, PlayCard, Vote
from trufspec.referee.tricks import TrickGame
from trufspec.simulate.terminal import Table, open_table

TRICK_GAMES = sorted(r for r, state in STATES.items() if issubclass(state, TrickGame))
"""The rulesets whose games are played card by card (every one but Tromplemond, whose game
has a test of its own)."""
PLAYABLE = sorted(STATES)
"""The rulesets ``play`` offers: every one the referee runs."""
SHORT = {"truf-jb": {"deals": "2"}}
"""Readings that keep a game short where the ruleset lets the table choose its length."""


def script(ruleset: str, seed: int, seat: int) -> tuple[list[str], set[str], Table]:
    """The lines a player types in the game of ``seed``, the codes of the refusals they
    provoke, and the table played to its end."""
    lines: list[str] = []
    refusals: set[str] = set()
    table = open_table(ruleset, "Me", seat, 4, seed, SHORT.get(ruleset, {}), lambda line: None)
    state, rng = table.state, random.Random(seed)
    wrong: list[str] = []

    def read() -> str:
        if state.phase == "play" and not refusals:
            hand = state.hand("Me")
            missing = next(
                c
                for c in trufspec.cards.FULL_PACK
                if c not in hand and all(c not in state.hand(p) for p in state.players)
            )
            not_held = state.why_not(PlayCard("Me", missing))
            illegal = [c for c in hand if not state.is_legal(PlayCard("Me", c))]
            assert not_held is not None
            refusals.add(not_held.code)
            wrong.extend(["play a card", str(missing), "", "help"])
            if illegal:
                problem = state.why_not(PlayCard("Me", illegal[0]))
                assert problem is not None
                refusals.add(problem.code)
                wrong.insert(2, str(illegal[0]))
        if wrong:
            line = wrong.pop(0)
        elif state.phase == "play":
            line = str(rng.choice(state.legal_actions("Me")))
        else:
            line = "auto"
        lines.append(line)
        return line + "\n"

    assert table.run(read) == "over"
    return lines, refusals, table


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", TRICK_GAMES)
def test_a_whole_game_from_scripted_input(ruleset: str, tmp_path: Path) -> None:
    lines, refusals, table = script(ruleset, 7, 2)
    saved = tmp_path / "game.truf"
    options = [f"--option={k}={v}" for k, v in SHORT.get(ruleset, {}).items()]
    result = run(
        ruleset,
        "--seed",
        "7",
        "--name",
        "Me",
        "--seat",
        "2",
        *options,
        "--save",
        str(saved),
        stdin="\n".join(lines) + "\n",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert "Not allowed: 'play a card' is not" in out
    for code in refusals:
        assert f"({code})" in out
        clause = trufspec.spec.registry.default_registry().clause(code)
        quote = " ".join(clause.citations[0].quote.split())
        assert quote[:30] in " ".join(out.split())
    assert "Your hand: " in out and "*" in out
    assert f"The game is over; the winner: {' and '.join(table.state.winners)}." in out
    assert "winner: " + " and ".join(table.state.winners) in out
    report = trufspec.check_text(saved.read_text(encoding="utf-8"), str(saved))
    assert not [d for d in report.diagnostics if d.severity is Severity.ERROR]
    assert trufspec.loads(saved.read_text(encoding="utf-8")).games[0].tag("Winner") == " ".join(
        table.state.winners
    )
    assert saved.read_text(encoding="utf-8") == trufspec.dumps([table.state.record()])


@pytest.mark.slow
def test_a_whole_tromplemond_game_from_scripted_input(tmp_path: Path) -> None:
    """A game without tricks: claims, slips and cuts typed or left to ``auto``, a slip for
    oneself refused with the rule quoted, played to its end and saved."""
    table = open_table("tromplemond", "Me", 1, 4, 5, {}, lambda line: None)
    state = table.state
    lines: list[str] = ["ZZ"]

    def read() -> str:
        self_vote = state.phase == "votes" and "Me" in state.to_act and "Me" not in lines
        line = "Me" if self_vote else "auto"
        if self_vote:
            problem = state.why_not(Vote("Me", "Me"))
            assert problem is not None and problem.code == "TM205"
        lines.append(line)
        return line + "\n"

    assert table.run(read) == "over"
    saved = tmp_path / "game.truf"
    result = run(
        "tromplemond",
        "--seed",
        "5",
        "--name",
        "Me",
        "--seat",
        "1",
        "--save",
        str(saved),
        stdin="\n".join(lines) + "\n",
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "(TM205)" in result.stdout
    quote = " ".join(
        trufspec.spec.registry.default_registry().clause("TM205").citations[0].quote.split()
    )
    assert quote[:30] in " ".join(result.stdout.split())
    assert f"The game is over; the winner: {' and '.join(state.winners)}." in result.stdout
    report = trufspec.check_text(saved.read_text(encoding="utf-8"), str(saved))
    assert not [d for d in report.diagnostics if d.severity is Severity.ERROR]
    assert saved.read_text(encoding="utf-8") == trufspec.dumps([state.record()])


@pytest.mark.slow
def test_the_end_of_the_input_saves_the_game_so_far(tmp_path: Path) -> None:
    saved = tmp_path / "cut.truf"
    result = run("truf-jb", "--seed", "3", "--save", str(saved), stdin="auto\nauto\n")
    assert result.returncode == 0, result.stderr
    assert "The input ended: the game stops here." in result.stdout
    text = saved.read_text(encoding="utf-8")
    assert "play" in text and "score" not in text
    assert not [
        d for d in trufspec.check_text(text, "cut.truf").diagnostics if d.severity is Severity.ERROR
    ]


@pytest.mark.slow
def test_without_save_a_script_leaves_no_file(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "trufspec", "play", "truf-de", "--seed", "1"],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert result.returncode == 0 and "You left the game." in result.stdout
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_ctrl_c_ends_the_game_cleanly() -> None:
    table = open_table("truf-basics", "Me", 1, 4, 2, {}, lambda line: None)

    def interrupted() -> str:
        raise KeyboardInterrupt

    assert table.run(interrupted) == "interrupt"


@pytest.mark.slow
def test_a_bid_the_rules_forbid_is_refused_with_its_rule() -> None:
    said: list[str] = []
    table = open_table("truf-de", "Me", 1, 4, 5, {}, said.append)
    state = table.state
    while state.current_player != "Me":
        player = state.current_player
        assert player is not None
        state.apply(table.bots.choose(state, player))
    two = " ".join(str(c) for c in state.hand("Me")[:2])
    assert not state.is_legal(BidCards("Me", tuple(state.hand("Me")[:2])))
    answers = iter([two + "\n", "quit\n"])
    assert table.run(lambda: next(answers)) == "quit"
    refusal = next(line for line in said if line.startswith("Not allowed"))
    assert refusal.endswith("(TD201)")
    assert any(line.startswith("  TD201 ") for line in said)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("bridge",), "no game of 'bridge' can be played"),
        (("truf-de", "--players", "3"), "TD001"),
        (("truf-jb", "--option", "no-such=1"), "REC014"),
        (("truf-jb", "--name", "two words"), "REF002"),
        (("truf-jb", "--seat", "5"), "there are 4 seats"),
    ],
)
def test_a_table_the_referee_will_not_seat_is_refused(args: tuple[str, ...], message: str) -> None:
    result = run(*args, stdin="")
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


WORDS = [
    "QH",
    "10S",
    "A♠",
    "-JD",
    "3S -JD",
    "3S 3S",
    "-",
    "--",
    "discards",
    "discards 2C 3C 4C 5C",
    "declines",
    "atas",
    "trump H atas adjust +1",
    "bawah",
    "deal",
    "ZZ",
    "1",
    "0",
    "é",
    "\x00",
    "qh",
    "auto",
    "help",
    " ",
    "x" * 500,
]


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", PLAYABLE)
def test_no_line_typed_breaks_the_game(ruleset: str) -> None:
    """Random lines of words, cards and noise: each is acted on or refused, never a crash."""
    rng = random.Random(ruleset)
    said: list[str] = []
    table = open_table(ruleset, "Me", 2, 4, 11, {}, said.append)
    lines = iter(
        [" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 3))) + "\n" for _ in range(200)]
    )
    assert table.run(lambda: next(lines, "")) in ("eof", "over")
    assert any(line.startswith("Not allowed") for line in said)


@pytest.mark.slow
def test_bytes_that_are_not_text_are_refused_as_words(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "trufspec", "play", "truf-jb", "--seed", "2"],
        input=b"\xff\xfe\n\xc3\n",
        capture_output=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert result.returncode == 0 and b"Traceback" not in result.stdout + result.stderr
