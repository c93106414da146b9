"""The list of games, and ``new_game``."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from tricktable.core.errors import InvalidOptions
from tricktable.core.game import Game

_GAMES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game available by its ``name``."""
    _GAMES[cls.name] = cls
    return cls


def game_class(name: str) -> type[Game]:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in _GAMES:
        # A game's module is named after it (tricks-together -> rules/tricks_together.py).
        try:
            importlib.import_module(f"tricktable.rules.{key.replace('-', '_')}")
        except ModuleNotFoundError as exc:
            if exc.name != f"tricktable.rules.{key.replace('-', '_')}":
                raise
    if key not in _GAMES:
        _load_builtin_games()
    if key not in _GAMES:
        raise InvalidOptions(f"no game called {name!r}; the games are: {', '.join(sorted(_GAMES))}")
    return _GAMES[key]


def new_game(
    name: str,
    players: int | None = None,
    seed: int | None = None,
    deals: list[dict[str, Any]] | None = None,
    **options: Any,
) -> Game:
    """Start a game: ``new_game("tricks-together", players=4, seed=1, long_climb=True)``."""
    return game_class(name)(players=players, seed=seed, deals=deals, **options)


def games() -> list[dict[str, Any]]:
    """Every game with its player range and options."""
    _load_builtin_games()
    return [cls.describe() for _, cls in sorted(_GAMES.items())]


def _load_builtin_games() -> None:
    """Import every game module (importing one registers its game)."""
    import tricktable.rules as package

    for module in pkgutil.iter_modules(package.__path__):
        if not module.name.startswith("_"):
            importlib.import_module(f"{package.__name__}.{module.name}")
