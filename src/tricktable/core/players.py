"""Players that are programs: the ``Bot`` protocol, and the loop that lets bots move.

A bot receives a seat's view (``game.view(seat)``, exactly what that seat may know) and answers with a
move's notation.  It never holds the game object, so it cannot read what its seat may not see.  The bots
themselves live in ``tricktable.bots``; this module is the contract between them and everything that seats
them (the CLI, the web table, the arena, the lab).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from tricktable.core.game import Game


class Bot(Protocol):
    """A player program.  ``choose`` gets the seat's view and returns a move's notation."""

    name: str

    def choose(self, view: dict[str, Any]) -> str: ...


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
