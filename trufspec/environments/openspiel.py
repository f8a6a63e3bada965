"""The rulesets as OpenSpiel games: ``pyspiel.load_game("truf_jb")`` once this module is imported.

Each ruleset with a referee is registered under its name with underscores (:data:`GAMES`).
Its parameters are the readings of the ruleset (``max_bid`` for truf-jb's ``max-bid``, each
with the ruleset's default) and the episode's own: ``players`` (4), ``max_deals`` (1),
``returns`` (``points`` or ``wins``) and ``seeds`` (65,536): see
:mod:`~trufspec.environments.episode`.  A state is an :class:`~trufspec.environments.episode.Episode`:
its legal actions, strings, tensors and returns are the referee's, through the encoding of
:mod:`~trufspec.environments.encoding` and the views of
:mod:`~trufspec.environments.observation`.  ``serialize`` writes the seed and the record of
the game; ``deserialize_state`` resumes the record through the referee and replays it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from trufspec.environments.encoding import NUM_ACTIONS, Selection
from trufspec.environments.episode import DEAL_DECISIONS, Episode, EpisodeSettings
from trufspec.environments.observation import LAYOUT, SIZE, strings, tensor
from trufspec.environments.worlds import draw
from trufspec.games import game_of
from trufspec.referee import STATES
from trufspec.spec.registry import default_registry

__all__ = ["GAMES", "POINTS_BOUND", "TrufGame", "TrufState", "Resampler", "parameters"]

GAMES = {ruleset.replace("-", "_"): ruleset for ruleset in STATES}
"""Each OpenSpiel game name, with its ruleset."""

POINTS_BOUND = 10_000
"""A bound on the points of one deal, for OpenSpiel's utility range: no ruleset's score
comes near it (the scores are the rulesets'; this only has to hold them)."""

_EPISODE = {"players": 4, "max_deals": 1, "returns": "points", "seeds": 2**16}


def parameters(ruleset: str) -> dict[str, Any]:
    """The parameters of a ruleset's game, with their defaults: the readings (a whole number
    for a numeric option) and the episode's own."""
    found: dict[str, Any] = {}
    for key, option in default_registry().options_of(ruleset).items():
        found[key.replace("-", "_")] = int(option.default) if option.is_integer else option.default
    return found | _EPISODE


def _settings(ruleset: str, params: Mapping[str, Any]) -> EpisodeSettings:
    readings = {
        key.replace("_", "-"): str(value)
        for key, value in params.items()
        if key not in _EPISODE and value != parameters(ruleset)[key]
    }
    episode = {key: params.get(key, default) for key, default in _EPISODE.items()}
    return EpisodeSettings.make(
        ruleset,
        int(episode["players"]),
        readings,
        int(episode["max_deals"]),
        str(episode["returns"]),
        int(episode["seeds"]),
    )


def _game_type(name: str, ruleset: str) -> pyspiel.GameType:
    seats = game_of(ruleset).seats
    return pyspiel.GameType(
        short_name=name,
        long_name=f"trufspec {ruleset}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=max(seats),
        min_num_players=min(seats),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(ruleset),
    )


class TrufGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """A ruleset under its parameters (see the module's documentation)."""

    ruleset = ""
    """The ruleset, set by the subclass registered for it."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        ruleset = self.ruleset
        given = dict(params or {})
        self.settings = _settings(ruleset, given)
        settings = self.settings
        bound = POINTS_BOUND * settings.max_deals if settings.returns == "points" else 1
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=settings.seeds,
            num_players=len(settings.players),
            min_utility=-float(bound) if settings.returns == "points" else 0.0,
            max_utility=float(bound),
            utility_sum=None,
            max_game_length=DEAL_DECISIONS * settings.max_deals,
        )
        super().__init__(_game_type(GAMES_BY_RULESET[ruleset], ruleset), info, given)

    def new_initial_state(self) -> TrufState:
        return TrufState(self, Episode(self.settings))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"the observer takes no parameters: {dict(params)}")
        return Observer()

    def deserialize_state(self, text: str) -> TrufState:
        """The state a text of :meth:`TrufState.serialize` holds."""
        seed, ids = Episode.parse(self.settings, text)
        state = self.new_initial_state()
        if seed is not None:
            state.apply_action(seed)
            for action_id in ids:
                state.apply_action(action_id)
        return state


GAMES_BY_RULESET = {ruleset: name for name, ruleset in GAMES.items()}


class TrufState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A game in progress: an :class:`~trufspec.environments.episode.Episode`."""

    def __init__(self, game: TrufGame, episode: Episode) -> None:
        super().__init__(game)
        self.episode = episode
        self._last = episode.returns()
        self._rewards = (0.0,) * len(episode.settings.players)

    def current_player(self) -> int:
        episode = self.episode
        if episode.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = episode.seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.episode.decisions().ids) if player == self.episode.seat else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = self.episode.settings.seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _apply_action(self, action: int) -> None:
        episode = self.episode
        if episode.state is None:
            episode.deal(int(action))
        else:
            episode.apply(int(action))
        now = episode.returns()
        self._rewards = tuple(a - b for a, b in zip(now, self._last))
        self._last = now

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.episode.words(int(action))

    def is_terminal(self) -> bool:
        return self.episode.is_over

    def returns(self) -> list[float]:
        return list(self._last)

    def rewards(self) -> list[float]:
        return list(self._rewards)

    def serialize(self) -> str:
        return self.episode.serialize()

    def __str__(self) -> str:
        state = self.episode.state
        return "the cards are not dealt yet" if state is None else self.episode.serialize()


class Resampler:
    """OpenSpiel's ISMCTS resampler (``bot.set_resampler(Resampler(seed))``): a state the
    player to act cannot tell from the real one, drawn by
    :func:`~trufspec.environments.worlds.draw` from what that player knows, which always
    finds one: the search is never shown a card the player cannot see."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.draws = 0
        """The worlds drawn so far."""

    def __call__(self, state: TrufState, player: int) -> TrufState:
        self.draws += 1
        world = draw(state.episode, _name(state, player), self.rng)
        return TrufState(state.get_game(), world)


class Observer:
    """OpenSpiel's observer: the player's strings and tensor (the same for the information
    state and the observation: the view is of perfect recall)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(SIZE, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        start = 0
        for name, size in LAYOUT:
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def set_from(self, state: TrufState, player: int) -> None:
        self.tensor[:] = tensor(state.episode.state, _name(state, player), _building(state))

    def string_from(self, state: TrufState, player: int) -> str:
        return strings(state.episode.state, _name(state, player), _building(state))


def _name(state: TrufState, player: int) -> str:
    return state.episode.settings.players[player]


def _building(state: TrufState) -> Selection:
    return state.episode.selection


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name, ruleset in GAMES.items():
        if name in registered:
            continue
        game = type(f"TrufGame_{name}", (TrufGame,), {"ruleset": ruleset})
        pyspiel.register_game(_game_type(name, ruleset), game)


_register()
