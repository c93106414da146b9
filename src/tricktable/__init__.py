"""tricktable: four trick-taking games, exact rules, bots, a web table and a playtest lab."""

from tricktable.core.errors import IllegalMove, InvalidOptions, RecordError, TricktableError
from tricktable.core.events import Event
from tricktable.core.game import Game, Move
from tricktable.core.records import from_record, load_record, save_record, to_record
from tricktable.core.registry import game_class, games, new_game

__all__ = [
    "Event",
    "Game",
    "IllegalMove",
    "InvalidOptions",
    "Move",
    "RecordError",
    "TricktableError",
    "from_record",
    "game_class",
    "games",
    "load_record",
    "new_game",
    "save_record",
    "to_record",
]
__version__ = "0.1.0"
