"""What the conformance tests share: the configurations (game, players, variant), seeded random games, and a
game's state, record and views written out as JSON to compare byte for byte."""

from __future__ import annotations

import dataclasses
import json
import random
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from tricktable.core.errors import InvalidOptions
from tricktable.core.game import Game
from tricktable.core.records import to_record
from tricktable.core.registry import game_class, game_names, new_game

#: No random game of any configuration comes near this many moves; one that does never ends.
MOVE_LIMIT = 20_000


@dataclass(frozen=True)
class Config:
    """One way to set a game up: its name, the players and the options that differ from the defaults."""

    name: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def id(self) -> str:
        variant = "-".join(k if v is True else f"{k}={v}" for k, v in self.options) or "default"
        return f"{self.name}-{self.players}p-{variant}"

    @property
    def seed(self) -> int:
        """The seed of this configuration's random game: fixed, so that a failure replays."""
        return zlib.crc32(self.id.encode())

    def new_game(self, seed: int | None = None) -> Game:
        return new_game(self.name, players=self.players, seed=self.seed if seed is None else seed, **dict(self.options))


def variants(name: str) -> list[dict[str, Any]]:
    """The defaults, each option changed on its own (a flag turned round, every other choice, a bounded number
    at its minimum: the shortest game), and every flag turned round at once."""
    described = game_class(name).describe()["options"]
    out: list[dict[str, Any]] = [{}]
    for option in described:
        key, default = option["name"], option["default"]
        if option["type"] == "bool":
            out.append({key: not default})
        elif "choices" in option:
            out.extend({key: choice} for choice in option["choices"] if choice != default)
        elif option.get("minimum") is not None and option["minimum"] != default:
            out.append({key: option["minimum"]})
    flags = {o["name"]: not o["default"] for o in described if o["type"] == "bool"}
    if len(flags) > 1:
        out.append(flags)
    return out


@cache
def configurations() -> tuple[Config, ...]:
    """Every registered game at every player count in every variant its rules allow."""
    found: list[Config] = []
    for name in game_names():
        cls = game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            for options in variants(name):
                try:
                    cls(players=players, seed=0, **options)
                except InvalidOptions:
                    continue  # a combination the rules refuse (Long climb for 5 players, teams for 5)
                found.append(Config(name, players, tuple(sorted(options.items()))))
    return tuple(found)


def each_configuration() -> Any:
    """``pytest.mark.parametrize`` over every configuration, named by its id."""
    return pytest.mark.parametrize("config", configurations(), ids=[c.id for c in configurations()])


#: Random games are played until a configuration has this many moves (short games are played several times).
MOVES_PER_CONFIGURATION = 300


@cache
def random_games(config: Config) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Whole games of ``config`` played with uniformly random legal moves: (seed, move texts) each."""
    games: list[tuple[int, tuple[str, ...]]] = []
    total = 0
    while total < MOVES_PER_CONFIGURATION:
        seed = config.seed + len(games)
        game = config.new_game(seed)
        rng = random.Random(seed)
        texts: list[str] = []
        while game.to_move is not None:
            assert len(texts) < MOVE_LIMIT, f"{config.id}: the game of seed {seed} does not end"
            move = str(rng.choice(game.legal_moves()))
            game.play(move)
            texts.append(move)
        games.append((seed, tuple(texts)))
        total += len(texts)
    return tuple(games)


#: A view costs more the longer the game (score sheets grow): past this many moves a configuration's games are
#: looked at in proportionally fewer positions, so that every configuration costs about the same to check.
LONG_GAME = 600


def replay(config: Config, positions: int = 10**9, least: int = 1, every_end: bool = True) -> Iterator[Game]:
    """The random games of ``config`` at every position, each finished game included (the same object, moved
    on between steps); about ``positions`` of them, evenly spread, when fewer are wanted (fewer again in long
    games, but never fewer than ``least``).  ``every_end=False``: of the finished games only the last."""
    total = sum(len(moves) + 1 for _, moves in random_games(config))
    if positions < total:
        positions = max(least, positions * min(total, LONG_GAME) // total)
    stride = max(1, total // positions)
    index = 0
    games = random_games(config)
    for number, (seed, moves) in enumerate(games):
        game = config.new_game(seed)
        for text in moves:
            if index % stride == 0:
                yield game
            index += 1
            game.play(text)
        index += 1
        if every_end or number == len(games) - 1:
            yield game


def seats(game: Game) -> list[int | None]:
    """Every seat and the spectators (``None``)."""
    return [None, *range(game.players)]


def plain(value: Any, depth: int = 0) -> Any:
    """``value`` as plain JSON data, all the way down, so that two states compare as text."""
    assert depth < 40, "the state is nested too deep (a cycle?)"
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, random.Random):
        return ["Random", value.getstate()]
    if isinstance(value, type):
        return f"{value.__module__}.{value.__qualname__}"
    if isinstance(value, dict):
        return {json.dumps(plain(k, depth + 1)): plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v, depth + 1) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(json.dumps(plain(v, depth + 1)) for v in value)
    name = type(value).__qualname__
    if dataclasses.is_dataclass(value):
        return [name, {f.name: plain(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)}]
    if hasattr(value, "__dict__"):
        return [name, plain(vars(value), depth + 1)]
    slots = [s for cls in type(value).__mro__ for s in getattr(cls, "__slots__", ())]
    if slots:
        return [name, {s: plain(getattr(value, s, None), depth + 1) for s in slots}]
    return [name, repr(value)]


#: The game's lists that only ever grow, their entries never changed (``Game._APPEND_ONLY``).
APPEND_ONLY = ("_log", "_events", "history", "_dealt", "deals")
#: How many of the last entries of such a list a quick snapshot compares (with the list's length).
TAIL = 8


def state_text(game: Game, quick: bool = False) -> str:
    """The game's whole state as JSON, read after its typed events are built (as any reader of the protocol
    builds them).  ``quick`` writes each append-only list as its length and its last entries."""
    game.events  # noqa: B018 - builds the typed events and makes a deal the game still owes
    state = dict(vars(game))
    if quick:
        for key in APPEND_ONLY:
            if isinstance(state.get(key), list):
                state[key] = [len(state[key]), state[key][-TAIL:]]
    return json.dumps(plain(state), sort_keys=True)


def snapshot(game: Game, quick: bool = False) -> dict[str, str]:
    """Every seat's view, the record, the events and the state, each as JSON text (``quick``: of the record's
    moves and of the events only the count and the last few, as in ``state_text``)."""
    out = {f"view {seat}": json.dumps(game.view(seat), sort_keys=True) for seat in seats(game)}
    record = to_record(game)
    events = [e.to_dict() for e in game.events[-TAIL:]] if quick else [e.to_dict() for e in game.events]
    if quick:
        record["moves"] = [len(record["moves"]), record["moves"][-TAIL:]]
    out["record"] = json.dumps(record, sort_keys=True)
    out["events"] = json.dumps([len(game.events), events], sort_keys=True)
    out["state"] = state_text(game, quick)
    return out
