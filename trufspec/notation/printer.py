"""Print records back as canonical text.

The printer is the inverse of the parser: whatever it prints reads back as the same records,
comments included, and printing that again gives the same bytes.  The layout is the one of the
notation's reference: tags one per line, a blank line, then each deal with one section per line
and one entry per line in hands, bids and play, labels and trick numbers aligned.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from trufspec.cards import FULL_PACK, Card, NoTrump, Suit
from trufspec.notation.words import is_bare
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
    Off,
    Place,
    Play,
    Pot,
    Public,
    Ruff,
    Score,
    Secret,
    Stock,
    Total,
    Trick,
    Tricks,
    Tromp,
    Undealt,
    Vote,
    Votes,
)

__all__ = ["dumps", "print_game"]

_HAND_KEYWORDS = {Hands: "hands", Public: "public", Claims: "claims", Secret: "secret"}
_FIGURE_KEYWORDS = {
    Tricks: "tricks",
    Score: "score",
    Total: "total",
    Honours: "honours",
    Pot: "pot",
}


@functools.lru_cache(maxsize=4096)
def name(value: str) -> str:
    """A player's name as the notation writes it: bare when it can be, quoted otherwise."""
    if is_bare(value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _inline(comments: Sequence[Comment]) -> dict[int, list[str]]:
    """The brace comments among a run of cards, by the index of the card they follow."""
    found: dict[int, list[str]] = {}
    for comment in comments:
        if comment.place is Place.AFTER and comment.index is not None:
            found.setdefault(comment.index, []).append(comment.text)
    return found


def _mark(ack: bool) -> str:
    return "!" if ack else ""


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


_ASCII_TEXT = {card: str(card) for card in FULL_PACK}
_UNICODE_TEXT = {card: card.unicode() for card in FULL_PACK}
"""Each card as the notation writes it: looked up, for a record writes thousands of them."""


class _Printer:
    def __init__(self, unicode: bool) -> None:
        self.unicode = unicode
        self.lines: list[str] = []
        self.card_text = _UNICODE_TEXT if unicode else _ASCII_TEXT

    # ------------------------------------------------------------ small pieces

    def card(self, card: Card) -> str:
        return self.card_text[card]

    def suit(self, suit: Suit) -> str:
        return suit.symbol if self.unicode else suit.letter

    def cards(
        self,
        run: Cards,
        minus: frozenset[int] = frozenset(),
        comments: Sequence[Comment] = (),
        players: Sequence[Atom[str]] = (),
    ) -> str:
        """A run of cards with its marks and the brace comments that stand among them; with
        ``players``, each card after its player's name."""
        if not (minus or comments or players or run.acks):
            return " ".join(map(self.card_text.__getitem__, run.cards))
        inline = _inline(comments)
        words = list(inline.get(-1, ()))
        for i, card in enumerate(run):
            # A run read with more cards than names (REC012) pairs them as the replay does:
            # the names with the first cards.
            if i < len(players):
                words.append(name(players[i].value))
            words.append(("-" if i in minus else "") + self.card(card) + _mark(i in run.acks))
            words += inline.get(i, ())
        return " ".join(words)

    def emit(self, indent: str, text: str, node: Any) -> None:
        """A line for ``node``: its comments before, the text, its trailing comments."""
        comments: tuple[Comment, ...] = getattr(node, "comments", ())
        if not comments:  # as most lines have: a record writes thousands of them
            self.lines.append(indent + text)
            return
        for comment in comments:
            if comment.place is Place.BEFORE:
                self.lines.append(indent + comment.text)
        trailing = [c.text for c in comments if c.place is Place.AFTER and c.index is None]
        self.lines.append(indent + text + "".join("  " + t for t in trailing))

    def end_comments(self, comments: Iterable[Comment]) -> None:
        self.lines.extend(c.text for c in comments if c.place is Place.END)

    # ------------------------------------------------------------ games

    def game(self, game: Game) -> None:
        for tag in game.tags:
            self.emit("", f"[{tag.name} {_quote(tag.value)}]", tag)
        self.end_comments(game.comments)
        for deal in game.deals:
            if self.lines:
                self.lines.append("")
            self.deal(deal)

    def deal(self, deal: Deal) -> None:
        self.emit("", f"{deal.kind} {deal.number.value}", deal)
        for section in deal.sections:
            _SECTIONS[type(section)](self, section)
        self.end_comments(deal.comments)

    # ------------------------------------------------------------ sections

    def hands(self, section: Hands) -> None:
        self.entries(_HAND_KEYWORDS[type(section)], section, section.entries, self.hand_entry)

    def entries(
        self, keyword: str, section: Any, entries: Sequence[Any], line: Callable[..., str]
    ) -> None:
        self.emit("", keyword, section)
        labels = [self.label(e) for e in entries]
        width = max((len(label) for label in labels), default=0) + 1
        bodies = [line(e) for e in entries]
        for entry, label, body in zip(entries, labels, bodies):
            self.emit("  ", (label.ljust(width) + body).rstrip(), entry)
        if section.incomplete:
            self.lines.append("  *")

    def label(self, entry: Any) -> str:
        return name(entry.player.value) + ":"

    def hand_entry(self, entry: HandEntry) -> str:
        return self.cards(entry.cards, comments=entry.comments)

    def bids(self, section: Bids) -> None:
        bodies = {id(e): self.bid_body(e) for e in section.entries}
        width = max((len(b) for b in bodies.values()), default=0)
        restated = {
            id(e): f"   = {e.restated.value}{_mark(e.restated.ack)}"
            for e in section.entries
            if e.restated
        }
        self.entries(
            "bids",
            section,
            section.entries,
            lambda e: (
                (bodies[id(e)].ljust(width) + restated[id(e)])
                if id(e) in restated
                else bodies[id(e)]
            ),
        )

    def bid_body(self, entry: BidEntry) -> str:
        if entry.cards is not None:
            return self.cards(entry.cards, entry.minus, entry.comments)
        assert entry.number is not None
        return f"{entry.number.value}{_mark(entry.number.ack)}"

    def play(self, section: Play) -> None:
        self.emit("", "play", section)
        number_width = max((len(str(t.number.value)) for t in section.tricks), default=1)
        led = [t for t in section.tricks if not t.by_player]
        width = max((len(name(t.leader.value)) + 1 for t in led), default=0) + 1
        for trick in section.tricks:
            number = f"{trick.number.value}.".rjust(number_width + 1)
            self.emit("  ", f"{number} {self.trick_body(trick, width)}".rstrip(), trick)
        if section.incomplete:
            self.lines.append("  *")

    def trick_body(self, trick: Trick, width: int) -> str:
        won = [f"= {self.player(trick.winner)}"] if trick.winner is not None else []
        if trick.by_player:
            return " ".join(
                [self.cards(trick.cards, comments=trick.comments, players=trick.players), *won]
            )
        label = (name(trick.leader.value) + ":").ljust(width)
        return (label + " ".join([self.cards(trick.cards, comments=trick.comments), *won])).rstrip()

    def figures(self, section: Tricks) -> None:
        keyword = _FIGURE_KEYWORDS[type(section)]
        parts = [self.figure(f) for f in section.entries] + (["*"] if section.incomplete else [])
        self.emit("", " ".join([keyword.ljust(6), *parts]).rstrip(), section)

    def figure(self, figure: Figure) -> str:
        return "+".join(name(p) for p in figure.side) + f" {figure.value}{_mark(figure.ack)}"

    def player(self, atom: Atom[str]) -> str:
        return name(atom.value) + _mark(atom.ack)

    def dealer(self, section: Dealer) -> None:
        self.emit("", "dealer " + self.player(section.player), section)

    def contract(self, section: Contract) -> None:
        parts = ["contract", self.player(section.winner)]
        if section.trump is not None:
            trump = section.trump.value
            text = "NT" if isinstance(trump, NoTrump) else self.suit(trump)
            parts += ["trump", text + _mark(section.trump.ack)]
        if section.mode is not None:
            parts.append(section.mode.value.value + _mark(section.mode.ack))
        if section.adjust is not None:
            parts += ["adjust", _signed(section.adjust.value) + _mark(section.adjust.ack)]
        self.emit("", " ".join(parts), section)

    def card_section(self, keyword: str, section: Any) -> None:
        self.emit("", f"{keyword} {self.cards(section.cards, comments=section.comments)}", section)

    def undealt(self, section: Undealt) -> None:
        self.card_section("undealt", section)

    def stock(self, section: Stock) -> None:
        self.card_section("stock", section)

    def discards(self, section: Discards) -> None:
        self.card_section("discards", section)

    def ruff(self, section: Ruff) -> None:
        head = "ruff " + self.player(section.player)
        if section.declined:
            self.emit("", head + " declines", section)
        elif section.discards is None:
            self.emit("", head + " discards *", section)
        else:
            self.emit(
                "",
                head + " discards " + self.cards(section.discards, comments=section.comments),
                section,
            )

    def votes(self, section: Votes) -> None:
        keyword = "decide" if isinstance(section, Decide) else "votes"
        parts = [keyword, *(self.vote(v) for v in section.entries)] + (
            ["*"] if section.incomplete else []
        )
        self.emit("", " ".join(parts), section)

    def vote(self, vote: Vote) -> str:
        if vote.target is None:
            assert vote.voter is not None  # a blank slip has its voter
            return f"{name(vote.voter.value)}>-"
        if vote.voter is not None:
            return f"{name(vote.voter.value)}>{name(vote.target.value)}{_mark(vote.ack)}"
        return f"{name(vote.target.value)} {vote.count}{_mark(vote.ack)}"

    def off(self, section: Off) -> None:
        self.emit("", "off " + self.player(section.player), section)

    def cut(self, section: Cut) -> None:
        pairs = self.cards(section.cards, comments=section.comments, players=section.players)
        self.emit("", f"cut {pairs}", section)

    def early_reveal(self, section: EarlyReveal) -> None:
        self.emit(
            "", " ".join(["early-reveal", self.player(section.player), *section.flags]), section
        )

    def misdeal(self, section: Misdeal) -> None:
        self.emit("", " ".join(["misdeal", *section.flags]), section)

    def tromp(self, section: Tromp) -> None:
        phrase = "pass" if section.phrase is None else _quote(section.phrase)
        self.emit("", f"tromp {self.player(section.player)} {phrase}", section)

    def bribe(self, section: Bribe) -> None:
        self.emit("", "bribe " + self.player(section.player), section)


_SECTIONS: dict[type, Callable[[_Printer, Any], None]] = {
    Dealer: _Printer.dealer,
    Undealt: _Printer.undealt,
    Hands: _Printer.hands,
    Public: _Printer.hands,
    Claims: _Printer.hands,
    Secret: _Printer.hands,
    Bids: _Printer.bids,
    Contract: _Printer.contract,
    Play: _Printer.play,
    Tricks: _Printer.figures,
    Score: _Printer.figures,
    Total: _Printer.figures,
    Honours: _Printer.figures,
    Pot: _Printer.figures,
    Stock: _Printer.stock,
    Ruff: _Printer.ruff,
    Votes: _Printer.votes,
    Decide: _Printer.votes,
    Off: _Printer.off,
    Discards: _Printer.discards,
    Cut: _Printer.cut,
    EarlyReveal: _Printer.early_reveal,
    Misdeal: _Printer.misdeal,
    Tromp: _Printer.tromp,
    Bribe: _Printer.bribe,
}


def print_game(game: Game, *, unicode: bool = False) -> str:
    """One game as canonical text, ending with a newline."""
    printer = _Printer(unicode)
    printer.game(game)
    return "\n".join(printer.lines) + "\n"


def dumps(games: Iterable[Game], *, unicode: bool = False) -> str:
    """Games as canonical text: each game as :func:`print_game` prints it, a blank line between."""
    return "\n".join(print_game(game, unicode=unicode) for game in games)
