"""Fitting the shared small-round number policy (``small_rounds.py``) by best replies on sampled deals.

``compute_policy`` deals many random rounds, and for each deal and each way the choosers' numbers can add up
to at most the cards, asks the open-hands solver whether the team can make them.  Starting from every seat
choosing its cards that no unseen card of their suit outranks, it then improves one position at a time, shape
by shape, with that position's best reply to the others on those deals, until no position changes.  Judging a
deal with open hands is the optimistic side: the bots make fewer of those rounds, but measured on the same
deals, numbers chosen this way let a ``strong`` team make at least as many rounds as numbers chosen by search,
and more at 2, 4 and 5 cards (see the game's page).

``python -m tricktable.bots.tricks_together.small_rounds_fit`` recomputes ``small_rounds.json`` (3 to 5
players, 2 to 5 cards, with trumps) and prints each policy's share of deals made, on deals it was not fitted
on.  The deals are seeded, so the table comes out the same each time.
"""

from __future__ import annotations

import itertools
import json
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from tricktable.bots.tricks_together.small_rounds import CAPS, SETTINGS, TABLE, shape
from tricktable.rules.tricks_together import makeable

#: Deals each setting's policy is fitted on, by cards a round (longer rounds are slower to judge).
DEALS = {2: 300_000, 3: 200_000, 4: 160_000, 5: 120_000}


def number_vectors(players: int, cards: int) -> list[tuple[int, ...]]:
    """Every vector of the choosers' numbers (positions 1 .. players-1) whose sum leaves the dealer >= 0."""
    return [v for v in itertools.product(range(cards + 1), repeat=players - 1) if sum(v) <= cards]


def sample(players: int, cards: int, deals: int, seed: int) -> tuple[list[list[str]], np.ndarray]:
    """Random deals (the dealer is seat 0): each chooser's shape, and for each number vector whether the team
    could make it with open hands."""
    rng = random.Random(seed)
    vectors = number_vectors(players, cards)
    cap = CAPS[cards]
    shapes: list[list[str]] = []
    made = np.zeros((deals, len(vectors)), dtype=bool)
    for d in range(deals):
        drawn = rng.sample(range(52), players * cards + 1)
        turned = drawn[-1]
        hands = [sum(1 << c for c in drawn[p * cards : (p + 1) * cards]) for p in range(players)]
        shapes.append([shape(hands[p], turned, cap) for p in range(1, players)])
        reachable = makeable(hands, turned // 13, 1)
        for i, vector in enumerate(vectors):
            made[d, i] = (cards - sum(vector), *vector) in reachable
    return shapes, made


class Sampled:
    """Sampled deals in array form: shape ids per position, and a lookup from number vectors to columns."""

    def __init__(self, players: int, cards: int, shapes: list[list[str]], made: np.ndarray) -> None:
        self.players, self.cards = players, cards
        self.names = sorted({s for row in shapes for s in row})
        index = {name: i for i, name in enumerate(self.names)}
        self.ids = np.array([[index[s] for s in row] for row in shapes], dtype=np.int64)
        self.made = made
        self.column = -np.ones((cards + 1,) * (players - 1), dtype=np.int64)
        for i, vector in enumerate(number_vectors(players, cards)):
            self.column[vector] = i

    def successes(self, numbers: np.ndarray) -> np.ndarray:
        """Per deal, whether the numbers (deals x positions) could be made; over the cards fails."""
        column = self.column[tuple(numbers.T)]
        out = np.zeros(len(numbers), dtype=bool)
        ok = column >= 0
        out[ok] = self.made[np.nonzero(ok)[0], column[ok]]
        return out

    def numbers(self, policy: np.ndarray) -> np.ndarray:
        """Per deal and position, the policy's number (``policy``: positions x shapes)."""
        return np.stack([policy[p][self.ids[:, p]] for p in range(self.players - 1)], axis=1)

    def rate(self, policy: np.ndarray) -> float:
        return float(self.successes(self.numbers(policy)).mean())

    def best_reply(self, policy: np.ndarray, position: int) -> np.ndarray:
        """The numbers of ``position`` (0-based among the choosers) that do best against the others, per shape;
        a tie keeps the current number."""
        numbers = self.numbers(policy)
        scores = np.zeros((len(self.names), self.cards + 1))
        for number in range(self.cards + 1):
            numbers[:, position] = number
            np.add.at(scores[:, number], self.ids[:, position], self.successes(numbers))
        current = policy[position]
        reply = scores.argmax(axis=1)
        keep = scores[np.arange(len(current)), current] >= scores.max(axis=1)
        reply[keep] = current[keep]
        return reply

    def improve(self, policy: np.ndarray, rounds: int = 50) -> np.ndarray:
        """Best replies, one position at a time, until no position changes (or ``rounds`` sweeps)."""
        policy = policy.copy()
        for _ in range(rounds):
            changed = False
            for position in range(self.players - 1):
                reply = self.best_reply(policy, position)
                changed |= bool((reply != policy[position]).any())
                policy[position] = reply
            if not changed:
                break
        return policy

    def share_start(self) -> np.ndarray:
        """The starting policy: a shape's number is its cards no unseen card of their suit outranks."""
        starts = []
        for name in self.names:
            sure = sum(1 for group in name.split("|") for above in group[2:].split(".") if above == "0")
            starts.append(min(self.cards, sure))
        return np.tile(np.array(starts, dtype=np.int64), (self.players - 1, 1))


def compute_policy(players: int, cards: int, deals: int, seed: int = 0) -> dict[str, Any]:
    """The joint policy for one setting, fitted on ``deals`` deals and checked on a quarter as many others."""
    fitted = Sampled(players, cards, *sample(players, cards, deals, seed))
    policy = fitted.improve(fitted.share_start())
    check_shapes, check_made = sample(players, cards, max(1, deals // 4), seed + 1)
    known = {name: i for i, name in enumerate(fitted.names)}
    checked = Sampled(players, cards, check_shapes, check_made)
    # Shapes the fitting deals never met take the starting policy's number here (at the table, the bots
    # search for those numbers instead).
    start = checked.share_start()
    for i, name in enumerate(checked.names):
        if name in known:
            start[:, i] = policy[:, known[name]]
    return {
        "cap": CAPS[cards],
        "policy": [{name: int(policy[p][i]) for i, name in enumerate(fitted.names)} for p in range(players - 1)],
        "fitted_rate": fitted.rate(policy),
        "checked_rate": checked.rate(start),
        "deals": deals,
    }


def _compute(setting: tuple[int, int]) -> dict[str, Any]:
    players, cards = setting
    return compute_policy(players, cards, deals=DEALS[cards])


def main() -> None:
    # The slowest settings first, so that the workers finish together.
    order = sorted(SETTINGS, key=lambda s: -(s[0] * 10 + s[1]))
    table = {}
    with ProcessPoolExecutor() as pool:
        for (players, cards), entry in zip(order, pool.map(_compute, order)):
            table[f"{players}/{cards}"] = entry
    for players, cards in SETTINGS:
        rate = table[f"{players}/{cards}"]["checked_rate"]
        print(f"{players} players, {cards} cards: made with open hands {rate:.3f} (checked deals)")
    TABLE.write_text(json.dumps(table, indent=0, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
