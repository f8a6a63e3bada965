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

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from trufspec.cards import FULL_PACK, NT, Suit
from trufspec.notation.parse import parse_text
from trufspec.notation.printer import dumps
from trufspec.records import (
    Atom,
    BidEntry,
    Bids,
    Bribe,
    Cards,
    Claims,
    Comment,
    Contract,
    Cut,
    Deal,
    Dealer,
    Decide,
    Discards,
    EarlyReveal,
    Figure,
    Game,
    HandEntry,
    Hands,
    Honours,
    Misdeal,
    Mode,
    Off,
    Place,
    Play,
    Pot,
    Public,
    Ruff,
    Score,
    Secret,
    Stock,
    Tag,
    Total,
    Trick,
    Tricks,
    Tromp,
    Undealt,
    Vote,
    Votes,
)

# When an example fails, Hypothesis loads a helper that writes the failing example as a patch,
# and that helper warns on import; the suite turns warnings into errors, which would replace
# the report of the failure with an internal error.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

Draw = Callable[[st.SearchStrategy[Any]], Any]

NAMES = [
    "Ana",
    "Budi",
    "Citra",
    "Dewi",
    "Émile",
    "x-1",
    "_",
    "KS-x",
    # Names the printer must quote: cards, keywords, a space, quotes and backslashes, a plus.
    "AS",
    "As",
    "10H",
    "deal",
    "high",
    "NT",
    "Ana Maria",
    'say "hi"\\',
    "a+b",
]
FLAGS = ["intentional", "void", "waived", "accidental", "x-2", "ñame"]

names = st.sampled_from(NAMES)
marks = st.booleans()
one_line_text = st.text(
    st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs",)), max_size=12
)
brace_text = st.text(
    st.characters(blacklist_characters="}\r", blacklist_categories=("Cs",)), max_size=12
)
line_comment = one_line_text.map(lambda text: ";" + text)
brace_comment = brace_text.map(lambda text: "{" + text + "}")
any_comment = st.one_of(line_comment, brace_comment)


def player(draw: Draw, ack: bool = False) -> Atom[str]:
    return Atom(draw(names), ack=draw(marks) if ack else False)


def cards(draw: Draw, low: int = 0, high: int = 5) -> Cards:
    run = draw(st.lists(st.sampled_from(FULL_PACK), min_size=low, max_size=high))
    acks = draw(st.sets(st.integers(0, len(run) - 1), max_size=len(run))) if run else set()
    return Cards(tuple(run), acks=frozenset(acks))


def comments(draw: Draw, *, before: bool = True, run: int = 0) -> tuple[Comment, ...]:
    """Comments of a node in the order the parser finds them in the text: on their own lines
    before it, brace comments among its ``run`` cards, then trailing ones (braces, then at most
    one line comment, which runs to the end of the line)."""
    found: list[Comment] = []
    if before:
        found += [Comment(t, Place.BEFORE) for t in draw(st.lists(any_comment, max_size=2))]
    if run:
        indices = sorted(draw(st.lists(st.integers(-1, run - 2), max_size=2)))
        found += [Comment(draw(brace_comment), Place.AFTER, i) for i in indices]
    found += [Comment(t, Place.AFTER) for t in draw(st.lists(brace_comment, max_size=1))]
    found += [Comment(t, Place.AFTER) for t in draw(st.lists(line_comment, max_size=1))]
    return tuple(found)


@st.composite
def hand_entries(draw: Draw) -> HandEntry:
    run = cards(draw)
    return HandEntry(player(draw), run, comments=comments(draw, run=len(run)))


@st.composite
def hands(draw: Draw) -> Hands:
    kind = draw(st.sampled_from([Hands, Public, Claims, Secret]))
    entries = tuple(draw(st.lists(hand_entries(), max_size=3)))
    return kind(entries, draw(marks), comments=comments(draw))


@st.composite
def bid_entries(draw: Draw) -> BidEntry:
    restated = draw(st.none() | st.builds(Atom, st.integers(-20, 20), ack=marks))
    if draw(st.booleans()):
        run = cards(draw, low=1)
        minus = frozenset(draw(st.sets(st.integers(0, len(run) - 1))))
        found = comments(draw, run=len(run))
        return BidEntry(player(draw), run, minus, None, restated, comments=found)
    number = Atom(draw(st.integers(-5, 30)), ack=draw(marks))
    return BidEntry(player(draw), None, frozenset(), number, restated, comments=comments(draw))


@st.composite
def bids(draw: Draw) -> Bids:
    entries = tuple(draw(st.lists(bid_entries(), max_size=3)))
    return Bids(entries, draw(marks), comments=comments(draw))


@st.composite
def contracts(draw: Draw) -> Contract:
    trump_values = [*Suit, NT]
    trump = draw(st.none() | st.builds(Atom, st.sampled_from(trump_values), ack=marks))
    mode = draw(st.none() | st.builds(Atom, st.sampled_from(list(Mode)), ack=marks))
    adjust = draw(st.none() | st.builds(Atom, st.integers(-3, 3), ack=marks))
    return Contract(player(draw, ack=True), trump, mode, adjust, comments=comments(draw))


