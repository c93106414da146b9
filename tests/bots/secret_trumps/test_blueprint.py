"""The blueprint in C (``cplay``, ``csearch``) makes exactly the choices of the Python reference (``blueprint``,
``picking``) from the same seeds: every card of every play-out, every pick of every simulated round, and the
scores of the search loops."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable
from tricktable.bots.secret_trumps import cplay, csearch
from tricktable.bots.secret_trumps.blueprint import (
    CHEAP,
    KEEP,
    LOSE,
    WIN,
    Play,
    hypothesis_index,
    hypothesis_mask,
    play_card,
    playout,
    start_aim,
    stream_seed,
    trick_estimates10,
)
from tricktable.bots.secret_trumps.picking import Picking, finish_picking, simulate
from tricktable.core.splitmix import SplitMix64
from tricktable.rules.secret_trumps import legal_mask, trumps_for
from tricktable.rules.secret_trumps.knowledge import Knowledge, read_view
from tricktable.rules.secret_trumps.solver import NO_GOAL, goal_code, max_n


def advanced(seed: int, players: int, until: Any) -> Any:
    game: Any = tricktable.new_game("secret-trumps", players=players, seed=seed, second_deck=seed % 5 != 0)
    rng = random.Random(seed)
    while not until(game):
        game.play(rng.choice(game.legal_moves()))
    return game


def in_play(seed: int, players: int) -> Any:
    return advanced(
        seed,
        players,
        lambda g: g.phase == "play" and g.tricks_played * players + len(g.trick) >= seed % (9 * players - 1),
    )


def in_picking(seed: int, players: int) -> tuple[Any, Knowledge]:
    game = advanced(
        seed,
        players,
        lambda g: g.phase == "pick" and g.cur_row * players + len(g.picks[g.cur_row]) >= seed % (9 * players - 1),
    )
    return game, read_view(game.view(game.to_move))


def codes_of(game: Any) -> list[int]:
    return [NO_GOAL if g is None else goal_code(game.goals[g].slug) for g in game.chosen]


def truth_of(game: Any) -> int:
    return hypothesis_index(game.trumps.suit, game.trumps.rank)


def test_splitmix_gives_the_published_sequence() -> None:
    # SplitMix64 seeded with 0 starts 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4 (Steele, Lea and Flood, 2014).
    rng = SplitMix64(0)
    assert [rng.next(), rng.next()] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


@pytest.mark.parametrize("seed", range(60))
def test_play_card_is_the_same_in_c(seed: int) -> None:
    game = in_play(seed, 3 + seed % 2)
    seat = game.to_move
    legal = legal_mask(game.hands[seat], game.trick[0] if game.trick else None, game.trumps)
    key = trumps_for(game.trumps.suit, game.trumps.rank).key
    for how in (WIN, LOSE, KEEP, CHEAP):
        for avoid in (-1, seed % 4):
            expected = play_card(legal, game.trick, key, how, avoid, game.players)
            assert cplay.c_play_card(legal, list(game.trick), truth_of(game), how, avoid, game.players) == expected


@pytest.mark.parametrize("seed", range(80))
def test_a_playout_is_the_same_in_c(seed: int) -> None:
    game = in_play(seed, 3 + seed % 2)
    n = game.players
    goals = codes_of(game)
    aim = goals[(game.start + 1) % n] if seed % 2 else NO_GOAL
    leader = game.trick_seats[0] if game.trick else game.to_move
    for noise in (0, 150):
        play = Play(
            list(game.hands), truth_of(game), game.start, goals, aim, leader, list(game.trick), list(game.won),
            list(game.captured), game.tricks_played,
        )  # fmt: skip
        expected = playout(play, SplitMix64(seed), noise)
        got = cplay.c_playout(
            list(game.hands), truth_of(game), game.start, goals, aim, leader, list(game.trick), list(game.won),
            list(game.captured), game.tricks_played, seed, noise,
        )  # fmt: skip
        assert got == expected


def picking_of(game: Any, k: Knowledge, plans: list[int]) -> Picking:
    codes = [goal_code(s) for s in k.goal_slugs]
    open_goals = [[codes[g] for g in goals] for goals in k.open_goals]
    return Picking(
        k.start, truth_of(game), hypothesis_mask(k.public_hypotheses), k.cur_row, k.face_up, k.picks, open_goals, plans
    )


@pytest.mark.parametrize("seed", range(60))
def test_a_simulated_round_picks_and_plays_the_same_in_c(seed: int) -> None:
    game, k = in_picking(seed, 3 + seed % 2)
    n = game.players
    plans = [NO_GOAL] * n
    if seed % 3 == 0:
        planner = (k.start + 1) % n
        plans[planner] = goal_code(k.goal_slugs[k.open_goals[planner][-1]])
    p = picking_of(game, k, plans)
    for noise in (0, 100):
        args = (k.start, p.truth, p.hyps, p.hinted, p.face_up, p.picks, p.open_goals, plans, seed, noise)
        assert cplay.c_final_hands(*args) == finish_picking(p, SplitMix64(seed), noise)
        assert cplay.c_simulate(*args) == simulate(p, SplitMix64(seed), noise)


@pytest.mark.parametrize("seed", range(30))
def test_the_start_players_aim_is_the_same_in_c(seed: int) -> None:
    game = advanced(seed, 3 + seed % 2, lambda g: g.phase == "play")
    k = read_view(game.view(0))
    goals = codes_of(game)
    truth = truth_of(game)
    key = trumps_for(game.trumps.suit, game.trumps.rank).key
    expected = start_aim(game.start, goals, k.picked, trick_estimates10(k.picked, truth, k.in_play), key, k.in_play)
    assert cplay.c_start_aim(game.start, goals, k.picked, truth, k.in_play) == expected


def test_pick_scores_sum_the_simulated_rounds() -> None:
    game, k = in_picking(7, 4)
    seat = game.to_move
    candidates = [m.value for m in game.legal_moves()]
    plans = [goal_code(k.goal_slugs[g]) for g in k.open_goals[seat]] if seat != k.start else [NO_GOAL]
    truths = [hypothesis_index(*h) for h in k.hypotheses][:6]
    weights = [1.0 + i for i in range(len(truths))]
    util = max_n(4, 0.25)[seat]
    base = picking_of(game, k, [NO_GOAL] * 4)
    got = csearch.pick_scores(
        k.start, seat, base.hyps, k.cur_row, k.face_up, k.picks, base.open_goals, truths, weights, candidates, plans,
        50, 99, util,
    )  # fmt: skip
    for i, card in enumerate(candidates):
        for j, plan in enumerate(plans):
            total = 0.0
            for w, (truth, weight) in enumerate(zip(truths, weights)):
                picks = [list(row) for row in k.picks]
                picks[k.cur_row].append((seat, card))
                planned = [NO_GOAL] * 4
                planned[seat] = plan
                p = Picking(k.start, truth, base.hyps, k.cur_row, k.face_up, picks, base.open_goals, planned)
                total += weight * util[simulate(p, SplitMix64(stream_seed(99, w)), 50)]
            assert got[i][j] == pytest.approx(total)


def test_choose_and_play_scores_sum_the_playouts() -> None:
    game = advanced(9, 4, lambda g: g.phase == "play")
    k = read_view(game.view(game.to_move))
    truth = truth_of(game)
    seat = game.to_move
    util = max_n(4, 0.25)[seat]
    goals = codes_of(game)
    worlds = [goals, [NO_GOAL if p == game.start else goal_code("most") for p in range(4)]]
    mine = [goal_code("no-tricks"), goal_code("exactly-2")]
    got = csearch.choose_scores(k.picked, truth, game.start, seat, worlds, [1.0, 0.5], mine, 3, 80, 7, util, k.in_play)
    key = trumps_for(game.trumps.suit, game.trumps.rank).key
    estimates = trick_estimates10(k.picked, truth, k.in_play)
    for j, code in enumerate(mine):
        total = 0.0
        for w, (world, weight) in enumerate(zip(worlds, [1.0, 0.5])):
            chosen = list(world)
            chosen[seat] = code
            aim = start_aim(game.start, chosen, k.picked, estimates, key, k.in_play)
            for r in range(3):
                play = Play(list(k.picked), truth, game.start, chosen, aim, (game.start + 1) % 4)
                total += weight * util[playout(play, SplitMix64(stream_seed(7, w * 3 + r)), 80)]
        assert got[j] == pytest.approx(total)
    candidates = [m.card for m in game.legal_moves()]
    aims = [goals[(game.start + 1) % 4], NO_GOAL]
    got_play = csearch.play_scores(
        list(game.hands), truth, game.start, seat, goals, aims, seat, [], [0] * 4, [0] * 4, 0, candidates, 4, 80, 5,
        util,
    )  # fmt: skip
    for i, card in enumerate(candidates):
        for j, aim in enumerate(aims):
            total = 0.0
            for r in range(4):
                play = Play(list(game.hands), truth, game.start, goals, aim, seat, [card])
                play.hands[seat] ^= 1 << card
                total += util[playout(play, SplitMix64(stream_seed(5, r)), 80)]
            assert got_play[i][j] == pytest.approx(total)
