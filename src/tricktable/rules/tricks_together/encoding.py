"""Tricks Together as numbers (``core.encoding``): every move's action id, and a seat's view as a vector.

Action ids: ``bid 0`` .. ``bid P`` (P the climb's peak, 7 or 10 cards), then the 52 cards in card-id order.
The vector is read off the view alone, so it holds exactly what the seat may know.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tricktable.core.cards import DECK_SIZE, SUIT_NAMES, parse_card
from tricktable.core.encoding import Piece, event_cards, set_bits
from tricktable.core.game import Move
from tricktable.core.moves import PLAY_CARD
from tricktable.rules.tricks_together.deals import round_sequence
from tricktable.rules.tricks_together.moves import COMMIT

PHASES = ("commit", "play", "over")
#: The most lives a team can have, and the most cards a round can deal: the scales of the vector's numbers.
MAX_LIVES = 4
MAX_CARDS = 10


def peak(options: dict[str, Any]) -> int:
    return max(round_sequence(bool(options["long_climb"]), bool(options["up_and_down"])))


def all_moves(players: int, options: dict[str, Any]) -> tuple[Move, ...]:
    """Every move, in action-id order."""
    return (*COMMIT[: peak(options) + 1], *PLAY_CARD)


def tensor_layout(players: int, options: dict[str, Any]) -> list[Piece]:
    n = players
    return [
        ("seat", (n,)),
        ("phase", (len(PHASES),)),
        ("hand", (DECK_SIZE,)),
        ("trump_card", (DECK_SIZE,)),
        ("trumps", (5,)),  # the four suits, then none
        ("round", (3,)),  # cards this round, the position reached, lives left (each scaled to 0..1)
        ("dealer", (n,)),
        ("committed", (n,)),
        ("number_known", (n,)),
        ("number", (n,)),
        ("tricks", (n,)),
        ("cards_left", (n,)),
        ("trick_leader", (n,)),
        ("trick", (n, DECK_SIZE)),  # the current trick's cards in play order
        ("played", (DECK_SIZE,)),  # every card played this round
    ]


def encode_view(view: dict[str, Any], out: dict[str, np.ndarray]) -> None:
    """Write ``view`` (a seat's view) into the zeroed pieces of ``tensor_layout``."""
    seat = view["seat"]
    if seat is not None:
        out["seat"][seat] = 1
    out["phase"][PHASES.index(view["phase"]) if view["phase"] in PHASES else 2] = 1
    set_bits(out["hand"], (parse_card(c) for c in view["hand"]))
    table = view["table"]
    if table.get("trump card"):
        out["trump_card"][parse_card(table["trump card"])] = 1
    trumps = table.get("trumps")
    out["trumps"][SUIT_NAMES.index(trumps) if trumps in SUIT_NAMES else 4] = 1
    out["round"][:] = (table["cards"] / MAX_CARDS, table["round"] / table["rounds"], table["lives"] / MAX_LIVES)
    out["dealer"][table["dealer"]] = 1
    for info in view["seats"]:
        p = info["seat"]
        out["committed"][p] = 1 if info["committed"] else 0
        if info["number"] is not None:
            out["number_known"][p] = 1
            out["number"][p] = info["number"] / MAX_CARDS
        out["tricks"][p] = info["tricks"] / MAX_CARDS
        out["cards_left"][p] = info["cards"] / MAX_CARDS
    trick = view["trick"]
    if trick:
        out["trick_leader"][trick[0]["seat"]] = 1
        for i, entry in enumerate(trick):
            out["trick"][i, parse_card(entry["card"])] = 1
    set_bits(out["played"], (parse_card(c) for c in event_cards(view["events"], ("card_played",))))


def max_moves(players: int, options: dict[str, Any]) -> int:
    """The longest game in moves: every position cleared after every life is lost (one round more than the
    positions and lives allow ends it), each round with every number and every card at the peak size."""
    positions = len(round_sequence(bool(options["long_climb"]), bool(options["up_and_down"])))
    rounds = positions + int(options["lives"])
    return rounds * (players - 1 + players * peak(options))


def utility_range(players: int, options: dict[str, Any]) -> tuple[float, float]:
    positions = len(round_sequence(bool(options["long_climb"]), bool(options["up_and_down"])))
    return 0.0, float(positions + int(options["lives"]))


def utilities(result: dict[str, Any], players: int, options: dict[str, Any]) -> list[float]:
    """The team's one utility, for every seat: the positions cleared, plus the lives left when the climb is
    won.  So every win beats every loss, a win with more lives beats one with fewer, and a loss further up the
    climb beats one lower down: the order of the game's own scores (the game's page, section 5)."""
    positions = len(round_sequence(bool(options["long_climb"]), bool(options["up_and_down"])))
    value = positions + result["score"] if result["won"] else result["score"] - 1
    return [float(value)] * players
