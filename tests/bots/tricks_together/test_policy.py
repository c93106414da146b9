"""The learned policy of Tricks Together and the ``fast`` level that plays it: its encoding, its numbers, the shipped
weights, training, and the level offered wherever levels are named."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

import tricktable
from tricktable.bots.base import bot_kinds, make_bot
from tricktable.bots.tricks_together import belief_data, cpolicy
from tricktable.bots.tricks_together.cteam import blueprint_card
from tricktable.bots.tricks_together.policy import (
    FEATURES,
    MODEL,
    MODELS,
    NAMES,
    Policy,
    encode,
    needs,
    policy,
    trick_state,
)
from tricktable.bots.tricks_together.search import TeamMate
from tricktable.core.cards import card_str, parse_card
from tricktable.core.errors import InvalidOptions
from tricktable.rules.tricks_together import Knowledge, read_view, solve_cards

GAME = "tricks-together"
#: Where two of a legal card's features sit.
BLUEPRINT, TAKES_NOW = NAMES.index("the blueprint's card"), NAMES.index("takes the trick now")


def random_round(seed: int, cards: int, players: int = 4) -> belief_data.Record:
    """A round played by legal moves chosen at random (seeded): quick, and full of different positions."""
    rng = random.Random(seed)
    game = belief_data.deal(players, cards, seed, seed % players)
    moves = []
    while not game.score_sheet:
        move = rng.choice(sorted(str(m) for m in game.legal_moves()))
        moves.append(move)
        game.play(move)
    return {"players": players, "cards": cards, "seed": seed, "dealer": seed % players, "moves": moves}


def some_choices() -> list[tuple[Knowledge, list[int], int]]:
    found = [c for seed in range(30) for c in belief_data.choices(random_round(seed, 3 + seed % 5))]
    assert len(found) > 40
    return found


def test_the_encoding_marks_the_blueprints_card_and_the_cards_that_take_the_trick() -> None:
    for k, legal, _ in some_choices():
        x = encode(k, legal)
        assert x.shape == (len(legal), FEATURES) and x.dtype == np.float32
        _, best, winner = trick_state(k)
        plan = blueprint_card(k.seat, k.hand, k.trick, best, winner, needs(k), k.left, k.gone, k.trump, k.players)
        assert x[:, BLUEPRINT].tolist() == [float(c == plan) for c in legal]
        for i, c in enumerate(legal):
            # Takes the trick now: a higher card of the led suit than the best, or a trump over a plain best.
            takes = bool(k.trick) and (
                (c // 13 == best // 13 and c > best) or (c // 13 == k.trump and best // 13 != k.trump)
            )
            assert x[i, TAKES_NOW] == float(takes), (card_str(c), [card_str(t) for t in k.trick])


def test_the_fast_level_plays_only_legal_cards_from_the_view() -> None:
    for players, secret in [(3, False), (4, True), (5, False)]:
        game = tricktable.new_game(GAME, players=players, seed=11, secret_numbers=secret)
        bots = {s: make_bot(GAME, "fast", seed=s) for s in range(players)}
        while game.to_move is not None:
            view = json.loads(json.dumps(game.view(game.to_move)))
            move = bots[game.to_move].choose(view)
            assert move in view["legal_moves"]
            game.play(move)


def test_fast_takes_the_shared_numbers_and_imitates_searched_ones() -> None:
    """One card: the exact policy; 2 to 5 cards: the shared table, as ``normal`` (``strong`` may leave the table
    for a number its search finds clearly better); a searched number is imitated elsewhere."""
    fast, normal = make_bot(GAME, "fast", seed=1), make_bot(GAME, "normal", seed=1)
    for seed in range(24):
        cards = 1 + seed % 5
        game = tricktable.new_game(GAME, players=4, seed=seed, deals=[{"round": cards}])
        view = game.view(game.to_move)
        assert fast.choose(view) == normal.choose(view)
    # Seven cards: the likeliest number of the model fitted to strong's, a legal number.
    game = tricktable.new_game(GAME, players=4, seed=5, deals=[{"round": 7}])
    view = game.view(game.to_move)
    assert fast.choose(view) in view["legal_moves"]


def test_the_compiled_encoding_and_forward_pass_are_the_policys_at_3_to_5_players() -> None:
    model = policy()
    checked = 0
    for seed in range(150):
        players = 3 + seed % 3
        for k, legal, _ in belief_data.choices(random_round(seed, 2 + seed % 6, players)):
            public = (k.leader, k.trick, k.won, needs(k), k.gone, k.voids, k.history)
            compiled = cpolicy.features(k.seat, k.players, k.trump, k.cards, k.hand, *public)
            assert np.array_equal(compiled, encode(k, legal)), (seed, k.history)
            assert cpolicy.card(model.layers, k.seat, k.players, k.trump, k.cards, k.hand, *public) == model.card(
                k, legal
            )
            checked += 1
    assert checked > 200


def test_a_policy_play_out_is_the_round_a_fast_team_plays_from_there() -> None:
    """In the true deal with the true numbers, the compiled play-out after each legal card makes the numbers
    exactly when a team of ``fast`` team-mates, each reading its own view, does from that position."""
    outcomes = []
    for seed in range(24):
        players = 3 + seed % 3
        game = belief_data.deal(players, 3 + seed % 5, seed, seed % players)
        team = [make_bot(GAME, "fast", seed=seed) for _ in range(players)]
        plays = 0
        while not game.score_sheet:
            view = game.view(game.to_move)
            if game.phase == "play" and len(view["legal_moves"]) > 1 and plays % 3 == seed % 3:
                k = read_view(view)
                legal = [parse_card(m) for m in view["legal_moves"]]
                numbers = [seat["number"] for seat in view["seats"]]
                expected = []
                for card in legal:
                    twin = game.clone()
                    twin.play(card_str(card))
                    while not twin.score_sheet:
                        twin.play(team[twin.to_move].choose(twin.view(twin.to_move)))
                    expected.append(float(twin.score_sheet[0].success))
                made = cpolicy.scores(
                    policy(players=players).layers, [list(game.hands)], [numbers], [1.0], k.trump, k.cards, k.leader,
                    k.trick, k.won, k.gone, k.voids, k.history, legal,
                )  # fmt: skip
                assert made == expected, (seed, k.history)
                outcomes += expected
            plays += game.phase == "play"
            game.play(team[game.to_move].choose(view))
    assert len(outcomes) > 50 and 0 < sum(outcomes) < len(outcomes)  # both outcomes met


def test_drawn_cards_follow_the_policys_softmax_and_a_cold_draw_is_its_best_card() -> None:
    model = policy()
    checked = 0
    for seed in range(40):
        players = 3 + seed % 3
        for k, legal, _ in list(belief_data.choices(random_round(seed, 3 + seed % 5, players)))[:2]:
            public = (k.leader, k.trick, k.won, needs(k), k.gone, k.voids, k.history)
            scores = model.scores(k, legal).astype(float)
            for temperature in (1.0, 3.0):
                drawn = cpolicy.draws(
                    model.layers, k.seat, k.players, k.trump, k.cards, k.hand, *public, temperature, seed, 4000
                )
                chances = np.exp((scores - scores.max()) / temperature)
                chances /= chances.sum()
                shares = np.array([drawn.count(c) for c in legal]) / len(drawn)
                assert set(drawn) <= set(legal)
                assert np.abs(shares - chances).max() < 0.035, (seed, shares, chances)  # about 4.5 standard errors
            cold = cpolicy.draws(model.layers, k.seat, k.players, k.trump, k.cards, k.hand, *public, 1e-4, seed, 20)
            assert cold == [model.card(k, legal)] * 20
            checked += 1
    assert checked > 25


def test_drawn_play_outs_repeat_with_their_seed_and_cool_to_the_best_cards() -> None:
    """The same seed gives the same scores; at a temperature near 0 they are the best-card play-outs' scores,
    at 1 they differ somewhere."""
    differs = 0
    for seed in range(16):
        players = 3 + seed % 3
        game = belief_data.deal(players, 4 + seed % 4, seed, seed % players)
        team = [make_bot(GAME, "fast", seed=seed) for _ in range(players)]
        while game.phase != "play":
            game.play(team[game.to_move].choose(game.view(game.to_move)))
        view = game.view(game.to_move)
        k = read_view(view)
        legal = [parse_card(m) for m in view["legal_moves"]]
        numbers = [seat["number"] for seat in view["seats"]]
        worlds, targets, weights = [list(game.hands)] * 30, [numbers] * 30, [1.0] * 30
        public = (k.trump, k.cards, k.leader, k.trick, k.won, k.gone, k.voids, k.history, legal)
        best = cpolicy.scores(policy().layers, worlds, targets, weights, *public)
        assert cpolicy.scores(policy().layers, worlds, targets, weights, *public, 1e-7, seed) == best
        drawn = cpolicy.scores(policy().layers, worlds, targets, weights, *public, 1.0, seed)
        assert drawn == cpolicy.scores(policy().layers, worlds, targets, weights, *public, 1.0, seed)
        assert all(0.0 <= d <= 30.0 for d in drawn)
        differs += drawn != best
    assert differs >= 4


def test_a_numbers_policy_play_outs_are_the_rounds_a_fast_team_plays_with_those_numbers() -> None:
    """For each number of the first chooser (the others' numbers given, the dealer the rest), the compiled
    play-out from the first lead makes the numbers exactly when a team of ``fast`` team-mates does."""
    outcomes = []
    for seed in range(12):
        players = 3 + seed % 3
        cards, dealer = 3 + seed % 5, seed % players
        chooser = (dealer + 1) % players
        game = belief_data.deal(players, cards, seed, dealer)
        others = [0 if p in (chooser, dealer) else (seed + p) % 2 for p in range(players)]
        candidates = list(range(cards + 1))
        made = cpolicy.commit_scores(
            policy(players=players).layers, [list(game.hands)], [others], chooser, dealer, cards, game.trump_suit,
            game.trump_card, candidates,
        )  # fmt: skip
        team = [make_bot(GAME, "fast", seed=seed) for _ in range(players)]
        for number in candidates:
            if sum(others) + number > cards:
                assert made[number] == 0
                continue
            twin = game.clone()
            while twin.phase == "commit":
                seat = twin.to_move
                twin.play(f"bid {number if seat == chooser else others[seat]}")
            while not twin.score_sheet:
                twin.play(team[twin.to_move].choose(twin.view(twin.to_move)))
            assert made[number] == int(twin.score_sheet[0].success), (seed, number)
            outcomes.append(made[number])
    assert len(outcomes) > 40 and 0 < sum(outcomes) < len(outcomes)


def test_a_worlds_policy_reading_is_the_chance_of_the_partners_cards_seat_by_seat() -> None:
    """In the true deal, the compiled reading is the product, over the other seats' cards chosen among two or
    more, of the policy's softmax chance of the card played from that seat's view then (``Policy.scores``),
    raised to the power; a random deal of the same view mostly weighs otherwise."""
    checked = differs = 0
    for seed in range(18):
        players = 3 + seed % 3
        game = belief_data.deal(players, 4 + seed % 4, seed, seed % players)
        team = [make_bot(GAME, "fast", seed=seed) for _ in range(players)]
        observer = seed % players
        chance = 1.0
        while not game.score_sheet:
            view = game.view(game.to_move)
            if game.phase == "play" and game.to_move == observer and game.trick:
                k = read_view(game.view(observer))
                numbers = [seat["number"] for seat in view["seats"]]
                args = (k.played_by, [numbers], k.history, observer, k.dealer, k.cards, k.trump, k.trump_card)
                read = cpolicy.likelihoods(policy().layers, [list(game.hands)], *args, 0.5)
                assert read == pytest.approx([chance**0.5], rel=1e-4)
                other = TeamMate(seed=seed, level="strong").sample_worlds(k, 1)
                differs += cpolicy.likelihoods(policy().layers, other, *args, 1.0) != pytest.approx([chance], rel=1e-4)
                checked += 1
            move = team[game.to_move].choose(view)
            if game.phase == "play" and game.to_move != observer and len(view["legal_moves"]) > 1:
                k = read_view(view)
                legal = [parse_card(m) for m in view["legal_moves"]]
                scores = policy().scores(k, legal).astype(float)
                odds = np.exp(scores - scores.max())
                chance *= float(odds[legal.index(parse_card(move))] / odds.sum())
            game.play(move)
    assert checked > 10 and differs > checked // 2


def test_the_partners_cards_are_read_by_the_reading_policy_given_and_by_nothing_else() -> None:
    """A team-mate given a policy to read its partners' cards by weighs each world exactly as one that plays its
    worlds out with that policy (the reading is the only use of it), and otherwise as the shipped policy says."""
    flat = Policy([(np.zeros((FEATURES, 1), np.float32), np.zeros(1, np.float32))])  # every card alike
    compared = differ = 0
    for seed in range(6):
        game = belief_data.deal(4, 6, seed, seed % 4)
        team = [make_bot(GAME, "fast", seed=seed) for _ in range(4)]
        while not game.score_sheet:
            view = game.view(game.to_move)
            k = read_view(view)
            if game.phase == "play" and len(k.history) >= 6 and game.to_move == seed % 4:
                reader = TeamMate(seed=seed, level="strong")
                reader.reading_model = flat
                player = TeamMate(seed=seed, level="strong")
                player.policy_model = flat
                shipped = TeamMate(seed=seed, level="strong")
                worlds = shipped.sample_worlds(k, 40)
                weights = reader.weigh(k, worlds)[1]
                assert weights == pytest.approx(player.weigh(k, worlds)[1])
                differ += weights != pytest.approx(shipped.weigh(k, worlds)[1])
                compared += 1
            game.play(team[game.to_move].choose(view))
    assert compared >= 6 and differ >= compared // 2


def fixed_views() -> list[dict[str, Any]]:
    """Three positions of one 5-card deal (seats counted from 0; seat 3 deals, spades are trumps): seat 0
    answering the 10♥ in trick 2, seat 1 answering the 7♣ in trick 1, seat 3 leading trick 2."""
    hands = [
        ["AH", "KD", "7C", "3S", "9H"],
        ["QC", "5D", "8H", "2C", "TS"],
        ["JD", "4H", "6S", "KS", "2D"],
        ["AC", "TH", "5S", "8D", "3H"],
    ]
    views = []
    for plays in (["7C", "QC", "2D", "AC", "TH"], ["7C"], ["7C", "QC", "2D", "AC"]):
        deal = {"round": 5, "dealer": 3, "trump": "4S", "hands": hands}
        game = tricktable.new_game(GAME, players=4, seed=3, deals=[deal])
        for move in ["bid 2", "bid 1", "bid 1", *plays]:
            game.play(move)
        views.append(json.loads(json.dumps(game.view(game.to_move))))
    return views


#: The shipped policy's cards for the fixed views, and its scores of the first view's legal cards.
RECORDED_MOVES = ["AH", "QC", "8D"]
RECORDED_SCORES = {"9H": -10.369, "AH": -2.565}


def test_the_shipped_weights_load_and_give_the_recorded_moves() -> None:
    model = Policy.load(MODEL)
    assert model.inputs == FEATURES and MODEL.stat().st_size < 64_000  # a few KB
    views = fixed_views()
    assert [make_bot(GAME, "fast", seed=0).choose(v) for v in views] == RECORDED_MOVES
    k = read_view(views[0])
    legal = [parse_card(m) for m in views[0]["legal_moves"]]
    scores = {card_str(c): round(float(s), 3) for c, s in zip(legal, policy().scores(k, legal))}
    assert scores == pytest.approx(RECORDED_SCORES, abs=2e-3)


def test_every_player_count_plays_its_own_shipped_policy() -> None:
    for players, path in MODELS.items():
        with np.load(path) as stored:
            assert int(stored["players"]) == players  # learnt from rounds of that count
        assert policy(players=players).inputs == FEATURES and path.stat().st_size < 64_000
    # A fast team-mate at 3 and 5 players plays its count's model, whose card is not always the 4-player one's.
    fast = make_bot(GAME, "fast", seed=0)
    for players in (3, 5):
        differs = 0
        for seed in range(12):
            game = tricktable.new_game(GAME, players=players, seed=seed, deals=[{"round": 4 + seed % 4}])
            while game.to_move is not None:
                view = json.loads(json.dumps(game.view(game.to_move)))
                move = fast.choose(view)
                if view["phase"] != "commit" and len(view["legal_moves"]) > 1:
                    k, legal = read_view(view), [parse_card(m) for m in view["legal_moves"]]
                    assert move == card_str(policy(players=players).card(k, legal))
                    differs += move != card_str(policy(players=4).card(k, legal))
                game.play(move)
        assert differs > 0, players


def test_a_tiny_policy_trained_a_few_steps_lowers_its_loss_and_exports_the_same_forward_pass() -> None:
    import torch  # the train extra, which the test command installs

    from tricktable.bots.tricks_together.train import POLICY, agreement, fit, network_from

    data = belief_data.choice_arrays([random_round(seed, 3 + seed % 5) for seed in range(30)])
    torch.set_num_threads(1)
    layers, rows = fit(data, None, 4, 60, 0, hidden=16, quiet=True, every=20, learning_rate=0.02, task=POLICY)
    assert rows[-1][1] < 0.9 * rows[0][1]
    x = data[0]
    # The NumPy forward pass the bot uses gives what PyTorch gives.
    model = Policy(layers)
    with torch.no_grad():
        expected = network_from(layers)(torch.from_numpy(x[:5])).numpy()[..., 0]
    assert np.allclose(model.forward(x[:5])[..., 0], expected, atol=1e-4)
    assert 0.0 <= agreement(network_from(layers), *(torch.from_numpy(a) for a in data)) <= 1.0


def test_the_cards_that_keep_a_deal_makeable_are_the_solvers_and_a_policy_can_learn_them() -> None:
    """With ``keeps`` each choice also says which legal cards leave the true deal makeable with open hands (the
    solver's answer there), the first three arrays unchanged; a network trained on them with weight 1 gives those
    cards more of its chance than the untrained one, which gives every legal card the same."""
    import torch

    from tricktable.bots.tricks_together.train import fit, keeping_loss, keeping_task, network_from

    records = [random_round(seed, 3 + seed % 5) for seed in range(30)]
    plain = belief_data.choice_arrays(records)
    data = belief_data.choice_arrays(records, keeps=True)
    assert len(data) == 4 and all(np.array_equal(a, b) for a, b in zip(plain, data))
    _, legal, _, keeps = data
    assert not (keeps & ~legal).any() and keeps.any() and (keeps != legal).any()
    row = 0  # each choice's row, in order, against the solver asked in the true deal then
    for record in records[:12]:
        game = belief_data.deal(record["players"], record["cards"], record["seed"], record["dealer"])
        for k, cards, _ in belief_data.choices(record, game):
            numbers = [int(n) for n in k.numbers]
            expected = solve_cards(list(game.hands), k.trump, k.leader, numbers, cards, k.trick, k.won)
            assert list(keeps[row, : len(cards)]) == expected and not keeps[row, len(cards) :].any()
            row += 1
    assert row >= 6
    torch.set_num_threads(1)
    tensors = [torch.from_numpy(a) for a in data]
    task = keeping_task(1.0)
    untrained, _ = fit(data, None, 4, 1, 0, hidden=16, quiet=True, every=1, learning_rate=0.0, task=task)
    layers, rows = fit(data, None, 4, 80, 0, hidden=16, quiet=True, every=20, learning_rate=0.02, task=task)
    with torch.no_grad():
        before = float(keeping_loss(network_from(untrained), *tensors, 1.0))
        assert float(keeping_loss(network_from(layers), *tensors, 1.0)) < 0.9 * before
    assert rows[-1][1] < rows[0][1]


def test_fast_is_offered_wherever_the_levels_are_named(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient
    from typer.testing import CliRunner

    from tricktable.cli import app
    from tricktable.lab.spec import make_spec
    from tricktable.server.app import create_app

    assert "fast" in bot_kinds(GAME) and isinstance(make_bot(GAME, "fast"), TeamMate)
    out = CliRunner().invoke(app, ["play", GAME, "--bots-only", "--bot", "fast", "--seed", "3"])
    assert out.exit_code == 0, out.output
    arena = CliRunner().invoke(app, ["arena", GAME, "--bots", "fast,easy", "--deals", "2", "--workers", "1"])
    assert arena.exit_code == 0, arena.output
    assert make_spec(GAME, bots="fast").bots == "fast"
    with TestClient(create_app(tmp_path / "lobby.sqlite3", bot_delay=0.0, grace=60.0)) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
    assert "fast" in games[GAME]["bots"]
    # The other games have no fast level, and say which levels they have.
    assert "fast" not in games["trumps"]["bots"]
    refused = CliRunner().invoke(app, ["play", "trumps", "--bots-only", "--bot", "fast"])
    assert refused.exit_code != 0 and "heuristic" in refused.output
    with pytest.raises(InvalidOptions, match="no 'fast' bot for trumps; bots: random, heuristic"):
        make_spec("trumps", bots="fast")
