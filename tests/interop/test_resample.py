"""Sampled worlds: the seat sees exactly what it saw, and what it could not see is drawn afresh."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

from tricktable.interop.adapt import Session, settle_chance, spec
from tricktable.interop.resample import plan, resample


def _position(name: str, moves: int, seed: int, **options: Any) -> Session:
    session = Session(spec(name, **options))
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        settle_chance(session, rng)
        legal = session.legal_actions()
        session.apply_action(legal[int(rng.integers(len(legal)))])
    settle_chance(session, rng)
    assert not session.is_over
    return session


@pytest.mark.parametrize(
    ("name", "moves", "options"),
    [
        ("tricks-together", 3, {"players": 4, "secret_numbers": True}),
        ("tandem-trick", 20, {"players": 4}),
        ("secret-trumps", 60, {"players": 3}),
        ("trumps", 14, {"players": 4}),
    ],
)
def test_worlds_keep_the_seats_information_and_redraw_what_it_has_not_seen(
    name: str, moves: int, options: dict[str, Any]
) -> None:
    session = _position(name, moves, 4, **options)
    seat = session.to_move
    assert seat is not None and seat >= 0
    rng = random.Random(0)
    worked = plan(session, seat)
    deals = set()
    for _ in range(6):
        world = resample(session, seat, rng, cached=worked)
        assert world.information(seat) == session.information(seat)
        assert world.view(seat)["hand"] == session.view(seat)["hand"]
        assert world.deals[:-1] == session.deals[:-1]
        deals.add(json.dumps(world.deals[-1]))
    # Other seats' cards (Secret Trumps: the cards lying aside) differ from world to world.
    assert len(deals) > 1


def test_secret_numbers_of_the_others_are_drawn_afresh() -> None:
    session = _position("tricks-together", 3, 1, players=4, secret_numbers=True)
    seat = session.to_move
    assert seat is not None
    numbers = set()
    for k in range(20):
        world = resample(session, seat, random.Random(k))
        assert world.game is not None
        numbers.add(tuple(world.game.numbers))  # type: ignore[attr-defined]
    assert len(numbers) > 1
