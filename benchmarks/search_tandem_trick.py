"""Tandem Trick search speed: the compiled play-outs and solver against their Python references, measured in
the same run (the ratio is what counts), the deal sampler, and the search bots' time a move.

Run ``python -m benchmarks.search_tandem_trick [positions]`` (default 20 positions of each kind).  The arena
measurements (strength, and move times inside full games) are in ``arena_tandem_trick.md`` beside this file.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import tricktable
from tricktable.bots.base import make_bot
from tricktable.bots.tandem_trick import cplay
from tricktable.bots.tandem_trick.blueprint import blueprint_move
from tricktable.rules.tandem_trick import Position, read_view, sample_deals, shuffle_deal
from tricktable.rules.tandem_trick.compiled import CKERNEL
from tricktable.rules.tandem_trick.solver import solve_reference


def timed(work: Callable[[], object], repeat: int) -> float:
    """Seconds per call of ``work``."""
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - start) / repeat


def each_timed(work: Callable[[Any], object], items: list[Any], repeat: int) -> list[float]:
    """Seconds per call of ``work(item)``, for each of ``items``."""
    return [timed(partial(work, item), repeat) for item in items]


def late_positions(players: int, tricks_left: int, count: int) -> list[Position]:
    """Positions of blueprint play with ``tricks_left`` tricks to go, the seat to move leading."""
    rng = random.Random(players * 100 + tricks_left)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.deal(shuffle_deal(rng, players), rng.randrange(players))
        while pos.cycle < 12 - tricks_left:
            pos.play(blueprint_move(pos))
        out.append(pos)
    return out


def python_play_out(pos: Position) -> list[int]:
    p = pos.copy()
    while not p.over:
        p.play(blueprint_move(p))
    return p.points()


def bot_positions(players: int, count: int) -> list[dict[str, object]]:
    """Views of the seat to move at random points of heuristic games."""
    rng = random.Random(players)
    views: list[dict[str, object]] = []
    game = tricktable.new_game("tandem-trick", players=players, seed=1)
    bot = make_bot("tandem-trick", "heuristic", seed=1)
    while len(views) < count:
        if game.is_over:
            game = tricktable.new_game("tandem-trick", players=players, seed=rng.randrange(10**6))
        seat = game.to_move
        assert seat is not None
        view = json.loads(json.dumps(game.view(seat)))
        if rng.random() < 0.1 and len(view["legal_moves"]) > 1:
            views.append(view)
        game.play(bot.choose(view))
    return views


def compiled_solve(p: Position) -> object:
    assert CKERNEL is not None
    return CKERNEL.solve(p, p.turn)


def main(count: int) -> None:
    assert CKERNEL is not None, "build the kernels first: pip install -e ."
    for players in (3, 4):
        starts = late_positions(players, 12, count)
        python = sum(each_timed(python_play_out, starts, 3)) / len(starts)
        compiled = sum(each_timed(cplay.play_out_points, starts, 200)) / len(starts)
        print(f"{players} players, a whole round played out by the blueprint: Python {python * 1e3:.2f} ms, "
              f"compiled {compiled * 1e6:.1f} us, ratio {python / compiled:.0f}x")  # fmt: skip
        left = 3
        late = late_positions(players, left, count)
        reference = sum(each_timed(lambda p: solve_reference(p, p.turn), late, 1)) / len(late)
        fast = sum(each_timed(compiled_solve, late, 20)) / len(late)
        print(f"{players} players, solver with {left} tricks left: reference {reference * 1e3:.1f} ms, "
              f"compiled {fast * 1e3:.3f} ms, ratio {reference / fast:.0f}x")  # fmt: skip
        for deeper in (4, 5) if players == 3 else (4,):
            deep = late_positions(players, deeper, count)
            spent = sorted(each_timed(compiled_solve, deep, 1))
            print(f"{players} players, compiled solver with {deeper} tricks left: "
                  f"median {spent[len(spent) // 2] * 1e3:.2f} ms, max {spent[-1] * 1e3:.1f} ms")  # fmt: skip
        views = bot_positions(players, count)
        knowledge = [read_view(v) for v in views]
        per_deal = sum(each_timed(partial(sample_deals, count=100, rng=random.Random(5)), knowledge, 1))
        per_deal /= len(knowledge) * 100
        print(f"{players} players, consistent deals: {per_deal * 1e6:.0f} us a deal")
        for level in ("easy", "normal", "strong"):
            bot = make_bot("tandem-trick", level, seed=3)
            spent = sorted(each_timed(bot.choose, views, 1))
            mean = sum(spent) / len(spent)
            p95 = spent[min(len(spent) - 1, int(0.95 * len(spent)))]
            print(f"{players} players, {level}: {mean * 1e3:.0f} ms a move on average, p95 {p95 * 1e3:.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
