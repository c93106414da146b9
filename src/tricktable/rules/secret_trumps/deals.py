"""Secret Trumps' layouts: explicit layouts checked up front, the seeded layout, and layouts written out.

A round's "deal" is its trumps and its layout: a trump suit, a trump rank and the 36 cards in 9 rows of 4
(the game's page, sections 1 and 4, and "Explicit layouts").  Explicit layouts (``new_game(...,
deals=[...])``) are used for the rounds in order and are checked whole when the game is created, so a move can
never fail on one (ruling ST-R20).  After them the seeded shuffle lays out each round: a pure function of
the seed and the round's deal number (``core.shuffle``), or, for records in format 1, the shuffle of that
version drawn from the game's ``random.Random``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tricktable.core.errors import InvalidOptions, excerpt
from tricktable.core.shuffle import DealRandom
from tricktable.rules.secret_trumps.cards import (
    CARD_TEXT,
    NO_RANK,
    NO_SUIT,
    NUM_CARDS,
    ROW_SIZE,
    ROWS,
    parse_card,
    parse_rank,
    parse_suit,
    rank_number,
    suit_letter,
)

#: The keys a layout may have; ``start`` is optional.
LAYOUT_KEYS = frozenset(("start", "trump_suit", "trump_rank", "rows"))
LAYOUT_HELP = {
    "rows": "9 rows of 4 cards",
    "trump_suit": "S, H, D, C, or null for no trump suit",
    "trump_rank": "1..9, or null for no trump rank",
}
#: A round's trumps and rows as the game lays them out: (trump suit, trump rank, rows of card ids).
Dealt = tuple[int, int, list[list[int]]]
#: The trump suits in the order a draw picks them: the four 10s, then the joker (no trump suit).
SUIT_CHOICES = (0, 1, 2, 3, NO_SUIT)


@dataclass(frozen=True, slots=True)
class Layout:
    """One round's trumps and cards: ``rows`` holds card ids, 9 rows of 4 (3 players: the 4th lies aside)."""

    start: int | None  #: the round's start player as the layout names it, or ``None``
    suit: int
    rank: int
    rows: tuple[tuple[int, ...], ...]


def read_layout(index: int, deal: dict[str, Any], players: int, second_deck: bool) -> Layout:
    """Check one explicit layout (``deal`` number ``index + 1``); raise ``InvalidOptions`` saying what is wrong."""
    where = f"deal {index + 1}"
    if not isinstance(deal, dict):
        raise InvalidOptions(f"{where} must be an object with 'rows', 'trump_suit' and 'trump_rank'")
    unknown = sorted(set(deal) - LAYOUT_KEYS)
    if unknown:
        raise InvalidOptions(f"{where}: unknown key {excerpt(unknown[0])} (keys: {', '.join(sorted(LAYOUT_KEYS))})")
    # A missing trump would silently mean "none": both must be named, null being the explicit none.
    for key in ("rows", "trump_suit", "trump_rank"):
        if key not in deal:
            raise InvalidOptions(f"{where} needs '{key}' ({LAYOUT_HELP[key]})")
    raw = deal["rows"]
    if not isinstance(raw, list) or len(raw) != ROWS or any(not isinstance(r, list) or len(r) != ROW_SIZE for r in raw):
        raise InvalidOptions(f"{where}: 'rows' must be 9 rows of 4 cards (3 players: the 4th is put aside)")
    try:
        rows = tuple(tuple(parse_card(str(c)) for c in row) for row in raw)
        suit = parse_suit(deal["trump_suit"])
        rank = parse_rank(deal["trump_rank"])
    except (TypeError, ValueError) as exc:
        raise InvalidOptions(f"{where}: {exc}") from exc
    if len({c for r in rows for c in r}) != NUM_CARDS:
        raise InvalidOptions(f"{where}: the rows must hold each of the 36 cards exactly once")
    if rank == NO_RANK and not second_deck:
        raise InvalidOptions(f"{where}: without a second deck there is always a trump rank")
    start = deal.get("start")
    if start is not None and not (type(start) is int and 0 <= start < players):
        raise InvalidOptions(f"{where}: start must be a seat 0..{players - 1}, not {excerpt(start)}")
    return Layout(start, suit, rank, rows)


def check_deals(deals: list[dict[str, Any]], players: int, second_deck: bool) -> list[Layout]:
    """Every explicit layout, checked whole (``check_rotation`` then checks their start players)."""
    return [read_layout(i, deal, players, second_deck) for i, deal in enumerate(deals)]


def check_rotation(layouts: list[Layout], first_start: int, players: int) -> None:
    """The start player moves one seat left each round: a layout that names another one is refused."""
    for i, layout in enumerate(layouts):
        expected = (first_start + i) % players
        if layout.start is not None and layout.start != expected:
            raise InvalidOptions(f"deal {i + 1}: the start player moves left each round, so it must be seat {expected}")


def first_start(seed: int, players: int) -> int:
    """The first round's start player (and first drafter) of a game seeded ``seed`` when no layout names it:
    a choice made before the first round, so deal number 0 of ``core.shuffle`` (ruling ST-R18)."""
    return DealRandom(seed, 0).below(players)


def seeded_layout(seed: int, deal: int, second_deck: bool) -> Dealt:
    """The trump suit, trump rank and rows of deal number ``deal`` (from 1) of a game seeded ``seed``.

    The suit is uniform over the four suits and none, the rank over 1..9 and none (1..9 without a second deck),
    and the rank is drawn apart from the layout, so no place in the rows tells it (rulings ST-R12, ST-R15)."""
    draw = DealRandom(seed, deal)
    suit = SUIT_CHOICES[draw.below(5)]
    rank = draw.below(10) if second_deck else 1 + draw.below(9)
    deck = draw.shuffled(list(range(NUM_CARDS)))
    return suit, rank, [deck[ROW_SIZE * r : ROW_SIZE * r + ROW_SIZE] for r in range(ROWS)]


def shuffle_layout(rng: random.Random, second_deck: bool) -> Dealt:
    """The layout of records in format 1, drawn from the game's ``rng`` exactly as that version drew it: the
    suit, the rank, then the shuffled deck laid out row by row."""
    suit = SUIT_CHOICES[rng.randrange(5)]
    rank = rng.randrange(10) if second_deck else rng.randrange(1, 10)
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    return suit, rank, [deck[ROW_SIZE * r : ROW_SIZE * r + ROW_SIZE] for r in range(ROWS)]


def layout_text(start: int, suit: int, rank: int, rows: tuple[tuple[int, ...], ...]) -> dict[str, Any]:
    """A layout written out in the explicit-layout format (what a record keeps)."""
    return {
        "start": start,
        "trump_suit": suit_letter(suit),
        "trump_rank": rank_number(rank),
        "rows": [[CARD_TEXT[c] for c in row] for row in rows],
    }
