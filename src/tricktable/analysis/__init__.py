"""Open-hands analysis of finished games: ``analyse(record)`` (and ``tricktable analyse RECORD``).

Each game that has an analysis lists it in ``ANALYSES`` (game name -> "module:function"); the function takes
the game replayed from its record (every hand known) and returns a ``Report``.
"""

from __future__ import annotations

import importlib
from typing import Any

from tricktable.analysis.report import Play, Report, Section
from tricktable.core.errors import InvalidOptions
from tricktable.core.records import from_record

#: Game name -> "module:function" of its analysis.
ANALYSES: dict[str, str] = {
    "tricks-together": "tricktable.analysis.tricks_together:analyse",
    "secret-trumps": "tricktable.analysis.secret_trumps:analyse",
    "tandem-trick": "tricktable.analysis.tandem_trick:analyse",
    "trumps": "tricktable.analysis.trumps:analyse",
}


def analyse(record: dict[str, Any]) -> Report:
    """The analysis of the game in ``record`` (a record dict, see ``docs/records.md``)."""
    game = from_record(record)
    target = ANALYSES.get(game.name)
    if target is None:
        raise InvalidOptions(f"there is no analysis for {game.name} yet (analyses: {', '.join(ANALYSES)})")
    module, _, function = target.partition(":")
    report: Report = getattr(importlib.import_module(module), function)(record)
    return report


__all__ = ["ANALYSES", "Play", "Report", "Section", "analyse"]
