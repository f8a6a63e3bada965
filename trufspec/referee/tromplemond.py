"""Tromplemond at the table: the referee of "Tromplemond Rules and Regulations Version 1.0".

A round is dealt (two public and three secret cards each, six cards set aside unseen), the
players claim their secret cards (``claims``), vote one player off (``votes``), and settle a
tie by the private choice of the other two (``decide``), a re-vote or a card cut (``cut``);
under ``betting=tromp`` each player then calls a TROMP! phrase or passes (``calls``); the
round is revealed and scored, and the next dealer, to the left, deals (``end``).
The game ends after ``max-rounds`` rounds or when a total reaches ``target-points``, with the
extra rounds of a tie (``over``).

Every judgement is the ruleset's own: the order and form of the claims by ``order_problem``
and ``claim_breaches``, each slip, decision and cut, and what the vote calls for next, by the
vote procedure (``advance``, one step at a time from where the vote stands), who is out, who
votes and whether a vote is held after an irregularity by ``irregularities`` (and, when an
irregularity changes who votes, the vote so far run again among them by ``vote_stage``), the
dealer by ``wrong_dealer``, the scores by ``scored_round``, the end of the game and its winners
by ``Ending``, what the TROMP! pot pays by ``round_pot`` and ``settle``.  Each is asked with
the round's own values: its claims, statements and steps, never a round written out to be
read again.  The referee adds only who may act now.

The lists of :meth:`~TromplemondState.legal_actions` hold the sensible forms of what the
rules leave free: claims of three different cards of the pack, cuts of a card of the pack, and
the phrase of each TROMP! category or a pass.  A claim the validator accepts in another form
(a card named twice, a card outside the pack: a visible lie), a cut of any card and a call of
any phrase (a wrong one wins nothing) are legal too.
Under ``allow-abstain=yes`` a voter may hand in no slip (``abstain``); the record writes a
blank slip for them (``Rob>-``), and a pass among the TROMP! calls as ``tromp Nick pass``, each
as it is made, so that the record cut there resumes to the same table (a finished vote or
round written without them, as older records are, is read the same).  Whether a voter may
abstain is the vote procedure's judgement of the blank slip, like every other slip.  A vote in
which nobody votes leaves the rules without a player to send off: the record's ``off`` line then says who goes, and the validator accepts any player of
the vote there, so the table names one (``off Nick``); the record does not say who spoke, so
any player may.

Some of what happens at a table is the table's, not one player's move, and the record writes
it without saying who spoke; any player may then make it, in the record's own words:

* a vote or decision counted as tallies (``votes Emily 2 Nick 1 Sam 1``, ``decide Emily 2``):
  the anonymous ballot (TM211), the slips put in a hat and counted.  It stands for the whole
  step, so it is legal only while no slip of the step is in, and it is kept as counted: the
  referee never makes up who wrote which slip.  It is not listed among the legal actions,
  which hold each player's own slip: a count is the same step made the other way.
* an irregularity (``early-reveal Nick``, with the flags ``intentional`` and ``void``;
  ``misdeal``, with ``waived`` and ``before-public``; ``bribe Sam``, or ``bribe Sam!`` when
  the table lets Sam play on, made by :meth:`~TromplemondState.acknowledged`): legal whenever the ruleset's check of the round with it
  written finds no fault, between the steps of the vote (not while one is in progress), a
  reveal only until the vote is decided, and none once the round is scored.  The legal
  actions list their plain forms.  A ban (an intentional reveal, a bribe) or a void ends the
  game after the round: every further round would break TM902 or TM903.  A dealer's error
  stated before the first claim is written after the dealer, as records write it.

A player asked to repeat their claim in the interrogation (TM210) makes a
:class:`~trufspec.referee.actions.Claim` again between the steps of the vote; it is written
into the open section of repeats unless they already repeated there (two sections of
repeats in a row that name different players are therefore read back as one, which the
rules judge the same).  In a game without TROMP! betting a player may still call a phrase
before the round is scored; the call wins nothing (TM405), and is not listed.
Hands given to a new game are five cards a player, the two public cards first.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Literal

from mypy_extensions import mypyc_attr

from trufspec.cards import FULL_PACK, Card, parse_card
from trufspec.diagnostics import Diagnostic
from trufspec.engine.findings import Findings
from trufspec.records import (
    Atom,
    Bribe,
    Cards,
    Claims,
    Cut,
    Deal,
    Dealer,
    Decide,
    Discards,
    EarlyReveal,
    Figure,
    Game,
    HandEntry,
    Misdeal,
    Off,
    Pot,
    Public,
    Score,
    Secret,
    Section,
    Total,
    Tricks,
    Tromp,
    Votes,
    replace,
)
from trufspec.records import (
    Vote as Slip,
)
from trufspec.referee.actions import Action, Choose, Claim, NextDeal, PlayCard, Vote
from trufspec.referee.errors import Refused, refusal
from trufspec.referee.state import (
    GameState,
    Setup,
    already_made,
    clause_diagnostic,
    deal_pack,
    first_error,
    hand_order,
    left_over,
)
from trufspec.rulesets.tromplemond.claims import (
    CLAIM_SIZE,
    claim_breaches,
    on_show,
    order_problem,
)
from trufspec.rulesets.tromplemond.ending import Ending
from trufspec.rulesets.tromplemond.irregularities import MISDEAL_FLAGS, REVEAL_FLAGS, irregularities
from trufspec.rulesets.tromplemond.pack import (
    ALWAYS_USED,
    PACK,
    PUBLIC_SIZE,
    SECRET_SIZE,
    SET_ASIDE,
    RoundCards,
)
from trufspec.rulesets.tromplemond.pot import (
    CATEGORIES,
    RoundPot,
    collectors,
    extreme_owner,
    round_pot,
    settle,
    shouted,
)
from trufspec.rulesets.tromplemond.ruleset import scored_round, wrong_dealer
from trufspec.rulesets.tromplemond.votes import Stage, advance, off_problem, vote_stage
from trufspec.spec.registry import default_registry

__all__ = ["TromplemondState", "is_irregularity"]

ORDERED_PACK = tuple(c for c in FULL_PACK if c in PACK)
"""The 26 cards in the order of the full pack."""

PASS = "pass"
"""A player's word for making no TROMP! call."""

