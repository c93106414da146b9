"""Shared by each game's ``test_chance``: play a seeded game and check every deal against its draws."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

from tricktable import new_game
from tricktable.core.draws import Draw, seeded_items
from tricktable.core.game import Game

#: The items the engine's own shuffle takes for deal ``number`` of ``seed`` (deal 0: the first seat's draw).
Items = Callable[[int, int, tuple[Draw, ...]], list[list[int]]]


def by_deal_random(seed: int, number: int, draws: tuple[Draw, ...]) -> list[list[int]]:
    return seeded_items(seed, number, draws)


def check_deals_match_the_seeded_shuffle(
    chance: ModuleType, name: str, players: int, options: dict[str, Any], seed: int, items: Items = by_deal_random
) -> int:
    """Play ``name`` at random; at every deal, the explicit deal made from the items the seed draws must be the
    deal the engine made.  Returns how many deals were checked."""
    game: Game = new_game(name, players=players, seed=seed, **options)
    first = chance.deal_draws(players, game.options, None)
    drawn = [*items(seed, 0, first[:1]), *items(seed, 1, first[1:])]
    assert chance.explicit_deal(players, game.options, None, drawn) == game.deals_made()[0]
    rng = random.Random(seed)
    checked = 1
    while game.to_move is not None and checked < 4:
        game.play(rng.choice(list(game.legal_moves())))
        if game.to_move is not None and game.deals_started > checked:
            checked = game.deals_started
            draws = chance.deal_draws(players, game.options, game)
            deal = chance.explicit_deal(players, game.options, game, items(seed, checked, draws))
            game.view(None)  # a game that owes its deal makes it when read
            assert deal == game.deals_made()[checked - 1]
    return checked
