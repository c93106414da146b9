"""The search bot: its levels, legal moves from views alone, the game-aware utility, scripted decisions, and a
seeded comparison with the heuristic on the same deals."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tricktable
from tricktable.bots.base import bot_kinds, default_level, make_bot
from tricktable.bots.tandem_trick import cplay
from tricktable.bots.tandem_trick.search import FIRST_BATCHES, LEVELS, survivors, utility
from tricktable.rules.tandem_trick import Position, shuffle_deal

GAME = "tandem-trick"


def test_the_levels_are_listed_weakest_first_and_normal_is_the_default() -> None:
    assert bot_kinds(GAME) == ["random", "heuristic", "easy", "normal", "strong"]
    assert default_level(GAME) == "normal"
    assert LEVELS["easy"].budget < LEVELS["normal"].budget < LEVELS["strong"].budget
    assert LEVELS["easy"].worlds < LEVELS["normal"].worlds < LEVELS["strong"].worlds


def test_the_utility_is_the_share_of_the_win() -> None:
    # The round ends the game: the highest total wins, a tie shares it.
    assert utility([10, 2, 3], [15, 20, 0], seat=0, target=24, beta=0.15) == 1.0
    assert utility([9, 5, 3], [15, 19, 0], seat=0, target=24, beta=0.15) == 0.5
    assert utility([9, 3, 3], [15, 20, 0], seat=1, target=24, beta=0.15) == 0.0
    # Otherwise a softmax of the totals: more points, more share; the shares add up to one.
    low = utility([2, 2, 2], [0, 0, 0], seat=0, target=24, beta=0.15)
    high = utility([6, 2, 2], [0, 0, 0], seat=0, target=24, beta=0.15)
    assert low == pytest.approx(1 / 3) and high > low
    assert sum(utility([6, 2, 2], [0, 1, 5], s, 24, 0.15) for s in range(3)) == pytest.approx(1.0)


def test_the_compiled_search_scores_a_finished_round_with_the_same_utility() -> None:
    rng = random.Random(8)
    for g in range(30):
        players = 3 + g % 2
        pos = Position.deal(shuffle_deal(rng, players), rng.randrange(players))
        while True:  # down to the round's last move
            after = pos.copy()
            after.play(after.legal()[0])
            if after.over:
                break
            pos.play(rng.choice(pos.legal()))
        totals = [rng.randrange(25) for _ in range(players)]
        moves = pos.legal()
        scores = cplay.evaluate(pos, [pos.hands], [0.5], moves, totals, 24, True, 0.15, 12)
        for move, score in zip(moves, scores):
            done = pos.copy()
            done.play(move)
            assert score == pytest.approx(0.5 * utility(done.points(), totals, pos.turn, 24, 0.15))


def test_a_move_drops_out_only_when_clearly_beaten() -> None:
    batches = [[0.5, 0.1, 0.49], [0.6, 0.2, 0.62], [0.55, 0.1, 0.5], [0.52, 0.12, 0.55], [0.5, 0.1, 0.5]] * 2
    scores = [sum(b[i] for b in batches) for i in range(3)]
    assert len(batches) >= FIRST_BATCHES
    assert survivors([0, 1, 2], scores, batches, sure=3.0) == [0, 2]
    assert survivors([0, 1, 2], scores, batches[: FIRST_BATCHES - 1], sure=3.0) == [0, 1, 2]  # too early to tell
    assert survivors([0, 1, 2], scores, batches, sure=0.0) == [0, 1, 2]  # this level never drops a move


@pytest.mark.parametrize("players", [3, 4])
def test_every_level_plays_legal_moves_from_views_alone(players: int) -> None:
    kinds = ["easy", "normal", "strong", "heuristic"][:players]
    game = tricktable.new_game(GAME, players=players, seed=40 + players, target=1)
    bots = {seat: make_bot(GAME, kinds[seat], seed=seat) for seat in range(players)}
    while game.to_move is not None:
        seat = game.to_move
        view: dict[str, Any] = json.loads(json.dumps(game.view(seat)))  # the view, and nothing else
        move = bots[seat].choose(view)
        assert move in view["legal_moves"]
        game.play(move)
    assert game.is_over


def test_the_search_bot_outscores_the_heuristic_on_the_same_deals() -> None:
    # A small duplicate match (the arena's, 4 deals of 3 players, each deal once with the bot on every seat; the
    # game to 12 points to keep it short).  The full measurements are in benchmarks/arena_tandem_trick.md.
    from tricktable.arena import play, summarise, tasks

    results = [play(task) for task in tasks(GAME, "easy", "heuristic", 3, 4, {"target": 12}, seed=300)]
    summary = summarise(results, "easy", "heuristic")
    easy = summary.rates["easy: win share per seat"][0]
    heuristic = summary.rates["heuristic: win share per seat"][0]
    assert easy > heuristic + 0.2, (easy, heuristic)
