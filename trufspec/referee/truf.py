"""The Truf family at the table: what truf-jb, truf-basics and truf-de share, with a hook for
each difference.

A deal goes through ``bids`` (every player bids at once, so any player who has not bid may),
``contract`` (only when the bids add up to the tricks of the deal: the bid winner chooses the
mode, and the adjustment the readings allow), ``play`` and ``end`` (scored; the next dealer
deals with :class:`~trufspec.referee.actions.NextDeal`).  The game is ``over`` after its
number of deals.

Every judgement is the validator's, reached through the hooks a ruleset fills in: a bid is
valued and judged by the ruleset's ``evaluate_bids`` on the record entry it makes, the even
game's choice by its ``decide_mode`` on the contract it writes, the play by the shared trick
mechanics under the ruleset's ``TrickRules``, the scores by its scoring.  A ruleset's module
says only how its cards are dealt, which bids and contracts there are and which of its
functions decide.
"""

from __future__ import annotations

import abc
import functools
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from trufspec.cards import Card, Suit, Trump, parse_card
from trufspec.diagnostics import Diagnostic
from trufspec.engine.findings import Breach, Findings
from trufspec.engine.tricks import TrickPlay, TrickRules
from trufspec.records import (
    Atom,
    BidEntry,
    Bids,
    Cards,
    Contract,
    Deal,
    Dealer,
    Figure,
    HandEntry,
    Hands,
    Mode,
    Score,
    Section,
    Total,
    Tricks,
    Undealt,
)
from trufspec.referee.actions import Action, BidCards, Choose, NextDeal, PlayCard
from trufspec.referee.choices import Chain
from trufspec.referee.errors import Refused, refusal
from trufspec.referee.state import (
    Setup,
    clause_diagnostic,
    deal_pack,
    first_error,
    hand_order,
    left_over,
)
from trufspec.referee.tricks import TrickGame, played
from trufspec.spec.registry import default_registry
from trufspec.spec.wording import Phrase

__all__ = ["TrufState", "contract_words", "mode_forms"]


