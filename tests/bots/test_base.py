"""Every registered bot of every game: the web table's bot workers send bots to other processes each move."""

from __future__ import annotations

import pickle

import pytest

import tricktable
from tricktable.bots import bot_kinds, make_bot

GAMES = [info["name"] for info in tricktable.games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_bot_travels_between_processes_and_plays_on(game: str) -> None:
    table = tricktable.new_game(game, seed=2)
    seat = table.to_move
    legal = {str(move) for move in table.legal_moves()}
    for kind in bot_kinds(game):
        bot = make_bot(game, kind, seed=1)
        assert bot.choose(table.view(seat)) in legal
        twin = pickle.loads(pickle.dumps(bot))
        assert twin.choose(table.view(seat)) in legal, kind
