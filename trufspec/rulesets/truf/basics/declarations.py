"""truf-basics declarations: the target each player declares, the bid winner, trump and mode.

A declaration is one card (its value is the target), two cards of one suit as SUM or
SUBTRACT, or two cards of different suits as NO TRUF; each two-card form is valid only above
its own threshold.  Each function applies the clauses named in its docstring and reports,
through the findings, every restated value of the record that differs from the recomputed
one; what it cannot compute for lack of facts it leaves as None and notes as unchecked.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from typing import Any

from attrs import frozen

from trufspec.cards import NT, Card, NoTrump, Rank, Suit, Trump
from trufspec.engine.findings import Breach, Findings
from trufspec.records import Bids, Contract
from trufspec.spec.options import Readings
from trufspec.spec.wording import Phrase

__all__ = [
    "Contest",
    "Declaration",
    "Form",
    "SUIT_ORDER",
    "bid_winner",
    "card_value",
    "declare",
    "decide_mode",
    "describe_trump",
    "evaluate",
    "report_winner",
    "trump_of",
]

SUIT_ORDER = {Suit.SPADES: 3, Suit.HEARTS: 2, Suit.CLUBS: 1, Suit.DIAMONDS: 0}
"""TB209: this source's own suit order, spades high and diamonds low."""


class Form(enum.Enum):
    """How a target was declared."""

    ONE = "one card"
    """TB202: one card."""
    SUM = "SUM"
    """TB203: two cards of one suit, added."""
    SUBTRACT = "SUBTRACT"
    """TB204: two cards of one suit, the higher value less the lower."""
    NO_TRUF = "NO TRUF"
    """TB205: two cards of different suits, added."""
    NUMBER = "number"
    """The record gives the target as a number: the cards were not noted."""


@frozen
class Declaration:
    """A player's declaration as the rules see it."""

    player: str
    target: int
    form: Form
    cards: tuple[Card, ...] = ()

    @property
    def suit(self) -> Suit | None:
        """The suit declared (None for NO TRUF and for a target written as a number)."""
        if self.form in (Form.NO_TRUF, Form.NUMBER):
            return None
        return self.cards[0].suit

    @property
    def top(self) -> Card:
        """TB210, TB-A8: the card of the highest value, of the higher suit at equal values."""
        return max(self.cards, key=lambda c: (card_value(c), SUIT_ORDER[c.suit]))


def card_value(card: Card) -> int:
    """TB004: the ace 1, number cards their number, pictures 0."""
    if card.rank is Rank.ACE:
        return 1
    if card.rank.is_picture:
        return 0
    return card.rank.value


def _shown(cards: Sequence[Card], minus: frozenset[int]) -> str:
    """The cards as the record writes them, each minus card with its sign."""
    return " ".join(("-" if i in minus else "") + str(c) for i, c in enumerate(cards))


_FORM_CLAUSES = {
    Form.ONE: "TB202",
    Form.SUM: "TB203",
    Form.SUBTRACT: "TB204",
    Form.NO_TRUF: "TB205",
}
"""The clause that gives each form of declaration its target."""


def declare(
    player: str,
    cards: Sequence[Card],
    minus: frozenset[int],
    hand: Collection[Card] | None,
    options: Readings,
) -> tuple[Declaration, list[Breach]]:
    """TB201 to TB205: ``player``'s declaration of ``cards`` (those at ``minus`` marked minus)
    from ``hand`` (None when the record does not give it), with its target and what is wrong
    with it.  The record check and the live referee both ask it."""
    breaches = _form_breaches(player, cards, minus, hand)
    declaration, breach = _declare(player, tuple(cards), minus, options)
    return declaration, breaches if breach is None else [*breaches, breach]


def _form_breaches(
    player: str, cards: Sequence[Card], minus: frozenset[int], hand: Collection[Card] | None
) -> list[Breach]:
    """TB201: one or two cards of the player's own hand, a minus mark only for SUBTRACT."""
    breaches = []
    if len(cards) > 2:
        problem = f"declared {len(cards)} cards"
        breaches.append(Breach("TB201", None, {"player": player, "problem": problem}, fault=True))
    for index, card in enumerate(cards):
        if card in cards[:index]:
            problem = f"declared {card} twice"
            breaches.append(Breach("TB201", index, {"player": player, "problem": problem}))
        elif hand is not None and card not in hand:
            phrase = Phrase(
                "declared {card}, which is not in {player:their} hand",
                {"card": card, "player": player},
            )
            breaches.append(Breach("TB201", index, {"player": player, "problem": phrase}))
    same_suit = len({c.suit for c in cards}) == 1
    if not minus or len(cards) > 2 or (same_suit and len(cards) == 2 and len(minus) == 1):
        return breaches
    if len(cards) == 1:
        problem = "marked the single card minus, which declares nothing"
    elif not same_suit:
        problem = "marked a card minus in a NO TRUF declaration, which declares nothing"
    else:
        problem = "marked more than one card minus; SUBTRACT marks one"
    breaches.append(Breach("TB201", min(minus), {"player": player, "problem": problem}))
    return breaches


