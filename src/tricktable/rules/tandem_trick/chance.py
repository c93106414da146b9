"""Tandem Trick's deals as draws (``core.draws``), for programs that draw the cards themselves.

The first deal also draws the first round's lead player; every deal puts the whole deck in a random order and
gives 12 cards a seat in that order, exactly as ``deals.seeded_deal`` does.  Card backs show the colour of the
8-11 cards (ruling TD-R3), so those are told apart from behind: the draw's classes say so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.draws import Draw
from tricktable.rules.tandem_trick.cards import CARD_TEXT, HAND_SIZE, deck_colours
from tricktable.rules.tandem_trick.deals import deal_text
from tricktable.rules.tandem_trick.game import TandemTrick


def _cards_draw(players: int) -> Draw:
    size = 12 * deck_colours(players)
    # A card's back: its colour for the values 8-11, else the plain back (class 4).
    classes = tuple(c // 12 if c % 12 >= 8 else 4 for c in range(size))
    roles = tuple(f"card {i + 1} (seat {i // HAND_SIZE})" for i in range(size))
    return Draw(size, size, CARD_TEXT[:size], roles, classes)


def deal_draws(players: int, options: dict[str, Any], game: TandemTrick | None) -> tuple[Draw, ...]:
    """The draws of the next deal: of the first (``game`` is ``None``) or of the one ``game`` has asked for."""
    if game is None:
        seats = Draw(players, 1, tuple(f"seat {p}" for p in range(players)), ("first lead player",), public=True)
        return seats, _cards_draw(players)
    return (_cards_draw(players),)


def explicit_deal(
    players: int, options: dict[str, Any], game: TandemTrick | None, items: Sequence[Sequence[int]]
) -> dict[str, Any]:
    """The deal the items of ``deal_draws`` make, in the explicit-deal format."""
    leader, order = (items[0][0], items[1]) if game is None else (None, items[0])
    hands = [0] * players
    for i, card in enumerate(order):
        hands[i // HAND_SIZE] |= 1 << card
    return deal_text(hands, leader)
