"""Bots across the adapters: our bots in OpenSpiel see only their seat's view; a policy becomes a tricktable bot."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest

import tricktable.interop.openspiel  # noqa: F401  (registers the games)
from tricktable import new_game
from tricktable.core.players import play_out
from tricktable.interop.adapt import Session, seeded_item, settle_seeded, spec
from tricktable.interop.bots import PolicyBot, SpielBot, action_of


class ViewOnly:
    """A bot that records what it is given."""

    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def choose(self, view: dict[str, Any]) -> str:
        self.seen.append(view)
        return str(view["legal_moves"][0])


def test_a_spielbot_plays_a_whole_game_from_views(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = ViewOnly()
    monkeypatch.setattr("tricktable.interop.bots.make_bot", lambda game, kind, seed: recorder)
    game = pyspiel.load_game("tricktable_trumps", {"players": 3, "target": 5})
    bot = SpielBot("any")
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.choice(state.legal_actions())))
        else:
            state.apply_action(bot.step(state))
    assert recorder.seen and all(isinstance(view, dict) and "hand" in view for view in recorder.seen)
    assert all(view["seat"] == view["to_move"] for view in recorder.seen)


def test_a_policy_bot_answers_with_the_move_its_policy_picks() -> None:
    game_spec = spec("tandem-trick", 4)
    lowest = PolicyBot(game_spec, lambda observation, mask: int(np.flatnonzero(mask)[0]), "lowest")
    game = new_game("tandem-trick", seed=3)
    view = game.view(game.to_move)
    assert lowest.choose(view) == min(view["legal_moves"], key=lambda text: action_of(game_spec, text))
    cheat = PolicyBot(game_spec, lambda observation, mask: int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError, match="not legal"):
        cheat.choose(view)
    finished = play_out(new_game("tandem-trick", seed=4, target=5), dict.fromkeys(range(4), lowest))
    assert finished.is_over


def test_seeded_chance_draws_the_engines_own_deals() -> None:
    session = Session(spec("secret-trumps", 4))
    settle_seeded(session, 21)
    assert session.deals == new_game("secret-trumps", seed=21).deals_made()
    state = pyspiel.load_game("tricktable_trumps").new_initial_state()
    while state.is_chance_node():
        state.apply_action(seeded_item(state.session, 8))
    assert state.session.deals == new_game("trumps", seed=8).deals_made()
