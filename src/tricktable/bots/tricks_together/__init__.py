"""Tricks Together's bots, weakest first: ``heuristic`` (simple rules), then the team-mate at its levels: ``fast``
(a learned imitation of ``strong``, with no search), ``easy``, ``normal`` and ``strong`` (search on top of a
shared convention; see ``search.py``)."""

from functools import partial

from tricktable.bots.base import register_bot
from tricktable.bots.tricks_together.heuristic import TricksTogetherBot
from tricktable.bots.tricks_together.search import LEVELS, TeamMate

register_bot("tricks-together", "heuristic")(TricksTogetherBot)
for _level in LEVELS:
    register_bot("tricks-together", _level)(partial(TeamMate, level=_level))

__all__ = ["LEVELS", "TeamMate", "TricksTogetherBot"]
