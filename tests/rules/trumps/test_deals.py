"""Trumps' deals: every deal made is written out in the explicit-deal format, a record replays from its deals
alone, each seeded deal is a pure function of the seed and the hand's number, and version-1 games keep the
shuffle their records were made with."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tricktable
from tests.rules.trumps.test_game import STARTER_DEAL, kinds
from tricktable import InvalidOptions
from tricktable.bots.base import make_bot
from tricktable.core.cards import card_str, cards_text, parse_card, parse_cards
from tricktable.core.players import play_out
from tricktable.core.records import from_record, to_record
from tricktable.core.shuffle import DealRandom
from tricktable.rules.trumps import first_dealer, seeded_deal, shuffle_deal


def random_moves(game: tricktable.Game, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        if game.to_move is None:
            return
        game.play(rng.choice(game.legal_moves()))


def same_game(a: tricktable.Game, b: tricktable.Game) -> None:
    """Everything any seat sees, and every event, is the same in both."""
    for seat in (None, *range(a.players)):
        assert a.view(seat) == b.view(seat), seat
    assert [(e.to_dict(), e.visible_to) for e in a.events] == [(e.to_dict(), e.visible_to) for e in b.events]


def hand_cards(game: tricktable.Game, hand: int) -> tuple[tuple[str, ...], ...]:
    """The cards each seat was dealt for ``hand`` (from 1), from the private ``hand_dealt`` events."""
    dealt = kinds(game, "hand_dealt")
    return tuple(e.hand for e in dealt[(hand - 1) * game.players : hand * game.players])


# ----- deals made, written out ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "teams"), [(3, False), (4, True), (5, False), (8, False)])
def test_every_deal_made_is_written_out_as_an_explicit_deal(players: int, teams: bool) -> None:
    game = tricktable.new_game("trumps", players=players, teams=teams, seed=players, target=6)
    random_moves(game, 10_000, players)
    made = game.deals_made()
    starts = kinds(game, "hand_started")
    assert len(made) == len(starts) == game.view(None)["table"]["hand"]
    size = 52 // players
    for number, (deal, started) in enumerate(zip(made, starts, strict=True), start=1):
        assert set(deal) == {"dealer", "hands", "extra"}
        assert deal["dealer"] == started.dealer
        assert [tuple(h) for h in deal["hands"]] == list(hand_cards(game, number))
        assert all(len(h) == size for h in deal["hands"])
        assert len(deal["extra"]) == 52 - players * size
        every = [c for h in deal["hands"] for c in h] + deal["extra"]
        assert parse_cards(every).bit_count() == 52
    # The starter card of each hand is the top leftover written out.
    turned = [e.card for e in kinds(game, "starter_turned")]
    assert turned == [deal["extra"][0] for deal in made[: len(turned)]]


def test_the_deal_of_a_hand_in_progress_is_written_out_too() -> None:
    game = tricktable.new_game("trumps", players=3, seed=2)
    random_moves(game, 7, 2)
    assert len(game.deals_made()) == 1
    assert game.deals_made()[0]["hands"] == [list(h) for h in hand_cards(game, 1)]


def test_explicit_deals_are_written_out_as_given() -> None:
    game = tricktable.new_game("trumps", players=3, deals=[STARTER_DEAL])
    (deal,) = game.deals_made()
    assert deal["dealer"] == STARTER_DEAL["dealer"] and deal["extra"] == STARTER_DEAL["extra"]
    assert [parse_cards(h) for h in deal["hands"]] == [parse_cards(h) for h in STARTER_DEAL["hands"]]


# ----- records replay from their deals alone ---------------------------------------------------------


@pytest.mark.parametrize(("players", "teams", "moves"), [(3, False, 10_000), (4, True, 10_000), (6, False, 137)])
def test_a_record_replays_from_its_deals_alone(players: int, teams: bool, moves: int) -> None:
    game = tricktable.new_game("trumps", players=players, teams=teams, seed=31, target=5)
    random_moves(game, moves, 31)
    record = json.loads(json.dumps(to_record(game)))
    assert record["deals"] == game.deals_made()
    record["seed"] = 32  # another seed: every card must come from the deals written out
    twin = from_record(record)
    same_game(twin, game)


def test_a_bot_game_replays_from_its_deals_alone() -> None:
    game = tricktable.new_game("trumps", players=4, teams=True, seed=5, target=15)
    play_out(game, {s: make_bot("trumps", "heuristic", seed=s) for s in range(4)})
    record = json.loads(json.dumps(to_record(game)))
    del record["seed"]
    same_game(from_record(record), game)


# ----- seeded deals ----------------------------------------------------------------------------------


def test_each_seeded_deal_is_a_pure_function_of_the_seed_and_the_hand_number() -> None:
    seed = 77
    game = tricktable.new_game("trumps", players=5, seed=seed, target=100)
    random_moves(game, 10_000, seed)  # into a later hand
    assert game.view(None)["table"]["hand"] >= 3
    for number, deal in enumerate(game.deals_made(), start=1):
        hands, extra = seeded_deal(seed, number, 5, deal["dealer"])
        assert deal["hands"] == [cards_text(h) for h in hands]
        assert deal["extra"] == [card_str(c) for c in extra]


def test_an_explicit_first_deal_leaves_the_seeded_deals_of_later_hands_alone() -> None:
    seed = next(s for s in range(100) if first_dealer(s, 3) == 1)  # seat 1 deals first in both games
    plain = tricktable.new_game("trumps", players=3, seed=seed, target=100)
    given = tricktable.new_game("trumps", players=3, seed=seed, target=100, deals=[{**STARTER_DEAL, "dealer": 1}])
    for game in (plain, given):
        random_moves(game, 10_000, seed)
    assert plain.deals_made()[0] != given.deals_made()[0]
    assert len(plain.deals_made()) > 2 and len(given.deals_made()) > 2
    assert plain.deals_made()[1:3] == given.deals_made()[1:3]


def test_the_first_dealer_is_drawn_before_the_first_deal() -> None:
    for seed in range(20):
        game = tricktable.new_game("trumps", players=6, seed=seed)
        assert kinds(game, "hand_started")[0].dealer == first_dealer(seed, 6) == DealRandom(seed, 0).below(6)


def test_a_clone_deals_the_same_later_hands() -> None:
    game = tricktable.new_game("trumps", players=4, seed=9, target=100)
    twin = game.clone()
    random_moves(game, 10_000, 1)
    random_moves(twin, 10_000, 1)
    assert twin.deals_made() == game.deals_made()


# ----- the shuffle of version-1 records ----------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 7])
def test_version_1_games_draw_the_dealer_and_every_deal_from_the_seeded_generator(players: int) -> None:
    seed = 40 + players
    game = tricktable.new_game("trumps", players=players, seed=seed, target=3, deal_version=1)
    random_moves(game, 10_000, seed)
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    for deal in game.deals_made():
        hands, extra = shuffle_deal(rng, players, dealer)
        assert deal["dealer"] == dealer
        assert [parse_cards(h) for h in deal["hands"]] == list(hands)
        assert [parse_card(c) for c in deal["extra"]] == list(extra)
        dealer = (dealer + 1) % players


# ----- explicit deals are checked whole up front -----------------------------------------------------


def test_a_bad_later_deal_is_refused_when_the_game_is_created() -> None:
    bad: dict[str, Any] = {**STARTER_DEAL, "dealer": 2, "extra": ["9H", "AS"]}
    with pytest.raises(InvalidOptions, match="deal 3: 'extra' must list the 1 leftover"):
        tricktable.new_game("trumps", players=3, deals=[STARTER_DEAL, {**STARTER_DEAL, "dealer": 1}, bad])
