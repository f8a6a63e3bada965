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

from trufspec.cards import CARD_PATTERN, CARD_SPELLINGS, NT, parse_suit
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
_RUN = r"[+-]?" + CARD_PATTERN + r"!?(?:[ \t]+[+-]?" + CARD_PATTERN + r"!?)*"
_LABEL_RE = re.compile(r"(" + _NAME + r")[ \t]*:[ \t]*")
_HAND_RE = re.compile(r"(" + _NAME + r")[ \t]*:[ \t]*(" + _RUN + r")")
_BID_RE = re.compile(
    r"(" + _NAME + r")[ \t]*:[ \t]*(?:(" + _RUN + r")|([+-]?\d+)(!?))(?:[ \t]*=[ \t]*([+-]?\d+)(!?))?"
)
_TRICK_RE = re.compile(
    r"(\d+)\.[ \t]*(" + _NAME + r")[ \t]*:[ \t]*(" + _RUN + r")(?:[ \t]*=[ \t]*(" + _NAME + r"))?"
)
_FIGURE_RE = re.compile(r"(" + _NAME + r"(?:[ \t]*\+[ \t]*" + _NAME + r")*)[ \t]+([+-]?\d+)(!?)")
_WORDS_RE = re.compile(r"\S+")
_NAME_RE = re.compile(_NAME)
_ESCAPE_RE = re.compile(r"\\(.)")
_CONTRACT_RE = re.compile(
    r"contract[ \t]+(\S+?)(?:[ \t]+trump[ \t]+(\S+))?(?:[ \t]+(atas|bawah|high|low))?(?:[ \t]+adjust[ \t]+(\S+))?\s*$"
)


_SPELLINGS = dict(CARD_SPELLINGS)
"""The card spellings as a plain dict: looked up once per card read, where a dict is quicker
than the read-only view the cards module exports."""


class Problem(tuple[str, Span, dict[str, object]]):
    """A record-level problem found while building: (code, span, message values)."""


def unquote(text: str) -> str:
    """The value of a quoted string of the notation (``"a \\"b\\""`` -> ``a "b"``)."""
    if text[0] == '"':
        return _ESCAPE_RE.sub(r"\1", text[1:-1])
    return str(text)


def _is_star(child: object) -> bool:
    return isinstance(child, Token) and child.type == "STAR"


def _is(child: object, kind: str) -> bool:
    return isinstance(child, Token) and child.type == kind


