"""Engine benchmark: how fast the games run, against OpenSpiel's ``oh_hell`` measured in the same run.

    python benchmarks/engine.py [--seconds 3] [--games tricks-together,tandem-trick,...]

Tricks Together (the same work as one OpenSpiel ``oh_hell(players=4,num_tricks_fixed=7)`` game):
  (a) random 4-player 7-card rounds through the public API: deal, three numbers, 28 cards, each move
      picked with ``random.choice(game.legal_moves())`` and made with ``game.play``;
  (b) random rollouts (random numbers, random legal cards) from one dealt 4-player 7-card round on the
      hot path (``tricks_together.random_rollout``), and (b') the same rollouts 16384 at a time with numpy
      (``_tricks_together_batch.batch_rollouts``: identical choices for identical uniforms).
With open-spiel installed (``pip install -e '.[bench]'``) the same run measures OpenSpiel's Python loop
(``random.choice(state.legal_actions())`` until terminal) and ``pyspiel.evaluate_bots`` with uniform random
bots from a fresh game and from a dealt state, and prints our/their ratios.  The other games' figures come
from ``benchmarks/bench_<game>.py``.  This is a benchmark, not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import tricktable
from tricktable.rules._tricks_together_batch import batch_rollouts
from tricktable.rules.tricks_together import random_rollout

HERE = Path(__file__).resolve().parent


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second: ``work()`` returns how many units it did; repeat for ``seconds``."""
    work()  # warm up
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += work()
    return done / (time.perf_counter() - start)


def tt_rounds_public_api(seconds: float) -> float:
    """(a) 7-card rounds through the public API.  Secret numbers: every card is played, as in oh_hell."""
    rng = random.Random(1)
    counter = iter(range(10**12))

    def work() -> int:
        rounds = 0
        for _ in range(50):
            game = tricktable.new_game(
                "tricks-together", players=4, seed=next(counter), secret_numbers=True, deals=[{"round": 7}]
            )
            for _ in range(31):  # three numbers and 28 cards
                game.play(rng.choice(game.legal_moves()))
            assert game.phase in ("commit", "over"), "the round did not finish"
            rounds += 1
        return rounds

    return rate(work, seconds)


def tt_rollouts(seconds: float) -> float:
    """(b) rollouts from one dealt round on the hot path: random numbers, then random legal cards."""
    game: Any = tricktable.new_game("tricks-together", players=4, seed=7, deals=[{"round": 7, "dealer": 0}])
    hands, trump, leader = list(game.hands), game.trump_suit, 1
    rand = random.Random(3).random

    def work() -> int:
        hits = 0
        for _ in range(1000):
            numbers = [int(rand() * 8) for _ in range(3)]
            won = random_rollout(hands, trump, leader, 7, rand)
            hits += won[1:] == numbers  # scored as the round would be
        return 1000

    return rate(work, seconds)


def tt_batch_rollouts(seconds: float, batch: int = 16384) -> float:
    """(b') the same rollouts, ``batch`` at a time with numpy (``_tricks_together_batch``)."""
    game: Any = tricktable.new_game("tricks-together", players=4, seed=7, deals=[{"round": 7, "dealer": 0}])
    hands, trump = list(game.hands), game.trump_suit
    rng = np.random.default_rng(3)

    def work() -> int:
        numbers = rng.integers(0, 8, size=(batch, 3))
        won = batch_rollouts(hands, trump, 1, 7, rng.random((batch, 28)))
        int((won[:, 1:] == numbers).all(axis=1).sum())  # scored as the round would be
        return batch

    return rate(work, seconds)


def openspiel_figures(seconds: float) -> dict[str, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell(players=4,num_tricks_fixed=7)")
    rng = random.Random(1)

    def python_loop() -> int:
        for _ in range(50):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        return 50

    bots = [pyspiel.make_uniform_random_bot(p, 11 + p) for p in range(4)]
    dealt = game.new_initial_state()
    while dealt.is_chance_node():
        dealt.apply_action(rng.choice(dealt.legal_actions()))

    def evaluate_fresh() -> int:
        for _ in range(200):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, rng.randrange(2**31))
        return 200

    def evaluate_dealt() -> int:
        for _ in range(1000):
            pyspiel.evaluate_bots(dealt, bots, rng.randrange(2**31))
        return 1000

    return {
        "python_loop_games_per_s": rate(python_loop, seconds),
        "evaluate_bots_fresh_games_per_s": rate(evaluate_fresh, seconds),
        "evaluate_bots_dealt_rollouts_per_s": rate(evaluate_dealt, seconds),
    }


def other_games(names: list[str], seconds: float) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for name in names:
        path = HERE / f"bench_{name.replace('-', '_')}.py"
        spec = importlib.util.spec_from_file_location(path.stem, path)
        if spec is None or spec.loader is None or not path.exists():
            print(f"no benchmark for {name} ({path.name} missing)", file=sys.stderr)
            continue
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        out[name] = module.measure(seconds)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--games", default="tandem-trick,secret-trumps,trumps", help="other games to measure")
    args = parser.parse_args()

    rounds = tt_rounds_public_api(args.seconds)
    rollouts = tt_rollouts(args.seconds)
    batched = tt_batch_rollouts(args.seconds)
    print("Tricks Together, 4 players, 7-card rounds")
    print(f"  (a) public API rounds/s          {rounds:12,.0f}")
    print(f"  (b) hot-path rollouts/s          {rollouts:12,.0f}  (one at a time, pure Python)")
    print(f"  (b') batched rollouts/s          {batched:12,.0f}  (16384 at a time, numpy)")
    theirs = openspiel_figures(args.seconds)
    if theirs is None:
        print("  OpenSpiel not installed: pip install -e '.[bench]' to compare")
    else:
        loop = theirs["python_loop_games_per_s"]
        dealt = theirs["evaluate_bots_dealt_rollouts_per_s"]
        print("OpenSpiel oh_hell(players=4,num_tricks_fixed=7), same run")
        print(f"  Python loop games/s              {loop:12,.0f}")
        print(f"  evaluate_bots fresh games/s      {theirs['evaluate_bots_fresh_games_per_s']:12,.0f}")
        print(f"  evaluate_bots dealt rollouts/s   {dealt:12,.0f}")
        print(f"  ratio (a) ours/their Python loop          {rounds / loop:6.2f}x  (target >= 2)")
        print(f"  ratio (b) ours/their dealt evaluate_bots  {rollouts / dealt:6.2f}x  (target >= 1)")
        print(f"  ratio (b') batched/their evaluate_bots    {batched / dealt:6.2f}x")
    if args.games:
        for name, figures in other_games([g for g in args.games.split(",") if g], args.seconds).items():
            print(name)
            for key, value in figures.items():
                print(f"  {key:32s} {value:12,.0f}")


if __name__ == "__main__":
    main()
