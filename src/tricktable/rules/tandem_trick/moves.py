"""Tandem Trick's three moves and their notation (the game's page, sections 3 "Actions" and "Notation").

``R7`` plays a card alone (or discards it), ``bid Y3`` lays it sideways as the round's bid, ``tandem B6`` rides
along with the effective right neighbour's card.  Whether a move is legal now is the game's business
(``game.TandemTrick.why_illegal``); this module only reads and writes the notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tricktable.core.errors import IllegalMove, excerpt
from tricktable.core.game import Move
from tricktable.core.moves import CardMove
from tricktable.rules.tandem_trick.cards import CARD_TEXT, parse_card


@dataclass(frozen=True, slots=True, repr=False)
class Play(CardMove):
    """Play a card alone (or discard it).  Notation: the card, ``R7``."""

    card_text: ClassVar[tuple[str, ...]] = CARD_TEXT


@dataclass(frozen=True, slots=True, repr=False)
class Bid(CardMove):
    """Lay a card sideways as this round's bid.  Notation: ``bid Y3``."""

    verb: ClassVar[str] = "bid"
    card_text: ClassVar[tuple[str, ...]] = CARD_TEXT


@dataclass(frozen=True, slots=True, repr=False)
class Tandem(CardMove):
    """Ride along with the effective right neighbour's lead-suit card.  Notation: ``tandem B6``."""

    verb: ClassVar[str] = "tandem"
    card_text: ClassVar[tuple[str, ...]] = CARD_TEXT


#: One shared move object per card and kind, so listing legal moves allocates nothing.
PLAY = tuple(Play(c) for c in range(48))
BID = tuple(Bid(c) for c in range(48))
TANDEM = tuple(Tandem(c) for c in range(48))


def parse_move(text: str) -> Move:
    """``"R7"`` (also ``"play R7"``), ``"bid Y3"``, ``"tandem B6"`` (also ``"ride B6"``) -> the move object."""
    words = text.strip().split()
    if not words:
        raise IllegalMove("empty move: play a card (R7), 'bid Y3' or 'tandem B6'")
    verb = words[0].lower()
    if verb in ("bid", "tandem", "ride"):
        if len(words) != 2:
            raise IllegalMove(f"{excerpt(text)}: write '{verb} CARD', e.g. '{verb} B6'")
        card = parse_card(words[1])
        return BID[card] if verb == "bid" else TANDEM[card]
    if verb == "play" and len(words) == 2:
        return PLAY[parse_card(words[1])]
    if len(words) != 1:
        raise IllegalMove(f"{excerpt(text)} is not a move: play a card (R7), 'bid Y3' or 'tandem B6'")
    return PLAY[parse_card(words[0])]
