"""The ``Bot`` interface, the random bot, and the registry of each game's bots."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from tricktable.core.errors import InvalidOptions


class Bot(Protocol):
    """A player program.  ``choose`` gets the seat's view (``game.view(seat)``) and returns a move's text."""

    name: str

    def choose(self, view: dict[str, Any]) -> str: ...


class RandomBot:
    """Plays a uniformly random legal move: the baseline every other bot is measured against."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        moves = view["legal_moves"]
        if not moves:
            raise ValueError("the view offers no legal move: it is not this seat's turn")
        return str(self.rng.choice(moves))


BotFactory = Callable[[int | None], Bot]
_BOTS: dict[tuple[str, str], BotFactory] = {}


def register_bot(game: str, kind: str) -> Callable[[BotFactory], BotFactory]:
    """Decorator: ``@register_bot("tricks-together", "heuristic")`` on a class taking ``seed``."""

    def wrap(factory: BotFactory) -> BotFactory:
        _BOTS[(game, kind)] = factory
        return factory

    return wrap


def _load() -> None:
    import tricktable.bots.registry  # noqa: F401  (imports every game's bots)


def bot_kinds(game: str) -> list[str]:
    """The bot levels for ``game``, weakest first."""
    _load()
    return ["random", *sorted(kind for g, kind in _BOTS if g == game)]


def make_bot(game: str, kind: str = "heuristic", seed: int | None = None) -> Bot:
    _load()
    if kind == "random":
        return RandomBot(seed)
    factory = _BOTS.get((game, kind))
    if factory is None:
        raise InvalidOptions(f"no {kind!r} bot for {game}; bots: {', '.join(bot_kinds(game))}")
    return factory(seed)
