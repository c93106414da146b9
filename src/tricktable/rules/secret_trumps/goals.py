"""Secret Trumps' goal list (the game's page, section 2, ruling ST-R1): one place, as data.

Each goal is a slug (the move notation uses it: ``goal most``, ``choose no-clubs``), a name and a small
predicate over a finished round.  A variant swaps a goal by building its own tuple and giving it to the
game class (``SecretTrumps.goal_list``); the engine never names a goal itself.  Also here: the draft's
feasibility check (ruling ST-R8).  Who crosses off what at the end of a round is ``scoring.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tricktable.rules.secret_trumps.cards import SUIT_MASKS


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """A finished round: tricks won and cards captured per seat (masks), and the last trick's winner."""

    won: tuple[int, ...]
    captured: tuple[int, ...]
    last_winner: int


@dataclass(frozen=True, slots=True)
class Goal:
    slug: str
    name: str
    met: Callable[[RoundOutcome, int], bool]


def _exactly(k: int) -> Callable[[RoundOutcome, int], bool]:
    return lambda o, p: o.won[p] == k


def _most(o: RoundOutcome, p: int) -> bool:
    # Strict and sole (ruling ST-R2): a tie for the most is not "the most".
    return all(o.won[p] > o.won[q] for q in range(len(o.won)) if q != p)


def _fewest(o: RoundOutcome, p: int) -> bool:
    return all(o.won[p] < o.won[q] for q in range(len(o.won)) if q != p)


def _no_suit(suit: int) -> Callable[[RoundOutcome, int], bool]:
    # The printed suit counts (ruling ST-R3): a trump-rank 5♣ is still a club for "No ♣".
    mask = SUIT_MASKS[suit]
    return lambda o, p: not o.captured[p] & mask


GOALS: tuple[Goal, ...] = (
    Goal("no-tricks", "No tricks", _exactly(0)),
    Goal("exactly-1", "Exactly 1 trick", _exactly(1)),
    Goal("exactly-2", "Exactly 2 tricks", _exactly(2)),
    Goal("exactly-3", "Exactly 3 tricks", _exactly(3)),
    Goal("most", "The most tricks", _most),
    Goal("fewest", "The fewest tricks", _fewest),
    Goal("last", "The last trick", lambda o, p: o.last_winner == p),
    Goal("no-spades", "No ♠", _no_suit(0)),
    Goal("no-hearts", "No ♥", _no_suit(1)),
    Goal("no-diamonds", "No ♦", _no_suit(2)),
    Goal("no-clubs", "No ♣", _no_suit(3)),
)

#: How many players may hold the same goal (section 3).
HOLDERS_PER_GOAL = 2


def draft_feasible(needs: list[int], held: list[set[int]], holders: list[int], capacity: int) -> bool:
    """Can every player still take ``needs[p]`` more goals, each new to them, within ``capacity`` per goal?

    A small max-flow (players -> goals they lack -> capacity left).  It keeps the Five-goals draft from
    deadlocking (ruling ST-R8): a pick is offered only if the rest of the draft can still be completed.
    """
    goals = len(holders)
    left = [capacity - h for h in holders]
    match: list[list[int]] = [[] for _ in range(goals)]  # goal -> players using one of its slots

    def augment(p: int, seen: set[int]) -> bool:
        for g in range(goals):
            if g in held[p] or g in seen or p in match[g]:
                continue
            seen.add(g)
            if len(match[g]) < left[g]:
                match[g].append(p)
                return True
            for i, q in enumerate(match[g]):
                if augment(q, seen):
                    match[g][i] = p
                    return True
        return False

    for p, need in enumerate(needs):
        for _ in range(need):
            if not augment(p, set()):
                return False
    return True
