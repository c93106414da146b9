"""Tandem Trick's bots: ``heuristic`` (rules of thumb on the seat's view)."""

from tricktable.bots.base import register_bot
from tricktable.bots.tandem_trick.heuristic import TandemTrickBot

register_bot("tandem-trick", "heuristic")(TandemTrickBot)

__all__ = ["TandemTrickBot"]
