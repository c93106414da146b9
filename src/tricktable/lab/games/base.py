"""What a game's playtest metrics provide, and the measures a variant comparison tests game by game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from tricktable.core.game import Game
from tricktable.lab.report.data import LabData, Row
from tricktable.lab.report.model import Section


@dataclass(frozen=True)
class Measure:
    """A number per game, compared between variants on the same seeds (``None``: not defined for that game)."""

    label: str
    value: Callable[[Row], float | None]
    percent: bool = False  #: a yes/no measure, shown as a rate


class GameMetrics(Protocol):
    def game_columns(self, game: Game) -> dict[str, Any]:
        """The game's own columns of a finished game's row (the same names in every row)."""
        ...

    def round_rows(self, game: Game) -> list[dict[str, Any]]:
        """One row per finished round (the same names in every row); a competitive game gives ``totals``, each
        seat's running total after the round, from which the lab counts lead changes."""
        ...

    def measures(self) -> list[Measure]:
        """The game's own measures for variant comparisons (the lab adds length, choices and seat measures)."""
        ...

    def sections(self, data: LabData) -> list[Section]:
        """The game's sections of the report, with their findings."""
        ...
