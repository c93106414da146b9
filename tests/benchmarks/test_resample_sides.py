"""The resampling benchmark's two sides both draw worlds with the seat's information (both do the work)."""

from __future__ import annotations

import random

from tricktable.interop.resample import plan

from benchmarks import resample as BENCH


def test_both_sides_draw_worlds_the_seat_cannot_tell_from_the_real_one() -> None:
    session = BENCH.position("tandem-trick", 3, 12, seed=7)
    seat = session.to_move
    assert seat is not None and seat >= 0
    world = BENCH.resample_whole(session, seat, random.Random(2), plan(session, seat))
    assert world.information(seat) == session.information(seat) and world.deals[-1] != session.deals[-1]
    got = BENCH.measure("tricks-together:4:3", 0.06)  # each side asserts the information of every world it draws
    assert got["shipped"] > 0 and got["whole"] > 0
