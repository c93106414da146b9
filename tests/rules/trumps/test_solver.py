"""The open-hands solver: the readable reference agrees with plain enumeration through the game itself on small
positions, and the compiled search agrees with the reference on many more."""

from __future__ import annotations

import random

import pytest

import tricktable
from tricktable.rules.trumps import NONE, Trumps
from tricktable.rules.trumps.compiled import CDEAL, CKERNEL
from tricktable.rules.trumps.solver import (
    Position,
    legal_moves,
    move_values,
    move_values_reference,
    solve,
    solve_reference,
)


def position_of(game: Trumps) -> Position:
    """The game's position with every card face up (for the tests: it reads hidden facts)."""
    seat = game.to_move
    assert seat is not None and game.phase == "play"
    trick = tuple((NONE if s is None else s, c, t) for s, c, t in zip(game.trick_seats, game.trick, game.trick_trumps))
    return Position(
        hands=tuple(game.hands),
        indicator_suits=tuple(c // 13 if c != NONE else NONE for c in game.indicators),
        side_of=game.side_of,
        declared=tuple(game.declared),
        dealer=game.dealer,
        leader=seat if not trick else (trick[0][0] if trick[0][0] != NONE else game.dealer),
        trick=trick,
    )


def random_position(seed: int, tricks_left: int, players: int = 0, teams: bool = False) -> Trumps:
    """A game played at random (marks, passes and cards) until ``tricks_left`` tricks remain, stopped at a
    random point of the next trick."""
    rng = random.Random(seed)
    players = players or rng.choice([3, 4, 4, 5, 6, 8])
    teams = teams and players in (4, 6)
    game = tricktable.new_game("trumps", players=players, teams=teams, seed=seed)
    assert isinstance(game, Trumps)
    hand_no = game.hand_no
    while game.phase != "play" or game.hands[game.to_move or 0].bit_count() > tricks_left:
        game.play(rng.choice(game.legal_moves()))
    for _ in range(rng.randrange(players)):
        game.play(rng.choice(game.legal_moves()))
    assert game.hand_no == hand_no
    return game


def enumerate_tricks(game: Trumps, side: int) -> int:
    """The tricks ``side`` can be sure of, by trying every legal move through the game's own ``play``."""
    hand_no = game.hand_no
    mine = game.side_of[game.to_move or 0] == side
    before = sum(game.won[p] for p in range(game.players) if game.side_of[p] == side)
    results = []
    for move in game.legal_moves():
        after = game.clone()
        assert isinstance(after, Trumps)
        after.play(move)
        if after.over or after.hand_no != hand_no:
            # The hand is over: the finished hand's row says who won what.
            row = after.score_sheet[-1]
            results.append(sum(row["tricks"][p] for p in range(game.players) if game.side_of[p] == side) - before)
            continue
        now = sum(after.won[p] for p in range(game.players) if game.side_of[p] == side)
        results.append(now - before + enumerate_tricks(after, side))
    return max(results) if mine else min(results)


@pytest.mark.parametrize("seed", range(40))
def test_the_reference_agrees_with_enumeration_through_the_game(seed: int) -> None:
    rng = random.Random(seed)
    game = random_position(
        seed, tricks_left=2 if seed % 3 else 3, players=rng.choice([3, 4, 4, 5]), teams=seed % 4 == 0
    )
    position = position_of(game)
    side = rng.randrange(max(position.side_of) + 1)
    assert solve_reference(position, side) == enumerate_tricks(game, side)


def test_trying_one_card_of_each_equivalent_run_changes_no_value() -> None:
    for seed in range(50):
        rng = random.Random(seed)
        game = random_position(seed, tricks_left=3, players=rng.choice([3, 4]), teams=seed % 5 == 0)
        position = position_of(game)
        side = rng.randrange(max(position.side_of) + 1)
        assert solve_reference(position, side) == solve_reference(position, side, equivalence=False), seed


def test_every_solver_move_is_legal_in_the_game() -> None:
    for seed in range(60):
        game = random_position(seed, tricks_left=3)
        position = position_of(game)
        texts = {("declare " if d else "") + tricktable.core.cards.card_str(c) for c, d in legal_moves(position)}
        assert texts == {str(m) for m in game.legal_moves()}


@pytest.mark.skipif(CKERNEL is None, reason="the compiled kernel is not built")
def test_the_compiled_search_agrees_with_the_reference() -> None:
    for seed in range(120):
        rng = random.Random(seed)
        players = rng.choice([3, 4, 5, 6, 8])
        tricks = rng.choice([1, 2, 3, 4] if players <= 4 else [1, 2, 3])
        game = random_position(seed, tricks_left=tricks, players=players, teams=seed % 3 == 0)
        position = position_of(game)
        side = rng.randrange(max(position.side_of) + 1)
        assert solve(position, side) == solve_reference(position, side), seed
        assert move_values(position, side) == move_values_reference(position, side), seed


def test_the_kernels_are_built() -> None:
    assert CKERNEL is not None, "the compiled solver did not build: pip install -e . needs a C compiler"
    assert CDEAL is not None, "the sampler's compiled dealing did not build"
