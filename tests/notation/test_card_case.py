"""Cards are read in any case, by one rule, wherever the notation is read.

A rank or a suit letter may be written in capitals or not (``QS``, ``qs``, ``Qs``, ``qS``,
``th``); every reader (the card parser, the two readers of the notation, the JSON records, the
referee and so the terminal game and the API, the editors' grammars and the Pygments lexer)
takes the same spellings, and the printer writes the canonical capitals.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from trufspec import check_text, dumps, loads
from trufspec.cards import CARD_PATTERN, CARD_SPELLINGS, FULL_PACK, parse_card
from trufspec.jsonrecords import read_json, write_json
from trufspec.lexer import BLACK_CARD, RED_CARD, TrufLexer
from trufspec.notation.words import is_bare
from trufspec.referee import new_game
from trufspec.referee.actions import Choose
from trufspec.referee.tricks import played

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "records" / "truf-jb" / "notation-example.truf"
CARD_WORD = re.compile(r"(?<![\w\"!\-])(10|[2-9TJQKA])([SHDC])(?![\w!\-])")
ASCII_SPELLINGS = sorted(s for s in CARD_SPELLINGS if s.isascii())


def recased(text: str, choose: random.Random) -> str:
    """``text`` with the letters of its cards (outside tags and comments) in a case drawn by
    ``choose``."""

    def one(match: re.Match[str]) -> str:
        return "".join(c.lower() if c.isalpha() and choose.random() < 0.5 else c for c in match[0])

    lines = []
    for line in text.splitlines(keepends=True):
        body, semicolon, comment = line.partition(";")
        if not body.startswith("["):
            body = CARD_WORD.sub(one, body)
        lines.append(body + semicolon + comment)
    return "".join(lines)


def test_every_casing_of_every_card_is_that_card() -> None:
    for card in FULL_PACK:
        rank, suit = card.rank.letter, card.suit.letter
        ranks = {rank, rank.lower()} | ({"T", "t"} if rank == "10" else set())
        for r in ranks:
            for s in (suit, suit.lower()):
                assert parse_card(r + s) is card
                assert re.fullmatch(CARD_PATTERN, r + s)


def test_a_bad_card_is_still_not_a_card() -> None:
    for word in ("1s", "11h", "xs", "kx", "k", "qss"):
        assert word not in CARD_SPELLINGS
        assert not re.fullmatch(CARD_PATTERN, word)


@settings(max_examples=examples(25), deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_record_reads_the_same_in_any_case(data: random.Random) -> None:
    text = EXAMPLE.read_text("utf-8")
    changed = recased(text, data)
    # The line reader reads the canonical layout; the grammar the same text on fewer lines.
    loose = changed.replace("\nhands\n  ", "\nhands ").replace("\n  Budi:", " Budi:")
    for variant in (changed, loose):
        assert dumps(loads(variant).games) == dumps(loads(text).games)
        assert check_text(variant).diagnostics == check_text(text).diagnostics


def test_a_name_that_reads_as_a_card_in_lower_case_is_printed_quoted() -> None:
    assert not is_bare("qs")
    assert not is_bare("th")
    assert is_bare("Ash")
    text = '[Ruleset "truf-jb"]\n[Players "qs Budi Citra Dewi"]\n\ndeal 1\ndealer "qs"\n'
    games = loads(text).games
    assert 'dealer "qs"' in dumps(games)
    assert dumps(loads(dumps(games)).games) == dumps(games)


def test_the_referee_takes_a_card_typed_in_any_case() -> None:
    assert played("Ana", "qh") == played("Ana", "QH")
    assert played("Ana", " Th ") == played("Ana", "10H")
    state = new_game("truf-jb", ["Ana", "Budi", "Citra", "Dewi"], seed=3)
    (bidder,) = state.to_act[:1]
    card = state.hand(bidder)[0]
    assert state.action(bidder, str(card).lower()) == state.action(bidder, str(card))


def test_the_referee_takes_a_trump_suit_in_any_case() -> None:
    state = new_game("truf-basics", ["Ana", "Budi", "Citra", "Dewi"], seed=0)
    while state.phase == "bids":
        state.apply(state.legal_actions(state.to_act[0])[0])
    assert state.phase == "contract"
    (winner,) = state.to_act
    for choice in state.legal_actions(winner):
        assert isinstance(choice, Choose)
        typed = state.action(winner, choice.words.lower())
        assert typed == choice
        assert state.why_not(typed) is None


def test_a_json_record_reads_cards_in_any_case() -> None:
    games = loads(EXAMPLE.read_text("utf-8")).games
    document = json.loads(write_json(games))
    hand = document["games"][0]["deals"][0]["sections"][1]["entries"][0]["cards"]
    document["games"][0]["deals"][0]["sections"][1]["entries"][0]["cards"] = [
        word.lower() for word in hand
    ]
    parsed = read_json(json.dumps(document))
    assert parsed.diagnostics == ()
    assert dumps(parsed.games) == dumps(games)


def test_the_editors_colour_every_spelling_as_a_card() -> None:
    grammar = json.loads(
        (ROOT / "editors" / "vscode" / "syntaxes" / "truf.tmLanguage.json").read_text("utf-8")
    )
    patterns = {
        name: re.compile(grammar["repository"][name]["match"])
        for name in grammar["repository"]
        if name.endswith("-card")
    }
    lexer = TrufLexer()
    for spelling in ASCII_SPELLINGS:
        card = CARD_SPELLINGS[spelling]
        red = card.suit.letter in "HD"
        matched = [name for name, p in patterns.items() if p.fullmatch(spelling)]
        tokens = [t for t, v in lexer.get_tokens(f"undealt {spelling}\n") if v == spelling]
        assert tokens == [RED_CARD if red else BLACK_CARD], spelling
        assert matched == ["red-card" if red else "black-card"], spelling
