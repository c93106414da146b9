"""Guessing a partner's number in long rounds: how likely each number is for a hand, as the team-mates choose.

In rounds of 6 and 7 cards a team-mate chooses its number by search, so no table says which number a hand
gives.  The blueprint's estimate (``quick_number``) is a poor guide to it: of the numbers ``strong`` actually
chose, a Gaussian around the estimate predicts about 42%.  This module holds a model fitted to those choices
(``number_reading_fit.py``): a softmax over the numbers 0..cards on a few plain features of the hand as its holder
saw it (the estimate, trumps, sure trumps, high trumps, plain aces and kings, voids and singletons, the chooser's
position), which predicts about 76-83% of them.  Every setting was fitted again to the numbers ``strong``
chooses since it judges them by the learned policy's play-outs (``search.Level.policy_numbers``), the 5-player
ones last, with the 5-player policy taken two legs further.  With Secret numbers a team-mate takes a partner's
hidden number, in each sampled world, to be the model's likeliest number for the partner's hand there; ``fast``
takes the likeliest number for its own hand.

The model is stored in ``number_reading.json``, one entry per setting (3 to 5 players, 6 and 7 cards, with
trumps); other settings guess hidden numbers through the blueprint's estimate.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np

from tricktable.bots.tricks_together.cteam import strength

MODEL = Path(__file__).with_name("number_reading.json")
#: The ranks counted as high trumps: jack and up (rank index 9 = J, 12 = A).
HIGH = 9


def features(hand: int, cards: int, players: int, trump: int, turned: int, position: int, scale: float) -> list[float]:
    """The features of ``hand`` for the chooser at ``position`` (1 leads), as its holder saw it: its cards and
    the turned card ``turned``.  ``scale`` turns the blueprint's raw strength into its estimate."""
    estimate = strength(hand, cards, players, trump, turned, position == 1) * scale
    trumps = hand >> 13 * trump & 0x1FFF if trump >= 0 else 0  # no trumps (a variant's odd rounds): none held
    # Sure trumps: from the ace down, trumps this hand holds with no unseen trump above them.
    sure = 0
    turned_rank = turned - 13 * trump
    for rank in range(12, -1, -1):
        if trumps >> rank & 1:
            sure += 1
        elif rank != turned_rank:
            break
    aces = kings = voids = singles = 0
    for suit in range(4):
        if suit == trump:
            continue
        held = hand >> 13 * suit & 0x1FFF
        aces += held >> 12 & 1
        kings += held >> 11 & 1
        length = held.bit_count()
        voids += length == 0
        singles += length == 1
    count = trumps.bit_count()
    row = [estimate, estimate * estimate, count, sure, (trumps >> HIGH).bit_count(), aces, kings, voids, singles]
    row.append(voids * count)
    row.extend(float(position == p) for p in range(1, players - 1))
    row.extend(float(abs(estimate - b) < 0.5) for b in range(cards + 1))
    return row


class Reader:
    """The fitted model for one setting: the chance of each number 0..cards for a row of features."""

    __slots__ = ("bias", "matrix")

    def __init__(self, weights: list[list[float]], bias: list[float]) -> None:
        # Per number, a weight per feature (features as they come, not standardised): stored features x numbers.
        self.matrix = np.array(weights, dtype=float).T
        self.bias = np.array(bias, dtype=float)

    def likeliest_many(self, rows: list[list[float]]) -> list[int]:
        """The likeliest number for each row, in one matrix product (the bots ask for hundreds of hands a card)."""
        if not rows:
            return []
        return [int(n) for n in (np.asarray(rows) @ self.matrix + self.bias).argmax(axis=1)]

    def chances_many(self, rows: list[list[float]]) -> np.ndarray:
        """The chance of each number for each row (rows x numbers), in one matrix product."""
        scores = np.asarray(rows, dtype=float) @ self.matrix + self.bias
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        chances: np.ndarray = exps / exps.sum(axis=1, keepdims=True)
        return chances

    def likeliest(self, row: list[float]) -> int:
        return self.likeliest_many([row])[0]

    def chances(self, row: list[float]) -> list[float]:
        return [float(c) for c in self.chances_many([row])[0]]


def load(path: Path = MODEL) -> dict[str, Reader]:
    """Every setting's model in a file written by ``number_reading_fit`` (a ``KeyError`` or ``ValueError`` if
    it is not one)."""
    entries = json.loads(path.read_text(encoding="utf-8"))
    return {key: Reader(entry["weights"], entry["bias"]) for key, entry in entries.items()}


@cache
def _shipped() -> dict[str, Reader]:
    return load() if MODEL.exists() else {}


def reader_for(players: int, cards: int, models: dict[str, Reader] | None = None) -> Reader | None:
    """The model for a setting with trumps (from ``models``, else the shipped file), or ``None`` where none
    was fitted."""
    return (_shipped() if models is None else models).get(f"{players}/{cards}")
