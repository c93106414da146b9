"""The open-hands ceiling of Tricks Together: the ``strong`` team-mate with every world the real deal.

It is the one player allowed to see every hand (the arena hands it the game, ``bots.base.OpenHandsBot``): each
seat's hand is read from that seat's own view, and the team-mate's search (numbers and cards) judges its
candidates in that one world.  The team-mates' play-outs and readings are ``strong``'s: the ceiling is what
``strong`` would do if its sampling were never wrong (with Secret numbers, a hidden number is still read)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tricktable.bots.base import OPEN_HANDS, OpenHandsBot
from tricktable.bots.tricks_together.search import BATCH, TeamMate
from tricktable.rules.tricks_together import Knowledge, read_view


class OpenHands(OpenHandsBot, TeamMate):
    """``strong``'s search on the real deal (see the module's notes)."""

    def __init__(self, seed: int | None = None) -> None:
        TeamMate.__init__(self, seed, "strong")
        # Every world is the same one: a single batch says all the search can learn.
        self.level = replace(self.level, commit_worlds=BATCH, play_worlds=BATCH)
        self.name = OPEN_HANDS

    def hand_of(self, view: dict[str, Any]) -> int:
        return read_view(view).hand

    def sample_worlds(
        self, k: Knowledge, count: int, beliefs: list[list[float]] | None = None
    ) -> list[list[int]]:
        assert self.hands is not None, "the open-hands ceiling moves through choose_open"
        return [list(self.hands) for _ in range(count)]
