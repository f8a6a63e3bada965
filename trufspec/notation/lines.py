"""Read a deal, or a block of tags, written in the canonical layout: line by line, without the
parser.

Nearly every deal in a large corpus is written the way the printer writes it: a section a line,
a hand, a bid or a trick a line, and the tags one a line.  Such a line says what it is by its
first word, and one regular expression reads it whole; a Lark parse of the same line costs
several times more, because every token passes through the lexer and the parser's state
machine.  So a chunk is read here first, each kind of line by one small function.

The reader is strict: a line it does not recognise in full (a ``{brace}`` comment among the
cards, an entry spread over two lines, a bare name that only the parser can tell from a keyword
or a card, any syntax error) makes it give up the whole chunk, which the Lark parser then reads.
The grammar stays the one definition of the notation; this reader accepts a subset of it, and
a test reads every deal both ways and requires the same records, positions and comments
included.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any, cast

from trufspec.cards import CARD_PATTERN, NT, parse_suit
from trufspec.notation.comments import Loose
from trufspec.notation.words import NAME, NO_MINUS, RESERVED, STRING, is_bare, read_run, unquote
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
    HandEntry,
    Hands,
    Honours,
    Misdeal,
    Mode,
    Off,
    Play,
    Pot,
    Public,
    Ruff,
    Score,
    Secret,
    Span,
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

__all__ = ["read_deal", "read_tags"]

_CARD = CARD_PATTERN + r"!?(?![\w!\-])"
_CARDS = _CARD + r"(?:[ \t]+" + _CARD + r")*+"
_BID_CARDS = r"[+-]?" + _CARD + r"(?:[ \t]+[+-]?" + _CARD + r")*+"
_INT = r"[+-]?\d{1,18}(?![\w.])"
_END = r"[ \t\r]*(?:(\{[^}\n]*\})[ \t\r]*)?(;.*)?$"
"""The end of every line: blanks, perhaps a ``{brace}`` comment, perhaps a ``;`` comment (the
last two groups of every pattern of a line)."""

_HEAD = re.compile(r"[ \t]*(?:([a-z][a-z\-]*)(?![\w\-:\"]))?")
_TAG = re.compile(
    r"[ \t]*(\[)[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+(" + STRING + r")[ \t]*(\])" + _END
)
_HEADER = re.compile(r"[ \t]+(\d{1,18})" + _END)
_ALONE = re.compile(_END)
_HAND = re.compile("[ \t]*(" + NAME + r")[ \t]*:[ \t]*(" + _CARDS + ")" + _END)
_BID = re.compile(
    "[ \t]*(" + NAME + r")[ \t]*:[ \t]*(?:(" + _BID_CARDS + ")|(" + _INT + ")(!?))"
    r"(?:[ \t]*=[ \t]*(" + _INT + ")(!?))?" + _END
)
_TRICK = re.compile(
    r"[ \t]*(\d{1,18})\.[ \t]*("
    + NAME
    + r")[ \t]*:[ \t]*("
    + _CARDS
    + ")(?:[ \t]*=[ \t]*("
    + NAME
    + ")(!?))?"
    + _END
)
_PLAYER = re.compile("[ \t]+(" + NAME + ")(!?)" + _END)
_RUN = re.compile("[ \t]+(" + _CARDS + ")" + _END)
_FIGURE = "(" + NAME + r"(?:[ \t]*\+[ \t]*" + NAME + r")*)[ \t]+(" + _INT + ")(!?)"
_NEXT_FIGURE = re.compile(r"[ \t]+" + _FIGURE)
_VOTE = "(" + NAME + r")(?:[ \t]*>[ \t]*(" + NAME + r"|-)|[ \t]+(" + _INT + "))(!?)"
_NEXT_VOTE = re.compile(r"[ \t]+" + _VOTE)
_NAME_IN_SIDE = re.compile(NAME)
_NEXT_CUT = re.compile("[ \t]+(" + NAME + ")[ \t]+(" + _CARD + ")")
_WORDS = r"((?:[ \t]+[^\W\d][\w\-]*(?![^\s;{]))*+)"
"""Bare words after a section's player (the flags of an irregularity)."""
_PLAYER_FLAGS = re.compile("[ \t]+(" + NAME + ")" + _WORDS + _END)
_FLAGS = re.compile(_WORDS + _END)
_TROMP = re.compile("[ \t]+(" + NAME + ")[ \t]+(" + STRING + "|pass)" + _END)
_CONTRACT = re.compile(
    "[ \t]+(" + NAME + ")(!?)"
    r"(?:[ \t]+trump[ \t]+(NT|[SHDCshdc\u2660\u2665\u2666\u2663])(!?))?"
    r"(?:[ \t]+(atas|bawah|high|low)(!?))?"
    r"(?:[ \t]+adjust[ \t]+(" + _INT + ")(!?))?" + _END
)
_RUFF = re.compile(
    "[ \t]+(" + NAME + r")[ \t]+(?:discards[ \t]+(?:(" + _CARDS + r")|(\*))|(declines))" + _END
)

