"""Trumps's bots: ``heuristic`` (rules of thumb on the seat's view)."""

from tricktable.bots.base import register_bot
from tricktable.bots.trumps.heuristic import TrumpsBot

register_bot("trumps", "heuristic")(TrumpsBot)

__all__ = ["TrumpsBot"]
