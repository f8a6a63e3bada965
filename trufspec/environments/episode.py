"""An episode: one game of a ruleset as the environments play it, decision by decision.

Both environments (OpenSpiel's and PettingZoo's) are this class seen through each library's
interface: a referee's game (:func:`trufspec.referee.new_game`) dealt from a seed, the bid,
claim or discard being built (:mod:`~trufspec.environments.encoding`), and the rules of an
episode that the card games leave open:

- **The deal is one chance outcome: the seed.**  The referee deals every deal of a game from
  its seed, as the table app and the simulator do, so the only chance node is the first: a
  seed drawn uniformly from ``seeds`` of them.  Dealing card by card (as OpenSpiel's bridge
  does) would make 52 chance nodes a deal and a record the referee did not deal; one outcome
  keeps the state a record of the referee's own.  The deals after the first follow from the
  same seed, so with few seeds a player who remembered every deal of every seed could tell
  something of the next deal from the first: with the default 65,536 seeds nobody can.
- **The episode ends** when the rules end the game, or after ``max_deals`` deals (1 unless
  told), since a truf-jb game under its default reading goes on as long as the table does,
  and OpenSpiel needs a finite game.  A deal of more than :data:`DEAL_DECISIONS` decisions
  would end the episode too; no deal of any ruleset comes near it.
- **When several players may act** (bids made at once, cards played in any order, anyone
  dealing the next deal), the first the referee names (``to_act[0]``) acts: the order of the
  seats from the one whose turn it is.
- **Returns** are the ruleset's own scores: with ``returns="points"`` each seat's total so far
  (a partner has the team's), the reward of a deal given when it is scored; with
  ``returns="wins"`` 1 for each seat among the game's winners and 0 for the others, once the
  rules end the game (an episode cut by ``max_deals`` has no winner).
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from trufspec.api import dumps
from trufspec.cards import FULL_PACK
from trufspec.environments.encoding import (
    DONE,
    MINUS,
    PLUS,
    Decisions,
    Point,
    Selection,
    action_ids,
    id_words,
)
from trufspec.referee import GameState, Refused, new_game, resume
from trufspec.referee.errors import refusal

__all__ = ["SEAT_NAMES", "DEAL_DECISIONS", "RETURNS", "EpisodeSettings", "Episode"]

SEAT_NAMES = ("North", "East", "South", "West")
"""The players' names at the table, by seat."""

DEAL_DECISIONS = 512
"""The most decisions of one deal: the four bids of a whole hand each, the choices, every
card and the votes of a Tromplemond round fit many times over."""

RETURNS = ("points", "wins")


def _refused(message: str) -> Refused:
    return Refused([refusal("REF002", message)])


@frozen
class EpisodeSettings:
    """What an episode is played under: the ruleset, the seats, the readings (the options of
    the ruleset, as given), and the episode's own parameters."""

    ruleset: str
    players: tuple[str, ...]
    readings: tuple[tuple[str, str], ...]
    max_deals: int = 1
    returns: str = "points"
    seeds: int = 2**16

    @classmethod
    def make(
        cls,
        ruleset: str,
        players: int,
        readings: Mapping[str, str],
        max_deals: int = 1,
        returns: str = "points",
        seeds: int = 2**16,
    ) -> EpisodeSettings:
        """Checked settings: the referee refuses an unknown ruleset or reading, a value a
        reading does not allow or a number of players the ruleset is not played by
        (:class:`~trufspec.referee.errors.Refused`, a ``ValueError``, with its diagnostic)."""
        if not 1 <= players <= len(SEAT_NAMES):
            raise _refused(f"a table has 1 to {len(SEAT_NAMES)} players, not {players}")
        if max_deals < 1:
            raise _refused(f"an episode plays at least one deal: max_deals={max_deals}")
        if returns not in RETURNS:
            raise _refused(f"returns is one of {', '.join(RETURNS)}, not '{returns}'")
        if seeds < 1:
            raise _refused(f"there is at least one seed: seeds={seeds}")
        settings = cls(
            ruleset, SEAT_NAMES[:players], tuple(readings.items()), max_deals, returns, seeds
        )
        settings.new_game(0)
        return settings

    def new_game(self, seed: int) -> GameState:
        return new_game(self.ruleset, self.players, dict(self.readings), seed=seed)


