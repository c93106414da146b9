"""Each game's playtest metrics, named by its entry in the registry (``core.registry.GAMES``, ``metrics``: a
"module:Class").  The generic lab knows no game: it asks the game's metrics class for the game's own columns,
its round rows and its report sections (``base.GameMetrics``).
"""

from __future__ import annotations

from functools import cache

from tricktable.core.errors import InvalidOptions
from tricktable.core.registry import GAMES, entry, load
from tricktable.lab.games.base import GameMetrics, Measure


@cache
def metrics_for(game: str) -> GameMetrics:
    """The metrics of ``game`` (loaded when first asked for, then kept)."""
    target = entry(game).metrics
    if target is None:
        having = ", ".join(e.name for e in GAMES if e.metrics is not None)
        raise InvalidOptions(f"the lab has no metrics for {game} yet (it has: {having})")
    metrics: GameMetrics = load(target)()
    return metrics


__all__ = ["GameMetrics", "Measure", "metrics_for"]
