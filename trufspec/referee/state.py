"""The game state every ruleset's referee shares: the interface, and what is the same for all.

A :class:`GameState` is a game in progress under one ruleset, in the manner of python-chess's
``Board`` and OpenSpiel's ``State``: it knows the phase and who is to act, lists the legal
actions, applies one (:meth:`~GameState.apply`, refusing an illegal one with the validator's
diagnostic) and takes it back (:meth:`~GameState.undo`), keeps the scores, and gives the game
so far as a record (:meth:`~GameState.record`) and as one player sees it
(:meth:`~GameState.view`).

A ruleset's referee subclasses it and supplies the phases (:meth:`~GameState.why_not`,
``_do``, :meth:`~GameState.legal_actions` and the record of the current deal),
each judgement made by the ruleset's own code: its clauses, its bids and scoring modules and
the shared trick mechanics.  The set-up (players, readings, hands dealt from a seed) and the
bookkeeping (history, undo, copies, records of finished deals, running totals) are here.
"""

from __future__ import annotations

import abc
import functools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Self

import attrs
from attrs import frozen
from mypy_extensions import mypyc_attr

from trufspec.cards import FULL_PACK, Card
from trufspec.diagnostics import Diagnostic, Severity
from trufspec.engine.findings import Findings
from trufspec.engine.replay import choose_readings
from trufspec.notation.printer import dumps
from trufspec.records import (
    NO_SPAN,
    Atom,
    Cards,
    Deal,
    Game,
    HandEntry,
    Hands,
    Section,
    Stock,
    Tag,
    Undealt,
)
from trufspec.referee.actions import Action, PlayCard
from trufspec.referee.errors import Refused, refusal
from trufspec.spec.options import Readings
from trufspec.spec.registry import default_registry
from trufspec.validator.wellformed import check_game, record_diagnostic

__all__ = [
    "Setup",
    "View",
    "GameState",
    "clause_diagnostic",
    "first_error",
    "deal_pack",
    "hand_order",
    "left_over",
]


@frozen
class Setup:
    """What a game is started from: the ruleset, the players in seating order (clockwise), the
    readings in force, the seed that deals the hands and any hands given instead."""

    ruleset: str
    players: tuple[str, ...]
    readings: Readings
    chosen: tuple[tuple[str, str], ...]
    """The readings as asked for, written in the record's ``Options`` tag."""
    seed: int | str
    hands: tuple[Mapping[str, tuple[Card, ...]], ...] = ()
    """The hands of the first deals, when given rather than dealt from the seed."""
    dealer: str | None = None
    """The dealer of the first deal (None: the first player)."""
    undealt: tuple[tuple[Card, ...], ...] = ()
    """For each deal whose hands are given, the cards not dealt in the order a record writes
    them (a Ruff and Honours stock, its turned card first); when not given, the cards left,
    in the order of the pack."""

    @classmethod
    def make(
        cls,
        ruleset: str,
        players: Sequence[str],
        readings: Mapping[str, str] | None,
        seed: int | str | None,
        hands: Sequence[Mapping[str, Sequence[Card]]] = (),
        dealer: str | None = None,
        undealt: Sequence[Sequence[Card]] = (),
    ) -> Setup:
        """Check and resolve a set-up: an unknown reading or a value it does not allow is
        refused with the validator's REC014 diagnostic; a player named twice, or a name the
        notation cannot write, with a REF002 refusal."""
        players = tuple(players)
        if any(len(name.split()) != 1 or name != name.strip() for name in players):
            raise Refused(
                [refusal("REF002", f"a player's name is one word: {', '.join(map(repr, players))}")]
            )
        tags = (Tag("Ruleset", ruleset), Tag("Players", " ".join(players)))
        named = [d for d in check_game(Game(tags), None, set()) if d.code == "REC005"]
        if named:
            raise Refused(named)
        chosen = tuple((readings or {}).items())
        findings = Findings(default_registry(), None)
        tag = Tag("Options", ", ".join(f"{k}={v}" for k, v in chosen)) if chosen else None
        values = choose_readings(default_registry().options_of(ruleset), tag, None, findings)
        if findings.diagnostics:
            raise Refused(findings.diagnostics)
        for given_hands in hands:
            if set(given_hands) != set(players):
                listed = " ".join(given_hands)
                raise Refused(
                    [
                        refusal(
                            "REF002",
                            f"hands are given for {listed}, not for every player: {' '.join(players)}",
                        )
                    ]
                )
        if dealer is not None and dealer not in players:
            raise Refused(
                [
                    refusal(
                        "REF002",
                        f"the dealer {dealer} is not one of the players: {' '.join(players)}",
                    )
                ]
            )
        given = tuple({p: tuple(h[p]) for p in players} for h in hands)
        left = tuple(tuple(cards) for cards in undealt)
        seed = random.randrange(2**32) if seed is None else seed
        return cls(ruleset, players, values, chosen, seed, given, dealer, left)

    def tags(self) -> list[Tag]:
        """The tags every record of the game opens with."""
        tags = [Tag("Ruleset", self.ruleset), Tag("Players", " ".join(self.players))]
        if self.chosen:
            tags.append(Tag("Options", ", ".join(f"{k}={v}" for k, v in self.chosen)))
        return tags


