"""Random games keep the core protocol at every position (``docs/protocol.md``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conformance.support import Config, each_configuration, random_games, replay, seats
from tricktable.core.errors import IllegalMove
from tricktable.core.events import Event, GameOver
from tricktable.core.game import Game
from tricktable.core.registry import game_class, game_names

#: Every view holds these (the protocol's "View conventions").
VIEW_KEYS = ("game", "title", "players", "options", "seat", "to_move", "phase", "move_number", "legal_moves", "result")
#: Positions of each configuration's random games looked at.
POSITIONS = 40
#: The legal moves checked one by one at a position (a pass of three cards can have hundreds).
LEGAL_CHECKED = 24


def check_moves(game: Game) -> None:
    """A running game has a seat to move and legal moves, each read back from its notation and allowed."""
    seat = game.to_move
    assert isinstance(seat, int) and 0 <= seat < game.players, seat
    assert game.result() is None and not game.is_over and game.phase != "over"
    moves = game.legal_moves()
    assert moves, f"no legal move in phase {game.phase!r}"
    texts = [str(m) for m in moves]
    assert len(set(texts)) == len(texts), "two legal moves share a notation"
    step = max(1, len(moves) // LEGAL_CHECKED)
    for move in list(moves)[::step]:
        assert game.why_illegal(move) is None, move
        assert str(game.parse_move(str(move))) == str(move)


def check_view(game: Game, seat: int | None, visible: set[str]) -> None:
    """The view is JSON, holds the protocol's fields in agreement with the game, and only events ``seat`` may
    see (``visible``: every event visible to it so far, as JSON text)."""
    view = json.loads(json.dumps(game.view(seat)))  # a view must be JSON-serialisable
    missing = [key for key in VIEW_KEYS if key not in view]
    assert not missing, missing
    assert (view["game"], view["players"], view["seat"]) == (game.name, game.players, seat)
    assert view["title"] == game.title and view["options"] == game.options
    assert (view["to_move"], view["phase"], view["move_number"]) == (game.to_move, game.phase, len(game.history))
    expected = [str(m) for m in game.legal_moves()] if seat is not None and seat == game.to_move else []
    assert view["legal_moves"] == expected
    assert view["result"] == json.loads(json.dumps(game.result()))
    if "seats" in view:
        assert len(view["seats"]) == game.players
    if seat is None and "hand" in view:
        assert not view["hand"], "spectators hold no cards"
    for event in view.get("events", []):
        assert json.dumps(event, sort_keys=True) in visible, f"seat {seat}'s view holds an event it may not see"


class EventWatch:
    """What a game has announced so far, checked as it grows."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seen: list[dict[str, Any]] = []
        self.visible: dict[int | None, set[str]] = {seat: set() for seat in seats(game)}

    def check(self, game: Game) -> None:
        """Events only grow; each new one is typed and seen by exactly the seats it is visible to."""
        events = game.events
        start = len(self.seen)
        assert len(events) >= start, "events went away"
        for old in {0, start // 2, start - 1} if start else ():  # a few of the earlier ones, cheaply
            assert events[old].to_dict() == self.seen[old], f"event {old} changed"
        new = events[start:]
        for event in new:
            as_dict = event.to_dict()
            assert isinstance(event, Event) and as_dict["type"] == event.kind
            audience = event.visible_to
            assert audience is None or all(0 <= s < game.players for s in audience)
            text = json.dumps(json.loads(json.dumps(as_dict)), sort_keys=True)
            for seat, visible in self.visible.items():
                if event.visible(seat):
                    visible.add(text)
            assert event.visible(None) == (audience is None)
            self.seen.append(as_dict)
        for seat in seats(game):
            assert game.events_for(seat, start) == [e for e in new if e.visible(seat)]


def check_end(game: Game) -> None:
    """No seat to move, no legal move, and a result that fits the table, announced by the last event."""
    assert game.to_move is None and game.is_over and game.phase == "over"
    assert not game.legal_moves()
    result = game.result()
    assert result is not None
    result = json.loads(json.dumps(result))
    winners, scores = result["winners"], result["scores"]
    assert all(isinstance(w, int) and 0 <= w < game.players for w in winners) and len(set(winners)) == len(winners)
    assert len(scores) == game.players and isinstance(result["summary"], str) and result["summary"]
    sides = game.partnerships()
    assert sorted(s for side in sides for s in side) == list(range(game.players)), sides
    for side in sides:
        assert len({seat in winners for seat in side}) == 1, "partners win or lose together"
    last = game.events[-1]
    assert isinstance(last, GameOver)
    assert (list(last.winners), list(last.scores)) == (winners, scores)
    for seat in seats(game):
        assert json.loads(json.dumps(game.view(seat)["result"])) == result


@each_configuration()
def test_random_games_keep_the_protocol(config: Config) -> None:
    watch: EventWatch | None = None
    ends = 0
    for game in replay(config, positions=POSITIONS, least=15):
        if watch is None or watch.game is not game:
            watch = EventWatch(game)
        watch.check(game)
        for seat in seats(game):
            check_view(game, seat, watch.visible[seat])
        if game.to_move is None:
            check_end(game)
            ends += 1
        else:
            check_moves(game)
    assert ends == len(random_games(config))


@pytest.mark.parametrize("name", game_names())
def test_a_view_of_a_seat_not_at_the_table_is_refused(name: str) -> None:
    game = game_class(name)(seed=1)
    for seat in (-1, game.players, "0", 1.0):
        with pytest.raises(IllegalMove):
            game.view(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", game_names())
def test_the_game_describes_itself(name: str) -> None:
    described = game_class(name).describe()
    assert described["name"] == name and described["title"] and described["moves"]
    low, high = described["players"]
    assert low <= described["default_players"] <= high
    assert json.loads(json.dumps(described)) == described