ABSTAIN = "abstain"
"""A voter's word for handing in no slip, under ``allow-abstain=yes``."""

OFF = "off"
"""The first word of the table's naming of who goes off after a vote nobody voted in."""

EARLY_REVEAL, MISDEAL, BRIBE = "early-reveal", "misdeal", "bribe"
"""The first words of the table's statements of an irregularity, as the record writes them."""

_TALLIES: dict[str, type[Votes]] = {"votes": Votes, "decide": Decide}
"""The first word of the table's count of a vote or a decision, and the section it writes."""

_PHASES = {"vote": "votes", "decide": "decide", "cut": "cut", "unknown": "off"}
"""The phase of each step of the vote procedure that players act in."""

_VOTING = ("votes", "decide", "cut", "off")
"""The phases of the vote, between the first claims and the vote's outcome: the
interrogation's repeated claims may be made between its steps."""

_UNDECIDED = ("claims", *_VOTING)
"""The phases before the vote is decided, in which a reveal is early."""

_OPEN = (*_UNDECIDED, "calls")
"""The phases of a round not yet scored, in which the table may state an irregularity."""

Step = Claims | EarlyReveal | Misdeal | Bribe | Votes | Cut
"""A section of a round after its first claims."""


@functools.lru_cache(maxsize=16)
def _claims(player: str) -> tuple[Claim, ...]:
    """Every claim of three different cards of the pack, made once per player."""
    return tuple(Claim(player, cards) for cards in itertools.combinations(ORDERED_PACK, CLAIM_SIZE))


def _findings() -> Findings:
    return Findings(default_registry(), None)


