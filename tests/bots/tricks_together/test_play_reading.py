"""The fitted model of how team-mates play their cards: its features, its weights of worlds, its fitting."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tricktable
from tricktable.bots.tricks_together import cteam
from tricktable.bots.tricks_together.play_reading import FEATURES, coefficients
from tricktable.bots.tricks_together.play_reading_fit import READINGS, choices, fit, log_chances, pack, scores
from tricktable.bots.tricks_together.search import LEVELS, TeamMate
from tricktable.core.cards import parse_card


def cards(*names: str) -> int:
    return sum(1 << parse_card(c) for c in names)


# Four players, 2 cards, spades trumps (2♠ turned), dealer 0; the numbers 1, 1, 0, 0.  Seat 1 leads.
TRUMP_CARD = parse_card("2S")
HANDS = [cards("KH", "5C"), cards("3H", "AS"), cards("6D", "7D"), cards("8C", "9C")]
NUMBERS = [1, 1, 0, 0]


def test_each_choice_lists_every_legal_card_with_its_features() -> None:
    history = [(1, parse_card("3H")), (2, parse_card("6D")), (3, parse_card("8C")), (0, parse_card("KH"))]
    rows = cteam.play_features(HANDS, NUMBERS, history, 0, 2, 0, TRUMP_CARD)
    # Seat 1 had two cards to lead; seats 2 and 3, void in hearts, two each; seat 0 had to follow with its heart.
    assert [(seat, len(features)) for seat, _, features in rows] == [(1, 2), (2, 2), (3, 2)]
    _, chosen, features = rows[0]
    legal = sorted([parse_card("3H"), parse_card("AS")])  # the features come in card order
    assert chosen == legal.index(parse_card("3H"))
    three, ace = features[chosen], features[1 - chosen]
    assert all(len(f) == len(FEATURES) for f in features)
    assert three[FEATURES.index("led, sure")] == 0.0 and ace[FEATURES.index("led, sure")] == 1.0
    assert ace[FEATURES.index("led, trump")] == 1.0 and three[FEATURES.index("led, trump")] == 0.0
    assert (three[FEATURES.index("strength")], ace[FEATURES.index("strength")]) == (0.0, 1.0)
    assert sum(f[FEATURES.index("blueprint")] for f in features) == 1.0  # the blueprint plays exactly one card


def test_the_works_feature_is_the_play_out_the_bots_score_cards_with() -> None:
    # Each card's "works" is what ``play_scores`` finds when that card is played and the blueprint follows.
    game = tricktable.new_game("tricks-together", players=4, seed=7, deals=[{"round": 5, "dealer": 3}])
    bots = {seat: TeamMate(seed=seat, level="easy") for seat in range(4)}
    while game.phase != "play":
        game.play(bots[game.to_move].choose(game.view(game.to_move)))
    hands, numbers, dealer = list(game.hands), list(game.numbers), game.dealer
    trump, turned = game.trump_suit, game.trump_card
    leader = (dealer + 1) % 4
    rows = cteam.play_features(hands, numbers, [(leader, hands[leader].bit_length() - 1)], dealer, 5, trump, turned)
    seat, _, features = rows[0]
    legal = [c for c in range(52) if hands[leader] >> c & 1]
    worked, _ = cteam.play_scores([hands], [numbers], [1.0], trump, leader, [], [0] * 4, 5, 1 << turned, legal, seat)
    assert [f[FEATURES.index("works")] for f in features] == worked


def test_a_world_where_a_partner_played_an_unlikely_card_weighs_less() -> None:
    # Seat 0 (the dealer) looks back on seat 1's lead of the 3♥.  In world A seat 1 also held the A♠; in world
    # B, the A♦.  Leading the low heart from 3♥ A♦ fails (a club lead later gives seat 3 a trick), while from
    # 3♥ A♠ it works: under the model, world A explains the lead better.
    history = [(1, parse_card("3H"))]
    played = [0, cards("3H"), 0, 0]
    world_a = [cards("KH", "5C"), cards("AS"), cards("6D", "7D"), cards("8C", "9C")]
    world_b = [cards("KH", "5C"), cards("AD"), cards("6D", "7D"), cards("8C", "9C")]
    targets = [NUMBERS, NUMBERS]
    model = coefficients()
    weights = cteam.fitted_weights([world_a, world_b], played, targets, history, 0, 0, 2, 0, TRUMP_CARD, model, 1.0)
    assert 0.0 < weights[1] < weights[0] < 1.0  # each a product of chances
    milder = cteam.fitted_weights([world_a, world_b], played, targets, history, 0, 0, 2, 0, TRUMP_CARD, model, 0.3)
    assert weights[1] / weights[0] < milder[1] / milder[0] < 1.0  # a smaller power leans on the model less
    flat = cteam.fitted_weights([world_a, world_b], played, targets, history, 0, 0, 2, 0, TRUMP_CARD, model, 0.0)
    assert flat == [1.0, 1.0]
    # Seat 1's own cards never count against a world when seat 1 is the one looking back.
    own = cteam.fitted_weights([world_a, world_b], played, targets, history, 1, 0, 2, 0, TRUMP_CARD, model, 1.0)
    assert own == [1.0, 1.0]
    # The earlier reading is "the card works" alone, at strength beta: in world A both of seat 1's cards work
    # (a chance of 1/2 for the 3♥), in world B only the A♦ does (1 / (1 + e^beta) for the 3♥).
    rational = cteam.rational_weights([world_a, world_b], played, targets, history, 0, 0, 2, 0, TRUMP_CARD, 0.7)
    assert rational == pytest.approx([0.5, 1 / (1 + math.exp(0.7))])


def test_the_fit_finds_the_coefficients_that_made_the_choices() -> None:
    rng = np.random.default_rng(3)
    truth = np.array([1.5, -1.0] + [0.0] * (len(FEATURES) - 2))
    found = []
    for _ in range(3000):
        width = int(rng.integers(2, 6))
        features = rng.integers(0, 2, size=(width, len(FEATURES))).astype(float)
        chance = np.exp(features @ truth)
        found.append((int(rng.choice(width, p=chance / chance.sum())), features.tolist()))
    x, real, played = pack(found)
    theta = fit(x, real, played)
    assert np.allclose(theta[:2], truth[:2], atol=0.2), theta
    assert np.abs(theta[2:]).max() < 0.2, theta
    fitted, _ = scores(theta, x, real, played)
    blind = float(-np.log(real.sum(axis=1)).mean())
    assert fitted > blind
    assert np.allclose(np.exp(log_chances(theta, x, real)).sum(axis=1), 1.0)


def test_the_stored_model_explains_play_on_deals_it_never_saw() -> None:
    # Deals the fitting never saw (it dealt from seed 50000 on), played by the team-mates it was fitted to.
    found = [c for seed in range(90000, 90010) for size in (3, 4) for c in choices((4, size, seed, "rational"))]
    assert len(found) > 100
    x, real, played = pack(found)
    model, likeliest = scores(np.array(coefficients()), x, real, played)
    blind = float(-np.log(real.sum(axis=1)).mean())
    assert model > blind + 0.1 and likeliest > 0.5, (model, blind, likeliest)
    # strong now reads cards by the learned policy; the fitted model is a level variant's (play_model=0.3).
    assert LEVELS["strong"].policy_reading > 0 and LEVELS["normal"].play_model == 0
    # The next turn's fitting reads the team-mates as they play now, the shipped model among their readings.
    assert READINGS["shipped"] == LEVELS["strong"] and READINGS["rational"].play_model == 0
