"""Trumps engine speed: random hands and games through the public API, and fast random playouts.

Run: ``.venv/bin/python -m benchmarks.engine_trumps [seconds]``.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import tricktable
from tricktable.rules.trumps import Trumps, random_rollout


def _random_move(game: Any, rng: random.Random) -> None:
    game.play(rng.choice(game.legal_moves()))


def hands_per_second(seconds: float, players: int = 4) -> float:
    """Random full hands (indicators, pass, every trick) with legal_moves + random.choice + play."""
    rng = random.Random(1)
    # The highest target there is; a game that reaches it anyway is followed by a fresh one.
    game: Any = tricktable.new_game("trumps", players=players, seed=1, target=1000)
    hands = 0
    start = time.perf_counter()
    while True:
        if game.is_over:
            game = tricktable.new_game("trumps", players=players, seed=hands + 2, target=1000)
        hand = game.hand_no
        while game.hand_no == hand and not game.is_over:
            _random_move(game, rng)
        hands += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed


def games_per_second(seconds: float, players: int = 4) -> float:
    """Random whole games to 50 points."""
    rng = random.Random(2)
    games = 0
    start = time.perf_counter()
    while True:
        game = tricktable.new_game("trumps", players=players, seed=games)
        while game.to_move is not None:
            _random_move(game, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def rollouts_per_second(seconds: float, players: int = 4) -> float:
    """Random playouts of one hand's tricks (declarations included) from a dealt, marked and passed position."""
    rng = random.Random(3)
    game = tricktable.new_game("trumps", players=players, seed=3)
    while game.phase != "play":
        _random_move(game, rng)
    assert isinstance(game, Trumps)
    args = game.rollout_args()
    rand = rng.random
    count = 0
    start = time.perf_counter()
    while True:
        for _ in range(200):
            random_rollout(*args, rand)
        count += 200
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def measure(seconds: float = 2.0) -> dict[str, float]:
    """Figures for 4 players, plus the 3-player playout (which has a starter trick)."""
    part = seconds / 4
    return {
        "hands_per_s": hands_per_second(part),
        "games_per_s": games_per_second(part),
        "rollouts_per_s": rollouts_per_second(part),
        "rollouts_per_s_3p": rollouts_per_second(part, players=3),
    }


if __name__ == "__main__":
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    for name, value in measure(budget).items():
        print(f"{name:>20}: {value:,.1f}")
