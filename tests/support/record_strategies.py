"""Hypothesis strategies of random record trees (not text), which print to every construct of the
notation."""

from __future__ import annotations

from hypothesis import strategies as st

from trufspec.cards import FULL_PACK, NT, Suit
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

Draw = st.DrawFn

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
    st.characters(blacklist_characters="\n\r", blacklist_categories=["Cs"]), max_size=12
)

brace_text = st.text(
    st.characters(blacklist_characters="}\r", blacklist_categories=["Cs"]), max_size=12
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
    kinds: list[type[Undealt | Stock | Discards]] = [Undealt, Stock, Discards]
    kind = draw(st.sampled_from(kinds))
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
def small_sections(draw: Draw) -> Dealer | Off | Bribe | EarlyReveal | Misdeal | Tromp:
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
