"""Learning the Tricks Together policy from its own play (``reinforce``): the compiled self-play is the round a team
of the policy plays, card by card, and an update moves the policy towards the plays that made their numbers."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tricktable.bots.base import make_bot
from tricktable.bots.tricks_together import belief_data, cpolicy, reinforce
from tricktable.bots.tricks_together.policy import MAX_LEGAL, MODELS, encode, policy
from tricktable.core.cards import card_str, parse_card
from tricktable.rules.tricks_together import read_view

GAME = "tricks-together"


def fast_round(players: int, cards: int, seed: int) -> tuple[bool, int]:
    """The round ``reinforce.deals`` deals for ``seed``, played by a team of ``fast``: made, and the cards chosen
    among two or more."""
    game = belief_data.deal(players, cards, seed, seed % players)
    team = [make_bot(GAME, "fast", seed=seed) for _ in range(players)]
    chosen = 0
    while not game.score_sheet:
        view = game.view(game.to_move)
        chosen += game.phase == "play" and len(view["legal_moves"]) > 1
        game.play(team[game.to_move].choose(view))
    return bool(game.score_sheet[0].success), chosen


def test_a_cold_self_play_is_the_round_a_fast_team_plays() -> None:
    """At temperature 0 each play of a deal is the round a team of ``fast`` team-mates plays with the numbers
    ``fast`` chose: the same outcome and as many cards chosen; rounds whose numbers exceed the cards are not dealt."""
    outcomes = []
    for players in (3, 4, 5):
        for cards in (3, 6):
            for seed in range(20):
                hands, targets, dealers, trumps, turned = reinforce.deals(players, cards, [seed])
                if not hands:
                    game = belief_data.deal(players, cards, seed, seed % players)
                    team = [make_bot(GAME, "fast", seed=seed) for _ in range(players)]
                    while not game.score_sheet:
                        assert game.phase == "commit"
                        game.play(team[game.to_move].choose(game.view(game.to_move)))
                    assert game.score_sheet[0].reason[0] == "sum"  # lost before a card
                    continue
                _, mask, played, play_of, made = cpolicy.self_play(
                    policy(players=players).layers, hands, targets, dealers, cards, trumps, turned, 0.0, seed, 2,
                    MAX_LEGAL,
                )  # fmt: skip
                expected, chosen = fast_round(players, cards, seed)
                assert made.tolist() == [expected, expected], (players, cards, seed)
                assert np.bincount(play_of, minlength=2).tolist() == [chosen, chosen]
                assert (mask.sum(axis=1) >= 2).all() and (played < mask.sum(axis=1)).all()
                outcomes.append(expected)
    assert len(outcomes) > 100 and 0 < sum(outcomes) < len(outcomes)


def test_a_warm_self_plays_choices_are_the_views_features_and_legal_cards() -> None:
    """At temperature 1, replaying each play's drawn cards in the rules engine: every recorded choice is the
    policy's encoding of the chooser's view and its legal cards, and the engine's outcome is the play's."""
    players, cards = 4, 5
    hands, targets, dealers, trumps, turned = reinforce.deals(players, cards, list(range(30, 40)))
    seeds = [s for s in range(30, 40) if reinforce.deals(players, cards, [s])[0]]
    repeats = 3
    x, mask, played, play_of, made = cpolicy.self_play(
        policy(players=players).layers, hands, targets, dealers, cards, trumps, turned, 1.0, 7, repeats, MAX_LEGAL
    )
    assert len(made) == len(seeds) * repeats
    kinds = set()
    for index in range(len(made)):
        seed = seeds[index // repeats]
        game = belief_data.deal(players, cards, seed, seed % players)
        team = [make_bot(GAME, "fast", seed=seed) for _ in range(players)]
        while game.phase == "commit":
            game.play(team[game.to_move].choose(game.view(game.to_move)))
        rows = iter(np.flatnonzero(play_of == index))
        while not game.score_sheet:
            view = game.view(game.to_move)
            knowledge = read_view(view)
            legal = sorted(parse_card(m) for m in view["legal_moves"])
            if len(legal) == 1:
                game.play(card_str(legal[0]))
                continue
            row = next(rows)
            assert mask[row].sum() == len(legal)
            assert np.allclose(x[row, : len(legal)], encode(knowledge, legal), atol=1e-6)
            game.play(card_str(legal[played[row]]))
        assert next(rows, None) is None
        assert bool(game.score_sheet[0].success) == made[index]
        kinds.add(bool(made[index]))
    assert kinds == {True, False}


def test_an_update_raises_the_chance_of_the_cards_of_plays_that_did_better() -> None:
    import torch  # the train extra, which the test command installs

    from tricktable.bots.tricks_together.train import legal_scores, network_from

    players, cards, repeats = 4, 5, 8
    layers = policy(players=players).layers
    hands, targets, dealers, trumps, turned = reinforce.deals(players, cards, list(range(200, 400)))
    parts = [cpolicy.self_play(layers, hands, targets, dealers, cards, trumps, turned, 1.0, 3, repeats, MAX_LEGAL)]
    x, mask, played, advantage, made = reinforce.gather(parts, repeats)
    assert 0.0 < made < 1.0 and (advantage > 0).any() and (advantage < 0).any()
    # A play's advantage: made or not, less the share of the same deal's other plays made.
    outcome = parts[0][4].reshape(-1, repeats).astype(float)
    first = outcome[:, 0] - outcome[:, 1:].mean(axis=1)
    assert np.allclose(reinforce.advantages(parts[0][4], repeats)[0::repeats], first)

    torch.manual_seed(0)
    torch.set_num_threads(1)
    model, anchor = network_from(layers), network_from(layers)
    data = (x, mask, played, advantage)

    def chances() -> np.ndarray:
        with torch.no_grad():
            scores = legal_scores(model, torch.from_numpy(x), torch.from_numpy(mask))
            picked = torch.log_softmax(scores, dim=-1).gather(-1, torch.from_numpy(played).unsqueeze(-1))
        return picked[:, 0].numpy()

    before = chances()
    optimiser = torch.optim.Adam(model.parameters(), lr=3e-4)
    reinforce.step(model, anchor, optimiser, data, np.random.default_rng(0), pull=0.0)
    change = chances() - before
    assert change[advantage > 0].mean() > 0 > change[advantage < 0].mean()


def test_a_run_writes_a_policy_after_every_turn_and_goes_on_where_it_stopped(tmp_path: Path) -> None:
    import subprocess
    import sys

    out = tmp_path / "turns.npz"
    command = [
        sys.executable, "-m", "tricktable.bots.tricks_together.reinforce", "--start", str(MODELS[3]), "--players",
        "3", "--out", str(out), "--deals", "24", "--repeats", "2", "--workers", "1",
    ]  # fmt: skip
    subprocess.run([*command, "--turns", "1"], check=True, capture_output=True)
    with np.load(out) as first:
        assert int(first["turn"]) == 1
    subprocess.run([*command, "--turns", "2"], check=True, capture_output=True)
    rows = out.with_suffix(".log").read_text(encoding="utf-8").splitlines()
    assert [row.split("\t")[0] for row in rows] == ["turn", "1", "2"]
    with np.load(out) as second:
        assert int(second["turn"]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["turns.log", "turns.npz"]
    # The bots load it as they load the shipped policy, and play it.
    learnt = policy(str(out))
    game = belief_data.deal(3, 4, 5, 2)
    bot = make_bot(GAME, "fast", seed=0)
    bot.policy_model = learnt
    while not game.score_sheet:
        game.play(bot.choose(game.view(game.to_move)))


def test_a_run_needs_two_plays_a_deal(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "tricktable.bots.tricks_together.reinforce", "--start", str(MODELS[4]), "--out",
         str(tmp_path / "x.npz"), "--repeats", "1"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode != 0 and "--repeats must be at least 2" in done.stderr
    assert not list(tmp_path.iterdir())
