"""Trumps' deals: the size of a deal, explicit deals checked up front, the seeded shuffles, the deal written out.

Every seat gets ``floor(52 / players)`` cards one at a time from the dealer's left; the rest are the leftovers,
top first (the game's page, section 2, ruling TR-R4).  Explicit deals (``new_game(..., deals=[...])``) are used
one per hand in order, then the seeded shuffle takes over; each is checked whole when the game is created, so a
move never fails on a deal (ruling TR-R23).  The shuffle of this version makes each deal a pure function of the
seed and the hand's number (``core.shuffle``); records of format 1 replay with the shuffle they were made with.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tricktable.core.cards import DECK_SIZE, card_str, cards_text, parse_card, parse_cards
from tricktable.core.errors import IllegalMove, InvalidOptions, excerpt
from tricktable.core.shuffle import DealRandom

#: One hand's cards as ints: a bitmask per seat, and the leftover cards (ids, top first).
DealCards = tuple[tuple[int, ...], tuple[int, ...]]


def hand_size(players: int) -> int:
    """The most cards every seat can get from one deck."""
    return DECK_SIZE // players


def extra_count(players: int) -> int:
    """The leftover cards: 1, 0, 2, 4, 3, 4 for 3..8 players."""
    return DECK_SIZE - players * hand_size(players)


@dataclass(frozen=True)
class DealPlan:
    """What the explicit deals say: the first hand's dealer (if a deal names one) and the cards, hand by hand."""

    first_dealer: int | None = None
    cards: tuple[DealCards, ...] = ()


def check_deals(deals: list[dict[str, Any]], players: int) -> DealPlan:
    """Check every explicit deal whole; raise ``InvalidOptions`` naming the deal and what is wrong.

    Each deal lists ``hand_size`` cards per seat and ``extra``, the leftovers; together they are the whole deck.
    A deal may name its ``dealer``: the first one named fixes the rotation from the first hand on (the deal
    passes left), and every later one must be the seat that rotation gives (ruling TR-R22)."""
    first_dealer = None
    cards: list[DealCards] = []
    for index, deal in enumerate(deals):
        dealt, dealer = check_deal(index, deal, players)
        if dealer is not None:
            if first_dealer is None:
                first_dealer = (dealer - index) % players
            elif dealer != (first_dealer + index) % players:
                raise InvalidOptions(
                    f"deal {index + 1}: the deal passes left, so its dealer is seat {(first_dealer + index) % players}"
                )
        cards.append(dealt)
    return DealPlan(first_dealer, tuple(cards))


def check_deal(index: int, deal: dict[str, Any], players: int) -> tuple[DealCards, int | None]:
    """Check explicit deal number ``index`` (from 0) on its own: its cards, and the dealer it names if any
    (``check_deals`` checks the dealers against each other)."""
    h, e = hand_size(players), extra_count(players)
    where = f"deal {index + 1}"
    try:
        hands = [parse_cards(hand) for hand in deal["hands"]]
        extra = [parse_card(c) for c in deal.get("extra", [])]
    except (KeyError, TypeError, AttributeError) as exc:
        raise InvalidOptions(f"{where} needs 'hands' (one list per seat) and 'extra' (the leftovers)") from exc
    except IllegalMove as exc:
        raise InvalidOptions(f"{where}: {exc}") from exc
    if len(hands) != players:
        raise InvalidOptions(f"{where} has {len(hands)} hands for {players} players")
    if any(hand.bit_count() != h for hand in hands):
        raise InvalidOptions(f"{where}: every hand must have {h} cards with {players} players")
    if len(extra) != e:
        raise InvalidOptions(f"{where}: 'extra' must list the {e} leftover card(s) with {players} players")
    union = 0
    for mask in [*hands, *(1 << c for c in extra)]:
        if union & mask:
            raise InvalidOptions(f"{where}: a card is dealt twice")
        union |= mask
    dealer = deal.get("dealer")
    if "dealer" in deal and (type(dealer) is not int or not 0 <= dealer < players):
        raise InvalidOptions(f"{where}: dealer must be a seat 0..{players - 1}, not {excerpt(dealer)}")
    return (tuple(hands), tuple(extra)), dealer


def deal_out(order: list[int], players: int, dealer: int) -> DealCards:
    """Deal the shuffled ``order``: one card at a time from the dealer's left until every seat has
    ``hand_size`` cards; the rest stay in the middle, face down, in order (the first is the top one)."""
    hands = [0] * players
    dealt = players * hand_size(players)
    for i in range(dealt):
        hands[(dealer + 1 + i) % players] |= 1 << order[i]
    return tuple(hands), tuple(order[dealt:])


def seeded_deal(seed: int, number: int, players: int, dealer: int) -> DealCards:
    """Deal number ``number`` (the hand's, from 1) of a game seeded ``seed``: a pure function of the two, so
    dealing later, cloning or replaying part of a game never changes it."""
    return deal_out(DealRandom(seed, number).shuffled(list(range(DECK_SIZE))), players, dealer)


def first_dealer(seed: int, players: int) -> int:
    """Who deals the first hand of a game seeded ``seed`` when no deal says (ruling TR-R5): a choice made
    before the first deal, so it is "deal" 0 of the seed."""
    return DealRandom(seed, 0).below(players)


def shuffle_deal(rng: random.Random, players: int, dealer: int) -> DealCards:
    """The shuffle of records in format 1, kept so that they replay: the whole deck in ``rng.sample`` order."""
    return deal_out(rng.sample(range(DECK_SIZE), DECK_SIZE), players, dealer)


def deal_text(dealer: int, hands: tuple[int, ...], extra: tuple[int, ...]) -> dict[str, Any]:
    """A deal written out in the explicit-deal format (what a record keeps)."""
    return {"dealer": dealer, "hands": [cards_text(hand) for hand in hands], "extra": [card_str(c) for c in extra]}
