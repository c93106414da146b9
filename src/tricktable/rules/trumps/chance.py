"""Trumps' deals as draws (``core.draws``), for programs that draw the cards themselves.

The first deal also draws the first dealer; every deal puts the deck in a random order and deals it out from the
dealer's left with ``deals.deal_out``, exactly as ``deals.seeded_deal`` does (the leftovers in order, the
first of them the starter card).

``sample_round`` draws the hand in progress afresh for one seat, from its view alone: what information-set
search asks for (``interop.resample``).  Trumps needs it because of the passes: the cards one other seat passed
to another are hidden, and a blind shuffle of the deal seldom fits what the receiver has played since.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tricktable.core.cards import CARD_TEXT, DECK_SIZE, bit_list, card_str
from tricktable.core.draws import Draw
from tricktable.rules.trumps.deals import deal_out, deal_text, hand_size
from tricktable.rules.trumps.game import Trumps
from tricktable.rules.trumps.knowledge import read_view
from tricktable.rules.trumps.moves import Pass
from tricktable.rules.trumps.sampler import dealt_hands, sample_deals

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


def sample_round(
    view: dict[str, Any], draws: Sequence[Draw], moves: Sequence[tuple[int, str]], rng: random.Random
) -> tuple[list[list[int]], list[str]]:
    """A deal of the hand in progress and its moves so far, drawn afresh for the seat whose ``view`` this is:
    the items of ``draws`` (this deal's), and ``moves`` (each ``(seat, notation)``, in order) as they would
    have been made in it.

    The world comes from ``sampler.sample_deals``, uniformly among those the view allows; the other seats'
    hidden choices follow it (their face-down indicators, and the passes the seat neither made nor received);
    every other move stays as it was.  Only the view is read: nothing else of the real deal can leak in."""
    k = read_view(view)
    world = sample_deals(k, 1, rng)[0]
    dealt = dealt_hands(k, world)
    players = k.players
    size = hand_size(players)
    # The order ``deal_out`` deals from: card i goes to the seat i places to the dealer's left, the rest stay.
    order = [0] * (players * size)
    for seat, cards in enumerate(dealt):
        places = [i for i in range(players * size) if (k.dealer + 1 + i) % players == seat]
        held = bit_list(cards)
        if len(held) != len(places):
            raise ValueError(f"seat {seat + 1} would be dealt {len(held)} cards, not {len(places)}")
        rng.shuffle(held)
        for i, card in zip(places, held):
            order[i] = card
    order += world.extra
    items = [order] if len(draws) == 1 else [[k.dealer], order]
    # The passes the seat has seen: its own, and the one it has received (until the passing is over, the cards
    # passed to it are on their way, unseen).
    seen_passes = {k.seat, k.pass_from} if k.received else {k.seat}
    again = []
    for seat, text in moves:
        if seat != k.seat and text.startswith("mark "):
            text = "mark " + card_str(world.indicators[seat])
        elif seat not in seen_passes and text.startswith("pass "):
            text = str(Pass(world.passed[seat]))
        again.append(text)
    return items, again
