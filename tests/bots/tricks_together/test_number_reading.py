"""The fitted model of how team-mates choose their numbers in long rounds, and its use with Secret numbers."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import tricktable
from tricktable.bots.tricks_together import number_reading_fit
from tricktable.bots.tricks_together.blueprint import number_scale
from tricktable.bots.tricks_together.number_reading import MODEL, Reader, features, reader_for
from tricktable.bots.tricks_together.number_reading_fit import SETTINGS, _softmax, choices, fit
from tricktable.bots.tricks_together.search import LEVELS, TeamMate, parse_level
from tricktable.core.cards import parse_card
from tricktable.rules.tricks_together import read_view, sample_deals


def mask(*cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards)


def test_features_count_what_the_holder_saw() -> None:
    # Spades are trumps, the K of spades turned: A, Q and J of spades are sure (nothing unseen above them: the
    # K is seen), the 4 is not; A, Q, J are high.  Hearts: a singleton ace; diamonds K 2; clubs void.
    hand = mask("AS", "QS", "JS", "4S", "AH", "KD", "2D")
    row = features(hand, 7, 4, suit("S"), parse_card("KS"), 1, number_scale(7, 4, True))
    estimate, _, trumps, sure, high, aces, kings, voids, singles, void_trumps = row[:10]
    assert (trumps, sure, high) == (4, 3, 3)
    assert (aces, kings, voids, singles) == (1, 1, 1, 1)
    assert void_trumps == voids * trumps
    assert estimate > 2
    assert row[10:12] == [1.0, 0.0]  # position 1 of 4: the leader (positions 1 and 2 are flagged; 3 is neither)
    assert len(row) == 12 + 8  # and a flag per number the estimate is near
    # Without trumps no card counts as one.
    assert features(hand, 7, 4, -1, parse_card("KS"), 1, number_scale(7, 4, False))[2:5] == [0, 0, 0]


def suit(letter: str) -> int:
    return parse_card("2" + letter) // 13


def test_the_model_is_fitted_for_every_long_setting_and_ranks_hands() -> None:
    scale = number_scale(7, 4, True)
    strong = mask("AS", "KS", "QS", "JS", "TS", "AH", "AD")
    weak = mask("2H", "3H", "4H", "2D", "3D", "4D", "2C")
    for players, cards in SETTINGS:
        reader = reader_for(players, cards)
        assert reader is not None
        assert len(reader.bias) == cards + 1
    reader = reader_for(4, 7)
    assert reader is not None
    turned = parse_card("2S")
    high = reader.likeliest(features(strong, 7, 4, suit("S"), turned, 2, scale))
    low = reader.likeliest(features(weak, 7, 4, suit("S"), turned, 2, scale))
    assert high >= 5 and low == 0
    rows = [features(hand, 7, 4, suit("S"), turned, 2, scale) for hand in (strong, weak)]
    assert reader.likeliest_many(rows) == [high, low] and reader.likeliest_many([]) == []
    chances = reader.chances(features(weak, 7, 4, suit("S"), turned, 2, scale))
    assert sum(chances) == pytest.approx(1.0) and max(chances) == chances[low]
    assert reader_for(4, 2) is None  # short rounds use the shared table instead


def test_fitting_recovers_a_rule_the_numbers_follow() -> None:
    # Numbers that are the rounded first feature: a fit must learn to predict them, on rows it did not see.
    rng = np.random.default_rng(3)
    x = np.column_stack([rng.uniform(0, 3, 600), rng.normal(size=600)])
    y = np.rint(x[:, 0]).astype(int)
    weights, bias = fit(x[:500], y[:500], 4)
    predicted = _softmax(x[500:] @ weights + bias).argmax(1)
    assert (predicted == y[500:]).mean() > 0.9
    reader = Reader([list(weights[:, n]) for n in range(4)], list(bias))
    assert [reader.likeliest(list(row)) for row in x[500:510]] == list(predicted[:10])


def test_the_choices_fitted_on_are_the_strong_team_mates_numbers() -> None:
    rows = choices((4, 6, 7))
    assert len(rows) >= 3  # three choosers (a deal dealt again adds three more)
    game = tricktable.new_game("tricks-together", players=4, seed=7, deals=[{"round": 6, "dealer": 3}])
    seat = game.to_move
    first = read_view(game.view(seat))
    number = int(TeamMate(seed=7 * 16 + seat, level="strong").choose(game.view(seat)).split()[1])
    row = features(first.hand, 6, 4, first.trump, first.trump_card, (seat - 3) % 4, number_scale(6, 4, True))
    assert rows[0] == (row, number)


def test_hidden_numbers_of_long_rounds_come_from_the_model() -> None:
    game = tricktable.new_game(
        "tricks-together", players=4, seed=21, deals=[{"round": 7, "dealer": 0}], secret_numbers=True
    )
    while game.phase == "commit":
        game.play(TeamMate(level="strong", seed=2).choose(game.view(game.to_move)))
    k = read_view(game.view(game.to_move))
    assert k.trump >= 0
    bot = TeamMate(level="strong", seed=4)
    assert LEVELS["strong"].model_numbers == 6
    reader = bot._reader(k)
    assert reader is not None
    worlds = sample_deals(k, 100, bot.rng)
    targets = [[0 if n is None else n for n in k.numbers] for _ in worlds]
    bot._guess_hidden(k, reader, worlds, targets)
    partners = [p for p in range(4) if p not in (k.seat, k.dealer)]
    scale = number_scale(7, 4, True)
    guesses = set()
    for hands, target in zip(worlds, targets):
        for p in partners:
            row = features(hands[p], 7, 4, k.trump, k.trump_card, p, scale)
            assert target[p] == reader.likeliest(row)
            guesses.add(target[p])
        assert target[k.seat] == k.numbers[k.seat]
        assert sum(target) == 7  # the dealer takes the rest
    assert len(guesses) > 1  # the guesses follow the sampled hands


def test_open_numbers_are_not_guessed() -> None:
    game = tricktable.new_game("tricks-together", players=4, seed=21, deals=[{"round": 7, "dealer": 0}])
    while game.phase == "commit":
        game.play(TeamMate(level="strong", seed=2).choose(game.view(game.to_move)))
    assert TeamMate(level="strong", seed=4)._reader(read_view(game.view(game.to_move))) is None


def test_shown_numbers_of_long_rounds_can_be_read_by_the_model() -> None:
    game = tricktable.new_game("tricks-together", players=4, seed=5, deals=[{"round": 7, "dealer": 0}])
    while game.phase == "commit":
        game.play(TeamMate(level="strong", seed=2).choose(game.view(game.to_move)))
    k = read_view(game.view(game.to_move))
    bot = TeamMate(level="strong", seed=4)
    bot.level = parse_level("strong:model_reading=1")
    reader = bot._shown_reader(k)
    assert reader is not None and TeamMate(level="strong", seed=4)._shown_reader(k) is None
    worlds = sample_deals(k, 60, bot.rng)
    weights = bot._read_shown(k, reader, worlds, [1.0] * len(worlds))
    partners = [p for p in range(4) if p not in (k.seat, k.dealer)]
    scale = number_scale(7, 4, True)
    for hands, weight in zip(worlds, weights):
        expected = 1.0
        for p in partners:
            chances = reader.chances(features(hands[p] | k.played_by[p], 7, 4, k.trump, k.trump_card, p, scale))
            expected *= chances[k.numbers[p]]
        assert weight == pytest.approx(expected)
    assert len(set(weights)) > 1  # hands that explain the numbers better weigh more
    # In the level's weighing, the model replaces the Gaussian around the estimate: the same worlds weigh as the
    # model says, times what the level reads besides (here nothing: no card has been played).
    _, level_weights = bot.weigh(k, worlds)
    assert level_weights == pytest.approx(weights)
    # A refitted model given to the bot is the one it reads by.
    flat = Reader([[0.0] * len(features(0, 7, 4, 0, 0, 1, scale))] * 8, [0.0] * 8)
    bot.number_model = {"4/7": flat}
    assert bot._shown_reader(k) is flat
    assert bot.weigh(k, worlds)[1] == pytest.approx([(1 / 8) ** len(partners)] * len(worlds))


def test_many_rows_chances_are_each_rows_chances() -> None:
    reader = reader_for(4, 6)
    assert reader is not None
    scale = number_scale(6, 4, True)
    hands = [mask("AS", "KS", "2H", "3H", "4D", "5C"), mask("2S", "AH", "KH", "QD", "JD", "TC")]
    rows = [features(hand, 6, 4, suit("S"), parse_card("9S"), 2, scale) for hand in hands]
    many = reader.chances_many(rows)
    assert many.shape == (2, 7)
    for row, chances in zip(rows, many):
        assert list(chances) == pytest.approx(reader.chances(row))


def test_a_refit_of_some_settings_keeps_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "numbers.json"
    argv = ["number_reading_fit", "--settings", "4/6", "--deals", "3", "--workers", "1", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    number_reading_fit.main()
    shipped = json.loads(MODEL.read_text(encoding="utf-8"))
    refitted = json.loads(out.read_text(encoding="utf-8"))
    assert set(refitted) == set(shipped)
    assert refitted["4/6"] != shipped["4/6"]  # fitted again on the three deals' choices
    assert all(refitted[key] == shipped[key] for key in shipped if key != "4/6")
    assert number_reading_fit.parse_setting("5/7") == (5, 7)
    for wrong in ("4/5", "2/6", "four/6", "4"):
        with pytest.raises(SystemExit, match="no setting"):
            number_reading_fit.parse_setting(wrong)