@mypyc_attr(native_class=False)
class TromplemondState(GameState):
    """A game of tromplemond (see the module's documentation)."""

    ruleset = "tromplemond"

    def __init__(self, setup: Setup) -> None:
        if len(setup.players) != 4:
            raise Refused([clause_diagnostic("TM001", {"count": len(setup.players)})])
        super().__init__(setup)
        self.abstain = setup.readings["allow-abstain"] == "yes"
        self.ending = Ending(setup.readings)
        self.betting = setup.readings["betting"] == "tromp"
        # Under TROMP! betting, what each round's pot paid and left.
        self.pots: list[RoundPot] = []
        self.best_round: dict[str, int] = {}
        """Each player's best score of a single round, for the settlement of the TROMP! pot."""
        self.views: list[dict[str, Deal]] = []
        """The records of the rounds scored so far as each player sees them."""
        self.void = False
        """An early reveal made the game void: it ends without winners (TM903)."""
        self._start_round(setup.dealer or setup.players[0])

    def _start_round(self, dealer: str) -> None:
        number, players = self.deal_number, self.players
        self.dealer = dealer
        if number <= len(self.setup.hands):
            given = self.setup.hands[number - 1]
            self.public = {p: given[p][:PUBLIC_SIZE] for p in players}
            self.secret = {p: given[p][PUBLIC_SIZE:] for p in players}
            dealt = {c for hand in given.values() for c in hand}
            self.set_aside = left_over(self.setup, number, ORDERED_PACK) or tuple(
                c for c in ORDERED_PACK if c not in dealt
            )
        else:
            cards = deal_pack(self.setup.seed, number, ORDERED_PACK)
            others = [c for c in cards if c.rank not in ALWAYS_USED]
            self.set_aside = tuple(others[:SET_ASIDE])
            used = [c for c in cards if c not in self.set_aside]
            size = PUBLIC_SIZE + SECRET_SIZE
            hands = {p: used[i * size : (i + 1) * size] for i, p in enumerate(players)}
            self.public = {p: hand_order(hands[p][:PUBLIC_SIZE]) for p in players}
            self.secret = {p: hand_order(hands[p][PUBLIC_SIZE:]) for p in players}
        self.claims: dict[str, tuple[Card, ...]] = {}
        self.misdeals: list[Misdeal] = []
        """The dealer's errors stated before the first claim, written after the dealer."""
        self.procedure: list[Step] = []
        """What the round holds after its first claims, in order: the claims repeated in the
        interrogation, the irregularities stated once a claim is made, and the votes,
        decisions and cuts."""
        self.pending: dict[str, Card | str | None] = {}
        """The slips, choices or cut cards of the step in progress, by player (None: no slip)."""
        self.off: str | None = None
        self.calls: dict[str, str | None] = {}
        """Under TROMP! betting, each player's call once made (None: no call)."""
        self._phase = "claims"
        self.irregular = irregularities((), players, dealer, self.readings, _findings())
        """What the round's irregularities change: who votes, who is out, whether a vote is held."""
        self.stage = Stage("vote", self.irregular.voters)

    # ------------------------------------------------------------------ the state

    def _clockwise(self) -> tuple[str, ...]:
        """The players from the dealer on, clockwise."""
        start = self.players.index(self.dealer)
        return self.players[start:] + self.players[:start]

    @property
    def to_act(self) -> tuple[str, ...]:
        phase = self._phase
        if phase == "claims":
            waiting = tuple(p for p in self._clockwise() if p not in self.claims)
            alone = self.readings["claim-order"] == "clockwise" or self.dealer not in self.claims
            return waiting[:1] if alone else waiting
        if phase in ("votes", "decide", "cut"):
            acting = {
                "votes": self.irregular.voters,
                "decide": self.stage.deciders,
                "cut": self.stage.pool,
            }[phase]
            return tuple(p for p in self._clockwise() if p in acting and p not in self.pending)
        if phase == "calls":
            return tuple(p for p in self._clockwise() if p not in self.calls)
        if phase == "end":
            return (self._clockwise()[1],)
        if phase == "off":
            return self._clockwise()
        return ()

    @property
    def winners(self) -> tuple[str, ...]:
        if self._phase != "over" or self.void:
            return ()
        return self.ending.winners(Game(()), self.players, _findings())

    def hand(self, player: str) -> tuple[Card, ...]:
        return self.public[player] + self.secret[player]

    def with_hidden(self, secret: Mapping[str, Sequence[Card]]) -> TromplemondState:
        """A copy of the game in which the players named hold ``secret`` as their secret
        cards: a world a search samples from what a player has not seen, played out and
        dropped."""
        other = self.copy()
        assert isinstance(other, TromplemondState)
        other.secret = {**other.secret, **{p: tuple(cards) for p, cards in secret.items()}}
        return other

    def legal_actions(self, player: str | None = None) -> Sequence[Action]:
        acting = [p for p in self.to_act if player is None or p == player]
        phase = self._phase
        table = [Choose(p, words) for words in self._irregularities() for p in acting]
        if phase == "claims":
            return [claim for p in acting for claim in _claims(p)] + table
        if phase == "votes":
            voters = self.irregular.voters
            abstentions = [Choose(p, ABSTAIN) for p in acting] if self.abstain else []
            return [Vote(p, t) for p in acting for t in voters if t != p] + abstentions + table
        if phase == "decide":
            return [Vote(p, t) for p in acting for t in self.stage.pool] + table
        if phase == "cut":
            return [PlayCard(p, c) for p in acting for c in ORDERED_PACK] + table
        if phase == "off":
            return [Choose(p, f"{OFF} {t}") for p in acting for t in self.stage.pool] + table
        if phase == "calls":
            calls = [
                Choose(p, words)
                for p in acting
                for words in (PASS, *(_call(shouted(n)) for n in CATEGORIES))
            ]
            return calls + table
        if phase == "end":
            return [NextDeal(p) for p in acting]
        return ()

    def _irregularities(self) -> list[str]:
        """The words of the irregularities the table may state now, in their plain forms: an
        early reveal by each player in the vote (intentional, or voiding the game), the
        dealer's error (let off, or before any public card) and a bribe by each player."""
        if self.pending or self._phase not in _OPEN:
            return []
        reveals = [
            f"{EARLY_REVEAL} {p}{flag}"
            for p in self.irregular.voters
            for flag in ("", *(f" {f}" for f in sorted(REVEAL_FLAGS)))
        ]
        misdeals = [f"{MISDEAL}{flag}" for flag in ("", *(f" {f}" for f in sorted(MISDEAL_FLAGS)))]
        bribes = [f"{BRIBE} {p}" for p in self.players]
        return [
            words
            for words in reveals + misdeals + bribes
            if self._irregularity_error(words) is None
        ]

    # ------------------------------------------------------------------ judging and applying

    def why_not(self, action: Action) -> Diagnostic | None:
        player, phase, kind = action.player, self._phase, type(action)
        if player not in self.players:
            return clause_diagnostic("REC010", {"name": player, "players": " ".join(self.players)})
        if isinstance(action, PlayCard) and action.acknowledged:
            return refusal(
                "REF001",
                "{player} cannot cut {action}: a card is let stand only when played to a trick, "
                "and Tromplemond has none",
                {"player": player, "action": str(action)},
            )
        if phase == "claims" and kind is Claim and player not in self.claims:
            assert isinstance(action, Claim)
            return self._claim_problem(action, [*self.claims, player])
        if phase in _VOTING and kind is Claim:
            assert isinstance(action, Claim)
            if self.pending:
                return refusal(
                    "REF001",
                    "{player} cannot repeat a claim while the {phase} step is in progress: "
                    "{waiting} still to act",
                    {"player": player, "phase": phase, "waiting": " and ".join(self.to_act)},
                )
            return self._claim_problem(action, None)
        words = str(action)
        if kind is Choose and _irregularity(words) is not None:
            return self._irregularity_error(words)
        if phase in ("votes", "decide") and kind is Choose and _tallied(words) is not None:
            if self.pending:
                counted = "vote" if phase == "votes" else "decision"
                return refusal(
                    "REF001",
                    "{player} cannot count the {counted} as '{words}': it already holds {slips} slips",
                    {
                        "player": player,
                        "counted": counted,
                        "words": words,
                        "slips": len(self.pending),
                    },
                )
            return self._step_problem(_tallied(words))
        abstention = phase == "votes" and kind is Choose and words == ABSTAIN
        step = (
            (phase in ("votes", "decide") and kind is Vote)
            or (phase == "cut" and kind is PlayCard)
            or abstention
        )
        if step and player not in self.pending:
            return self._step_problem(self._step(action))
        if phase == "off" and kind is Choose and (voted_off := _named(words)):
            reason = off_problem(self.stage, voted_off)
            if reason is None:
                return None
            return clause_diagnostic("TM206", {"written": voted_off, "reason": reason})
        if (
            phase == "calls"
            and kind is Choose
            and player not in self.calls
            and _phrase(words) is not False
        ):
            return None  # any phrase may be called (TM405): a wrong one wins nothing
        if self._unbetted_call(action) and player not in self.calls and not self.pending:
            return None  # without TROMP! betting a call wins nothing, and is no fault (TM405)
        if phase == "end" and kind is NextDeal:
            ended = self._ended()
            if ended is not None:
                return ended
            expected = wrong_dealer(player, self.dealer, self.players)
            if expected is None:
                return None
            number = self.deal_number + 1
            values = {"player": player, "number": number, "previous": self.dealer}
            return clause_diagnostic("TM103", {**values, "expected": expected})
        return self._not_now(action, "round")

    def _irregularity_error(self, words: str) -> Diagnostic | None:
        """Why the table cannot state the irregularity ``words`` now: the round's record with
        it written, judged by the ruleset's irregularities and, when the vote is still held,
        its vote procedure."""
        section = _irregularity(words)
        assert section is not None
        phase = self._phase
        named = section.player.value if isinstance(section, (EarlyReveal, Bribe)) else None
        if named is not None and named not in self.players:
            return clause_diagnostic("REC010", {"name": named, "players": " ".join(self.players)})
        if self.pending:
            return refusal(
                "REF001",
                f"'{words}' cannot be stated while the {phase} step is in progress: "
                f"{' and '.join(self.to_act)} still to act",
            )
        if isinstance(section, EarlyReveal) and phase not in _UNDECIDED:
            return refusal(
                "REF001",
                "'" + words + "' cannot be stated now: a reveal is early only before the vote "
                "is decided (TM901)",
            )
        if phase not in _OPEN:
            return refusal(
                "REF001",
                f"'{words}' cannot be stated now: round {self.deal_number} is at its {phase}",
            )
        findings = _findings()
        stated = [*self._statements(), section]
        irregular = irregularities(stated, self.players, self.dealer, self.readings, findings)
        if irregular.vote_held:
            vote_stage(stated, irregular.voters, self.readings, findings)
        return first_error(findings.diagnostics)

    def _step_problem(self, step: Votes | Cut | None) -> Diagnostic | None:
        """Why the vote's step in progress, written as ``step`` (None: not written yet, a cut
        that not every cutter has made), breaks the procedure where it stands, or None."""
        if step is None:
            return None
        findings = _findings()
        advance(self.stage, step, self.irregular.voters, self.readings, findings)
        return first_error(findings.diagnostics)

    def _unbetted_call(self, action: Action) -> bool:
        """Whether ``action`` is a TROMP! call in a game without TROMP! betting, before the
        round is scored: a shout the record may write, which wins nothing."""
        return (
            not self.betting
            and self._phase in _OPEN
            and isinstance(action, Choose)
            and bool(_phrase(action.words))
        )

    def _repeat(self, claim: Claim) -> Claims:
        """The claims section a repeated claim is written into: the open one of the
        interrogation, unless the player already repeated there, then a new one."""
        entry = HandEntry(Atom(claim.player), Cards(claim.cards))
        last = self.procedure[-1] if self.procedure else None
        if isinstance(last, Claims) and all(e.player.value != claim.player for e in last.entries):
            return Claims((*last.entries, entry))
        return Claims((entry,))

    def _steps(self, action: Action | None = None) -> list[Step]:
        """The round's sections after its first claims, with the step in progress and
        ``action`` added (:meth:`_step`), as the record would write them."""
        sections: list[Step] = list(self.procedure)
        if isinstance(action, Claim):
            repeat = self._repeat(action)
            return [*sections[:-1], repeat] if len(repeat.entries) > 1 else [*sections, repeat]
        step = self._step(action)
        return sections if step is None else [*sections, step]

    def _step(self, action: Action | None = None) -> Votes | Cut | None:
        """The vote's step in progress with ``action`` added, as the record writes it: once
        it is complete, or from its first slip with ``*`` when it is a vote or decision (a
        blank slip for an abstention); a cut only once every cutter has cut (None before)."""
        pending = dict(self.pending)
        if action is not None:
            pending[action.player] = _pending(action)
        if self._phase == "cut":
            if set(pending) >= set(self.stage.pool) or not set(pending) <= set(self.stage.pool):
                cut = tuple(
                    c for c in pending.values() if isinstance(c, Card)
                )  # in a cut, every one is a card
                return Cut(tuple(Atom(p) for p in pending), Cards(cut))
            return None
        if not pending:
            return None
        kind = Votes if self._phase == "votes" else Decide
        needed = len(self.irregular.voters) if self._phase == "votes" else len(self.stage.deciders)
        slips = tuple(
            Slip(None if t is None else Atom(str(t)), Atom(p)) for p, t in pending.items()
        )
        return kind(slips, incomplete=len(pending) < needed)

    def _statements(self) -> list[Section]:
        """The dealer's errors stated before the first claims, and the round's statements and
        steps after them: what its irregularities and its vote are judged by."""
        return [*self.misdeals, *self.procedure]

    def _do(self, action: Action) -> None:
        kind, words = type(action), str(action)
        if kind is Claim and self._phase == "claims":
            assert isinstance(action, Claim)
            self.claims[action.player] = action.cards
            if len(self.claims) == len(self.players):
                self._follow()
        elif kind is Claim:
            self.procedure = self._steps(action)
        elif kind is Choose and (stated := _irregularity(words)) is not None:
            if isinstance(stated, Misdeal) and not self.claims:
                self.misdeals.append(stated)
            else:
                self.procedure.append(stated)
            if self._phase in _VOTING:
                self._follow()
            else:
                self.irregular = irregularities(
                    self._statements(), self.players, self.dealer, self.readings, _findings()
                )
        elif kind is Choose and (self._phase == "calls" or self._unbetted_call(action)):
            phrase = _phrase(words)
            assert phrase is not False
            self.calls[action.player] = phrase
            if self._phase == "calls" and not self.to_act:
                self._score()
        elif (
            kind is Choose
            and self._phase in ("votes", "decide")
            and ((tally := _tallied(words)) is not None)
        ):
            self._stepped(tally)
        elif kind is Choose and self._phase == "votes":
            self.pending[action.player] = None
            if not self.to_act:
                self._next_step()
        elif kind is Choose:
            self.off = _named(words)
            self._after_vote()
        elif kind is NextDeal:
            self.ending.begin_round()
            self.deal_number += 1
            self._start_round(action.player)
        else:
            self.pending[action.player] = _pending(action)
            if not self.to_act:
                self._next_step()

    def _next_step(self) -> None:
        """The step in progress is complete: it joins the record, and the round goes on."""
        step = self._step()
        assert step is not None  # every slip or cut card of the step is in
        self.pending = {}
        self._stepped(step)

    def _stepped(self, step: Votes | Cut) -> None:
        """``step`` joins the record, and the vote goes on from where it stood."""
        self.procedure.append(step)
        voters = self.irregular.voters
        self.stage = advance(self.stage, step, voters, self.readings, _findings())
        self._settle()

    def _follow(self) -> None:
        """Go on as the round so far calls for, once an irregularity is stated: the
        irregularities say whether a vote is held and among whom, and the vote procedure, run
        again among them, what it expects next."""
        statements = self._statements()
        players, dealer = self.players, self.dealer
        self.irregular = irregularities(statements, players, dealer, self.readings, _findings())
        if not self.irregular.vote_held:
            self._after_vote()
            return
        self.stage = vote_stage(statements, self.irregular.voters, self.readings, _findings())
        self._settle()

    def _settle(self) -> None:
        """The vote is decided, or its next step is called for."""
        if self.stage.step == "done":
            self.off = self.stage.off
            self._after_vote()
        else:
            self._phase = _PHASES[self.stage.step]

    def _after_vote(self) -> None:
        """The vote is decided, or not held: the TROMP! calls follow under TROMP! betting, or
        the scores."""
        if self.betting:
            self._phase = "calls"
        else:
            self._score()

    def _score(self) -> None:
        players, irregular = self.players, self.irregular
        hands = {p: self.hand(p) for p in players}
        scores = {p: s.points for p, s in scored_round(players, hands, irregular, self.off).items()}
        for player, points in scores.items():
            self.totals[player] += points
        self.scores.append(scores)
        self.ending.after(dict(self.totals))
        figures = {Score: scores, Total: dict(self.totals)}
        if self.betting:
            for player, points in scores.items():
                self.best_round[player] = max(points, self.best_round.get(player, points))
            cards = RoundCards(self.public, self.secret, None)
            stake = self.readings.integer("tromp-stake")
            out = irregular.forfeiting(self.off)
            pot = round_pot(
                self._calls(),
                players,
                cards,
                out,
                True,
                stake,
                _findings(),
                extreme_owner(self.pots, self.readings),
                collectors(scores, out, self.readings),
            )
            assert pot is not None  # every hand is known
            self.pots.append(pot)
            figures[Pot] = dict(pot.won)
        record = self._round_record(None, figures)
        self.finished.append(already_made(record))
        self.views.append({p: self._round_record(p, figures) for p in players})
        self.void = irregular.void
        self._phase = "over" if self._ended() is not None or irregular.ends_game else "end"

    def _claim_problem(self, claim: Claim, order: Sequence[str] | None) -> Diagnostic | None:
        """Why ``claim`` may not be made (TM201 to TM203), or None.  ``order`` holds the
        claimers of the first claims, this one last; a repeated claim of the vote has none
        to keep (TM210)."""
        found = []
        if order is not None:
            wrong = order_problem(order, self.players, self.dealer, self.readings)
            if wrong is not None:
                found.append(clause_diagnostic("TM201", wrong[1]))
        shown = on_show(self.public)
        found += [
            clause_diagnostic(p.code, p.values)
            for p in claim_breaches(claim.player, claim.cards, shown)
        ]
        return first_error(found)

    def _ended(self) -> Diagnostic | None:
        """Why the next round may not be played (TM501, TM502), or None."""
        problem = self.ending.next_round_problem(self.deal_number + 1)
        return None if problem is None else clause_diagnostic(*problem)

    # ------------------------------------------------------------------ records

    def _calls(self) -> tuple[Tromp, ...]:
        """The TROMP! calls and passes of the round so far, in the order made."""
        return tuple(Tromp(Atom(p), phrase) for p, phrase in self.calls.items())

    def _claim_entries(self) -> tuple[HandEntry, ...]:
        return tuple(HandEntry(Atom(p), Cards(cards)) for p, cards in self.claims.items())

    def _round_record(
        self, player: str | None, figures: Mapping[type[Tricks], dict[str, int]] | None = None
    ) -> Deal:
        """The record of the round; as ``player`` sees it when one is given: the cards set
        aside, the secret cards of the others (until the reveal, and of the player sent off
        after it) and the slips of the vote left out (a finished vote shows its tallies)."""
        players = self.players
        sections: list[Section] = [Dealer(Atom(self.dealer))]
        sections += self.misdeals
        if player is None:
            sections.append(Discards(Cards(self.set_aside)))
        sections.append(Public(tuple(HandEntry(Atom(p), Cards(self.public[p])) for p in players)))
        revealed = (
            players
            if player is None
            else (player,)
            if figures is None
            else tuple(p for p in players if p != self.off or p == player)
        )
        secret = tuple(HandEntry(Atom(p), Cards(self.secret[p])) for p in revealed)
        sections.append(Secret(secret, incomplete=len(revealed) < len(players)))
        if self.claims:
            sections.append(
                Claims(self._claim_entries(), incomplete=len(self.claims) < len(players))
            )
        steps = self._steps() if figures is None else list(self.procedure)
        sections += steps if player is None else [_seen(s, player) for s in steps]
        if self.off is not None:
            sections.append(Off(Atom(self.off)))
        sections += self._calls()
        if figures is not None:
            for kind, values in figures.items():
                sections.append(kind(tuple(Figure((p,), values[p]) for p in players)))
        return Deal("round", Atom(self.deal_number), tuple(sections))

    def current_deal(self, player: str | None = None) -> Deal | None:
        if self._phase in ("end", "over"):
            return None
        return self._round_record(player)

    def _game(self, player: str | None) -> Game:
        game = super()._game(player)
        if player is not None:
            done = tuple(views[player] for views in self.views)
            game = Game(game.tags, done + game.deals[len(done) :])
        if not (self.betting and self.ending.over and self.is_deal_over):
            return game
        return Game(game.tags, (*game.deals[:-1], self._settled(game.deals[-1])))

    def _scored(self, player: str | None) -> Deal:
        last = self.finished[-1]() if player is None else self.views[-1][player]
        if not (self.betting and self.ending.over and self.is_deal_over):
            return last
        return self._settled(last)

    def _settled(self, last: Deal) -> Deal:
        """The last round with its pot line holding the settlement of the game so far
        (TM406)."""
        settlement, _ = settle(self.pots, self.best_round, self.players)
        won = self.pots[-1].won
        line = Pot(tuple(Figure((p,), won[p] + settlement[p]) for p in self.players))
        sections = tuple(line if isinstance(s, Pot) else s for s in last.sections)
        return replace(last, sections=sections)

    @classmethod
    def written_hands(cls, deal: Deal) -> Mapping[str, tuple[Card, ...]] | None:
        public, secret = deal.find(Public), deal.find(Secret)
        if public is None or secret is None or public.incomplete or secret.incomplete:
            return None
        shown = {e.player.value: e.cards.cards for e in public.entries}
        hidden = {e.player.value: e.cards.cards for e in secret.entries}
        if set(shown) != set(hidden):
            return None
        return {p: shown[p] + hidden[p] for p in shown}

    @classmethod
    def written_undealt(cls, deal: Deal) -> tuple[Card, ...]:
        section = deal.find(Discards)
        return () if section is None else section.cards.cards

    def given_deal(self, hands: Mapping[str, tuple[Card, ...]]) -> Deal:
        players = self.players
        public = Public(tuple(HandEntry(Atom(p), Cards(hands[p][:PUBLIC_SIZE])) for p in players))
        secret = Secret(tuple(HandEntry(Atom(p), Cards(hands[p][PUBLIC_SIZE:])) for p in players))
        dealt = {c for cards in hands.values() for c in cards}
        discards = Discards(Cards(tuple(c for c in ORDERED_PACK if c not in dealt)))
        return Deal("round", Atom(1), (Dealer(Atom(self.dealer)), discards, public, secret))

    def acknowledged(self, action: Action) -> Action:
        """A bribe the table lets stand (``bribe Sam!``: Sam plays on); Tromplemond has no
        tricks, so no card can be let stand."""
        if isinstance(action, Choose):
            bribe = _irregularity(action.words)
            if isinstance(bribe, Bribe) and not bribe.player.ack:
                return Choose(action.player, f"{action.words}!")
        raise Refused(
            [
                refusal(
                    "REF001",
                    f"the table cannot let '{action}' stand: in Tromplemond only a bribe can be",
                )
            ]
        )

    def _action(self, player: str, words: str) -> Action:
        text = " ".join(words.split())
        phase = self._phase
        if _irregularity(text) is not None or (
            phase in ("votes", "decide") and _tallied(text) is not None
        ):
            return Choose(player, text)
        try:
            if phase in _UNDECIDED and text and not (phase == "cut" and len(text.split()) == 1):
                return Claim(player, tuple(parse_card(w) for w in text.split()))
            if phase == "cut":
                return PlayCard(player, parse_card(text))
        except ValueError:
            pass
        if phase in ("votes", "decide") and text in self.players:
            return Vote(player, text)
        if (phase == "votes" and text == ABSTAIN) or (phase == "off" and _named(text)):
            return Choose(player, text)
        if (phase == "calls" and _phrase(text) is not False) or self._unbetted_call(
            Choose(player, text)
        ):
            return Choose(player, text)
        if phase == "end" and text == "deal":
            return NextDeal(player)
        raise Refused([refusal("REF001", f"'{words}' is not an action of the {phase}")])

    def record_actions(self, deal: Deal) -> Iterator[Action]:
        """The round's actions in the order the record writes them, but for those the rules
        judge wherever the record writes them and which the round may no longer take where it
        does: the bribes written once the vote is over in a game without TROMP! betting, and
        the calls of such a game (which win nothing), come before the claims.  The table's
        statements (an irregularity, a vote counted as tallies) are made by the dealer, as
        the record does not say who spoke."""
        number = self.deal_number
        calls = deal.find_all(Tromp)
        # A bribe written after the section that decided the vote (the table's naming of who
        # goes off, when the votes named nobody) comes too late for a round without calls.
        sections, players, dealer = deal.sections, self.players, self.dealer
        irregular = irregularities(sections, players, dealer, self.readings, _findings())
        stage = vote_stage(sections, irregular.voters, self.readings, _findings()).step
        named = stage == "unknown" and deal.find(Off) is not None
        decided = not irregular.vote_held or stage == "done" or named
        deciding = (
            (Votes, Cut, EarlyReveal, Misdeal, Off) if named else (Votes, Cut, EarlyReveal, Misdeal)
        )
        last = max((i for i, s in enumerate(deal.sections) if isinstance(s, deciding)), default=-1)
        late = (
            [s for i, s in enumerate(deal.sections) if isinstance(s, Bribe) and i > last]
            if decided
            else []
        )
        claims = deal.find_all(Claims)
        start = deal.sections.index(claims[0]) if claims else len(deal.sections)
        dealt = [s for s in deal.sections[:start] if isinstance(s, Misdeal)]
        early = (*dealt, *(late if not self.betting else ()))
        moved = {id(section) for section in early}
        yield from (Choose(self.dealer, _words(section)) for section in early)
        if not self.betting:
            yield from (
                Choose(call.player.value, _call(call.phrase))
                for call in calls
                if call.phrase is not None  # a pass means nothing without TROMP! betting
            )
        first = claims[0] if claims else None
        for entry in first.entries if first is not None else ():
            yield Claim(entry.player.value, entry.cards.cards)
        for section in deal.sections:
            if isinstance(section, Claims) and section is not first:
                yield from (
                    Claim(entry.player.value, entry.cards.cards) for entry in section.entries
                )
            elif isinstance(section, (EarlyReveal, Misdeal, Bribe)) and id(section) not in moved:
                yield Choose(self.dealer, _words(section))
            elif (
                isinstance(section, Votes)
                and section.entries
                and all(v.voter is None for v in section.entries)
            ):
                if section.incomplete:
                    raise Refused(
                        [
                            refusal(
                                "REF003",
                                f"round {number} writes an unfinished vote as tallies, which the "
                                f"referee cannot go on from",
                            )
                        ]
                    )
                yield Choose(self.dealer, _words(section))
            elif isinstance(section, Votes):
                voted = set()
                for slip in section.entries:
                    if slip.voter is None:
                        raise Refused(
                            [
                                refusal(
                                    "REF003",
                                    f"round {number} writes a vote as both slips and tallies",
                                )
                            ]
                        )
                    voted.add(slip.voter.value)
                    if slip.target is None:
                        yield Choose(slip.voter.value, ABSTAIN)
                    else:
                        yield Vote(slip.voter.value, slip.target.value)
                if self.abstain and type(section) is Votes and not section.incomplete:
                    yield from (Choose(p, ABSTAIN) for p in self.irregular.voters if p not in voted)
            elif isinstance(section, Cut):
                for name, card in zip(section.players, section.cards, strict=False):
                    yield PlayCard(name.value, card)
        off = deal.find(Off)
        if off is not None and self._phase == "off":
            yield Choose(self.dealer, f"{OFF} {off.player.value}")
        if not self.betting:
            return
        for call in calls:
            yield Choose(call.player.value, _call(call.phrase))
        if deal.find(Score) is not None:
            called = {call.player.value for call in calls}
            yield from (Choose(p, PASS) for p in self._clockwise() if p not in called)