_MODES = {mode.value: mode for mode in Mode}
"""The modes by their word: a dict lookup, where calling the enum is a slow path."""

_ENTRY_SECTIONS: dict[str, type[Any]] = {
    "hands": Hands,
    "public": Public,
    "claims": Claims,
    "secret": Secret,
    "bids": Bids,
    "play": Play,
}
_FIGURE_SECTIONS: dict[str, type[Tricks]] = {
    "tricks": Tricks,
    "score": Score,
    "total": Total,
    "honours": Honours,
    "pot": Pot,
}
_PLAYER_SECTIONS: dict[str, type[Any]] = {"dealer": Dealer, "off": Off, "bribe": Bribe}
_CARD_SECTIONS: dict[str, type[Any]] = {"stock": Stock, "discards": Discards, "undealt": Undealt}
_VOTE_SECTIONS: dict[str, type[Votes]] = {"votes": Votes, "decide": Decide}


class _NotCanonical(Exception):
    """A line this reader does not read.  Raised wherever in a line that shows, and caught by
    :func:`read_deal` and :func:`read_tags`, which then leave the chunk to the parser: it
    never leaves this module."""


_new_span = partial(tuple.__new__, Span)
"""``Span`` from a 4-tuple, without the Python-level ``__new__`` of a named tuple: a deal has
about two hundred spans."""


@lru_cache(maxsize=4096)
def _player(written: str) -> str | None:
    """The name a player's name as written stands for; None when it is written bare but reads
    as a keyword or a card, which only the parser can sort out.  Cached: a corpus names the
    same few players on every line."""
    if written[0] == '"':
        return unquote(written)
    return written if is_bare(written) else None


@lru_cache(maxsize=4096)
def _side(written: str) -> tuple[str, ...] | None:
    """The players of a side as written (``Ana+Citra``); None when a name is not canonical."""
    names = tuple(_player(name) for name in _NAME_IN_SIDE.findall(written))
    return None if None in names else cast(tuple[str, ...], names)


def read_deal(text: str, start: int, end: int, line: int) -> tuple[Deal, list[Loose]] | None:
    """The deal written in ``text[start:end]`` (which begins on ``line``) and its comments, not
    yet attached; None when some line of it is not in the canonical layout."""
    reader = _DealReader(text, line)
    try:
        reader.read(start, end)
        return reader.finish(), reader.comments
    except _NotCanonical:
        return None


def read_tags(text: str, start: int, end: int, line: int) -> tuple[list[Tag], list[Loose]] | None:
    """The tags written in ``text[start:end]`` (which begins on ``line``), one a line, and
    their comments, not yet attached; None when some line is not a tag, a comment or a blank."""
    reader = _TagReader(text, line)
    try:
        reader.read(start, end)
        return reader.tags, reader.comments
    except _NotCanonical:
        return None


