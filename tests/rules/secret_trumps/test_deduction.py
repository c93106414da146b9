"""Trump deduction against brute force: every hypothesis is replayed through the engine itself."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable
from tricktable.rules.secret_trumps import CARD_TEXT, NO_RANK, NO_SUIT, SUIT_LETTERS, all_hypotheses, trump_hypotheses


def picked_round(seed: int, players: int, second_deck: bool, rows: int) -> tuple[Any, list[str]]:
    """A random game through the draft and ``rows`` rows of picking; returns the game and the pick moves."""
    game: Any = tricktable.new_game("secret-trumps", players=players, seed=seed, second_deck=second_deck)
    rng = random.Random(seed)
    while game.phase == "draft":
        game.play(rng.choice(game.legal_moves()))
    picks = []
    while game.phase == "pick" and game.cur_row < rows:
        move = str(rng.choice(game.legal_moves()))
        picks.append(move)
        game.play(move)
    return game, picks


def replay_hints(game: Any, picks: list[str], suit: int, rank: int) -> list[int]:
    """The hints the engine announces for the same layout and picks under other trumps."""
    layout = {
        "start": game.start,
        "trump_suit": None if suit == NO_SUIT else SUIT_LETTERS[suit],
        "trump_rank": None if rank == NO_RANK else rank,
        "rows": [[CARD_TEXT[c] for c in row] for row in game.rows],
    }
    twin: Any = tricktable.new_game(
        "secret-trumps", players=game.players, seed=1, deals=[layout], second_deck=game.second_deck
    )
    for move in game.history:
        if twin.phase != "draft":
            break
        twin.play(move)
    for move in picks:
        twin.play(move)
    return [h["winner"] for h in twin.hints]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("second_deck", [True, False])
def test_deduction_matches_brute_force(players: int, second_deck: bool) -> None:
    rng = random.Random(players * 10 + second_deck)
    for trial in range(6):
        rows = rng.randint(1, 9)
        game, picks = picked_round(rng.randrange(10**9), players, second_deck, rows)
        truth = (game.trumps.suit, game.trumps.rank)
        hints = [h["winner"] for h in game.hints]
        observer = (game.start + 1 + trial) % players
        if observer == game.start:
            observer = (observer + 1) % players
        view = game.view(observer) if game.phase == "pick" else game.view(None)
        kept = set(trump_hypotheses(view, public_only=True))
        assert truth in kept  # the true trumps always survive
        brute = {h for h in all_hypotheses(second_deck) if replay_hints(game, picks, *h) == hints}
        assert kept == brute  # and exactly the hypotheses that reproduce every hint
        assert len(kept) <= len(all_hypotheses(second_deck)) == (50 if second_deck else 45)


def test_known_trumps_and_public_view() -> None:
    game, _ = picked_round(7, 4, True, 3)
    start_view = game.view(game.start)
    assert trump_hypotheses(start_view) == [(game.trumps.suit, game.trumps.rank)]
    other = game.view((game.start + 1) % 4)
    assert trump_hypotheses(other) == trump_hypotheses(start_view, public_only=True)
    aid = other["panels"]["Aid: trump hypotheses"]
    assert aid[0] == f"{len(trump_hypotheses(other))} of 50 (suit, rank) pairs still possible"


def test_no_hints_no_information() -> None:
    game, _ = picked_round(3, 4, False, 0)
    assert len(trump_hypotheses(game.view((game.start + 1) % 4))) == 45