def _pending(action: Action) -> Card | str | None:
    """What a step of the vote holds for ``action``: a cut card, a slip's or choice's player,
    or None for a voter who hands in no slip."""
    if isinstance(action, PlayCard):
        return action.card
    return None if str(action) == ABSTAIN else str(action)


def _named(words: str) -> str | None:
    """The player the dealer's words ``off Nick`` send off; None when the words are not that."""
    first, _, name = words.partition(" ")
    return name if first == OFF and name and " " not in name else None


def _call(phrase: str | None) -> str:
    """The words of a TROMP! call of ``phrase``, as the record writes it (None: a pass)."""
    return PASS if phrase is None else f'tromp "{phrase}"'


def _phrase(words: str) -> str | Literal[False] | None:
    """The phrase a call's words shout (None: no call); False when the words are neither."""
    if words == PASS:
        return None
    inner = words[len('tromp "') : -1]
    return inner if words == _call(inner) and inner and '"' not in inner else False


def _seen(section: Step, player: str) -> Step:
    """A section of the round as ``player`` sees it: claims, irregularities and cuts are
    public; of the slips and choices, their own while the step is open, the tallies once it
    is complete."""
    if not isinstance(section, Votes):
        return section
    if section.incomplete:
        return type(section)(
            tuple(s for s in section.entries if s.voter is not None and s.voter.value == player),
            incomplete=True,
        )
    counts: dict[str, int] = {}
    for slip in section.entries:
        if slip.target is not None:  # a blank slip counts for nobody
            counts[slip.target.value] = counts.get(slip.target.value, 0) + (
                1 if slip.count is None else slip.count
            )
    return type(section)(tuple(Slip(Atom(t), count=n) for t, n in counts.items()))


