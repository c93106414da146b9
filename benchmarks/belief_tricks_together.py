"""Tricks Together beliefs compared: how likely each reading finds the true place of every unseen card.

    python -m benchmarks.belief_tricks_together --data DATA [--positions 1500] [--worlds 600] [--model FILE]

On the held-out rounds in ``DATA`` (``belief_data.split``: rounds the network was not trained on), before every
card, from every seat's view, each reading gives every unseen card a chance for each place (each other seat, or
the unused rest of the pack), and the benchmark takes the log of the chance it gave the card's true place:

* ``uniform``: the sampler's worlds, unweighted (what a level without inference sees);
* ``strong``: the same worlds weighted as ``strong`` weighs them (its reading of the numbers and of the cards,
  ``TeamMate.weigh``): today's sampler with its weights;
* ``network``: the learned belief's chances themselves (``belief.py``);
* ``network worlds``: worlds drawn from the learned belief (``sample_deals`` with its weights), unweighted;
* ``network worlds, weighted``: those worlds weighted as ``strong`` weighs them.

A reading through worlds gives a card's place the weighted share of the worlds that put it there, mixed with a
little (``EPSILON``) of an even chance among the places the view allows, so that a place no world chose is not
impossible.  Printed: per reading, the mean log-chance per unseen card and per position (the sum over its
unseen cards: the log-likelihood of the deal if the cards were independent), and each reading's difference
from ``strong`` per position with its 95% interval.  Positions are taken evenly from all the held-out ones,
``--positions`` at most, so runs with the same arguments compare the same positions.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from tricktable.arena.stats import paired
from tricktable.bots.tricks_together import belief_data
from tricktable.bots.tricks_together.belief import MODELS, Belief, allowed, seat_weights
from tricktable.bots.tricks_together.search import TeamMate
from tricktable.rules.tricks_together import Knowledge, sample_deals

EPSILON = 0.01
READINGS = ("uniform", "strong", "network", "network worlds", "network worlds, weighted")


def shares(k: Knowledge, worlds: list[list[int]], weights: list[float], places: np.ndarray) -> np.ndarray:
    """Cards x places: the weighted share of the worlds that put each card in each place, mixed with an even
    chance among the allowed places."""
    n = k.players
    places_hands = np.array([[hands[(k.seat + j) % n] for j in range(1, n)] for hands in worlds], dtype=np.int64)
    held = (places_hands[:, :, None] >> np.arange(52)) & 1  # worlds x seats x cards
    rest = ((k.unseen >> np.arange(52, dtype=object)) & 1).astype(np.int64)[None, :] - held.sum(axis=1)
    by_place = np.concatenate([held, rest[:, None, :]], axis=1)  # worlds x places x cards
    found = np.einsum("w,wpc->cp", np.asarray(weights, dtype=float), by_place)
    total = max(sum(weights), 1e-300)
    even = places / np.maximum(places.sum(axis=1, keepdims=True), 1)
    return (1 - EPSILON) * found / total + EPSILON * even


def score(chances: np.ndarray, truth: np.ndarray) -> float:
    """The sum, over the unseen cards, of the log of the chance of the true place."""
    unseen = truth >= 0
    return float(np.log(np.maximum(chances[unseen, truth[unseen]], 1e-300)).sum())


Row = tuple[int, int, list[float]]  # the round's size, the position's unseen cards, each reading's log-chance sum


def measure(task: tuple[dict, list[int], int, int, Path]) -> list[Row]:
    """The wanted positions of one round."""
    record, wanted, worlds_count, seed, path = task
    model = Belief.load(path)
    return [
        _readings(k, hands, model, worlds_count, seed * 1000 + index)
        for index, (k, hands) in enumerate(belief_data.positions(record))
        if index in wanted
    ]


def _readings(k: Knowledge, hands: list[int], model: Belief, worlds_count: int, seed: int) -> Row:
    rng = random.Random(seed)
    truth = belief_data.label(k, hands)
    places = allowed(k)
    bot = TeamMate(seed=seed, level="strong")
    uniform = sample_deals(k, worlds_count, rng)
    _, weights = bot.weigh(k, uniform)
    drawn = sample_deals(k, worlds_count, rng, seat_weights(k, 1.0, model))
    _, drawn_weights = bot.weigh(k, drawn)
    scores = [
        score(shares(k, uniform, [1.0] * len(uniform), places), truth),
        score(shares(k, uniform, weights, places), truth),
        score(model.chances(k), truth),
        score(shares(k, drawn, [1.0] * len(drawn), places), truth),
        score(shares(k, drawn, drawn_weights, places), truth),
    ]
    return k.cards, int((truth >= 0).sum()), scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, required=True, help="the folder of rounds (belief_data --out)")
    parser.add_argument("--positions", type=int, default=1500)
    parser.add_argument("--worlds", type=int, default=600, help="worlds a reading through worlds weighs")
    parser.add_argument("--model", type=Path, help="the belief network's weights (default: the shipped one)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    records = [r for r in belief_data.load(args.data) if belief_data.split(r) == "test"]
    if not records:
        raise SystemExit(f"no held-out rounds in {args.data}")
    players = int(records[0]["players"])
    if args.model is None and players not in MODELS:
        raise SystemExit(f"no belief ships for {players} players: give --model")
    model = args.model or MODELS[players]
    counts = [sum(1 for _ in belief_data.positions(r)) for r in records]
    total = sum(counts)
    step = max(1, total // args.positions)
    tasks, at = [], 0
    for record, count in zip(records, counts):
        wanted = [i - at for i in range(at, at + count) if i % step == 0]
        if wanted:
            tasks.append((record, wanted, args.worlds, int(record["seed"]), model))
        at += count
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        rows = [row for found in pool.map(measure, tasks, chunksize=2) for row in found]
    cards_total = sum(unseen for _, unseen, _ in rows)
    print(f"{len(rows)} held-out positions of {len(records)} rounds, {cards_total} unseen cards, {args.worlds} worlds")
    print(f"  {'reading':<26} {'per card':>9} {'per position':>13}  {'minus strong, per position':>30}")
    for r, name in enumerate(READINGS):
        sums = [scores[r] for _, _, scores in rows]
        diff = paired([scores[r] - scores[1] for _, _, scores in rows])
        print(
            f"  {name:<26} {sum(sums) / cards_total:9.4f} {np.mean(sums):13.3f}"
            f"  {diff.mean:+10.3f} [{diff.low:+.3f}, {diff.high:+.3f}]"
        )
    for cards in sorted({c for c, _, _ in rows}):
        some = [row for row in rows if row[0] == cards]
        unseen = sum(u for _, u, _ in some)
        line = " ".join(f"{sum(s[r] for _, _, s in some) / unseen:8.4f}" for r in range(len(READINGS)))
        print(f"  {cards} cards, {len(some):5} positions, per card: {line}")
    print(f"  ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
