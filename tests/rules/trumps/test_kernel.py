"""The kernel states the play rules once more on ints; it must agree with the engine card for card."""

from __future__ import annotations

import random

import pytest

import tricktable
from tricktable.core.cards import parse_card, parse_cards
from tricktable.rules.trumps import NONE, Trumps, legal_masks, random_rollout, trick_winner


def cards(*texts: str) -> list[int]:
    return [parse_card(t) for t in texts]


# ----- the trick winner ------------------------------------------------------------------------------


def test_a_low_trump_beats_a_higher_plain_card_of_its_suit() -> None:
    # The text's example: your 7H (not a trump for you) loses to my 4H (hearts are my trumps).
    assert trick_winner(cards("7H", "4H", "AH"), [False, True, False]) == 1


def test_equal_trumps_of_different_suits_the_first_played_wins() -> None:
    assert trick_winner(cards("3C", "JH", "JS", "9C"), [False, True, True, False]) == 1


def test_a_card_off_the_led_suit_never_wins_unless_it_is_a_trump() -> None:
    assert trick_winner(cards("2C", "AS", "3C"), [False, False, False]) == 2
    assert trick_winner(cards("2C", "AS", "3C"), [False, True, False]) == 1


def test_a_trump_lead_wins_unless_a_higher_trump_follows() -> None:
    assert trick_winner(cards("5H", "AH", "4H"), [True, False, True]) == 0
    assert trick_winner(cards("5H", "AH", "QH"), [True, False, True]) == 2


def test_the_starter_card_wins_when_nothing_beats_it() -> None:
    assert trick_winner(cards("9H", "5H", "6C", "2H"), [False, False, False, False]) == 0


# ----- legal plays -----------------------------------------------------------------------------------


def test_follow_suit_else_the_declared_trump_else_anything() -> None:
    hand = parse_cards(["AH", "7S", "3D"])
    hearts, spades, clubs = 1, 0, 3
    assert legal_masks(hand, hearts, NONE, NONE) == (parse_cards(["AH"]), 0)
    assert legal_masks(hand, clubs, spades, spades) == (parse_cards(["7S"]), 0)
    assert legal_masks(hand, clubs, NONE, NONE) == (hand, 0)


def test_declaring_needs_an_undeclared_side_and_a_legal_play_of_the_indicator_suit() -> None:
    hand = parse_cards(["AH", "KH", "7S", "3D"])
    hearts, spades, diamonds, clubs = 1, 0, 2, 3
    hearts_cards = parse_cards(["AH", "KH"])
    assert legal_masks(hand, NONE, NONE, hearts) == (hand, hearts_cards)  # leading
    assert legal_masks(hand, hearts, NONE, hearts) == (hearts_cards, hearts_cards)  # its suit is led
    assert legal_masks(hand, clubs, NONE, hearts) == (hand, hearts_cards)  # void in the led suit
    assert legal_masks(hand, spades, NONE, hearts)[1] == 0  # must follow spades
    assert legal_masks(hand, diamonds, spades, hearts)[1] == 0  # the side has declared already
    assert legal_masks(parse_cards(["7S"]), clubs, NONE, hearts)[1] == 0  # no heart left to play


# ----- the fast playout agrees with the engine ------------------------------------------------------


@pytest.mark.parametrize("seed", range(24))
def test_fast_rollout_replays_through_the_public_api(seed: int) -> None:
    players = 3 + seed % 6
    teams = players in (4, 6) and seed % 4 < 2
    game = tricktable.new_game("trumps", players=players, teams=teams, seed=seed)
    rng = random.Random(seed)
    while game.phase != "play":
        game.play(rng.choice(game.legal_moves()))
    for _ in range(seed % 3):  # sometimes start a few tricks in
        for _ in range(players):
            game.play(rng.choice(game.legal_moves()))
    hand = game.view(None)["table"]["hand"]
    assert isinstance(game, Trumps)
    before = list(game.won)
    trace: list[tuple[int, frozenset[str], str]] = []
    won = random_rollout(*game.rollout_args(), rng.random, trace)
    for seat, legal, chosen in trace:
        assert game.to_move == seat
        assert {str(m) for m in game.legal_moves()} == legal
        game.play(chosen)
    row = game.view(None)["score_sheet"][hand - 1]
    assert row["tricks"] == [b + w for b, w in zip(before, won, strict=True)]
