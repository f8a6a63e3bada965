"""Printing and reading are inverses: the notation's promise that a record loses nothing.

The strategy builds random record *trees* (not text), so that every construct the records can
hold is printed and read back, including the rare ones a hand-written example forgets: names
that need quotes, marks on every figure, comments between the cards of a run.  Trees are built
without spans, which equality ignores, exactly as a program that writes records would build them.

Some trees cannot be written in the notation at all; the strategy leaves those out, and each
such rule says why:

* every game has tags, and every game but the last has a deal: a game is the block of tags
  that starts it, so two blocks of tags in a row are one block;
* a comment on its own line before a deal or before the first tag of a later game belongs to
  the end of what precedes it (the previous deal or block of tags), so deals and those tags
  carry no comment *before* them;
* a player carries the ``!`` mark only where the grammar has one (the contract winner, the
  player voted off, a trick's winner), and early-reveal and misdeal flags are bare words (they
  cannot be quoted, so none of them reads as a keyword or a card);
* a brace comment after the last card of a run reads as trailing the line, so an index stands
  at most before the last card;
* comment texts hold no carriage return: at the end of a line it reads as part of the line end.
"""

from __future__ import annotations

from typing import Any

import pytest
from budgets import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st
from record_strategies import game_lists

from trufspec.cards import FULL_PACK
from trufspec.notation.parse import parse_text
from trufspec.notation.printer import dumps
from trufspec.records import (
    Atom,
    BidEntry,
    Bids,
    Cards,
    Comment,
    Contract,
    Cut,
    Deal,
    Dealer,
    Figure,
    Game,
    HandEntry,
    Hands,
    Mode,
    Place,
    Play,
    Ruff,
    Stock,
    Tag,
    Trick,
    Tricks,
)

# When an example fails, Hypothesis loads a helper that writes the failing example as a patch,
# and that helper warns on import; the suite turns warnings into errors, which would replace
# the report of the failure with an internal error.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def one_deal(*body: Any) -> list[Game]:
    """A game of one tag and one deal: the smallest frame for a section."""
    return [Game((Tag("Event", "x"),), (Deal("deal", Atom(1), tuple(body)),))]


ANA, DEWI = Atom("Ana"), Atom("Dewi")
AS, KS, C2, C4 = (FULL_PACK[i] for i in (51, 50, 0, 2))
# Small trees that each hold one construct the printer and the parser must agree on, where
# they once did not; each is named after what it holds.
TWO_COMMENTS_AT_ONE_CARD = one_deal(
    Hands(
        (
            HandEntry(
                ANA, Cards((AS, KS)), comments=(Comment("{a}", index=0), Comment("{b}", index=0))
            ),
        )
    )
)
COMMENT_BEFORE_PER_CARD_TRICK = one_deal(
    Play(
        (Trick(Atom(1), DEWI, Cards((C2, C4)), (DEWI, ANA), comments=(Comment("{c}", index=-1),)),)
    )
)
COMMENT_IN_CUT = one_deal(Cut((ANA, DEWI), Cards((C2, C4)), comments=(Comment("{c}", index=0),)))
MARK_IN_CUT = one_deal(Cut((ANA, DEWI), Cards((C2, C4), acks=frozenset({0}))))
COMMENT_IN_RUFF = one_deal(Ruff(ANA, Cards((C2, C4)), comments=(Comment("{c}", index=0),)))
PLUS_IN_QUOTED_TEAM = one_deal(Tricks((Figure(("a+b", "Ana"), 3),)))
COMMENT_IN_BID = one_deal(
    Bids((BidEntry(ANA, Cards((C2, C4)), comments=(Comment("{c}", index=0),)),))
)
MODE_AFTER_A_QUOTED_WINNER = one_deal(Contract(Atom("AS"), mode=Atom(Mode.ATAS)))
ADJUST_OF_NOTHING = one_deal(Contract(ANA, adjust=Atom(0)))
NAME_AFTER_CARD_STARTS_WITH_A_CARD = one_deal(Cut((ANA, Atom("KS-x")), Cards((C2, C4))))
SUIT_SYMBOL_AFTER_FIGURES = one_deal(
    Tricks((Figure(("Ana",), 3),)), Stock(Cards((C2, C4)), comments=(Comment("; x"),))
)
COMMENT_IN_A_CANONICAL_HAND = one_deal(
    Hands((HandEntry(ANA, Cards((AS, KS)), comments=(Comment("{c}", index=0),)),))
)
QUOTED_TRICK_WINNER = one_deal(
    Play((Trick(Atom(1), ANA, Cards((C2,)), winner=Atom("AS")),)),
    Dealer(ANA, comments=(Comment("; after"),)),
)
WINNER_BEFORE_THE_NEXT_TRICK = one_deal(
    Play(
        (
            Trick(Atom(1), DEWI, Cards((C2, C4)), (DEWI, ANA), winner=ANA),
            Trick(Atom(2), ANA, Cards((AS,)), (ANA,)),
        ),
        comments=(Comment("{two tricks}", Place.BEFORE),),
    )
)


