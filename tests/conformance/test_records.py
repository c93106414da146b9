"""A game replays exactly: from its record, as a clone played on, and from its seed and moves."""

from __future__ import annotations

import json

from tests.conformance.support import (
    LONG_GAME,
    Config,
    each_configuration,
    random_games,
    seats,
    snapshot,
    state_text,
)
from tricktable.core.game import Game
from tricktable.core.records import from_record, to_record
from tricktable.core.registry import new_game

#: Positions of each configuration where the record, a clone and a replay are compared (and each game's end).
POSITIONS = 6
#: Moves a clone is played on before it is compared again.
AHEAD = 8


def replayed(game: Game, moves: list[str]) -> Game:
    """A new game with ``game``'s seat count, seed and options, moved by ``moves``."""
    twin = new_game(game.name, players=game.players, seed=game.seed, **game.options)
    for text in moves:
        twin.play(text)
    return twin


def check_record(game: Game) -> None:
    """The record, as JSON text and back, replays to the same views, events, result and record."""
    record = json.loads(json.dumps(to_record(game)))
    twin = from_record(record)
    for seat in seats(game):
        assert json.dumps(twin.view(seat), sort_keys=True) == json.dumps(game.view(seat), sort_keys=True), seat
    assert [e.to_dict() for e in twin.events] == [e.to_dict() for e in game.events]
    assert [str(m) for m in twin.legal_moves()] == [str(m) for m in game.legal_moves()]
    assert json.loads(json.dumps(to_record(twin))) == record


def check_clone(game: Game, following: list[str]) -> None:
    """A clone is the game; played on, it leaves the game as it was and agrees with a replay of the moves.
    (Quick snapshots: the lists that only grow are compared by length and last entries.)"""
    before = snapshot(game, quick=True)
    twin = game.clone()
    assert type(twin) is type(game) and snapshot(twin, quick=True) == before
    for text in following:
        twin.play(text)
    assert snapshot(game, quick=True) == before, "playing on a clone changed the game it was cloned from"
    again = replayed(game, [*(str(m) for m in game.history), *following])
    assert snapshot(twin, quick=True) == snapshot(again, quick=True), "a clone played on differs from a replay"


@each_configuration()
def test_records_clones_and_replays_agree(config: Config) -> None:
    games = random_games(config)
    total = sum(len(moves) for _, moves in games)
    positions = max(2, POSITIONS * min(total, LONG_GAME) // total)  # fewer in long games, as ``replay`` does
    stride = max(1, total // positions)
    index = 0
    for number, (seed, moves) in enumerate(games):
        game = config.new_game(seed)
        for step, text in enumerate(moves):
            if index % stride == stride // 2:
                check_record(game)
                check_clone(game, list(moves[step : step + AHEAD]))
                assert state_text(replayed(game, list(moves[:step]))) == state_text(game)
            index += 1
            game.play(text)
        if number in (0, len(games) - 1):  # the ends of the first and last games (short games come in dozens)
            check_record(game)
            check_clone(game, [])
            assert snapshot(replayed(game, list(moves))) == snapshot(game), "the moves replayed give another game"
