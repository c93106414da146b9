"""The games as PettingZoo environments: PettingZoo's own API and seed tests, the ansi render, bad actions."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tricktable import IllegalMove
from tricktable.interop.pettingzoo import env

CASES: list[tuple[str, dict[str, Any]]] = [
    ("tricks-together", {"players": 3, "lives": 4, "up_and_down": True}),
    ("tricks-together", {"players": 5, "secret_numbers": True}),
    ("tandem-trick", {"players": 3}),
    ("tandem-trick", {"players": 4, "target": 10}),
    ("secret-trumps", {"players": 3}),
    ("secret-trumps", {"players": 4, "five_goals": True, "second_deck": False}),
    ("trumps", {"players": 4, "teams": True, "target": 10}),
    ("trumps", {"players": 7, "target": 5}),
]


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_pettingzoos_api_and_seed_tests_pass(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, **options), num_cycles=200)
    # The API test warns about what it finds doubtful.  A dict of observation and action mask (PettingZoo's
    # own way of giving a mask) draws two warnings; nothing else may.
    expected = ("Observation is not a NumPy array", "Observation space for each agent probably should be")
    doubts = {str(w.message) for w in caught if "pettingzoo" in w.filename}
    assert [d for d in doubts if not d.startswith(expected)] == []
    seed_test(lambda: env(name, **options), num_cycles=100)


def test_a_whole_game_ends_with_every_agent_terminated_and_the_utilities_as_rewards() -> None:
    game = env("tandem-trick", players=4, target=5)
    game.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        totals[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].shape == game.observation_space(agent)["observation"].shape
        game.step(int(rng.choice(np.flatnonzero(mask))))
    assert abs(sum(totals.values())) < 1e-9 and max(totals.values()) > 0


def test_a_seed_replays_the_same_deal() -> None:
    first, second = env("trumps", players=5), env("trumps", players=5)
    first.reset(seed=11)
    second.reset(seed=11)
    agent = first.agent_selection
    assert (first.observe(agent)["observation"] == second.observe(agent)["observation"]).all()
    second.reset(seed=12)
    assert (first.observe(agent)["observation"] != second.observe(agent)["observation"]).any()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = env("tricks-together", players=4)
    game.reset(seed=1)
    agent = game.agent_selection
    before = game.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[-1])
    with pytest.raises(IllegalMove):
        game.step(illegal)
    after = game.observe(agent)
    assert game.agent_selection == agent and (after["observation"] == before["observation"]).all()


def test_the_ansi_render_is_the_terminal_renderers_spectator_view() -> None:
    game = env("secret-trumps", players=3, render_mode="ansi")
    game.reset(seed=2)
    text = game.render()
    assert isinstance(text, str) and "start player" in text and "\x1b[" in text
    with pytest.raises(ValueError):
        env("trumps", render_mode="human")
