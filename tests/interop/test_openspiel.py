"""The games in OpenSpiel: registered, true to their type, passing OpenSpiel's own checks, played by its bots."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from tricktable import InvalidOptions, new_game
from tricktable.core.draws import seeded_items
from tricktable.interop.adapt import spec
from tricktable.interop.openspiel import short_name

#: Every player count of every game, and every option away from its default at least once.
MATRIX: list[tuple[str, dict[str, Any]]] = [
    ("tricks-together", {"players": 3}),
    ("tricks-together", {"players": 4}),
    ("tricks-together", {"players": 5}),
    ("tricks-together", {"players": 3, "lives": 4, "long_climb": True, "up_and_down": True}),
    ("tricks-together", {"players": 4, "no_trumps": True, "secret_numbers": True}),
    ("tandem-trick", {"players": 3}),
    ("tandem-trick", {"players": 4, "misere_bonus": False, "target": 12}),
    ("secret-trumps", {"players": 3, "five_goals": True, "second_deck": False}),
    ("secret-trumps", {"players": 4}),
    *[("trumps", {"players": n, "target": 8}) for n in range(3, 9)],
    ("trumps", {"players": 4, "teams": True, "target": 20}),
    ("trumps", {"players": 6, "teams": True, "target": 10}),
]


@pytest.mark.parametrize(("name", "params"), MATRIX, ids=[f"{n}-{p}" for n, p in MATRIX])
def test_random_simulation_passes_openspiels_own_checks(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(short_name(name), params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_every_game_is_registered_with_a_type_true_to_it() -> None:
    names = set(pyspiel.registered_names())
    for name in ("tricks-together", "tandem-trick", "secret-trumps", "trumps"):
        assert short_name(name) in names
        kind = pyspiel.load_game(short_name(name)).get_type()
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        expected = "IDENTICAL" if name == "tricks-together" else "ZERO_SUM"
        assert kind.utility == getattr(pyspiel.GameType.Utility, expected)


def test_parameters_are_the_player_count_and_every_option() -> None:
    game = pyspiel.load_game("tricktable_trumps", {"players": 6, "teams": True, "target": 30})
    assert game.num_players() == 6
    assert game.get_parameters() == {"players": 6, "teams": True, "target": 30}
    assert game.num_distinct_actions() == spec("trumps", 6).num_actions
    with pytest.raises(InvalidOptions, match="team play is for 4 players"):
        pyspiel.load_game("tricktable_trumps", {"players": 5, "teams": True})


def test_actions_read_as_the_games_notation_and_chance_as_the_card_drawn() -> None:
    state = pyspiel.load_game("tricktable_tricks_together").new_initial_state()
    assert state.is_chance_node()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "first dealer: seat 2"
    state.apply_action(2)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 12) == "card 1: AS"
    assert [p for _, p in state.chance_outcomes()] == [1 / 52] * 52


def _seeded_chance(name: str, state: Any, seed: int, deal: int) -> None:
    """Draw the seeded shuffle's items for deal number ``deal`` at the state's chance nodes."""
    session = state.session
    drawn_by = getattr(session.spec.chance, "seeded_items", seeded_items)
    draws = session.draws if deal > 1 else session.draws[1:]
    items = drawn_by(seed, deal, draws)
    if deal == 1:
        items = [drawn_by(seed, 0, session.draws[:1])[0], *items]
    for group in items:
        for item in group:
            if state.is_chance_node() and item in session.chance_items():
                state.apply_action(item)


@pytest.mark.parametrize("name", ["tricks-together", "tandem-trick", "secret-trumps", "trumps"])
def test_chance_outcomes_drawn_as_the_seed_draws_give_the_engines_own_deals(name: str) -> None:
    seed = 17
    engine = new_game(name, seed=seed)
    state = pyspiel.load_game(short_name(name)).new_initial_state()
    ids = state.session.spec.ids
    rng = random.Random(seed)
    deal = 1
    _seeded_chance(name, state, seed, deal)
    while not engine.is_over and deal < 3:
        move = rng.choice(list(engine.legal_moves()))
        engine.play(move)
        state.apply_action(ids[move])
        if state.is_chance_node():
            deal += 1
            _seeded_chance(name, state, seed, deal)
    engine.view(None)
    assert deal >= 2 and state.session.deals == engine.deals_made()[:deal]


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("tricks-together", {"players": 4}),
        ("tandem-trick", {"players": 3, "target": 1}),
        ("secret-trumps", {"players": 3}),
        ("trumps", {"players": 3, "target": 1}),
    ],
)
def test_openspiels_mcts_and_ismcts_bots_play_to_the_end(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(short_name(name), params)
    # Few simulations and short rollouts: the point is that both bots run on every game to its end.
    rollout = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0), max_length=6)
    searchers = {
        0: ismcts.ISMCTSBot(game, rollout, 2.0, 2, max_world_samples=1, random_state=np.random.RandomState(1)),
        1: mcts.MCTSBot(game, 2.0, 2, rollout, random_state=np.random.RandomState(2)),
    }
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=odds)))
        elif state.current_player() in searchers:
            state.apply_action(searchers[state.current_player()].step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert len(returns) == params["players"]
    assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()


def test_strings_and_tensors_come_from_the_seats_view() -> None:
    state = pyspiel.load_game("tricktable_tandem_trick").new_initial_state()
    rng = np.random.RandomState(5)
    while state.is_chance_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    view = state.session.view(seat)
    assert all(card in state.observation_string(seat) for card in view["hand"])
    other = (seat + 1) % 4
    assert not any(card in state.observation_string(seat) for card in state.session.view(other)["hand"])
    assert state.information_state_string(seat).endswith(state.observation_string(seat))
    assert np.asarray(state.observation_tensor(seat)) == pytest.approx(state.session.spec.encode(view))
