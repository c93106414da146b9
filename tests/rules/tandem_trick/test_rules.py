"""Tandem Trick, rule by rule against the game's page: each test pins one rule, ruling or view fact."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tricktable
from tests.rules.tandem_trick.test_game import make_deal
from tricktable import IllegalMove, InvalidOptions
from tricktable.rules.tandem_trick import TandemTrick

A, B, C, D = range(4)


def game_with(fixed: dict[int, list[str]], players: int = 4, leader: int = 0, **options: Any) -> TandemTrick:
    deal = make_deal(fixed, players, leader)
    game = tricktable.new_game("tandem-trick", players=players, seed=11, deals=[deal], **options)
    assert isinstance(game, TandemTrick)
    return game


def play(game: tricktable.Game, *moves: str) -> None:
    for move in moves:
        game.play(move)


def last(game: tricktable.Game, kind: str) -> Any:
    return [e for e in game.events if e.kind == kind][-1]


def tricks(game: tricktable.Game) -> list[int]:
    return [s["tricks"] for s in game.view(None)["seats"]]


def legal(game: tricktable.Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def expected_points(bid: int, took: int, bonus: int, misere_bonus: bool = True) -> int:
    """Scoring straight from the text: 1 a trick; a hit bid 2 a trick plus its bonus; a hit 0 bid 1,000,000."""
    if bid != took:
        return took
    if bid == 0:
        return 1_000_000 + (bonus if misere_bonus else 0)
    return 2 * took + bonus


# ----- components and setup ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "colours"), [(3, "RYB"), (4, "RYBK")])
def test_deck_by_player_count_and_twelve_cards_each(players: int, colours: str) -> None:
    game = tricktable.new_game("tandem-trick", players=players, seed=5)
    assert isinstance(game, TandemTrick)
    dealt: list[str] = []
    for seat in range(players):
        hand = game.view(seat)["hand"]
        assert len(hand) == 12
        dealt += hand
    assert sorted(dealt) == sorted(f"{c}{v}" for c in colours for v in range(12))


def test_three_players_take_bonus_cards_6_3_1() -> None:
    game = game_with({A: ["R3"], B: ["Y5"], C: ["B2"]}, players=3)
    play(game, "bid R3", "bid Y5", "bid B2")
    assert [s["bonus"] for s in game.view(None)["seats"]] == [6, 3, 1]
    assert last(game, "all_bid_trick_skipped").leader == A and game.to_move == A


# ----- following suit, discards, bids --------------------------------------------------------------


def test_a_discard_never_wins_however_high() -> None:
    game = game_with({A: ["R1"], B: ["Y11"], C: ["B11"], D: ["K11"]})
    for seat in (B, C, D):
        assert not game.hands[seat] & 0xFFF  # no red: each may discard
    play(game, "R1", "Y11", "B11", "K11")
    won = last(game, "trick_won")
    assert won.winners == (A,) and won.value == 1 and game.to_move == A


def test_bidding_ignores_the_lead_suit_but_playing_must_follow() -> None:
    game = game_with({A: ["R3"], B: ["R6", "Y9"]})
    play(game, "R3")
    assert "Y9" not in legal(game) and "bid Y9" in legal(game)
    with pytest.raises(IllegalMove, match=r"must follow red: you hold .*R6.*, or bid, which ignores the lead suit"):
        game.play("Y9")
    game.play("bid Y9")
    assert game.view(None)["seats"][B]["bid"] == 9


def test_after_bidding_the_follow_error_no_longer_suggests_a_bid() -> None:
    game = game_with({A: ["R3", "Y1"], B: ["Y5", "R6", "B7"], C: ["B2"], D: ["K9"]})
    play(game, "bid Y1", "bid Y5", "bid B2", "bid K9", "R3")
    with pytest.raises(IllegalMove) as info:
        game.play("B7")
    assert str(info.value).startswith("must follow red") and "bid" not in str(info.value)
    assert not any(m.startswith("bid ") for m in legal(game))


def test_bid_card_is_not_part_of_the_trick_even_when_it_is_the_highest_lead_suit_card() -> None:
    game = game_with({A: ["R3"], B: ["R11"], C: ["R1"], D: ["R2"]})
    play(game, "R3", "bid R11", "R1", "R2")
    won = last(game, "trick_won")
    assert won.winners == (A,) and won.value == 3
    assert game.view(None)["last_trick"]["cards"] == ["R3", "R1", "R2"]
    assert game.view(None)["seats"][B]["bid_card"] == "R11"


def test_the_last_player_may_bid_and_the_trick_resolves_without_them() -> None:
    game = game_with({A: ["R3"], B: ["R6"], C: ["R1"], D: ["R8"]})
    play(game, "R3", "R6", "R1", "bid R8")
    won = last(game, "trick_won")
    assert won.winners == (B,) and game.to_move == B
    assert tricks(game) == [0, 1, 0, 0]


def test_two_leading_bids_then_the_third_player_sets_the_lead_suit_and_the_fourth_may_ride() -> None:
    game = game_with({A: ["R3"], B: ["Y5"], C: ["B2"], D: ["B6"]})
    play(game, "bid R3", "bid Y5")
    assert game.view(None)["table"]["lead suit"] is None
    assert all(not m.startswith("tandem") for m in legal(game))
    game.play("B2")
    assert game.view(None)["table"]["lead suit"] == "blue"
    assert "tandem B6" in legal(game)
    game.play("tandem B6")
    won = last(game, "trick_won")
    assert won.winners == (C, D) and won.value == 8 and game.to_move == D


# ----- tandems -------------------------------------------------------------------------------------


def test_the_first_member_leads_when_its_card_is_the_higher() -> None:
    game = game_with({A: ["R8"], B: ["R1"], C: ["R5"], D: ["R2"]})
    play(game, "R8", "tandem R1", "R5", "R2")
    won = last(game, "trick_won")
    assert won.winners == (A, B) and won.next_lead == A and game.to_move == A
    assert tricks(game) == [1, 1, 0, 0]


def test_a_zero_rides_along_and_its_partner_leads() -> None:
    game = game_with({A: ["R5"], B: ["R0"], C: ["R4"], D: ["R3"]})
    play(game, "R5", "tandem R0", "R4", "R3")
    won = last(game, "trick_won")
    assert won.winners == (A, B) and won.value == 5 and game.to_move == A


def test_a_zero_alone_wins_only_as_the_only_side() -> None:
    game = game_with({A: ["R0"], B: ["Y5"], C: ["B2"], D: ["K9"]})
    play(game, "R0", "bid Y5", "bid B2", "bid K9")
    assert last(game, "trick_won").winners == (A,)


def test_a_discarder_blocks_the_walk_back_to_an_earlier_lead_suit_card() -> None:
    game = game_with({A: ["R3"], B: ["Y5"], C: ["R5"]})
    assert not game.hands[B] & 0xFFF
    play(game, "R3", "Y5")
    assert "tandem R5" not in legal(game)
    with pytest.raises(IllegalMove, match="seat 1 discarded Y5"):
        game.play("tandem R5")


def test_a_tandem_needs_a_lead_suit_card_in_hand() -> None:
    game = game_with({A: ["R3"], B: ["Y5"]})
    play(game, "R3")
    assert not game.hands[B] & 0xFFF
    assert not any(m.startswith("tandem") for m in legal(game))
    with pytest.raises(IllegalMove, match="a tandem card must be of the lead suit, red, not Y5"):
        game.play("tandem Y5")


def test_a_tandem_can_lose_to_a_single_higher_card_and_tandems_sum() -> None:
    game = game_with({A: ["R2"], B: ["R4"], C: ["R7"], D: ["R1"]})
    play(game, "R2", "tandem R4", "R7", "R1")
    won = last(game, "trick_won")
    assert won.winners == (C,) and won.value == 7  # 2 + 4 = 6 < 7
    assert tricks(game) == [0, 0, 1, 0]


# ----- a whole round: forced bids, scoring, next round, game end ---------------------------------


def finish_round(game: TandemTrick, rng: random.Random) -> None:
    round_no = game.round_no
    while game.round_no == round_no and not game.is_over:
        game.play(rng.choice(game.legal_moves()))


def test_round_scores_follow_the_text_for_every_seat() -> None:
    for seed in range(25):
        game = tricktable.new_game("tandem-trick", players=3 + seed % 2, seed=seed, target=1000)
        assert isinstance(game, TandemTrick)
        finish_round(game, random.Random(seed))
        row = game.score_sheet[0]
        for p in range(game.players):
            assert row["points"][p] == expected_points(row["bids"][p], row["tricks"][p], row["bonus"][p])
        assert sorted(row["bonus"]) == sorted([6, 3, 1, 0][: game.players])


def test_game_ends_exactly_at_the_target_and_not_one_point_short() -> None:
    rng = random.Random(8)
    probe = tricktable.new_game("tandem-trick", players=4, seed=8, target=1000)
    assert isinstance(probe, TandemTrick)
    finish_round(probe, rng)
    moves = [str(m) for m in probe.history]
    top = max(probe.totals)
    assert 1 <= top < 1_000_000
    exact = tricktable.new_game("tandem-trick", players=4, seed=8, target=top)
    play(exact, *moves)
    result = exact.result()
    assert exact.is_over and result is not None and result["scores"] == probe.totals
    assert result["winners"] == [p for p in range(4) if probe.totals[p] == top]
    short = tricktable.new_game("tandem-trick", players=4, seed=8, target=top + 1)
    play(short, *moves)
    assert not short.is_over and short.round_no == 2


def test_next_round_is_led_by_the_final_trick_lead_player_not_its_winner() -> None:
    for seed in range(40):
        game = tricktable.new_game("tandem-trick", players=4, seed=seed, target=1000)
        assert isinstance(game, TandemTrick)
        rng = random.Random(seed)
        while game.cycle < 11:
            game.play(rng.choice(game.legal_moves()))
        final_lead = game.leader
        finish_round(game, rng)
        won = [e for e in game.events if e.kind == "trick_won" and e.trick == 12]
        if won and won[-1].next_lead != final_lead:
            assert game.round_leader == final_lead and game.to_move == final_lead
            return
    raise AssertionError("no round whose final trick was won by another seat than its lead player")


# ----- errors leave the state unchanged -----------------------------------------------------------


def snapshot(game: tricktable.Game) -> str:
    views = [game.view(s) for s in [None, *range(game.players)]]
    return json.dumps([views, [str(m) for m in game.history], len(game.events)], sort_keys=True)


def test_every_illegal_move_says_why_and_changes_nothing() -> None:
    game = game_with({A: ["R3", "Y1"], B: ["R6", "Y9"], C: ["Y5", "B2", "R7"], D: ["R8", "K9"]})
    play(game, "R3", "tandem R6")
    before = snapshot(game)
    cases = {
        "R8": "you do not hold R8",
        "Y5": "must follow red",
        "tandem Y5": "cannot ride along on a tandem",
        "R12": "is not a card",
        "hello": "is not a card",
        "": "empty move",
        "bid": "write 'bid CARD'",
        "tandem R3 R4": "write 'tandem CARD'",
        "play R1 R2": "is not a move",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalMove, match=reason):
            game.play(text)
        assert snapshot(game) == before, text


# ----- explicit deals ------------------------------------------------------------------------------


def test_explicit_deals_refuse_bad_shapes_with_a_reason() -> None:
    hands = make_deal({})["hands"]
    with pytest.raises(InvalidOptions, match="leader must be a seat"):
        tricktable.new_game("tandem-trick", deals=[{"hands": hands, "leader": True}])
    with pytest.raises(InvalidOptions, match="'hands' must be"):
        tricktable.new_game("tandem-trick", deals=[{"hands": "R1 R2"}])
    with pytest.raises(InvalidOptions, match="'hands' must be"):
        tricktable.new_game("tandem-trick", deals=[{"hands": ["R0 R1", *hands[1:]]}])
    with pytest.raises(InvalidOptions, match="unknown keys"):
        tricktable.new_game("tandem-trick", deals=[{"hands": hands, "dealer": 0}])


# ----- views and events ----------------------------------------------------------------------------


def test_views_do_not_share_state_with_the_game() -> None:
    game = game_with({A: ["R3"], B: ["R6"], C: ["R1"], D: ["R8"]}, target=1000)
    play(game, "R3", "tandem R6", "R1", "R8")
    view = game.view(A)
    view["last_trick"]["winner"] = 3
    view["last_trick"]["cards"].append("X")
    assert game.view(A)["last_trick"]["winner"] == B
    assert game.view(A)["last_trick"]["cards"] == ["R3", "R6", "R1", "R8"]
    finish_round(game, random.Random(1))
    view = game.view(A)
    view["score_sheet"][0]["totals"][0] = -5
    assert game.view(A)["score_sheet"][0]["totals"][0] == game.totals[0]


def test_each_seat_sees_its_hand_and_only_public_facts_of_the_others() -> None:
    hand_a = ["R3", "R11", "Y8", "Y9", "B10", "R0", "R1", "R2", "R4", "Y0", "Y1", "Y2"]
    game = game_with({A: hand_a, B: ["R6"], C: ["Y5"], D: ["K9"]})
    play(game, "R3", "tandem R6", "bid Y5")
    for seat in [None, A, B, C, D]:
        view = game.view(seat)
        assert view["hand"] == ([] if seat is None else game.view(seat)["hand"])
        a = view["seats"][A]
        assert a["backs"] == {"R": 1, "Y": 2, "B": 1, "K": 0}
        assert a["unmarked"] == 11 - 4 and a["cards"] == 11
        assert view["seats"][C]["bid"] == 5 and view["seats"][C]["bid_card"] == "Y5"
        assert view["seats"][C]["bonus"] == 6 and view["seats"][D]["bid"] is None
        assert [t["note"] for t in view["trick"]] == ["alone", "tandem with seat 0", "bid 5"]
    assert set(game.view(A)["hand"]) >= {"R11", "Y8", "Y9", "B10"}
    assert "R11" not in json.dumps(game.view(B))


def test_every_event_is_public_except_a_seat_own_hand() -> None:
    game = tricktable.new_game("tandem-trick", players=4, seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    for event in game.events:
        if event.kind == "hand_dealt":
            assert event.visible_to == frozenset({event.seat})  # type: ignore[attr-defined]
        else:
            assert event.visible_to is None, event.kind


# ----- what the terminal shows ---------------------------------------------------------------------


def test_panels_name_both_winners_of_a_tandem_and_who_leads() -> None:
    game = game_with({A: ["R3"], B: ["R6"], C: ["R1"], D: ["R8"]})
    play(game, "R3", "tandem R6", "R1", "R8")
    lines = game.view(C)["panels"]["last trick"]
    assert lines == [
        "trick 1: seats 0 and 1 with red 3 and red 6 (9) beat seat 2 with red 1, seat 3 with red 8",
        "seats 0 and 1 each take a trick; seat 1 leads",
    ]
    assert game.view(C)["last_trick"]["winners"] == [A, B]


def test_table_says_whose_card_the_player_to_move_could_ride_along_with() -> None:
    game = game_with({A: ["R3"], B: ["Y5"], C: ["R5"], D: ["R8"]})
    assert game.view(None)["table"]["ride along with"] == "nothing yet"
    play(game, "R3")
    assert game.view(None)["table"]["ride along with"] == "seat 0's red 3"
    play(game, "bid Y5")
    assert game.view(None)["table"]["ride along with"] == "seat 0's red 3"  # C skips the bidder B
    play(game, "tandem R5")
    assert game.view(None)["table"]["ride along with"] == "nothing: seat 2's red 5 rides along already"


def test_rounds_panel_lists_each_finished_round() -> None:
    game = tricktable.new_game("tandem-trick", players=4, seed=4, target=1000)
    assert isinstance(game, TandemTrick)
    assert game.view(None)["panels"]["rounds"] == ["no round finished yet"]
    finish_round(game, random.Random(4))
    row = game.score_sheet[0]
    line = game.view(None)["panels"]["rounds"][0]
    assert line.startswith("round 1: ")
    for p in range(4):
        outcome = "made it" if row["bids"][p] == row["tricks"][p] else f"took {row['tricks'][p]}"
        points = row["points"][p]
        assert f"seat {p} bid {row['bids'][p]}, {outcome}: {points} point{'' if points == 1 else 's'}" in line


def test_bids_panel_shows_each_bid_its_card_bonus_and_tricks() -> None:
    game = game_with({A: ["R3"], B: ["R6", "Y2"], C: ["Y1"], D: ["R8"]})
    play(game, "R3", "tandem R6", "bid Y1", "R8")  # A and B win the trick together; C bid 1
    assert game.view(A)["panels"]["bids"] == ["seat 2: bid 1 with yellow 1, bonus 6, 0 tricks"]
    assert game.to_move == B
    play(game, "bid Y2")
    assert game.view(D)["panels"]["bids"] == [
        "seat 1: bid 2 with yellow 2, bonus 3, 1 trick",
        "seat 2: bid 1 with yellow 1, bonus 6, 0 tricks",
    ]