class Episode:
    """One game, decision by decision (see the module's documentation)."""

    def __init__(self, settings: EpisodeSettings) -> None:
        self.settings = settings
        self.seed: int | None = None
        self.state: GameState | None = None
        self.selection = Selection()
        self.deal_decisions = 0
        self._decisions: Decisions | None = None
        self._point: Point | None = None
        self._now: tuple[bool, str | None] | None = None
        self._points: tuple[tuple[int, str], tuple[float, ...]] | None = None

    # ------------------------------------------------------------------ progress

    def deal(self, seed: int) -> None:
        """The chance outcome: the game dealt from ``seed``."""
        if self.state is not None:
            raise Refused([refusal("REF001", "the cards are dealt already")])
        if not 0 <= seed < self.settings.seeds:
            raise Refused(
                [refusal("REF001", f"the seed is one of 0 to {self.settings.seeds - 1}: {seed}")]
            )
        self.seed = seed
        self.state = self.settings.new_game(seed)
        self._now = None

    def _current(self) -> tuple[bool, str | None]:
        """Whether the episode is over, and who decides now: asked of the referee once a
        decision (OpenSpiel asks for them many times a step)."""
        if self._now is None:
            state = self.state
            if state is None:
                return False, None
            over = (
                state.is_game_over
                or (state.is_deal_over and state.deal_number >= self.settings.max_deals)
                or self.deal_decisions >= DEAL_DECISIONS
            )
            self._now = (over, None if over else state.current_player)
        return self._now

    @property
    def is_over(self) -> bool:
        return self._current()[0]

    @property
    def player(self) -> str | None:
        """The player to decide now: None before the deal and at the end."""
        return self._current()[1]

    @property
    def seat(self) -> int | None:
        player = self.player
        return None if player is None else self.settings.players.index(player)

    def decisions(self) -> Decisions:
        """The legal decisions of the player to decide (none at the end)."""
        if self._decisions is None:
            player = self.player
            if player is None or self.state is None:
                self._decisions = Decisions((), ())
            else:
                if self._point is None:
                    self._point = Point(self.state, player)
                self._decisions = self._point.decisions(self.selection)
        return self._decisions

    def apply(self, action_id: int) -> None:
        """Apply a decision; an id that is not legal now is refused with the reason
        (:class:`~trufspec.referee.errors.Refused`, REF001), and the episode is left as it was."""
        state = self.state
        found = self.decisions()
        if state is None or action_id not in found.ids:
            raise Refused([refusal("REF001", self._why_not(action_id))])
        action = found.action(action_id)
        if action is None:
            minus = MINUS <= action_id < DONE
            card = FULL_PACK[action_id - (MINUS if minus else PLUS)]
            self.selection = self.selection.add(card, minus)
        else:
            before = state.deal_number
            state.apply(action)
            self.selection = Selection()
            self.deal_decisions = 0 if state.deal_number != before else self.deal_decisions
            self._point = None
        self.deal_decisions += 1
        self._decisions = None
        self._now = None

    def _why_not(self, action_id: int) -> str:
        """Why a decision is refused, in words."""
        if self.state is None:
            return f"decision {action_id} cannot be taken before the cards are dealt"
        if self.is_over:
            return f"decision {action_id} cannot be taken: the game is over"
        words = id_words(action_id, self.settings.players)
        legal = ", ".join(self.words(i) for i in self.decisions().ids[:12])
        return f"{self.player} cannot take decision {action_id} ({words}) now; legal: {legal}"

    def words(self, action_id: int) -> str:
        """A decision in words (a choice by its words when it is legal now)."""
        found = self.decisions()
        action = found.action(action_id) if action_id in found.ids else None
        return id_words(action_id, self.settings.players, action)

    def returns(self) -> tuple[float, ...]:
        """Each seat's return so far (see the module's documentation)."""
        state = self.state
        if state is None:
            return (0.0,) * len(self.settings.players)
        if self.settings.returns == "points":
            # The totals change only when a deal (or the game) is scored: asked again then.
            key = (len(state.scores), state.phase)
            if self._points is None or self._points[0] != key:
                self._points = (key, tuple(float(points) for points in state.returns()))
            return self._points[1]
        if not state.is_game_over:
            return (0.0,) * len(self.settings.players)
        winners = state.winners
        return tuple(float(state.side(p) in winners) for p in self.settings.players)

    def copy(self) -> Episode:
        other = Episode(self.settings)
        other.seed = self.seed
        other.state = None if self.state is None else self.state.copy()
        other.selection = self.selection
        other.deal_decisions = self.deal_decisions
        other._decisions = self._decisions
        other._now = self._now
        return other

    def with_state(self, state: GameState) -> Episode:
        """A copy of the episode at the same point of another game (a world of a search)."""
        other = self.copy()
        other.state = state
        other._decisions = None
        other._now = None
        return other

    # ------------------------------------------------------------------ as a record

    def serialize(self) -> str:
        """The episode as text: the seed, the cards of a bid being built, and the record of
        the game so far (what ``trufspec check`` reads)."""
        if self.state is None:
            return "seed none\n"
        lines = [f"seed {self.seed}"]
        if self.selection.cards:
            lines.append(f"building {self.selection.words()}")
        return "\n".join(lines) + "\n\n" + dumps([self.state.record()])

    def replay(self) -> tuple[Episode, list[int]]:
        """The decisions of the episode so far, after the chance outcome (the ids that make
        each action of the referee's history, then the bid being built), and the episode
        they make from the seed.  An action no decision makes (a card another player of
        ``to_act`` played first, an irregularity) is refused (REF003)."""
        fresh = Episode(self.settings)
        if self.state is None:
            return fresh, []
        fresh.deal(self.seed or 0)
        ids: list[int] = []
        for action in self.state.history:
            assert fresh.state is not None
            try:
                made = action_ids(fresh.state, action)
                for action_id in made:
                    fresh.apply(action_id)
            except (Refused, ValueError):
                raise Refused(
                    [
                        refusal(
                            "REF003",
                            f"no decision of the environment makes the action '{action}' of {action.player}",
                        )
                    ]
                ) from None
            ids += made
        for card, minus in self.selection.cards:
            ids.append((MINUS if minus else PLUS) + FULL_PACK.index(card))
            fresh.apply(ids[-1])
        return fresh, ids

    @classmethod
    def parse(cls, settings: EpisodeSettings, text: str) -> tuple[int | None, list[int]]:
        """The seed and the decisions of an episode serialized by :meth:`serialize`; text
        that is not the record of a game under ``settings`` is refused (REF003) with the
        reasons."""
        head, _, record = text.partition("\n")
        words = head.split()
        if len(words) != 2 or words[0] != "seed":
            raise Refused([refusal("REF003", "the text does not begin with the line 'seed N'")])
        if words[1] == "none" and not record.strip():
            return None, []
        if not words[1].isdigit():
            raise Refused([refusal("REF003", f"the seed is not a number: {words[1]}")])
        seed = int(words[1])
        building: list[int] = []
        if record.startswith("building "):
            line, _, record = record.partition("\n")
            for word in line.split()[1:]:
                minus = word.startswith("-")
                try:
                    card = next(c for c in FULL_PACK if str(c) == word.lstrip("-"))
                except StopIteration:
                    raise Refused(
                        [refusal("REF003", f"'{word}' in the bid being built is not a card")]
                    ) from None
                building.append((MINUS if minus else PLUS) + FULL_PACK.index(card))
        state = resume(record, seed=seed)
        expected = settings.new_game(seed)
        if state.ruleset != expected.ruleset or state.players != expected.players:
            raise Refused(
                [
                    refusal(
                        "REF003",
                        f"the record is a game of {state.ruleset} for {' '.join(state.players)},"
                        f" not of {expected.ruleset} for {' '.join(expected.players)}",
                    )
                ]
            )
        if state.setup.chosen != expected.setup.chosen:
            raise Refused([refusal("REF003", "the record's options are not the game's readings")])
        episode = cls(settings)
        episode.deal(seed)
        episode.state = state
        fresh, ids = episode.replay()
        assert fresh.state is not None
        if dumps([fresh.state.record()]) != dumps([state.record()]):
            raise Refused([refusal("REF003", f"the record's hands are not those of seed {seed}")])
        for action_id in building:
            fresh.apply(action_id)
        return seed, ids + building
