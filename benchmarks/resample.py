"""Worlds a second from ``interop.resample`` (what OpenSpiel's ISMCTS draws every simulation), against the same
draws checked whole.

    python -m benchmarks.resample [--seconds 3] [--cases secret-trumps:4:250,tandem-trick:3:20]

A case is ``GAME:PLAYERS:MOVES``: a position reached by that many random moves (seeded), where the seat to move
asks for worlds.  Two sides draw worlds there with the same seeds:

* ``shipped``: ``resample`` as the arena uses it, each sample held against what the seat saw event by event
  (``resample.Witness``: a sample that shows the seat something else is dropped at that event), the events'
  lines of JSON kept between samples (``adapt.event_line``).
* ``whole``: every sample rebuilt to the end of the round, then its whole information string written out and
  compared with the real one, nothing kept between samples: how worlds were checked before the witness.

Both sides must return worlds with the seat's information string (checked on every world), so both do the
work.  The sides run in alternating slices and each rate is the median of its slices, printed with the ratio of
``shipped`` to ``whole`` measured in the same run.  A benchmark, not a test: it asserts no speed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from tricktable.interop import adapt
from tricktable.interop.adapt import Session, settle_chance, spec
from tricktable.interop.resample import Plan, ResampleError, draw_world, plan, resample

DEFAULT_CASES = "secret-trumps:4:120,secret-trumps:4:250,tandem-trick:3:20,tricks-together:4:6"


def position(name: str, players: int, moves: int, seed: int) -> Session:
    """A position ``moves`` random moves into a game (fewer if it would end first)."""
    session = Session(spec(name, players))
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        settle_chance(session, rng)
        legal = session.legal_actions()
        if not legal:
            break
        session.apply_action(legal[int(rng.integers(len(legal)))])
        settle_chance(session, rng)
        if session.is_over:
            raise SystemExit(f"{name} ended before {moves} moves: ask for fewer")
    settle_chance(session, rng)
    return session


def resample_whole(session: Session, seat: int, rng: random.Random, p: Plan, tries: int = 3000) -> Session:
    """The draws of ``resample``, each rebuilt to the end and checked by its whole information string."""
    for _ in range(tries):
        adapt._LINES.clear()  # nothing kept between samples
        world = draw_world(p, rng)
        if world is not None and not world.dealing and world.information(seat) == p.target:
            return world
    raise ResampleError(f"no world for seat {seat} in {tries} tries")


def rates(sides: dict[str, Callable[[], int]], seconds: float, slices: int = 6) -> dict[str, float]:
    """Worlds a second of each side: the median over alternating slices."""
    per_side: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(slices):
        for name, work in sides.items():
            done, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds / slices:
                done += work()
            per_side[name].append(done / (time.perf_counter() - start))
    return {name: statistics.median(values) for name, values in per_side.items()}


def measure(case: str, seconds: float) -> dict[str, float]:
    """Worlds a second of both sides at the position ``case`` names (``GAME:PLAYERS:MOVES``)."""
    name, players, moves = case.split(":")
    session = position(name, int(players), int(moves), seed=7)
    seat = session.to_move
    assert seat is not None and seat >= 0
    worked = plan(session, seat)
    target = session.information(seat)
    shipped_rng, whole_rng = random.Random(1), random.Random(1)

    def shipped() -> int:
        world = resample(session, seat, shipped_rng, tries=3000, cached=worked)
        assert world.information(seat) == target
        return 1

    def whole() -> int:
        world = resample_whole(session, seat, whole_rng, worked)
        assert world.information(seat) == target
        return 1

    return rates({"shipped": shipped, "whole": whole}, seconds)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds a side and case")
    parser.add_argument("--cases", default=DEFAULT_CASES, help="GAME:PLAYERS:MOVES, comma-separated")
    args = parser.parse_args(argv)
    print(f"{'case':<26} {'shipped, worlds/s':>18} {'whole, worlds/s':>16} {'ratio':>6}")
    for case in args.cases.split(","):
        got = measure(case, args.seconds)
        ratio = got["shipped"] / got["whole"]
        print(f"{case:<26} {got['shipped']:>18.1f} {got['whole']:>16.1f} {ratio:>5.1f}x", flush=True)


if __name__ == "__main__":
    main()
