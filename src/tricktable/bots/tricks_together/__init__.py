"""Tricks Together's bots, weakest first: ``heuristic`` (simple rules) and ``search`` (a team-mate that plans)."""

from tricktable.bots.base import register_bot
from tricktable.bots.tricks_together.heuristic import TricksTogetherBot
from tricktable.bots.tricks_together.search import TricksTogetherSearchBot

register_bot("tricks-together", "heuristic")(TricksTogetherBot)
register_bot("tricks-together", "search")(TricksTogetherSearchBot)

__all__ = ["TricksTogetherBot", "TricksTogetherSearchBot"]
