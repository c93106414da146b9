"""The blueprint is the heuristic on ints: the same move as the heuristic bot on the views of many games, and
its compiled twin the same move again; play-outs and inference weights built on it."""

from __future__ import annotations

import json
import random

import tricktable
from tricktable.bots.base import make_bot
from tricktable.bots.tandem_trick import cplay
from tricktable.bots.tandem_trick.blueprint import blueprint_move
from tricktable.bots.tandem_trick.heuristic import trick_distribution, win_chance
from tricktable.rules.tandem_trick import Position, TandemTrick, move_text, read_view, shuffle_deal


def test_the_blueprint_makes_the_heuristics_move_and_so_does_its_compiled_twin() -> None:
    checked = 0
    for players in (3, 4):
        for g in range(8):
            game = tricktable.new_game("tandem-trick", players=players, seed=500 + g)
            assert isinstance(game, TandemTrick)
            heuristic = make_bot("tandem-trick", "heuristic", seed=1)
            rng = random.Random(g)
            while not game.is_over:
                seat = game.to_move
                assert seat is not None
                view = json.loads(json.dumps(game.view(seat)))
                position = read_view(view).position(list(game.hands))
                expected = heuristic.choose(view)
                assert move_text(blueprint_move(position)) == expected
                assert move_text(cplay.blueprint_move(position)) == expected
                checked += 1
                # Now and then a random move, so that the positions are not only the heuristic's own.
                game.play(expected if rng.random() < 0.8 else rng.choice(view["legal_moves"]))
    assert checked > 1000


def test_the_compiled_play_out_ends_as_the_blueprint_played_move_by_move() -> None:
    rng = random.Random(3)
    for g in range(40):
        players = 3 + g % 2
        pos = Position.deal(shuffle_deal(rng, players), rng.randrange(players))
        for _ in range(rng.randrange(30)):
            pos.play(rng.choice(pos.legal()))
        expected = pos.copy()
        while not expected.over:
            expected.play(blueprint_move(expected))
        assert cplay.play_out_points(pos, g % 3 != 0) == expected.points(g % 3 != 0)


def test_win_chances_fall_with_the_unseen_cards_above() -> None:
    red_eleven, red_five = 11, 5
    assert win_chance(red_eleven, unseen=0b0111_1111_1111) == 0.85
    assert win_chance(red_five, unseen=0) == 0.85
    assert win_chance(red_five, unseen=0b1111_1100_0000) < win_chance(red_five, unseen=0b1100_0000_0000)
    dist = trick_distribution([0.5, 0.5])
    assert dist == [0.25, 0.5, 0.25]


def test_the_true_deal_explains_the_heuristics_moves_perfectly() -> None:
    # Against heuristic players the deal actually dealt has weight 1 (every move is the blueprint's); other
    # deals consistent with the view mostly do not.
    game = tricktable.new_game("tandem-trick", players=4, seed=77)
    assert isinstance(game, TandemTrick)
    bots = [make_bot("tandem-trick", "heuristic", seed=s) for s in range(4)]
    for _ in range(22):
        seat = game.to_move
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat)))
    k = read_view(json.loads(json.dumps(game.view(game.to_move))))
    start = Position.deal([0] * 4, k.round_leader)
    truth = k.dealt(list(game.hands))
    assert cplay.world_weights(start, [truth], k.history, k.seat, 0.1) == [1.0]
    others = tricktable.rules.tandem_trick.sample_deals(k, 50, random.Random(1))
    weights = cplay.world_weights(start, [k.dealt(w) for w in others], k.history, k.seat, 0.1)
    assert min(weights) < 1.0
    assert cplay.world_weights(start, [k.dealt(w) for w in others], k.history, k.seat, 1.0) == [1.0] * 50
