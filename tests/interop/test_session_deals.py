"""A session hands each new deal to the game it plays (the game owes it), and says exactly what a session that
replays the whole history from the start says, at every point of random games of every game."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from tricktable import IllegalMove, InvalidOptions, new_game
from tricktable.core.game import Game
from tricktable.interop.adapt import Session, Spec, sample_item, spec

#: Every game, with options that make its games run over several rounds.
GAMES = [
    ("secret-trumps", 3, {}),
    ("secret-trumps", 4, {"five_goals": True, "second_deck": True}),
    ("trumps", 3, {}),
    ("trumps", 4, {}),
    ("tandem-trick", 3, {"target": 40}),
    ("tandem-trick", 4, {}),
    ("tricks-together", 3, {"up_and_down": True}),
    ("tricks-together", 4, {}),
]
IDS = [f"{name}-{players}{'-' + '-'.join(options) if options else ''}" for name, players, options in GAMES]


def _step(session: Session, rng: np.random.Generator) -> None:
    """One random step: an item drawn, or a random legal action."""
    if session.dealing:
        session.apply_chance(sample_item(session, rng))
    else:
        legal = session.legal_actions()
        session.apply_action(legal[int(rng.integers(len(legal)))])


def _same_as_replayed(session: Session) -> None:
    """``session`` says what a session that replays its history from scratch says."""
    fresh = Session(session.spec)
    fresh.replay(session.history)
    assert fresh.key() == session.key()
    assert fresh.to_move == session.to_move and fresh.is_over == session.is_over
    assert fresh.legal_actions() == session.legal_actions()
    assert fresh.returns() == session.returns()
    for seat in range(session.spec.players):
        assert fresh.information(seat) == session.information(seat)
    if session.dealing:
        assert fresh.chance_items() == session.chance_items()
    else:
        # The game the replaying path makes: created with every deal, every move made again.
        rebuilt = session._replay()
        assert session.game is not None and fresh.game is not None
        for seat in [None, *range(session.spec.players)]:
            assert rebuilt.view(seat) == fresh.view(seat) == session.view(seat)
        assert rebuilt.events == session.game.events
        assert fresh.game.deals_made() == session.game.deals_made() == rebuilt.deals_made() == session.deals


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=IDS)
def test_a_session_keeps_its_game_across_every_deal(name: str, players: int, options: dict[str, object]) -> None:
    rng = np.random.default_rng(7)
    for _ in range(2):
        session = Session(spec(name, players, **options))
        while session.dealing:
            _step(session, rng)
        game = session.game
        while not session.is_over:
            _step(session, rng)
            assert session.game is game, f"the game was created again at deal {len(session.deals)}"
        assert len(session.deals) > 1, "the game ended in its first round: nothing was checked"
        _same_as_replayed(session)


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=IDS)
def test_a_session_says_what_a_replayed_one_says_at_random_points(
    name: str, players: int, options: dict[str, object]
) -> None:
    rng = np.random.default_rng(11)
    game_spec: Spec = spec(name, players, **options)
    for _ in range(3):
        session = Session(game_spec)
        branches: list[Session] = []
        while not session.is_over:
            _step(session, rng)
            roll = rng.random()
            if roll < 0.05:
                _same_as_replayed(session)
            elif roll < 0.15 and not session.dealing:
                session.information(int(rng.integers(players)))  # events read early stay valid later
            elif roll < 0.17:
                branches.append(copy.deepcopy(session))  # a copy goes its own way from here
        _same_as_replayed(session)
        for branch in branches:
            for _ in range(int(rng.integers(1, 400))):
                if branch.is_over:
                    break
                _step(branch, rng)
            _same_as_replayed(branch)
        _same_as_replayed(session)  # the copies changed nothing of the original


def _owing_game(name: str, players: int) -> tuple[Game, list[dict[str, Any]]]:
    """A game played by the engine to the end of its first round, and the deals a complete game made."""
    finished = new_game(name, players=players, seed=3)
    rng = np.random.default_rng(3)
    moves = []
    while not finished.is_over and finished.deals_started < 3:
        legal = list(finished.legal_moves())
        move = legal[int(rng.integers(len(legal)))]
        moves.append(move)
        finished.play(move)
    deals = finished.deals_made()
    game = new_game(name, players=players, seed=99, deals=deals[:1])
    for move in moves:
        game.play(move)
        if game.owes_deal:
            return game, deals
    raise AssertionError("the game never owed a deal")


@pytest.mark.parametrize("name", ["secret-trumps", "trumps", "tandem-trick", "tricks-together"])
def test_a_deal_given_late_is_the_deal_the_game_makes(name: str) -> None:
    game, deals = _owing_game(name, 3)
    game.give_deal(deals[1])
    assert game.deals_made() == deals[:2]
    with pytest.raises(IllegalMove):
        game.give_deal(deals[1])  # nothing owed any more


@pytest.mark.parametrize("name", ["secret-trumps", "trumps", "tandem-trick", "tricks-together"])
def test_a_bad_deal_given_late_is_refused_as_at_creation_and_changes_nothing(name: str) -> None:
    game, deals = _owing_game(name, 3)
    before = (list(game.deals), game.deals_started, game.to_move, game.phase)
    # Not a deal, an empty one, and the first deal again (its dealer, start player or round is the first one's).
    for bad in ({"hands": "no"}, {}, deals[0]):
        with pytest.raises(InvalidOptions):
            new_game(name, players=3, seed=1, deals=[deals[0], bad])
        with pytest.raises(InvalidOptions):
            game.give_deal(bad)
        assert (list(game.deals), game.deals_started, game.to_move, game.phase) == before
    game.give_deal(deals[1])
    assert game.deals_made() == deals[:2]


def test_a_game_that_owes_no_deal_refuses_one() -> None:
    game = new_game("trumps", players=3, seed=1)
    with pytest.raises(IllegalMove, match="no deal is owed"):
        game.give_deal(game.deals_made()[0])
