"""Open-hands analysis of finished games: ``analyse(record)`` (and ``tricktable analyse RECORD``).

A game's analysis is named by its entry in the registry (``core.registry.GAMES``, ``analysis``: a
"module:function"); the function takes the game's record, replays it with every hand known and returns a
``Report``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tricktable.analysis.report import Play, Report, Section
from tricktable.core.errors import InvalidOptions
from tricktable.core.records import from_record
from tricktable.core.registry import GAMES, entry, game_words, load


def has_analysis(game: str) -> bool:
    """Whether ``game`` (a registered game's name) has an analysis."""
    return entry(game).analysis is not None


def analyse(record: dict[str, Any]) -> Report:
    """The analysis of the game in ``record`` (a record dict, see ``docs/records.md``)."""
    game = from_record(record)
    target = entry(game.name).analysis
    if target is None:
        having = ", ".join(e.name for e in GAMES if e.analysis is not None)
        raise InvalidOptions(f"there is no analysis for {game.name} yet (analyses: {having})")
    analysis: Callable[[dict[str, Any]], Report] = load(target)
    report = analysis(record)
    # Every play in a player's words, by the game's own words (the terminal's and the web table's).
    move_words = game_words(game.name).move_words
    for section in report.sections:
        for play in section.plays:
            play.said = play.said or move_words(play.move, {})
    return report


__all__ = ["Play", "Report", "Section", "analyse", "has_analysis"]