def _declare(
    player: str, cards: tuple[Card, ...], minus: frozenset[int], options: Readings
) -> tuple[Declaration, Breach | None]:
    """TB202 to TB205: the target of a declaration of cards, with its validity."""
    values = [card_value(c) for c in cards]
    shown = _shown(cards, minus)
    if len(cards) == 1:
        return Declaration(player, values[0], Form.ONE, cards), None
    if len({c.suit for c in cards}) > 1:
        target = sum(values)
        found = Declaration(player, target, Form.NO_TRUF, cards)
        if len(cards) == 2 and target < 7:
            return found, _invalid("TB205", player, shown, value=target)
        return found, None
    if not minus or len(cards) > 2:
        target = sum(values)
        found = Declaration(player, target, Form.SUM, cards)
        if len(cards) == 2 and target < 5:
            return found, _invalid("TB203", player, shown, value=target)
        return found, None
    target = max(values) - min(values)
    total = sum(values)
    found = Declaration(player, target, Form.SUBTRACT, cards)
    if total < 5:
        problem = f"the two values add up to {total}, below 5"
        return found, _invalid("TB204", player, shown, problem=problem)
    if options["subtract-valid"] == "result" and target < 5:
        problem = f"it makes {target}, below 5 (subtract-valid=result)"
        return found, _invalid("TB204", player, shown, problem=problem)
    return found, None


def _invalid(code: str, player: str, shown: str, **values: Any) -> Breach:
    """A declaration whose cards do not make a valid one of its form: a fault of the whole."""
    return Breach(code, None, {"player": player, "cards": shown, **values}, fault=True)


def evaluate(
    bids: Bids,
    seats: Sequence[str],
    hands: dict[str, list[Card]] | None,
    options: Readings,
    findings: Findings,
) -> dict[str, Declaration]:
    """Every recorded declaration, with its target (TB201 to TB206)."""
    found: dict[str, Declaration] = {}
    for entry in bids.entries:
        player = entry.player.value
        if player not in seats or player in found:
            continue
        if entry.cards is None:
            assert entry.number is not None
            found[player] = Declaration(player, entry.number.value, Form.NUMBER)
            findings.unchecked(f"{player}'s declaration (its cards are not recorded)")
            written: int | str = entry.number.value
        else:
            cards = entry.cards
            hand = hands.get(player) if hands is not None else None
            declaration, breaches = declare(player, cards.cards, entry.minus, hand, options)
            findings.judge("TB201", "TB004", _FORM_CLAUSES[declaration.form])
            for breach in breaches:
                index = breach.index
                if index is None:
                    findings.report(breach, entry.span)
                else:
                    findings.report(breach, cards.span(index), ack=cards.acknowledged(index))
            found[player] = declaration
            written = _shown(cards.cards, entry.minus)
        restated = entry.restated
        if restated is not None:
            findings.judge("TB206")
        if restated is not None and restated.value != found[player].target:
            findings.add(
                "TB206",
                restated.span,
                ack=restated.ack,
                player=player,
                cards=written,
                expected=found[player].target,
                written=restated.value,
            )
    return found


@frozen
class Contest:
    """How the bid was won: the winner, the tied declarations and each one's fate.

    ``lost`` says, for every declarer who did not win, the clause that beat them: TB207 (a
    lower target), TB208 (NO TRUF against a suit), TB209 (a lower suit), TB210 (between NO
    TRUF declarers) or TB211 (the same suit).
    """

    winner: str
    lost: dict[str, str]
    reason: str


def _same_suit_key(declaration: Declaration, options: Readings) -> tuple[int, ...]:
    """TB211 under TB-A7: fewer cards, then the highest value, then the highest rank."""
    rank = max(c.rank.value for c in declaration.cards)
    if options["same-suit-tiebreak"] == "rank":
        return (rank,)
    return (-len(declaration.cards), max(card_value(c) for c in declaration.cards), rank)