@mypyc_attr(native_class=False)
class TrufState(TrickGame):
    """A game of a Truf ruleset (see the module's documentation); a subclass sets the pack
    and the trick rules in its constructor, before calling this one, and fills in the hooks."""

    _rules: TrickRules
    _pack: tuple[Card, ...]
    """The cards dealt from."""
    _removed: tuple[Card, ...] = ()
    """Cards taken out of the pack before the deal, written as undealt."""
    _bid_form: str
    """The clause of the form of a bid, which a bid of no card breaks."""

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        count = len(setup.players)
        self._judged: tuple[BidCards | None, Any] = (None, None)
        """The last bid found legal, with its value: applied next, as a rule."""
        self.size = len(self._pack) // count
        """The cards of a hand, the tricks of a deal and the max total of the bids."""
        self._start_deal(setup.dealer)

    # ------------------------------------------------------------------ the deal

    def _start_deal(self, dealer: str | None = None) -> None:
        players, number = self.players, self.deal_number
        self.dealer = players[0] if dealer is None else dealer
        if number <= len(self.setup.hands):
            hands = {p: tuple(self.setup.hands[number - 1][p]) for p in players}
            undealt = left_over(self.setup, number, self._pack)
            if number > len(self.setup.undealt):
                undealt = self._removed + undealt
        else:
            hands, undealt = self._deal_hands(number)
        self.dealt = hands
        self.undealt = undealt
        start = (players.index(self.dealer) + 1) % len(players)
        self._bid_order = players[start:] + players[:start]
        self.bids: dict[str, tuple[BidCards, Any]] = {}
        """Each bid made, with its value as the ruleset's bidding module gives it."""
        self._bid_lists: dict[str, Sequence[BidCards]] = {}
        self._judged = (None, None)
        self.contract: Contract | None = None
        self._choices: dict[str, tuple[Contract, Diagnostic | None, Any]] = {}
        """Each contract the bid winner might write, by its words: why it is not legal (or
        None) and the mode it makes."""
        self.choice: Any = None
        """The mode (and adjustment) as the ruleset's ``decide_mode`` gives it."""
        self.table: TrickPlay | None = None
        self._phase = "bids"

    @property
    def to_act(self) -> tuple[str, ...]:
        phase = self._phase
        if phase == "play":
            assert self.table is not None
            return self.table.to_act()
        if phase == "bids":
            return tuple(p for p in self._bid_order if p not in self.bids)
        if phase == "contract":
            assert self.contract is not None
            return (self.contract.winner.value,)
        if phase == "end":
            return self._next_dealers()
        return ()

    def _deal_hands(self, number: int) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...]]:
        """The hands of deal ``number`` dealt from the seed, and the cards left undealt."""
        cards = deal_pack(self.setup.seed, number, self._pack)
        size, players = self.size, self.players
        hands = {p: hand_order(cards[i * size : (i + 1) * size]) for i, p in enumerate(players)}
        return hands, self._removed + tuple(cards[len(players) * size :])

    # ------------------------------------------------------------------ the hooks

    def _next_dealers(self) -> tuple[str, ...]:
        """Who may deal the next deal, once this one is scored: the players the ruleset
        allows, from the left of the dealer round."""
        players = self.players
        start = (players.index(self.dealer) + 1) % len(players)
        return tuple(p for p in players[start:] + players[:start] if self._dealer_fault(p) is None)

    @abc.abstractmethod
    def _dealer_fault(self, player: str) -> Diagnostic | None:
        """Why ``player`` may not deal the next deal, or None."""

    @abc.abstractmethod
    def _all_bids(self, player: str) -> Sequence[BidCards]:
        """Every legal bid of ``player`` in this deal."""

    @abc.abstractmethod
    def _judge_bid(self, action: BidCards) -> tuple[Any, Sequence[Breach]]:
        """The bid as the ruleset's bidding module values it, with what is wrong with it."""

    def _bid_value(self, bid: Any) -> int:
        """What a bid counts towards the sum of the bids."""
        return int(bid.value)

    @abc.abstractmethod
    def _contest(self, values: dict[str, Any]) -> tuple[str, Trump]:
        """The bid winner and the trump, from every player's bid."""

    @abc.abstractmethod
    def _contract_forms(self, winner: str, trump: Trump, total: int) -> list[Contract]:
        """Every contract the table might write after these bids (``total`` is their sum),
        legal or not: :meth:`_judge_contract` says which are."""

    @abc.abstractmethod
    def _judge_contract(self, contract: Contract, total: int, findings: Findings) -> Any:
        """The mode (and adjustment) a contract makes, as the ruleset's ``decide_mode``
        gives it, judging the contract into ``findings``."""

    @abc.abstractmethod
    def _deal_scores(
        self, values: dict[str, Any], winner: str, taken: dict[str, int]
    ) -> dict[str, int]:
        """The scores of the deal, once every trick is taken."""

    @abc.abstractmethod
    def _game_length(self) -> int:
        """The deals of a game; 0 when the game goes on as long as the table does."""

    @property
    def game_length(self) -> int:
        """The deals of the game (0: as long as the table plays), for a table to say so."""
        return self._game_length()

    @abc.abstractmethod
    def _game_winners(self) -> tuple[str, ...]:
        """The winners, once the game is over."""

    @property
    def winners(self) -> tuple[str, ...]:
        return self._game_winners() if self._phase == "over" else ()

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, player: str | None = None) -> Sequence[Action]:
        phase = self._phase
        if phase == "play":
            assert self.table is not None
            return self._legal_plays(player)
        acting = self.to_act if player is None else tuple(p for p in self.to_act if p == player)
        if phase == "bids":
            return Chain([self._bid_list(p) for p in acting], self)
        if phase == "contract":
            return [
                Choose(p, words)
                for p in acting
                for words, (_, problem, _) in self._choices.items()
                if problem is None
            ]
        if phase == "end":
            return [NextDeal(p) for p in acting]
        return ()

    def bid_value(self, action: BidCards) -> int | None:
        """What ``action`` would count towards the sum of the bids, as the ruleset values it,
        or None when it is not legal now: a bot weighs its bids by this answer without
        playing them on a copy of the state."""
        if self.why_not(action) is not None:
            return None
        judged, bid = self._judged
        return self._bid_value(bid) if judged is action else None

    def bid_values(self) -> dict[str, int]:
        """What each bid made so far counts, by player: the values the record restates (a
        player sees the others' once the bidding is over)."""
        return {p: self._bid_value(bid) for p, (_, bid) in self.bids.items()}

    def _bid_list(self, player: str) -> Sequence[BidCards]:
        found = self._bid_lists.get(player)
        if found is None:
            found = self._bid_lists[player] = self._all_bids(player)
        return found

    # ------------------------------------------------------------------ judging an action

    def why_not(self, action: Action) -> Diagnostic | None:
        table = self.table
        if table is not None and type(action) is PlayCard and self._phase == "play":
            player, card = action.player, action.card
            if player in table.to_act() and card in table.allowed(player):
                return None  # the usual case, told without building a refusal
        player = action.player
        if player not in self.players:
            return clause_diagnostic("REC010", {"name": player, "players": " ".join(self.players)})
        phase = self._phase
        if phase == "play" and type(action) is PlayCard:
            assert self.table is not None
            return self._play_problem(action)
        if phase == "bids" and type(action) is BidCards:
            return self._bid_problem(action)
        if phase == "contract" and type(action) is Choose:
            return self._choice_problem(action)
        if phase == "end" and type(action) is NextDeal:
            return self._dealer_fault(player)
        return refusal(
            "REF001",
            "{player} cannot {doing} now: {situation}",
            {"player": player, "doing": _doing(action), "situation": self._situation()},
        )

    def _situation(self) -> str | Phrase:
        if self._phase == "over":
            return "the game is over"
        return Phrase(
            "deal {number} is at its {phase}, and {waiting} {waiting:is} to {act}",
            {
                "number": self.deal_number,
                "phase": self._phase,
                "waiting": " or ".join(self.to_act),
                "act": _PHASE_ACTS[self._phase],
            },
        )

    def _bid_problem(self, action: BidCards) -> Diagnostic | None:
        player = action.player
        if player in self.bids:
            # The record's words ("'Ana' appears twice in this 'bids' section") are for a
            # record; the player who bids again is told why.
            repeated = clause_diagnostic("REC011", {"name": player, "section": "bids"})
            return repeated.reworded("{player} {player:has} already bid", {"player": player})
        if not action.cards:
            return clause_diagnostic(self._bid_form, {"player": player, "problem": "bid no card"})
        if self._judged[0] is action:
            return None  # judged legal in this deal already: a bid is judged on its own
        bid, breaches = self._judge_bid(action)
        problem = first_error([clause_diagnostic(p.code, p.values) for p in breaches])
        if problem is None:
            self._judged = (action, bid)
        return problem

    def _choice_problem(self, action: Choose) -> Diagnostic | None:
        assert self.contract is not None
        winner = self.contract.winner.value
        if action.player != winner:
            return refusal(
                "REF001",
                "{player} cannot choose the contract: the bid winner {winner} {winner:does}",
                {"player": action.player, "winner": winner},
            )
        found = self._choices.get(action.words)
        if found is None:
            allowed = ", ".join(
                w for w, (_, problem, _) in self._choices.items() if problem is None
            )
            return refusal(
                "REF001",
                "{winner} cannot choose '{words}': the choices are {allowed}",
                {"winner": winner, "words": action.words, "allowed": allowed},
            )
        return found[1]

    # ------------------------------------------------------------------ applying an action

    def _do(self, action: Action) -> None:
        kind = type(action)
        if kind is PlayCard:
            assert isinstance(action, PlayCard) and self.table is not None
            table = self.table
            table.play(action.player, action.card, action.acknowledged)
            if len(table.done) == table.tricks:
                self._score()
        elif kind is BidCards:
            assert isinstance(action, BidCards)
            judged, bid = self._judged
            if judged is not action:
                bid = self._judge_bid(action)[0]
            self.bids[action.player] = (action, bid)
            if len(self.bids) == len(self.players):
                self._close_bidding()
        elif kind is Choose:
            assert isinstance(action, Choose)
            contract, _, choice = self._choices[action.words]
            self._agree(contract, choice)
        else:
            self.deal_number += 1
            self._start_deal(action.player)

    def _close_bidding(self) -> None:
        """The bid winner and the trump, from the bids; then the contract, at once when the
        rules leave the winner one, else the winner's choice."""
        values = {p: bid for p, (_, bid) in self.bids.items()}
        winner, trump = self._contest(values)
        self._total = total = sum(self._bid_value(b) for b in values.values())
        choices = {}
        for contract in self._contract_forms(winner, trump, total):
            findings = Findings(default_registry(), None)
            choice = self._judge_contract(contract, total, findings)
            choices[contract_words(contract)] = (
                contract,
                first_error(findings.diagnostics),
                choice,
            )
        legal = [
            (contract, choice) for contract, problem, choice in choices.values() if problem is None
        ]
        if len(legal) == 1:
            self._agree(*legal[0])
            return
        self._choices = choices
        self.contract = Contract(Atom(winner), Atom(trump))
        self._phase = "contract"

    def _agree(self, contract: Contract, choice: Any) -> None:
        """Settle the contract, with the mode (and adjustment) it makes, and start the play."""
        self.choice = choice
        self.contract = contract
        assert contract.trump is not None
        trump = contract.trump.value
        suit = trump if isinstance(trump, Suit) else None
        self.table = TrickPlay(
            self.players, self._rules, suit, self.dealt, contract.winner.value, self.size
        )
        self._phase = "play"

    def _score(self) -> None:
        """The scores and the running totals; the end of the game after its deals."""
        assert self.table is not None and self.choice is not None and self.contract is not None
        values = {p: bid for p, (_, bid) in self.bids.items()}
        taken = dict(self.table.won)
        scores = self._deal_scores(values, self.contract.winner.value, taken)
        for player, points in scores.items():
            self.totals[player] += points
        self.scores.append(scores)
        self._phase = "end"
        figures = (taken, scores, dict(self.totals))
        self.finished.append(functools.partial(_deal_record, self._facts(), None, figures))
        wanted = self._game_length()
        if wanted and self.deal_number >= wanted:
            self._phase = "over"

    # ------------------------------------------------------------------ records and copies

    def _action(self, player: str, words: str) -> Action:
        phase = self._phase
        try:
            if phase == "play":
                return played(player, words)
            if phase == "bids":
                signed = words.split()
                cards = tuple(parse_card(w.removeprefix("-")) for w in signed)
                return BidCards(
                    player, cards, frozenset(i for i, w in enumerate(signed) if w.startswith("-"))
                )
        except ValueError:
            raise Refused([refusal("REF001", f"'{words}' is not {_PHASE_WORDS[phase]}")]) from None
        if phase == "end" and words.strip() == "deal":
            return NextDeal(player)
        if phase == "contract":
            # The suit of a trump in either case, as a card's (``trump h atas``).
            typed = " ".join(words.split())
            return Choose(
                player, {w.casefold(): w for w in self._choices}.get(typed.casefold(), typed)
            )
        raise Refused([refusal("REF001", f"'{words}' is not {_PHASE_WORDS[phase]}")])

    def record_actions(self, deal: Deal) -> Iterator[Action]:
        bids = deal.find(Bids)
        for entry in bids.entries if bids is not None else ():
            if entry.cards is None:
                problem = f"{entry.player.value}'s bid in deal {self.deal_number} is written as a number, not with its cards"
                raise Refused([refusal("REF003", problem)])
            yield BidCards(entry.player.value, entry.cards.cards, entry.minus)
        contract = deal.find(Contract)
        if self._phase == "contract" and contract is not None:
            # A record cut while the bid winner chooses writes no contract yet; one that goes
            # on to its tricks without it is refused by the replay of the play.
            yield Choose(contract.winner.value, contract_words(contract))
        yield from self._played(deal)

    def current_deal(self, player: str | None = None) -> Deal | None:
        if self._phase in ("end", "over"):
            return None
        return _deal_record(self._facts(), player, ())

    def _facts(self) -> _DealFacts:
        """What the record of the deal is made from; none of it is changed once the deal is
        scored (the next deal replaces it), so a record can be made from it later.  It holds
        the values of the bids rather than the means of working them out, so that it refers
        to nothing of the state's: the records of a game's finished deals make no cycle with
        the state, and a game dropped is freed at once, not by the garbage collector."""
        values = {p: (action, self._bid_value(bid)) for p, (action, bid) in self.bids.items()}
        return _DealFacts(
            self.players,
            self.deal_number,
            self.dealer,
            self.dealt,
            self.undealt,
            values,
            self.contract,
            self.table,
        )


