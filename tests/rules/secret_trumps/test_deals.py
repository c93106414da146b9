"""Secret Trumps' layouts: seeded layouts are a pure function of the seed and the round, and a record's layouts
alone reproduce the game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tricktable
from tricktable.rules.secret_trumps import (
    CARD_TEXT,
    NUM_CARDS,
    SecretTrumps,
    first_start,
    layout_text,
    seeded_layout,
)

PLAYERS_AND_OPTIONS = [(4, {}), (3, {}), (4, {"five_goals": True, "second_deck": False})]


def random_game(seed: int, players: int, options: dict[str, Any], choices: int, moves: int | None = None) -> Any:
    """A game seeded ``seed`` played with random legal moves (drawn from ``choices``), to the end or ``moves``."""
    game = tricktable.new_game("secret-trumps", players=players, seed=seed, **options)
    rng = random.Random(choices)
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def everything_seen(game: Any) -> Any:
    """Every seat's view and every event with its audience: all that a replay must reproduce."""
    views = [game.view(seat) for seat in [None, *range(game.players)]]
    events = [(e.to_dict(), e.visible_to) for e in game.events]
    return views, events, game.result()


@pytest.mark.parametrize(("players", "options"), PLAYERS_AND_OPTIONS)
def test_a_records_layouts_alone_reproduce_a_finished_game(players: int, options: dict[str, Any]) -> None:
    game = random_game(41, players, options, choices=5)
    record = json.loads(json.dumps(tricktable.to_record(game)))
    assert len(record["deals"]) == game.result()["rounds"]  # one layout per round played, written out
    # Another seed: the layouts in the record, the first start player included, must be all the replay needs.
    replay = tricktable.from_record(record | {"seed": record["seed"] + 1})
    assert everything_seen(replay) == everything_seen(game)
    assert tricktable.to_record(replay)["deals"] == record["deals"]


@pytest.mark.parametrize("moves", [0, 5, 30, 200])
def test_a_record_made_at_any_point_replays_from_its_layouts(moves: int) -> None:
    game = random_game(42, 4, {}, choices=6, moves=moves)
    record = json.loads(json.dumps(tricktable.to_record(game)))
    assert record["deals"], "even during the draft the record holds the first round's layout"
    replay = tricktable.from_record(record | {"seed": record["seed"] + 1})
    assert everything_seen(replay) == everything_seen(game)
    # Both play on alike: the record also fixed the round in progress.
    rng = random.Random(moves)
    for _ in range(40):
        if game.is_over:
            break
        move = rng.choice(game.legal_moves())
        game.play(move)
        replay.play(str(move))
    assert everything_seen(replay) == everything_seen(game)


def test_written_layouts_are_the_explicit_layout_format() -> None:
    game = random_game(43, 3, {}, choices=1, moves=120)
    layouts = game.deals_made()
    assert [layout["start"] for layout in layouts] == [(layouts[0]["start"] + i) % 3 for i in range(len(layouts))]
    for layout in layouts:
        assert set(layout) == {"start", "trump_suit", "trump_rank", "rows"}
        assert sorted(c for row in layout["rows"] for c in row) == sorted(CARD_TEXT)
        assert layout["trump_suit"] in ("S", "H", "D", "C", None)
        assert layout["trump_rank"] is None or 1 <= layout["trump_rank"] <= 9
    twin = tricktable.new_game("secret-trumps", players=3, seed=1, deals=layouts)
    assert twin.deals_made()[0] == layouts[0]


def test_each_rounds_layout_is_a_function_of_the_seed_and_the_rounds_number() -> None:
    # The same seed played two different ways: every round gets the same trumps and rows all the same.
    first = random_game(44, 4, {}, choices=1)
    second = random_game(44, 4, {}, choices=2)
    rounds = min(len(first.deals_made()), len(second.deals_made()))
    assert rounds >= 2
    assert first.deals_made()[:rounds] == second.deals_made()[:rounds]
    assert first.deals_made()[0]["start"] == first_start(44, 4)
    for number, layout in enumerate(first.deals_made(), start=1):
        suit, rank, rows = seeded_layout(44, number, True)
        assert [[CARD_TEXT[c] for c in row] for row in rows] == layout["rows"]
        assert (layout["trump_suit"], layout["trump_rank"]) == (
            None if suit < 0 else "SHDC"[suit],
            None if rank == 0 else rank,
        )


def test_explicit_layouts_come_first_then_the_seeded_shuffle() -> None:
    explicit = random_game(45, 4, {}, choices=3).deals_made()[:1]
    game = tricktable.new_game("secret-trumps", players=4, seed=46, deals=explicit)
    assert isinstance(game, SecretTrumps)
    rng = random.Random(3)
    while game.round_no < 2 and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    made = game.deals_made()
    assert made[0] == explicit[0]
    suit, rank, rows = seeded_layout(46, 2, True)
    assert made[1] == layout_text((made[0]["start"] + 1) % 4, suit, rank, tuple(tuple(row) for row in rows))


def test_seeded_layouts_are_uniform_enough() -> None:
    # Each trump suit (or none) about 1 in 5, each trump rank (or none) about 1 in 10; every card anywhere.
    suits: dict[int, int] = {}
    ranks: dict[int, int] = {}
    first_cards: set[int] = set()
    for number in range(1, 2001):
        suit, rank, rows = seeded_layout(7, number, True)
        suits[suit] = suits.get(suit, 0) + 1
        ranks[rank] = ranks.get(rank, 0) + 1
        first_cards.add(rows[0][0])
        assert sorted(c for row in rows for c in row) == list(range(NUM_CARDS))
    assert set(suits) == {-1, 0, 1, 2, 3} and all(300 < k < 500 for k in suits.values())
    assert set(ranks) == set(range(10)) and all(140 < k < 260 for k in ranks.values())
    assert len(first_cards) == NUM_CARDS
    assert all(seeded_layout(7, n, False)[1] != 0 for n in range(1, 300))  # without a second deck: always a rank
