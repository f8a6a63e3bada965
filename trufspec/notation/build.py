"""Build records from Lark tokens, while Lark parses (an inline transformer: no parse tree).

Each method is named after the grammar rule it completes and receives that rule's children:
tokens, and the records already built for its sub-rules.  Line tokens (``HAND_LINE``,
``BID_LINE``, ``TRICK_LINE``, ``FIGURES``) and card runs (``CARDS``) are split here with
regular expressions, because that is much cheaper than one parser step per card.

Problems that the grammar cannot express but that are still matters of form (a player followed
by two cards in the per-card form of a trick) are collected in :attr:`RecordBuilder.problems`.
"""

from __future__ import annotations

import re
from typing import Any, Sequence, cast

from lark import Token, Transformer

from trufspec.cards import CARD_SPELLINGS, NT, Card, parse_suit
from trufspec.records import (
    Atom,
    BidEntry,
    Bids,
    Cards,
    Claims,
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

__all__ = ["RecordBuilder", "Problem", "unquote"]

_NAME = r'(?:[^\W\d][\w\-]*|"(?:[^"\\\n]|\\.)*")'
_LABEL_RE = re.compile(r"(" + _NAME + r")[ \t]*:[ \t]*")
_TRICKNO_RE = re.compile(r"(\d+)\.[ \t]*")
_RESTATED_RE = re.compile(r"[ \t]*=[ \t]*([+-]?\d+)(!?)")
_INT_RE = re.compile(r"([+-]?\d+)(!?)")
_FIGURE_RE = re.compile(
    r"(" + _NAME + r"(?:[ \t]*\+[ \t]*" + _NAME + r")*)[ \t]+([+-]?\d+)(!?)"
)
_SIDE_SPLIT_RE = re.compile(r"[ \t]*\+[ \t]*")
_ESCAPE_RE = re.compile(r"\\(.)")


class Problem(tuple[str, Span, dict[str, object]]):
    """A record-level problem found while building: (code, span, message values)."""


def unquote(text: str) -> str:
    """The value of a quoted string of the notation (``"a \\"b\\""`` -> ``a "b"``)."""
    if text.startswith('"'):
        return _ESCAPE_RE.sub(r"\1", text[1:-1])
    return str(text)


def _is_star(child: object) -> bool:
    return isinstance(child, Token) and child.type == "STAR"


class RecordBuilder(Transformer[Token, Any]):
    """Turns each completed grammar rule into its record (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[Problem] = []
        self.line_offset = 0
        """Lines before the chunk being parsed: added to Lark's line numbers."""

    def _span(self, first: Any, last: Any) -> Span:
        """The span from the start of ``first`` to the end of ``last`` (tokens or records)."""
        a = first.span if hasattr(first, "span") else self._token_span(first)
        b = last.span if hasattr(last, "span") else self._token_span(last)
        return Span(a.line, a.column, b.end_line, b.end_column)


    def _start(self, token: Token) -> tuple[int, int]:
        """Line and column of a token in the file (the parser reads a chunk at a time, and Lark
        counts lines from the start of the chunk)."""
        return cast(int, token.line) + self.line_offset, cast(int, token.column)


    def _token_span(self, token: Token) -> Span:
        line, column = self._start(token)
        value = str(token)
        stripped = value.rstrip()
        if len(stripped) == len(value):
            end_line = cast(int, token.end_line) + self.line_offset
            return Span(line, column, end_line, cast(int, token.end_column))
        # Line tokens carry the white space after them: the span ends with the last visible character.
        return Span(line, column, line, column + len(stripped))


    def _cards(
        self, tokens: Sequence[Token], base: int = 0, end: int | None = None
    ) -> tuple[Cards, frozenset[int]]:
        """Split card-run tokens into one :class:`Cards` and the indices of minus cards.

        ``base`` is how far into the first token the cards start (after a label in a line token)
        and ``end`` where they stop in it (before a restated value).
        """
        cards: list[Card] = []
        acks: list[int] = []
        minus: list[int] = []
        segments = []
        for n, token in enumerate(tokens):
            line, column = self._start(token)
            start = base if n == 0 else 0
            text = token[start : len(token) if end is None or n else end]
            segments.append((line, column + start, text))
            for word in text.split():
                card = CARD_SPELLINGS.get(word)
                if card is None:
                    core = word.lstrip("+-").rstrip("!")
                    card = CARD_SPELLINGS[core]
                    if word.endswith("!"):
                        acks.append(len(cards))
                    if word.startswith("-"):
                        minus.append(len(cards))
                cards.append(card)
        return Cards(tuple(cards), tuple(segments), frozenset(acks)), frozenset(minus)

    def _atom_at(self, token: Token, offset: int, text: str, value: Any, ack: bool = False) -> Atom[Any]:
        """An atom for ``text`` standing ``offset`` characters into a one-line token."""
        line, column = self._start(token)
        return Atom(value, Span(line, column + offset, line, column + offset + len(text)), ack)

    # ------------------------------------------------------------------ tags and deals

    def tag(self, c: list[Token]) -> Tag:
        return Tag(str(c[1]), unquote(c[2]), span=self._span(c[0], c[3]))

    def tag_block(self, tags: list[Tag]) -> tuple[Tag, ...]:
        return tuple(tags)

    def deal(self, c: list[Any]) -> Deal:
        keyword, number = c[0], c[1]
        return Deal(
            str(keyword),
            Atom(int(number), self._token_span(number)),
            tuple(c[2:]),
            span=self._span(keyword, c[-1]),
        )

    def section(self, c: list[Any]) -> Any:
        return c[0]

    def chunk(self, c: list[Any]) -> Any:
        return c[0]

    # ------------------------------------------------------------------ names

    def player(self, c: list[Token]) -> Atom[str]:
        return Atom(unquote(c[0]), self._token_span(c[0]))

    def side(self, c: list[Any]) -> list[Atom[str]]:
        return [x for x in c if isinstance(x, Atom)]

    def dealer(self, c: list[Any]) -> Dealer:
        return Dealer(c[1], span=self._span(c[0], c[1]))

    def undealt(self, c: list[Token]) -> Undealt:
        return Undealt(self._cards(c[1:])[0], span=self._span(c[0], c[-1]))

    # ------------------------------------------------------------------ hands and the like

    def entry_hand(self, c: list[Any]) -> HandEntry:
        incomplete = _is_star(c[-1])
        body = c[:-1] if incomplete else c
        if isinstance(body[0], Token) and body[0].type == "HAND_LINE":
            line = body[0]
            label = _LABEL_RE.match(line)
            assert label is not None
            name = label.group(1)
            player = self._atom_at(line, 0, name, unquote(name))
            cards = self._cards(body, label.end())[0]
        else:
            player = body[0]
            cards = self._cards(body[2:])[0]
        return HandEntry(player, cards, incomplete, span=self._span(c[0], c[-1]))

    def _hand_section(self, cls: type[Hands], c: list[Any]) -> Hands:
        incomplete = _is_star(c[-1])
        entries = tuple(c[1:-1] if incomplete else c[1:])
        return cls(entries, incomplete, span=self._span(c[0], c[-1]))

    def hands(self, c: list[Any]) -> Hands:
        return self._hand_section(Hands, c)

    def public(self, c: list[Any]) -> Hands:
        return self._hand_section(Public, c)

    def claims(self, c: list[Any]) -> Hands:
        return self._hand_section(Claims, c)

    def secret(self, c: list[Any]) -> Hands:
        return self._hand_section(Secret, c)

    # ------------------------------------------------------------------ bids

    def entry_bid(self, c: list[Any]) -> BidEntry:
        first = c[0]
        if isinstance(first, Token) and first.type == "BID_LINE":
            return self._bid_line(first)
        player, (cards, minus, number, last), restated = c[0], c[2], (c[3] if len(c) > 3 else None)
        span = self._span(first, restated if restated is not None else last)
        return BidEntry(player, cards, minus, number, restated, span=span)

    def _bid_line(self, line: Token) -> BidEntry:
        label = _LABEL_RE.match(line)
        assert label is not None
        name = label.group(1)
        player = self._atom_at(line, 0, name, unquote(name))
        rest = line[label.end() :].rstrip()
        restated_at = rest.find("=")
        body = rest if restated_at < 0 else rest[:restated_at].rstrip()
        number = None
        cards = None
        minus: frozenset[int] = frozenset()
        integer = _INT_RE.fullmatch(body)
        if integer:
            value = integer.group(1)
            number = self._atom_at(line, label.end(), value, int(value), bool(integer.group(2)))
        else:
            stop = None if restated_at < 0 else label.end() + restated_at
            cards, minus = self._cards([line], label.end(), stop)
        restated = None
        if restated_at >= 0:
            match = _RESTATED_RE.match(rest, restated_at)
            assert match is not None
            offset = label.end() + match.start(1)
            restated = self._atom_at(line, offset, match.group(1), int(match.group(1)), bool(match.group(2)))
        row, column = self._start(line)
        span = Span(row, column, row, column + label.end() + len(rest))
        return BidEntry(player, cards, minus, number, restated, span=span)

    def bid_cards(self, c: list[Token]) -> tuple[Cards, frozenset[int], None, Token]:
        cards, minus = self._cards(c)
        return (cards, minus, None, c[-1])

    def bid_number(self, c: list[Token]) -> tuple[None, frozenset[int], Atom[int], Token]:
        return (None, frozenset(), Atom(int(c[0]), self._token_span(c[0]), len(c) > 1), c[-1])

    def restated(self, c: list[Token]) -> Atom[int]:
        return Atom(int(c[1]), self._span(c[1], c[-1]), len(c) > 2)

    def bids(self, c: list[Any]) -> Bids:
        incomplete = _is_star(c[-1])
        entries = tuple(c[1:-1] if incomplete else c[1:])
        return Bids(entries, incomplete, span=self._span(c[0], c[-1]))

    # ------------------------------------------------------------------ contract

    def contract(self, c: list[Any]) -> Contract:
        winner: Atom[str] = c[1]
        parts: dict[str, Atom[Any]] = {}
        for child in c[2:]:
            if isinstance(child, Token):  # the mark after the winner
                winner = Atom(winner.value, winner.span, True)
            else:
                parts[child[0]] = child[1]
        return Contract(
            winner, parts.get("trump"), parts.get("mode"), parts.get("adjust"), span=self._span(c[0], _last(c[-1]))
        )

    def contract_trump(self, c: list[Token]) -> tuple[str, Atom[Any], Token]:
        text = str(c[1])
        value = NT if text == "NT" else parse_suit(text)
        return ("trump", Atom(value, self._token_span(c[1]), len(c) > 2), c[-1])

    def contract_mode(self, c: list[Token]) -> tuple[str, Atom[Mode], Token]:
        return ("mode", Atom(Mode(str(c[0])), self._token_span(c[0]), len(c) > 1), c[-1])

    def contract_adjust(self, c: list[Token]) -> tuple[str, Atom[int], Token]:
        return ("adjust", Atom(int(c[1]), self._token_span(c[1]), len(c) > 2), c[-1])

    # ------------------------------------------------------------------ play

    def trick_led(self, c: list[Any]) -> Trick:
        incomplete = _is_star(c[-1])
        body = c[:-1] if incomplete else c
        first = body[0]
        if first.type == "TRICK_LINE":
            number = _TRICKNO_RE.match(first)
            assert number is not None
            label = _LABEL_RE.match(first, number.end())
            assert label is not None
            name = label.group(1)
            trick_no = self._atom_at(first, 0, number.group(1), int(number.group(1)))
            leader = self._atom_at(first, label.start(), name, unquote(name))
            cards = self._cards(body, label.end())[0]
        else:
            trick_no = Atom(int(str(first)[:-1]), self._token_span(first))
            leader = body[1]
            cards = self._cards(body[3:])[0]
        return Trick(trick_no, leader, cards, (), incomplete, span=self._span(first, c[-1]))

    def trick_by_player(self, c: list[Any]) -> Trick:
        incomplete = _is_star(c[-1])
        body = c[1:-1] if incomplete else c[1:]
        players = tuple(body[0::2])
        runs = body[1::2]
        for player, run in zip(players, runs):
            count = len(run.split())
            if count != 1:
                self.problems.append(
                    Problem(("REC012", self._token_span(run), {"player": player.value, "count": count}))
                )
        cards = self._cards(runs)[0]
        number = Atom(int(str(c[0])[:-1]), self._token_span(c[0]))
        return Trick(number, players[0], cards, players, incomplete, span=self._span(c[0], c[-1]))

    def play(self, c: list[Any]) -> Play:
        incomplete = _is_star(c[-1])
        tricks = tuple(c[1:-1] if incomplete else c[1:])
        return Play(tricks, incomplete, span=self._span(c[0], c[-1]))

    # ------------------------------------------------------------------ figures

    def side_value(self, c: list[Any]) -> list[Figure]:
        if isinstance(c[0], Token) and c[0].type == "FIGURES":
            token = c[0]
            figures = []
            for match in _FIGURE_RE.finditer(token):
                side = tuple(unquote(n) for n in _SIDE_SPLIT_RE.split(match.group(1)))
                line, column = self._start(token)
                span = Span(line, column + match.start(), line, column + match.end())
                figures.append(Figure(side, int(match.group(2)), bool(match.group(3)), span=span))
            return figures
        side = tuple(atom.value for atom in c[0])
        return [Figure(side, int(c[1]), len(c) > 2, span=self._span(c[0][0], c[-1]))]

    def _figures(self, cls: type[Tricks], c: list[Any]) -> Tricks:
        incomplete = _is_star(c[-1])
        entries = tuple(f for group in (c[1:-1] if incomplete else c[1:]) for f in group)
        last = c[-1][-1] if isinstance(c[-1], list) else c[-1]
        return cls(entries, incomplete, span=self._span(c[0], last))

    def tricks(self, c: list[Any]) -> Tricks:
        return self._figures(Tricks, c)

    def score(self, c: list[Any]) -> Tricks:
        return self._figures(Score, c)

    def total(self, c: list[Any]) -> Tricks:
        return self._figures(Total, c)

    def honours(self, c: list[Any]) -> Tricks:
        return self._figures(Honours, c)

    def pot(self, c: list[Any]) -> Tricks:
        return self._figures(Pot, c)

    # ------------------------------------------------------------------ ruff and honours

    def stock(self, c: list[Token]) -> Stock:
        return Stock(self._cards(c[1:])[0], span=self._span(c[0], c[-1]))

    def ruff(self, c: list[Any]) -> Ruff:
        player = c[1]
        span = self._span(c[0], c[-1])
        if c[2].type == "DECLINES":
            return Ruff(player, None, True, span=span)
        discards = None if _is_star(c[3]) else self._cards(c[3:])[0]
        return Ruff(player, discards, span=span)

    # ------------------------------------------------------------------ tromplemond

    def vote_tally(self, c: list[Any]) -> Vote:
        return Vote(c[0], None, int(c[1]), len(c) > 2, span=self._span(c[0], c[-1]))

    def vote_slip(self, c: list[Any]) -> Vote:
        return Vote(c[2], c[0], None, len(c) > 3, span=self._span(c[0], c[-1]))

    def votes(self, c: list[Any]) -> Votes:
        incomplete = _is_star(c[-1])
        return Votes(tuple(c[1:-1] if incomplete else c[1:]), incomplete, span=self._span(c[0], c[-1]))

    def decide(self, c: list[Any]) -> Votes:
        incomplete = _is_star(c[-1])
        return Decide(tuple(c[1:-1] if incomplete else c[1:]), incomplete, span=self._span(c[0], c[-1]))

    def off(self, c: list[Any]) -> Off:
        player = c[1] if len(c) == 2 else Atom(c[1].value, c[1].span, True)
        return Off(player, span=self._span(c[0], c[-1]))

    def discards(self, c: list[Token]) -> Discards:
        return Discards(self._cards(c[1:])[0], span=self._span(c[0], c[-1]))

    def cut(self, c: list[Any]) -> Cut:
        players = tuple(c[1::2])
        return Cut(players, self._cards(c[2::2])[0], span=self._span(c[0], c[-1]))

    def early_reveal(self, c: list[Any]) -> EarlyReveal:
        return EarlyReveal(c[1], tuple(str(t) for t in c[2:]), span=self._span(c[0], c[-1]))

    def misdeal(self, c: list[Token]) -> Misdeal:
        return Misdeal(tuple(str(t) for t in c[1:]), span=self._span(c[0], c[-1]))

    def tromp(self, c: list[Any]) -> Tromp:
        return Tromp(c[1], unquote(c[2]), span=self._span(c[0], c[-1]))


def _last(part: Any) -> Any:
    """The last token of a sub-rule result that carries it as its last element."""
    return part[-1] if isinstance(part, tuple) else part
