"""Tandem Trick's deals: seeded deals are a pure function of the seed and the round, the shuffle of records in
format 1 is kept draw for draw, and a record replays a game from the deals it writes out alone."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tricktable
from tests.rules.tandem_trick.test_game import make_deal
from tricktable.rules.tandem_trick import (
    TandemTrick,
    cards_text,
    check_deals,
    deck_colours,
    first_leader,
    seeded_deal,
    shuffle_deal,
)


def new(players: int = 4, seed: int = 3, **kwargs: Any) -> TandemTrick:
    game = tricktable.new_game("tandem-trick", players=players, seed=seed, **kwargs)
    assert isinstance(game, TandemTrick)
    return game


def play_randomly(game: TandemTrick, rng: random.Random, limit: int | None = None) -> None:
    while not game.is_over and (limit is None or len(game.history) < limit):
        game.play(rng.choice(game.legal_moves()))


def finish_round(game: TandemTrick, rng: random.Random) -> None:
    round_no = game.round_no
    while game.round_no == round_no and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    game.legal_moves()  # a read: the next round is dealt when the game is next read, as every reader does


def everything(game: tricktable.Game) -> str:
    """Every view, the events and the result, as one text to compare two games by."""
    views = [game.view(seat) for seat in [None, *range(game.players)]]
    events = [{**e.to_dict(), "visible_to": sorted(e.visible_to or [])} for e in game.events]
    return json.dumps([views, events, game.result(), [str(m) for m in game.history]], sort_keys=True)


# ----- seeded deals --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_a_seeded_deal_is_the_whole_deck_twelve_cards_a_seat(players: int) -> None:
    hands = seeded_deal(7, 3, players)
    union = 0
    for hand in hands:
        assert hand.bit_count() == 12 and not union & hand
        union |= hand
    assert union == (1 << (12 * deck_colours(players))) - 1


def test_a_seeded_deal_depends_only_on_the_seed_and_its_number() -> None:
    hands = seeded_deal(7, 3, 4)
    assert seeded_deal(7, 3, 4) == hands
    assert seeded_deal(7, 4, 4) != hands and seeded_deal(8, 3, 4) != hands


def test_seeded_deals_give_every_card_to_every_seat_alike() -> None:
    counts = [0] * 48
    for seed in range(2000):
        hand = seeded_deal(seed, 1, 4)[0]
        for card in range(48):
            counts[card] += hand >> card & 1
    # 500 expected each (a quarter of the deals), with a standard deviation of about 19.
    assert min(counts) > 400 and max(counts) < 600


def test_a_new_game_deals_round_n_as_seeded_deal_n_and_draws_the_first_lead_before_it() -> None:
    game = new(seed=12, target=1000)
    assert game.hands == seeded_deal(12, 1, 4)
    assert game.to_move == first_leader(12, 4)
    finish_round(game, random.Random(1))
    assert game.round_no == 2 and game.hands == seeded_deal(12, 2, 4)


def test_rounds_after_the_explicit_deals_take_the_seeded_deal_of_their_number() -> None:
    deal = make_deal({}, leader=2)
    game = new(seed=5, deals=[deal], target=1000)
    assert game.to_move == 2 and game.view(0)["hand"] == cards_text(game.hands[0])
    assert [cards_text(h) for h in game.hands] == [cards_text(h) for h in check_deals([deal], 4).hands[0]]
    finish_round(game, random.Random(5))
    assert game.hands == seeded_deal(5, 2, 4)


def test_a_clone_deals_the_next_round_exactly_as_the_game_does() -> None:
    game = new(seed=9, target=1000)
    rng = random.Random(9)
    while game.cycle < 11:
        game.play(rng.choice(game.legal_moves()))
    twin = game.clone()
    assert isinstance(twin, TandemTrick)
    moves_rng = random.Random(10)
    twin_rng = random.Random(10)
    finish_round(game, moves_rng)
    finish_round(twin, twin_rng)
    assert everything(twin) == everything(game)


# ----- the shuffle of records in format 1 ----------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_the_version_1_shuffle_is_random_shuffle_dealt_in_blocks_of_twelve(players: int) -> None:
    for seed in range(20):
        deck = list(range(12 * deck_colours(players)))
        random.Random(seed).shuffle(deck)
        expected = [sum(1 << c for c in deck[12 * p : 12 * p + 12]) for p in range(players)]
        assert shuffle_deal(random.Random(seed), players) == expected


def test_a_version_1_game_draws_the_first_lead_then_each_round_from_one_generator() -> None:
    game = new(seed=21, deal_version=1, target=1000)
    rng = random.Random(21)
    assert game.to_move == rng.randrange(4)
    assert game.hands == shuffle_deal(rng, 4)
    finish_round(game, random.Random(2))
    assert game.hands == shuffle_deal(rng, 4)


# ----- deals made and records ----------------------------------------------------------------------


def test_deals_made_writes_every_deal_as_an_explicit_deal_the_first_with_its_lead() -> None:
    game = new(players=3, seed=4, target=40)
    play_randomly(game, random.Random(4))
    made = game.deals_made()
    assert len(made) == game.round_no >= 2
    assert made[0]["leader"] == game.score_sheet[0]["leader"]
    assert all(set(deal) == {"hands"} for deal in made[1:])
    checked = check_deals(made, 3)
    assert checked.leader == made[0]["leader"] and len(checked.hands) == len(made)


@pytest.mark.parametrize(("players", "version"), [(3, 2), (4, 2), (4, 1)])
def test_a_finished_game_replays_from_its_recorded_deals_alone(players: int, version: int) -> None:
    game = new(players=players, seed=31 + players, deal_version=version, target=30)
    play_randomly(game, random.Random(players))
    assert game.is_over
    record = json.loads(json.dumps(tricktable.to_record(game)))
    assert record["deals"] == game.deals_made()
    record["seed"] += 1  # another seed would shuffle other cards: the deals alone must say them
    replayed = tricktable.from_record(record)
    assert everything(replayed) == everything(game)


def test_a_record_made_mid_round_replays_and_plays_on_as_the_game_does() -> None:
    game = new(seed=17, target=1000)
    play_randomly(game, random.Random(17), limit=70)
    replayed = tricktable.from_record(json.loads(json.dumps(tricktable.to_record(game))))
    assert isinstance(replayed, TandemTrick)
    assert everything(replayed) == everything(game)
    finish_round(game, random.Random(3))
    finish_round(replayed, random.Random(3))
    assert everything(replayed) == everything(game)


def test_a_refused_move_at_the_end_of_a_round_changes_nothing() -> None:
    game = new(seed=6, target=1000)
    rng = random.Random(6)
    while game.cycle < 11:
        game.play(rng.choice(game.legal_moves()))
    while len(game.entries) < game.players - 1:
        game.play(rng.choice(game.legal_moves()))
    assert game.round_no == 1 and game.cycle == 11, "the next move ends round 1 and deals round 2"
    seat = game.to_move
    assert seat is not None
    hand = game.hands[seat]
    absent = next(c for c in range(48) if not hand >> c & 1)
    before = (tricktable.to_record(game), everything(game))
    with pytest.raises(tricktable.IllegalMove):
        game.play(f"bid {cards_text(1 << absent)[0]}")
    assert (tricktable.to_record(game), everything(game)) == before
