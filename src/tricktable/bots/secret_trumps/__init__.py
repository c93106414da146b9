"""Secret Trumps's bots, weakest first: ``heuristic`` (rules of thumb on the seat's view), then the search bot
at three levels, ``easy``, ``normal`` and ``strong`` (look-ahead in sampled worlds on top of a blueprint, and
the open-hands solver near the end; see ``search.py``)."""

from functools import partial

from tricktable.bots.base import register_bot
from tricktable.bots.secret_trumps.heuristic import SecretTrumpsBot
from tricktable.bots.secret_trumps.search import LEVELS, SearchBot

register_bot("secret-trumps", "heuristic")(SecretTrumpsBot)
for _level in LEVELS:
    register_bot("secret-trumps", _level)(partial(SearchBot, level=_level))

__all__ = ["LEVELS", "SearchBot", "SecretTrumpsBot"]
