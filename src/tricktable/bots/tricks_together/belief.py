"""Where the unseen cards are, learned: for every card a seat has not seen, how likely each other seat holds it.

From one seat's view — its hand, the turned card, the numbers it can see, the tricks won, the cards each seat
played this round (which it led, which it threw on another suit, which trumps it played on a suit), the current
trick, the suits each seat has shown it lacks — every unseen card gets a chance for each other seat and for the
unused rest of the pack.  Each card in each place is described by a few features (``encode``: of the card, of
the place's seat, and of that seat's play in the card's suit), and one small network (``belief.npz``: two
hidden layers of 32, NumPy arrays, about 10 KB) scores them all, the same network for every card and place; a
card's chances are the softmax of its scores over the places the view allows, each score added to the log of
how many unseen cards the place holds.  With a network that scores 0 that is a uniformly drawn deal; the network
learns how far the view moves each card from it.  Places the view rules out (a card seen, a suit a seat lacks, a
seat with no cards left) get no chance.  A network fed the whole view at once learnt the deals it was trained
on rather than the players (see the game's page), hence the shared one.  It was trained (``train.py``) on
positions of the team-mates' own games, with the true deal as the label.  A model can also read, for each card
and place, what the place's cards said about that very card (``card_reading``: it passed up a trick the card
would have taken, took one with a higher card of its suit, ...); a model reads the features it was trained on.

The search can draw its worlds from these chances (``sample_deals`` with per-seat card weights): every world is
still consistent with the view, only likelier worlds come up more often.  The forward pass is NumPy only; a
model is made for one number of players (``players`` in the file; ``MODELS`` ships one for 3, 4 and 5 players).

Places are numbered from the seat's point of view: place ``j`` (0-based) is the seat ``j + 1`` to its left, and
the last place, ``players - 1``, is the rest of the pack.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Self

import numpy as np

from tricktable.core.cards import SUIT_MASKS
from tricktable.rules.tricks_together import Knowledge, beats

MODEL = Path(__file__).with_name("belief.npz")
#: The shipped models by the number of players (4 players' came first, as ``MODEL``); a count without one draws
#: its worlds uniformly.
MODELS = {3: MODEL.with_name("belief-3.npz"), 4: MODEL, 5: MODEL.with_name("belief-5.npz")}
#: Round sizes the encoding has room for (Long climb goes up to 10 cards).
MAX_CARDS = 10
#: Odds below this are raised to it, so that a world the network finds unlikely can still be drawn.
FLOOR = 1e-3


def _cards(mask: int) -> np.ndarray:
    """A 52-vector of 0/1, one entry a card."""
    return np.fromiter(((mask >> c) & 1 for c in range(52)), dtype=np.float32, count=52)


SUITS = np.arange(52) // 13
RANKS = (np.arange(52) % 13).astype(np.float32)
#: Features of a card, of a place, of a place's play in the card's suit, and of the card again for the pack's rest.
CARD_FEATURES = 10
PLACE_FEATURES = 12
SUIT_FEATURES = 4
#: The features of the first models (every shipped model reads only these).
FIRST_FEATURES = 2 * CARD_FEATURES + PLACE_FEATURES + SUIT_FEATURES
#: What a place's cards said about this very card (``card_reading``): eight kinds of play, each counted apart
#: while the seat still needed tricks and once it had its number.
READINGS = 8
FEATURES = FIRST_FEATURES + 2 * READINGS
#: Where, among a card-and-place's features, the log of how many unseen cards the place holds: the prior.
OFFSET = CARD_FEATURES + PLACE_FEATURES - 1


def input_size(players: int, readings: bool = False) -> int:
    """The features of one card in one place (the same at any number of players), with ``card_reading``'s or
    without."""
    return FEATURES if readings else FIRST_FEATURES


def encode(k: Knowledge, readings: bool = False) -> np.ndarray:
    """Cards x places x features for seat ``k.seat``'s view (float32), places counted from it to the left.

    A card's features: trump, rank, high, how many unseen cards of its suit (and above it) there are, how many
    of its suit this seat holds, whether its suit was led to the current trick.  A place's: the number its seat
    chose (if seen), the tricks it won and still needs, the cards it holds, dealer, still to play to this
    trick, and the log of how many unseen cards it holds.  A place's play in the card's suit: cards it played
    in it, led in it, threw in it on another suit's lead, and trumps it played on a lead of it.  With
    ``readings``, what each place's cards said about each card (``card_reading``) follows."""
    n = k.players
    unseen = _cards(k.unseen)
    trump = np.equal(SUITS, k.trump).astype(np.float32)
    rank = RANKS / 12
    suit_unseen = np.array([unseen[s == SUITS].sum() for s in range(4)], dtype=np.float32)
    above = np.array([unseen[(SUITS[c] == SUITS) & (RANKS[c] < RANKS)].sum() for c in range(52)], dtype=np.float32)
    hand = _cards(k.hand)
    mine = np.array([hand[s == SUITS].sum() for s in range(4)], dtype=np.float32)
    led_now = float(k.trick[0] // 13) if k.trick else -1.0
    card = np.stack(
        [
            trump, rank, trump * rank, (RANKS == 12).astype(np.float32), (RANKS >= 9).astype(np.float32),
            suit_unseen[SUITS] / 13, above / 12, mine[SUITS] / 13, np.equal(SUITS, led_now).astype(np.float32),
            np.ones(52, dtype=np.float32),
        ],
        axis=1,
    )  # fmt: skip
    rest = k.unseen.bit_count() - sum(k.counts[p] for p in range(n) if p != k.seat)
    played_this_trick = {(k.leader + i) % n for i in range(len(k.trick))}
    place = np.zeros((n, PLACE_FEATURES), dtype=np.float32)
    suits = np.zeros((n, 4, SUIT_FEATURES), dtype=np.float32)
    for j in range(n):
        if j == n - 1:
            place[j, 0] = 1.0
            place[j, 10] = k.left / k.cards
            place[j, OFFSET - CARD_FEATURES] = np.log(max(rest, 0.5))
            continue
        p = (k.seat + j + 1) % n
        number = k.numbers[p]
        need = 0.0 if number is None else number - k.won[p]
        place[j] = [
            0.0,
            float(number is not None),
            0.0 if number is None else number / k.cards,
            k.won[p] / k.cards,
            need / k.cards,
            float(number is not None and need <= 0),
            k.counts[p] / k.cards,
            float(p == k.dealer),
            float(bool(k.trick) and p not in played_this_trick),
            k.cards / MAX_CARDS,
            k.left / k.cards,
            np.log(max(k.counts[p], 0.5)),
        ]
    seat_place = {(k.seat + j + 1) % n: j for j in range(n - 1)}
    lead_suit = -1
    for i, (player, played) in enumerate(k.history):
        s = played // 13
        if i % n == 0:  # every trick has one card a seat, so a trick's first card is every n-th
            lead_suit = s
        at = seat_place.get(player)
        if at is None:
            continue
        suits[at, s, 0] += 1.0 / k.cards
        if i % n == 0:
            suits[at, s, 1] += 1.0 / k.cards
        elif s != lead_suit:
            suits[at, s, 2] += 1.0 / k.cards
            if s == k.trump:
                suits[at, lead_suit, 3] += 1.0 / k.cards
    is_rest = np.zeros(n, dtype=np.float32)
    is_rest[n - 1] = 1.0
    parts = [
        np.broadcast_to(card[:, None, :], (52, n, CARD_FEATURES)),
        np.broadcast_to(place[None, :, :], (52, n, PLACE_FEATURES)),
        suits[:, SUITS, :].transpose(1, 0, 2),
        card[:, None, :] * is_rest[None, :, None],
    ]
    if readings:
        parts.append(card_reading(k).transpose(1, 0, 2))
    return np.concatenate(parts, axis=2).astype(np.float32)


def card_reading(k: Knowledge) -> np.ndarray:
    """Places x cards x ``2 * READINGS``: for every card, how often each other seat played as it would not have
    if it held that card, or as it would have.  Every card a seat played this round is set against each card it
    could have played instead (the same suit when it followed, any other suit when it could not) and against the
    other cards of its own suit:

    0. the card would have taken the trick over the one winning it, and the card played did not;
    1. the card played took the trick, and this lower card of its suit would have taken it too;
    2. following suit, both lose the trick, the card played lower than this one;
    3. following suit, both lose the trick, the card played higher;
    4. a lead below this card of its suit;  5. a lead above it;
    6. a card thrown or trumped on another suit's lead, below this card of its suit;  7. above it.

    Counted apart (the next eight) once the seat had made its number; a hidden number counts as still needing.
    A player who needs tricks and passes up a winner rarely holds it; one who wins with a high card rarely holds
    the lower ones that would do: what a seat's cards say about its hand is in which card it chose."""
    n = k.players
    out = np.zeros((n, 52, 2 * READINGS), dtype=np.float32)
    seat_place = {(k.seat + j + 1) % n: j for j in range(n - 1)}
    won = [0] * n
    history = k.history
    for start in range(0, len(history), n):
        trick = history[start : start + n]
        led = trick[0][1] // 13
        best, winner = trick[0][1], trick[0][0]  # the card winning the trick so far, and its seat
        for i, (player, played) in enumerate(trick):
            suit = played // 13
            takes = i > 0 and beats(played, best, led, k.trump)
            at = seat_place.get(player)
            if at is not None:
                number = k.numbers[player]
                done = READINGS if number is not None and number - won[player] <= 0 else 0
                same = suit == SUITS
                higher, lower = same & (RANKS[played] < RANKS), same & (RANKS[played] > RANKS)
                row = out[at]
                if i == 0:
                    row[higher, done + 4] += 1.0
                    row[lower, done + 5] += 1.0
                else:
                    # every card that would beat the winner so far (the rows of cards it could not have played
                    # are never read: a seat that followed suit holds none of another, and voids bar the rest)
                    if best // 13 == k.trump:
                        would = (k.trump == SUITS) & (RANKS[best] < RANKS)
                    else:
                        would = (k.trump == SUITS) | ((led == SUITS) & (RANKS[best] < RANKS))
                    alternative = led == SUITS if suit == led else led != SUITS
                    if not takes:
                        row[would & alternative, done + 0] += 1.0
                    else:
                        row[would & lower, done + 1] += 1.0
                    if suit == led and not takes:
                        row[~would & higher, done + 2] += 1.0
                        row[~would & lower, done + 3] += 1.0
                    if suit != led:
                        row[higher, done + 6] += 1.0
                        row[lower, done + 7] += 1.0
            if takes:
                best, winner = played, player
        if len(trick) == n:
            won[winner] += 1
    return out / 2.0


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


class Network:
    """A small network in NumPy: the weights and biases of each layer (inputs x outputs), ReLU between them.  The
    learned models of this package (the belief, the policy) are each one, trained by ``train.py``."""

    __slots__ = ("layers",)

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
        self.layers = layers

    @property
    def inputs(self) -> int:
        return int(self.layers[0][0].shape[0])

    @classmethod
    def load(cls, path: Path) -> Self:
        with np.load(path) as stored:
            return cls(read_layers(stored))

    def forward(self, x: np.ndarray) -> np.ndarray:
        """Inputs (... x features) to outputs (... x outputs)."""
        h = x
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        return h


def read_layers(stored: Any) -> list[tuple[np.ndarray, np.ndarray]]:
    """The layers of a network stored by ``train.save``."""
    count = int(stored["layers"])
    return [(stored[f"w{i}"].astype(np.float32), stored[f"b{i}"].astype(np.float32)) for i in range(count)]


class Belief(Network):
    """The belief's network: one score for each card in each place, a softmax over each card's places."""

    __slots__ = ("players",)

    def __init__(self, players: int, layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
        if layers[0][0].shape[0] not in (FIRST_FEATURES, FEATURES) or layers[-1][0].shape[1] != 1:
            raise ValueError("the network's shape does not fit the features")
        super().__init__(layers)
        self.players = players

    @classmethod
    def load(cls, path: Path) -> Self:
        with np.load(path) as stored:
            return cls(int(stored["players"]), read_layers(stored))

    def logits(self, x: np.ndarray) -> np.ndarray:
        """Inputs (positions x cards x places x features) to scores (positions x cards x places): the network's
        score of each card in each place, the same network for every card and place, added to the prior's."""
        return self.forward(x)[..., 0] + x[..., OFFSET]

    @property
    def readings(self) -> bool:
        """Whether the model reads ``card_reading``'s features."""
        return self.inputs == FEATURES

    def chances(self, k: Knowledge) -> np.ndarray:
        """Cards x places: the chance that each card lies in each place (rows of seen cards are all 0)."""
        if k.players != self.players:
            raise ValueError(f"the model is for {self.players} players, the view has {k.players}")
        return masked_softmax(self.logits(encode(k, self.readings)[None])[0], allowed(k))


def masked_softmax(scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """A softmax over the last axis, over the True entries only (a row with none is all 0)."""
    scores = np.where(mask, scores, -np.inf)
    top = scores.max(axis=-1, keepdims=True)
    exps = np.where(mask, np.exp(scores - np.where(np.isfinite(top), top, 0.0)), 0.0)
    total = exps.sum(axis=-1, keepdims=True)
    return np.divide(exps, total, out=np.zeros_like(exps), where=total > 0)


@cache
def belief_for(players: int) -> Belief | None:
    """The shipped model for ``players`` players, if there is one."""
    path = MODELS.get(players)
    if path is None or not path.exists():
        return None
    model = Belief.load(path)
    return model if model.players == players else None


def seat_weights(k: Knowledge, power: float = 1.0, model: Belief | None = None) -> list[list[float]] | None:
    """Per seat, per card, the odds that the seat holds the card rather than the rest of the pack, raised to
    ``power``: the weights ``sample_deals`` draws worlds with.  ``None`` where no model fits the setting: a count
    of players without one, or a view with Secret numbers and no ``model`` given for it.  Every shipped belief
    was learnt from rounds whose numbers everybody sees and misreads a hidden one (a 5-player team made far more
    Secret rounds of 3 and 4 cards without it); beliefs learnt from Secret rounds (``belief_data --secret``) read
    them better but made no more rounds, so none ships (see the game's page)."""
    if model is None:
        if k.secret:
            return None
        model = belief_for(k.players)
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