@settings(max_examples=examples(200), deadline=None)
@given(game_lists())
@example(TWO_COMMENTS_AT_ONE_CARD)
@example(COMMENT_BEFORE_PER_CARD_TRICK)
@example(COMMENT_IN_CUT)
@example(MARK_IN_CUT)
@example(COMMENT_IN_RUFF)
@example(PLUS_IN_QUOTED_TEAM)
@example(COMMENT_IN_BID)
@example(MODE_AFTER_A_QUOTED_WINNER)
@example(ADJUST_OF_NOTHING)
@example(NAME_AFTER_CARD_STARTS_WITH_A_CARD)
@example(COMMENT_IN_A_CANONICAL_HAND)
@example(QUOTED_TRICK_WINNER)
@example(WINNER_BEFORE_THE_NEXT_TRICK)
def test_printed_records_read_back_as_the_same_records(games: list[Game]) -> None:
    text = dumps(games)
    parsed = parse_text(text)
    assert parsed.diagnostics == (), text
    assert parsed.games == tuple(games), text


@settings(max_examples=examples(200), deadline=None)
@given(game_lists(), st.booleans())
@example(SUIT_SYMBOL_AFTER_FIGURES, True)
def test_printing_is_byte_stable(games: list[Game], unicode: bool) -> None:
    """print(parse(print(x))) == print(x): a formatted file never changes when formatted again."""
    text = dumps(games, unicode=unicode)
    parsed = parse_text(text)
    assert parsed.diagnostics == (), text
    assert dumps(parsed.games, unicode=unicode) == text


@settings(max_examples=examples(100), deadline=None)
@given(game_lists())
def test_unicode_and_ascii_prints_read_as_the_same_records(games: list[Game]) -> None:
    """The two card spellings are one notation: the Unicode print means what the ASCII one does."""
    assert parse_text(dumps(games, unicode=True)).games == parse_text(dumps(games)).games


def test_a_game_read_with_more_cards_than_names_prints_as_the_replay_pairs_them() -> None:
    """A trick in the per-card form with a card after another (REC012) keeps its names, not
    which card lacks one: it prints with the names before the first cards, and reads back
    with the same cards and the same fault."""
    text = '[Ruleset "truf-jb"]\n[Players "Ana Budi Citra Dewi"]\n\ndeal 1\nplay\n  1. Budi 6S JS Dewi 9S Ana 10S\n'
    parsed = parse_text(text)
    assert [d.code for d in parsed.diagnostics] == ["REC012"]
    printed = dumps(parsed.games)
    assert "1. Budi 6S Dewi JS Ana 9S 10S" in printed
    again = parse_text(printed)
    assert [d.code for d in again.diagnostics] == ["REC012"] and again.games[
        0
    ].deals == parsed.games[0].deals
