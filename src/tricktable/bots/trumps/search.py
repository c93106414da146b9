"""The Trumps search bot: determinized search over worlds consistent with its view, at three levels.

**Worlds.**  The bot places the cards it has not seen many times over (``rules.trumps.sample_deals``: every
world replays the hand's public history and shows the bot exactly its view) and judges each candidate move in
each world.  During play it weighs the worlds by how well they explain what the other seats did (inference): a
factor ``slip`` for every card or declaration the blueprint (``blueprint.py``) would not have played there, for
an indicator of a suit the blueprint would not have marked, and for a pass to the bot the blueprint would not
have made.

**Marking and passing.**  Each candidate — the lowest card of each suit as the indicator; for the pass, every way
to give the lowest cards of some suits — is tried in every world: the others mark and pass as the blueprint
does, the bot passes as the blueprint would after the indicator tried, and the hand is played out with the
blueprint.  The candidate whose side makes the most tricks is chosen.

**Playing and declaring.**  Every legal move — each card, and each card played while declaring — is tried in
every world and the hand played out with the blueprint; near the end of the hand the open-hands solver
(``rules.trumps.solver``: the bot's side against all others, team against team in partnerships) replaces the
play-out.  When to declare is thus decided by search, like which card to play.

Levels differ in how many worlds they judge, how hard they weigh the others' plays and when the solver takes
over; each stops early when its time budget is spent.  Ties go to the blueprint's own choice.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import product
from typing import Any

from tricktable.bots.base import LevelledBot
from tricktable.bots.trumps import cbatch
from tricktable.bots.trumps.blueprint import mark_card, pass_cards, play_move
from tricktable.core.cards import SUIT_MASKS, bit_list, card_str, parse_card
from tricktable.rules.trumps import NONE, Knowledge, Pass, World, dealt_hands, open_solver, read_view, sample_deals


@dataclass(frozen=True)
class Level:
    """How hard a search bot thinks."""

    name: str
    mark_worlds: int
    pass_worlds: int
    play_worlds: int
    slip: float  #: weight of a world per card or declaration the blueprint would not have played there (1: none)
    slip_mark: float  #: ... per indicator of a suit the blueprint would not have marked
    slip_pass: float  #: ... for a pass to this seat the blueprint would not have made
    solver_cards: int  #: the solver judges each world when this many cards or fewer are left in hand (0: never)
    budget: float  #: seconds a move may take, roughly
    win_weight: float = 0.0  #: a play-out's worth, in tricks, of winning the game when the hand ends it


LEVELS = {
    "easy": Level("easy", 80, 80, 40, slip=1.0, slip_mark=1.0, slip_pass=1.0, solver_cards=0, budget=0.04),
    "normal": Level(
        "normal", 320, 240, 160, slip=0.5, slip_mark=0.6, slip_pass=0.6, solver_cards=12, budget=0.15, win_weight=100.0
    ),
    "strong": Level(
        "strong", 1200, 800, 480, slip=0.4, slip_mark=0.5, slip_pass=0.5, solver_cards=16, budget=0.9, win_weight=100.0
    ),
}

#: Worlds are drawn and judged in batches of this many, so a level can stop when its time is up.
BATCH = 40


def partners(k: Knowledge) -> list[int]:
    """Each seat's partner, or ``NONE`` playing alone."""
    return [
        next((q for q in range(k.players) if q != p and k.side_of[q] == k.side_of[p]), NONE) for p in range(k.players)
    ]


def standing(k: Knowledge) -> list[float]:
    """Each side's points so far: its total before this hand and the tricks it has won in it."""
    points = [float(total) for total in k.totals]
    for seat, won in enumerate(k.won):
        points[k.side_of[seat]] += won
    return points


def mark_candidates(hand: int) -> list[int]:
    """The lowest card of each suit held: which suit to mark is the question, and the lowest card costs least."""
    return [bit_list(hand & SUIT_MASKS[s])[0] for s in range(4) if hand & SUIT_MASKS[s]]


