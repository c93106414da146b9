"""Tricks Together's climb and deals: the hand size of each round, explicit deals checked up front, shuffles.

The climb is 1..7 cards (Long climb 1..10, Up and down back to 1: the game's page, section "The climb").
Explicit deals (``new_game(..., deals=[...])``) are keyed by their hand size: a round of ``c`` cards takes
the first unused explicit deal with ``c``-card hands, and the seeded shuffle deals when there is none.  Which
round comes next depends on successes and failures, so a deal is never tied to a position; and since every
deal is checked whole when the game is created, a move can never fail on a deal (ruling TT-R9).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tricktable.core.cards import BIT, DECK_SIZE, card_str, cards_text, parse_card, parse_cards
from tricktable.core.errors import IllegalMove, InvalidOptions, excerpt
from tricktable.core.splitmix import SplitMix64
from tricktable.rules.tricks_together.compiled import CKERNEL
from tricktable.rules.tricks_together.kernel import deal_stream, draw_deal

#: The fields an explicit deal may have.
DEAL_FIELDS = ("round", "dealer", "hands", "trump")


@cache
def round_sequence(long_climb: bool, up_and_down: bool) -> tuple[int, ...]:
    """Hand sizes of the positions: 1..7, 1..10, 1..7..1 or 1..10..1 (rulings TT-R2 and TT-R3)."""
    peak = 10 if long_climb else 7
    up = tuple(range(1, peak + 1))
    return up + tuple(range(peak - 1, 0, -1)) if up_and_down else up


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class DealPlan:
    """What the explicit deals say: where the game starts, who deals first, and the deals by hand size."""

    start: int = 0  #: position (0-based) of the first round
    first_dealer: int | None = None
    by_size: dict[int, list[tuple[list[int], int]]] = field(default_factory=dict)

    def take(self, cards: int) -> tuple[list[int], int] | None:
        """The next unused explicit deal with ``cards``-card hands, or ``None``."""
        waiting = self.by_size.get(cards)
        return waiting.pop(0) if waiting else None


def check_deals(deals: list[dict[str, Any]], players: int, sequence: tuple[int, ...]) -> DealPlan:
    """Check every explicit deal whole; raise ``InvalidOptions`` naming the deal and what is wrong."""
    plan = DealPlan()
    for index, deal in enumerate(deals):
        cards = check_deal(plan, index, deal, players, sequence)
        if cards is not None:
            plan.by_size.setdefault(cards[0][0].bit_count(), []).append(cards)
    return plan


def check_deal(
    plan: DealPlan, index: int, deal: dict[str, Any], players: int, sequence: tuple[int, ...]
) -> tuple[list[int], int] | None:
    """Check explicit deal number ``index`` (from 0): its hands and trump (``None`` for a first deal that only says
    where to start).  The first deal's round and dealer go into ``plan``; its cards are for the caller to keep."""
    for key in deal:
        if key not in DEAL_FIELDS:
            unknown = sorted(str(k)[:20] for k in deal if k not in DEAL_FIELDS)
            raise InvalidOptions(
                f"deal {index + 1}: unknown field {', '.join(unknown)} (a deal has {', '.join(DEAL_FIELDS)})"
            )
    if index > 0 and ("round" in deal or "dealer" in deal):
        raise InvalidOptions(
            f"deal {index + 1}: only the first deal says where to start (round) and who deals first (dealer);"
            " later deals are used by their hand size, and the deal passes left every round"
        )
    if "round" in deal:
        if not _is_int(deal["round"]) or not 1 <= deal["round"] <= len(sequence):
            shown = excerpt(deal["round"])
            raise InvalidOptions(f"deal {index + 1}: round must be 1..{len(sequence)}, not {shown}")
        plan.start = deal["round"] - 1
    if "dealer" in deal:
        if not _is_int(deal["dealer"]) or not 0 <= deal["dealer"] < players:
            seats = f"0..{players - 1}"
            raise InvalidOptions(f"deal {index + 1}: dealer must be a seat {seats}, not {excerpt(deal['dealer'])}")
        plan.first_dealer = deal["dealer"]
    if "hands" not in deal and "trump" not in deal:
        if index > 0:
            raise InvalidOptions(f"deal {index + 1} has no cards: give 'hands' (one list per seat) and 'trump'")
        return None  # only where to start: the cards come from the seeded shuffle
    where = f"deal {index + 1}"
    hands, trump = _read_cards(deal, where, players)
    size = hands[0].bit_count()
    if size not in sequence:
        raise InvalidOptions(f"{where} has {size}-card hands, but no round of this climb deals {size} cards")
    if index == 0 and "round" in deal and sequence[plan.start] != size:
        raise InvalidOptions(f"{where}: round {deal['round']} deals {sequence[plan.start]} cards, not {size}")
    return hands, trump


