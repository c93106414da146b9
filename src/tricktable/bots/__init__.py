"""Bots: each receives only a seat's view and returns a move's notation."""

from tricktable.bots.base import Bot, RandomBot, bot_kinds, make_bot

__all__ = ["Bot", "RandomBot", "bot_kinds", "make_bot"]
