"""Tricks Together's deals as draws (``core.draws``), for programs that draw the cards themselves.

The first deal also draws the first dealer; every deal draws ``players * cards + 1`` cards of the 52, dealt one
at a time from the dealer's left with the last one turned for trumps, exactly as ``deals.seeded_deal`` deals
the cards it draws.  This game's seeded shuffle reads its draws off SplitMix64 (``kernel.deal_stream``), not
``core.shuffle``: ``seeded_items`` says which items it draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.cards import BIT, CARD_TEXT, DECK_SIZE
from tricktable.core.draws import Draw
from tricktable.rules.tricks_together.deals import deal_text, first_dealer, round_sequence
from tricktable.rules.tricks_together.game import TricksTogether
from tricktable.rules.tricks_together.kernel import deal_stream, draw_items


def _cards_draw(players: int, cards: int) -> Draw:
    dealt = players * cards
    roles = (*(f"card {i + 1}" for i in range(dealt)), "trump card")
    return Draw(DECK_SIZE, dealt + 1, CARD_TEXT, roles)


def _first_size(options: dict[str, Any]) -> int:
    return round_sequence(bool(options["long_climb"]), bool(options["up_and_down"]))[0]


def deal_draws(players: int, options: dict[str, Any], game: TricksTogether | None) -> tuple[Draw, ...]:
    """The draws of the next deal: of the first (``game`` is ``None``) or of the one ``game`` has asked for."""
    if game is None:
        seats = Draw(players, 1, tuple(f"seat {p}" for p in range(players)), ("first dealer",), public=True)
        return seats, _cards_draw(players, _first_size(options))
    return (_cards_draw(players, game.cards),)


def explicit_deal(
    players: int, options: dict[str, Any], game: TricksTogether | None, items: Sequence[Sequence[int]]
) -> dict[str, Any]:
    """The deal the items of ``deal_draws`` make, in the explicit-deal format."""
    if game is None:
        dealer, drawn, cards = items[0][0], items[1], _first_size(options)
    else:
        dealer, drawn, cards = game.dealer, items[0], game.cards
    hands = [0] * players
    seat = dealer
    for i in range(players * cards):
        seat = seat + 1 if seat + 1 < players else 0
        hands[seat] |= BIT[drawn[i]]
    text = deal_text(hands, drawn[players * cards])
    return {"round": 1, "dealer": dealer, **text} if game is None else text


def seeded_items(seed: int, number: int, draws: Sequence[Draw]) -> list[list[int]]:
    """The items this game's own seeded shuffle draws for deal ``number`` of ``seed`` (deal 0: the first
    dealer, drawn before any card)."""
    if number == 0:
        return [[first_dealer(seed, d.population)] for d in draws]
    return [draw_items(deal_stream(seed, number), d.population, d.count) for d in draws]
