"""The learned belief of Tricks Together: its encoding, worlds drawn from it, the shipped weights, and training."""

from __future__ import annotations

import dataclasses
import json
import random
from functools import cache, reduce
from operator import or_
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tricktable
from tricktable.bots.tricks_together import belief_data
from tricktable.bots.tricks_together.belief import (
    FEATURES,
    FIRST_FEATURES,
    MODEL,
    MODELS,
    OFFSET,
    READINGS,
    Belief,
    allowed,
    belief_for,
    card_reading,
    encode,
    masked_softmax,
    seat_weights,
)
from tricktable.bots.tricks_together.search import LEVELS, TeamMate
from tricktable.core.cards import SUIT_MASKS, card_str, parse_card
from tricktable.rules.tricks_together import Knowledge, read_view, sample_deals

GAME = "tricks-together"


def random_round(seed: int, cards: int = 6) -> belief_data.Record:
    """A round played by legal moves chosen at random (seeded): quick, and full of voids shown."""
    rng = random.Random(seed)
    game = belief_data.deal(4, cards, seed, seed % 4)
    moves = []
    while not game.score_sheet:
        legal = [str(m) for m in game.legal_moves()]
        move = rng.choice(sorted(legal))
        moves.append(move)
        game.play(move)
    return {"players": 4, "cards": cards, "seed": seed, "dealer": seed % 4, "moves": moves}


@cache
def views_with_voids() -> list[tuple[Knowledge, list[int]]]:
    found = []
    for seed in range(20):
        for k, hands in belief_data.positions(random_round(seed)):
            if any(k.voids[p] for p in range(4) if p != k.seat):
                found.append((k, hands))
    assert len(found) > 20
    return found


