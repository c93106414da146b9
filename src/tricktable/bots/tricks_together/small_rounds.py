"""Numbers for rounds of two to five cards: a joint policy the team-mates share.

In a short round a seat's number is most of what its partners can learn about its hand, so the team is best
served by numbers that are both good and predictable.  A chooser's hand is described by its *shape*: for each
suit it holds, whether the suit is trumps and, for each of its cards there, how many cards of the suit it has
not seen rank above it (capped in longer rounds, so that the low cards of a suit look alike).  The policy gives, for
each chooser's position (1 leads; the dealer takes the rest) and each shape, a number.  It is fitted by best
replies on sampled deals (``small_rounds_fit.py``) and stored in ``small_rounds.json``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from tricktable.bots.tricks_together.blueprint import ABOVE

TABLE = Path(__file__).with_name("small_rounds.json")
#: The shape's cap on "cards above" per card, by cards a round: exact for two cards, coarser above, so that
#: each shape still comes up often enough in the deals the policy is fitted on (at 6 and 7 cards, only whether
#: something unseen is above).
CAPS = {2: 12, 3: 4, 4: 3, 5: 2, 6: 1, 7: 1}
#: The settings with a policy (players, cards); other rounds choose their numbers by search.
SETTINGS = [(players, cards) for players in (3, 4, 5) for cards in (2, 3, 4, 5)]


def shape(hand: int, turned: int, cap: int) -> str:
    """The shape of ``hand`` with ``turned`` face up: per suit held, ``T`` (trumps) or ``P`` and, per card,
    the unseen cards of the suit above it (at most ``cap``); e.g. ``P:0.5|T:2``."""
    seen = hand | 1 << turned
    groups = []
    for suit in range(4):
        held = hand >> 13 * suit & 0x1FFF
        if not held:
            continue
        above = []
        while held:
            low = held & -held
            above.append(min(cap, (ABOVE[13 * suit + low.bit_length() - 1] & ~seen).bit_count()))
            held ^= low
        # Cards came lowest first, so the counts came largest first.
        groups.append(("T:" if suit == turned // 13 else "P:") + ".".join(map(str, reversed(above))))
    return "|".join(sorted(groups))


#: A table of policies: per setting (``"players/cards"``), the shape cap and the numbers by position and shape.
Table = dict[str, Any]
#: A setting's entry for Secret numbers is keyed ``"4/3 secret"`` where it has its own (numbers nobody sees are
#: judged otherwise than numbers everybody does: see ``small_rounds_fit.JUDGES``); else the setting's one serves.
SECRET = "secret"


@cache
def load_table(path: Path = TABLE) -> Table:
    """The shipped table, or another one fitted by ``small_rounds_fit --out`` (to try it beside the shipped)."""
    loaded: Table = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def policy_for(
    players: int, cards: int, table: Table | None = None, secret: bool = False
) -> tuple[int, list[dict[str, int]]] | None:
    """The shape cap and, per chooser's position (index 0: position 1), the numbers by shape, from ``table`` (the
    shipped one when ``None``); ``None`` where there is no policy.  With Secret numbers, the setting's own
    entry for them where it has one (``SECRET``).  Looked up once per batch of sampled deals rather than once per
    hand."""
    table = load_table() if table is None else table
    key = f"{players}/{cards}"
    entry = table.get(f"{key} {SECRET}") if secret else None
    entry = entry or table.get(key)
    return None if entry is None else (entry["cap"], entry["policy"])


def table_number(
    players: int, cards: int, position: int, hand: int, turned: int, table: Table | None = None, secret: bool = False
) -> int | None:
    """The shared policy's number for the chooser at ``position`` (1 leads) with ``hand``, with trumps (with
    Secret numbers, ``secret``); ``None`` where there is no table (other settings) or the shape never came up when
    it was fitted."""
    found = policy_for(players, cards, table, secret)
    if found is None or not 1 <= position < players:
        return None
    cap, policy = found
    return policy[position - 1].get(shape(hand, turned, cap))
