"""Sampled worlds are consistent with everything the seat has seen: each one, laid out as an explicit layout,
replays the round's public history through the engine move for move — every pick, goal choice and card legal,
every hint the same — and the worlds are spread evenly over what the seat cannot tell apart."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import tricktable
from tricktable.rules.secret_trumps import CARD_TEXT
from tricktable.rules.secret_trumps.knowledge import Knowledge, read_view
from tricktable.rules.secret_trumps.sampler import World, hidden_choosers, sample_deals, world_layout


def stops(seed: int, players: int, **options: Any) -> list[Any]:
    """Clones of a random game in its first round: during the picking, during the goal choice, during play."""
    game: Any = tricktable.new_game("secret-trumps", players=players, seed=seed, **options)
    rng = random.Random(seed)
    marks = [("pick", 3 + seed % 5), ("choose", 1), ("play", 5 + seed % 20)]
    out = []
    moves_in_phase = 0
    phase = game.phase
    while marks and game.to_move is not None:
        if game.phase != phase:
            phase, moves_in_phase = game.phase, 0
        if game.phase == marks[0][0] and moves_in_phase == marks[0][1]:
            out.append(game.clone())
            marks.pop(0)
        game.play(rng.choice(game.legal_moves()))
        moves_in_phase += 1
    return out


def replay(k: Knowledge, world: World, options: dict[str, Any]) -> None:
    """The round of ``world`` through the engine: the public history must be legal and announce the same hints."""
    n = k.players
    twin: Any = tricktable.new_game("secret-trumps", players=n, seed=1, deals=[world_layout(k, world)], **options)
    for turn in range(n * k.goal_count):
        seat = (k.start + turn) % n
        twin.play(f"goal {k.goal_slugs[k.held[seat][turn // n]]}")
    for row in k.picks:
        for seat, card in row:
            assert twin.to_move == seat
            twin.play(f"pick {CARD_TEXT[card]}")
    assert [(h["cards"], h["seats"].index(h["winner"])) for h in twin.hints] == [
        ([CARD_TEXT[c] for c in cards], winner) for cards, winner in k.hints
    ]
    for i in range(1, n):
        seat = (k.start + i) % n
        if not k.committed[seat]:
            break
        goal = world.chosen[seat]
        assert goal is not None and goal in k.open_goals[seat]
        twin.play(f"choose {k.goal_slugs[goal]}")
    for seat, card in k.plays:
        assert twin.to_move == seat
        twin.play(CARD_TEXT[card])
    assert twin.won == k.won and twin.hands == k.hands


@pytest.mark.parametrize("seed", range(6))
def test_every_sampled_world_replays_the_public_history(seed: int) -> None:
    players = 3 + seed % 2
    options = {"five_goals": seed % 3 == 1, "second_deck": seed % 4 != 3}
    replayed = 0
    for game in stops(seed, players, **options):
        for seat in range(players):
            k = read_view(game.view(seat))
            for world in sample_deals(k, 60, random.Random(seed * 10 + seat)):
                replay(k, world, options)
                replayed += 1
    assert replayed >= 500


def test_the_start_player_samples_only_the_truth_and_others_every_hypothesis_evenly() -> None:
    game = stops(11, 4)[0]
    assert game.phase == "pick"
    start = read_view(game.view(game.start))
    truth = (game.trumps.suit, game.trumps.rank)
    assert {w.trumps for w in sample_deals(start, 200, random.Random(1))} == {truth}
    other = read_view(game.view((game.start + 1) % 4))
    counts = Counter(w.trumps for w in sample_deals(other, 6000, random.Random(2)))
    assert set(counts) == set(other.hypotheses)
    expected = 6000 / len(other.hypotheses)
    assert all(abs(c - expected) < 6 * expected**0.5 for c in counts.values())


def test_hidden_goal_choices_are_sampled_among_open_goals_and_seen_ones_are_kept() -> None:
    game = stops(5, 4)[1]
    assert game.phase == "choose" and game.to_move == (game.start + 2) % 4
    chooser = (game.start + 1) % 4  # committed, unseen by the others
    k = read_view(game.view((game.start + 3) % 4))
    assert hidden_choosers(k) == [chooser]
    seen = Counter(w.chosen[chooser] for w in sample_deals(k, 2000, random.Random(3)))
    assert set(seen) == set(k.open_goals[chooser])
    own = read_view(game.view(chooser))
    assert hidden_choosers(own) == []
    assert {w.chosen[chooser] for w in sample_deals(own, 50, random.Random(4))} == {game.chosen[chooser]}


def test_three_player_worlds_place_every_aside_card_once() -> None:
    game = stops(2, 3)[0]
    k = read_view(game.view(0))
    for world in sample_deals(k, 100, random.Random(5)):
        assert sorted(world.aside) == sorted(c for c in range(36) if k.aside >> c & 1)


def test_there_is_no_round_to_sample_during_the_draft() -> None:
    game = tricktable.new_game("secret-trumps", players=4, seed=1)
    with pytest.raises(ValueError, match="draft"):
        sample_deals(read_view(game.view(0)), 1, random.Random(1))
