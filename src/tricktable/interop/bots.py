"""Bots across the adapters: tricktable's bots as OpenSpiel bots, and a policy over tensors as a tricktable bot.

``SpielBot(game_name, kind)`` seats one of ``tricktable.bots`` in OpenSpiel: it gets the seat's view, never the
state.  ``PolicyBot(spec, policy)`` makes any function of (observation, action mask) -> action id a tricktable
``Bot`` (a policy trained through PettingZoo or OpenSpiel), so the arena can measure it against our bots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from tricktable.bots.base import make_bot
from tricktable.interop.adapt import Spec

#: A policy: (observation vector, legal-action mask) -> action id.
Policy = Callable[[np.ndarray, np.ndarray], int]


def action_of(spec: Spec, text: str) -> int:
    """The action id of a move given by its notation."""
    if text not in spec.by_text:
        raise ValueError(f"{text!r} is not a move of {spec.name}")
    return spec.by_text[text]


class SpielBot(pyspiel.Bot):
    """One of tricktable's bots playing in OpenSpiel: it sees the view of the seat it plays for."""

    def __init__(self, kind: str, seed: int | None = None) -> None:
        super().__init__()
        self.kind = kind
        self.seed = seed
        self._bots: dict[str, Any] = {}

    def step(self, state: Any) -> int:
        session = state.session
        bot = self._bots.get(session.spec.name)
        if bot is None:
            bot = self._bots[session.spec.name] = make_bot(session.spec.name, self.kind, self.seed)
        return action_of(session.spec, bot.choose(session.view(state.current_player())))

    def restart_at(self, state: Any) -> None:
        return None


class PolicyBot:
    """A ``tricktable.core.players.Bot`` that moves by a policy over the view's tensor and the legal-action mask."""

    def __init__(self, spec: Spec, policy: Policy, name: str = "policy") -> None:
        self.spec = spec
        self.policy = policy
        self.name = name

    def choose(self, view: dict[str, Any]) -> str:
        mask = np.zeros(self.spec.num_actions, np.int8)
        mask[[action_of(self.spec, text) for text in view["legal_moves"]]] = 1
        action = int(self.policy(self.spec.encode(view), mask))
        if not mask[action]:
            raise ValueError(f"the policy chose {self.spec.moves[action]}, which is not legal now")
        return str(self.spec.moves[action])
