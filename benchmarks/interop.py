"""Adapter benchmark: moves per second through OpenSpiel and PettingZoo, next to the engine's public API.

    python -m benchmarks.interop [--seconds 4] [--games tricks-together,trumps] [--sessions]

Every side plays whole random games of each game (default players and options) and counts player moves
(chance draws are part of the work but not counted):

* ``engine``: ``tricktable.new_game(name, seed=...)``, then ``game.play(rng.choice(game.legal_moves()))`` until
  the end: the engine's public API, its own seeded deals.
* ``engine+view``: the same, reading the view of the seat to move before each move (what a bot is given).
* ``session``: ``interop.adapt.Session``, the layer both adapters share: deals drawn item by item and handed
  to the engine, moves as action ids.
* ``session (replaying)``: the same, but every deal is handed over by creating the game again with every deal
  and replaying every move (the path a session takes only for a game that does not owe the deal): what handing
  each new deal to the game that owes it saves.
* ``openspiel``: ``pyspiel.load_game("tricktable_<game>")``; ``new_initial_state()``, chance outcomes sampled,
  ``rng.choice(state.legal_actions())`` and ``apply_action`` until terminal.
* ``openspiel+obs``: the same, reading the observation tensor of the player to move before each move (what a
  learning agent reads).
* ``pettingzoo``: ``env(name)``, ``reset(seed=...)``, then for each agent ``last()`` (observation and action
  mask) and ``step`` with a random legal action.

The sides run in alternating slices and each rate is the median of its slices, so a noisy machine slows all of
them alike; each prints with its ratio to ``engine`` measured in the same run (compare the sides that
observe, ``openspiel+obs`` and ``pettingzoo``, with ``engine+view``).  A benchmark, not a test: it
asserts no speed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import tricktable
import tricktable.interop.openspiel  # registers the games
from tricktable.interop.adapt import Session, settle_chance, spec
from tricktable.interop.openspiel import short_name
from tricktable.interop.pettingzoo import env

SLICES = 5
#: A unit of work: plays one game and returns the player moves made.
Work = Callable[[], int]


def rates(sides: dict[str, Work], seconds: float) -> dict[str, float]:
    """Moves per second for each side: ``SLICES`` alternating slices of ``seconds / SLICES`` each, median."""
    per_slice = seconds / SLICES
    samples: dict[str, list[float]] = {name: [] for name in sides}
    for work in sides.values():
        work()  # warm up
    for _ in range(SLICES):
        for name, work in sides.items():
            moves = 0
            start = time.perf_counter()
            while time.perf_counter() - start < per_slice:
                made = work()
                if made <= 0:
                    raise RuntimeError(f"{name} made no move: it is not doing its work")
                moves += made
            samples[name].append(moves / (time.perf_counter() - start))
    return {name: statistics.median(values) for name, values in samples.items()}


def engine_side(name: str, observe: bool) -> Work:
    rng = random.Random(1)
    seeds = iter(range(10**12))

    def work() -> int:
        game = tricktable.new_game(name, seed=next(seeds))
        moves = 0
        while game.to_move is not None:
            if observe:
                game.view(game.to_move)
            game.play(rng.choice(game.legal_moves()))
            moves += 1
        return moves

    return work


class ReplayingSession(Session):
    """A session that hands every deal over by creating the game again and replaying every move."""

    def _give_deal(self, deal: dict[str, Any]) -> None:
        self.game = self._replay()
        self._forget_changed_events()


def session_side(name: str, replaying: bool = False) -> Work:
    game_spec = spec(name)
    rng = np.random.default_rng(1)
    make = ReplayingSession if replaying else Session

    def work() -> int:
        session = make(game_spec)
        moves = 0
        settle_chance(session, rng)
        while not session.is_over:
            legal = session.legal_actions()
            session.apply_action(legal[int(rng.integers(len(legal)))])
            settle_chance(session, rng)
            moves += 1
        return moves

    return work


def openspiel_side(name: str, observe: bool) -> Work:
    game = pyspiel.load_game(short_name(name))
    rng = random.Random(1)

    def work() -> int:
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])  # all equally likely
                continue
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return moves

    return work


def pettingzoo_side(name: str) -> Work:
    game = env(name)
    rng = np.random.default_rng(1)
    seeds = iter(range(10**12))

    def work() -> int:
        game.reset(seed=next(seeds))
        moves = 0
        for _ in game.agent_iter():
            observation, _, termination, truncation, _ = game.last()
            if termination or truncation:
                game.step(None)
                continue
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            moves += 1
        return moves

    return work


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds per side and game")
    parser.add_argument("--games", default="tricks-together,tandem-trick,secret-trumps,trumps")
    parser.add_argument(
        "--sessions", action="store_true", help="only engine, session and the replaying session (a quicker run)"
    )
    args = parser.parse_args(argv)
    for name in args.games.split(","):
        sides = {
            "engine": engine_side(name, observe=False),
            "engine+view": engine_side(name, observe=True),
            "session": session_side(name),
            "session (replaying)": session_side(name, replaying=True),
            "openspiel": openspiel_side(name, observe=False),
            "openspiel+obs": openspiel_side(name, observe=True),
            "pettingzoo": pettingzoo_side(name),
        }
        if args.sessions:
            sides = {side: sides[side] for side in ("engine", "session", "session (replaying)")}
        measured = rates(sides, args.seconds * len(sides))
        base = measured["engine"]
        print(f"{name} (default players and options): moves per second")
        for side, rate in measured.items():
            print(f"  {side:<20} {rate:>9.0f}   {rate / base:6.2f} x engine")
        ratio = measured["session"] / measured["session (replaying)"]
        print(f"  session: {ratio:.2f} x the replaying session (each new deal handed to the game that owes it)")


if __name__ == "__main__":
    main()
