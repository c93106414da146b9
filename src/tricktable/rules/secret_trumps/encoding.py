"""Secret Trumps as numbers (``core.encoding``): every move's action id, and a seat's view as a vector.

Action ids, with ``G`` goals in the game's goal list: ``goal`` for each goal (0..G-1), ``choose`` (G..2G-1),
``cross`` (2G..3G-1), then ``pick`` for each of the 36 cards and playing each of them.  The vector is read off
the view alone.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tricktable.core.encoding import Piece, set_bits
from tricktable.core.game import Move
from tricktable.rules.secret_trumps.cards import NUM_CARDS, ROWS, SUIT_LETTERS, parse_card
from tricktable.rules.secret_trumps.game import SecretTrumps
from tricktable.rules.secret_trumps.moves import PICK, PLAY, goal_moves

PHASES = ("draft", "pick", "choose", "play", "cross", "over")


def all_moves(players: int, options: dict[str, Any]) -> tuple[Move, ...]:
    """Every move, in action-id order."""
    by_verb = goal_moves([g.slug for g in SecretTrumps.goal_list])
    return (*by_verb["goal"], *by_verb["choose"], *by_verb["cross"], *PICK, *PLAY)


def tensor_layout(players: int, options: dict[str, Any]) -> list[Piece]:
    n, goals = players, len(SecretTrumps.goal_list)
    return [
        ("seat", (n,)),
        ("phase", (len(PHASES),)),
        ("start", (n,)),
        ("hand", (NUM_CARDS,)),
        ("trumps_known", (1,)),
        ("trump_suit", (5,)),  # the four suits, then none
        ("trump_rank", (10,)),  # none, then 1..9
        ("row", (NUM_CARDS,)),  # the face-up cards of every row not picked yet
        ("picked", (n, NUM_CARDS)),  # who picked which card this round
        ("played", (NUM_CARDS,)),  # cards played to tricks this round
        ("trick", (n, NUM_CARDS)),  # the current trick in play order
        ("trick_seats", (n, n)),
        ("hints", (ROWS, n)),  # the winner of each finished row
        ("held", (n, goals)),
        ("crossed", (n, goals)),
        ("chosen", (n, goals)),  # a goal chosen this round, where this seat knows it
        ("tricks", (n,)),
    ]


def encode_view(view: dict[str, Any], out: dict[str, np.ndarray]) -> None:
    """Write ``view`` (a seat's view) into the zeroed pieces of ``tensor_layout``."""
    seat = view["seat"]
    if seat is not None:
        out["seat"][seat] = 1
    out["phase"][PHASES.index(view["phase"]) if view["phase"] in PHASES else len(PHASES) - 1] = 1
    out["start"][view["table"]["start player"]] = 1
    set_bits(out["hand"], (parse_card(c) for c in view["hand"]))
    trumps = view["trumps"]
    if trumps is not None:
        out["trumps_known"][0] = 1
        suit = trumps["suit"]
        out["trump_suit"][SUIT_LETTERS.index(suit) if suit else 4] = 1
        out["trump_rank"][trumps["rank"] or 0] = 1
    for row in view["rows"]:
        set_bits(out["row"], (parse_card(c) for c in row["cards"]))
        for pick in row["picks"]:
            out["picked"][pick["seat"], parse_card(pick["card"])] = 1
    for event in view["events"]:
        if event["type"] == "card_played":
            out["played"][parse_card(event["card"])] = 1
    for i, entry in enumerate(view["trick"]):
        out["trick"][i, parse_card(entry["card"])] = 1
        out["trick_seats"][i, entry["seat"]] = 1
    for hint in view["hints"]:
        out["hints"][hint["row"] - 1, hint["winner"]] = 1
    index = {g["slug"]: i for i, g in enumerate(view["goal_list"])}
    for info in view["goals"]:
        p = info["seat"]
        set_bits(out["held"][p], (index[s] for s in info["held"]))
        set_bits(out["crossed"][p], (index[s] for s in info["crossed"]))
        if info["chosen"] is not None:
            out["chosen"][p, index[info["chosen"]]] = 1
    for info in view["seats"]:
        out["tricks"][info["seat"]] = info["tricks"] / ROWS


#: The rounds ``max_moves`` allows for.  A round need not cross off any goal, so the rules set no limit; random
#: play ends within about 30 rounds, and a game of 200 rounds would need players who avoid their goals.
MAX_ROUNDS = 200


def max_moves(players: int, options: dict[str, Any]) -> int:
    """The longest game in moves, for games of at most ``MAX_ROUNDS`` rounds: the draft, then per round every
    face-up card picked and played, every goal choice and the start player's cross-off."""
    goals = 5 if options["five_goals"] else 4
    up = 4 if players == 4 else 3
    per_round = 2 * ROWS * up + (players - 1) + 1
    return players * goals + MAX_ROUNDS * per_round
