"""Fit ``play_reading.json``: how the team-mates choose their cards.

``python -m tricktable.bots.tricks_together.play_reading_fit [--deals 120] [--players 4] [--workers 2]
[--reading rational|shipped] [--out FILE]`` deals
rounds of 3 to 7 cards (deal ``i`` by seed ``50000 + i``, the dealer turning with ``i``), lets a team of
``strong`` team-mates choose the numbers and play them out, and collects every choice between two or more legal
cards with the features of each (``cteam.play_features``, in the true deal).  The team-mates play as ``strong``
did before it read cards with this model (``FITTED_FROM``: the ``rational`` reading instead), so that the
fitting does not feed on its own output and the stored model can be made again; ``--reading shipped`` lets
them read cards with the shipped model, as ``strong`` plays now (the next turn of fitting; write it elsewhere
with ``--out`` and try it with ``benchmarks/play_paired_tricks_together.py --b-card-model``).  It fits a
softmax over the legal cards (a conditional logit: one coefficient a feature) on four fifths of the choices and
prints, on the rest, the mean log-chance of the card played beside the same for the earlier reading (only "the
card works", at the ``rational`` strength 0.7) and for a blind guess, and how often the model's likeliest card
is the one played.
Collecting takes about 3 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

import tricktable
from tricktable.bots.tricks_together import cteam
from tricktable.bots.tricks_together.play_reading import FEATURES, MODEL
from tricktable.bots.tricks_together.search import LEVELS, TeamMate
from tricktable.core.cards import parse_card

SIZES = (3, 4, 5, 6, 7)
FIRST_SEED = 50000
#: Fitting steps (Adam on the mean log-chance, a light L2 penalty): enough for the held-out score to settle.
STEPS = 3000
#: The earlier reading of a partner's cards: "it works", at ``rational`` 0.7.
RATIONAL = 0.7
#: The team-mates whose cards are fitted: ``strong`` as it played before it used this model (or the policy's).
FITTED_FROM = dataclasses.replace(
    LEVELS["strong"], name="strong", play_model=0.0, policy_reading=0.0, rational=RATIONAL
)
#: Whose cards a fitting reads: ``strong`` as it was before this model (the shipped model's data), or as it is.
READINGS = {"rational": FITTED_FROM, "shipped": LEVELS["strong"]}

Choice = tuple[int, list[list[float]]]  # the index of the card played, the features of each legal card


def choices(task: tuple[int, int, int, str]) -> list[Choice]:
    """Every choice of two cards or more in one round played by team-mates of ``READINGS[reading]`` (none if
    the numbers exceeded the cards: that round is dealt again by the rules, and its play is not this deal's)."""
    players, cards, seed, reading = task
    game: Any = tricktable.new_game(
        "tricks-together", players=players, seed=seed, deals=[{"round": cards, "dealer": seed % players}]
    )
    bots = {seat: TeamMate(seed=seed * 16 + seat, level="strong") for seat in range(players)}
    for bot in bots.values():
        bot.level = READINGS[reading]
    start: dict[str, Any] | None = None
    history: list[tuple[int, int]] = []
    while not game.score_sheet:
        seat = game.to_move
        move = bots[seat].choose(game.view(seat))
        if game.phase == "play":
            if start is None:
                start = {"hands": list(game.hands), "numbers": list(game.numbers), "dealer": game.dealer}
                start |= {"trump": game.trump_suit, "trump_card": game.trump_card}
            history.append((seat, parse_card(move)))
        game.play(move)
    if start is None:
        return []
    rows = cteam.play_features(
        start["hands"], start["numbers"], history, start["dealer"], cards, start["trump"], start["trump_card"]
    )
    return [(chosen, features) for _, chosen, features in rows]


def pack(found: list[Choice]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features (choices x cards x features, padded), which cards are real, and the index played."""
    width = max(len(features) for _, features in found)
    x = np.zeros((len(found), width, len(FEATURES)))
    real = np.zeros((len(found), width), dtype=bool)
    for i, (_, features) in enumerate(found):
        x[i, : len(features)] = features
        real[i, : len(features)] = True
    return x, real, np.array([chosen for chosen, _ in found])


def log_chances(theta: np.ndarray, x: np.ndarray, real: np.ndarray) -> np.ndarray:
    """The log-chance of every card of every choice under coefficients ``theta`` (padding: minus infinity)."""
    scores = np.where(real, x @ theta, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    return scores - np.log(np.exp(scores).sum(axis=1, keepdims=True))


def fit(x: np.ndarray, real: np.ndarray, played: np.ndarray) -> np.ndarray:
    """The coefficients that make the cards played likeliest (Adam on the mean log-chance)."""
    theta = np.zeros(x.shape[2])
    first, second = np.zeros_like(theta), np.zeros_like(theta)
    rows = np.arange(len(played))
    for step in range(1, STEPS + 1):
        chance = np.exp(log_chances(theta, x, real))
        expected = (chance[..., None] * x).sum(axis=1)
        grad = (expected - x[rows, played]).mean(axis=0) + 1e-4 * theta
        first = 0.9 * first + 0.1 * grad
        second = 0.999 * second + 0.001 * grad * grad
        theta -= 0.05 * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-8)
    return theta


def scores(theta: np.ndarray, x: np.ndarray, real: np.ndarray, played: np.ndarray) -> tuple[float, float]:
    """Mean log-chance of the card played, and the share of choices whose likeliest card it was."""
    chances = log_chances(theta, x, real)
    rows = np.arange(len(played))
    return float(chances[rows, played].mean()), float((chances.argmax(axis=1) == played).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=120, help="deals per round size")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--reading", choices=sorted(READINGS), default="rational", help="how the team-mates read cards while playing"
    )
    parser.add_argument("--out", type=Path, default=MODEL, help="the model's file (default: the shipped one)")
    args = parser.parse_args()
    tasks = [(args.players, cards, FIRST_SEED + i, args.reading) for i in range(args.deals) for cards in SIZES]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        found = [choice for round_choices in pool.map(choices, tasks, chunksize=4) for choice in round_choices]
    x, real, played = pack(found)
    held_out = np.arange(len(played)) % 5 == 0
    theta = fit(x[~held_out], real[~held_out], played[~held_out])
    model, model_top = scores(theta, x[held_out], real[held_out], played[held_out])
    rational, _ = scores(np.eye(len(FEATURES))[0] * RATIONAL, x[held_out], real[held_out], played[held_out])
    blind = float(-np.log(real[held_out].sum(axis=1)).mean())
    print(f"{len(played)} choices; held out, mean log-chance of the card played:")
    print(f"  model {model:.3f} (its likeliest card played {model_top:.1%})", end="")
    print(f", 'it works' {rational:.3f}, blind {blind:.3f}")
    for name, value in zip(FEATURES, theta, strict=True):
        print(f"  {name:>20} {value:+.3f}")
    entry = {
        "coefficients": [round(float(c), 4) for c in theta],
        "features": list(FEATURES),
        "players": args.players,
        "reading": args.reading,
        "choices": len(played),
        "held_out_log_chance": round(model, 4),
        "held_out_likeliest_played": round(model_top, 4),
        "rational_log_chance": round(rational, 4),
        "blind_log_chance": round(blind, 4),
    }
    args.out.write_text(json.dumps(entry, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
