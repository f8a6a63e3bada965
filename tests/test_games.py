"""Every game is described once, by its package's descriptor; every listing of games reads the
registry, ``trufspec.games``, and no edge names a game."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest

import trufspec
from trufspec.games import GAMES, PREFIXES, game_of, load
from trufspec.notation.words import RESERVED
from trufspec.referee import STATES, NextDeal, PlayCard, Refused, new_game
from trufspec.referee.actions import Choose
from trufspec.referee.tricks import TrickGame
from trufspec.referee.truf import TrufState
from trufspec.rulesets import RULESETS
from trufspec.simulate import SIMULATORS, simulator_for
from trufspec.spec.clauses import CODE_PATTERN
from trufspec.spec.registry import default_registry

PLAYERS = ("Ana", "Budi", "Citra", "Dewi")


def test_every_listing_of_games_is_the_descriptors() -> None:
    ids = [game.id for game in GAMES]
    assert list(RULESETS) == ids
    assert list(STATES) == ids
    assert list(SIMULATORS) == ids
    for game in GAMES:
        assert RULESETS[game.id].id == game.id
        assert STATES[game.id].ruleset == game.id
        assert simulator_for(game.id).ruleset == game.id
        clauses = default_registry().clauses_of(game.id)
        assert clauses and all(c.code.startswith(game.prefix) for c in clauses)
        assert default_registry().options_of(game.id)
        assert game_of(game.id) is game
    with pytest.raises(KeyError):
        game_of("whist")


def test_a_clause_code_takes_a_games_prefix_or_the_notations() -> None:
    for prefix in (*PREFIXES, "REC"):
        assert CODE_PATTERN.match(f"{prefix}101")
    assert not CODE_PATTERN.match("XX101")


def test_only_a_card_or_a_tromplemond_bribe_can_be_let_stand() -> None:
    state = new_game("truf-jb", PLAYERS, seed=1)
    with pytest.raises(Refused, match="only a card played to a trick") as raised:
        state.acknowledged(NextDeal("Ana"))
    assert raised.value.diagnostic.code == "REF001"
    assert cast(PlayCard, state.acknowledged(PlayCard("Ana", state.hand("Ana")[0]))).acknowledged
    round_ = new_game("tromplemond", PLAYERS, seed=1)
    assert round_.acknowledged(Choose("Ana", "bribe Budi")) == Choose("Ana", "bribe Budi!")
    with pytest.raises(Refused, match="only a bribe"):
        round_.acknowledged(PlayCard("Ana", round_.hand("Ana")[0]))
    with pytest.raises(Refused, match="never by the player who commits it"):
        round_.action("Ana", "bribe Budi!")


# ------------------------------------------------------------------ the descriptors


def test_each_descriptor_says_what_its_parts_do() -> None:
    """What a descriptor states of its game, its parts hold to: the rule text is the game's,
    the referee seats the numbers of players it lists and no other, the bots' judgement fits
    the state machine, and the clauses, phases and words it names are the game's own."""
    registry = default_registry()
    for game in GAMES:
        assert game.source.id == game.id
        assert RULESETS[game.id].title == game.title
        assert RULESETS[game.id].deal_word == game.deal_word
        seated = []
        for count in range(1, 11):
            try:
                new_game(game.id, [f"P{seat}" for seat in range(count)], seed=0)
            except Refused:
                continue
            seated.append(count)
        assert tuple(seated) == game.seats
        state = STATES[game.id]
        assert (game.judgement == "truf") == issubclass(state, TrufState)
        assert (game.judgement == "claims") == (not issubclass(state, TrickGame))
        assert game.irregularities is None or callable(load(game.irregularities))
        for codes in game.choosing.values():
            assert {registry.clause(code).ruleset for code in codes} == {game.id}
        assert set(game.sections) <= RESERVED


# ------------------------------------------------------------------ no edge names a game

PACKAGE = Path(trufspec.__file__).parent

STATE_MACHINES = frozenset(
    f"{game.referee.partition(':')[0].removeprefix('trufspec.').replace('.', '/')}.py"
    for game in GAMES
)
"""The referee's game modules: each game's state machine, which its descriptor names, lies in
``trufspec/referee/`` until it moves into the game's package, and names its game throughout."""

ALLOWED = {
    # The bots' judgement of a game of claims and votes (BasicBot._tromplemond, the searcher's
    # worlds) is written against Tromplemond's state machine, pack and pot, and moves with them.
    "simulate/bots.py": {"tromplemond"},
    # The OpenAPI document's worked example is a deal of one game, written out.
    "serve/openapi.py": {"truf-basics"},
    # A message that says what a clause's code or name looks like gives one.
    "cli/rules.py": {"truf-jb"},
    "config.py": {"JB305"},
    "spec/registry.py": {"JB305"},
}
"""What a module outside the games' packages may still name, and why, beside
:data:`STATE_MACHINES`."""

