"""Irregularities: the early reveal (the cardinal sin), the dealer's error and the bribe.

A record states them (``early-reveal Nick``, ``misdeal``, ``bribe Sam``); what they change is
decided here by the readings of the register: who is out of the scoring, who scores zero while
their hand still counts, and whether the vote is still held (TM-A4a, TM-A5).  Whether a reveal
was on purpose or voids the game is the table's judgement, written as flags (``intentional``,
``void``, TM-A4c); a dealer let off, or one who erred before any public card was dealt, is
written ``misdeal waived`` or ``misdeal before-public`` and costs nothing.  A bribe bans its
player from the rounds after it (TM902); the round it was offered in is scored as played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from trufspec.engine.findings import Findings
from trufspec.records import Atom, Bribe, Cut, Deal, EarlyReveal, Misdeal, Off, Section, Votes
from trufspec.spec.options import OptionValues

__all__ = ["REVEAL_FLAGS", "MISDEAL_FLAGS", "Irregular", "irregularities"]

REVEAL_FLAGS = frozenset({"intentional", "void"})
"""The flags of an early reveal: on purpose (a ban, TM902), or voiding the game (TM903)."""

MISDEAL_FLAGS = frozenset({"waived", "before-public"})
"""The flags of a dealer's error that take its penalty away."""


@frozen
class Irregular:
    """What a round's irregularities change."""

    out: dict[str, str]
    """Players out of the scoring (score 0, hand counts for nobody), with the clause that put
    them out."""
    zero: dict[str, str]
    """Players who score 0 while their hand still counts, with the clause."""
    vote_held: bool
    voters: tuple[str, ...]
    banned: Atom[str] | None = None
    """The player banned from the rounds after this one, as the record names them (a ``!``
    says the table let them play on)."""
    void: bool = False

    @property
    def ends_game(self) -> bool:
        """No round may follow this one: its banned player plays every round of a game of four,
        unless the table let them play on (TM902), and a void game ends here (TM903)."""
        return self.void or (self.banned is not None and not self.banned.ack)

    def out_of_scoring(self, off: str | None) -> frozenset[str]:
        """The players whose hands count for nobody: those an irregularity put out, and the
        player voted off."""
        return frozenset(self.out) | ({off} if off is not None else frozenset())

    def forfeiting(self, off: str | None) -> frozenset[str]:
        """The players who forfeit the round, hand counted or not: they win nothing from the
        TROMP! pot either."""
        return self.out_of_scoring(off) | frozenset(self.zero)


def irregularities(
    deal: Deal, seats: Sequence[str], dealer: str | None, options: OptionValues, findings: Findings
) -> Irregular:
    """TM901, TM904: the consequences of a round's irregularities, with the record's vote and
    ``off`` line checked against them."""
    out: dict[str, str] = {}
    zero: dict[str, str] = {}
    vote_held = True
    reveal = deal.find(EarlyReveal)
    banned, void = None, False
    if reveal is not None and reveal.player.value in seats:
        offender = reveal.player.value
        findings.judge(
            "TM901",
            "TM902" if "intentional" in reveal.flags else None,
            "TM903" if "void" in reveal.flags else None,
        )
        mode = options["early-reveal-mode"]
        if mode == "offender-zero-but-hand-counts":
            zero[offender] = "TM901"
        else:
            out[offender] = "TM901"
        vote_held = mode == "vote-still-held"
        banned = reveal.player if "intentional" in reveal.flags else None
        void = "void" in reveal.flags
    for bribe in deal.find_all(Bribe):
        if bribe.player.value in seats:
            findings.judge("TM902")
            banned = banned or bribe.player
    misdeal = deal.find(Misdeal)
    if misdeal is not None and dealer in seats:
        findings.judge("TM904")
    if (
        misdeal is not None
        and dealer is not None
        and dealer in seats
        and not MISDEAL_FLAGS & set(misdeal.flags)
    ):
        mode = options["dealer-error-mode"]
        if mode != "redeal-only":
            out.setdefault(dealer, "TM904")
            vote_held = vote_held and mode == "zero-but-vote-held"
    voters = tuple(p for p in seats if p not in out and p not in zero)
    if not vote_held:
        # A reveal can come after a tied vote, before the tie is decided (TM-A4b): what was
        # voted before it stands, and nothing after it may decide anything.
        after = (
            deal.sections.index(reveal)
            if reveal is not None and reveal.player.value in seats
            else 0
        )
        _no_vote(deal.sections[after:], out | zero, findings)
    return Irregular(out, zero, vote_held, voters, banned, void)


def _no_vote(sections: Sequence[Section], penalised: dict[str, str], findings: Findings) -> None:
    """Under the default readings an irregularity replaces the vote: none is held after it,
    and the player it puts out is the one off."""
    player, code = next(iter(penalised.items()))
    values: dict[str, Any] = {"player": player} if code == "TM901" else {}
    for section in sections:
        if isinstance(section, (Votes, Cut)):
            findings.add(code, section.span, problem="a vote is held", **values)
        elif isinstance(section, Off) and section.player.value not in penalised:
            findings.add(
                code,
                section.player.span,
                ack=section.player.ack,
                problem=f"{section.player.value} is recorded as voted off, but no vote is held",
                **values,
            )
