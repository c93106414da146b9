"""The kernel against the game: a random rollout's every choice is a legal move of ``TandemTrick``, and the
round it plays scores the same when its trace is replayed through ``play``."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable
from tricktable.rules.tandem_trick import CARD_TEXT, TandemTrick, cards_text, parse_card, random_rollout, shuffle_deal


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([3, 4]))
def test_fast_rollout_applies_exactly_the_rules(seed: int, players: int) -> None:
    rng = random.Random(seed)
    hands = shuffle_deal(rng, players)
    leader = rng.randrange(players)
    trace: list[tuple[int, list[str], str]] = []
    won, bids, final_leader = random_rollout(hands, leader, rng, trace)
    deal = {"hands": [cards_text(h) for h in hands], "leader": leader}
    game = tricktable.new_game("tandem-trick", players=players, seed=1, deals=[deal])
    assert isinstance(game, TandemTrick)
    # This checks one round's mechanics: no score may end the game, not even a misère's million.
    game.target = 10**8
    for seat, legal, move in trace:
        assert game.to_move == seat
        assert sorted(str(m) for m in game.legal_moves()) == legal
        game.play(move)
    row = game.score_sheet[0]
    assert row["tricks"] == won
    assert row["bids"] == [b % 12 for b in bids]
    assert game.round_no == 2 and game.round_leader == final_leader
    assert all(parse_card(CARD_TEXT[b]) == b for b in bids)
