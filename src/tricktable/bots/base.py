"""The random bot, and the registry of each game's bots.

Every game's bots live in one package, ``tricktable.bots.<game>``, named by the game's entry in the registry
(``core.registry.GAMES``); importing the package registers its bots (``register_bot``).  A package is imported
the first time its game's bots are asked for.

One player is not a ``Bot``: the open-hands ceiling (``OPEN_HANDS``, each game's ``open_hands`` module), which
the arena seats to measure how far the bots are from a player that sees every hand.  It is handed the game
itself, not a view, and so it is never listed among the levels a table can seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from tricktable.core.errors import InvalidOptions
from tricktable.core.game import Game
from tricktable.core.players import Bot
from tricktable.core.registry import GAMES, load

Level = TypeVar("Level")


def legal_moves_of(view: dict[str, Any]) -> list[str]:
    """The view's legal moves; a view without any is not this seat's turn, and a bot asked then says so."""
    moves = view["legal_moves"]
    if not moves:
        raise ValueError("the view offers no legal move: it is not this seat's turn")
    return [str(m) for m in moves]


class LevelledBot(Generic[Level]):
    """What every game's searching bot shares: a level picked by name from the game's ``levels`` (data: how
    much to search, the time budget), its own seeded random source, and no thought for a forced move.  A game's
    bot says only how it decides (``decide``)."""

    levels: Mapping[str, Level]

    def __init__(self, seed: int | None = None, level: str = "normal") -> None:
        self.level: Level = self.levels[level]
        self.name = level
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        legal = legal_moves_of(view)
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal)

    def decide(self, view: dict[str, Any], legal: list[str]) -> str:
        """The move for ``view``, one of ``legal`` (at least two)."""
        raise NotImplementedError


class RandomBot:
    """Plays a uniformly random legal move: the baseline every other bot is measured against."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        return self.rng.choice(legal_moves_of(view))


BotFactory = Callable[[int | None], Bot]
_BOTS: dict[tuple[str, str], BotFactory] = {}


def register_bot(game: str, kind: str) -> Callable[[BotFactory], BotFactory]:
    """Decorator: ``@register_bot("tricks-together", "heuristic")`` on a class taking ``seed``."""

    def wrap(factory: BotFactory) -> BotFactory:
        _BOTS[(game, kind)] = factory
        return factory

    return wrap


_BOT_PACKAGES = {entry.name: entry.bots for entry in GAMES}


def _load(game: str) -> None:
    package = _BOT_PACKAGES.get(game)
    if package is not None:
        load(package)


def bot_kinds(game: str) -> list[str]:
    """The bot levels for ``game``, weakest first (``random`` first; registration order after it)."""
    _load(game)
    return ["random", *(kind for g, kind in _BOTS if g == game)]


def default_level(game: str) -> str:
    """The level seated when nobody asks for one: ``normal`` where a game has it, else its strongest."""
    kinds = bot_kinds(game)
    return "normal" if "normal" in kinds else kinds[-1]


def make_bot(game: str, kind: str = "heuristic", seed: int | None = None) -> Bot:
    """A new bot of level ``kind`` for ``game``; ``seed`` makes its choices reproducible."""
    _load(game)
    if kind == "random":
        return RandomBot(seed)
    factory = _BOTS.get((game, kind))
    if factory is None:
        raise InvalidOptions(f"no {str(kind)[:40]!r} bot for {game}; bots: {', '.join(bot_kinds(game))}")
    return factory(seed)


#: The arena's name for the open-hands ceiling.
OPEN_HANDS = "open-hands"


class OpenHandsBot:
    """A player allowed to see every hand: the ceiling the arena measures the bots against.  It breaks the
    rule every other bot keeps (a seat's view only) on purpose, and only the arena seats it: ``choose_open``
    gets a copy of the whole game."""

    name = OPEN_HANDS
    sees_every_hand = True

    #: Every seat's hand while ``choose_open`` runs (for a search that reads hands from the seats' views).
    hands: list[int] | None = None
    #: The bot's own move from a view (its search's ``choose``: declared, not defined, so that it is found there).
    choose: Callable[[dict[str, Any]], str]

    def choose_open(self, game: Game, seat: int) -> str:
        """The move for ``seat`` (to move in ``game``), every hand in sight.  By default: every seat's hand as
        ``hand_of`` reads it from that seat's view is kept in ``hands`` while the bot chooses from its own view."""
        self.hands = [self.hand_of(game.view(p)) for p in range(game.players)]
        try:
            return self.choose(game.view(seat))
        finally:
            self.hands = None

    def hand_of(self, view: dict[str, Any]) -> int:
        """One seat's hand, as a card mask, read from that seat's view."""
        raise NotImplementedError


def make_open_hands_bot(game: str, seed: int | None = None) -> OpenHandsBot:
    """The open-hands ceiling of ``game`` (its bots package's ``open_hands`` module)."""
    package = _BOT_PACKAGES.get(game)
    if package is None:
        raise InvalidOptions(f"no game {str(game)[:40]!r}")
    factory: Callable[[int | None], OpenHandsBot] = load(f"{package}.open_hands:OpenHands")
    return factory(seed)
