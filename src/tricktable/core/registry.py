"""The list of games, and ``new_game``.

The games are listed once, in ``tricktable.rules.GAMES`` (name -> ``"module:Class"``); a game's package is
imported the first time the game is asked for.  This is the one place where ``core`` reaches above itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from tricktable.core.errors import InvalidOptions, excerpt
from tricktable.core.game import Game
from tricktable.rules import GAMES  # only the list: each game's package is imported when first asked for

_LOADED: dict[str, type[Game]] = {}


def _listed() -> dict[str, str]:
    return GAMES


def game_names() -> list[str]:
    """The names of every game, in the order they are listed."""
    return list(_listed())


def game_class(name: str) -> type[Game]:
    """The ``Game`` subclass of ``name`` (``"tricks-together"``; ``_`` and spaces also accepted)."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(name, str) else ""
    cls = _LOADED.get(key)
    if cls is not None:
        return cls
    listed = _listed()
    if key not in listed:
        raise InvalidOptions(f"no game called {excerpt(name)}; the games are: {', '.join(listed)}")
    module_name, _, class_name = listed[key].partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(cls, type) and issubclass(cls, Game)) or cls.name != key:
        raise TypeError(f"{listed[key]} is not the Game subclass of {key}")
    _LOADED[key] = cls
    return cls


def new_game(
    name: str,
    players: int | None = None,
    seed: int | None = None,
    deals: list[dict[str, Any]] | None = None,
    **options: Any,
) -> Game:
    """Start a game: ``new_game("tricks-together", players=4, seed=1, long_climb=True)``.

    ``deal_version=1`` (used by ``from_record`` for records of format 1) shuffles as that version did."""
    return game_class(name)(players=players, seed=seed, deals=deals, **options)


def games() -> list[dict[str, Any]]:
    """Every game with its player range and options, in name order."""
    return [game_class(name).describe() for name in sorted(_listed())]


Narrate = Callable[[dict[str, Any], Sequence[str]], "str | None"]
TrickReason = Callable[[dict[str, Any], Sequence[str]], "str | None"]


def narrator(name: str) -> tuple[Narrate, TrickReason]:
    """The game's ``narrate`` (an event as a sentence) and ``trick_reason`` (why a trick's winning card won),
    from its package's front door (``core.narrate`` explains them)."""
    cls = game_class(name)
    package = importlib.import_module(cls.__module__.rpartition(".")[0])
    return package.narrate, package.trick_reason
