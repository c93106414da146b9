"""Trumps' moves and their notation (the game's page, section "Notation").

``mark 5H`` sets the trump indicator aside, ``pass 2C 7H QS`` passes cards, ``declare 7H`` declares the
indicator's suit and plays a card of it, and a card alone (``7H``) plays it.  This module reads and writes
the notation only; when each move is legal is ``game.py``'s ``why_illegal``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tricktable.core.cards import DECK_SIZE, cards_text, parse_card, parse_cards
from tricktable.core.errors import IllegalMove, excerpt
from tricktable.core.game import Move
from tricktable.core.moves import PLAY_CARD, CardMove, PlayCard

__all__ = ["DECLARE", "MARK", "MOVE_HELP", "Declare", "Mark", "Pass", "PlayCard", "parse_move"]

#: One line per move kind, shown by the CLI and the web table's help, and in the error for a move with words
#: the notation does not know.
MOVE_HELP = (
    "mark CARD (set your trump indicator face down) | pass C1 C2 C3 (3 cards with up to 4 players, else 2) | "
    "declare CARD (declare your indicator's suit and play that card) | a card to play, e.g. 7C, TH, 10H, A♠"
)


@dataclass(frozen=True, slots=True, repr=False)
class Mark(CardMove):
    """Set this card aside, face down, as the trump indicator.  Notation: ``mark 5H``."""

    verb: ClassVar[str] = "mark"


@dataclass(frozen=True, slots=True, repr=False)
class Declare(CardMove):
    """Turn the indicator face up (declare its suit) and play this card at once.  Notation: ``declare 7H``."""

    verb: ClassVar[str] = "declare"


class Pass(Move):
    """Pass these cards face down.  Notation: ``pass 2C 7H QS`` (canonical: in hand display order).

    The cards are a bitmask, so two passes of the same cards are equal however they were written."""

    __slots__ = ("cards",)
    cards: int

    def __init__(self, cards: int) -> None:
        object.__setattr__(self, "cards", cards)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is Pass and other.cards == self.cards

    def __hash__(self) -> int:
        return hash(("pass", self.cards))

    def __repr__(self) -> str:
        return f"Pass({' '.join(cards_text(self.cards))})"

    def __str__(self) -> str:
        return "pass " + " ".join(cards_text(self.cards))


#: One shared object per card, so listing legal moves allocates nothing.
MARK: tuple[Mark, ...] = tuple(Mark(c) for c in range(DECK_SIZE))
DECLARE: tuple[Declare, ...] = tuple(Declare(c) for c in range(DECK_SIZE))


def parse_move(text: str) -> Move:
    """Read a move's notation (verbs in any case, cards in any spelling ``parse_card`` accepts); raise
    ``IllegalMove`` saying what is wrong with it.  Whether the move is legal now is not checked here."""
    words = text.strip().split()
    verb = words[0].lower() if words else ""
    if verb == "mark":
        if len(words) != 2:
            raise IllegalMove(f"{excerpt(text)}: name one card as your indicator, e.g. 'mark 5H'")
        return MARK[parse_card(words[1])]
    if verb == "declare":
        if len(words) != 2:
            raise IllegalMove(f"{excerpt(text)}: name the card to play as you declare, e.g. 'declare 7H'")
        return DECLARE[parse_card(words[1])]
    if verb == "pass":
        if len(words) < 2:
            raise IllegalMove(f"{excerpt(text)}: name the cards to pass, e.g. 'pass 2C 7H QS'")
        return Pass(parse_cards(words[1:]))
    if len(words) > 1:
        raise IllegalMove(f"{excerpt(text)} is not a move: {MOVE_HELP}")
    return PLAY_CARD[parse_card(text)]
