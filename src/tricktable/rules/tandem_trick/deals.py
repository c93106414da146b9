"""Tandem Trick's deals (the game's page, "Explicit deals" and section 2 "A round"): explicit deals checked up
front, the seeded shuffle, and a deal written out as a record keeps it.

Every round deals the whole deck for the player count, 12 cards a seat.  Explicit deals (``new_game(...,
deals=[...])``) are used for rounds 1, 2, ... in order; after them the seeded shuffle deals.  Only the first deal
may name the first round's lead player: later rounds are led by the lead player of the previous round's final
trick (ruling TD-R13).  Every deal is checked whole when the game is created, so a move never fails on a deal
(ruling TD-R22).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tricktable.core.errors import IllegalMove, InvalidOptions
from tricktable.core.shuffle import DealRandom
from tricktable.rules.tandem_trick.cards import HAND_SIZE, cards_text, deck_colours, deck_mask, parse_cards

#: The fields an explicit deal may have.
DEAL_FIELDS = ("hands", "leader")


@dataclass(frozen=True)
class ExplicitDeals:
    """What the explicit deals say: the first round's lead player (if named), and the hands of rounds 1, 2, ..."""

    leader: int | None = None
    hands: tuple[tuple[int, ...], ...] = ()

    def for_round(self, round_no: int) -> tuple[int, ...] | None:
        """The hands (bitmasks) given for round ``round_no`` (from 1), or ``None`` to shuffle."""
        return self.hands[round_no - 1] if round_no <= len(self.hands) else None


def check_deals(deals: list[dict[str, Any]], players: int) -> ExplicitDeals:
    """Check every explicit deal whole; raise ``InvalidOptions`` naming the deal and what is wrong."""
    leader: int | None = None
    all_hands: list[tuple[int, ...]] = []
    for index, deal in enumerate(deals):
        hands, named = check_deal(index, deal, players)
        if named is not None:
            leader = named
        all_hands.append(hands)
    return ExplicitDeals(leader, tuple(all_hands))


def check_deal(index: int, deal: dict[str, Any], players: int) -> tuple[tuple[int, ...], int | None]:
    """Check explicit deal number ``index`` (from 0): its hands, and the leader it names (the first deal only)."""
    in_play = deck_mask(players)
    where = f"deal {index + 1}"
    if not isinstance(deal, dict) or "hands" not in deal:
        raise InvalidOptions(f"{where} needs 'hands': one list of {HAND_SIZE} cards per seat")
    unknown = set(deal) - set(DEAL_FIELDS)
    if unknown:
        raise InvalidOptions(f"{where} has unknown keys {', '.join(sorted(unknown))} (use 'hands', 'leader')")
    raw = deal["hands"]
    if not isinstance(raw, list) or not all(isinstance(h, list) for h in raw):
        raise InvalidOptions(f"{where}: 'hands' must be a list of lists of card texts, one list per seat")
    try:
        hands = [parse_cards(list(h)) for h in raw]
    except TypeError as exc:
        raise InvalidOptions(f"{where}: 'hands' must be lists of card texts") from exc
    except IllegalMove as exc:
        raise InvalidOptions(f"{where}: {exc}") from exc
    if len(hands) != players:
        raise InvalidOptions(f"{where} has {len(hands)} hands for {players} players")
    union = 0
    for seat, h in enumerate(hands):
        if h.bit_count() != HAND_SIZE:
            raise InvalidOptions(f"{where}: seat {seat} has {h.bit_count()} cards, every hand has {HAND_SIZE}")
        if h & ~in_play:
            raise InvalidOptions(f"{where}: seat {seat} holds black cards, which are not used with 3 players")
        if union & h:
            raise InvalidOptions(f"{where}: {' '.join(cards_text(union & h))} dealt twice")
        union |= h
    named = None
    if "leader" in deal:
        if index > 0:
            raise InvalidOptions(
                f"{where}: only the first deal names a leader; later rounds are led by the player who "
                "led the previous round's final trick"
            )
        named = deal["leader"]
        # ``type`` rather than ``isinstance``: true and false are not seats.
        if type(named) is not int or not 0 <= named < players:
            raise InvalidOptions(f"{where}: leader must be a seat 0..{players - 1}")
    return tuple(hands), named


def shuffle_deal(rng: random.Random, players: int) -> list[int]:
    """The shuffle of records in format 1 (``deal_version=1``): the deck for ``players`` shuffled by ``rng``,
    12 cards a seat in order.  Kept draw for draw, so that those records replay."""
    deck = list(range(12 * deck_colours(players)))
    rng.shuffle(deck)
    hands = [0] * players
    for i, card in enumerate(deck):
        hands[i // HAND_SIZE] |= 1 << card
    return hands


def seeded_deal(seed: int, deal: int, players: int) -> list[int]:
    """Deal number ``deal`` (from 1: the round's number) of a game seeded ``seed``: the deck for ``players`` in
    a uniformly random order, 12 cards a seat (``core.shuffle``: a pure function of the seed and the number)."""
    size = 12 * deck_colours(players)
    hands = [0] * players
    for i, card in enumerate(DealRandom(seed, deal).sample(size, size)):
        hands[i // HAND_SIZE] |= 1 << card
    return hands


def first_leader(seed: int, players: int) -> int:
    """Who leads the first round of a game seeded ``seed`` when no deal names it (ruling TD-R16): a choice made
    before the first deal, so it is drawn as deal 0."""
    return DealRandom(seed, 0).below(players)


def deal_text(hands: tuple[int, ...] | list[int], leader: int | None) -> dict[str, Any]:
    """A deal written out in the explicit-deal format (what a record keeps); ``leader`` only for the first."""
    text: dict[str, Any] = {"hands": [cards_text(h) for h in hands]}
    if leader is not None:
        text["leader"] = leader
    return text