def test_the_encoding_and_the_places_follow_the_view() -> None:
    k, hands = views_with_voids()[0]
    x = encode(k)
    assert x.shape == (52, 4, FIRST_FEATURES) and x.dtype == np.float32
    # The prior: the log of the cards each place holds (the rest of the pack last).
    rest = k.unseen.bit_count() - sum(k.counts[p] for p in range(4) if p != k.seat)
    sizes = [k.counts[(k.seat + j) % 4] for j in (1, 2, 3)] + [rest]
    assert np.allclose(x[:, :, OFFSET], np.log(np.maximum(sizes, 0.5)))
    places = allowed(k)
    truth = belief_data.label(k, hands)
    for c in range(52):
        if not k.unseen >> c & 1:
            assert not places[c].any() and truth[c] == -1
            continue
        assert places[c, truth[c]]  # the true place is always allowed
        for j in range(1, 4):
            seat = (k.seat + j) % 4
            assert places[c, j - 1] == (not k.voids[seat] >> (c // 13) & 1 and k.counts[seat] > 0)


def test_worlds_drawn_with_weights_are_consistent_with_the_view_whatever_the_weights() -> None:
    rng = random.Random(5)
    for k, _ in views_with_voids()[:30]:
        # Weights that push every seat toward exactly the suits it has shown it lacks.
        weights = [[1.0] * 52 for _ in range(4)]
        for p in range(4):
            for c in range(52):
                if k.voids[p] >> (c // 13) & 1:
                    weights[p][c] = 1e6
        for hands in sample_deals(k, 50, rng, weights):
            assert hands[k.seat] == k.hand
            assert [h.bit_count() for p, h in enumerate(hands) if p != k.seat] == [
                k.counts[p] for p in range(4) if p != k.seat
            ]
            others = [h for p, h in enumerate(hands) if p != k.seat]
            assert sum(h.bit_count() for h in others) == reduce(or_, others).bit_count()  # no card twice
            for p, hand in enumerate(hands):
                assert not hand & (k.gone if p != k.seat else 0)
                if p != k.seat:
                    assert not hand & k.hand
                    for s in range(4):
                        if k.voids[p] >> s & 1:
                            assert not hand & SUIT_MASKS[s]


def test_weights_move_the_cards_toward_the_seat_that_likely_holds_them() -> None:
    k, _ = next((k, h) for k, h in views_with_voids() if k.counts[(k.seat + 1) % 4] >= 2)
    seat = (k.seat + 1) % 4
    card = next(c for c in range(52) if k.unseen >> c & 1 and not k.voids[seat] >> (c // 13) & 1)
    weights = [[1.0] * 52 for _ in range(4)]
    weights[seat][card] = 1000.0
    rng = random.Random(1)
    with_weight = sum(hands[seat] >> card & 1 for hands in sample_deals(k, 300, rng, weights))
    without = sum(hands[seat] >> card & 1 for hands in sample_deals(k, 300, rng))
    assert with_weight > 270 > 2 * without


def test_bad_weights_are_refused() -> None:
    k, _ = views_with_voids()[0]
    with pytest.raises(ValueError, match="one row of 52"):
        sample_deals(k, 5, random.Random(0), [[1.0] * 52] * 3)
    with pytest.raises(ValueError, match="positive"):
        sample_deals(k, 5, random.Random(0), [[0.0] * 52] * 4)


def fixed_view() -> dict[str, Any]:
    """Seat 1 (the first to play) in the second trick of a 5-card round, answering the dealer's 10♥; seat 3 has
    shown it lacks clubs (seats counted from 1)."""
    hands = [
        ["AH", "KD", "7C", "3S", "9H"],
        ["QC", "5D", "8H", "2C", "TS"],
        ["JD", "4H", "6S", "KS", "2D"],
        ["AC", "TH", "5S", "8D", "3H"],
    ]
    deal = {"round": 5, "dealer": 3, "trump": "4S", "hands": hands}
    game = tricktable.new_game(GAME, players=4, seed=3, deals=[deal])
    for move in ["bid 2", "bid 1", "bid 1", "7C", "QC", "2D", "AC", "TH"]:
        game.play(move)
    return json.loads(json.dumps(game.view(0)))


def test_the_shipped_weights_load_and_give_the_recorded_beliefs_and_move() -> None:
    model = Belief.load(MODEL)
    assert model.players == 4
    assert MODEL.stat().st_size < 4_000_000
    k = read_view(fixed_view())
    chances = model.chances(k)
    assert np.allclose(chances.sum(axis=1)[[c for c in range(52) if k.unseen >> c & 1]], 1.0, atol=1e-5)
    # Seat 2 threw the 2♦ on a club lead: it holds no club, whatever the network says.
    clubs = [c for c in range(52) if SUIT_MASKS[parse_card("2C") // 13] >> c & 1]
    assert not chances[clubs, 1].any() and chances[clubs, 0].any()
    recorded = {"KS": RECORDED_KS, "8H": RECORDED_8H}
    for name, places in recorded.items():
        card = next(c for c in range(52) if card_str(c) == name)
        assert np.allclose(chances[card], places, atol=1e-4), (name, chances[card].round(4).tolist())
    bot = TeamMate(seed=7, level="strong")
    bot.level = dataclasses.replace(LEVELS["strong"], belief=1.0, play_worlds=100)  # one batch: no clock in it
    assert bot.choose(fixed_view()) == RECORDED_MOVE


def test_each_card_a_seat_played_reads_against_the_cards_it_could_have_played_instead() -> None:
    k = read_view(fixed_view())  # seat 1's view (spades are trumps): see fixed_view
    reading = card_reading(k)
    assert reading.shape == (4, 52, 2 * READINGS)

    def kinds(place: int, name: str) -> set[int]:
        return {int(i) for i in np.nonzero(reading[place, parse_card(name)])[0]}

    # Seat 2 (place 0) took the 7♣ lead with the Q♣ while it needed a trick: a lower club that would also have
    # taken it (the 8♣) is one it likely lacks (kind 1); the K♣ was not lower, the 2♣ would not have taken it.
    assert kinds(0, "8C") == {1} and kinds(0, "JC") == {1} and kinds(0, "KC") == set() and kinds(0, "2C") == set()
    # Seat 3 (place 1) threw the 2♦ on a club while the Q♣ won and it needed a trick: every trump would have
    # taken the trick (kind 0), and diamonds above the 2♦ are higher than a card it threw (kind 6).
    assert kinds(1, "KS") == {0} and kinds(1, "2S") == {0} and kinds(1, "9D") == {6}
    # Seat 4 (place 2) took the trick with the A♣ over the Q♣ (the K♣ would have done: kind 1), then, its one
    # trick made, led the 10♥: hearts above it and below it count among the plays of a seat that is done.
    assert kinds(2, "KC") == {1} and kinds(2, "JC") == set()
    assert kinds(2, "KH") == {READINGS + 4} and kinds(2, "4H") == {READINGS + 5}
    assert reading[3].sum() == 0  # the rest of the pack played nothing
    # The readings are the last features of every card and place (the rest of the pack's are zero).
    with_readings = encode(k, readings=True)
    assert with_readings.shape == (52, 4, FEATURES) and encode(k).shape == (52, 4, FIRST_FEATURES)
    assert np.array_equal(with_readings[:, :, FIRST_FEATURES:], reading.transpose(1, 0, 2))
    assert np.array_equal(with_readings[:, :, :FIRST_FEATURES], encode(k))


def test_a_model_reads_the_features_it_was_trained_on() -> None:
    k = read_view(fixed_view())
    rng = np.random.default_rng(0)

    def random_model(inputs: int) -> Belief:
        hidden = (rng.normal(size=(inputs, 8)).astype(np.float32), np.zeros(8, np.float32))
        return Belief(4, [hidden, (rng.normal(size=(8, 1)).astype(np.float32), np.zeros(1, np.float32))])

    places = allowed(k)
    for inputs, readings in ((FIRST_FEATURES, False), (FEATURES, True)):
        model = random_model(inputs)
        assert model.readings == readings
        expected = masked_softmax(model.logits(encode(k, readings)[None])[0], places)
        assert np.allclose(model.chances(k), expected)
    with pytest.raises(ValueError, match="shape"):
        random_model(FIRST_FEATURES + 1)


#: The shipped network's chances of the K♠ and the 8♥ for seat 1, seat 2, seat 3 and the rest of the pack.
RECORDED_KS = [0.1271, 0.1271, 0.0717, 0.6742]
RECORDED_8H = [0.099, 0.099, 0.1225, 0.6795]
RECORDED_MOVE = "AH"


def test_the_seat_weights_come_from_the_shipped_model_and_stay_positive() -> None:
    k = read_view(fixed_view())
    weights = seat_weights(k)
    assert weights is not None
    assert weights[k.seat] == [0.0] * 52
    for p in range(4):
        if p != k.seat:
            assert min(weights[p]) > 0 and max(weights[p]) == pytest.approx(1.0)


def test_every_player_count_has_its_own_shipped_belief_and_a_three_player_team_mate_draws_from_it() -> None:
    for players, path in MODELS.items():
        model = belief_for(players)
        assert model is not None and model.players == players and path.stat().st_size < 4_000_000
        assert Belief.load(path).inputs == model.inputs
    game = tricktable.new_game(GAME, players=3, seed=5, deals=[{"round": 4, "dealer": 0}])
    for move in ["bid 1", "bid 2"]:  # the dealer takes the rest
        game.play(move)
    game.play(sorted(str(m) for m in game.legal_moves())[0])
    k = read_view(game.view(game.to_move))
    weights = seat_weights(k)
    assert weights is not None and len(weights) == 3 and weights[k.seat] == [0.0] * 52
    # The seat that led has shown one card; the others' weights come from the 3-player network, not even odds.
    other = (k.seat + 1) % 3
    assert min(w for c, w in enumerate(weights[other]) if k.unseen >> c & 1) < 0.9


def training_positions(readings: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rounds = [random_round(seed, cards) for seed, cards in zip(range(12), [3, 4, 5, 6, 7] * 3)]
    return belief_data.arrays(rounds, readings)


@pytest.mark.parametrize("readings", [False, True])
def test_a_tiny_network_trained_a_few_steps_lowers_its_loss_and_exports_the_same_forward_pass(
    readings: bool,
) -> None:
    import torch  # the train extra, which the test command installs

    from tricktable.bots.tricks_together.train import BELIEF, BELIEF_READINGS, fit, network_from

    data = training_positions(readings)
    assert data[0].shape[-1] == (FEATURES if readings else FIRST_FEATURES)
    torch.set_num_threads(1)
    task = BELIEF_READINGS if readings else BELIEF
    layers, rows = fit(data, None, 4, steps=60, seed=0, hidden=16, quiet=True, every=20, learning_rate=0.02, task=task)
    assert rows[-1][1] < 0.9 * rows[0][1]
    # The NumPy forward pass the bots use gives what PyTorch gives.
    model = Belief(4, layers)
    assert model.readings == readings
    with torch.no_grad():
        x = data[0][:5].astype(np.float32)  # stored in half precision
        expected = network_from(layers)(torch.from_numpy(x)).numpy()[..., 0] + x[..., OFFSET]
    assert np.allclose(model.logits(x), expected, atol=1e-4)


def test_the_next_turn_s_rounds_are_played_by_a_team_drawing_worlds_from_the_belief(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[object] = []
    original = TeamMate.sample_worlds

    def counted(self: TeamMate, k: Knowledge, count: int, beliefs: list[list[float]] | None = None) -> Any:
        drawn.append(beliefs)
        return original(self, k, count, beliefs)

    monkeypatch.setattr(TeamMate, "sample_worlds", counted)
    for power in (0.0, 1.0):
        drawn.clear()
        record = belief_data.play((4, 3, belief_data.FIRST_SEED, "easy", power, belief_data.SIZES, None))
        assert record["cards"] == 5 and any(move[0] != "b" for move in record["moves"])  # cards were played
        # Uniform worlds at power 0; at power 1, every card's worlds drawn with the belief's weights.
        assert drawn and all((beliefs is not None) == (power > 0) for beliefs in drawn)


def test_a_round_can_be_played_with_another_policy(tmp_path: Path) -> None:
    from tricktable.bots.tricks_together.policy import FEATURES as POLICY_FEATURES

    # Every legal card scored alike: each seat of a fast team plays its lowest legal card.
    even = tmp_path / "even.npz"
    np.savez(even, players=4, layers=1, w0=np.zeros((POLICY_FEATURES, 1), np.float32), b0=np.zeros(1, np.float32))
    differ = 0
    for index in range(6):
        task = (4, index, belief_data.FIRST_SEED, "fast", 0.0, (4, 5, 6))
        played = belief_data.play((*task, str(even)))
        game = belief_data.deal(4, played["cards"], played["seed"], played["dealer"])
        for move in played["moves"]:
            if game.phase == "play":
                assert move == min(game.view(game.to_move)["legal_moves"], key=parse_card)
            game.play(move)
        differ += played["moves"] != belief_data.play((*task, None))["moves"]
    assert differ > 0


def test_a_round_can_be_played_by_a_level_with_changed_fields() -> None:
    from tricktable.bots.tricks_together.search import parse_level

    differ = 0
    for index in range(4):
        setting = (4, index, belief_data.FIRST_SEED)
        plain = belief_data.play((*setting, "easy", 0.0, (5, 6), None))
        changed = belief_data.play((*setting, "easy:policy_playouts=1", 0.0, (5, 6), None))
        assert changed["moves"][:3] == plain["moves"][:3]  # the same numbers: only the play-outs changed
        differ += changed["moves"] != plain["moves"]
    assert differ > 0
    for text in ("easy:worlds=3", "nobody", "easy:budget=soon"):
        with pytest.raises(ValueError, match=r"no level|takes a number"):
            parse_level(text)


def test_a_round_can_be_labelled_by_another_level_at_every_choice() -> None:
    """The positions a fast team reaches, each choice labelled by the card another level would play there."""
    differ = 0
    for index in range(4):
        task = (4, index, belief_data.FIRST_SEED, "fast", 0.0, (4, 5), None)
        plain = belief_data.play(task)
        same = belief_data.play(task, labels="fast")  # fast plays its policy's best card, whatever its seed
        taught = belief_data.play(task, labels="easy")
        assert same["moves"] == taught["moves"] == plain["moves"] and "labels" not in plain
        chosen = [card_str(played) for _, _, played in belief_data.choices(plain)]
        assert same["labels"] == chosen and len(taught["labels"]) == len(chosen)
        _, masks, ys = belief_data.choice_arrays([taught])
        legal = [legal for _, legal, _ in belief_data.choices(plain)]
        assert [card_str(cards[y]) for cards, y in zip(legal, ys)] == taught["labels"]
        assert all(masks[i, y] for i, y in enumerate(ys))
        differ += taught["labels"] != chosen
    assert differ > 0


def test_the_positions_with_and_without_readings_are_cached_apart(tmp_path: Path) -> None:
    from tricktable.bots.tricks_together.train import BELIEF, BELIEF_READINGS, positions

    rounds = [random_round(seed, cards) for seed, cards in zip(range(10, 16), [3, 4, 5] * 2)]
    (tmp_path / "rounds-000000.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rounds), encoding="utf-8")
    for task, width in ((BELIEF_READINGS, FEATURES), (BELIEF, FIRST_FEATURES), (BELIEF_READINGS, FEATURES)):
        players, parts = positions(tmp_path, task)
        assert players == 4 and (tmp_path / task.cache).exists()
        assert {part[0].shape[-1] for part in parts.values() if len(part[0])} == {width}
    assert BELIEF.cache != BELIEF_READINGS.cache


def strong(seed: int, **changes: float) -> TeamMate:
    """`strong` with some fields changed and time enough for every world, so that its moves repeat exactly."""
    bot = TeamMate(level="strong", seed=seed)
    bot.level = dataclasses.replace(bot.level, budget=60.0, **changes)
    return bot


@cache
def second_seats_views(secret: bool) -> list[dict[str, Any]]:
    """The view of the second seat to play in a few 5-player rounds of 4 cards (the lead made)."""
    views = []
    for seed in range(12):
        game = tricktable.new_game(
            GAME, players=5, seed=seed, deals=[{"round": 4, "dealer": seed % 5}], secret_numbers=secret
        )
        while game.phase == "commit":
            game.play(strong(seed).choose(game.view(game.to_move)))
        if game.phase == "play":
            game.play(sorted(str(m) for m in game.legal_moves())[0])  # a lead, so the belief has a card to read
            views.append(game.view(game.to_move))
    return views


@pytest.mark.parametrize("secret", [False, True])
def test_secret_rounds_draw_their_worlds_without_the_belief_learnt_from_open_numbers(secret: bool) -> None:
    views = second_seats_views(secret)
    with_belief = [strong(seed).choose(view) for seed, view in enumerate(views)]
    without = [strong(seed, belief=0.0).choose(view) for seed, view in enumerate(views)]
    if secret:
        # It never learnt to read a hidden number, so a Secret round plays as if it were not there.
        assert with_belief == without
    else:
        # With open numbers the belief moves some of these cards (the comparison above can fail).
        assert with_belief != without


def test_a_round_played_with_secret_numbers_is_recorded_and_replayed_with_them() -> None:
    task = (4, 2, belief_data.FIRST_SEED, "fast", 0.0, (4, 5), None)
    hidden, shown = belief_data.play(task, secret=True), belief_data.play(task)
    assert hidden["secret"] is True and "secret" not in shown
    for record, secret in ((hidden, True), (shown, False)):
        views = [k for k, _ in belief_data.positions(record)]
        assert views and all(k.secret == secret for k in views)
        # A seat sees no partner's number in a Secret round, and every number in an open one.
        partners = [k.numbers[p] for k in views for p in range(4) if p != k.seat]
        assert all((number is None) == secret for number in partners)


def test_a_belief_learnt_from_secret_rounds_is_never_written_over_a_shipped_one(tmp_path: Path) -> None:
    from tricktable.bots.tricks_together.train import BELIEF, POLICY, secret_rounds, shipped

    folders = {}
    for secret in (False, True):
        folder = folders[secret] = tmp_path / ("secret" if secret else "open")
        folder.mkdir()
        rounds = [random_round(seed, 3) | ({"secret": True} if secret else {}) for seed in range(3)]
        (folder / "rounds-000000.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rounds), encoding="utf-8")
    assert secret_rounds([folders[True]]) and not secret_rounds([folders[False]])
    with pytest.raises(SystemExit, match="mix"):
        secret_rounds([folders[False], folders[True]])
    assert shipped(BELIEF, 4) == MODELS[4]
    for task in (BELIEF, POLICY):
        with pytest.raises(SystemExit, match="Secret rounds ships: say where"):
            shipped(task, 4, secret=True)


def test_a_secret_view_is_read_only_by_a_belief_given_for_it() -> None:
    k = read_view(second_seats_views(True)[0])
    assert k.secret and seat_weights(k) is None  # no shipped belief learnt from Secret rounds
    weights = seat_weights(k, model=belief_for(k.players))  # as the benchmarks give a candidate model
    assert weights is not None and weights[k.seat] == [0.0] * 52
    assert any(min(weights[p]) < 0.9 for p in range(k.players) if p != k.seat)
