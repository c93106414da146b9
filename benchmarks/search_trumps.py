"""Trumps search speed: the compiled kernels against what they replace, measured in the same run.

* the open-hands solver: ``ckernel.OpenSolver`` against the readable reference (``solver.solve_reference``)
  on the same positions;
* play-outs of a hand: the blueprint in C (``cbatch.play_values``) against the same hand played out through the
  engine by the heuristic bot, whose rules the blueprint restates (both give the same tricks; the tests check it);
* sampled worlds: the compiled card fill against the Python fill of the same sampler.

Run: ``.venv/bin/python -m benchmarks.search_trumps [seconds]``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

import tricktable
from tricktable.bots import make_bot
from tricktable.bots.trumps import cbatch
from tricktable.core.moves import CardMove
from tricktable.rules.trumps import NONE, Position, Trumps, read_view, sample_deals, sampler
from tricktable.rules.trumps.ckernel import OpenSolver
from tricktable.rules.trumps.solver import solve_reference


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work`` per second (``work`` returns how many units it did)."""
    done = 0
    start = time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def positions(players: int, tricks: int, count: int) -> list[tuple[Trumps, Position]]:
    """Positions of heuristic games with ``tricks`` tricks to play, every card known."""
    out = []
    for seed in range(count):
        game = tricktable.new_game("trumps", players=players, seed=seed)
        assert isinstance(game, Trumps)
        bot = make_bot("trumps", "heuristic", seed)
        while not (game.phase == "play" and not game.trick and game.hands[game.to_move or 0].bit_count() == tricks):
            game.play(bot.choose(game.view(game.to_move)))
        seat = game.to_move
        assert seat is not None
        suits = tuple(c // 13 if c != NONE else NONE for c in game.indicators)
        out.append((game, Position(tuple(game.hands), suits, game.side_of, tuple(game.declared), game.dealer, seat)))
    return out


def solver_rates(seconds: float, players: int = 4, tricks: int = 4) -> tuple[float, float]:
    cases = positions(players, tricks, 12)
    solver = OpenSolver(18)

    def compiled() -> int:
        for _, p in cases:
            solver.clear()
            solver.solve(list(p.hands), list(p.indicator_suits), list(p.side_of), list(p.declared), p.dealer,
                               p.leader, [], [], [], 0)  # fmt: skip
        return len(cases)

    def reference() -> int:
        for _, p in cases:
            solve_reference(p, 0)
        return len(cases)

    return rate(compiled, seconds), rate(reference, seconds)


def playout_rates(seconds: float, players: int = 4) -> tuple[float, float]:
    cases = positions(players, 12 if players == 4 else 52 // players - 1, 6)
    bot = make_bot("trumps", "heuristic", 0)

    def compiled() -> int:
        for game, _ in cases:
            seat = game.to_move
            assert seat is not None
            move = game.legal_moves()[0]
            assert isinstance(move, CardMove)
            partners = [next((q for q in range(players) if q != p and game.side_of[q] == game.side_of[p]), NONE)
                        for p in range(players)]  # fmt: skip
            cbatch.play_values([list(game.hands)] * 50, [list(game.indicators)] * 50, [1.0] * 50, seat,
                               list(game.side_of), partners, game.dealer, list(game.declared), 0, [], [], [],
                               [move.card], [0], [0.0] * (max(game.side_of) + 1), game.target,
                               0.0)  # fmt: skip
        return 50 * len(cases)

    def engine() -> int:
        for game, _ in cases:
            trial = game.clone()
            assert isinstance(trial, Trumps)
            hand = trial.hand_no
            while trial.hand_no == hand and not trial.over:
                trial.play(bot.choose(trial.view(trial.to_move)))
        return len(cases)

    return rate(compiled, seconds), rate(engine, seconds)


def sampler_rates(seconds: float, players: int = 4) -> tuple[float, float]:
    game = tricktable.new_game("trumps", players=players, seed=5)
    bot = make_bot("trumps", "heuristic", 5)
    for _ in range(players * 6):
        game.play(bot.choose(game.view(game.to_move)))
    k = read_view(game.view(game.to_move))
    rng = random.Random(1)
    compiled = rate(lambda: len(sample_deals(k, 100, rng)), seconds)
    kernel: Any = sampler.CDEAL
    sampler.CDEAL = None
    try:
        python = rate(lambda: len(sample_deals(k, 100, rng)), seconds)
    finally:
        sampler.CDEAL = kernel
    return compiled, python


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    fast, slow = solver_rates(seconds)
    print(f"open-hands solver, 4 players, 4 tricks left: compiled {fast:9.1f}/s, reference {slow:7.1f}/s, "
          f"ratio {fast / slow:6.1f}x")  # fmt: skip
    fast, slow = playout_rates(seconds)
    print(f"blueprint play-outs of a 4-player hand: compiled {fast:9.0f}/s, engine + heuristic bot {slow:7.1f}/s, "
          f"ratio {fast / slow:6.0f}x")  # fmt: skip
    fast, slow = sampler_rates(seconds)
    print(f"sampled worlds, 4 players mid-hand: compiled fill {fast:9.0f}/s, Python fill {slow:9.0f}/s, "
          f"ratio {fast / slow:4.1f}x")  # fmt: skip


if __name__ == "__main__":
    main()
