"""Engine benchmark: how fast the games run, against OpenSpiel's ``oh_hell`` measured in the same run.

    python -m benchmarks.engine [--seconds 3] [--clock cpu|wall] [--games tandem-trick,secret-trumps,trumps]

OpenSpiel comes with the ``bench`` extra (``pip install -e '.[bench]'``); without it only our own figures print.

Tricks Together does the same work as one OpenSpiel ``oh_hell(players=4,num_tricks_fixed=7)`` game:
  (a) random 4-player 7-card rounds through the public API: ``new_game``, then three numbers and 28 cards,
      each move ``rng.choice(game.legal_moves())`` made with ``game.play``.  Against OpenSpiel's Python loop:
      ``new_initial_state()``, then ``rng.choice(state.legal_actions())`` and ``apply_action`` until terminal
      (the deal included, as chance actions).
  (b) rollouts from one dealt round, one at a time: random numbers, then random legal cards, scored.  Ours on
      the pure-Python kernel (``kernel.random_rollout``) and on the compiled one (``ckernel.random_rollout``);
      OpenSpiel's ``pyspiel.evaluate_bots`` with uniform random bots on a *clone* of a dealt state (it plays
      the state it is given to the end, so the same state twice would play nothing the second time).
  (b') the same rollouts 16384 at a time with numpy (``batch.batch_rollouts``).

Both sides of a ratio are measured in the same run, in alternating slices, and each rate is the median of its
slices.  Time is this process's CPU time by default (``--clock cpu``): every side runs on one thread, and CPU
time does not count the moments another program on a busy machine holds the core, which would tilt a ratio
towards whichever side happened to run while the machine was quiet.  ``--clock wall`` times by the wall clock.
Each side also counts the moves it made and checks them, so
a baseline that silently stops doing its work fails loudly instead of looking fast.  This is a benchmark, not
a test: it asserts no speed.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import tricktable
from tricktable.rules.tricks_together.batch import batch_rollouts
from tricktable.rules.tricks_together.compiled import CKERNEL
from tricktable.rules.tricks_together.kernel import random_rollout

SLICES = 11
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}

#: A unit of work: returns (units done, moves made).
Work = Callable[[], tuple[int, int]]


def rates(sides: dict[str, Work], seconds: float, clock: Callable[[], float] = time.process_time) -> dict[str, float]:
    """Units per second of ``clock`` for each side: ``SLICES`` alternating slices of ``seconds / SLICES`` each,
    median."""
    per_slice = seconds / SLICES
    samples: dict[str, list[float]] = {name: [] for name in sides}
    for work in sides.values():
        work()  # warm up
    for _ in range(SLICES):
        for name, work in sides.items():
            done = 0
            start = clock()
            while clock() - start < per_slice:
                units, moves = work()
                if moves < units:
                    raise RuntimeError(f"{name}: {units} units made only {moves} moves: it is not doing its work")
                done += units
            samples[name].append(done / (clock() - start))
    return {name: statistics.median(values) for name, values in samples.items()}


# ----- ours ------------------------------------------------------------------------------------------


def public_api_rounds(seed: int = 1) -> Work:
    """(a) 7-card rounds through the public API.  Secret numbers: every card is played, as in oh_hell."""
    rng = random.Random(seed)
    counter = iter(range(10**12))

    def work() -> tuple[int, int]:
        moves = 0
        for _ in range(50):
            game = tricktable.new_game(
                "tricks-together", players=4, seed=next(counter), secret_numbers=True, deals=[{"round": 7}]
            )
            for _ in range(31):  # three numbers and 28 cards
                game.play(rng.choice(game.legal_moves()))
            moves += len(game.history)
            if game.phase != "commit" and not game.is_over:
                raise RuntimeError("the round did not finish")
        return 50, moves

    return work


def dealt_round() -> tuple[list[int], int]:
    game: Any = tricktable.new_game("tricks-together", players=4, seed=7, deals=[{"round": 7, "dealer": 0}])
    return list(game.hands), game.trump_suit


def pure_rollouts() -> Work:
    """(b) rollouts on the pure-Python kernel: random numbers for the three who choose, random cards, scored."""
    hands, trump = dealt_round()
    rand = random.Random(3).random

    def work() -> tuple[int, int]:
        hits = moves = 0
        for _ in range(1000):
            numbers = [int(rand() * 8) for _ in range(3)]
            won = random_rollout(hands, trump, 1, 7, rand)
            hits += won[1:] == numbers
            moves += 3 + 4 * sum(won)  # numbers, then every card of every trick
        return 1000, moves

    return work


def compiled_rollouts() -> Work | None:
    """(b) the same rollouts on the compiled kernel, still one call per rollout."""
    if CKERNEL is None:
        return None
    hands, trump = dealt_round()
    rand = random.Random(3).random
    seeds = iter(range(10**12))
    rollout = CKERNEL.random_rollout

    def work() -> tuple[int, int]:
        hits = moves = 0
        for _ in range(1000):
            numbers = [int(rand() * 8) for _ in range(3)]
            won = rollout(hands, trump, 1, 7, next(seeds))
            hits += won[1:] == numbers
            moves += 3 + 4 * sum(won)
        return 1000, moves

    return work


def batched_rollouts(batch: int = 16384) -> Work:
    """(b') the same rollouts, ``batch`` at a time with numpy."""
    hands, trump = dealt_round()
    rng = np.random.default_rng(3)

    def work() -> tuple[int, int]:
        numbers = rng.integers(0, 8, size=(batch, 3))
        won = batch_rollouts(hands, trump, 1, 7, rng.random((batch, 28)))
        int((won[:, 1:] == numbers).all(axis=1).sum())
        return batch, int(won.sum()) * 4 + 3 * batch

    return work


# ----- OpenSpiel ---------------------------------------------------------------------------------------


def openspiel_game() -> Any | None:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("oh_hell(players=4,num_tricks_fixed=7)")


def openspiel_python_loop(game: Any, seed: int = 1) -> Work:
    """OpenSpiel's Python loop over its C++ state, chance actions (the deal) included."""
    rng = random.Random(seed)

    def work() -> tuple[int, int]:
        moves = 0
        for _ in range(50):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            moves += state.move_number()
        return 50, moves

    return work


def openspiel_dealt_state(game: Any, seed: int = 1) -> Any:
    """A state after the deal (every chance action done), before the first bid."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def openspiel_evaluate_bots(game: Any, seed: int = 1) -> tuple[Work, Any]:
    """``evaluate_bots`` with uniform random bots, each call on a fresh clone of one dealt state.

    Returns the work and the dealt state, so a caller can check the state is never played itself."""
    import pyspiel

    dealt = openspiel_dealt_state(game, seed)
    bots = [pyspiel.make_uniform_random_bot(p, 11 + p) for p in range(4)]
    rng = random.Random(seed)
    start = dealt.move_number()

    def work() -> tuple[int, int]:
        moves = 0
        for _ in range(1000):
            state = dealt.clone()
            pyspiel.evaluate_bots(state, bots, rng.randrange(2**31))
            moves += state.move_number() - start
        return 1000, moves

    return work, dealt


# ----- the other games -----------------------------------------------------------------------------


def other_games(names: list[str], seconds: float) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for name in names:
        script = f"engine_{name.replace('-', '_')}"
        if importlib.util.find_spec(f"benchmarks.{script}") is None:
            print(f"no benchmark for {name} ({script}.py missing)", file=sys.stderr)
            continue
        out[name] = importlib.import_module(f"benchmarks.{script}").measure(seconds)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (per side)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="CPU time of this process, or wall")
    parser.add_argument("--games", default="tandem-trick,secret-trumps,trumps", help="other games to measure")
    args = parser.parse_args()

    spiel = openspiel_game()
    api: dict[str, Work] = {"ours": public_api_rounds()}
    rollouts: dict[str, Work] = {"pure": pure_rollouts(), "batched": batched_rollouts()}
    compiled = compiled_rollouts()
    if compiled is not None:
        rollouts["compiled"] = compiled
    dealt = None
    if spiel is not None:
        api["openspiel"] = openspiel_python_loop(spiel)
        rollouts["openspiel"], dealt = openspiel_evaluate_bots(spiel)
    clock = CLOCKS[args.clock]
    print(f"Tricks Together, 4 players, 7-card rounds ({SLICES} alternating slices, medians, {args.clock} time)")
    a = rates(api, args.seconds, clock)
    print(f"  (a) public API rounds/s                   {a['ours']:12,.0f}")
    b = rates(rollouts, args.seconds, clock)
    print(f"  (b) rollouts/s, pure Python, one a call   {b['pure']:12,.0f}")
    if "compiled" in b:
        print(f"  (b) rollouts/s, compiled, one a call      {b['compiled']:12,.0f}")
    else:
        print("  (b) compiled kernel not built: reinstall with a C compiler (pip install -e .)")
    print(f"  (b') rollouts/s, numpy, 16384 a call      {b['batched']:12,.0f}")
    if spiel is None:
        print("OpenSpiel not installed: pip install -e '.[bench]' to compare")
    else:
        assert dealt is not None and not dealt.is_terminal(), "the dealt state was played: the baseline is broken"
        print("OpenSpiel oh_hell(players=4,num_tricks_fixed=7), same run")
        print(f"  Python loop games/s                       {a['openspiel']:12,.0f}")
        print(f"  evaluate_bots on a clone, rollouts/s      {b['openspiel']:12,.0f}")
        print(f"  ratio (a)  public API / Python loop              {a['ours'] / a['openspiel']:6.2f}x  (target >= 1)")
        print(f"  ratio (b)  pure Python / evaluate_bots           {b['pure'] / b['openspiel']:6.2f}x")
        if "compiled" in b:
            ratio = b["compiled"] / b["openspiel"]
            print(f"  ratio (b)  compiled / evaluate_bots              {ratio:6.2f}x  (target >= 1)")
        print(f"  ratio (b') numpy batches / evaluate_bots         {b['batched'] / b['openspiel']:6.2f}x")
    if args.games:
        for name, figures in other_games([g for g in args.games.split(",") if g], args.seconds).items():
            print(name)
            for key, value in figures.items():
                print(f"  {key:32s} {value:12,.0f}")


if __name__ == "__main__":
    main()
