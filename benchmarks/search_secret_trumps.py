"""Secret Trumps search speed: each compiled kernel against its Python reference, measured in the same run.

* the open-hands search (``solver.move_values``, every card's outcome) with 3 tricks left and with 5;
* a blueprint play-out of a whole round's play (``cplay`` against ``blueprint.playout``);
* a whole round simulated from the first pick (``cplay`` against ``picking.simulate``).

Run: ``.venv/bin/python -m benchmarks.search_secret_trumps [seconds]``.  It prints the rate of each side and the
ratio compiled / reference; the positions come from seeded random games, the same every run.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import tricktable
from tricktable.bots.secret_trumps import cplay
from tricktable.bots.secret_trumps.blueprint import Play, hypothesis_index, hypothesis_mask, playout
from tricktable.bots.secret_trumps.picking import Picking, simulate
from tricktable.core.splitmix import SplitMix64
from tricktable.rules.secret_trumps import NO_GOAL, Position, goal_code, max_n, read_view
from tricktable.rules.secret_trumps.solver import move_values, move_values_reference


def _advance(seed: int, until: Callable[[Any], bool]) -> Any:
    game: Any = tricktable.new_game("secret-trumps", players=4, seed=seed)
    rng = random.Random(seed)
    while not until(game):
        game.play(rng.choice(game.legal_moves()))
    return game


def _tricks_left(game: Any, left: int) -> bool:
    return bool(game.phase == "play" and game.tricks_played == 9 - left)


def _goals(game: Any) -> list[int]:
    return [NO_GOAL if g is None else goal_code(game.goals[g].slug) for g in game.chosen]


def _positions(left: int, count: int) -> list[Position]:
    out = []
    for seed in range(count):
        game = _advance(seed, partial(_tricks_left, left=left))
        trumps = (game.trumps.suit, game.trumps.rank)
        out.append(Position(list(game.hands), trumps, game.to_move, _goals(game), game.start))
    return out


def _rate(work: Callable[[], int], seconds: float) -> float:
    """Items a second, over at least ``seconds`` (and at least one call)."""
    done = 0
    began = time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return done / elapsed


def solver_rates(left: int, seconds: float) -> tuple[float, float]:
    positions = _positions(left, 8)
    util = max_n(4, 0.25)

    def compiled() -> int:
        for p in positions:
            move_values(p, util)
        return len(positions)

    def reference() -> int:
        for p in positions:
            move_values_reference(p, util)
        return len(positions)

    return _rate(compiled, seconds), _rate(reference, seconds)


def playout_rates(seconds: float) -> tuple[float, float]:
    game = _advance(3, lambda g: g.phase == "play")
    truth = hypothesis_index(game.trumps.suit, game.trumps.rank)
    goals = _goals(game)
    zero = [0] * 4
    seeds = iter(range(10**9))

    def compiled() -> int:
        for _ in range(100):
            cplay.c_playout(list(game.hands), truth, game.start, goals, NO_GOAL, game.to_move, [], zero, zero, 0,
                            next(seeds), 80)  # fmt: skip
        return 100

    def reference() -> int:
        for _ in range(10):
            play = Play(list(game.hands), truth, game.start, goals, NO_GOAL, game.to_move)
            playout(play, SplitMix64(next(seeds)), 80)
        return 10

    return _rate(compiled, seconds), _rate(reference, seconds)


def simulation_rates(seconds: float) -> tuple[float, float]:
    game = _advance(5, lambda g: g.phase == "pick")
    k = read_view(game.view(game.to_move))
    codes = [goal_code(s) for s in k.goal_slugs]
    open_goals = [[codes[g] for g in goals] for goals in k.open_goals]
    truth = hypothesis_index(game.trumps.suit, game.trumps.rank)
    hyps = hypothesis_mask(k.public_hypotheses)
    plans = [NO_GOAL] * 4
    seeds = iter(range(10**9))

    def compiled() -> int:
        for _ in range(50):
            cplay.c_simulate(k.start, truth, hyps, 0, k.face_up, k.picks, open_goals, plans, next(seeds), 50)
        return 50

    def reference() -> int:
        picking = Picking(k.start, truth, hyps, 0, k.face_up, k.picks, open_goals, plans)
        simulate(picking, SplitMix64(next(seeds)), 50)
        return 1

    return _rate(compiled, seconds), _rate(reference, seconds)


def main(seconds: float) -> None:
    rows = [
        ("open-hands search, 3 tricks left (positions/s)", solver_rates(3, seconds)),
        ("open-hands search, 5 tricks left (positions/s)", solver_rates(5, seconds)),
        ("blueprint play-out of a round's play (/s)", playout_rates(seconds)),
        ("round simulated from the first pick (/s)", simulation_rates(seconds)),
    ]
    print(f"{'':50} {'compiled':>12} {'reference':>12} {'ratio':>8}")
    for name, (fast, slow) in rows:
        print(f"{name:50} {fast:12,.2f} {slow:12,.2f} {fast / slow:7.0f}x")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
