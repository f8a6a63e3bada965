"""The rulesets as PettingZoo AEC environments: ``trufspec.pettingzoo.env("truf-de")``.

An environment is an :class:`~trufspec.environments.episode.Episode` of the ruleset, with the
same action ids as the OpenSpiel games (:mod:`~trufspec.environments.encoding`).  The agents
are the seats (``North``, ``East``, ``South``, ``West``); each observation is a dict of the
player's tensor (:mod:`~trufspec.environments.observation`) and the ``action_mask`` of the
ids legal for them now (all zero when it is not their turn).  ``reset(seed=...)`` draws the
game's seed from ``seed``, so the same seed plays the same deals; ``render_mode="ansi"``
gives the table as the player to act sees it, drawn as ``trufspec play`` draws it (the deal
so far, the trick on the table and their hand), with the score sheet and the decisions open
to them.  The rewards of a step are the change of each seat's return
(:meth:`~trufspec.environments.episode.Episode.returns`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from trufspec.environments.encoding import NUM_ACTIONS
from trufspec.environments.episode import Episode, EpisodeSettings
from trufspec.environments.observation import SIZE, tensor
from trufspec.simulate.terminal import score_sheet, scored_lines, table_lines

__all__ = ["TrufEnv", "env"]

Observation = dict[str, npt.NDArray[Any]]


def env(
    ruleset: str,
    *,
    options: Mapping[str, str] | None = None,
    players: int = 4,
    max_deals: int = 1,
    returns: str = "points",
    render_mode: str | None = None,
) -> TrufEnv:
    """The environment of ``ruleset`` (``truf-jb``, ``truf-basics``, ``truf-de``,
    ``ruff-and-honours``, ``tromplemond``) under the readings ``options``; an unknown ruleset
    or reading is refused (:class:`~trufspec.referee.errors.Refused`, a ``ValueError``)."""
    return TrufEnv(ruleset, options or {}, players, max_deals, returns, render_mode)


class TrufEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]  # gymnasium's spaces are untyped
    """One ruleset as an AEC environment (see the module's documentation)."""

    def __init__(
        self,
        ruleset: str,
        options: Mapping[str, str],
        players: int = 4,
        max_deals: int = 1,
        returns: str = "points",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"the render mode is 'ansi' or none, not {render_mode!r}")
        self.settings = EpisodeSettings.make(ruleset, players, options, max_deals, returns)
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"trufspec_{ruleset.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = list(self.settings.players)
        self.agents = list(self.possible_agents)
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (SIZE,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            a: gymnasium.spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents
        }
        self._rng = np.random.default_rng()
        self.episode = Episode(self.settings)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        for agent, space in self.action_spaces.items():
            space.seed(int(self._rng.integers(2**31)) + self.possible_agents.index(agent))
        self.episode = Episode(self.settings)
        self.episode.deal(int(self._rng.integers(self.settings.seeds)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._returns = self.episode.returns()
        self._select()

    def _select(self) -> None:
        seat = self.episode.seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        episode = self.episode
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if episode.player == agent:
            mask[list(episode.decisions().ids)] = 1
        return {
            "observation": tensor(episode.state, agent, episode.selection),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action: the game is not over")
        self._cumulative_rewards[agent] = 0.0
        episode = self.episode
        episode.apply(int(action))
        now = episode.returns()
        for index, name in enumerate(self.possible_agents):
            self.rewards[name] = now[index] - self._returns[index]
        self._returns = now
        if episode.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        """The table as the player to act sees it (the last player once the game is over),
        drawn as ``trufspec play`` draws it: the deal so far, the trick and that player's
        hand, or the deal last scored; then the score sheet, the bid being built and the
        decisions open to them."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode: env(..., render_mode='ansi')"
            )
            return None
        episode = self.episode
        state = episode.state
        if state is None:
            return "The cards are not dealt yet: reset() deals them."
        player = self.agent_selection
        lines = [f"The table as {player} sees it:"]
        if state.is_deal_over:
            lines += scored_lines(state, player)
        else:
            lines += table_lines(state, player)
        if any(state.scores):
            lines.append(score_sheet(state.view(player).record, state.is_game_over))
        if episode.selection.cards:
            lines.append(f"{player}'s bid so far: {episode.selection.words()}")
        found = episode.decisions()
        if found.ids:
            lines.append(f"{player} may: " + ", ".join(episode.words(i) for i in found.ids[:40]))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the environment holds no resources."""
