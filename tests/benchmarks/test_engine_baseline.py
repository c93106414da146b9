"""The engine benchmark's two sides really do their work: a ratio is only as honest as its baseline.

OpenSpiel's ``evaluate_bots`` plays the state it is given to the end, in place; fed the same state twice it
plays nothing the second time and looks very fast.  These tests pin that the benchmark gives it a fresh clone
each time, that the clones are really played (moves counted, returns varying with the seed), and that our own
sides make the moves they claim.
"""

from __future__ import annotations

import pytest

from benchmarks import engine as ENGINE

pyspiel = pytest.importorskip("pyspiel", reason="the 'bench' extra (open-spiel) is not installed")


def test_evaluate_bots_plays_every_card_of_a_fresh_clone_each_time() -> None:
    game = ENGINE.openspiel_game()
    work, dealt = ENGINE.openspiel_evaluate_bots(game)
    start = dealt.move_number()
    for _ in range(2):
        units, moves = work()
        assert units == 1000
        assert moves == 1000 * 32, "each rollout plays 4 bids and 28 cards"
        assert not dealt.is_terminal() and dealt.move_number() == start, "the dealt state itself is never played"


def test_evaluate_bots_returns_vary_with_the_seed() -> None:
    game = ENGINE.openspiel_game()
    dealt = ENGINE.openspiel_dealt_state(game)
    bots = [pyspiel.make_uniform_random_bot(p, 11 + p) for p in range(4)]
    returns = {tuple(pyspiel.evaluate_bots(dealt.clone(), bots, seed)) for seed in range(50)}
    assert len(returns) > 5
    # The trap the benchmark avoids: the same state twice plays nothing the second time.
    spent = dealt.clone()
    pyspiel.evaluate_bots(spent, bots, 1)
    moves = spent.move_number()
    pyspiel.evaluate_bots(spent, bots, 2)
    assert spent.move_number() == moves


def test_the_python_loop_plays_whole_games() -> None:
    units, moves = ENGINE.openspiel_python_loop(ENGINE.openspiel_game())()
    assert units == 50 and moves == 50 * (31 + 4 + 28)  # 31 chance moves (dealer, deal, trump card), bids, cards


def test_our_sides_make_the_moves_they_claim() -> None:
    units, moves = ENGINE.public_api_rounds()()
    assert (units, moves) == (50, 50 * 31)
    for work in (ENGINE.pure_rollouts(), ENGINE.compiled_rollouts(), ENGINE.batched_rollouts(batch=64)):
        assert work is not None, "the compiled kernel is not built"
        units, moves = work()
        assert moves == units * (3 + 28)
