"""Each game's playtest metrics, listed once: game name -> "module:Class" (the way ``analysis`` lists its
analyses).  The generic lab knows no game: it asks the game's metrics class for the game's own columns, its
round rows and its report sections (``base.GameMetrics``).
"""

from __future__ import annotations

import importlib

from tricktable.core.errors import InvalidOptions
from tricktable.lab.games.base import GameMetrics, Measure

#: Game name -> "module:Class" of its metrics.
METRICS: dict[str, str] = {
    "tricks-together": "tricktable.lab.games.tricks_together:TricksTogetherMetrics",
    "tandem-trick": "tricktable.lab.games.tandem_trick:TandemTrickMetrics",
    "secret-trumps": "tricktable.lab.games.secret_trumps:SecretTrumpsMetrics",
    "trumps": "tricktable.lab.games.trumps:TrumpsMetrics",
}

_LOADED: dict[str, GameMetrics] = {}


def metrics_for(game: str) -> GameMetrics:
    """The metrics of ``game`` (loaded when first asked for)."""
    found = _LOADED.get(game)
    if found is not None:
        return found
    target = METRICS.get(game)
    if target is None:
        raise InvalidOptions(f"the lab has no metrics for {game} yet (it has: {', '.join(METRICS)})")
    module, _, name = target.partition(":")
    found = _LOADED[game] = getattr(importlib.import_module(module), name)()
    return found


__all__ = ["METRICS", "GameMetrics", "Measure", "metrics_for"]