def deal_pack(seed: int | str, number: int | str, pack: Sequence[Card] = FULL_PACK) -> list[Card]:
    """The cards of deal ``number`` shuffled from ``seed``: the same deal whatever came before
    (a ruleset that deals again writes the attempt into ``number``)."""
    cards = list(pack)
    random.Random(f"{seed}:{number}").shuffle(cards)
    return cards


_HAND_ORDER = {card: (-card.suit.index, -card.rank) for card in FULL_PACK}


def left_over(setup: Setup, number: int, pack: Sequence[Card] = FULL_PACK) -> tuple[Card, ...]:
    """The cards not dealt in deal ``number``, whose hands are given: as given, or those of
    ``pack`` no hand holds, in the order of the pack."""
    if number <= len(setup.undealt):
        return setup.undealt[number - 1]
    dealt = {c for hand in setup.hands[number - 1].values() for c in hand}
    return tuple(c for c in pack if c not in dealt)


def hand_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A hand as records write it: spades first, high cards first."""
    return tuple(sorted(cards, key=_HAND_ORDER.__getitem__))


def clause_diagnostic(code: str, values: Mapping[str, Any]) -> Diagnostic:
    """The diagnostic the validator gives for a break of clause ``code`` (without a position:
    a live action has none)."""
    return record_diagnostic(code, NO_SPAN, None, **values)


def first_error(diagnostics: Sequence[Diagnostic]) -> Diagnostic | None:
    """The first diagnostic that is an error: what makes an action illegal (a warning of a
    rule of strength *should* does not)."""
    return next((d for d in diagnostics if d.severity is Severity.ERROR), None)


def _refused_to(player: str, diagnostics: Sequence[Diagnostic]) -> Refused:
    """A refusal of ``player``'s action, each reason marked as said to them (its actor)."""
    return Refused([attrs.evolve(d, actor=player) for d in diagnostics])


@frozen
class View:
    """What one player may see: their hand, who is to act, the record of the game with what
    is hidden from them left out (the other hands, bids not yet shown) and, when it is their
    turn, their legal actions."""

    player: str
    phase: str
    to_act: tuple[str, ...]
    hand: tuple[Card, ...]
    record: Game
    legal_actions: Sequence[Action]


def already_made(record: Deal) -> Callable[[], Deal]:
    """A deal's record made already, in the form :attr:`GameState.finished` keeps (most rulesets
    make it when it is asked for).  Not a closure: a state is deep-copied and pickled, which a
    closure compiled with mypyc cannot be, and mypyc compiles none in the methods of a class
    that is not native, as the states are."""
    return functools.partial(_itself, record)


def _itself(record: Deal) -> Deal:
    return record


_LOG = frozenset({"history", "_checkpoints"})
"""The attributes that record how a state was reached rather than what it is."""

UNDO_STRIDE = 8
"""How many actions apart :meth:`GameState.undo` saves the states it goes through."""