class _LineReader(ABC):
    """Reading a chunk line by line: where the current line stands, the comments met, and the
    pieces every kind of line is made of.  Each kind of chunk says how it reads a line."""

    def __init__(self, text: str, line: int) -> None:
        self.text = text
        self.line = line
        self.base = 0
        """The column of ``text[0]`` on the current line, so that index ``i`` is at ``base + i``."""
        self.comments: list[Loose] = []

    def read(self, start: int, end: int) -> None:
        """Read every line of ``text[start:end]``; raises :class:`_NotCanonical` at the first
        line that is not read whole."""
        text, read_line = self.text, self.read_line
        while start < end:
            line_end = text.find("\n", start, end)
            if line_end < 0:
                line_end = end
            self.base = 1 - start
            read_line(start, line_end)
            self.line += 1
            start = line_end + 1

    @abstractmethod
    def read_line(self, start: int, end: int) -> None:
        """Read ``text[start:end]``, one line without its newline, whole."""

    def _span(self, start: int, end: int) -> Span:
        line, base = self.line, self.base
        return _new_span((line, base + start, line, base + end))

    def _match(self, pattern: re.Pattern[str], start: int, end: int) -> re.Match[str]:
        """The whole rest of the line read by ``pattern``, which must match."""
        match = self._try(pattern, start, end)
        if match is None:
            raise _NotCanonical
        return match

    def _try(self, pattern: re.Pattern[str], start: int, end: int) -> re.Match[str] | None:
        """The whole rest of the line read by ``pattern`` (which ends with :data:`_END`), its
        comments kept; None when the line is not of that kind."""
        match = pattern.match(self.text, start, end)
        if (
            match is not None
            and match.lastindex is not None
            and match.lastindex >= pattern.groups - 1
        ):
            for group in (pattern.groups - 1, pattern.groups):
                at = match.start(group)
                if at >= 0:
                    own_line = not self.text[1 - self.base : at].strip(" \t\r\f\ufeff")
                    comment = Comment(
                        match.group(group).rstrip("\r"), span=self._span(at, match.end(group))
                    )
                    self.comments.append((comment, own_line))
        return match


class _TagReader(_LineReader):
    """The tags of a block of tags, one a line."""

    def __init__(self, text: str, line: int) -> None:
        super().__init__(text, line)
        self.tags: list[Tag] = []

    def read_line(self, start: int, end: int) -> None:
        m = self._try(_TAG, start, end)
        if m is None:
            self._match(_ALONE, start, end)
        elif m.group(2) in RESERVED:
            raise _NotCanonical
        else:
            self.tags.append(
                Tag(m.group(2), unquote(m.group(3)), span=self._span(m.start(1), m.end(4)))
            )