def bid_winner(declarations: dict[str, Declaration], options: Readings) -> Contest | None:
    """TB207 to TB211: the highest target, then the tiebreakers in the source's order.  None
    when a tie at the top involves a target written as a number."""
    top = max(d.target for d in declarations.values())
    lost = {p: "TB207" for p, d in declarations.items() if d.target < top}
    tied = [d for d in declarations.values() if d.target == top]
    if len(tied) == 1:
        return Contest(tied[0].player, lost, f"{tied[0].player} declared the highest target, {top}")
    if any(d.form is Form.NUMBER for d in tied):
        return None
    suited = [d for d in tied if d.form is not Form.NO_TRUF]
    if not suited:
        best = max(tied, key=lambda d: (card_value(d.top), SUIT_ORDER[d.top.suit]))
        lost.update({d.player: "TB210" for d in tied if d is not best})
        return Contest(best.player, lost, f"{best.player}'s {best.top} is the best NO TRUF card")
    lost.update({d.player: "TB208" for d in tied if d.form is Form.NO_TRUF})
    high = max(SUIT_ORDER[d.cards[0].suit] for d in suited)
    lost.update({d.player: "TB209" for d in suited if SUIT_ORDER[d.cards[0].suit] != high})
    same = [d for d in suited if SUIT_ORDER[d.cards[0].suit] == high]
    best = max(same, key=lambda d: _same_suit_key(d, options))
    lost.update({d.player: "TB211" for d in same if d is not best})
    return Contest(best.player, lost, f"{best.player} wins the tie at {top}")


def _same_suit_reason(winner: Declaration, other: Declaration, options: Readings) -> str:
    if options["same-suit-tiebreak"] == "cards-value-rank":
        if len(winner.cards) != len(other.cards):
            return "declaring fewer cards"
        if max(map(card_value, winner.cards)) != max(map(card_value, other.cards)):
            return "the card of the higher value"
    return f"the card of the higher rank, {max(winner.cards, key=lambda c: c.rank)}"


def report_winner(
    contest: Contest,
    contract: Contract,
    declarations: dict[str, Declaration],
    options: Readings,
    findings: Findings,
) -> None:
    """Report a contract that names a declarer who did not win the bid, under the clause that
    beat that declarer."""
    written = contract.winner.value
    if written == contest.winner:
        return
    span, ack = contract.winner.span, contract.winner.ack
    winner = declarations[contest.winner]
    code = contest.lost.get(written, "TB207")
    other = declarations.get(written)
    if code == "TB207" or other is None:
        findings.fault(
            "TB207", span, ack=ack, expected=contest.winner, written=written, reason=contest.reason
        )
        return
    common: dict[str, Any] = {
        "expected": contest.winner,
        "other": written,
        "value": winner.target,
        "written": written,
    }
    if code == "TB208":
        findings.fault(code, span, ack=ack, **common)
    elif code == "TB209":
        assert winner.suit is not None
        findings.fault(code, span, ack=ack, suit=winner.suit.name.lower(), **common)
    elif code == "TB210":
        findings.fault(code, span, ack=ack, card=winner.top, **common)
    else:
        assert winner.suit is not None
        reason = _same_suit_reason(winner, other, options)
        findings.fault(code, span, ack=ack, suit=winner.suit.name.lower(), reason=reason, **common)


def trump_of(declaration: Declaration) -> Trump | None:
    """TB212: the declared suit, or no trump for NO TRUF; None for a target written as a
    number."""
    if declaration.form is Form.NUMBER:
        return None
    return NT if declaration.form is Form.NO_TRUF else declaration.cards[0].suit


def describe_trump(trump: Trump) -> str:
    return "no trump" if isinstance(trump, NoTrump) else trump.name.lower()


def decide_mode(total: int, contract: Contract | None, findings: Findings) -> bool | None:
    """TB213 to TB215: Main Atas (True) above 13, Main Bawah (False) below; at exactly 13 the
    mode the record says the trump player chose, or None when it does not say."""
    mode = contract.mode if contract is not None else None
    adjust = contract.adjust if contract is not None else None
    if adjust is not None or (total == 13 and mode is not None):
        findings.judge("TB215")
    if adjust is not None:
        problem = f"truf-basics never changes the targets, but the record adjusts them by {adjust.value:+d}"
        findings.fault("TB215", adjust.span, ack=adjust.ack, total=total, problem=problem)
    if total == 13:
        if mode is None:
            findings.unchecked(
                "the mode (the trump player's choice at a total of 13 is not recorded)"
            )
            return None
        return mode.value.is_high
    high = total > 13
    findings.judge("TB213" if high else "TB214")
    if mode is not None and mode.value.is_high != high:
        written = "Main Bawah" if high else "Main Atas"
        findings.fault(
            "TB213" if high else "TB214", mode.span, ack=mode.ack, total=total, written=written
        )
    return high
