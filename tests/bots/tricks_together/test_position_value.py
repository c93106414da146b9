"""The learned value of a Tricks Together position: its inputs (the compiled ones against the reference), the
shipped weights, training, and how a level's search counts it."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from tricktable.bots.tricks_together import belief_data
from tricktable.bots.tricks_together.cvalue import value_inputs
from tricktable.bots.tricks_together.position_value import (
    FEATURES,
    MODEL,
    NAMES,
    PositionValue,
    after_card,
    inputs,
    top_cards,
    value,
)
from tricktable.bots.tricks_together.search import LEVELS, TeamMate
from tricktable.core.cards import parse_card
from tricktable.rules.tricks_together import read_view, solve_cards

SPADES = parse_card("2S") // 13


def random_record(seed: int, players: int, cards: int) -> belief_data.Record:
    """A round played by legal moves chosen at random (seeded), with whether it was made."""
    rng = random.Random(seed)
    game = belief_data.deal(players, cards, seed, seed % players)
    moves = []
    while not game.score_sheet:
        move = rng.choice(sorted(str(m) for m in game.legal_moves()))
        moves.append(move)
        game.play(move)
    made = bool(game.score_sheet[0].success)
    return {"players": players, "cards": cards, "seed": seed, "dealer": seed % players, "moves": moves, "made": made}


def test_the_compiled_inputs_are_the_references_for_every_card_of_random_rounds() -> None:
    rows = settled = 0
    for seed in range(60):
        players, cards = 3 + seed % 3, (2, 3, 5, 7)[seed % 4]
        record = random_record(seed, players, cards)
        game = belief_data.deal(players, cards, seed, seed % players)
        for move in record["moves"]:
            if game.phase == "play":
                view = game.view(game.to_move)
                k, hands = read_view(view), list(game.hands)
                legal = [parse_card(m) for m in view["legal_moves"]]
                targets = [int(x) for x in k.numbers if x is not None]
                x, ends = value_inputs([hands], [targets], k.trump, k.leader, k.trick, k.won, k.left, k.gone, legal)
                assert x.shape == (len(legal), FEATURES)
                for i, card in enumerate(legal):
                    expected = inputs(hands, k.trump, k.leader, k.trick, k.won, targets, k.left, k.gone, card)
                    rows += 1
                    if expected is None:
                        settled += 1
                        assert ends[i] and not x[i].any()
                    else:
                        assert not ends[i] and np.allclose(x[i], expected, atol=1e-6), (seed, card)
            game.play(move)
    assert rows > 500 and 0 < settled < rows


def test_a_card_that_completes_a_trick_gives_the_trick_to_its_winner() -> None:
    # Spades are trumps; seat 2 ruffs seat 0's lead in hearts and takes the trick.
    hands = [1 << parse_card("2S"), 1 << parse_card("KH"), 1 << parse_card("3S") | 1 << parse_card("4D")]
    after = after_card(hands, SPADES, 0, [parse_card("AH"), parse_card("5H")], [0, 0, 0], 2, parse_card("3S"))
    assert after == ([hands[0], hands[1], 1 << parse_card("4D")], 2, [], [0, 0, 1], 1)
    # A top card is one no card in another hand outranks in its suit; the ace of trumps is a top trump.
    cards = top_cards([1 << parse_card("AS") | 1 << parse_card("2H"), 1 << parse_card("KH")], SPADES)
    assert cards == [(1, 1, 1), (1, 0, 0)]


def test_the_inputs_say_who_is_done_and_what_it_holds() -> None:
    # Four players, 2 tricks left, nothing played yet in this trick; seat 0 leads.  Seat 1 is done and holds the
    # ace of trumps (spades): a top card, a trump and a high card in a hand that must not take a trick.
    hands = [
        1 << parse_card("2H") | 1 << parse_card("3H"),
        1 << parse_card("AS") | 1 << parse_card("4D"),
        1 << parse_card("KH") | 1 << parse_card("5D"),
        1 << parse_card("QH") | 1 << parse_card("6D"),
    ]
    x = inputs(hands, SPADES, 0, [], [1, 1, 0, 0], [1, 1, 1, 1], 2, 0, parse_card("2H"))
    assert x is not None
    named = dict(zip(NAMES, x))
    assert named["2 tricks left"] == 1.0 and named["cards in the trick"] == 0.25
    assert named["seats done"] == 0.5 and named["trumps held by seats done"] == 0.5
    assert named["top cards held by seats done"] == 0.5  # the ace of trumps, over two tricks left
    assert named["queens and higher held by seats done"] == 0.5
    assert named["the seat to play needs tricks"] == 0.0  # seat 1, which is done


def test_the_shipped_weights_load_and_give_the_recorded_chances() -> None:
    model = value()
    assert model.inputs == FEATURES and MODEL.stat().st_size < 64_000
    # Two tricks left, the blueprint makes it, every seat still needing one trick, no trouble in the cards ...
    easy = np.zeros(FEATURES, dtype=np.float32)
    easy[[1, 7]] = 1.0
    easy[NAMES.index("players")] = 0.8
    easy[NAMES.index("seats that need tricks")] = 0.5
    easy[NAMES.index("the largest need against the tricks left")] = 0.5
    easy[NAMES.index("trumps")] = 1.0
    # ... and the same where the blueprint fails and a done seat holds two top trumps.
    hard = easy.copy()
    hard[7] = 0.0
    hard[NAMES.index("seats done")] = 0.5
    hard[NAMES.index("trumps held by seats done")] = 1.0
    hard[NAMES.index("top cards held by seats done")] = 1.0
    chances = model.chances(np.stack([easy, hard]))
    assert chances[0] > chances[1]
    assert [round(float(c), 3) for c in chances] == pytest.approx(RECORDED_CHANCES, abs=2e-3)


#: The shipped model's chances for the two positions of the test above.
RECORDED_CHANCES = [0.832, 0.353]


def test_a_tiny_value_trained_a_few_steps_lowers_its_loss_and_exports_the_same_forward_pass() -> None:
    import torch  # the train extra, which the test command installs

    from tricktable.bots.tricks_together.train import VALUE, fit, network_from

    # Rounds an ``easy`` team played: random cards seldom keep a round makeable.
    records = [belief_data.play((4, i, 5000, "easy", 0.0, (4, 5), None)) for i in range(40)]
    data = belief_data.value_arrays(records)
    assert len(data[0]) > 50 and 0.0 < data[1].mean() < 1.0  # positions of rounds made and not made
    torch.set_num_threads(1)
    layers, rows = fit(data, None, 4, 80, 0, hidden=16, quiet=True, every=20, learning_rate=0.02, task=VALUE)
    assert rows[-1][1] < 0.9 * rows[0][1]
    model = PositionValue(layers)
    with torch.no_grad():
        expected = torch.sigmoid(network_from(layers)(torch.from_numpy(data[0][:5]))).numpy()[..., 0]
    assert np.allclose(model.chances(data[0][:5]), expected, atol=1e-4)


def test_the_search_counts_each_world_open_hands_can_make_by_the_values_chance() -> None:
    # A network whose every weight is zero gives every position a chance of one half: a card's score is then half
    # the weight of the worlds open hands can still make after it, which the solver says.
    record = random_record(7, 4, 6)
    game = belief_data.deal(4, 6, 7, 3)
    for move in record["moves"][:7]:  # the numbers and three cards
        game.play(move)
    view = game.view(game.to_move)
    k = read_view(view)
    legal = [parse_card(m) for m in view["legal_moves"]]
    bot = TeamMate(seed=1)
    bot.level = dataclasses.replace(LEVELS["strong"], position_value=True)
    zero = [(np.zeros_like(w), np.zeros_like(b)) for w, b in value().layers]
    bot.position_model = PositionValue(zero)
    worlds = bot.sample_worlds(k, 50)
    targets, weights = bot.weigh(k, worlds)
    answers = [solve_cards(h, k.trump, k.leader, t, legal, k.trick, k.won) for h, t in zip(worlds, targets)]
    scores = bot._position_scores(k, worlds, targets, weights, legal, answers)
    expected = [0.5 * sum(w for w, a in zip(weights, answers) if a[i]) for i in range(len(legal))]
    assert scores == pytest.approx(expected) and any(expected)
