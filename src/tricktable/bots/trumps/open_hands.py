"""The open-hands ceiling of Trumps: the ``strong`` search with every world the real one.

It is the one player allowed to see every hand (the arena hands it the game, ``bots.base.OpenHandsBot``): each
seat's hand, indicator and pass are read from that seat's own view, the leftovers from the game, and the search
plays out its candidates (or, near the end, solves the hand) in that one world.  The play-outs are the
blueprint's, as in ``strong``: the ceiling is what ``strong`` would do if its sampling were never wrong."""

from __future__ import annotations

from dataclasses import replace

from tricktable.bots.base import OPEN_HANDS, OpenHandsBot
from tricktable.bots.trumps.search import BATCH, SearchBot
from tricktable.core.game import Game
from tricktable.rules.trumps import Knowledge, Trumps, World, read_view


class OpenHands(OpenHandsBot, SearchBot):
    """``strong``'s search on the real deal (see the module's notes)."""

    def __init__(self, seed: int | None = None) -> None:
        SearchBot.__init__(self, seed, "strong")
        # Every world is the same one: a single batch says all the search can learn.
        self.level = replace(self.level, mark_worlds=BATCH, pass_worlds=BATCH, play_worlds=BATCH)
        self.name = OPEN_HANDS
        self._world: World | None = None

    def choose_open(self, game: Game, seat: int) -> str:
        assert isinstance(game, Trumps)
        own = [read_view(game.view(p)) for p in range(game.players)]
        leftovers = list(game.extra)  # the cards nobody holds, top first: only the ceiling reads them
        self._world = World([k.hand for k in own], [k.indicator for k in own], [k.passed for k in own], leftovers)
        try:
            return self.choose(game.view(seat))
        finally:
            self._world = None

    def sample_worlds(self, k: Knowledge, count: int) -> list[World]:
        world = self._world
        assert world is not None, "the open-hands ceiling moves through choose_open"
        return [
            World(list(world.hands), list(world.indicators), list(world.passed), list(world.extra))
            for _ in range(count)
        ]