def mode_forms(winner: str, trump: Trump, adjustments: Sequence[int]) -> list[Contract]:
    """The contracts of one trump in either mode, written with each adjustment (its sign
    the mode's) and without one."""
    forms = []
    for mode, sign in ((Mode.ATAS, 1), (Mode.BAWAH, -1)):
        forms += [
            Contract(Atom(winner), Atom(trump), Atom(mode), Atom(sign * a)) for a in adjustments
        ]
    forms += [Contract(Atom(winner), Atom(trump), Atom(mode)) for mode in (Mode.ATAS, Mode.BAWAH)]
    return forms


def contract_words(contract: Contract) -> str:
    """A contract as the record writes it after the bid winner's name (``trump H atas adjust
    +1``): the words of the choice that makes it, the mode under its Indonesian name."""
    words = []
    if contract.trump is not None:
        words.append(f"trump {contract.trump.value}")
    if contract.mode is not None:
        words.append((Mode.ATAS if contract.mode.value.is_high else Mode.BAWAH).value)
    if contract.adjust is not None:
        words.append(f"adjust {contract.adjust.value:+d}")
    return " ".join(words)


class _DealFacts(NamedTuple):
    players: tuple[str, ...]
    number: int
    dealer: str
    dealt: dict[str, tuple[Card, ...]]
    undealt: tuple[Card, ...]
    bids: dict[str, tuple[BidCards, int]]
    """Each bid made, with what it counts towards the sum of the bids."""
    contract: Contract | None
    table: TrickPlay | None