def pass_candidates(hand: int, count: int) -> list[int]:
    """Every way to pass the lowest ``a_s`` cards of each suit ``s`` (the ``a_s`` adding up to ``count``)."""
    by_suit = [bit_list(hand & SUIT_MASKS[s]) for s in range(4)]
    out = []
    for makeup in product(*(range(min(len(cards), count) + 1) for cards in by_suit)):
        if sum(makeup) != count:
            continue
        mask = 0
        for cards, take in zip(by_suit, makeup):
            for c in cards[:take]:
                mask |= 1 << c
        out.append(mask)
    return out


class SearchBot(LevelledBot[Level]):
    """A Trumps bot that searches sampled worlds (see the module's notes)."""

    levels = LEVELS

    def __init__(self, seed: int | None = None, level: str = "normal") -> None:
        super().__init__(seed, level)
        self._solver: Any = None

    @property
    def solver(self) -> Any:
        """The open-hands solver with its table of positions, made on first use: a bot that waits in the web
        server for its turn (the thinking happens in a worker) holds no table."""
        if self._solver is None:
            self._solver = open_solver()
        return self._solver

    def __getstate__(self) -> dict[str, Any]:
        # The solver's table is scratch space (and a compiled object that cannot be pickled): a bot sent to
        # another process, as the web table's bot workers do every move, takes its level and its random state.
        return {"level": self.level, "name": self.name, "rng": self.rng}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._solver = None

    def decide(self, view: dict[str, Any], legal: list[str]) -> str:
        k = read_view(view)
        if k.phase == "mark":
            return "mark " + card_str(self.mark(k))
        if k.phase == "pass":
            return str(Pass(self.pass_cards(k)))
        moves = [(parse_card(m.split()[-1]), m.startswith("declare")) for m in legal]
        card, declare = self.play(k, moves)
        return ("declare " if declare else "") + card_str(card)

    def sample_worlds(self, k: Knowledge, count: int) -> list[World]:
        """``count`` worlds consistent with ``k`` (the open-hands ceiling puts the real one here)."""
        return sample_deals(k, count, self.rng)

    # ----- before play -----------------------------------------------------------------------------------

    def _deals(self, k: Knowledge) -> tuple[list[list[int]], list[int]]:
        worlds = self.sample_worlds(k, BATCH)
        return [dealt_hands(k, w) for w in worlds], [w.extra[0] if w.extra else NONE for w in worlds]

    def _best(self, candidates: list[int], favourite: int, judge: Any, worlds: int) -> int:
        scores = [0.0] * len(candidates)
        start = time.perf_counter()
        done = 0
        while done < worlds:
            batch = judge()
            scores = [a + b for a, b in zip(scores, batch)]
            done += BATCH
            if time.perf_counter() - start > self.level.budget:
                break
        top = max(scores)
        close = [c for c, s in zip(candidates, scores) if s >= top - 1e-9]
        return favourite if favourite in close else close[0]

    def mark(self, k: Knowledge) -> int:
        candidates = mark_candidates(k.hand)
        favourite = mark_card(k.hand)
        if len(candidates) == 1:
            return candidates[0]
        pals = partners(k)
        points = standing(k)

        def judge() -> list[float]:
            deals, starters = self._deals(k)
            values: list[float] = cbatch.mark_values(
                deals, starters, k.seat, candidates, list(k.side_of), pals, k.dealer, k.pass_offset, k.pass_count,
                points, k.target, self.level.win_weight,
            )  # fmt: skip
            return values

        return self._best(candidates, favourite, judge, self.level.mark_worlds)

    def pass_cards(self, k: Knowledge) -> int:
        candidates = pass_candidates(k.hand, k.pass_count)
        favourite = pass_cards(k.hand, k.indicator // 13, k.pass_count)
        if favourite not in candidates:
            candidates.append(favourite)
        pals = partners(k)
        points = standing(k)

        def judge() -> list[float]:
            deals, starters = self._deals(k)
            values: list[float] = cbatch.pass_values(
                deals, starters, k.seat, k.indicator, candidates, list(k.side_of), pals, k.dealer, k.pass_offset,
                k.pass_count, points, k.target, self.level.win_weight,
            )  # fmt: skip
            return values

        return self._best(candidates, favourite, judge, self.level.pass_worlds)

    # ----- play ----------------------------------------------------------------------------------------------

    def play(self, k: Knowledge, moves: list[tuple[int, bool]]) -> tuple[int, bool]:
        level = self.level
        pals = partners(k)
        side = k.side_of[k.seat]
        trick_seats = [NONE if s is None else s for s, _, _ in k.trick]
        trick_cards = [c for _, c, _ in k.trick]
        trick_flags = [int(t) for _, _, t in k.trick]
        seen = k.played | k.hand | (1 << k.indicator if k.indicator != NONE else 0)
        trick = [(s, c, bool(t)) for s, c, t in zip(trick_seats, trick_cards, trick_flags)]
        favourite = play_move(k.seat, k.hand, k.indicator, k.declared[side], pals[k.seat], trick, k.players, seen)
        use_solver = sum(k.counts) <= level.solver_cards
        points = standing(k)
        infer = level.slip < 1.0 or level.slip_mark < 1.0 or level.slip_pass < 1.0
        history = k.history
        scores = [0.0] * len(moves)
        start = time.perf_counter()
        done = 0
        while done < level.play_worlds:
            worlds = self.sample_worlds(k, BATCH)
            hands = [w.hands for w in worlds]
            indicators = [w.indicators for w in worlds]
            if infer:
                weights: list[float] = cbatch.world_weights(
                    hands, indicators, [w.passed for w in worlds], k.seat, list(k.side_of), pals, k.dealer,
                    k.played_by, k.starter, k.pass_offset, k.pass_count, k.received,
                    [h.seat for h in history], [h.card for h in history], [int(h.declare) for h in history],
                    level.slip, level.slip_mark, level.slip_pass,
                )  # fmt: skip
            else:
                weights = [1.0] * len(worlds)
            if use_solver:
                batch = self._solve(k, len(moves), worlds, weights, trick_seats, trick_cards, trick_flags)
            else:
                batch = cbatch.play_values(
                    hands, indicators, weights, k.seat, list(k.side_of), pals, k.dealer, list(k.declared), k.played,
                    trick_seats, trick_cards, trick_flags, [c for c, _ in moves], [int(d) for _, d in moves],
                    points, k.target, level.win_weight,
                )  # fmt: skip
            scores = [a + b for a, b in zip(scores, batch)]
            done += BATCH
            if time.perf_counter() - start > level.budget:
                break
        top = max(scores)
        close = [m for m, s in zip(moves, scores) if s >= top - 1e-9 * max(1.0, abs(top))]
        return favourite if favourite in close else close[0]

    def _solve(
        self,
        k: Knowledge,
        count: int,
        worlds: list[World],
        weights: list[float],
        trick_seats: list[int],
        trick_cards: list[int],
        trick_flags: list[int],
    ) -> list[float]:
        """Per legal move, the weight-summed tricks the bot's side can be sure of with open hands."""
        side = k.side_of[k.seat]
        scores = [0.0] * count
        for world, weight in zip(worlds, weights):
            if weight <= 0.0:
                continue
            self.solver.clear()
            suits = [c // 13 if c != NONE else NONE for c in world.indicators]
            values = self.solver.move_values(
                world.hands, suits, list(k.side_of), list(k.declared), k.dealer, k.seat, trick_seats, trick_cards,
                trick_flags, side,
            )  # fmt: skip
            for i, v in enumerate(values):
                scores[i] += weight * v
        return scores
