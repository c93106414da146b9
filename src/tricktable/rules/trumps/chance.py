"""Trumps' deals as draws (``core.draws``), for programs that draw the cards themselves.

The first deal also draws the first dealer; every deal puts the deck in a random order and deals it out from the
dealer's left with ``deals.deal_out``, exactly as ``deals.seeded_deal`` does (the leftovers in order, the
first of them the starter card).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.cards import CARD_TEXT, DECK_SIZE
from tricktable.core.draws import Draw
from tricktable.rules.trumps.deals import deal_out, deal_text
from tricktable.rules.trumps.game import Trumps

_CARDS = Draw(DECK_SIZE, DECK_SIZE, CARD_TEXT, tuple(f"card {i + 1}" for i in range(DECK_SIZE)))


def deal_draws(players: int, options: dict[str, Any], game: Trumps | None) -> tuple[Draw, ...]:
    """The draws of the next deal: of the first (``game`` is ``None``) or of the one ``game`` has asked for."""
    if game is None:
        return Draw(players, 1, tuple(f"seat {p}" for p in range(players)), ("first dealer",), public=True), _CARDS
    return (_CARDS,)


def explicit_deal(
    players: int, options: dict[str, Any], game: Trumps | None, items: Sequence[Sequence[int]]
) -> dict[str, Any]:
    """The deal the items of ``deal_draws`` make, in the explicit-deal format."""
    dealer, order = (items[0][0], items[1]) if game is None else (game.dealer, items[0])
    hands, extra = deal_out(list(order), players, dealer)
    return deal_text(dealer, hands, extra)
