"""The open-hands solver: the readable search, plain enumeration and the compiled search agree on the values
and the moves, on positions of every kind near the end of a round (bids still to come, a trick half played,
tandems possible); and its answers are what the rules say."""

from __future__ import annotations

import random

from tricktable.rules.tandem_trick import Position, move_text, parse_move_text, shuffle_deal
from tricktable.rules.tandem_trick.compiled import CKERNEL
from tricktable.rules.tandem_trick.solver import enumerate_reference, move_values, solve_reference


def late_position(seed: int, tricks_left: int) -> Position:
    """A random round played at random until ``tricks_left`` tricks remain, and a random part of that trick."""
    rng = random.Random(seed)
    players = 3 + seed % 2
    pos = Position.deal(shuffle_deal(rng, players), rng.randrange(players))
    while pos.cycle < 12 - tricks_left:
        pos.play(rng.choice(pos.legal()))
    for _ in range(rng.randrange(players)):
        if pos.over:
            break
        pos.play(rng.choice(pos.legal()))
    return pos


def test_the_table_changes_no_answer_against_plain_enumeration() -> None:
    for seed in range(120):
        pos = late_position(seed, 2)
        if pos.over:
            continue
        root = pos.turn if seed % 3 else (pos.turn + 1) % pos.players
        values, move = solve_reference(pos, root)
        assert values == enumerate_reference(pos, root)
        child = pos.copy()
        child.play(move)
        assert enumerate_reference(child, root) == values


def test_the_compiled_search_agrees_with_the_reference() -> None:
    assert CKERNEL is not None
    for seed in range(200):
        pos = late_position(1000 + seed, 2 + seed % 2)
        if pos.over:
            continue
        root = pos.turn
        values, move = solve_reference(pos, root, misere_bonus=seed % 5 != 0)
        assert CKERNEL.solve(pos, root, seed % 5 != 0) == (list(values), move), move_text(move)
        reference = []
        for m in pos.legal():
            child = pos.copy()
            child.play(m)
            reference.append((m, solve_reference(child, root)[0]))
        assert move_values(pos, root) == reference


def test_playing_the_best_moves_out_ends_with_the_points_promised() -> None:
    # Max^n is consistent: every seat in turn playing the solver's move reaches exactly the values at the start.
    for seed in range(60):
        pos = late_position(3000 + seed, 3)
        if pos.over:
            continue
        root = pos.turn
        values, _ = solve_reference(pos, root)
        while not pos.over:
            pos.play(solve_reference(pos, root)[1])
        assert tuple(pos.points()) == values


def test_a_seat_indifferent_between_two_moves_takes_the_one_worse_for_the_root() -> None:
    # Three players, every bid made, the last trick.  Seat 0 bid 1 and has its trick; its R0 leads.  Seat 1 bid 2
    # and has 1: R5 alone wins (seat 2 then rides along, 4+5, and both take a trick) and so does a tandem 0+5 on
    # seat 0's card, which gives seat 0 a second trick and breaks its bid.  Seat 1 scores 7 either way, so for
    # root seat 0 it takes the tandem: the search never counts on a gift.
    pos = Position(
        3, [1 << 0, 1 << 5, 1 << 4], bid_card=[12 + 1, 24 + 2, 7], bonus=[6, 3, 1], won=[1, 1, 3], cycle=11,
        leader=0, turn=0,
    )  # fmt: skip
    assert solve_reference(pos, 0) == ((2, 7, 3), 0)
    after = pos.copy()
    after.play(0)
    assert [move_text(m) for m in after.legal()] == ["R5", "tandem R5"]
    values = dict(move_values(after, 0))
    assert values[parse_move_text("R5")] == (8, 7, 4)
    assert values[parse_move_text("tandem R5")] == (2, 7, 3)


def test_moves_round_trip_through_their_notation() -> None:
    pos = late_position(5, 3)
    for m in pos.legal():
        assert parse_move_text(move_text(m)) == m
