"""What a seat may not know at a moment of the game: each game's ``Game.hidden_from(seat)`` says it.

Views are built to hold exactly what a seat may know; this declaration states the other side of that contract
in the game's own terms, so that it can be checked against every view (``tests/conformance``): no card of
``cards`` may appear anywhere in the seat's view, and the seat's view must be the same whichever legal choice
was made at each move of ``moves``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hidden:
    """The facts one seat (or the spectators) may not know now."""

    #: The notation of every card out of the seat's sight: other seats' hands, cards set aside or face down.
    cards: frozenset[str] = frozenset()
    #: Indices into ``game.history`` of other seats' moves whose choice the seat does not know yet (a secret
    #: number, goal, indicator or pass before it is revealed).
    moves: frozenset[int] = frozenset()


__all__ = ["Hidden"]
