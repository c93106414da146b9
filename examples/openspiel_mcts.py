"""Our Tricks Together team-mate against OpenSpiel's MCTS, on the same deals.

    python examples/openspiel_mcts.py [--deals 20] [--level strong] [--simulations 200] [--searcher mcts]

Every deal (a seed) is played twice through the OpenSpiel game ``tricktable_tricks_together``: once by a team of
four of our bots (``SpielBot``, which sees only its seat's view), once by a team of four OpenSpiel searchers.
The chance nodes draw each seed's own deals (``settle_seeded``), so both teams meet the same cards as long as
they reach the same rounds.  OpenSpiel's MCTS searches the state it is given, every hand included: it plays
with the cards face up.  ``--searcher ismcts`` uses OpenSpiel's information-set MCTS instead, which samples the
hidden cards (``interop.resample``).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tricktable.interop.openspiel  # noqa: F401  (registers the games)
from tricktable.arena.stats import paired, wilson
from tricktable.interop.adapt import seeded_item
from tricktable.interop.bots import SpielBot


def searcher(game: Any, kind: str, simulations: int, seed: int) -> pyspiel.Bot:
    rollout = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    if kind == "ismcts":
        return ismcts.ISMCTSBot(game, rollout, 2.0, simulations, random_state=np.random.RandomState(seed))
    return mcts.MCTSBot(game, 2.0, simulations, rollout, random_state=np.random.RandomState(seed))


def play(game: Any, bot: pyspiel.Bot, seed: int) -> tuple[bool, float]:
    """One game with ``bot`` in every seat: (won, positions cleared)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(seeded_item(state.session, seed))
        else:
            state.apply_action(bot.step(state))
    result = state.session.game.result()
    return bool(result["won"]), state.returns()[0]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--level", default="strong", help="our bot's level (tricktable games)")
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--searcher", choices=("mcts", "ismcts"), default="mcts")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    game = pyspiel.load_game("tricktable_tricks_together", {"players": 4})
    ours_won, theirs_won, differences = 0, 0, []
    started = time.perf_counter()
    for deal in range(args.deals):
        seed = args.seed + deal
        won_a, cleared_a = play(game, SpielBot(args.level, seed), seed)
        won_b, cleared_b = play(game, searcher(game, args.searcher, args.simulations, seed), seed)
        ours_won += won_a
        theirs_won += won_b
        differences.append(cleared_a - cleared_b)
        print(
            f"deal {deal + 1}: {args.level} {cleared_a:.0f}{' won' if won_a else ''}, "
            f"{args.searcher} {cleared_b:.0f}{' won' if won_b else ''}",
            flush=True,
        )
    n = args.deals
    low, high = wilson(ours_won, n)
    print(f"{args.level}: games won {ours_won}/{n} (95% {low:.2f}-{high:.2f})")
    low, high = wilson(theirs_won, n)
    print(f"{args.searcher} ({args.simulations} simulations): games won {theirs_won}/{n} (95% {low:.2f}-{high:.2f})")
    comparison = paired(differences)
    print(
        f"utility (positions cleared, + lives when won), {args.level} minus {args.searcher}: "
        f"{comparison.mean:+.2f} (95% {comparison.low:+.2f} to {comparison.high:+.2f}, p={comparison.p_value:.3f})"
    )
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
