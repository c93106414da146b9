"""Secret Trumps speed: whole random games through the public API, and flat random rollouts of a round.

Run: ``.venv/bin/python -m benchmarks.engine_secret_trumps [seconds]``.
"""

from __future__ import annotations

import random
import sys
import time

import tricktable
from tricktable.rules.secret_trumps import RoundTrumps, SecretTrumps, random_rollout


def _api_games(seconds: float) -> tuple[float, float]:
    """Random legal moves (legal_moves + random.choice + play) until each game is over."""
    rng = random.Random(1)
    games = rounds = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds or games == 0:
        game = tricktable.new_game("secret-trumps", players=4, seed=rng.randrange(2**31))
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        games += 1
        result = game.result()
        assert result is not None
        rounds += result["rounds"]
    elapsed = time.perf_counter() - began
    return games / elapsed, rounds / elapsed


def _picked_hands(seed: int) -> tuple[list[int], RoundTrumps, int]:
    """The hands, trumps and first leader of a randomly drafted and picked round."""
    rng = random.Random(seed)
    game = tricktable.new_game("secret-trumps", players=4, seed=seed)
    assert isinstance(game, SecretTrumps)
    while game.phase != "choose":
        game.play(rng.choice(game.legal_moves()))
    return list(game.hands), game.trumps, (game.start + 1) % 4


def _rollouts(seconds: float) -> float:
    hands, trumps, leader = _picked_hands(7)
    rand = random.Random(3).random
    count = 0
    began = time.perf_counter()
    while True:
        for _ in range(200):
            random_rollout(hands, trumps, leader, rand)
        count += 200
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return count / elapsed


def measure(seconds: float = 2.0) -> dict[str, float]:
    """``games_per_s`` and ``rounds_per_s`` through the public API; ``rollouts_per_s`` of 9 tricks on the hot path."""
    games, rounds = _api_games(seconds / 2)
    return {"games_per_s": games, "rounds_per_s": rounds, "rollouts_per_s": _rollouts(seconds / 2)}


if __name__ == "__main__":
    for name, value in measure(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0).items():
        print(f"{name}: {value:,.1f}")
