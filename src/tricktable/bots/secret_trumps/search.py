"""The Secret Trumps search bots: every decision of a round judged by looking ahead in sampled worlds, at three
levels (``easy``, ``normal``, ``strong``).

**Picks.**  Worlds differ in their trumps: a hypothesis still consistent with the hints (``sampler.py``),
weighted — when the level infers — by how likely the start player's picks so far were under it, had it picked
as the blueprint's start player does (it alone knows the trumps, so its picks carry a little of them).  Each
candidate card is picked in every world, once per open goal the bot could plan for; the rest of the picking,
the goal choices and the play follow the blueprint (``blueprint.py``, ``picking.py``), and the round's outcome
is valued by the bot's utility.  A card is worth the best of its plans.  The start player has no goal to plan
for: its worlds are the truth, and its value is crossing off a goal the others miss.

**Goal choice.**  The trumps and every hand are public by now; worlds differ in the others' goals, each drawn
from the goals its hand fits (a softened ``blueprint.fit_distance``: the others' choices are secret).  Each
open goal is played out many times per world, and the likeliest to be crossed off is chosen.

**Cards.**  Play is a game of perfect information: every legal card is played out many times with the
blueprint (a little noise standing for the others' surprises); near the end the open-hands search
(``rules.secret_trumps.solver``) takes over and plays exactly, each seat maximising its own crossing off, with
play-outs breaking its ties.  The start player weighs each card under every aim it could pursue.

**Utility.**  Crossing off a goal is worth 1, and every other seat's crossing off costs ``spite`` (they race
for the same finish).  The draft and the start player's cross-off follow the heuristic bot's rules.

Levels differ in how many worlds and play-outs they weigh, whether picks are inferred from, and when the
solver takes over; each stops early when its time budget is spent, or when the best move leads so far that more
worlds would not change it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from tricktable.bots.base import LevelledBot
from tricktable.bots.secret_trumps import csearch
from tricktable.bots.secret_trumps.blueprint import (
    WEIGHT,
    best_fit,
    fit_distance,
    hypothesis_index,
    hypothesis_mask,
    mask_power,
    start_aim,
    start_target10,
    trick_estimates10,
)
from tricktable.bots.secret_trumps.heuristic import SecretTrumpsBot
from tricktable.rules.secret_trumps import (
    CARD_TEXT,
    NO_GOAL,
    ROWS,
    Knowledge,
    Position,
    goal_code,
    hidden_choosers,
    max_n,
    move_values,
    parse_card,
    read_view,
    sample_deals,
    trumps_for,
)


@dataclass(frozen=True)
class Level:
    """How hard a search bot thinks."""

    name: str
    pick_worlds: int  #: trump worlds per pick
    choose_worlds: int  #: worlds of the others' goals per goal choice
    choose_playouts: int  #: play-outs per goal and world
    play_playouts: int  #: play-outs per card (and per aim, for the start player)
    solver_tricks: int  #: the open-hands search decides when this many tricks or fewer are left (0: never)
    noise: int  #: random moves per thousand in the blueprint's look-ahead
    infer: bool  #: weight the trumps by the start player's picks
    budget: float  #: seconds a move may take, roughly
    batch: int  #: worlds judged between two looks at the clock


LEVELS = {
    "easy": Level("easy", 60, 20, 4, 120, 0, 100, False, 0.04, 20),
    "normal": Level("normal", 240, 60, 8, 400, 4, 80, True, 0.15, 30),
    "strong": Level("strong", 900, 200, 10, 1200, 5, 80, True, 0.9, 60),
}

#: A level also stops once the best move leads every other by this many standard errors of a world's value
#: (about 0.5): more worlds would not change the choice.
CLEAR = 4.0
#: Crossing off is worth 1; another seat's crossing off costs this much.
SPITE = 0.25
#: How sharply the start player's picks are believed to follow the blueprint (tricks), and the share of picks
#: believed to be anything at all.
PICK_TEMPERATURE = 0.25
PICK_SLIP = 0.2
#: How sharply another player's secret goal follows its hand's fit (tricks ×10).
CHOICE_TEMPERATURE = 10.0


class SearchBot(LevelledBot[Level]):
    """A Secret Trumps bot that searches sampled worlds on top of the blueprint (see the module's notes)."""

    levels = LEVELS

    def __init__(self, seed: int | None = None, level: str = "normal") -> None:
        super().__init__(seed, level)
        self.rules = SecretTrumpsBot(seed)  # the draft and the cross-off

    def decide(self, view: dict[str, Any], legal: list[str]) -> str:
        phase = view["phase"]
        if phase in ("draft", "cross"):
            return self.rules.choose(view)
        k = read_view(view)
        if phase == "pick":
            return f"pick {CARD_TEXT[self.pick(k, [parse_card(m.split()[1]) for m in legal])]}"
        if phase == "choose":
            return f"choose {k.goal_slugs[self.goal(k)]}"
        return CARD_TEXT[self.card(k, [parse_card(m) for m in legal])]

    def _seed(self) -> int:
        return self.rng.getrandbits(64)

    def _util(self, k: Knowledge) -> list[float]:
        return max_n(k.players, SPITE)[k.seat]

    # ----- picks ---------------------------------------------------------------------------------

    def pick(self, k: Knowledge, options: list[int]) -> int:
        level = self.level
        codes = [goal_code(s) for s in k.goal_slugs]
        open_goals = [[codes[g] for g in goals] for goals in k.open_goals]
        start = k.seat == k.start
        plans = [NO_GOAL] if start else open_goals[k.seat]
        weights = pick_weights(k) if level.infer and not start else {h: 1.0 for h in k.hypotheses}
        hyps = hypothesis_mask(k.public_hypotheses)
        util = self._util(k)
        scores = [[0.0] * len(plans) for _ in options]
        began = time.perf_counter()
        done = 0
        total = 0.0
        while done < level.pick_worlds:
            worlds = sample_deals(k, level.batch, self.rng)
            truths = [hypothesis_index(*w.trumps) for w in worlds]
            world_weights = [weights[w.trumps] for w in worlds]
            batch = csearch.pick_scores(
                k.start, k.seat, hyps, k.cur_row, k.face_up, k.picks, open_goals, truths, world_weights, options,
                plans, level.noise, self._seed(), util,
            )  # fmt: skip
            scores = [[a + b for a, b in zip(row, more)] for row, more in zip(scores, batch)]
            done += level.batch
            total += sum(world_weights)
            if time.perf_counter() - began > level.budget or clear([max(r) / total for r in scores], done):
                break
        values = [max(row) for row in scores]
        return options[max(range(len(options)), key=lambda i: (values[i], -options[i]))]

    # ----- goal choice ---------------------------------------------------------------------------

    def goal(self, k: Knowledge) -> int:
        level = self.level
        assert k.trumps is not None, "the trumps are turned over before the goals are chosen"
        truth = hypothesis_index(*k.trumps)
        codes = [goal_code(s) for s in k.goal_slugs]
        mine = k.open_goals[k.seat]
        beliefs = choice_beliefs(k, codes)
        util = self._util(k)
        totals = [0.0] * len(mine)
        began = time.perf_counter()
        done = 0
        while done < level.choose_worlds:
            worlds = []
            for _ in range(min(level.batch, level.choose_worlds - done)):
                goals = [NO_GOAL] * k.players
                for p, (options, weights) in beliefs.items():
                    goals[p] = self.rng.choices(options, weights)[0]
                worlds.append(goals)
            batch = csearch.choose_scores(
                k.picked, truth, k.start, k.seat, worlds, [1.0] * len(worlds), [codes[g] for g in mine],
                level.choose_playouts, level.noise, self._seed(), util, k.in_play,
            )  # fmt: skip
            totals = [a + b for a, b in zip(totals, batch)]
            done += len(worlds)
            means = [t / (done * level.choose_playouts) for t in totals]
            if time.perf_counter() - began > level.budget or clear(means, done * level.choose_playouts):
                break
        return mine[max(range(len(mine)), key=lambda i: (totals[i], -i))]

    # ----- cards ---------------------------------------------------------------------------------

    def card(self, k: Knowledge, legal: list[int]) -> int:
        level = self.level
        assert k.trumps is not None, "the trumps are public during play"
        truth = hypothesis_index(*k.trumps)
        codes = [goal_code(s) for s in k.goal_slugs]
        goals = [NO_GOAL if p == k.start or g is None else codes[g] for p, g in enumerate(k.chosen)]
        util = self._util(k)
        candidates = legal
        if level.solver_tricks and ROWS - k.tricks_done <= level.solver_tricks:
            position = Position(
                list(k.hands), k.trumps, k.leader, goals, k.start, list(k.trick), list(k.won), list(k.captured)
            )
            outcomes = move_values(position, max_n(k.players, SPITE))
            if outcomes is not None:
                best = max(util[o] for _, o in outcomes)
                candidates = [c for c, o in outcomes if util[o] >= best - 1e-9]
                if len(candidates) == 1:
                    return candidates[0]
        if k.seat == k.start:
            aims = sorted({g for g in goals if g != NO_GOAL}) or [NO_GOAL]
        else:
            aims = [start_aim(k.start, goals, k.picked, trick_estimates10(k.picked, truth, k.in_play),
                              trumps_for(*k.trumps).key, k.in_play)]  # fmt: skip
        scores = [[0.0] * len(aims) for _ in candidates]
        began = time.perf_counter()
        done = 0
        step = max(1, level.play_playouts // 8)
        while done < level.play_playouts:
            batch = csearch.play_scores(
                list(k.hands), truth, k.start, k.seat, goals, aims, k.leader, list(k.trick), list(k.won),
                list(k.captured), k.tricks_done, candidates, step, level.noise, self._seed(), util,
            )  # fmt: skip
            scores = [[a + b for a, b in zip(row, more)] for row, more in zip(scores, batch)]
            done += step
            if time.perf_counter() - began > level.budget or clear([max(r) / done for r in scores], done):
                break
        values = [max(row) for row in scores]
        return candidates[max(range(len(candidates)), key=lambda i: (values[i], -candidates[i]))]


def clear(means: list[float], samples: int) -> bool:
    """Does the best of ``means`` (each over ``samples`` worlds) lead every other by ``CLEAR`` standard errors?"""
    if len(means) < 2:
        return True
    ordered = sorted(means, reverse=True)
    return ordered[0] - ordered[1] > CLEAR * 0.5 / math.sqrt(samples)


# ----- beliefs --------------------------------------------------------------------------------------------------


def pick_weights(k: Knowledge) -> dict[tuple[int, int], float]:
    """Per trump hypothesis, how likely the start player's picks so far were had it picked like the blueprint's
    start player (which aims at a middling hand, judging cards by the true trumps)."""
    n = k.players
    in_play = k.in_play
    target = start_target10(n)
    weights = {h: 1.0 for h in k.hypotheses}
    hand = 0
    for row in range(k.cur_row + 1):
        picks = k.picks[row]
        left = 0
        for c in k.face_up[row]:
            left |= 1 << c
        for seat, card in picks:
            if seat == k.start:
                if left & (left - 1):
                    for h in weights:
                        weights[h] *= _pick_likelihood(card, left, hand, 1 << hypothesis_index(*h), in_play, target)
                hand |= 1 << card
            left &= ~(1 << card)
    total = sum(weights.values())
    if total <= 0.0:
        return {h: 1.0 for h in k.hypotheses}
    return {h: w * len(weights) / total for h, w in weights.items()}


def _pick_likelihood(card: int, options: int, hand: int, hyps: int, in_play: int, target: int) -> float:
    """The chance of picking ``card`` from ``options``: a softened blueprint pick, with a share of slips."""
    everything = mask_power(in_play, hyps)
    if everything <= 0:
        return 1.0
    rows_left = max(1, ROWS - hand.bit_count())
    need = target * everything - 90 * mask_power(hand, hyps)
    cards = [c for c in range(36) if options >> c & 1]
    truth = (hyps & -hyps).bit_length() - 1
    gaps = [abs(90 * WEIGHT[truth][c] * rows_left - need) / (10 * everything) for c in cards]
    low = min(gaps)
    shares = [math.exp(-(g - low) / PICK_TEMPERATURE) for g in gaps]
    chosen = shares[cards.index(card)] / sum(shares)
    return (1.0 - PICK_SLIP) * chosen + PICK_SLIP / len(cards)


def choice_beliefs(k: Knowledge, codes: list[int]) -> dict[int, tuple[list[int], list[float]]]:
    """For each other seat whose goal this seat cannot see, the goals it may have chosen (or will choose) and
    how likely each is: the better its hand fits a goal, the likelier."""
    assert k.trumps is not None
    truth = hypothesis_index(*k.trumps)
    key = trumps_for(*k.trumps).key
    estimates = trick_estimates10(k.picked, truth, k.in_play)
    out: dict[int, tuple[list[int], list[float]]] = {}
    hidden = set(hidden_choosers(k))
    for p in range(k.players):
        if p in (k.seat, k.start):
            continue
        seen = k.chosen[p]
        if p not in hidden and seen is not None:
            out[p] = ([codes[seen]], [1.0])
            continue
        options = [codes[g] for g in k.open_goals[p]]
        fits = [fit_distance(c, p, k.picked[p], estimates, key, k.in_play) for c in options]
        low = min(fits)
        out[p] = (options, [math.exp(-(f - low) / CHOICE_TEMPERATURE) for f in fits])
    return out


__all__ = ["LEVELS", "Level", "SearchBot", "best_fit", "choice_beliefs", "clear", "pick_weights"]