_CODE = re.compile(rf"\b(?:{'|'.join(PREFIXES)})\d{{3}}\b")
"""A clause code of a game."""


def _words(text: str) -> tuple[str, ...]:
    """The words of a text or an identifier, in lower case (``TrufJbState``: truf, jb,
    state; ``truf_jb``, ``truf-jb``: truf, jb)."""
    split = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return tuple(word.lower() for word in re.split(r"[^A-Za-z0-9]+", split) if word)


NAMES = {
    _words(name): game.id for game in GAMES for name in (game.id, game.title, game.source.title)
}
"""Each game's names as runs of words: its id, however spelt, its title and its text's."""


def named(text: str) -> str | None:
    """The game a text or an identifier names (its id), or the code of a game's clause it
    gives; None when it names none."""
    words = _words(text)
    for name, id in NAMES.items():
        if any(words[at : at + len(name)] == name for at in range(len(words))):
            return id
    code = _CODE.search(text)
    return code.group(0) if code else None


def _prose(tree: ast.AST) -> set[int]:
    """The string constants that are prose for a reader, not code: the docstrings (of a
    module, a class, a function, an attribute) and the help texts of the command line."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for statement in body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    found.add(id(statement.value))
        if isinstance(node, ast.keyword) and node.arg == "help":
            found.update(id(inner) for inner in ast.walk(node.value))
    return found


def _names_in(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Each string constant (but prose) and identifier of a module, with its line."""
    prose = _prose(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in prose:
                yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.lineno, node.name
        elif isinstance(node, ast.arg):
            yield node.lineno, node.arg
        elif isinstance(node, ast.ImportFrom):
            yield node.lineno, node.module or ""
            for alias in node.names:
                yield node.lineno, alias.asname or alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.asname or alias.name


def _outside_the_games() -> list[Path]:
    """The modules of the package but the games' own packages, the registry and the state
    machines."""
    packages = [PACKAGE.parent / game.package.replace(".", "/") for game in GAMES]
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if not any(path.is_relative_to(package) for package in packages)
        and path != PACKAGE / "games.py"
        and path.relative_to(PACKAGE).as_posix() not in STATE_MACHINES
    ]


def test_no_module_outside_the_games_names_a_game() -> None:
    """An edge asks a game's descriptor what it needs and never names a game: a string or an
    identifier naming one, or a code of one's clauses, is found here, save in the docstrings
    and help texts, where a game is an example, and what :data:`ALLOWED` lets stand."""
    found: dict[str, set[str]] = {}
    wrong = []
    for path in _outside_the_games():
        where = path.relative_to(PACKAGE).as_posix()
        for line, text in _names_in(ast.parse(path.read_text(encoding="utf-8"))):
            name = named(text)
            if name is None:
                continue
            found.setdefault(where, set()).add(name)
            if name not in ALLOWED.get(where, set()):
                wrong.append(f"trufspec/{where}:{line}: {name} in {text[:60]!r}")
    assert not wrong, "\n".join(wrong)
    assert {where: found.get(where, set()) for where in ALLOWED} == ALLOWED, "an entry is stale"
    assert all((PACKAGE / where).is_file() for where in STATE_MACHINES)


def _code_of_script(text: str) -> str:
    """A script without its comments (strings kept whole, so that ``//`` in one is no
    comment)."""
    kept = []
    at = 0
    while at < len(text):
        if text.startswith("//", at):
            at = text.find("\n", at)
            at = len(text) if at < 0 else at
        elif text.startswith("/*", at):
            at = text.index("*/", at) + 2
        elif text[at] in "\"'`":
            end = at + 1
            while text[end] != text[at]:
                end += 2 if text[end] == "\\" else 1
            kept.append(text[at : end + 1])
            at = end + 1
        else:
            kept.append(text[at])
            at += 1
    return "".join(kept)


def test_no_script_of_the_pages_names_a_game() -> None:
    """The table page's script is told what it needs of each game by the page (from the
    descriptors): its code, comments aside, names none."""
    scripts = sorted((PACKAGE / "serve" / "web" / "static").glob("*.js"))
    assert PACKAGE / "serve" / "web" / "static" / "play.js" in scripts
    for script in scripts:
        code = _code_of_script(script.read_text(encoding="utf-8"))
        for line in code.splitlines():
            assert named(line) is None, f"{script.name}: {line.strip()}"


def test_the_check_finds_a_game_however_it_is_named() -> None:
    for text in ("truf-jb", "TRUF_JB", "TrufJbState", "ruff_and_honours", "Ruff and Honours"):
        assert named(text) is not None, text
    assert named("TD207") == "TD207"
    for text in ("truf-deal", "ruff-only", "trump", "REC013", "JB3", "deal_word"):
        assert named(text) is None, text
    assert _code_of_script('a = "x // y"; // truf-jb\n/* tromplemond */ b') == 'a = "x // y"; \n b'
