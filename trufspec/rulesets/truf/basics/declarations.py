"""truf-basics declarations: the target each player declares, the bid winner, trump and mode.

A declaration is one card (its value is the target), two cards of one suit as SUM or
SUBTRACT, or two cards of different suits as NO TRUF; each two-card form is valid only above
its own threshold.  Each function applies the clauses named in its docstring and reports,
through the findings, every restated value of the record that differs from the recomputed
one; what it cannot compute for lack of facts it leaves as None and notes as unchecked.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from trufspec.cards import NT, Card, NoTrump, Rank, Suit, Trump
from trufspec.engine.findings import Findings
from trufspec.records import BidEntry, Bids, Contract
from trufspec.spec.options import OptionValues
from trufspec.spec.wording import Phrase

__all__ = [
    "Contest",
    "Declaration",
    "Form",
    "SUIT_ORDER",
    "bid_winner",
    "card_value",
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


def _written(entry: BidEntry) -> str:
    assert entry.cards is not None
    return " ".join(("-" if i in entry.minus else "") + str(c) for i, c in enumerate(entry.cards))


def _form_problems(entry: BidEntry, hand: Sequence[Card] | None, findings: Findings) -> None:
    """TB201: one or two cards of the player's own hand, a minus mark only for SUBTRACT."""
    assert entry.cards is not None
    cards, player = entry.cards, entry.player.value
    findings.judge("TB201")
    if len(cards) > 2:
        findings.fault("TB201", entry.span, player=player, problem=f"declared {len(cards)} cards")
    for index, card in enumerate(cards):
        if card in cards.cards[:index]:
            findings.add(
                "TB201",
                cards.span(index),
                ack=cards.acknowledged(index),
                player=player,
                problem=f"declared {card} twice",
            )
        elif hand is not None and card not in hand:
            findings.add(
                "TB201",
                cards.span(index),
                ack=cards.acknowledged(index),
                player=player,
                problem=Phrase(
                    "declared {card}, which is not in {player:their} hand",
                    {"card": card, "player": player},
                ),
            )
    same_suit = len({c.suit for c in cards}) == 1
    if (
        not entry.minus
        or len(cards) > 2
        or (same_suit and len(cards) == 2 and len(entry.minus) == 1)
    ):
        return
    if len(cards) == 1:
        problem = "marked the single card minus, which declares nothing"
    elif not same_suit:
        problem = "marked a card minus in a NO TRUF declaration, which declares nothing"
    else:
        problem = "marked more than one card minus; SUBTRACT marks one"
    index = min(entry.minus)
    findings.add(
        "TB201", cards.span(index), ack=cards.acknowledged(index), player=player, problem=problem
    )


def _declare(entry: BidEntry, options: OptionValues, findings: Findings) -> Declaration:
    """TB202 to TB205: the target of a declaration of cards, with its validity."""
    assert entry.cards is not None
    cards, player = tuple(entry.cards), entry.player.value
    values = [card_value(c) for c in cards]
    shown = _written(entry)
    findings.judge("TB004")
    if len(cards) == 1:
        findings.judge("TB202")
        return Declaration(player, values[0], Form.ONE, cards)
    if len({c.suit for c in cards}) > 1:
        target = sum(values)
        findings.judge("TB205")
        if len(cards) == 2 and target < 7:
            findings.fault("TB205", entry.span, player=player, cards=shown, value=target)
        return Declaration(player, target, Form.NO_TRUF, cards)
    if not entry.minus or len(cards) > 2:
        target = sum(values)
        findings.judge("TB203")
        if len(cards) == 2 and target < 5:
            findings.fault("TB203", entry.span, player=player, cards=shown, value=target)
        return Declaration(player, target, Form.SUM, cards)
    target = max(values) - min(values)
    total = sum(values)
    findings.judge("TB204")
    if total < 5:
        findings.fault(
            "TB204",
            entry.span,
            player=player,
            cards=shown,
            problem=f"the two values add up to {total}, below 5",
        )
    elif options["subtract-valid"] == "result" and target < 5:
        findings.fault(
            "TB204",
            entry.span,
            player=player,
            cards=shown,
            problem=f"it makes {target}, below 5 (subtract-valid=result)",
        )
    return Declaration(player, target, Form.SUBTRACT, cards)


def evaluate(
    bids: Bids,
    seats: Sequence[str],
    hands: dict[str, list[Card]] | None,
    options: OptionValues,
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
            _form_problems(entry, hands.get(player) if hands is not None else None, findings)
            found[player] = _declare(entry, options, findings)
            written = _written(entry)
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


def _same_suit_key(declaration: Declaration, options: OptionValues) -> tuple[int, ...]:
    """TB211 under TB-A7: fewer cards, then the highest value, then the highest rank."""
    rank = max(c.rank.value for c in declaration.cards)
    if options["same-suit-tiebreak"] == "rank":
        return (rank,)
    return (-len(declaration.cards), max(card_value(c) for c in declaration.cards), rank)


def bid_winner(declarations: dict[str, Declaration], options: OptionValues) -> Contest | None:
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


def _same_suit_reason(winner: Declaration, other: Declaration, options: OptionValues) -> str:
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
    options: OptionValues,
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