def _deal_record(
    facts: _DealFacts, player: str | None, figures: tuple[dict[str, int], ...]
) -> Deal:
    """The record of the deal so far, as ``player`` sees it (None: everything); with
    ``figures`` (tricks taken, scores, totals) once it is scored.

    It is made for the deal in progress, and for
    :attr:`~trufspec.referee.state.GameState.finished` once the deal is scored."""
    shown = facts.players if player is None else (player,)
    sections: list[Section] = [
        Dealer(Atom(facts.dealer)),
        Hands(
            tuple(HandEntry(Atom(p), Cards(facts.dealt[p])) for p in shown),
            incomplete=player is not None,
        ),
    ]
    if facts.undealt and player is None:
        sections.append(Undealt(Cards(facts.undealt)))
    bidding_over = len(facts.bids) == len(facts.players)
    visible = [p for p in facts.bids if bidding_over or player is None or p == player]
    entries = tuple(_bid_entry(*facts.bids[p]) for p in visible)
    sections.append(Bids(entries, incomplete=len(visible) < len(facts.players)))
    if facts.contract is not None and facts.table is not None:
        sections.append(facts.contract)
    if facts.table is not None:
        sections.append(facts.table.record())
    if figures:
        taken, scores, totals = (
            tuple(Figure((p,), values[p]) for p in facts.players) for values in figures
        )
        sections.extend((Tricks(taken), Score(scores), Total(totals)))
    return Deal("deal", Atom(facts.number), tuple(sections))


_PHASE_WORDS = {
    "bids": "a bid of cards (such as 3S -JD)",
    "contract": "a contract",
    "play": "a card (such as QH)",
    "end": "'deal'",
    "over": "an action: the game is over",
}

_PHASE_ACTS = {
    "bids": "bid",
    "contract": "choose the contract",
    "play": "play a card",
    "end": "deal the next deal",
}


def _doing(action: Action) -> str:
    """What an action does, in words, for a refusal."""
    if isinstance(action, PlayCard):
        return f"play {action.card}"
    if isinstance(action, BidCards):
        return f"bid {action}"
    if isinstance(action, Choose):
        return f"choose '{action.words}'"
    return "deal"


def _bid_entry(action: BidCards, value: int | None) -> BidEntry:
    """The record's entry of a bid, with its value restated once it is known."""
    restated = None if value is None else Atom(value)
    return BidEntry(Atom(action.player), Cards(action.cards), action.minus, restated=restated)
