"""Sampled worlds: the seat sees exactly what it saw, and what it could not see is drawn afresh."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import numpy as np
import pytest

from tricktable.interop.adapt import Session, settle_chance, spec
from tricktable.interop.resample import Watch, Witness, draw_world, plan, resample


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


def _hidden_passes(session: Session, seat: int) -> list[str]:
    """The passes of the current hand that ``seat`` has not seen: neither its own nor the one it received."""
    game = session.game
    assert game is not None
    view = session.view(seat)
    from tricktable.rules.trumps import read_view

    k = read_view(view)
    seen = {seat, k.pass_from} if k.received else {seat}
    start = session.deal_starts[-1]
    movers = [m for m in session.movers[start:] if m != Session.CHANCE]
    texts = session.texts[len(session.texts) - len(movers) :]
    return [t for m, t in zip(movers, texts) if t.startswith("pass ") and m not in seen]


def _passed_card_played(session: Session, seat: int) -> bool:
    """Whether a card passed between two other seats (out of ``seat``'s sight) has since been played: the
    position where a world that kept that pass would give away the rest of it."""
    played = {card for text in session.texts if not text.startswith(("pass ", "mark ")) for card in text.split()[-1:]}
    return any(card in played for text in _hidden_passes(session, seat) for card in text.split()[1:])


@pytest.mark.parametrize(("players", "teams"), [(4, False), (4, True), (3, False), (6, True)])
def test_trumps_passes_between_other_seats_are_drawn_afresh(players: int, teams: bool) -> None:
    """A pass the seat did not see (between two other seats) is drawn afresh, even once the receiver has
    played one of its cards: keeping it would show the seat where the other cards went."""
    rng = np.random.default_rng(11)
    session = Session(spec("trumps", players=players, teams=teams, target=1))
    while True:
        settle_chance(session, rng)
        seat = session.to_move
        assert seat is not None and seat >= 0, "a hand ends before a passed card is played"
        legal = session.legal_actions()
        if len(legal) > 1 and _passed_card_played(session, seat):
            break
        session.apply_action(legal[int(rng.integers(len(legal)))])
    real = _hidden_passes(session, seat)
    draw = random.Random(3)
    drawn = []
    for _ in range(30):
        world = resample(session, seat, draw)
        assert world.information(seat) == session.information(seat)
        drawn.append(_hidden_passes(world, seat))
    for i, text in enumerate(real):
        assert sum(passes[i] == text for passes in drawn) < 10, f"{text} is kept as it was"
    # The cards passed out of sight come from many places, not from the real passes.
    assert len({card for passes in drawn for text in passes for card in text.split()[1:]}) > len(real) * 3 + 3


@pytest.mark.parametrize(("players", "teams"), [(3, False), (4, False), (4, True), (5, False), (6, True), (8, False)])
def test_trumps_worlds_fit_everywhere_in_a_hand(players: int, teams: bool) -> None:
    """At every decision of random hands (passes, voids shown, declarations), a world is found at the first
    draw and shows the seat exactly what it saw."""
    rng = np.random.default_rng(players)
    draw = random.Random(players)
    for _ in range(2):
        session = Session(spec("trumps", players=players, teams=teams, target=2))
        while not session.is_over:
            settle_chance(session, rng)
            if session.is_over:
                break
            legal = session.legal_actions()
            seat = session.to_move
            assert seat is not None
            if len(legal) > 1:
                world = resample(session, seat, draw, tries=1)
                assert world.information(seat) == session.information(seat)
            session.apply_action(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize(
    ("name", "moves", "options"),
    [
        ("secret-trumps", 60, {"players": 4}),
        ("tandem-trick", 20, {"players": 3}),
        ("tricks-together", 5, {"players": 4}),
    ],
)
def test_the_witness_accepts_exactly_the_worlds_with_the_seats_information(
    name: str, moves: int, options: dict[str, Any]
) -> None:
    # Worlds drawn blind (``draw_world`` with a watch that only records), half of them with one more of the
    # others' moves drawn afresh (which the seat mostly sees), held against the witness move by move and against
    # the information string at the end: the witness must drop a world early only if its information would
    # differ, and accept a whole world exactly when the information strings are equal.
    session = _position(name, moves, 7, **options)
    seat = session.to_move
    assert seat is not None and seat >= 0
    worked = plan(session, seat)
    witness = Witness(session, seat)
    target = session.information(seat)
    rng = random.Random(3)
    outcomes = set()
    for attempt in range(60):
        drawn = worked
        if attempt % 2:
            freed = rng.randrange(len(worked.moves))
            drawn = dataclasses.replace(worked, keep=[k and i != freed for i, k in enumerate(worked.keep)])
        watch = Watch(witness)
        dropped: list[bool] = []

        def record(world: Session, watch: Watch = watch, dropped: list[bool] = dropped) -> bool:
            dropped.append(not watch(world))
            return True  # play on to the end, to compare the whole information string

        world = draw_world(drawn, rng, record)
        if world is None:
            continue  # a kept move became illegal
        same = not world.dealing and world.information(seat) == target
        if any(dropped):
            assert not same
        else:
            assert watch.mark is not None and witness.complete(world, watch.mark) == same
        outcomes.add((any(dropped), same))
    assert (False, True) in outcomes and (True, False) in outcomes
