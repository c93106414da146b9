"""A learned value of a card in a sampled world: the chance the team makes its numbers after it, from two cheap
judges of that world.

The search plays every legal card in every sampled world and asks two questions there: can the team still make
its numbers if every hand were face up (the open-hands solver, ``solve``), and does it make them if everybody
plays the blueprint from its own hand (``cteam.play_scores``)?  The first is optimistic (partners who cannot see
the hands seldom find the one way), the second pessimistic (the team-mates play better than their blueprint).
What the team really makes, measured on the rounds a team of ``strong`` team-mates played, lies between: in
positions that open hands could still make, the team made the round in about 85-99% of those the blueprint
makes too and in 40-70% of those it does not, by the tricks left.  This module holds those rates, per tricks
left, and ``share`` gives their ratio, the weight of "makeable with open hands, not by the blueprint" beside
"made by the blueprint" (only the ratio orders the cards of one decision).

``card_value_fit.py`` learns the rates from the team's rounds and writes ``card_value.json``.  ``strong`` plays
its worlds out with the learned policy (``cpolicy.scores``) rather than the blueprint; the shipped rates, learnt
beside the blueprint's play-out, made more rounds with it than rates refitted to the policy's did (the game's
page).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

TABLE = Path(__file__).with_name("card_value.json")
#: Positions a rate needs before it is trusted; fewer, and the tricks left borrow the nearest trusted rate.
MIN_POSITIONS = 100


@cache
def load(path: Path = TABLE) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def share(players: int, left: int, table: dict[str, Any] | None = None) -> float:
    """The chance of making the numbers in a world open hands can make and the blueprint does not, over the
    chance in one the blueprint makes, with ``left`` tricks to finish (this one included).  The rates were
    learnt at 4 players and serve every count."""
    shares: dict[str, float] = (load() if table is None else table)["shares"]
    return shares[nearest(shares, left)]


def nearest(keys: Iterable[str], left: int) -> str:
    """The key (tricks left, as the table writes it) nearest ``left``; the fewer tricks on a tie."""
    return min(keys, key=lambda key: (abs(int(key) - left), int(key)))
