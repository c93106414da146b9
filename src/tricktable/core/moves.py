"""Immutable moves shared by the games: a move naming one card, and playing a standard card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tricktable.core.cards import CARD_TEXT
from tricktable.core.game import Move


@dataclass(frozen=True, slots=True, repr=False)
class CardMove(Move):
    """A move that names one card.  ``str()`` is ``"verb CARD"``, or just ``"CARD"`` when ``verb`` is empty.

    Subclasses set ``verb`` and, for a deck other than the standard one, ``card_text`` (card id -> notation).
    """

    card: int
    verb: ClassVar[str] = ""
    card_text: ClassVar[tuple[str, ...]] = CARD_TEXT

    def __str__(self) -> str:
        text = self.card_text[self.card]
        return f"{self.verb} {text}" if self.verb else text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.card_text[self.card]})"


@dataclass(frozen=True, slots=True, repr=False)
class PlayCard(CardMove):
    """Play one card of the standard deck.  Notation: the card, e.g. ``7C``."""


#: One shared move object per card, so listing legal moves allocates nothing.
PLAY_CARD: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in range(52))
