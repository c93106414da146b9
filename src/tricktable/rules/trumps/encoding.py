"""Trumps as numbers (``core.encoding``): every move's action id, and a seat's view as a vector.

Action ids: ``mark`` each of the 52 cards (0..51), every pass (the ``k``-card sets of the 52 in lexicographic
order of card ids, ``k`` = 3 with up to 4 players, else 2), then playing each card, then declaring with each.
The vector is read off the view alone.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

import numpy as np

from tricktable.core.cards import DECK_SIZE, SUIT_NAMES, parse_card
from tricktable.core.encoding import Piece, set_bits
from tricktable.core.game import Move
from tricktable.core.moves import PLAY_CARD
from tricktable.rules.trumps.deals import hand_size
from tricktable.rules.trumps.moves import DECLARE, MARK, Pass
from tricktable.rules.trumps.passing import cards_to_pass

PHASES = ("mark", "pass", "play", "over")


@cache
def _passes(count: int) -> tuple[Pass, ...]:
    return tuple(Pass(sum(1 << c for c in cards)) for cards in combinations(range(DECK_SIZE), count))


def all_moves(players: int, options: dict[str, Any]) -> tuple[Move, ...]:
    """Every move, in action-id order."""
    return (*MARK, *_passes(cards_to_pass(players)), *PLAY_CARD, *DECLARE)


def tensor_layout(players: int, options: dict[str, Any]) -> list[Piece]:
    n = players
    return [
        ("seat", (n,)),
        ("phase", (len(PHASES),)),
        ("dealer", (n,)),
        ("hand", (DECK_SIZE,)),
        ("indicator", (DECK_SIZE,)),  # this seat's own, face down to the others
        ("passed", (DECK_SIZE,)),
        ("received", (DECK_SIZE,)),
        ("pass_to", (n,)),
        ("cards_left", (n,)),
        ("declared", (n, 5)),  # per seat: its side's declared suit, or none (the 5th)
        ("tricks", (n,)),
        ("score", (n,)),  # the side's total as a share of the target, at most 2
        ("trick", (n + 1, DECK_SIZE)),  # the trick in play order (the starter card first, when there is one)
        ("trick_trumps", (n + 1,)),
        ("trick_seats", (n + 1, n + 1)),  # who played each card; the last column is the starter (nobody)
        ("played", (DECK_SIZE,)),  # every card played this hand
        ("tie_break", (1,)),
    ]


def encode_view(view: dict[str, Any], out: dict[str, np.ndarray]) -> None:
    """Write ``view`` (a seat's view) into the zeroed pieces of ``tensor_layout``."""
    seat = view["seat"]
    n = view["players"]
    if seat is not None:
        out["seat"][seat] = 1
    out["phase"][PHASES.index(view["phase"]) if view["phase"] in PHASES else len(PHASES) - 1] = 1
    table = view["table"]
    out["dealer"][table["dealer"]] = 1
    out["tie_break"][0] = 1 if table["tie-break"] else 0
    set_bits(out["hand"], (parse_card(c) for c in view["hand"]))
    if view.get("indicator"):
        out["indicator"][parse_card(view["indicator"])] = 1
    set_bits(out["passed"], (parse_card(c) for c in view.get("passed") or []))
    set_bits(out["received"], (parse_card(c) for c in view.get("received") or []))
    if view.get("pass_to") is not None:
        out["pass_to"][view["pass_to"]] = 1
    target = max(1, int(table["target"]))
    size = hand_size(n)
    for info in view["seats"]:
        p = info["seat"]
        out["cards_left"][p] = info["cards"] / size
        trumps = info["trumps"]
        out["declared"][p, SUIT_NAMES.index(trumps) if trumps in SUIT_NAMES else 4] = 1
        out["tricks"][p] = info["tricks"] / size
        out["score"][p] = min(2.0, info["score"] / target)
    for i, entry in enumerate(view["trick"]):
        out["trick"][i, parse_card(entry["card"])] = 1
        out["trick_trumps"][i] = 1 if entry.get("note") == "trump" else 0
        out["trick_seats"][i, n if entry["seat"] is None else entry["seat"]] = 1
    for event in view["events"]:
        if event["type"] == "card_played":
            out["played"][parse_card(event["card"])] = 1


#: The tie-break hands ``max_moves`` allows for, on top of the hands that reach the target.  Every tie on the
#: highest total at or over the target means another hand (ruling TR-R20), so the rules set no limit.
TIE_BREAK_HANDS = 50


def max_moves(players: int, options: dict[str, Any]) -> int:
    """The longest game in moves, with at most ``TIE_BREAK_HANDS`` tie-break hands.  A hand plays
    ``hand_size - 1`` tricks and all but a thrown-out starter trick score a point, so the highest side total
    grows by at least ``points / sides`` a hand; every seat makes a mark, a pass and a play a trick."""
    sides = players // 2 if options["teams"] else players
    tricks = hand_size(players) - 1
    points = tricks - (1 if DECK_SIZE % players else 0)
    hands = -(-(sides * (int(options["target"]) - 1) + 1) // points) + TIE_BREAK_HANDS
    return hands * players * (tricks + 2)