class RecordBuilder(Transformer[Token, Any]):
    """Turns each completed grammar rule into its record (see the module docstring).

    Positions: a token knows its line and column; for text inside a token the builder works
    with ``(line, base)``, where ``base`` is the column of the token's index 0 on that line, so
    that the column of index ``i`` is ``base + i``.
    """

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[Problem] = []
        self.line_offset = 0
        """Lines before the chunk being parsed: added to Lark's line numbers."""

    # ------------------------------------------------------------------ positions

    def _where(self, token: Token, offset: int = 0) -> tuple[int, int]:
        """``(line, base)`` for the text at ``offset`` in ``token`` (see the class docstring)."""
        line = cast(int, token.line) + self.line_offset
        newlines = token.count("\n", 0, offset)
        if not newlines:
            return line, cast(int, token.column)
        return line + newlines, 1 - (token.rfind("\n", 0, offset) + 1)

    def _token_span(self, token: Token) -> Span:
        line, column = self._where(token)
        text = token.rstrip()
        if "\n" in text:
            end_line, base = self._where(token, len(text))
            return Span(line, column, end_line, base + len(text))
        # Line tokens carry the white space after them: the span ends with the last visible character.
        return Span(line, column, line, column + len(text))

    def _span(self, first: Any, last: Any) -> Span:
        """The span from the start of ``first`` to the end of ``last`` (tokens or records)."""
        a = first.span if hasattr(first, "span") else self._token_span(first)
        b = last.span if hasattr(last, "span") else self._token_span(last)
        return Span(a.line, a.column, b.end_line, b.end_column)

    @staticmethod
    def _run(
        text: str, start: int, end: int, line: int, base: int, into: Cards | None = None
    ) -> tuple[Cards, frozenset[int]]:
        """The cards written in ``text[start:end]`` (one line), appended to ``into`` when
        given, and the indices of the minus cards among them."""
        piece = text[start:end]
        words = piece.split()
        acks: list[int] = list(into.acks) if into is not None else []
        minus: list[int] = []
        before = into.cards if into is not None else ()
        try:
            # The usual run: plain cards, each a key of the spellings, looked up in one go.
            cards = before + tuple([_SPELLINGS[word] for word in words])
        except KeyError:
            found = list(before)
            for word in words:
                card = _SPELLINGS.get(word)
                if card is None:
                    card = _SPELLINGS[word.lstrip("+-").rstrip("!")]
                    if word.endswith("!"):
                        acks.append(len(found))
                    if word.startswith("-"):
                        minus.append(len(found))
                found.append(card)
            cards = tuple(found)
        source = (into.source if into is not None else ()) + ((line, base + start, piece),)
        return Cards(cards, source, frozenset(acks)), frozenset(minus)

    def _runs(self, tokens: Sequence[Token], into: Cards | None = None) -> tuple[Cards, frozenset[int]]:
        """The cards of consecutive card-run tokens (split by comments), as one run."""
        cards = into if into is not None else Cards(())
        minus: set[int] = set()
        for token in tokens:
            line, base = self._where(token)
            cards, more = self._run(token, 0, len(token), line, base, cards)
            minus |= more
        return cards, frozenset(minus)

    @staticmethod
    def _atom(line: int, base: int, start: int, text: str, value: Any, ack: bool = False) -> Atom[Any]:
        return Atom(value, Span(line, base + start, line, base + start + len(text)), ack)

    # ------------------------------------------------------------------ entries from text

    def _hand(self, token: Token, m: re.Match[str], line: int, base: int) -> HandEntry:
        name = m.group(1)
        at = base + m.start(1)
        player = Atom(unquote(name), Span(line, at, line, at + len(name)))
        cards = self._run(token, m.start(2), m.end(2), line, base)[0]
        return HandEntry(player, cards, span=Span(line, base + m.start(), line, base + m.end()))

    def _bid(self, token: Token, m: re.Match[str], line: int, base: int) -> BidEntry:
        name = m.group(1)
        player = self._atom(line, base, m.start(1), name, unquote(name))
        cards, minus, number, restated = None, frozenset[int](), None, None
        if m.group(2) is not None:
            cards, minus = self._run(token, m.start(2), m.end(2), line, base)
        else:
            number = self._atom(line, base, m.start(3), m.group(3), int(m.group(3)), bool(m.group(4)))
        if m.group(5) is not None:
            restated = self._atom(line, base, m.start(5), m.group(5), int(m.group(5)), bool(m.group(6)))
        return BidEntry(player, cards, minus, number, restated, span=Span(line, base + m.start(), line, base + m.end()))

    def _trick(self, token: Token, m: re.Match[str], line: int, base: int) -> Trick:
        start, name = base + m.start(), m.group(2)
        number = Atom(int(m.group(1)), Span(line, start, line, base + m.end(1)))
        at = base + m.start(2)
        leader = Atom(unquote(name), Span(line, at, line, at + len(name)))
        cards = self._run(token, m.start(3), m.end(3), line, base)[0]
        winner = None
        if m.group(4) is not None:
            winner = self._atom(line, base, m.start(4), m.group(4), unquote(m.group(4)))
        return Trick(number, leader, cards, winner=winner, span=Span(line, start, line, base + m.end()))

    def _at(self, token: Token, pattern: re.Pattern[str], build: Any) -> Any:
        """The entry a line token holds (a hand, a bid or a trick)."""
        match = pattern.match(token)
        assert match is not None
        line, base = self._where(token)
        return build(token, match, line, base)

    def _figures_in(self, token: Token, start: int) -> list[Figure]:
        line, base = self._where(token, start)
        figures = []
        for m in _FIGURE_RE.finditer(token, start):
            side = tuple(unquote(n) for n in _NAME_RE.findall(m.group(1)))
            span = Span(line, base + m.start(), line, base + m.end())
            figures.append(Figure(side, int(m.group(2)), bool(m.group(3)), span=span))
        return figures

    def _block(self, token: Token, pattern: re.Pattern[str], build: Any) -> list[Any]:
        """The entries of a fast-lane block: its keyword line, then one entry per line."""
        entries = []
        line, _ = self._where(token)
        position = token.index("\n")
        size = len(token)
        while True:
            line_start = position
            while position < size and token[position] in " \t\r\n\f":
                if token[position] == "\n":
                    line += 1
                    line_start = position + 1
                position += 1
            match = pattern.match(token, position)
            if match is None:
                return entries
            entries.append(build(token, match, line, 1 - line_start))
            position = match.end()

    # ------------------------------------------------------------------ tags and deals

    def tag(self, c: list[Token]) -> Tag:
        return Tag(str(c[1]), unquote(c[2]), span=self._span(c[0], c[3]))

    def tag_block(self, tags: list[Tag]) -> tuple[Tag, ...]:
        return tuple(tags)

    def deal(self, c: list[Any]) -> Deal:
        first = c[0]
        if _is(first, "DEAL_LINE"):
            kind, number_text = first.split()
            line, base = self._where(first)
            number = self._atom(line, base, first.index(number_text, len(kind)), number_text, int(number_text))
            sections = tuple(c[1:])
        else:
            kind = str(first)
            number = Atom(int(c[1]), self._token_span(c[1]))
            sections = tuple(c[2:])
        return Deal(kind, number, sections, span=self._span(first, c[-1]))

    def chunk(self, c: list[Any]) -> Any:
        return c[0]

    # ------------------------------------------------------------------ names

    def player(self, c: list[Token]) -> Atom[str]:
        return Atom(unquote(c[0]), self._token_span(c[0]))

    def side(self, c: list[Any]) -> list[Atom[str]]:
        return [x for x in c if isinstance(x, Atom)]

    def dealer(self, c: list[Any]) -> Dealer:
        if _is(c[0], "DEALER_LINE"):
            token = c[0]
            name = token.split()[1]
            line, base = self._where(token)
            player = self._atom(line, base, token.index(name, 6), name, name)
            return Dealer(player, span=self._token_span(token))
        return Dealer(c[1], span=self._span(c[0], c[1]))

    def undealt(self, c: list[Token]) -> Undealt:
        return Undealt(self._runs(c[1:])[0], span=self._span(c[0], c[-1]))

    # ------------------------------------------------------------------ hands and the like

    def entry_hand(self, c: list[Any]) -> HandEntry:
        if _is(c[0], "HAND_LINE"):
            entry = self._at(c[0], _HAND_RE, self._hand)
            player, cards = entry.player, self._runs(c[1:], entry.cards)[0]
        else:
            player, cards = c[0], self._runs(c[2:])[0]
        return HandEntry(player, cards, span=self._span(c[0], c[-1]))

    def _entries_after_head(self, c: list[Any], pattern: re.Pattern[str], build: Any) -> tuple[list[Any], bool]:
        incomplete = _is_star(c[-1])
        rest = c[1:-1] if incomplete else c[1:]
        head = c[0]
        found = self._block(head, pattern, build) if "\n" in head and head.type.endswith("_BLOCK") else []
        return found + list(rest), incomplete

    def _hand_section(self, cls: type[Hands], c: list[Any]) -> Hands:
        entries, incomplete = self._entries_after_head(c, _HAND_RE, self._hand)
        return cls(tuple(entries), incomplete, span=self._span(c[0], c[-1]))

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
        if _is(first, "BID_LINE"):
            return cast(BidEntry, self._at(first, _BID_RE, self._bid))
        player, (cards, minus, number, last), restated = c[0], c[2], (c[3] if len(c) > 3 else None)
        span = self._span(first, restated if restated is not None else last)
        return BidEntry(player, cards, minus, number, restated, span=span)

    def bid_cards(self, c: list[Token]) -> tuple[Cards, frozenset[int], None, Token]:
        cards, minus = self._runs(c)
        return (cards, minus, None, c[-1])

    def bid_number(self, c: list[Token]) -> tuple[None, frozenset[int], Atom[int], Token]:
        return (None, frozenset(), Atom(int(c[0]), self._token_span(c[0]), len(c) > 1), c[-1])

    def restated(self, c: list[Token]) -> Atom[int]:
        return Atom(int(c[1]), self._span(c[1], c[-1]), len(c) > 2)

    def bids(self, c: list[Any]) -> Bids:
        entries, incomplete = self._entries_after_head(c, _BID_RE, self._bid)
        return Bids(tuple(entries), incomplete, span=self._span(c[0], c[-1]))

    # ------------------------------------------------------------------ contract

    def contract(self, c: list[Any]) -> Contract:
        if _is(c[0], "CONTRACT_LINE"):
            return self._contract_line(c[0])
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

    def _contract_line(self, token: Token) -> Contract:
        match = _CONTRACT_RE.match(token)
        assert match is not None
        line, base = self._where(token)
        winner = self._atom(line, base, match.start(1), match.group(1), match.group(1))
        trump = mode = adjust = None
        if match.group(2) is not None:
            text = match.group(2)
            trump = self._atom(line, base, match.start(2), text, NT if text == "NT" else parse_suit(text))
        if match.group(3) is not None:
            mode = self._atom(line, base, match.start(3), match.group(3), Mode(match.group(3)))
        if match.group(4) is not None:
            adjust = self._atom(line, base, match.start(4), match.group(4), int(match.group(4)))
        return Contract(winner, trump, mode, adjust, span=self._token_span(token))

    def contract_trump(self, c: list[Token]) -> tuple[str, Atom[Any], Token]:
        text = str(c[1])
        value = NT if text == "NT" else parse_suit(text)
        return ("trump", Atom(value, self._token_span(c[1]), len(c) > 2), c[-1])

    def contract_mode(self, c: list[Token]) -> tuple[str, Atom[Mode], Token]:
        return ("mode", Atom(Mode(str(c[0])), self._token_span(c[0]), len(c) > 1), c[-1])

    def contract_adjust(self, c: list[Token]) -> tuple[str, Atom[int], Token]:
        return ("adjust", Atom(int(c[1]), self._token_span(c[1]), len(c) > 2), c[-1])

    # ------------------------------------------------------------------ play

    def trick_winner(self, c: list[Any]) -> Atom[str]:
        winner: Atom[str] = c[1]
        return Atom(winner.value, self._span(winner, c[-1]), len(c) > 2)

    def trick_led(self, c: list[Any]) -> Trick:
        winner = c[-1] if isinstance(c[-1], Atom) else None
        body = c[:-1] if winner is not None else c
        first = body[0]
        if _is(first, "TRICK_LINE"):
            trick = self._at(first, _TRICK_RE, self._trick)
            number, leader, cards = trick.number, trick.leader, self._runs(body[1:], trick.cards)[0]
            winner = winner or trick.winner
        else:
            number = Atom(int(str(first)[:-1]), self._token_span(first))
            leader, cards = body[1], self._runs(body[3:])[0]
        return Trick(number, leader, cards, winner=winner, span=self._span(first, c[-1]))

    def trick_by_player(self, c: list[Any]) -> Trick:
        winner = c[-1] if isinstance(c[-1], Atom) and len(c) % 2 == 0 else None
        body = c[1:-1] if winner is not None else c[1:]
        players = tuple(body[0::2])
        runs = body[1::2]
        self._one_card_each(players, runs)
        cards = self._runs(runs)[0]
        number = Atom(int(str(c[0])[:-1]), self._token_span(c[0]))
        return Trick(number, players[0], cards, players, winner, span=self._span(c[0], c[-1]))

    def _one_card_each(self, players: Sequence[Atom[str]], runs: Sequence[Token]) -> None:
        """Where each player is named with a card, one card follows each name (REC012)."""
        for player, run in zip(players, runs):
            count = len(run.split())
            if count != 1:
                values = {"player": player.value, "count": count}
                self.problems.append(Problem(("REC012", self._token_span(run), values)))

    def play(self, c: list[Any]) -> Play:
        tricks, incomplete = self._entries_after_head(c, _TRICK_RE, self._trick)
        return Play(tuple(tricks), incomplete, span=self._span(c[0], c[-1]))

    # ------------------------------------------------------------------ figures

    def side_value(self, c: list[Any]) -> list[Figure]:
        if _is(c[0], "FIGURES"):
            return self._figures_in(c[0], 0)
        side = tuple(atom.value for atom in c[0])
        return [Figure(side, int(c[1]), len(c) > 2, span=self._span(c[0][0], c[-1]))]

    def _figures(self, cls: type[Tricks], c: list[Any]) -> Tricks:
        incomplete = _is_star(c[-1])
        groups = c[1:-1] if incomplete else c[1:]
        head = c[0]
        first = self._figures_in(head, head.index(" ")) if head.type.endswith("_LINE") else []
        entries = tuple(first) + tuple(f for group in groups for f in group)
        last = c[-1][-1] if isinstance(c[-1], list) else c[-1]
        return cls(entries, incomplete, span=self._span(head, last))

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
        return Stock(self._runs(c[1:])[0], span=self._span(c[0], c[-1]))

    def ruff(self, c: list[Any]) -> Ruff:
        player = c[1]
        span = self._span(c[0], c[-1])
        if c[2].type == "DECLINES":
            return Ruff(player, None, True, span=span)
        discards = None if _is_star(c[3]) else self._runs(c[3:])[0]
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
        return Discards(self._runs(c[1:])[0], span=self._span(c[0], c[-1]))

    def cut(self, c: list[Any]) -> Cut:
        players = tuple(c[1::2])
        self._one_card_each(players, c[2::2])
        return Cut(players, self._runs(c[2::2])[0], span=self._span(c[0], c[-1]))

    def early_reveal(self, c: list[Any]) -> EarlyReveal:
        return EarlyReveal(c[1], tuple(str(t) for t in c[2:]), span=self._span(c[0], c[-1]))

    def misdeal(self, c: list[Token]) -> Misdeal:
        return Misdeal(tuple(str(t) for t in c[1:]), span=self._span(c[0], c[-1]))

    def tromp(self, c: list[Any]) -> Tromp:
        return Tromp(c[1], unquote(c[2]), span=self._span(c[0], c[-1]))


def _last(part: Any) -> Any:
    """The last token of a sub-rule result that carries it as its last element."""
    return part[-1] if isinstance(part, tuple) else part
