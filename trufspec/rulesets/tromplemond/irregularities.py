"""Irregularities: the early reveal (the cardinal sin), the dealer's error and the bribe.

A record states them (``early-reveal Nick``, ``misdeal``, ``bribe Sam``); what they change is
decided here by the readings of the register: who is out of the scoring, who scores zero while
their hand still counts, and whether the vote is still held (TM-A4a, TM-A5).  Whether a reveal
was on purpose or voids the game is the table's judgement, written as flags (``intentional``,
``void``, TM-A4c); a dealer let off, or one who erred before any public card was dealt, is
written ``misdeal waived`` or ``misdeal before-public`` and costs nothing.  A bribe bans its
player from the rounds after it (TM902); the round it was offered in is scored as played.
A round states an early reveal and a dealer's error once (TM-A14): a second is a fault.  Every
player who offers a bribe is banned, each once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar, cast

from attrs import frozen

from trufspec.engine.findings import Findings
from trufspec.records import Atom, Bribe, Cut, EarlyReveal, Misdeal, Off, Section, Votes
from trufspec.spec.options import Readings

__all__ = ["REVEAL_FLAGS", "MISDEAL_FLAGS", "Irregular", "irregularities"]

S = TypeVar("S", bound=Section)

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
    banned: tuple[Atom[str], ...] = ()
    """The players banned from the rounds after this one, each once, as the record first
    names them (a ``!`` says the table let them play on): every player who bribed, and a
    player who revealed on purpose."""
    void: bool = False

    @property
    def ends_game(self) -> bool:
        """No round may follow this one: its banned player plays every round of a game of four,
        unless the table let them play on (TM902), and a void game ends here (TM903)."""
        return self.void or any(not player.ack for player in self.banned)

    def out_of_scoring(self, off: str | None) -> frozenset[str]:
        """The players whose hands count for nobody: those an irregularity put out, and the
        player voted off."""
        return frozenset(self.out) | ({off} if off is not None else frozenset())

    def forfeiting(self, off: str | None) -> frozenset[str]:
        """The players who forfeit the round, hand counted or not: they win nothing from the
        TROMP! pot either."""
        return self.out_of_scoring(off) | frozenset(self.zero)


def irregularities(
    sections: Sequence[Section],
    seats: Sequence[str],
    dealer: str | None,
    options: Readings,
    findings: Findings,
) -> Irregular:
    """TM901, TM904: the consequences of the irregularities among a round's ``sections``, with
    its vote and ``off`` line checked against them.  The record check passes the round's
    sections; the live referee the statements and steps of the round so far, each an action."""
    out: dict[str, str] = {}
    zero: dict[str, str] = {}
    vote_held = True
    reveals = _all(sections, EarlyReveal)
    reveal = reveals[0] if reveals else None
    banned: tuple[Atom[str], ...] = ()
    void = False
    _once(reveals, _all(sections, Misdeal), seats, findings)
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
        banned = (reveal.player,) if "intentional" in reveal.flags else ()
        void = "void" in reveal.flags
    for bribe in _all(sections, Bribe):
        if bribe.player.value in seats:
            findings.judge("TM902")
            if all(p.value != bribe.player.value for p in banned):
                banned += (bribe.player,)  # a second bribe by a banned player changes nothing
    misdeals = _all(sections, Misdeal)
    misdeal = misdeals[0] if misdeals else None
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
        after = sections.index(reveal) if reveal is not None and reveal.player.value in seats else 0
        _no_vote(sections[after:], out | zero, findings)
    return Irregular(out, zero, vote_held, voters, banned, void)


def _all(sections: Sequence[Section], kind: type[S]) -> list[S]:
    """Every section of exactly this type, in order."""
    return [cast(S, s) for s in sections if type(s) is kind]


def _once(
    reveals: Sequence[EarlyReveal],
    misdeals: Sequence[Misdeal],
    seats: Sequence[str],
    findings: Findings,
) -> None:
    """TM-A14: an early reveal and a dealer's error are stated once in a round.  The first
    reveal decides how the round is scored (TM-A4a: the vote is replaced, or held without the
    offender), and the first error makes the dealer forfeit the round; the source gives one
    penalty for each and nothing for a second statement, which is therefore a fault."""
    if len(reveals) > 1 and reveals[0].player.value in seats:
        findings.judge("TM901")
        for again in reveals[1:]:
            findings.add(
                "TM901",
                again.span,
                problem=f"a second early reveal ({again.player.value}) is stated",
                player=reveals[0].player.value,
            )
    if len(misdeals) > 1:
        findings.judge("TM904")
        for repeated in misdeals[1:]:
            findings.add("TM904", repeated.span, problem="a second dealer's error is stated")


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