@mypyc_attr(native_class=False)
class GameState(abc.ABC):
    """A game in progress under one ruleset (see the module's documentation).

    The phase is a word (``bids``, ``contract``, ``play``, ``end`` once a deal is scored,
    ``over`` once the game is); :attr:`to_act` names the players who may act now (several
    when the rules let them act in any order, as bids made at the same time).

    Where mypyc compiles the referee, the states are compiled classes that are not native
    (and so are the rulesets' subclasses): a state copies and restores itself through its
    ``__dict__``, whatever attributes its ruleset keeps, and a native class has none.
    """

    ruleset: str = ""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.history: list[Action] = []
        """Every action applied, in order."""
        self.finished: list[Callable[[], Deal]] = []
        """The records of the deals scored so far, each made when a record is asked for
        (most games played for search never are)."""
        self.scores: list[dict[str, int]] = []
        """The scores of each deal scored so far."""
        self.totals: dict[str, int] = dict.fromkeys(setup.players, 0)
        """The running totals after the last deal scored."""
        self.deal_number = 1
        self._checkpoints: list[tuple[int, GameState]] = []

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def readings(self) -> Readings:
        return self.setup.readings

    # ------------------------------------------------------------------ what a ruleset says

    _phase: str
    """The phase, which a ruleset's referee sets as the deal goes on."""

    @property
    def phase(self) -> str:
        """The phase of the current deal, or ``over``."""
        return self._phase

    @property
    @abc.abstractmethod
    def to_act(self) -> tuple[str, ...]:
        """The players who may act now, the one whose turn it is in the usual order first."""

    @abc.abstractmethod
    def legal_actions(self, player: str | None = None) -> Sequence[Action]:
        """Every legal action now: of every player in :attr:`to_act`, or of ``player``."""

    @abc.abstractmethod
    def why_not(self, action: Action) -> Diagnostic | None:
        """Why ``action`` is not legal now, or None when it is; never raises."""

    @abc.abstractmethod
    def _do(self, action: Action) -> None:
        """Apply an action :meth:`why_not` allows."""

    @abc.abstractmethod
    def current_deal(self, player: str | None = None) -> Deal | None:
        """The record of the deal in progress (None once the game is over); as ``player``
        sees it when one is given."""

    def action(self, player: str, words: str) -> Action:
        """The action ``player`` means by ``words`` in the notation (``QH``, ``3S -JD``,
        ``trump H atas``, ``deal``) at this point of the game, legal or not: what a table
        app makes of what a player typed.  :class:`~trufspec.referee.errors.Refused` (REF001)
        when the words are not an action of this phase, or when they carry the ``!`` of an
        irregularity let stand: a player cannot waive a rule for themselves; the table does,
        by :meth:`acknowledged`."""
        marked = next((word for word in words.split() if word.endswith("!")), None)
        if marked is not None:
            problem = (
                "{player} cannot mark '{marked}' with '!': an irregularity is let stand by the "
                "table, never by the player who commits it"
            )
            raise _refused_to(
                player, [refusal("REF001", problem, {"player": player, "marked": marked})]
            )
        try:
            return self._action(player, words)
        except Refused as refused:
            raise _refused_to(player, refused.diagnostics) from None

    @abc.abstractmethod
    def _action(self, player: str, words: str) -> Action:
        """:meth:`action`, for words that carry no ``!``."""

    def acknowledged(self, action: Action) -> Action:
        """``action`` as the table lets it stand although it may break a rule of play (the
        record marks it ``!``): the table's own act, which a table app offers to whoever
        runs the table, never to the player who acts.  Only a card played to a trick can be
        let stand; any other action is refused (REF001)."""
        if isinstance(action, PlayCard):
            return PlayCard(action.player, action.card, acknowledged=True)
        raise Refused(
            [
                refusal(
                    "REF001",
                    f"the table cannot let '{action}' stand: only a card played to a trick can be",
                )
            ]
        )

    @abc.abstractmethod
    def record_actions(self, deal: Deal) -> Iterator[Action]:
        """The actions a deal of a record shows, for :func:`~trufspec.referee.resume`:
        made one at a time, as the state reaches each (who plays a card of a trick written
        in the leader form depends on the state); :class:`~trufspec.referee.errors.Refused`
        for one the record does not give fully enough to replay."""

    @abc.abstractmethod
    def hand(self, player: str) -> tuple[Card, ...]:
        """The cards ``player`` holds now."""

    @property
    @abc.abstractmethod
    def winners(self) -> tuple[str, ...]:
        """The winners of the game once it is over; empty before."""

    def public_holders(self) -> Mapping[Card, str]:
        """Cards of the current deal whose holder at the deal every player can tell from what
        the game shows, though nobody has seen them (none in most games): what a world drawn
        for search must respect besides the cards a player has seen."""
        return {}

    @classmethod
    def written_hands(cls, deal: Deal) -> Mapping[str, tuple[Card, ...]] | None:
        """The hands a deal of a record gives, for :func:`~trufspec.referee.resume`; None
        when it leaves some out."""
        section = deal.find(Hands)
        if section is None or section.incomplete:
            return None
        return {e.player.value: e.cards.cards for e in section.entries}

    @classmethod
    def written_undealt(cls, deal: Deal) -> tuple[Card, ...]:
        """The cards a deal of a record leaves out, as it writes them (the stock, or the
        undealt)."""
        section = deal.find(Stock) or deal.find(Undealt)
        return () if section is None else section.cards.cards

    def given_deal(self, hands: Mapping[str, tuple[Card, ...]]) -> Deal:
        """Deal 1 of a record that deals ``hands``: what the validator checks of hands given
        to a new game."""
        entries = tuple(HandEntry(Atom(p), Cards(hands[p])) for p in self.players)
        sections: list[Section] = [Hands(entries)]
        dealt = {c for cards in hands.values() for c in cards}
        left = [c for c in FULL_PACK if c not in dealt]
        if left:
            sections.append(Undealt(Cards(tuple(left))))
        return Deal("deal", Atom(1), tuple(sections))

    def copy(self) -> Self:
        """An independent copy, for search: applying to it leaves this one as it is.

        Every attribute that has a ``copy`` method (dicts, lists, the play of tricks) is copied
        one level down, which is as deep as a state changes them; the rest (records, cards,
        the set-up) is immutable and shared."""
        return self._copy(log=True)

    def _copy(self, log: bool) -> Self:
        """:meth:`copy`, with the history and the checkpoints of :meth:`undo` (``log``) or
        without them (a checkpoint needs neither: copying them into every checkpoint would make
        a long game's checkpoints grow with the square of its length)."""
        other = type(self).__new__(type(self))
        for key, value in self.__dict__.items():
            if not log and key in _LOG:
                value = []
            else:
                copier = getattr(value, "copy", None)
                value = copier() if copier is not None else value
            other.__dict__[key] = value
        return other

    # ------------------------------------------------------------------ the same for all

    @property
    def current_player(self) -> str | None:
        """The player whose turn it is (the first of :attr:`to_act`), or None at the end."""
        to_act = self.to_act
        return to_act[0] if to_act else None

    @property
    def is_deal_over(self) -> bool:
        """The deal is played and scored (the next one is not yet dealt)."""
        return self._phase in ("end", "over")

    @property
    def is_game_over(self) -> bool:
        return self._phase == "over"

    def _not_now(self, action: Action, deal: str) -> Diagnostic:
        """REF001 for an action that is none of those of this point of the game: the game is
        over, or the deal (what the rules call a ``deal``) is at a phase of other actions."""
        values: dict[str, object] = {"player": action.player, "action": str(action)}
        if self._phase == "over":
            return refusal("REF001", "{player} cannot {action} now: the game is over", values)
        return refusal(
            "REF001",
            "{player} cannot {action} now: {deal} {number} is at its {phase}, and "
            "{waiting} {waiting:is} to act",
            {
                **values,
                "deal": deal,
                "number": self.deal_number,
                "phase": self._phase,
                "waiting": " or ".join(self.to_act),
            },
        )

    def is_legal(self, action: Action) -> bool:
        return self.why_not(action) is None

    def apply(self, action: Action) -> None:
        """Apply ``action``; :class:`~trufspec.referee.errors.Refused` with the reason when it
        is not legal now, and the state is left as it was."""
        problem = self.why_not(action)
        if problem is not None:
            raise _refused_to(action.player, [problem])
        checkpoints = self._checkpoints
        if not checkpoints or checkpoints[-1][1].deal_number != self.deal_number:
            checkpoints.append((len(self.history), self._copy(log=False)))
        self._do(action)
        self.history.append(action)

    def undo(self) -> Action:
        """Take back the last action and return it; ``IndexError`` when there is none.

        The state goes back to the nearest saved state before that action (the start of its
        deal at worst) and applies again the actions after it: one way of changing the state,
        so undoing cannot leave it in a state that playing would not reach.  On the way it
        saves the state every ``UNDO_STRIDE`` (eight) actions, and the state it goes back to, so
        that undoing again goes back from near where it is (a player's take-back, a search
        that undoes and applies the same move, costs a copy), while applying saves nothing
        but the start of each deal."""
        action = self.history[-1]
        checkpoints = self._checkpoints
        end = len(self.history) - 1
        while checkpoints[-1][0] > end:
            checkpoints.pop()
        start, saved = checkpoints[-1]
        restored = saved.copy()
        restored._checkpoints = checkpoints
        restored.history = history = self.history[:start]
        for index in range(start, end):
            if index > start and (index - start) % UNDO_STRIDE == 0:
                checkpoints.append((index, restored._copy(log=False)))
            each = self.history[index]
            restored._do(each)
            history.append(each)
        if checkpoints[-1][0] < end:
            checkpoints.append((end, restored._copy(log=False)))
        self.__dict__.update(restored.__dict__)
        return action

    def last_deal(self, player: str | None = None) -> Deal | None:
        """The record of the deal in progress or, once it is scored (between two deals, and
        at the end of the game), of the last deal; as ``player`` sees it when one is given.
        What a table shows now: unlike :meth:`record`, its size and cost do not grow with the
        number of deals played."""
        current = self.current_deal(player)
        if current is not None or not self.finished:
            return current
        return self._scored(player)

    def _scored(self, player: str | None) -> Deal:
        """The record of the last deal scored, as ``player`` sees it (everything is shown
        once a deal is scored, unless a ruleset says otherwise)."""
        return self.finished[-1]()

    def record(self) -> Game:
        """The game so far as a record: what :func:`trufspec.dumps` prints, and what
        ``trufspec check`` finds clean, with the scores the referee gave."""
        return self._game(None)

    def side(self, player: str) -> str:
        """The name ``player``'s scores and totals are kept under: their own, or in a game
        of partnerships their team's (``Ana+Citra``)."""
        return player

    def returns(self) -> tuple[int, ...]:
        """Each player's total so far, in seating order (a partner has the team's total):
        OpenSpiel's ``returns``, for programs that learn or search from the points a game
        gives each seat."""
        totals = self.totals
        return tuple(totals[self.side(p)] for p in self.players)

    def observation_string(self, player: str) -> str:
        """What ``player`` may see, as the notation prints it (:meth:`view`'s record):
        OpenSpiel's ``observation_string``, text that leaks no hidden card."""
        return dumps([self.view(player).record])

    def view(self, player: str) -> View:
        """What ``player`` may see (``KeyError`` for a name not at the table)."""
        if player not in self.players:
            raise KeyError(player)
        legal = self.legal_actions(player) if player in self.to_act else ()
        return View(player, self.phase, self.to_act, self.hand(player), self._game(player), legal)

    def _game(self, player: str | None) -> Game:
        deals = [make() for make in self.finished]
        current = self.current_deal(player)
        if current is not None:
            deals.append(current)
        tags = self.setup.tags()
        if self.is_game_over and self.winners:  # a game made void has none (Tromplemond)
            tags.append(Tag("Winner", " ".join(self.winners)))
        return Game(tuple(tags), tuple(deals))
