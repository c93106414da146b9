"""The four games as PettingZoo AEC environments: ``env("trumps", players=5, target=20)``.

Each agent (``player_0`` .. ``player_{N-1}``) observes a dict: ``observation``, its view's encoding (the game's
``encoding`` module), and ``action_mask``, 1 for each legal action id (all 0 when it is not the agent's
turn).  The deals are drawn inside the environment from the generator seeded by ``reset(seed=...)``, item by
item as OpenSpiel's chance nodes draw them, so a seed replays the same game.  Rewards come once, at the end:
each seat's utility (``adapt.Spec.utilities``).  An illegal action raises ``tricktable.IllegalMove`` and
changes nothing.  ``render_mode="ansi"`` returns the spectators' view drawn by the terminal renderer.

There is no parallel environment: PettingZoo's conversion needs every agent to act once a cycle in a fixed
order, and in every one of these games the order depends on play (the winner of a trick leads the next).
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from rich.console import Console

from tricktable.core.errors import IllegalMove
from tricktable.interop.adapt import Session, Spec, settle_chance, spec
from tricktable.render import render_view

#: The largest value a tensor holds (scores as a share of the target are capped at 2).
OBSERVATION_HIGH = 2.0


class TricktableEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """A game of tricktable as a PettingZoo AEC environment (``env`` wraps it in PettingZoo's checks)."""

    metadata = {"render_modes": ["ansi"], "name": "tricktable_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None, **options: Any):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.spec: Spec = spec(game, players, **options)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"tricktable_{self.spec.name.replace('-', '_')}_v0")
        n = self.spec.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.spec.layout.size
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, OBSERVATION_HIGH, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.spec.num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(self.spec.num_actions) for agent in self.possible_agents}
        self.session: Session | None = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = np.random.default_rng(seed)
        self.session = Session(self.spec)
        settle_chance(self.session, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.session is not None
        seat = self.session.to_move
        if seat is not None and seat >= 0:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.session is not None, "call reset() first"
        seat = self._seat[agent]
        mask = np.zeros(self.spec.num_actions, np.int8)
        if self.session.to_move == seat:
            mask[self.session.legal_actions()] = 1
        return {"observation": self.spec.encode(self.session.view(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        assert self.session is not None, "call reset() first"
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMove(f"{agent} is to move: give an action id")
        self._cumulative_rewards[agent] = 0.0
        self.session.apply_action(int(action))
        settle_chance(self.session, self._rng)
        if self.session.is_over:
            for agent_name, value in zip(self.possible_agents, self.session.returns()):
                self.rewards[agent_name] = value
                self.terminations[agent_name] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None or self.session is None:
            return None
        out = io.StringIO()
        console = Console(file=out, width=110, force_terminal=True, color_system="standard")
        render_view(console, self.session.view(None), show_aids=False)
        return out.getvalue()

    def close(self) -> None:
        return None


def raw_env(game: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> TricktableEnv:
    """The environment without PettingZoo's wrappers."""
    return TricktableEnv(game, players, render_mode, **options)


def env(game: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> AECEnv:
    """``game`` for ``players`` with its ``options`` as an AEC environment, in PettingZoo's usual wrappers (action
    ids checked against the action space, calls checked for order)."""
    wrapped: AECEnv = wrappers.AssertOutOfBoundsWrapper(raw_env(game, players, render_mode, **options))
    return wrappers.OrderEnforcingWrapper(wrapped)


__all__ = ["TricktableEnv", "env", "raw_env"]
