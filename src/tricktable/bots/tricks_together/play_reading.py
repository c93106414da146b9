"""Reading a partner's cards: how likely each legal card is, as the team-mates actually play them.

A team-mate weighs each sampled world by how well it explains what its partners did.  Their numbers are read
through the shared policy and ``number_reading``; their cards, through this model: a softmax over the cards a
partner could legally have played, on a few features of each card in that world (``cteam.card_features``):
whether the blueprint played out after it makes the numbers, whether it is the blueprint's own card, whether it
takes the trick when its holder needs (or does not need) a trick, whether it ruffs, its strength among the legal
cards, and, on a lead, whether nothing unseen can beat it and whether it is a trump.  A world in which the cards
the partners played were unlikely weighs less.

The coefficients (``play_reading.json``) were fitted to the cards ``strong`` team-mates played in self-play
(``play_reading_fit.py``); the model's chance of the card a partner actually played enters a world's weight
raised to the level's ``play_model`` (a small power: the model is fitted to the choices, not to the worlds, and
a full power leans on it too hard).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

MODEL = Path(__file__).with_name("play_reading.json")
#: The features of a card, in the order of ``cteam.card_features`` (and of the coefficients).
FEATURES = (
    "works",
    "blueprint",
    "takes, needing",
    "takes, needing none",
    "ruffs",
    "strength",
    "led, sure",
    "led, trump",
    "led, strength",
    "needing, strength",
)


@cache
def coefficients() -> list[float]:
    """The fitted model's coefficient per feature."""
    found = json.loads(MODEL.read_text(encoding="utf-8"))["coefficients"]
    if len(found) != len(FEATURES):
        raise ValueError(f"{MODEL.name} holds {len(found)} coefficients for {len(FEATURES)} features")
    return [float(c) for c in found]
