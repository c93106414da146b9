"""The Secret Trumps search bots: scripted positions from explicit layouts, the solver's say near the end, the
beliefs they weigh worlds by, and whole games at every level from the seat's view alone."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tricktable
from tricktable.bots import bot_kinds, make_bot
from tricktable.bots.secret_trumps.blueprint import hypothesis_index, hypothesis_mask, start_target10
from tricktable.bots.secret_trumps.picking import pick_card
from tricktable.bots.secret_trumps.search import LEVELS, choice_beliefs, pick_weights
from tricktable.rules.secret_trumps import (
    CARD_TEXT,
    ROWS,
    SUIT_LETTERS,
    goal_code,
    max_n,
    move_values,
    parse_card,
    read_view,
)
from tricktable.rules.secret_trumps.solver import Position

GAME = "secret-trumps"


def scripted(hands: list[list[str]], held: list[list[str]], suit: str | None, rank: int | None, start: int = 0) -> Any:
    """A game whose first round deals ``hands`` (seat by seat, one card per row) after a draft of ``held``; the
    picking is played, so the game waits for the first goal choice."""
    n = len(hands)
    rows = []
    for r in range(ROWS):
        first = (start + 1 + r) % n
        rows.append([hands[(first + i) % n][r] for i in range(n)])
    if n == 3:
        dealt = {c for hand in hands for c in hand}
        rest = [CARD_TEXT[c] for c in range(36) if CARD_TEXT[c] not in dealt]
        rows = [[*row, rest[r]] for r, row in enumerate(rows)]
    layout = {"start": start, "trump_suit": suit, "trump_rank": rank, "rows": rows}
    game: Any = tricktable.new_game(GAME, players=n, seed=1, deals=[layout])
    for turn in range(n * len(held[0])):
        seat = (start + turn) % n
        game.play(f"goal {held[seat][turn // n]}")
    for r in range(ROWS):
        for i in range(n):
            game.play(f"pick {rows[r][i]}")
    return game


def choices(game: Any, kind: str = "normal", seeds: range = range(3)) -> set[str]:
    """What ``kind`` plays for the seat to move, over a few seeds, from a JSON copy of the view only."""
    seat = game.to_move
    view: dict[str, Any] = json.loads(json.dumps(game.view(seat)))
    return {make_bot(GAME, kind, seed=seed).choose(view) for seed in seeds}


def test_the_levels_are_listed_weakest_first() -> None:
    assert bot_kinds(GAME) == ["random", "heuristic", "easy", "normal", "strong"]


def test_a_hand_of_low_cards_plays_for_no_tricks() -> None:
    # No trumps at all; seat 2 holds the lowest cards of every suit and has a goal for every trick count.
    hands = [
        ["9S", "8S", "7S", "9H", "8H", "7H", "9D", "8D", "7D"],
        ["6S", "5S", "6H", "5H", "6D", "5D", "9C", "8C", "7C"],
        ["AS", "2S", "AH", "2H", "AD", "2D", "AC", "2C", "3C"],
        ["3S", "4S", "3H", "4H", "3D", "4D", "4C", "5C", "6C"],
    ]
    held = [
        ["exactly-1", "no-hearts", "no-spades", "no-diamonds"],
        ["exactly-2", "no-clubs", "no-spades", "fewest"],
        ["most", "no-tricks", "exactly-3", "last"],
        ["exactly-1", "fewest", "no-hearts", "exactly-2"],
    ]
    game = scripted(hands, held, None, None)
    game.play("choose exactly-2")  # seat 1
    assert game.to_move == 2
    assert choices(game) == {"choose no-tricks"}


def test_a_needy_picker_takes_the_strong_card_and_a_modest_one_the_weak_card() -> None:
    # The blueprint's pick: aiming at many tricks takes the 9, aiming at none takes the Ace.
    k_face = [[parse_card(c) for c in ("9S", "AS", "5H", "4D")]] + [[] for _ in range(ROWS - 1)]
    every = hypothesis_mask([(s, r) for s in range(-1, 4) for r in range(10)])
    options = sum(1 << c for c in k_face[0])
    in_play = (1 << 36) - 1
    assert CARD_TEXT[pick_card(options, 0, every, in_play, 40)] == "9S"
    assert CARD_TEXT[pick_card(options, 0, every, in_play, 0)] == "AS"


def test_the_search_picks_low_for_goals_that_want_few_tricks() -> None:
    game: Any = tricktable.new_game(GAME, players=4, seed=5)
    # By seat from the start player: the seat at its left (first to pick) wants few tricks.
    goals = [
        ["most", "exactly-3", "last", "exactly-2"],
        ["no-tricks", "fewest", "exactly-1", "no-clubs"],
        ["no-spades", "no-hearts", "no-diamonds", "exactly-2"],
        ["most", "exactly-3", "last", "no-spades"],
    ]
    for turn in range(16):
        game.play(f"goal {goals[turn % 4][turn // 4]}")
    row = game.view(game.to_move)["rows"][0]["cards"]
    assert row == ["3D", "2C", "4D", "8D"]
    assert choices(game, "normal", range(3)) <= {"pick 2C", "pick 3D", "pick 4D"}


def test_near_the_end_the_bot_plays_a_card_the_exact_search_rates_best() -> None:
    checked = 0
    for seed in range(60):
        game: Any = tricktable.new_game(GAME, players=3 + seed % 2, seed=seed)
        rng = random.Random(seed)
        left = 1 + seed % LEVELS["normal"].solver_tricks
        while not (game.phase == "play" and 9 - game.tricks_played <= left):
            game.play(rng.choice(game.legal_moves()))
        if len(game.legal_moves()) < 2:
            continue
        k = read_view(game.view(game.to_move))
        goals = [-1 if p == k.start or g is None else goal_code(k.goal_slugs[g]) for p, g in enumerate(k.chosen)]
        assert k.trumps is not None
        position = Position(list(k.hands), k.trumps, k.leader, goals, k.start, k.trick, k.won, k.captured)
        util = max_n(k.players, 0.25)
        outcomes = move_values(position, util)
        assert outcomes is not None
        best = max(util[k.seat][o] for _, o in outcomes)
        good = {CARD_TEXT[c] for c, o in outcomes if util[k.seat][o] >= best - 1e-9}
        assert choices(game, "normal", range(1)) <= good
        checked += 1
    assert checked >= 20


def test_the_start_players_picks_make_the_true_trumps_likelier() -> None:
    # Let the start player pick like the blueprint's start player for three rows; the others then weight the
    # truth above the average hypothesis still open (weights average 1).
    truth_weights = []
    for seed in range(20):
        game: Any = tricktable.new_game(GAME, players=4, seed=100 + seed)
        rng = random.Random(seed)
        while game.phase == "draft":
            game.play(rng.choice(game.legal_moves()))
        truth = hypothesis_index(game.trumps.suit, game.trumps.rank)
        while game.phase == "pick" and game.cur_row < 3:
            seat = game.to_move
            k = read_view(game.view(seat))
            options = sum(1 << m.value for m in game.legal_moves())
            if seat == game.start:
                card = pick_card(options, k.picked[seat], 1 << truth, k.in_play, start_target10(4))
            else:
                card = rng.choice([m.value for m in game.legal_moves()])
            game.play(f"pick {CARD_TEXT[card]}")
        weights = pick_weights(read_view(game.view((game.start + 1) % 4)))
        assert sum(weights.values()) == pytest.approx(len(weights))
        if len(weights) > 1:
            truth_weights.append(weights[(game.trumps.suit, game.trumps.rank)])
    assert len(truth_weights) >= 10
    assert sum(truth_weights) / len(truth_weights) > 1.15


def test_secret_goal_choices_are_believed_among_open_goals_and_seen_ones_are_certain() -> None:
    game: Any = tricktable.new_game(GAME, players=4, seed=9)
    rng = random.Random(9)
    while not (game.phase == "choose" and game.to_move == (game.start + 2) % 4):
        game.play(rng.choice(game.legal_moves()))
    k = read_view(game.view(game.to_move))
    codes = [goal_code(s) for s in k.goal_slugs]
    beliefs = choice_beliefs(k, codes)
    assert set(beliefs) == {(game.start + 1) % 4, (game.start + 3) % 4}
    for seat, (options, weights) in beliefs.items():
        assert options == [codes[g] for g in game.open_goals(seat)]
        assert all(w > 0 for w in weights) and max(weights) == 1.0
    mine = read_view(game.view((game.start + 1) % 4))
    assert (game.start + 2) % 4 in choice_beliefs(mine, codes)


@pytest.mark.parametrize(("players", "level"), [(3, "easy"), (4, "easy")])
def test_a_whole_game_from_views_alone(players: int, level: str) -> None:
    game: Any = tricktable.new_game(GAME, players=players, seed=21 + players, five_goals=players == 3)
    bots = [make_bot(GAME, level if s % 2 == 0 else "heuristic", seed=s) for s in range(players)]
    while game.to_move is not None:
        seat = game.to_move
        game.play(bots[seat].choose(json.loads(json.dumps(game.view(seat)))))
    assert game.result() is not None


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_deeper_levels_play_a_round_legally(level: str) -> None:
    game: Any = tricktable.new_game(GAME, players=4, seed=31, second_deck=False)
    bots = [make_bot(GAME, level if s == 1 else "heuristic", seed=s) for s in range(4)]
    while game.to_move is not None and not game.score_sheet:
        seat = game.to_move
        game.play(bots[seat].choose(json.loads(json.dumps(game.view(seat)))))
    assert game.score_sheet


def test_suit_letters_cover_the_layouts() -> None:
    # The scripted layouts name trump suits by letter.
    assert SUIT_LETTERS == "SHDC"
