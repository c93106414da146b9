"""The open-hands ceiling of Tandem Trick: the ``strong`` search with every world the real deal.

It is the one player allowed to see every hand (the arena hands it the game, ``bots.base.OpenHandsBot``): each
seat's hand is read from that seat's own view, and the search plays out its candidates, or solves the last
tricks, in that one world.  The play-outs are the blueprint's, as in ``strong``: the ceiling is what
``strong`` would do if its sampling were never wrong."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tricktable.bots.base import OPEN_HANDS, OpenHandsBot
from tricktable.bots.tandem_trick.search import BATCH, SearchBot
from tricktable.rules.tandem_trick import Knowledge, read_view


class OpenHands(OpenHandsBot, SearchBot):
    """``strong``'s search on the real deal (see the module's notes)."""

    def __init__(self, seed: int | None = None) -> None:
        SearchBot.__init__(self, seed, "strong")
        # Every world is the same one: a single batch says all the search can learn.
        self.level = replace(self.level, worlds=BATCH)
        self.name = OPEN_HANDS

    def hand_of(self, view: dict[str, Any]) -> int:
        return read_view(view).hand

    def world_drawer(self, k: Knowledge) -> Callable[[], list[int]]:
        hands = self.hands
        assert hands is not None, "the open-hands ceiling moves through choose_open"
        return lambda: list(hands)
