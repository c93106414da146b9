"""The games, each declared once with all of its parts, and ``new_game``.

``GAMES`` lists every game as a ``GameEntry``: its name, its ``Game`` class, its bots' package, its analysis, its
playtest metrics and its web assets.  Every other list of games asks this one: the bots (``bots.base``), the
analysis command (``analysis``), the lab (``lab.games``), the server and the command line.  Adding a game adds
one entry here (``docs/protocol.md``, "Adding a game", walks through the rest).

The parts are named as ``"module:Name"`` strings and imported by ``load`` the first time they are asked for, so
``import tricktable`` stays cheap, a program that plays one game never loads the others, and ``core`` imports
nothing above itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from tricktable.core.errors import InvalidOptions, excerpt
from tricktable.core.game import Game


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game and where each of its parts lives.

    ``game``, ``analysis`` and ``metrics`` are ``"module:Name"`` targets for ``load``; ``bots`` is the package
    whose import registers the game's bots (``bots.base.register_bot``); ``web`` are the game's own files under
    ``server/static`` (the table's script for what the game shows beyond the view conventions, and its rules
    page), which the browser finds by the game's name.  ``analysis`` and ``metrics`` may be ``None`` for a game
    that has none yet: the analysis command and the lab then say so."""

    name: str
    game: str
    bots: str
    analysis: str | None
    metrics: str | None
    web: tuple[str, ...] = ()

    @property
    def package(self) -> str:
        """The game's package, its front door (``tricktable.rules.tricks_together``)."""
        return self.game.partition(":")[0]


def _entry(name: str, title: str, web: bool = True) -> GameEntry:
    """The entry of a game whose parts sit where every game's do: ``rules/<game>/``, ``bots/<game>/``,
    ``analysis/<game>.py``, ``lab/games/<game>.py``, ``server/static/js/games/<name>.js`` and
    ``server/static/rules/<name>.html``."""
    package = name.replace("-", "_")
    return GameEntry(
        name=name,
        game=f"tricktable.rules.{package}:{title}",
        bots=f"tricktable.bots.{package}",
        analysis=f"tricktable.analysis.{package}:analyse",
        metrics=f"tricktable.lab.games.{package}:{title}Metrics",
        web=(f"js/games/{name}.js", f"rules/{name}.html") if web else (),
    )


#: Every game, in the order the lobby and the command line list them.
GAMES: tuple[GameEntry, ...] = (
    _entry("tricks-together", "TricksTogether"),
    _entry("tandem-trick", "TandemTrick"),
    _entry("secret-trumps", "SecretTrumps"),
    _entry("trumps", "Trumps"),
)

_BY_NAME: dict[str, GameEntry] = {entry.name: entry for entry in GAMES}
_LOADED: dict[str, Any] = {}


def load(target: str) -> Any:
    """The object a ``"module:Name"`` target names (or the module, for a bare ``"module"``), imported the first
    time it is asked for and kept."""
    found = _LOADED.get(target)
    if found is None:
        module_name, _, attribute = target.partition(":")
        found = importlib.import_module(module_name)
        if attribute:
            found = getattr(found, attribute)
        _LOADED[target] = found
    return found


def _key(name: object) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(name, str) else ""


def entry(name: str) -> GameEntry:
    """The entry of ``name`` (``"tricks-together"``; ``_`` and spaces also accepted)."""
    found = _BY_NAME.get(_key(name))
    if found is None:
        raise InvalidOptions(f"no game called {excerpt(name)}; the games are: {', '.join(_BY_NAME)}")
    return found


def game_names() -> list[str]:
    """The names of every game, in the order they are listed."""
    return list(_BY_NAME)


def game_class(name: str) -> type[Game]:
    """The ``Game`` subclass of ``name`` (``"tricks-together"``; ``_`` and spaces also accepted)."""
    found = entry(name)
    cls = load(found.game)
    if not (isinstance(cls, type) and issubclass(cls, Game)) or cls.name != found.name:
        raise TypeError(f"{found.game} is not the Game subclass of {found.name}")
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
    return [game_class(name).describe() for name in sorted(_BY_NAME)]


Narrate = Callable[[dict[str, Any], Sequence[str]], "str | None"]
TrickReason = Callable[[dict[str, Any], Sequence[str]], "str | None"]


def narrator(name: str) -> tuple[Narrate, TrickReason]:
    """The game's ``narrate`` (an event as a sentence) and ``trick_reason`` (why a trick's winning card won),
    from its package's front door (``core.narrate`` explains them)."""
    package = entry(name).package
    return load(f"{package}:narrate"), load(f"{package}:trick_reason")


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
    package = load(entry(name).package)
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
