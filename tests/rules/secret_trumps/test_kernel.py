"""Secret Trumps' kernel agrees with the engine: the random rollout on ints replays card for card through
``SecretTrumps.play``."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable
from tricktable.rules.secret_trumps import legal_mask, parse_card, random_rollout


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]), second_deck=st.booleans())
def test_random_rollout_plays_exactly_the_engines_rules(seed: int, players: int, second_deck: bool) -> None:
    game: Any = tricktable.new_game("secret-trumps", players=players, seed=seed, second_deck=second_deck)
    rng = random.Random(seed)
    while game.phase != "play":
        game.play(rng.choice(game.legal_moves()))
    uniforms = [rng.random() for _ in range(9 * players)]
    won, captured, last_winner = random_rollout(game.hands, game.trumps, game.to_move, iter(uniforms).__next__)
    # The engine, choosing the same k-th legal card (legal moves are listed lowest first), trick by trick.
    draws = iter(uniforms)
    start = len(game.events)
    while game.phase == "play":
        seat = game.to_move
        moves = game.legal_moves()
        led = game.trick[0] if game.trick else None
        assert sum(1 << m.card for m in moves) == legal_mask(game.hands[seat], led, game.trumps)
        game.play(moves[int(next(draws) * len(moves))])
    tricks = [e for e in game.events[start:] if e.kind == "trick_won"]
    engine_won = [0] * players
    engine_captured = [0] * players
    for e in tricks:
        engine_won[e.seat] += 1
        for card in e.cards:
            engine_captured[e.seat] |= 1 << parse_card(card)
    assert (engine_won, engine_captured, tricks[-1].seat) == (won, captured, last_winner)