class _DealReader(_LineReader):
    """The state of one deal being read: its header, its sections so far, and the multi-line
    section still open."""

    def __init__(self, text: str, line: int) -> None:
        super().__init__(text, line)
        self.header: tuple[str, Span, Atom[int]] | None = None
        self.sections: list[Any] = []
        self.open: tuple[str, Span, list[Any]] | None = None
        """The multi-line section being read: its keyword, the keyword's span, its entries."""
        self.open_entry: Callable[[_DealReader, int, int], Any] = _DealReader._hand
        """What reads an entry of the open section (a function, not a bound method, which
        would make the reader a reference cycle, and its records garbage only the collector
        can free)."""

    # ------------------------------------------------------------------ lines

    def read_line(self, start: int, end: int) -> None:
        if self.open is None or not self.entry(start, end):
            self.section_line(start, end)

    def section_line(self, start: int, end: int) -> None:
        """A line that is not an entry of the open section: a section, a comment, a blank."""
        head = _HEAD.match(self.text, start, end)
        assert head is not None
        keyword = head.group(1)
        if keyword is not None and keyword in _LINE_READERS:
            if self.header is None and keyword not in ("deal", "round"):
                raise _NotCanonical
            self._close()
            _LINE_READERS[keyword](
                self, keyword, self._span(head.start(1), head.end(1)), head.end(1), end
            )
        elif keyword is None:
            # Only blanks and a comment may be left; anything else is not an entry the open
            # section takes (or there is no open section).
            self._match(_ALONE, head.end(), end)
        else:
            raise _NotCanonical

    def entry(self, start: int, end: int) -> bool:
        """Read the line as an entry of the open section; False when it is not one."""
        assert self.open is not None
        found = self.open_entry(self, start, end)
        if found is None:
            return False
        self.open[2].append(found)
        return True

    def _close(self) -> None:
        """End the multi-line section being read, if any."""
        if self.open is None:
            return
        keyword, span, entries = self.open
        self.open = None
        last = entries[-1].span if entries else span
        cls = _ENTRY_SECTIONS[keyword]
        self.sections.append(
            cls(tuple(entries), span=Span(span.line, span.column, last.end_line, last.end_column))
        )

    def finish(self) -> Deal:
        self._close()
        if self.header is None:
            raise _NotCanonical
        kind, span, number = self.header
        last = self.sections[-1].span if self.sections else number.span
        return Deal(
            kind,
            number,
            tuple(self.sections),
            span=Span(span.line, span.column, last.end_line, last.end_column),
        )

    # ------------------------------------------------------------------ pieces of a line

    def _name(self, match: re.Match[str], group: int) -> Atom[str]:
        """The player named by a group of a match."""
        name = _player(match.group(group))
        if name is None:
            raise _NotCanonical
        start, end = match.span(group)
        line, base = self.line, self.base
        return Atom(name, _new_span((line, base + start, line, base + end)))

    def _atom(
        self, match: re.Match[str], group: int, value: Any, mark: int | None = None
    ) -> Atom[Any]:
        """The value a group of a match stands for, with its position and its mark, if any."""
        start, end = match.span(group)
        line, base = self.line, self.base
        ack = mark is not None and match.group(mark) == "!"
        return Atom(value, _new_span((line, base + start, line, base + end)), ack)

    def _cards(
        self, match: re.Match[str], group: int, into: Cards | None = None
    ) -> tuple[Cards, frozenset[int]]:
        return read_run(match.group(group), self.line, self.base + match.start(group), into)

    # ------------------------------------------------------------------ entries

    def _hand(self, start: int, end: int) -> HandEntry | None:
        m = self._try(_HAND, start, end)
        if m is None:
            return None
        return HandEntry(
            self._name(m, 1), self._cards(m, 2)[0], span=self._span(m.start(1), m.end(2))
        )

    def _bid(self, start: int, end: int) -> BidEntry | None:
        m = self._try(_BID, start, end)
        if m is None:
            return None
        cards, minus, number, restated = None, NO_MINUS, None, None
        if m.group(2) is not None:
            cards, minus = self._cards(m, 2)
            last = m.end(2)
        else:
            number = self._atom(m, 3, int(m.group(3)), 4)
            last = m.end(4)
        if m.group(5) is not None:
            restated = Atom(int(m.group(5)), self._span(m.start(5), m.end(6)), m.group(6) == "!")
            last = m.end(6)
        return BidEntry(
            self._name(m, 1), cards, minus, number, restated, span=self._span(m.start(1), last)
        )

    def _trick(self, start: int, end: int) -> Trick | None:
        m = self._try(_TRICK, start, end)
        if m is None:
            return None
        line, base = self.line, self.base
        number = Atom(int(m.group(1)), _new_span((line, base + m.start(1), line, base + m.end(1))))
        leader = self._name(m, 2)
        cards = read_run(m.group(3), line, base + m.start(3))[0]
        if m.group(4) is None:
            return Trick(number, leader, cards, span=self._span(m.start(1), m.end(3)))
        winner = Atom(self._name(m, 4).value, self._span(m.start(4), m.end(5)), m.group(5) == "!")
        return Trick(number, leader, cards, (), winner, span=self._span(m.start(1), m.end(5)))

    # ------------------------------------------------------------------ sections

    def header_line(self, keyword: str, span: Span, start: int, end: int) -> None:
        if self.header is not None or self.sections:
            raise _NotCanonical
        m = self._match(_HEADER, start, end)
        self.header = (keyword, span, self._atom(m, 1, int(m.group(1))))

    def entry_section(self, keyword: str, span: Span, start: int, end: int) -> None:
        self._match(_ALONE, start, end)
        self.open = (keyword, span, [])
        self.open_entry = _ENTRY_READERS.get(keyword, _DealReader._hand)

    def player_line(self, keyword: str, span: Span, start: int, end: int) -> None:
        m = self._match(_PLAYER, start, end)
        player = self._atom(m, 1, self._name(m, 1).value, 2)
        cls = _PLAYER_SECTIONS[keyword]
        self.sections.append(cls(player, span=self._to(span, self.base + m.end(2))))

    def contract(self, keyword: str, span: Span, start: int, end: int) -> None:
        m = self._match(_CONTRACT, start, end)
        winner = self._atom(m, 1, self._name(m, 1).value, 2)
        trump = mode = adjust = None
        last = m.end(2)
        if m.group(3) is not None:
            text = m.group(3)
            trump = self._atom(m, 3, NT if text == "NT" else parse_suit(text), 4)
            last = m.end(4)
        if m.group(5) is not None:
            mode = self._atom(m, 5, _MODES[m.group(5)], 6)
            last = m.end(6)
        if m.group(7) is not None:
            adjust = self._atom(m, 7, int(m.group(7)), 8)
            last = m.end(8)
        self.sections.append(
            Contract(winner, trump, mode, adjust, span=self._to(span, self.base + last))
        )

    def figures(self, keyword: str, span: Span, start: int, end: int) -> None:
        entries = []
        for f in self._items(_NEXT_FIGURE, start, end):
            written, value, mark = f.groups()
            side = _side(written)
            if side is None:
                raise _NotCanonical
            entries.append(
                Figure(side, int(value), mark == "!", span=self._span(f.start(1), f.end()))
            )
        cls = _FIGURE_SECTIONS[keyword]
        self.sections.append(cls(tuple(entries), span=self._to(span, entries[-1].span.end_column)))

    def votes(self, keyword: str, span: Span, start: int, end: int) -> None:
        entries = []
        for v in self._items(_NEXT_VOTE, start, end):
            first = self._name(v, 1)
            ack = v.group(4) == "!"
            vote_span = self._span(v.start(1), v.end())
            if v.group(2) == "-" and not ack:
                entries.append(Vote(None, first, None, span=vote_span))
            elif v.group(2) == "-":
                raise _NotCanonical  # a blank slip takes no mark
            elif v.group(2) is not None:
                entries.append(Vote(self._name(v, 2), first, None, ack, span=vote_span))
            else:
                entries.append(Vote(first, None, int(v.group(3)), ack, span=vote_span))
        cls = _VOTE_SECTIONS[keyword]
        self.sections.append(cls(tuple(entries), span=self._to(span, entries[-1].span.end_column)))

    def _items(self, pattern: re.Pattern[str], start: int, end: int) -> list[re.Match[str]]:
        """The items of a one-line section (figures, votes), each read by ``pattern``; at
        least one, and nothing but a comment after them."""
        found = []
        while (item := pattern.match(self.text, start, end)) is not None:
            found.append(item)
            start = item.end()
        self._match(_ALONE, start, end)
        if not found:
            raise _NotCanonical
        return found

    def cards(self, keyword: str, span: Span, start: int, end: int) -> None:
        m = self._match(_RUN, start, end)
        cls = _CARD_SECTIONS[keyword]
        self.sections.append(cls(self._cards(m, 1)[0], span=self._to(span, self.base + m.end(1))))

    def ruff(self, keyword: str, span: Span, start: int, end: int) -> None:
        m = self._match(_RUFF, start, end)
        player = self._name(m, 1)
        if m.group(4) is not None:
            ruff = Ruff(player, None, True, span=self._to(span, self.base + m.end(4)))
        elif m.group(3) is not None:
            ruff = Ruff(player, None, span=self._to(span, self.base + m.end(3)))
        else:
            ruff = Ruff(player, self._cards(m, 2)[0], span=self._to(span, self.base + m.end(2)))
        self.sections.append(ruff)

    def cut(self, keyword: str, span: Span, start: int, end: int) -> None:
        players, cards = [], None
        for item in self._items(_NEXT_CUT, start, end):
            players.append(self._name(item, 1))
            cards = self._cards(item, 2, cards)[0]
        assert cards is not None
        self.sections.append(
            Cut(tuple(players), cards, span=self._to(span, cards.span(len(cards) - 1).end_column))
        )

    def early_reveal(self, keyword: str, span: Span, start: int, end: int) -> None:
        m = self._match(_PLAYER_FLAGS, start, end)
        player = self._name(m, 1)
        flags = self._flags(m, 2)
        last = self.base + m.end(2) if flags else player.span.end_column
        self.sections.append(EarlyReveal(player, flags, span=self._to(span, last)))

    def misdeal(self, keyword: str, span: Span, start: int, end: int) -> None:
        m = self._match(_FLAGS, start, end)
        flags = self._flags(m, 1)
        last = self.base + m.end(1) if flags else span.end_column
        self.sections.append(Misdeal(flags, span=self._to(span, last)))

    def _flags(self, match: re.Match[str], group: int) -> tuple[str, ...]:
        """The bare words that qualify an irregularity (none of them a keyword or a card)."""
        flags = tuple((match.group(group) or "").split())
        if not all(is_bare(flag) for flag in flags):
            raise _NotCanonical
        return flags

    def tromp(self, keyword: str, span: Span, start: int, end: int) -> None:
        m = self._match(_TROMP, start, end)
        phrase = None if m.group(2) == "pass" else unquote(m.group(2))
        self.sections.append(
            Tromp(self._name(m, 1), phrase, span=self._to(span, self.base + m.end(2)))
        )

    def _to(self, span: Span, end_column: int) -> Span:
        """From the start of ``span`` to ``end_column`` of the current line."""
        return Span(span.line, span.column, self.line, end_column)


_ENTRY_READERS: dict[str, Callable[[_DealReader, int, int], Any]] = {
    "play": _DealReader._trick,
    "bids": _DealReader._bid,
}
"""What reads an entry of a multi-line section: a hand, unless it is a bid or a trick."""

_LINE_READERS: dict[str, Callable[[_DealReader, str, Span, int, int], None]] = {
    "deal": _DealReader.header_line,
    "round": _DealReader.header_line,
    "contract": _DealReader.contract,
    "ruff": _DealReader.ruff,
    "cut": _DealReader.cut,
    "early-reveal": _DealReader.early_reveal,
    "misdeal": _DealReader.misdeal,
    "tromp": _DealReader.tromp,
    **dict.fromkeys(_PLAYER_SECTIONS, _DealReader.player_line),
    **dict.fromkeys(_ENTRY_SECTIONS, _DealReader.entry_section),
    **dict.fromkeys(_FIGURE_SECTIONS, _DealReader.figures),
    **dict.fromkeys(_VOTE_SECTIONS, _DealReader.votes),
    **dict.fromkeys(_CARD_SECTIONS, _DealReader.cards),
}
"""What each first word of a line introduces; a line that starts with any other word is an
entry of the open section (or not canonical)."""
