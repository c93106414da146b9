"""The belief benchmark scores every reading of a position on the same unseen cards."""

from __future__ import annotations

import random

import numpy as np

from tricktable.bots.tricks_together import belief_data
from tricktable.bots.tricks_together.belief import MODEL, Belief, allowed
from tricktable.rules.tricks_together import sample_deals

from benchmarks import belief_tricks_together as BELIEF


def played_round(seed: int) -> belief_data.Record:
    rng = random.Random(seed)
    game = belief_data.deal(4, 5, seed, 1)
    moves = []
    while not game.score_sheet:
        move = rng.choice(sorted(str(m) for m in game.legal_moves()))
        moves.append(move)
        game.play(move)
    return {"players": 4, "cards": 5, "seed": seed, "dealer": 1, "moves": moves}


def test_shares_are_chances_over_the_allowed_places_and_every_reading_is_scored() -> None:
    # The first deal whose numbers leave a round to play (random numbers often exceed the cards).
    found = next(f for f in (list(belief_data.positions(played_round(seed))) for seed in range(50)) if len(f) > 8)
    k, hands = found[len(found) // 2]
    places = allowed(k)
    worlds = sample_deals(k, 40, random.Random(0))
    found = BELIEF.shares(k, worlds, [1.0] * len(worlds), places)
    unseen = [c for c in range(52) if k.unseen >> c & 1]
    assert np.allclose(found[unseen].sum(axis=1), 1.0)
    assert not found[~places].any()
    cards, count, scores = BELIEF._readings(k, hands, Belief.load(MODEL), 40, 1)
    assert (cards, count) == (5, len(unseen))
    assert len(scores) == len(BELIEF.READINGS) and all(-50 * count < s < 0 for s in scores)
