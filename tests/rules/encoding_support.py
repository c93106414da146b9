"""Shared by each game's ``test_encoding``: every legal move has an id, every view a tensor within bounds."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import numpy as np

from tricktable import new_game
from tricktable.core.encoding import Layout


def play_and_encode(encoding: ModuleType, name: str, players: int, options: dict[str, Any], seed: int) -> int:
    """Play a random game; at every move check that the legal moves have distinct ids and that every seat's
    view encodes to finite values in 0..2.  Returns the moves made."""
    game = new_game(name, players=players, seed=seed, **options)
    moves = encoding.all_moves(players, game.options)
    ids = {move: i for i, move in enumerate(moves)}
    assert len(ids) == len(moves), "two ids name the same move"
    layout = Layout(encoding.tensor_layout(players, game.options))
    rng = random.Random(seed)
    made = 0
    while game.to_move is not None:
        for seat in range(players):
            flat, pieces = layout.new()
            encoding.encode_view(game.view(seat), pieces)
            assert np.isfinite(flat).all() and flat.min() >= 0.0 and flat.max() <= 2.0
            assert flat[:players].tolist() == [1.0 if p == seat else 0.0 for p in range(players)]
        legal = list(game.legal_moves())
        assert len({ids[m] for m in legal}) == len(legal)
        game.play(rng.choice(legal))
        made += 1
    assert made <= encoding.max_moves(players, game.options)
    return made


def encode(encoding: ModuleType, view: dict[str, Any]) -> np.ndarray:
    flat, pieces = Layout(encoding.tensor_layout(view["players"], view["options"])).new()
    encoding.encode_view(view, pieces)
    return flat