def _read_cards(deal: dict[str, Any], where: str, players: int) -> tuple[list[int], int]:
    try:
        if not isinstance(deal["hands"], list) or not all(isinstance(h, list) for h in deal["hands"]):
            raise TypeError
        hands = [parse_cards(h) for h in deal["hands"]]
        trump = parse_card(deal["trump"])
    except (KeyError, TypeError, AttributeError) as exc:
        raise InvalidOptions(f"{where} needs 'hands' (one list of cards per seat) and 'trump'") from exc
    except IllegalMove as exc:
        raise InvalidOptions(f"{where}: {exc}") from exc
    if len(hands) != players:
        raise InvalidOptions(f"{where} has {len(hands)} hands for {players} players")
    if len({h.bit_count() for h in hands}) != 1 or not hands[0]:
        raise InvalidOptions(f"{where}: every hand must have the same number of cards, at least one")
    union = 0
    for h in hands:
        if union & h:
            raise InvalidOptions(f"{where}: a card is dealt twice")
        union |= h
    if union >> trump & 1:
        raise InvalidOptions(f"{where}: the trump card {card_str(trump)} is also in a hand")
    return hands, trump


def sample_cards(rng: random.Random, k: int) -> list[int]:
    """``k`` different cards of the 52, drawn exactly as ``rng.sample(range(52), k)`` draws them.

    The same draws from the same generator, written out so that a deal costs half as much (no call per
    draw) and so that seeded games keep their cards whatever a later Python does to ``random.sample``.
    """
    getrandbits = rng.getrandbits
    if k > 5:  # random.sample's pool method: swap each drawn card out of a list
        pool = list(range(DECK_SIZE))
        out = [0] * k
        last = DECK_SIZE - 1
        for i in range(k):
            left = DECK_SIZE - i
            width = left.bit_length()
            j = getrandbits(width)
            while j >= left:
                j = getrandbits(width)
            out[i] = pool[j]
            pool[j] = pool[last - i]
        return out
    chosen: list[int] = []  # random.sample's set method for small k: redraw a card already taken
    for _ in range(k):
        j = getrandbits(6)
        while j >= DECK_SIZE or j in chosen:
            j = getrandbits(6)
        chosen.append(j)
    return chosen


def seeded_deal(seed: int, deal: int, players: int, cards: int, dealer: int) -> tuple[list[int], int]:
    """Deal number ``deal`` (from 1) of a game seeded ``seed``: ``cards`` to each seat one at a time from the
    dealer's left, then the next card turned — a pure function of the seed and the number (``kernel.draw_deal``,
    compiled when the kernel is built)."""
    state = deal_stream(seed, deal)
    if CKERNEL is not None:
        drawn: tuple[list[int], int] = CKERNEL.draw_deal(state, players, cards, dealer)
        return drawn
    return draw_deal(state, players, cards, dealer)


def first_dealer(seed: int, players: int) -> int:
    """Who deals first in a game seeded ``seed`` when no deal says (the text: "anyone deals")."""
    return (SplitMix64(deal_stream(seed, 0)).next() * players) >> 64


def shuffle_deal(rng: random.Random, players: int, cards: int, dealer: int) -> tuple[list[int], int]:
    """The shuffle of records in format 1: ``cards`` to each seat one at a time from the dealer's left, then
    the next card turned, drawn from ``rng`` as ``sample_cards(rng, players * cards + 1)`` draws them.

    For more than five cards the draw and the deal are one loop (the same draws, written out once more for
    speed; tested equal)."""
    dealt = players * cards
    hands = [0] * players
    if dealt + 1 <= 5:
        drawn = sample_cards(rng, dealt + 1)
        for i in range(dealt):
            hands[(dealer + 1 + i) % players] |= BIT[drawn[i]]
        return hands, drawn[dealt]
    getrandbits = rng.getrandbits
    pool = list(range(DECK_SIZE))
    seat = dealer
    for left in range(DECK_SIZE, DECK_SIZE - dealt, -1):
        width = WIDTH[left]
        j = getrandbits(width)
        while j >= left:
            j = getrandbits(width)
        seat = seat + 1 if seat + 1 < players else 0
        hands[seat] |= BIT[pool[j]]
        pool[j] = pool[left - 1]
    left = DECK_SIZE - dealt
    width = WIDTH[left]
    j = getrandbits(width)
    while j >= left:
        j = getrandbits(width)
    return hands, pool[j]


#: ``WIDTH[n]``: the bits ``random`` draws to pick one of ``n`` (``n.bit_length()``, as ``Random._randbelow``).
WIDTH = tuple(n.bit_length() for n in range(DECK_SIZE + 1))


def deal_text(hands: list[int] | tuple[int, ...], trump: int) -> dict[str, Any]:
    """A deal written out in the explicit-deal format (what a record keeps)."""
    return {"hands": [cards_text(h) for h in hands], "trump": card_str(trump)}
