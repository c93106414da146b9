"""Property tests: random Tricks Together games of every option combination keep every invariant."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable
from tricktable import IllegalMove
from tricktable.core.cards import FULL_DECK, card_str, parse_card

games_strategy = st.fixed_dictionaries(
    {
        "players": st.integers(3, 5),
        "seed": st.integers(0, 2**32),
        "lives": st.sampled_from([3, 4]),
        "long_climb": st.booleans(),
        "up_and_down": st.booleans(),
        "no_trumps": st.booleans(),
        "secret_numbers": st.booleans(),
        "move_seed": st.integers(0, 2**32),
        "low_bias": st.floats(0.0, 1.0),
    }
)


def make_game(params: dict[str, Any]) -> tricktable.Game:
    options = {k: params[k] for k in ("lives", "long_climb", "up_and_down", "no_trumps", "secret_numbers")}
    if params["players"] == 5:
        options["long_climb"] = False
    return tricktable.new_game("tricks-together", players=params["players"], seed=params["seed"], **options)


def choose(game: tricktable.Game, rng: random.Random, low_bias: float) -> str:
    moves = [str(m) for m in game.legal_moves()]
    if game.phase == "commit" and rng.random() < low_bias:
        return moves[0] if rng.random() < 0.5 else moves[min(1, len(moves) - 1)]  # low numbers go further
    return rng.choice(moves)


def check_view_secrecy(game: tricktable.Game) -> None:
    """No view shows another seat's cards or a number that is not yet revealed to it."""
    state: Any = game
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        # Earlier rounds' cards (the score sheet, the last trick of the deal before, still on view) were dealt
        # from another shuffle: only this round counts.
        earlier = view["last_trick"] is not None and view["last_trick"]["deal"] != view["table"]["deal"]
        text = json.dumps({k: v for k, v in view.items() if k != "score_sheet" and not (earlier and k == "last_trick")})
        for other in range(game.players):
            if other == seat:
                continue
            for card in tricktable.core.cards.bits(state.hands[other]):
                # Cards still in another hand may not appear anywhere in this view.
                assert f'"{card_str(card)}"' not in text, (seat, other, card_str(card))
        for other, entry in enumerate(view["seats"]):
            if entry["number"] is not None:
                assert state.revealed or other == seat
        for event in view["events"]:
            if event["type"] in ("hand_dealt", "number_chosen"):
                assert event["seat"] == seat


@settings(max_examples=1000, deadline=None)
@given(games_strategy)
def test_random_games_keep_every_invariant(params: dict[str, Any]) -> None:
    game = make_game(params)
    state: Any = game
    rng = random.Random(params["move_seed"])
    moves = 0
    while game.to_move is not None:
        # Cards conserved: the hands, this round's played cards and the trump card are the deal.
        played = 0
        for card_text_ in _played_this_round(game):
            card = parse_card(card_text_)
            assert not played >> card & 1
            played |= 1 << card
        in_hands = 0
        for hand in state.hands:
            assert not in_hands & hand
            in_hands |= hand
        assert not in_hands & played and not (in_hands | played) >> state.trump_card & 1
        assert (in_hands | played | 1 << state.trump_card) & ~FULL_DECK == 0
        sizes = {state.hands[p].bit_count() + _played_by(game, p) for p in range(game.players)}
        assert sizes == {state.cards}
        assert state.lives >= 0
        if moves % 7 == 0:
            check_view_secrecy(game)
            _check_illegal_refused(game, rng)
        game.play(choose(game, rng, params["low_bias"]))
        moves += 1
    _check_finished_game(game)


def _played_this_round(game: tricktable.Game) -> list[str]:
    state: Any = game
    return [
        e["card"] for e in (ev.to_dict() for ev in game.events[state.round_log_start :]) if e["type"] == "card_played"
    ]


def _played_by(game: tricktable.Game, seat: int) -> int:
    state: Any = game
    return sum(1 for e in game.events[state.round_log_start :] if e.kind == "card_played" and e.seat == seat)  # type: ignore[attr-defined]


def _check_illegal_refused(game: tricktable.Game, rng: random.Random) -> None:
    legal = {str(m) for m in game.legal_moves()}
    candidates = [f"bid {k}" for k in range(12)] + [card_str(c) for c in range(52)]
    illegal = [m for m in candidates if m not in legal]
    before = json.dumps(game.view(None)), len(game.history)
    for move in rng.sample(illegal, 5):
        try:
            game.play(move)
        except IllegalMove as exc:
            assert str(exc)
        else:  # pragma: no cover - a failure of the property
            raise AssertionError(f"illegal move {move} was accepted")
    assert (json.dumps(game.view(None)), len(game.history)) == before


def _check_finished_game(game: tricktable.Game) -> None:
    state: Any = game
    events = [e.to_dict() for e in game.events]
    # Group by round: one card per seat per trick, c tricks in rounds that were played out.
    dealt = [i for i, e in enumerate(events) if e["type"] == "round_dealt"]
    for start, end in zip(dealt, [*dealt[1:], len(events)]):
        chunk = events[start:end]
        cards = chunk[0]["cards"]
        tricks: dict[int, list[int]] = {}
        for e in chunk:
            if e["type"] == "card_played":
                tricks.setdefault(e["trick"], []).append(e["seat"])
        for trick_no, seats in tricks.items():
            assert sorted(seats) == list(range(game.players)), trick_no
        won = [e for e in chunk if e["type"] == "trick_won"]
        outcome = [e for e in chunk if e["type"] in ("round_won", "round_failed")]
        assert len(outcome) == 1
        if outcome[0]["type"] == "round_won":
            assert len(won) == cards
        else:
            assert len(won) <= cards
    dealers = [e["dealer"] for e in events if e["type"] == "round_dealt"]
    assert all((b - a) % game.players == 1 for a, b in zip(dealers, dealers[1:]))
    failures = sum(1 for e in events if e["type"] == "round_failed")
    lost = sum(1 for e in events if e["type"] == "life_lost")
    result = game.result()
    assert result is not None
    if result["won"]:
        assert lost == failures and result["score"] == state.lives == game.options["lives"] - lost
    else:
        assert failures == game.options["lives"] + 1 and lost == game.options["lives"]
    for row in game.view(None)["score_sheet"]:
        if row["success"]:
            assert row["numbers"] == row["tricks"] and sum(row["tricks"]) == row["cards"]
    assert events[-1]["type"] == "game_over"


@settings(max_examples=200, deadline=None)
@given(games_strategy)
def test_records_round_trip(params: dict[str, Any]) -> None:
    game = make_game(params)
    rng = random.Random(params["move_seed"])
    stop = rng.randrange(1, 120)
    while game.to_move is not None and len(game.history) < stop:
        game.play(choose(game, rng, params["low_bias"]))
    record = json.loads(json.dumps(tricktable.to_record(game)))
    replayed = tricktable.from_record(record)
    for seat in [None, *range(game.players)]:
        assert replayed.view(seat) == game.view(seat)
    assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in game.events]
