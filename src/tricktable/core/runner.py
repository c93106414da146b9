"""Drive a game with bots: the loop shared by the CLI, the lab and the web table's bot seats."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tricktable.bots.base import Bot
from tricktable.core.game import Game


def play_out(
    game: Game,
    bots: Mapping[int, Bot],
    on_move: Callable[[Game, int, str], None] | None = None,
    max_moves: int = 1_000_000,
) -> Game:
    """Let ``bots`` (seat -> bot) move until the game ends or a seat without a bot is to move."""
    for _ in range(max_moves):
        seat = game.to_move
        if seat is None or seat not in bots:
            return game
        move = bots[seat].choose(game.view(seat))
        game.play(move)
        if on_move is not None:
            on_move(game, seat, move)
    raise RuntimeError(f"{game.name} did not end within {max_moves} moves")