@st.composite
def tricks_played(draw: Draw) -> Trick:
    number = Atom(draw(st.integers(0, 13)))
    winner = player(draw, ack=True) if draw(st.booleans()) else None
    if draw(st.booleans()):
        run = cards(draw)
        found = comments(draw, run=len(run))
        return Trick(number, player(draw), run, (), winner, comments=found)
    run = cards(draw, low=1, high=4)
    players = tuple(player(draw) for _ in run)
    found = comments(draw, run=len(run))
    return Trick(number, players[0], run, players, winner, comments=found)


@st.composite
def plays(draw: Draw) -> Play:
    played = tuple(draw(st.lists(tricks_played(), max_size=3)))
    return Play(played, draw(marks), comments=comments(draw))


@st.composite
def figures(draw: Draw) -> Tricks:
    kind = draw(st.sampled_from([Tricks, Score, Total, Honours, Pot]))
    sides = draw(st.lists(st.lists(names, min_size=1, max_size=2), max_size=4))
    entries = tuple(
        Figure(tuple(side), draw(st.integers(-200, 200)), draw(marks)) for side in sides
    )
    return kind(entries, draw(marks), comments=comments(draw))


@st.composite
def card_sections(draw: Draw) -> Undealt | Stock | Discards:
    kind = draw(st.sampled_from([Undealt, Stock, Discards]))
    run = cards(draw, low=1)
    return kind(run, comments=comments(draw, run=len(run)))


@st.composite
def ruffs(draw: Draw) -> Ruff:
    form = draw(st.sampled_from(["cards", "unknown", "declines"]))
    if form == "cards":
        run = cards(draw, low=1)
        return Ruff(player(draw), run, comments=comments(draw, run=len(run)))
    return Ruff(player(draw), None, form == "declines", comments=comments(draw))


@st.composite
def votes(draw: Draw) -> Votes:
    def vote() -> Vote:
        form = draw(st.sampled_from(["tally", "slip", "blank"]))
        if form == "tally":
            return Vote(player(draw), None, draw(st.integers(-1, 9)), draw(marks))
        if form == "blank":
            return Vote(None, player(draw))
        return Vote(player(draw), player(draw), None, draw(marks))

    kind = draw(st.sampled_from([Votes, Decide]))
    entries = tuple(vote() for _ in range(draw(st.integers(0, 3))))
    return kind(entries, draw(marks), comments=comments(draw))


@st.composite
def cuts(draw: Draw) -> Cut:
    run = cards(draw, low=1, high=3)
    players = tuple(player(draw) for _ in run)
    return Cut(players, run, comments=comments(draw, run=len(run)))


@st.composite
def small_sections(draw: Draw) -> Any:
    """The sections of one player or a few words."""
    kind = draw(st.sampled_from(["dealer", "off", "bribe", "reveal", "misdeal", "tromp"]))
    found = comments(draw)
    flags = tuple(draw(st.lists(st.sampled_from(FLAGS), max_size=2)))
    if kind == "dealer":
        return Dealer(player(draw, ack=True), comments=found)
    if kind == "off":
        return Off(player(draw, ack=True), comments=found)
    if kind == "bribe":
        return Bribe(player(draw, ack=True), comments=found)
    if kind == "reveal":
        return EarlyReveal(player(draw), flags, comments=found)
    if kind == "misdeal":
        return Misdeal(flags, comments=found)
    return Tromp(player(draw), draw(st.none() | one_line_text), comments=found)


sections = st.one_of(
    hands(),
    bids(),
    contracts(),
    plays(),
    figures(),
    card_sections(),
    ruffs(),
    votes(),
    cuts(),
    small_sections(),
)


@st.composite
def deals(draw: Draw) -> Deal:
    kind = draw(st.sampled_from(["deal", "round"]))
    head = [Comment(t, Place.AFTER) for t in draw(st.lists(any_comment, max_size=1))]
    end = [Comment(t, Place.END) for t in draw(st.lists(any_comment, max_size=2))]
    body = tuple(draw(st.lists(sections, max_size=5)))
    return Deal(kind, Atom(draw(st.integers(0, 99))), body, comments=tuple(head + end))


@st.composite
def tags(draw: Draw, first_game: bool) -> tuple[Tag, ...]:
    found = []
    for n in range(draw(st.integers(1, 3))):
        name = draw(st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True))
        value = draw(one_line_text | st.sampled_from(['a "b" c', "back\\slash", "♠ 10♥", ""]))
        found.append(Tag(name, value, comments=comments(draw, before=first_game or n > 0)))
    return tuple(found)


@st.composite
def game_lists(draw: Draw) -> list[Game]:
    count = draw(st.integers(1, 2))
    games = []
    for n in range(count):
        last = n == count - 1
        played = tuple(draw(st.lists(deals(), min_size=0 if last else 1, max_size=2)))
        end = tuple(Comment(t, Place.END) for t in draw(st.lists(any_comment, max_size=1)))
        games.append(Game(draw(tags(n == 0)), played, comments=end))
    return games


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


@settings(max_examples=200, deadline=None)
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


@settings(max_examples=200, deadline=None)
@given(game_lists(), st.booleans())
@example(SUIT_SYMBOL_AFTER_FIGURES, True)
def test_printing_is_byte_stable(games: list[Game], unicode: bool) -> None:
    """print(parse(print(x))) == print(x): a formatted file never changes when formatted again."""
    text = dumps(games, unicode=unicode)
    parsed = parse_text(text)
    assert parsed.diagnostics == (), text
    assert dumps(parsed.games, unicode=unicode) == text


@settings(max_examples=100, deadline=None)
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