def is_irregularity(action: Action) -> bool:
    """Whether ``action`` is the table's statement of an irregularity: something a player
    does not choose to do in a fair game, which bots and random play leave aside."""
    return isinstance(action, Choose) and _irregularity(action.words) is not None


def _tallied(words: str) -> Votes | None:
    """The vote or decision the table counts in the words ``votes Emily 2 Nick 1 Sam 1`` (or
    ``decide Emily 2``); None when the words are not that."""
    keyword, *rest = words.split() or [""]
    kind = _TALLIES.get(keyword)
    if kind is None or len(rest) % 2 or not all(n.isdigit() for n in rest[1::2]):
        return None
    return kind(
        tuple(Slip(Atom(t), count=int(n)) for t, n in zip(rest[::2], rest[1::2], strict=False))
    )


def _irregularity(words: str) -> EarlyReveal | Misdeal | Bribe | None:
    """The irregularity the table states in the words ``early-reveal Nick intentional``,
    ``misdeal waived`` or ``bribe Sam`` (``bribe Sam!``: the table let Sam play on); None
    when the words are not that."""
    keyword, *rest = words.split() or [""]
    if keyword == MISDEAL and set(rest) <= MISDEAL_FLAGS and len(set(rest)) == len(rest):
        return Misdeal(tuple(rest))
    if (
        keyword == EARLY_REVEAL
        and rest
        and set(rest[1:]) <= REVEAL_FLAGS
        and len(set(rest)) == len(rest)
    ):
        return EarlyReveal(Atom(rest[0]), tuple(rest[1:]))
    if keyword == BRIBE and len(rest) == 1 and rest[0].rstrip("!"):
        name = rest[0].removesuffix("!")
        return Bribe(Atom(name, ack=name != rest[0]))
    return None


def _words(section: Votes | EarlyReveal | Misdeal | Bribe) -> str:
    """The table's words for a section of a record: its line, as :func:`_tallied` and
    :func:`_irregularity` read it."""
    if isinstance(section, Votes):
        keyword = next(k for k, kind in _TALLIES.items() if kind is type(section))
        tallies = (f"{v.target.value} {v.count}" for v in section.entries if v.target is not None)
        return " ".join([keyword, *tallies])
    if isinstance(section, Misdeal):
        return " ".join([MISDEAL, *section.flags])
    if isinstance(section, EarlyReveal):
        return " ".join([EARLY_REVEAL, section.player.value, *section.flags])
    return f"{BRIBE} {section.player.value}{'!' if section.player.ack else ''}"
