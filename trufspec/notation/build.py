"""Build records from Lark tokens, while Lark parses (an inline transformer: no parse tree).

Each method is named after the grammar rule it completes and receives that rule's children:
tokens, and the records already built for its sub-rules.  A run of cards is one token
(``CARDS``), split here, because that is much cheaper than one parser step per card.

Rules of form that the grammar cannot express (a player followed by two cards in the per-card
form of a trick) are still kept: each breach is collected in :attr:`RecordBuilder.breaches`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, cast

from lark import Token, Transformer

from trufspec.cards import NT, parse_suit
from trufspec.notation.words import read_run, unquote
from trufspec.records import (
    Atom,
    BidEntry,
    Bids,
    Bribe,
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

__all__ = ["FormBreach", "RecordBuilder"]


class FormBreach(NamedTuple):
    """A rule of form the record breaks, found while building: (code, span, message values).

    A named tuple rather than a subclass of ``tuple``: mypyc compiles this module and cannot
    subclass the built-in type."""

    code: str
    span: Span
    values: dict[str, object]


def _is_star(child: object) -> bool:
    return isinstance(child, Token) and child.type == "STAR"


class RecordBuilder(Transformer[Token, Any]):
    """Turns each completed grammar rule into its record (see the module docstring).

    No token spans lines (comments are not given to the builder), so a token's position is its
    line, counted in the file, and its column.
    """

    def __init__(self) -> None:
        super().__init__()
        self.breaches: list[FormBreach] = []
        self.line_offset = 0
        """Lines before the chunk being parsed: added to Lark's line numbers."""

    # ------------------------------------------------------------------ positions

    def _where(self, token: Token) -> tuple[int, int]:
        """The line and column of a token in the file."""
        return cast(int, token.line) + self.line_offset, cast(int, token.column)

    def _token_span(self, token: Token) -> Span:
        line, column = self._where(token)
        return Span(line, column, line, column + len(token))

    def _span(self, first: Any, last: Any) -> Span:
        """The span from the start of ``first`` to the end of ``last`` (tokens or records)."""
        a = first.span if hasattr(first, "span") else self._token_span(first)
        b = last.span if hasattr(last, "span") else self._token_span(last)
        return Span(a.line, a.column, b.end_line, b.end_column)

    def _runs(
        self, tokens: Sequence[Token], into: Cards | None = None
    ) -> tuple[Cards, frozenset[int]]:
        """The cards of consecutive card-run tokens (split by comments), as one run."""
        cards = into if into is not None else Cards(())
        minus: set[int] = set()
        for token in tokens:
            line, column = self._where(token)
            cards, more = read_run(str(token), line, column, cards)
            minus |= more
        return cards, frozenset(minus)

    # ------------------------------------------------------------------ tags and deals

    def tag(self, c: list[Token]) -> Tag:
        return Tag(str(c[1]), unquote(c[2]), span=self._span(c[0], c[3]))

    def tag_block(self, tags: list[Tag]) -> tuple[Tag, ...]:
        return tuple(tags)

    def deal(self, c: list[Any]) -> Deal:
        number = Atom(int(c[1]), self._token_span(c[1]))
        return Deal(str(c[0]), number, tuple(c[2:]), span=self._span(c[0], c[-1]))

    def chunk(self, c: list[Any]) -> Any:
        return c[0]

    # ------------------------------------------------------------------ names

    def player(self, c: list[Token]) -> Atom[str]:
        return Atom(unquote(c[0]), self._token_span(c[0]))

    def side(self, c: list[Any]) -> list[Atom[str]]:
        return [x for x in c if isinstance(x, Atom)]

    def dealer(self, c: list[Any]) -> Dealer:
        return Dealer(_marked(c[1:]), span=self._span(c[0], c[-1]))

    def undealt(self, c: list[Token]) -> Undealt:
        return Undealt(self._runs(c[1:])[0], span=self._span(c[0], c[-1]))

    # ------------------------------------------------------------------ hands and the like

    def entry_hand(self, c: list[Any]) -> HandEntry:
        return HandEntry(c[0], self._runs(c[2:])[0], span=self._span(c[0], c[-1]))

    @staticmethod
    def _entries(c: list[Any]) -> tuple[tuple[Any, ...], bool]:
        """The entries after a section's keyword, and whether a ``*`` ends them."""
        incomplete = _is_star(c[-1])
        return tuple(c[1:-1] if incomplete else c[1:]), incomplete

    def _hand_section(self, cls: type[Hands], c: list[Any]) -> Hands:
        entries, incomplete = self._entries(c)
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
        entries, incomplete = self._entries(c)
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
            winner,
            parts.get("trump"),
            parts.get("mode"),
            parts.get("adjust"),
            span=self._span(c[0], _last(c[-1])),
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

    def trick_winner(self, c: list[Any]) -> Atom[str]:
        winner: Atom[str] = c[1]
        return Atom(winner.value, self._span(winner, c[-1]), len(c) > 2)

    def trick_led(self, c: list[Any]) -> Trick:
        winner = c[-1] if isinstance(c[-1], Atom) else None
        body = c[:-1] if winner is not None else c
        first = body[0]
        return Trick(
            self._trick_number(first),
            body[1],
            self._runs(body[3:])[0],
            winner=winner,
            span=self._span(first, c[-1]),
        )

    def trick_by_player(self, c: list[Any]) -> Trick:
        winner = c[-1] if isinstance(c[-1], Atom) and len(c) % 2 == 0 else None
        body = c[1:-1] if winner is not None else c[1:]
        players = tuple(body[0::2])
        runs = body[1::2]
        self._one_card_each(players, runs)
        cards = self._runs(runs)[0]
        return Trick(
            self._trick_number(c[0]),
            players[0],
            cards,
            players,
            winner,
            span=self._span(c[0], c[-1]),
        )

    def _one_card_each(self, players: Sequence[Atom[str]], runs: Sequence[Token]) -> None:
        """Where each player is named with a card, one card follows each name (REC012)."""
        for player, run in zip(players, runs):
            count = len(run.split())
            if count != 1:
                values = {"player": player.value, "count": count}
                self.breaches.append(FormBreach("REC012", self._token_span(run), values))

    def _trick_number(self, token: Token) -> Atom[int]:
        """The number of a trick, positioned on its digits (not the dot after them)."""
        line, column = self._where(token)
        return Atom(int(token[:-1]), Span(line, column, line, column + len(token) - 1))

    def play(self, c: list[Any]) -> Play:
        tricks, incomplete = self._entries(c)
        return Play(tricks, incomplete, span=self._span(c[0], c[-1]))

    # ------------------------------------------------------------------ figures

    def side_value(self, c: list[Any]) -> list[Figure]:
        side = tuple(atom.value for atom in c[0])
        return [Figure(side, int(c[1]), len(c) > 2, span=self._span(c[0][0], c[-1]))]

    def _figures(self, cls: type[Tricks], c: list[Any]) -> Tricks:
        incomplete = _is_star(c[-1])
        groups = c[1:-1] if incomplete else c[1:]
        entries = tuple(f for group in groups for f in group)
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

    def vote_blank(self, c: list[Any]) -> Vote:
        return Vote(None, c[0], None, span=self._span(c[0], c[-1]))

    def votes(self, c: list[Any]) -> Votes:
        incomplete = _is_star(c[-1])
        return Votes(
            tuple(c[1:-1] if incomplete else c[1:]), incomplete, span=self._span(c[0], c[-1])
        )

    def decide(self, c: list[Any]) -> Votes:
        incomplete = _is_star(c[-1])
        return Decide(
            tuple(c[1:-1] if incomplete else c[1:]), incomplete, span=self._span(c[0], c[-1])
        )

    def off(self, c: list[Any]) -> Off:
        return Off(_marked(c[1:]), span=self._span(c[0], c[-1]))

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
        phrase = None if c[2].type == "PASS" else unquote(c[2])
        return Tromp(c[1], phrase, span=self._span(c[0], c[-1]))

    def bribe(self, c: list[Any]) -> Bribe:
        return Bribe(_marked(c[1:]), span=self._span(c[0], c[-1]))


def _last(part: Any) -> Any:
    """The last token of a sub-rule result that carries it as its last element."""
    return part[-1] if isinstance(part, tuple) else part


def _marked(c: list[Any]) -> Atom[str]:
    """A player followed by an optional ``!``: the player, acknowledged when the mark is there."""
    player: Atom[str] = c[0]
    return player if len(c) == 1 else Atom(player.value, player.span, True)
