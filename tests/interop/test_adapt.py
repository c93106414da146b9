"""Sessions: a game played through action ids, its deals drawn item by item and handed to the engine."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from tricktable import IllegalMove, InvalidOptions
from tricktable.interop.adapt import Session, settle_chance, spec


def _play(session: Session, rng: np.random.Generator, moves: int) -> None:
    for _ in range(moves):
        settle_chance(session, rng)
        if session.is_over:
            return
        legal = session.legal_actions()
        session.apply_action(legal[int(rng.integers(len(legal)))])


def test_a_new_session_draws_the_first_deal_before_anyone_moves() -> None:
    session = Session(spec("trumps", 4))
    assert session.dealing and session.to_move == Session.CHANCE and session.legal_actions() == []
    assert session.current_draw()[0].roles == ("first dealer",)
    with pytest.raises(IllegalMove):
        session.apply_action(0)
    with pytest.raises(IllegalMove):
        session.view(0)


def test_the_engine_plays_exactly_the_deals_drawn() -> None:
    session = Session(spec("tandem-trick", 3, target=40))
    _play(session, np.random.default_rng(4), 200)
    assert session.game is not None and len(session.deals) >= 2
    session.view(None)
    assert session.game.deals_made() == session.deals


def test_the_last_card_of_a_whole_deck_is_drawn_without_a_chance_node() -> None:
    session = Session(spec("trumps", 4))
    session.apply_chance(2)  # the first dealer
    for card in range(50):
        session.apply_chance(card)
    assert session.dealing and session.chance_items() == [50, 51]
    session.apply_chance(51)
    assert not session.dealing and session.deals[0]["dealer"] == 2
    assert len(session.history) == 1 + 51


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    session = Session(spec("tricks-together", 4))
    settle_chance(session, np.random.default_rng(0))
    before = session.key()
    card_ids = [a for a in range(session.spec.num_actions) if a not in session.legal_actions()]
    with pytest.raises(IllegalMove):
        session.apply_action(card_ids[-1])
    with pytest.raises(IllegalMove):
        session.apply_action(10_000)
    with pytest.raises(IllegalMove):
        session.apply_chance(0)
    assert session.key() == before


def test_copies_and_pickles_are_the_same_position_and_independent() -> None:
    session = Session(spec("secret-trumps", 3))
    rng = np.random.default_rng(2)
    _play(session, rng, 120)
    twin = copy.deepcopy(session)
    thawed = pickle.loads(pickle.dumps(session))
    for other in (twin, thawed):
        assert other.key() == session.key() and other.legal_actions() == session.legal_actions()
        assert other.information(0) == session.information(0)
    _play(twin, rng, 5)
    assert twin.key() != session.key() and thawed.key() == session.key()


def test_returns_are_zero_sum_win_shares_and_the_cooperative_score() -> None:
    rng = np.random.default_rng(9)
    for name in ("tandem-trick", "tricks-together"):
        session = Session(spec(name, 4, **({"target": 5} if name == "tandem-trick" else {})))
        _play(session, rng, 10_000)
        assert session.is_over
        returns = session.returns()
        if name == "tandem-trick":
            assert abs(sum(returns)) < 1e-9 and max(returns) > 0
        else:
            assert len(set(returns)) == 1


def test_bad_options_are_refused_with_the_games_reason() -> None:
    with pytest.raises(InvalidOptions, match="Long climb"):
        spec("tricks-together", 5, long_climb=True)
    with pytest.raises(InvalidOptions):
        spec("trumps", 2)
