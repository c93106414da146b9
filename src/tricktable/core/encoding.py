"""The shape of a game as numbers: every move an action id, a seat's view a fixed-size vector.

Research tools (``tricktable.interop``) want integer actions and fixed-size tensors.  Each game says, in its own
``encoding`` module, the list of every move its action ids map to (``all_moves``) and how a seat's view becomes
named pieces of a float vector (``tensor_layout`` and ``encode_view``).  This module holds the helper that lays
the pieces out in one flat array.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import prod

import numpy as np

#: A piece of a tensor: its name and its shape.
Piece = tuple[str, tuple[int, ...]]


class Layout:
    """Named pieces laid out one after the other in a flat float32 vector."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.pieces = tuple((name, tuple(shape)) for name, shape in pieces)
        self.size = sum(prod(shape) for _, shape in self.pieces)

    def new(self) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """A zeroed vector and its pieces as named views into it (writing a piece writes the vector)."""
        flat = np.zeros(self.size, np.float32)
        return flat, self.views(flat)

    def views(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        views: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in self.pieces:
            size = prod(shape)
            views[name] = flat[start : start + size].reshape(shape)
            start += size
        return views


def set_bits(piece: np.ndarray, indices: Iterable[int]) -> None:
    """Set ``piece[i] = 1`` for every index given (a one-hot or a set of cards)."""
    for i in indices:
        piece[i] = 1.0


def event_cards(events: Iterable[dict[str, object]], kinds: Sequence[str], key: str = "card") -> list[str]:
    """The card texts named by ``key`` in the events of the given types (the cards played this round)."""
    out = []
    for event in events:
        if event.get("type") in kinds:
            value = event.get(key)
            if isinstance(value, str):
                out.append(value)
    return out
