"""The adapter benchmark's sides each play whole games and count their moves (no speed is asserted)."""

from __future__ import annotations

import pytest

from tricktable.interop.adapt import spec

from benchmarks import interop as BENCHMARK


@pytest.mark.parametrize("name", ["tricks-together", "tandem-trick"])
def test_every_side_plays_whole_games(name: str) -> None:
    sides = {
        "engine": BENCHMARK.engine_side(name, observe=False),
        "engine+view": BENCHMARK.engine_side(name, observe=True),
        "session": BENCHMARK.session_side(name),
        "session (replaying)": BENCHMARK.session_side(name, replaying=True),
        "openspiel": BENCHMARK.openspiel_side(name, observe=False),
        "openspiel+obs": BENCHMARK.openspiel_side(name, observe=True),
        "pettingzoo": BENCHMARK.pettingzoo_side(name),
    }
    longest = spec(name).max_moves
    for side, work in sides.items():
        made = [work() for _ in range(3)]
        assert all(0 < moves <= longest for moves in made), side


def test_rates_refuse_a_side_that_makes_no_move() -> None:
    with pytest.raises(RuntimeError, match="made no move"):
        BENCHMARK.rates({"idle": lambda: 0}, seconds=0.01)
