"""Fit ``number_reading.json``: how the team-mates choose their numbers in rounds of 6 and 7 cards.

``python -m tricktable.bots.tricks_together.number_reading_fit [--deals 6000] [--workers 2] [--settings 4/6 4/7]
[--out FILE]`` deals rounds of each setting (3 to 5 players, 6 and 7 cards, with trumps, or only the
``--settings`` given; deal ``i`` by seed ``i``, the dealer turning with ``i``), lets a team of ``strong``
team-mates choose their numbers (the dealer excepted), and fits a softmax from each chooser's hand features
(``number_reading.features``) to the number it chose: on four fifths of the choices, checked on the rest.  It
prints, per setting, the share of held-out numbers the model's likeliest number gets right and the mean
log-chance of the number chosen, beside the same for a Gaussian around the blueprint's estimate (the reading the
model replaces) and for the model it refits.  The settings fitted replace theirs in a copy of the shipped file,
written to ``--out`` (by default the shipped file itself); the other settings are kept.  Fitting takes about 5
minutes a setting on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import math
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

import tricktable
from tricktable.bots.tricks_together.blueprint import number_scale
from tricktable.bots.tricks_together.number_reading import MODEL, features, reader_for
from tricktable.bots.tricks_together.search import TeamMate
from tricktable.rules.tricks_together import read_view

SETTINGS = [(players, cards) for players in (3, 4, 5) for cards in (6, 7)]
#: Fitting steps (Adam on the mean log-chance, a light L2 penalty): enough for the held-out score to settle.
STEPS = 3000


def choices(task: tuple[int, int, int]) -> list[tuple[list[float], int]]:
    """The features and number of each chooser (the dealer excepted) in deal ``seed`` of one setting; a deal
    whose numbers exceed the cards is dealt again by the rules, and its choices count too."""
    players, cards, seed = task
    game: Any = tricktable.new_game(
        "tricks-together", players=players, seed=seed, deals=[{"round": cards, "dealer": seed % players}]
    )
    bots = {seat: TeamMate(seed=seed * 16 + seat, level="strong") for seat in range(players)}
    scale = number_scale(cards, players, True)
    rows = []
    while game.to_move is not None and game.phase == "commit":
        seat = game.to_move
        view = game.view(seat)
        move = bots[seat].choose(view)
        known = read_view(view)
        if seat != known.dealer and known.trump >= 0:
            position = (seat - known.dealer) % players
            row = features(known.hand, cards, players, known.trump, known.trump_card, position, scale)
            rows.append((row, int(move.split()[1])))
        game.play(move)
    return rows


def fit(x: np.ndarray, y: np.ndarray, numbers: int) -> tuple[np.ndarray, np.ndarray]:
    """Softmax weights (features x numbers) and biases, on standardised features, folded back to raw ones."""
    mean, spread = x.mean(0), x.std(0) + 1e-9
    xs = (x - mean) / spread
    weights = np.zeros((x.shape[1], numbers))
    bias = np.zeros(numbers)
    target = np.eye(numbers)[y]
    moments = [np.zeros_like(weights), np.zeros_like(weights), np.zeros_like(bias), np.zeros_like(bias)]
    for step in range(1, STEPS + 1):
        chance = _softmax(xs @ weights + bias)
        grad_w = xs.T @ (chance - target) / len(y) + 1e-4 * weights
        grad_b = (chance - target).mean(0)
        for param, grad, m, v in ((weights, grad_w, moments[0], moments[1]), (bias, grad_b, moments[2], moments[3])):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= 0.05 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    raw_weights = weights / spread[:, None]
    return raw_weights, bias - mean @ raw_weights


def _softmax(scores: np.ndarray) -> np.ndarray:
    scores = scores - scores.max(1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(1, keepdims=True)


def gaussian_score(x: np.ndarray, y: np.ndarray, numbers: int, sigma: float = 1.0) -> tuple[float, float]:
    """Hit rate and mean log-chance of a Gaussian of ``sigma`` around the estimate (feature 0)."""
    grid = np.arange(numbers)
    chance = np.exp(-0.5 * ((grid[None, :] - x[:, :1]) / sigma) ** 2)
    chance /= chance.sum(1, keepdims=True)
    return float((chance.argmax(1) == y).mean()), float(np.log(chance[np.arange(len(y)), y]).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=6000, help="deals per setting")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--settings", nargs="+", metavar="PLAYERS/CARDS", help="only these (default: every one)")
    parser.add_argument("--out", type=Path, default=MODEL, help="the file to write (default: the shipped one)")
    args = parser.parse_args()
    settings = SETTINGS if args.settings is None else [parse_setting(text) for text in args.settings]
    model: dict[str, Any] = json.loads(MODEL.read_text(encoding="utf-8")) if MODEL.exists() else {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for players, cards in settings:
            tasks = [(players, cards, seed) for seed in range(args.deals)]
            rows = [row for found in pool.map(choices, tasks, chunksize=8) for row in found]
            x = np.array([r[0] for r in rows])
            y = np.array([r[1] for r in rows])
            held_out = np.arange(len(y)) % 5 == 0
            weights, bias = fit(x[~held_out], y[~held_out], cards + 1)
            hits, log_chance = judge(_softmax(x[held_out] @ weights + bias), y[held_out])
            g_hits, g_log = gaussian_score(x[held_out], y[held_out], cards + 1)
            before = reader_for(players, cards)
            was = ""
            if before is not None:
                was = ", the model before {:.3f}, {:.3f}".format(*judge(before.chances_many(x[held_out]), y[held_out]))
            print(
                f"{players} players, {cards} cards: {len(y)} numbers; held out: model {hits:.3f} right,"
                f" log-chance {log_chance:.3f}; Gaussian around the estimate {g_hits:.3f}, {g_log:.3f}{was}"
            )
            model[f"{players}/{cards}"] = {
                "weights": [[round(float(w), 6) for w in weights[:, n]] for n in range(cards + 1)],
                "bias": [round(float(b), 6) for b in bias],
                "held_out_right": round(hits, 4),
                "held_out_log_chance": round(log_chance, 4) if math.isfinite(log_chance) else None,
            }
    args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


def parse_setting(text: str) -> tuple[int, int]:
    """``4/7``: 4 players, 7 cards (a setting the model covers), or exit saying what is wrong."""
    players, _, cards = text.partition("/")
    if (players.isdigit() and cards.isdigit()) and (int(players), int(cards)) in SETTINGS:
        return int(players), int(cards)
    raise SystemExit(f"no setting {text!r}: PLAYERS/CARDS, 3 to 5 players and 6 or 7 cards, e.g. 4/7")


def judge(chance: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Of a model's chances for the numbers ``y`` chosen: the share its likeliest number gets right, and the
    mean log-chance of the number chosen."""
    return float((chance.argmax(1) == y).mean()), float(np.log(chance[np.arange(len(y)), y]).mean())


if __name__ == "__main__":
    main()
