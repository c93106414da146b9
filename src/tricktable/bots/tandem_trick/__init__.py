"""Tandem Trick's bots, weakest first: ``heuristic`` (rules of thumb on the seat's view), then the search bot at
three levels, ``easy``, ``normal`` and ``strong`` (determinized search over consistent deals with the heuristic's
rules as the play-out policy and the open-hands solver near the end; see ``search.py``)."""

from functools import partial

from tricktable.bots.base import register_bot
from tricktable.bots.tandem_trick.heuristic import TandemTrickBot
from tricktable.bots.tandem_trick.search import LEVELS, SearchBot

register_bot("tandem-trick", "heuristic")(TandemTrickBot)
for _level in LEVELS:
    register_bot("tandem-trick", _level)(partial(SearchBot, level=_level))

__all__ = ["LEVELS", "SearchBot", "TandemTrickBot"]
