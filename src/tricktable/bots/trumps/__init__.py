"""Trumps's bots, weakest first: ``heuristic`` (rules of thumb on the seat's view), then the search bot at three
levels, ``easy``, ``normal`` and ``strong`` (determinized search with the open-hands solver near the end; see
``search.py``)."""

from functools import partial

from tricktable.bots.base import register_bot
from tricktable.bots.trumps.heuristic import TrumpsBot
from tricktable.bots.trumps.search import LEVELS, SearchBot

register_bot("trumps", "heuristic")(TrumpsBot)
for _level in LEVELS:
    register_bot("trumps", _level)(partial(SearchBot, level=_level))

__all__ = ["LEVELS", "SearchBot", "TrumpsBot"]
