"""The questions each game asks its compiled kernels, put to them at a position of a game in progress.

``PROBES[game][kernel]`` takes a game and returns what the kernel (through the game's front door) answers
there, as plain data, or ``None`` where the question does not arise (no cards in play, too many left for the
Python reference to answer quickly).  ``UNPROBED[game][kernel]`` says why a kernel has no probe.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tricktable.core.game import Game
from tricktable.rules import secret_trumps, tandem_trick, trumps

Probe = Callable[[Game], Any]

#: The reference searches are exact and slow: they are asked only this close to the end of a round.
TRICKS_LEFT = 3
#: Trumps is for up to 8 players: its reference search is asked when this many cards are left in all hands.
CARDS_LEFT = 12


def tricks_together_solver(game: Any) -> Any:
    from tricktable.rules.tricks_together import makeable, solve

    if game.phase != "play" or game.to_move is None or game.cards - game.tricks_played > TRICKS_LEFT:
        return None
    args = (list(game.hands), game.trump_suit, game.trick_leader)
    reachable = makeable(*args, list(game.trick), list(game.won))
    vectors = [*sorted(reachable)[:3], tuple(game.cards + 1 for _ in game.hands)]
    return sorted(reachable), [solve(*args, list(v), list(game.trick), list(game.won)) for v in vectors]


def tandem_trick_solver(game: Any) -> Any:
    if game.to_move is None or game.cycle < tandem_trick.CYCLES - TRICKS_LEFT:
        return None
    held = 0
    for hand in game.hands:
        held |= hand
    position = tandem_trick.Position(
        game.players, list(game.hands), list(game.bid_card), list(game.bonus), list(game.won), game.cycle,
        game.leader, game.to_move, game.lead_suit, list(game.entries), game.deck_mask & ~held,
    )  # fmt: skip
    return [
        tandem_trick.solve(position, root, game.misere_bonus) for root in range(game.players)
    ], tandem_trick.move_values(position, game.to_move, game.misere_bonus)


def secret_trumps_solver(game: Any) -> Any:
    if game.phase != "play" or game.tricks_played < secret_trumps.ROWS - TRICKS_LEFT:
        return None
    goals = [
        secret_trumps.NO_GOAL if g is None or p == game.start else secret_trumps.goal_code(game.goals[g].slug)
        for p, g in enumerate(game.chosen)
    ]
    leader = game.trick_seats[0] if game.trick else game.to_move
    position = secret_trumps.Position(
        list(game.hands), (game.trumps.suit, game.trumps.rank), leader, goals, game.start, list(game.trick),
        list(game.won), list(game.captured),
    )  # fmt: skip
    n = game.players
    return (
        secret_trumps.move_values(position, secret_trumps.max_n(n)),
        [secret_trumps.move_values(position, secret_trumps.paranoid(n, p)) for p in range(n)],
        [secret_trumps.can_cross(position, p) for p in range(n) if p != game.start],
    )


def trumps_solver(game: Any) -> Any:
    if game.phase != "play" or game.to_move is None:
        return None
    if sum(hand.bit_count() for hand in game.hands) > CARDS_LEFT:
        return None
    trick = tuple(
        (trumps.NONE if s is None else s, c, t) for s, c, t in zip(game.trick_seats, game.trick, game.trick_trumps)
    )
    position = trumps.Position(
        hands=tuple(game.hands),
        indicator_suits=tuple(c // 13 if c != trumps.NONE else trumps.NONE for c in game.indicators),
        side_of=game.side_of,
        declared=tuple(game.declared),
        dealer=game.dealer,
        leader=game.to_move,
        trick=trick,
    )
    sides = range(game.sides)
    return [trumps.solve(position, side) for side in sides], [trumps.move_values(position, side) for side in sides]


PROBES: dict[str, dict[str, Probe]] = {
    "tricks-together": {"CSOLVER": tricks_together_solver},
    "tandem-trick": {"CKERNEL": tandem_trick_solver},
    "secret-trumps": {"CKERNEL": secret_trumps_solver},
    "trumps": {"CKERNEL": trumps_solver},
}

UNPROBED: dict[str, dict[str, str]] = {
    "tricks-together": {
        "CKERNEL": "it deals the seeded cards, and the game's random games replay to the same records without it",
    },
    "trumps": {
        "CDEAL": "it fills sampled worlds from its own generator: the same worlds in distribution, not draw for "
        "draw (tests/rules/trumps/test_sampler.py checks the Python fill)",
    },
}
