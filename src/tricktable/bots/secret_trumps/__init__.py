"""Secret Trumps's bots: ``heuristic`` (rules of thumb on the seat's view)."""

from tricktable.bots.base import register_bot
from tricktable.bots.secret_trumps.heuristic import SecretTrumpsBot

register_bot("secret-trumps", "heuristic")(SecretTrumpsBot)

__all__ = ["SecretTrumpsBot"]
