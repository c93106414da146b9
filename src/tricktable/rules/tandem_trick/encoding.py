"""Tandem Trick as numbers (``core.encoding``): every move's action id, and a seat's view as a vector.

Action ids, for a deck of ``D`` cards (36 with 3 players, 48 with 4): playing card ``c`` is ``c``, bidding with
it ``D + c``, riding along with it ``2D + c``.  The vector is read off the view alone.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tricktable.core.encoding import Piece, set_bits
from tricktable.core.game import Move
from tricktable.rules.tandem_trick.cards import COLOURS, CYCLES, VALUES, deck_colours, parse_card
from tricktable.rules.tandem_trick.moves import BID, PLAY, TANDEM

#: How a card lies in a trick, by the first word of its note.
NOTES = ("alone", "discard", "tandem", "bid")
#: The largest bonus card: the scale of the bonus in the vector.
MAX_BONUS = 6


def deck_size(players: int) -> int:
    return 12 * deck_colours(players)


def all_moves(players: int, options: dict[str, Any]) -> tuple[Move, ...]:
    """Every move, in action-id order."""
    size = deck_size(players)
    return (*PLAY[:size], *BID[:size], *TANDEM[:size])


def tensor_layout(players: int, options: dict[str, Any]) -> list[Piece]:
    n, size, colours = players, deck_size(players), deck_colours(players)
    return [
        ("seat", (n,)),
        ("hand", (size,)),
        ("backs", (n, colours + 1)),  # per seat: its 8-11 cards of each colour, then its plain ones (of 12)
        ("cards_left", (n,)),
        ("has_bid", (n,)),
        ("bid", (n, VALUES)),
        ("bonus", (n,)),
        ("tricks", (n,)),
        ("score", (n,)),  # the total as a share of the target, at most 2
        ("trick_seats", (n, n)),  # the trick's actions in order: who, which card, how it lies
        ("trick_cards", (n, size)),
        ("trick_notes", (n, len(NOTES))),
        ("lead_suit", (colours + 1,)),  # none yet, then the colours
        ("trick_number", (1,)),
        ("played", (size,)),  # every card played or bid this round
    ]


def encode_view(view: dict[str, Any], out: dict[str, np.ndarray]) -> None:
    """Write ``view`` (a seat's view) into the zeroed pieces of ``tensor_layout``."""
    seat = view["seat"]
    if seat is not None:
        out["seat"][seat] = 1
    set_bits(out["hand"], (parse_card(c) for c in view["hand"]))
    table = view["table"]
    target = max(1, int(table["target"]))
    colours = out["backs"].shape[1] - 1
    for info in view["seats"]:
        p = info["seat"]
        for c, letter in enumerate(COLOURS[:colours]):
            out["backs"][p, c] = info["backs"][letter] / 4
        out["backs"][p, colours] = info["unmarked"] / 12
        out["cards_left"][p] = info["cards"] / 12
        if info["bid"] is not None:
            out["has_bid"][p] = 1
            out["bid"][p, info["bid"]] = 1
            out["bonus"][p] = (info["bonus"] or 0) / MAX_BONUS
        out["tricks"][p] = info["tricks"] / CYCLES
        out["score"][p] = min(2.0, info["score"] / target)
    for i, entry in enumerate(view["trick"]):
        out["trick_seats"][i, entry["seat"]] = 1
        out["trick_cards"][i, parse_card(entry["card"])] = 1
        out["trick_notes"][i, NOTES.index(entry["note"].split()[0])] = 1
    lead = table["lead suit"]
    names = ("red", "yellow", "blue", "black")
    out["lead_suit"][names.index(lead) + 1 if lead in names else 0] = 1
    out["trick_number"][0] = table["trick"] / CYCLES
    for event in view["events"]:
        if event["type"] in ("card_played", "tandem_formed", "bid_made", "forced_bid"):
            out["played"][parse_card(event["card"])] = 1


def max_moves(players: int, options: dict[str, Any]) -> int:
    """The longest game in moves.  Every round resolves at least 11 tricks and each trick scores at least a
    point (a missed bid scores its tricks, a hit one more), so the totals grow by 11 a round and somebody
    reaches the target within ``players * (target - 1) // 11 + 1`` rounds of at most 12 moves a seat."""
    rounds = players * (int(options["target"]) - 1) // 11 + 1
    return rounds * CYCLES * players
