"""Full worlds consistent with everything one seat of Secret Trumps has seen.

A world fills in what the seat does not know: the round's trumps (a trump hypothesis still consistent with
every hint, or the truth for a seat that has seen it), the goal each other player has committed to but not
yet revealed (any of its open goals: ruling ST-R14), and with three players where each aside card lay (the
aside cards are known as a set — the 36 cards less the face-up ones — but never by row).  Everything public —
the layout, every pick, every hint, the goal sheet, the cards played — is the same in every world, so a world
replays the round's public history move for move and announces the same hints
(``tests/rules/secret_trumps/test_sampler.py`` replays thousands through the engine).

Worlds are drawn uniformly among the consistent ones: all trump pairs are equally likely beforehand (ruling
ST-R12).  Beliefs — that a start player who knows the trumps picked as it did, or that a player with this hand
would choose that goal — belong to the bots, which weight these worlds by their own policy.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tricktable.core.cards import bit_list
from tricktable.rules.secret_trumps.cards import CARD_TEXT, ROWS, rank_number, suit_letter
from tricktable.rules.secret_trumps.deduction import Hypothesis
from tricktable.rules.secret_trumps.knowledge import Knowledge


@dataclass(frozen=True)
class World:
    """One completion of a seat's knowledge (see the module's notes)."""

    trumps: Hypothesis
    chosen: tuple[int | None, ...]  #: per seat, its goal this round if it has committed (None: not yet, or start)
    aside: tuple[int, ...] = ()  #: three players: the aside card of each row


def hidden_choosers(k: Knowledge) -> list[int]:
    """The seats that have committed a goal this seat cannot see yet."""
    return [p for p in range(k.players) if p != k.start and k.committed[p] and k.chosen[p] is None]


def sample_deals(k: Knowledge, count: int, rng: random.Random) -> list[World]:
    """``count`` worlds drawn uniformly among those consistent with ``k``."""
    if k.phase == "draft":
        raise ValueError("there is no round to sample during the goal draft")
    if not k.hypotheses:
        raise ValueError("no trumps are consistent with the hints this seat has seen")
    hidden = hidden_choosers(k)
    open_goals = k.open_goals
    aside_cards = bit_list(k.aside)
    worlds = []
    for _ in range(count):
        trumps = k.hypotheses[rng.randrange(len(k.hypotheses))]
        chosen = list(k.chosen)
        for p in hidden:
            chosen[p] = rng.choice(open_goals[p])
        aside = list(aside_cards)
        rng.shuffle(aside)
        worlds.append(World(trumps, tuple(chosen), tuple(aside)))
    return worlds


def world_layout(k: Knowledge, world: World) -> dict[str, Any]:
    """The round of ``world`` as an explicit layout (the game's page, "Explicit layouts"), its start player
    included: a game made from it lays out exactly the rows this seat saw, under the world's trumps."""
    rows = [list(row) for row in k.face_up]
    if k.players == 3:
        if len(world.aside) != ROWS:
            raise ValueError("a three-player world names the aside card of every row")
        for row, card in zip(rows, world.aside):
            row.append(card)
    suit, rank = world.trumps
    return {
        "start": k.start,
        "trump_suit": suit_letter(suit),
        "trump_rank": rank_number(rank),
        "rows": [[CARD_TEXT[c] for c in row] for row in rows],
    }
