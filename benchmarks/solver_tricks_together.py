"""Tricks Together's open-hands solver: time per query from the start of play, compiled and pure.

    python -m benchmarks.solver_tricks_together [--deals 40] [--clock cpu|wall]

For random deals of 4 players x 7 cards and 5 x 7 it times ``makeable`` (every vector of numbers the team
can make) both ways the compiled search can answer it, by solving for each vector (the way taken when there
are trumps) and by building vector sets (the way taken without), and prints their medians, worst cases and
ratio; the two must find the same vectors.  It also times ``solve`` (one vector), and ``solve_cards`` (one
vector after each card the first player could lead, as the bots ask) against ``solve`` asked once a card.
On 4 players x 5 cards it times the readable Python reference on the same deals and prints the ratio (the
reference is too slow for 7 cards).  Each query is checked against the other side so that both do the work.
Times are this process's CPU time (``--clock wall`` for the wall clock): the search runs on one thread, and
CPU time leaves out the moments other programs on a busy machine hold the core.  The process's CPU time
counts every thread, so NumPy's BLAS threads (idle here, but spinning after start-up) are kept to one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import cast

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before NumPy is imported

from tricktable.core.shuffle import DealRandom
from tricktable.rules.tricks_together.compiled import CSOLVER
from tricktable.rules.tricks_together.solver import makeable_reference


def deal(seed: int, players: int, cards: int) -> tuple[list[int], int, int]:
    r = DealRandom(seed, 1)
    drawn = r.sample(52, players * cards + 1)
    hands = [sum(1 << c for c in drawn[i * cards : (i + 1) * cards]) for i in range(players)]
    return hands, drawn[-1] // 13, r.below(players)


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = time.process_time


def solve_each(hands: list[int], trump: int, leader: int, vector: list[int], cards: list[int]) -> list[bool]:
    """``solve`` asked afresh after each card."""
    assert CSOLVER is not None
    answers = []
    for card in cards:
        held = hands[:]
        held[leader] ^= 1 << card
        answers.append(CSOLVER.solve(held, trump, leader, vector, [card]))
    return answers


def timed(work: object, *args: object) -> tuple[float, object]:
    start = clock()
    out = work(*args)  # type: ignore[operator]
    return clock() - start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    if CSOLVER is None:
        raise SystemExit("the compiled solver is not built: reinstall with a C compiler (pip install -e .)")
    print(f"compiled search, from the first card of the round (ms of {args.clock} time)")
    for players in (4, 5):
        by_vectors, by_sets, single, per_card, shared = [], [], [], [], []
        for seed in range(args.deals):
            hands, trump, leader = deal(5000 + seed, players, 7)
            spent, found = timed(CSOLVER.makeable, hands, trump, leader, None, None, "vectors")
            by_vectors.append(spent)
            spent, again = timed(CSOLVER.makeable, hands, trump, leader, None, None, "sets")
            by_sets.append(spent)
            assert found == again, "both ways must find the same vectors"
            vectors = sorted(cast(set[tuple[int, ...]], found))
            vector = vectors[len(vectors) // 2]
            spent, ok = timed(CSOLVER.solve, hands, trump, leader, list(vector))
            assert ok, "solve must agree with makeable"
            single.append(spent)
            cards = [c for c in range(52) if hands[leader] >> c & 1]
            spent, each = timed(solve_each, hands, trump, leader, list(vector), cards)
            per_card.append(spent)
            spent, answers = timed(CSOLVER.solve_cards, hands, trump, leader, list(vector), cards)
            shared.append(spent)
            assert answers == each, "solve_cards must agree with solve"
        median = statistics.median
        print(
            f"  {players} x 7  makeable by vectors median {1e3 * median(by_vectors):7.2f}"
            f"  max {1e3 * max(by_vectors):7.1f}"
            f"   by sets median {1e3 * median(by_sets):7.2f}  max {1e3 * max(by_sets):7.1f}"
            f"   sets / vectors {sum(by_sets) / sum(by_vectors):.1f}x in all"
        )  # fmt: skip
        print(
            f"         solve median {1e3 * median(single):6.3f}  max {1e3 * max(single):6.1f}"
            f"   after each lead: solve_cards {1e3 * sum(shared) / len(shared):6.2f} ms a deal, solve a card"
            f" {1e3 * sum(per_card) / len(per_card):6.2f} ms ({sum(per_card) / sum(shared):.1f}x)"
        )  # fmt: skip
    compiled, pure = [], []
    for seed in range(min(args.deals, 12)):
        hands, trump, leader = deal(7000 + seed, 4, 5)
        a, fast = timed(CSOLVER.makeable, hands, trump, leader)
        b, slow = timed(makeable_reference, hands, trump, leader)
        assert fast == slow, "the compiled and the reference search must agree"
        compiled.append(a)
        pure.append(b)
    ratio = sum(pure) / sum(compiled)
    print(f"4 x 5, same deals: reference {1e3 * sum(pure) / len(pure):.1f} ms, compiled "
          f"{1e3 * sum(compiled) / len(compiled):.2f} ms a query: compiled is {ratio:.0f}x faster")  # fmt: skip


if __name__ == "__main__":
    main()
