"""Where the unseen cards are, learned: for every card a seat has not seen, how likely each other seat holds it.

A small network (``belief.npz``: two hidden layers, NumPy arrays) reads one seat's view — its hand, the turned
card, the numbers it can see, the tricks won, the cards each seat played this round and which of them it led,
the current trick, the suits each seat has shown it lacks — and gives, for every card, a chance for each other
seat and for the unused rest of the pack.  Places the view rules out (a card seen, a suit a seat lacks, a seat
with no cards left) get none.  The network was trained (``train.py``) on positions of the team-mates' own
games, with the true deal as the label, so it reads the partners as they actually play.

The search draws its worlds from these chances (``sample_deals`` with per-seat card weights): every world is
still consistent with the view, only likelier worlds come up more often.  The forward pass is NumPy only; the
model is made for one number of players (``players`` in the file), and other settings sample as before.

Places are numbered from the seat's point of view: place ``j`` (0-based) is the seat ``j + 1`` to its left, and
the last place, ``players - 1``, is the rest of the pack.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from tricktable.core.cards import SUIT_MASKS
from tricktable.rules.tricks_together.knowledge import Knowledge

MODEL = Path(__file__).with_name("belief.npz")
#: Round sizes the encoding has room for (Long climb goes up to 10 cards).
MAX_CARDS = 10
#: Odds below this are raised to it, so that a world the network finds unlikely can still be drawn.
FLOOR = 1e-3


def _cards(mask: int) -> np.ndarray:
    """A 52-vector of 0/1, one entry a card."""
    return np.fromiter(((mask >> c) & 1 for c in range(52)), dtype=np.float32, count=52)


def input_size(players: int) -> int:
    """The length of ``encode``'s vector at ``players`` players."""
    blocks = 5 + 2 * (players - 1)
    return 52 * blocks + 4 + 4 * (players - 1) + 4 * players + MAX_CARDS + 2 * players + 1


def encode(k: Knowledge) -> np.ndarray:
    """The network's input for seat ``k.seat``'s view (float32), seats counted from it to the left."""
    n = k.players
    others = [(k.seat + j) % n for j in range(1, n)]
    led = [0] * n
    for i, (player, card) in enumerate(k.history):
        if i % n == 0:  # every trick has one card a seat, so a trick's first card is every n-th
            led[player] |= 1 << card
    blocks = [k.hand, 1 << k.trump_card, k.gone, sum(1 << c for c in k.trick), k.played_by[k.seat]]
    blocks += [k.played_by[p] for p in others] + [led[p] for p in others]
    scalars: list[float] = [float(k.trump == s) for s in range(4)]
    for p in others:
        scalars += [float(k.voids[p] >> s & 1) for s in range(4)]
    for j in range(n):
        p = (k.seat + j) % n
        number = k.numbers[p]
        scalars += [
            0.0 if number is None else number / k.cards,
            float(number is not None),
            k.won[p] / k.cards,
            k.counts[p] / k.cards,
        ]
    scalars += [float(k.cards == c) for c in range(1, MAX_CARDS + 1)]
    scalars += [float((k.dealer - k.seat) % n == j) for j in range(n)]
    scalars += [float((k.leader - k.seat) % n == j) for j in range(n)]
    scalars.append(k.left / k.cards)
    return np.concatenate([*(_cards(b) for b in blocks), np.array(scalars, dtype=np.float32)])


def allowed(k: Knowledge) -> np.ndarray:
    """Cards x places, True where the view lets the card lie: unseen, and a seat that still holds cards and has
    not shown it lacks the suit, or the rest of the pack if any of it is unseen."""
    n = k.players
    unseen = _cards(k.unseen).astype(bool)
    out = np.zeros((52, n), dtype=bool)
    for j in range(1, n):
        p = (k.seat + j) % n
        if k.counts[p] == 0:
            continue
        barred = 0
        for s in range(4):
            if k.voids[p] >> s & 1:
                barred |= SUIT_MASKS[s]
        out[:, j - 1] = unseen & ~_cards(barred).astype(bool)
    rest = k.unseen.bit_count() - sum(k.counts[p] for p in range(n) if p != k.seat)
    if rest > 0:
        out[:, n - 1] = unseen
    return out


class Belief:
    """The network: weights and biases of each layer, ReLU between them, a softmax over each card's places."""

    __slots__ = ("layers", "players")

    def __init__(self, players: int, layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
        if layers[0][0].shape[0] != input_size(players) or layers[-1][0].shape[1] != 52 * players:
            raise ValueError(f"the network's shape does not fit {players} players")
        self.players = players
        self.layers = layers

    @classmethod
    def load(cls, path: Path) -> Belief:
        with np.load(path) as stored:
            count = int(stored["layers"])
            layers = [(stored[f"w{i}"].astype(np.float32), stored[f"b{i}"].astype(np.float32)) for i in range(count)]
            return cls(int(stored["players"]), layers)

    def logits(self, x: np.ndarray) -> np.ndarray:
        """Rows of inputs to rows of cards x places scores."""
        h = x
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        return h.reshape(len(x), 52, self.players)

    def chances(self, k: Knowledge) -> np.ndarray:
        """Cards x places: the chance that each card lies in each place (rows of seen cards are all 0)."""
        if k.players != self.players:
            raise ValueError(f"the model is for {self.players} players, the view has {k.players}")
        return masked_softmax(self.logits(encode(k)[None])[0], allowed(k))


def masked_softmax(scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """A softmax over the last axis, over the True entries only (a row with none is all 0)."""
    scores = np.where(mask, scores, -np.inf)
    top = scores.max(axis=-1, keepdims=True)
    exps = np.where(mask, np.exp(scores - np.where(np.isfinite(top), top, 0.0)), 0.0)
    total = exps.sum(axis=-1, keepdims=True)
    return np.divide(exps, total, out=np.zeros_like(exps), where=total > 0)


@cache
def belief_for(players: int) -> Belief | None:
    """The shipped model, if it is made for ``players`` players."""
    if not MODEL.exists():
        return None
    model = Belief.load(MODEL)
    return model if model.players == players else None


def seat_weights(k: Knowledge, power: float = 1.0, model: Belief | None = None) -> list[list[float]] | None:
    """Per seat, per card, the odds that the seat holds the card rather than the rest of the pack, raised to
    ``power``: the weights ``sample_deals`` draws worlds with.  ``None`` where no model fits the setting."""
    model = model or belief_for(k.players)
    if model is None:
        return None
    chances = model.chances(k)
    n = k.players
    rest = chances[:, n - 1] if k.unseen.bit_count() > sum(k.counts[p] for p in range(n) if p != k.seat) else None
    weights = [[0.0] * 52 for _ in range(n)]
    for j in range(1, n):
        seat_chances = chances[:, j - 1]
        odds = seat_chances / np.maximum(rest, 1e-9) if rest is not None else seat_chances
        odds = np.maximum(odds / max(float(odds.max()), 1e-12), FLOOR) ** power
        weights[(k.seat + j) % n] = [float(w) for w in odds]
    return weights
