"""The Tandem Trick search bot: determinized search over deals consistent with the view, at three levels.

**Worlds.**  The bot deals the cards it has not seen many times (``rules.tandem_trick.sample_deals``: exactly the
other hands' counts and card backs, no card of a colour a seat has shown it lacks, uniform among those), and
weights each world by how well it explains what the others did: replaying the round from its start in that
world, every move another seat made that the blueprint (``blueprint.py``) would not have made from its hand
there multiplies the world's weight by ``slip``.  A seat that bid 6 early, or held back its bid, or led low, so
makes the worlds that fit it count for more.

**Moves.**  Every legal move — each card alone, each tandem, each bid card (so the bid's timing and value are
searched like any play) — is tried in every world; the blueprint then plays the round out for every seat, or,
once few tricks are left, the open-hands solver (``rules.tandem_trick.solve``) plays it exactly.  The round's
points are turned into the seat's share of the game's win (``utility``: exact when the round ends the game,
otherwise a softmax of the totals), and the move with the most weight of it is played.

Levels differ in how many worlds they weigh, how hard they read the others' moves and when the solver takes
over; each stops early when its time budget is spent.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tricktable.bots.base import LevelledBot
from tricktable.bots.tandem_trick import cplay
from tricktable.bots.tandem_trick.blueprint import blueprint_move
from tricktable.rules.tandem_trick import CYCLES, Knowledge, Position, Sampler, move_text, parse_move_text, read_view


@dataclass(frozen=True)
class Level:
    """How hard the search bot thinks."""

    name: str
    worlds: int  #: worlds weighed per move, at most
    slip: float  #: a world's weight per move of another seat the blueprint would not have made there (1: ignore)
    solver_tricks: tuple[int, int]  #: with 3 and with 4 players, the solver plays the last this many tricks
    budget: float  #: seconds a move may take: no batch is started that would end after it
    sure: float  #: a move drops out once the best leads it by this many standard errors (0: never)
    beta: float = 0.15  #: how much a point of lead is worth in the softmax of the totals


LEVELS = {
    "easy": Level("easy", worlds=24, slip=1.0, solver_tricks=(0, 0), budget=0.05, sure=0.0),
    "normal": Level("normal", worlds=160, slip=0.25, solver_tricks=(3, 3), budget=0.15, sure=3.0),
    "strong": Level("strong", worlds=640, slip=0.2, solver_tricks=(4, 3), budget=1.0, sure=4.0),
}

#: Worlds are drawn and judged in batches of this many, so a level can stop when its time is up and drop the moves
#: already beaten.
BATCH = 8
#: Batches judged before the answer may be called clear.
FIRST_BATCHES = 6


def utility(points: list[int], totals: list[int], seat: int, target: int, beta: float) -> float:
    """The seat's share of the game's win once a round scoring ``points`` is added to ``totals``: exact when
    somebody reaches ``target`` (the game ends, ties share), else a softmax of the totals.  (``cplay`` holds
    the same in C.)"""
    after = [t + p for t, p in zip(totals, points)]
    top = max(after)
    if top >= target:
        return 1.0 / after.count(top) if after[seat] == top else 0.0
    weights = [math.exp(beta * (a - top)) for a in after]
    return weights[seat] / sum(weights)


class SearchBot(LevelledBot[Level]):
    """A Tandem Trick bot that searches (see the module's notes)."""

    levels = LEVELS

    def decide(self, view: dict[str, Any], legal: list[str]) -> str:
        knowledge = read_view(view)
        candidates = [parse_move_text(m) for m in legal]
        return move_text(self.search(knowledge, candidates))

    def world_drawer(self, k: Knowledge) -> Callable[[], list[int]]:
        """What draws one world (every seat's hand now) consistent with ``k``: the sampler, set up once a move
        (the open-hands ceiling draws the real deal here)."""
        sampler = Sampler(k)
        return lambda: sampler.draw(self.rng)

    def search(self, k: Knowledge, candidates: list[int]) -> int:
        """The candidate move with the most weight of win share over the worlds searched."""
        level = self.level
        draw = self.world_drawer(k)
        template = k.position([0] * k.players)
        start = Position.deal([0] * k.players, k.round_leader)
        solve_from = CYCLES - level.solver_tricks[k.players - 3]
        scores = [0.0] * len(candidates)
        alive = list(range(len(candidates)))  # the moves still in the race
        batches: list[list[float]] = []  # each batch's scores of the moves alive, over the batch's weight
        began = time.perf_counter()
        done = 0
        worlds: list[list[int]] = []
        while done < level.worlds and len(alive) > 1:
            worlds = [draw() for _ in range(BATCH)]
            if level.slip < 1.0 and k.history:
                dealt = [k.dealt(w) for w in worlds]
                weights = cplay.world_weights(start, dealt, k.history, k.seat, level.slip)
            else:
                weights = [1.0] * len(worlds)
            moves = [candidates[i] for i in alive]
            batch = cplay.evaluate(
                template, worlds, weights, moves, k.totals, k.target, k.misere_bonus, level.beta, solve_from
            )
            total = sum(weights)
            for i, value in zip(alive, batch):
                scores[i] += value
            batches.append([0.0] * len(candidates))
            for i, value in zip(alive, batch):
                batches[-1][i] = value / total
            done += len(worlds)
            alive = survivors(alive, scores, batches, level.sure)
            spent = time.perf_counter() - began
            if spent + spent / len(batches) > level.budget:
                break
        best = max(alive, key=lambda i: scores[i])
        top = scores[best]
        close = [i for i in alive if scores[i] >= top - 1e-9 * max(1.0, abs(top))]
        if len(close) == 1:
            return candidates[close[0]]
        # A tie (often: every move alike in every world) goes to the blueprint's move, if it is among the best.
        preferred = blueprint_move(k.position(worlds[-1]))  # the blueprint reads only what this seat sees
        return preferred if preferred in [candidates[i] for i in close] else candidates[close[0]]


def survivors(alive: list[int], scores: list[float], batches: list[list[float]], sure: float) -> list[int]:
    """The moves not yet beaten: a move drops out once the best leads it by ``sure`` standard errors of the
    batches' differences (after ``FIRST_BATCHES`` batches; never with ``sure`` 0)."""
    if not sure or len(batches) < FIRST_BATCHES:
        return alive
    best = max(alive, key=lambda i: scores[i])
    out = []
    count = len(batches)
    for i in alive:
        if i == best:
            out.append(i)
            continue
        gaps = [b[best] - b[i] for b in batches[-count:]]
        mean = sum(gaps) / count
        spread = sum((g - mean) ** 2 for g in gaps) / (count - 1)
        if not (mean > 0 and mean * mean * count > sure * sure * spread):
            out.append(i)
    return out
