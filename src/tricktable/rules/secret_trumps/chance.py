"""Secret Trumps' layouts as draws (``core.draws``), for programs that draw the cards themselves.

The first layout also draws the first start player; every layout draws the trump suit (the four suits or
none), the trump rank (1..9 or none; 1..9 without a second deck) and the order of the 36 cards, laid out row by
row, exactly as ``deals.seeded_layout`` does (rulings ST-R12 and ST-R15).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.draws import Draw
from tricktable.rules.secret_trumps.cards import (
    CARD_TEXT,
    NO_RANK,
    NUM_CARDS,
    ROW_SIZE,
    ROWS,
    rank_text,
    suit_text,
)
from tricktable.rules.secret_trumps.deals import SUIT_CHOICES, layout_text
from tricktable.rules.secret_trumps.game import SecretTrumps

# Items are named as the table and the events name the trumps once a seat knows them.
_SUITS = Draw(5, 1, tuple(suit_text(s) for s in SUIT_CHOICES), ("trump suit",))
_RANKS = Draw(10, 1, (rank_text(NO_RANK), *(rank_text(r) for r in range(1, 10))), ("trump rank",))
_RANKS_ONE_DECK = Draw(9, 1, tuple(rank_text(r) for r in range(1, 10)), ("trump rank",))
_PLACES = tuple(f"row {i // ROW_SIZE + 1} place {i % ROW_SIZE + 1}" for i in range(NUM_CARDS))
_CARDS = Draw(NUM_CARDS, NUM_CARDS, CARD_TEXT, _PLACES)


def deal_draws(players: int, options: dict[str, Any], game: SecretTrumps | None) -> tuple[Draw, ...]:
    """The draws of the next layout: of the first (``game`` is ``None``) or of the one ``game`` has asked for."""
    layout = (_SUITS, _RANKS if options["second_deck"] else _RANKS_ONE_DECK, _CARDS)
    if game is None:
        return Draw(
            players, 1, tuple(f"seat {p}" for p in range(players)), ("first start player",), public=True
        ), *layout
    return layout


def explicit_deal(
    players: int, options: dict[str, Any], game: SecretTrumps | None, items: Sequence[Sequence[int]]
) -> dict[str, Any]:
    """The layout the items of ``deal_draws`` make, in the explicit-layout format."""
    start, rest = (items[0][0], items[1:]) if game is None else (game.start, items)
    suit = SUIT_CHOICES[rest[0][0]]
    rank = rest[1][0] if options["second_deck"] else 1 + rest[1][0]
    deck = rest[2]
    rows = tuple(tuple(deck[ROW_SIZE * r : ROW_SIZE * r + ROW_SIZE]) for r in range(ROWS))
    return layout_text(start, suit, rank, rows)
