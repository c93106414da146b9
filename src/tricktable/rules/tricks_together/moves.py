"""Tricks Together moves and their notation: ``bid N`` to commit to a number, a card to play it."""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.core.cards import parse_card
from tricktable.core.errors import IllegalMove, excerpt
from tricktable.core.game import Move
from tricktable.core.moves import PLAY_CARD, PlayCard

__all__ = ["COMMIT", "Commit", "PlayCard", "parse_move"]


@dataclass(frozen=True, slots=True)
class Commit(Move):
    """Commit to a number of tricks.  Notation: ``bid 2``."""

    number: int

    def __str__(self) -> str:
        return f"bid {self.number}"


#: One shared move object per number a round can ask for (up to 10 cards with Long climb).
COMMIT = tuple(Commit(k) for k in range(11))


def _commit(number: int) -> Commit:
    return COMMIT[number] if number < len(COMMIT) else Commit(number)


def _is_number(text: str) -> bool:
    """1 to 3 ASCII digits (``isdigit`` alone also holds for superscripts and other scripts' digits)."""
    return text.isascii() and text.isdigit() and len(text) <= 3


def parse_move(text: str) -> Move:
    """``"bid 2"`` (also ``"commit 2"``, ``"number 2"`` or just ``"2"``) or a card such as ``"7C"``."""
    t = text.strip().lower()
    words = t.split()
    if words and words[0] in ("bid", "commit", "number"):
        if len(words) != 2 or not _is_number(words[1]):
            raise IllegalMove(f"{excerpt(text)}: write a number as 'bid N', e.g. 'bid 2'")
        return _commit(int(words[1]))
    if _is_number(t):
        return _commit(int(t))
    return PLAY_CARD[parse_card(text)]
