"""What the table page reads: events as sentences and the last trick's reason, by the game's own ``narrate``
module (the terminal uses the same), with the players' names in every text a game writes about a seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.narrate import name_seats, sentences
from tricktable.core.registry import game_words


class Narrator:
    """One game's sentences; every method takes the seats' names as they are now."""

    def __init__(self, game: str) -> None:
        words = game_words(game)
        self._narrate, self._reason, self._told_by = words.narrate, words.trick_reason, words.told_by

    def sentences(self, events: Sequence[dict[str, Any]], names: Sequence[str]) -> list[str]:
        return sentences(self._narrate, events, names, self._told_by)

    def trick_reason(self, view: dict[str, Any], names: Sequence[str]) -> str | None:
        return self._reason(view, names)

    @staticmethod
    def named(text: str, names: Sequence[str]) -> str:
        """A game's own text (a reason, a summary) with names for ``seat N``."""
        return name_seats(text, names)
