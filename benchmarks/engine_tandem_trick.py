"""Tandem Trick speed: random full games through the public API, and flat random rollouts of one round.

Run ``python -m benchmarks.engine_tandem_trick [seconds]`` to print the figures.
"""

from __future__ import annotations

import random
import sys
import time

import tricktable
from tricktable.rules.tandem_trick import random_rollout, shuffle_deal


def measure(seconds: float = 2.0) -> dict[str, float]:
    """Games per second (legal_moves + random.choice + play until over) and one-round rollouts per second."""
    rng = random.Random(1)
    games = 0
    moves = 0
    start = time.perf_counter()
    deadline = start + seconds / 2
    while True:
        game = tricktable.new_game("tandem-trick", players=4, seed=rng.randrange(2**32))
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            moves += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    game_time = time.perf_counter() - start

    # Rollouts start from a dealt round, as a search would: the deal is made once and reused.
    hands = shuffle_deal(rng, 4)
    rollouts = 0
    start = time.perf_counter()
    deadline = start + seconds / 2
    while True:
        for _ in range(50):
            random_rollout(hands, 0, rng)
        rollouts += 50
        if time.perf_counter() >= deadline:
            break
    rollout_time = time.perf_counter() - start
    return {
        "games_per_s": games / game_time,
        "moves_per_s": moves / game_time,
        "rollouts_per_s": rollouts / rollout_time,
    }


if __name__ == "__main__":
    figures = measure(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
    for name, value in figures.items():
        print(f"{name}: {value:,.1f}")
