"""A seat's knowledge read back from its view is the game's own state, as far as that seat may see it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable
from tricktable.rules.secret_trumps import ROWS
from tricktable.rules.secret_trumps.knowledge import read_view


def checkpoints(seed: int, players: int, **options: Any) -> list[Any]:
    """A random game, cloned at a few points of its first two rounds."""
    game: Any = tricktable.new_game("secret-trumps", players=players, seed=seed, **options)
    rng = random.Random(seed)
    out = []
    while game.to_move is not None and game.round_no <= 2:
        if rng.random() < 0.04:
            out.append(game.clone())
        game.play(rng.choice(game.legal_moves()))
    return out


@pytest.mark.parametrize("seed", range(8))
def test_knowledge_is_the_game_state_the_seat_may_see(seed: int) -> None:
    players = 3 + seed % 2
    for game in checkpoints(seed, players, five_goals=seed % 3 == 0, second_deck=seed % 4 != 0):
        for seat in range(players):
            k = read_view(game.view(seat))
            assert (k.seat, k.players, k.start, k.phase) == (seat, players, game.start, game.phase)
            assert k.held == game.held and k.crossed == game.crossed
            assert k.goal_count == game.goal_count
            if game.phase == "draft":
                continue
            up = 4 if players == 4 else 3
            assert k.face_up == [row[:up] for row in game.rows]
            assert k.picks[: len(game.picks)] == [list(p) for p in game.picks]
            assert len(k.picks) == ROWS
            assert k.hands == game.hands
            assert k.won == game.won and k.captured == game.captured
            assert k.trick == game.trick and k.tricks_done == game.tricks_played
            if game.phase == "play":
                assert k.leader == (game.trick_seats[0] if game.trick else game.to_move)
            truth = (game.trumps.suit, game.trumps.rank)
            assert truth in k.hypotheses and truth in k.public_hypotheses
            sees = game.phase != "pick" or seat == game.start
            assert k.trumps == (truth if sees else None)
            assert k.hypotheses == ([truth] if sees else k.public_hypotheses)
            for p in range(players):
                visible = p == seat or game.revealed
                assert k.chosen[p] == (game.chosen[p] if visible else None)
                assert k.committed[p] == (game.chosen[p] is not None)
            if players == 3:
                assert k.aside == sum(1 << row[3] for row in game.rows)
            else:
                assert k.aside == 0


def test_the_open_goals_are_the_held_goals_not_crossed_off() -> None:
    for game in checkpoints(3, 4):
        k = read_view(game.view(0))
        assert k.open_goals == [game.open_goals(p) for p in range(4)]
