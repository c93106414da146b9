"""Bots: each receives only a seat's view and returns a move's notation."""

from tricktable.bots.base import RandomBot, bot_kinds, default_level, make_bot, register_bot
from tricktable.core.players import Bot

__all__ = ["Bot", "RandomBot", "bot_kinds", "default_level", "make_bot", "register_bot"]
