"""Moves shared by the games played with the standard 52-card deck."""

from __future__ import annotations

from tricktable.core.cards import card_str
from tricktable.core.game import Move


class PlayCard(Move):
    """Play one card from the hand.  Notation: the card, e.g. ``7C``."""

    __slots__ = ("card",)
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is PlayCard and other.card == self.card

    def __hash__(self) -> int:
        return hash(("play", self.card))

    def __repr__(self) -> str:
        return f"PlayCard({card_str(self.card)})"

    def __str__(self) -> str:
        return card_str(self.card)


#: One shared move object per card, so listing legal moves allocates nothing.
PLAY_CARD: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in range(52))
