"""The list of games, and ``new_game``.

The games are listed once, in ``tricktable.rules.GAMES`` (name -> ``"module:Class"``); a game's package is
imported the first time the game is asked for.  This is the one place where ``core`` reaches above itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from tricktable.core.errors import InvalidOptions
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
        shown = name if len(str(name)) <= 40 else str(name)[:40] + "..."
        raise InvalidOptions(f"no game called {shown!r}; the games are: {', '.join(listed)}")
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


class GameWords(NamedTuple):
    """What a face needs to show a game in a player's words, from the game's front door: its log sentences
    (``narrate``, ``told_by`` for ``core.narrate.sentences``), why a trick was won, its cards, and its
    ``words`` module (the table's and each seat's facts, a legal move as shown, what the moves mean now)."""

    narrate: Narrate
    trick_reason: TrickReason
    told_by: dict[str, str]
    card_words: Callable[[str], str]
    table_facts: Callable[[dict[str, Any], Sequence[str]], list[str]]
    seat_facts: Callable[[dict[str, Any], dict[str, Any], Sequence[str]], list[str]]
    move_words: Callable[[str, dict[str, Any]], str]
    move_help: Callable[[dict[str, Any], Sequence[str]], list[str]]
    centre_lines: Callable[[dict[str, Any], Sequence[str]], list[str]]


def game_words(name: str) -> GameWords:
    """The game's words (``GameWords``); a game without a ``centre_lines`` puts nothing in the middle."""
    cls = game_class(name)
    package = importlib.import_module(cls.__module__.rpartition(".")[0])
    return GameWords(
        package.narrate,
        package.trick_reason,
        dict(getattr(package, "TOLD_BY", {})),
        package.card_words,
        package.table_facts,
        package.seat_facts,
        package.move_words,
        package.move_help,
        getattr(package, "centre_lines", lambda view, names: []),
    )
