"""A learned value of a position: the chance the team makes its numbers from a sampled world, read from the
position itself.

``card_value`` judges a world after a card by two answers only: can open hands still make the numbers, and does
the blueprint make them; its rates depend on nothing but the tricks left.  Why one world is harder than another
lies in the cards: a seat that is done but holds the top trumps, a seat that needs three tricks and holds one
winner, every seat still needing a trick with two tricks left.  Here a small network (``position_value.npz``:
two hidden layers of 32, NumPy arrays) reads a few counts of that kind (``NAMES``) beside the blueprint's answer
and gives the chance the team makes the round, in worlds open hands can still make (in the others it is none).
It was trained (``train.py value``) on the positions after every card a ``strong`` team-mate chose among two or
more, in rounds the team played (the true deal is the world, the label whether the team made the round).

``inputs`` is the readable reference of the counts; ``cvalue.value_inputs`` computes them for many worlds and
cards at once (the tests check that they agree).  The position is the one after the card: a trick it completes
is taken first; a round it ends is *settled* (made exactly when every seat has its number, which open hands
already say).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from tricktable.bots.tricks_together.belief import Network
from tricktable.bots.tricks_together.blueprint import rollout
from tricktable.rules.tricks_together import trick_winner

MODEL = Path(__file__).with_name("position_value.npz")
#: Tricks left with a place of their own; more share the last one.
LONGEST = 7
#: What each input says, in order (``inputs``).  Counts are scaled to about 0..1; "done": a seat needing no more
#: tricks; "top card": a card no card in another hand outranks in its suit.
NAMES = (
    *(f"{t} tricks left" for t in range(1, LONGEST)), f"{LONGEST} or more tricks left",
    "the blueprint makes it", "cards in the trick", "players", "seats done",
    "seats that must take every trick left", "the largest need against the tricks left", "seats that need tricks",
    "trumps held", "trumps held by seats done", "top cards held by seats done",
    "tricks the seats lack in top cards and trumps", "top cards beyond their holders' needs", "trumps",
    "queens and higher held by seats done", "the seat to play needs tricks",
)  # fmt: skip
FEATURES = len(NAMES)
#: Queens, kings and aces of a suit (ranks 10 to 12).
HIGH = 0x1C00


def after_card(
    hands: list[int], trump: int, leader: int, trick: list[int], won: list[int], left: int, card: int
) -> tuple[list[int], int, list[int], list[int], int]:
    """The position after the seat to play plays ``card``: hands, leader, trick, tricks won, tricks left (a trick
    the card completes is taken)."""
    n = len(hands)
    seat = (leader + len(trick)) % n
    hands = hands[:]
    hands[seat] ^= 1 << card
    trick = [*trick, card]
    won = won[:]
    if len(trick) < n:
        return hands, leader, trick, won, left
    winner = (leader + trick_winner(trick, trump)) % n
    won[winner] += 1
    return hands, winner, [], won, left - 1


def top_cards(hands: list[int], trump: int) -> list[tuple[int, int, int]]:
    """Per seat: its top cards (no card in another hand outranks them in their suit), its trumps, and its top
    trumps."""
    every = 0
    for hand in hands:
        every |= hand
    found = []
    for hand in hands:
        top = trumps = top_trumps = 0
        for suit in range(4):
            mine = (hand >> (13 * suit)) & 0x1FFF
            if not mine:
                continue
            others = ((every & ~hand) >> (13 * suit)) & 0x1FFF
            count = (mine >> others.bit_length()).bit_count()  # mine above the others' highest
            top += count
            if suit == trump:
                trumps, top_trumps = mine.bit_count(), count
        found.append((top, trumps, top_trumps))
    return found


def inputs(
    hands: list[int],
    trump: int,
    leader: int,
    trick: list[int],
    won: list[int],
    targets: list[int],
    left: int,
    gone: int,
    card: int,
) -> list[float] | None:
    """The inputs (``NAMES``) of the position after the seat to play plays ``card`` in this world (every hand
    known: ``hands`` before the card); ``None`` when the card ends the round (settled)."""
    n = len(hands)
    made = rollout(hands, trump, leader, trick, targets, won, left, gone, card)
    hands, leader, trick, won, left = after_card(hands, trump, leader, trick, won, left, card)
    if left == 0:
        return None
    need = [targets[p] - won[p] for p in range(n)]
    done = [p for p in range(n) if need[p] == 0]
    cards = top_cards(hands, trump)
    x = [0.0] * LONGEST
    x[min(left, LONGEST) - 1] = 1.0
    lacking = sum(max(0, need[p] - top - (trumps - top_trumps)) for p, (top, trumps, top_trumps) in enumerate(cards))
    spare = sum(max(0, top - need[p]) for p, (top, _, _) in enumerate(cards))
    high = sum(((hands[p] >> (13 * suit)) & HIGH).bit_count() for p in done for suit in range(4))
    x += [
        float(made), len(trick) / n, n / 5, len(done) / n, sum(need[p] == left for p in range(n)) / n,
        max(need) / left, sum(need[p] > 0 for p in range(n)) / n,
        sum(c[1] for c in cards) / (left * n), sum(cards[p][1] for p in done) / left,
        sum(cards[p][0] for p in done) / left, lacking / left, spare / left, float(trump >= 0), high / left,
        float(need[(leader + len(trick)) % n] > 0),
    ]  # fmt: skip
    return x


class PositionValue(Network):
    """The network: the chance the team makes its numbers, from a position's inputs."""

    def chances(self, x: np.ndarray) -> np.ndarray:
        """Rows of inputs to chances (0..1)."""
        out: np.ndarray = 1.0 / (1.0 + np.exp(-self.forward(x)[:, 0]))
        return out


@cache
def value(path: Path = MODEL) -> PositionValue:
    """The shipped model (or the one at ``path``)."""
    model = PositionValue.load(path)
    if model.inputs != FEATURES:
        raise ValueError(f"{path.name} takes {model.inputs} inputs, the position gives {FEATURES}")
    return model
