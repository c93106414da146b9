"""Tricks Together's ``fast`` level (the learned policy, no search): games a second against a searching level, in
the same run on the same deals, and how often its moves are the ones ``strong`` chose in held-out rounds.

    python -m benchmarks.fast_tricks_together --games 40 [--against normal] [--players 4] [--seed 0] [--data DATA]

Speed: game ``i`` (seed ``--seed + i``, the default 7 rounds, 3 lives) is played by a team of four ``fast`` bots
and by a team of ``--against``, one after the other, so that both meet the same deals and the same load on the
machine; each game is timed on the wall clock from its start to its end, bots, engine and views together.  The
teams do not play the same rounds (a weaker team loses its lives sooner), so moves a second are printed beside
games a second.  One process: the figures are for one core.

Agreement (``--data``, rounds made by ``belief_data``): in the rounds held out from training (``belief_data.split``),
every choice (a number, or a card with two legal cards or more) as ``strong`` made it, and how often ``fast``
chooses the same from the same view; the blueprint's card (what the policy learnt on top of) is shown beside it.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

import tricktable
from tricktable.arena.stats import wilson
from tricktable.bots.base import make_bot
from tricktable.bots.tricks_together import belief_data
from tricktable.bots.tricks_together.cteam import blueprint_card
from tricktable.bots.tricks_together.policy import needs, trick_state
from tricktable.core.cards import card_str
from tricktable.rules.tricks_together import read_view


def timed_game(level: str, players: int, seed: int) -> tuple[float, int, bool]:
    """Seconds, moves and whether the team won, for one game of a team of ``level``."""
    started = time.perf_counter()
    game = tricktable.new_game("tricks-together", players=players, seed=seed)
    bots = {s: make_bot("tricks-together", level, seed=seed * 16 + s) for s in range(players)}
    moves = 0
    while game.to_move is not None:
        game.play(bots[game.to_move].choose(game.view(game.to_move)))
        moves += 1
    result = game.result()
    assert result is not None
    return time.perf_counter() - started, moves, bool(result["won"])


def speed(games: int, against: str, players: int, seed: int) -> dict[str, tuple[float, int, int]]:
    """Per level: seconds, moves and games won over the same ``games`` deals, interleaved."""
    totals = {level: [0.0, 0, 0] for level in ("fast", against)}
    for g in range(games):
        for level in totals:
            seconds, moves, won = timed_game(level, players, seed + g)
            totals[level][0] += seconds
            totals[level][1] += moves
            totals[level][2] += won
    return {level: (float(t[0]), int(t[1]), int(t[2])) for level, t in totals.items()}


def agreement(folder: Path, part: str = "test") -> tuple[Counter[str], Counter[str]]:
    """Over the choices of the rounds of ``part``: how many there were and how many ``fast`` (and the blueprint,
    for cards) chose as recorded, by kind (``numbers K``: K cards a round; ``cards``; ``blueprint cards``)."""
    bot = make_bot("tricks-together", "fast", seed=0)
    seen: Counter[str] = Counter()
    same: Counter[str] = Counter()
    for record in belief_data.load(folder):
        if belief_data.split(record) != part:
            continue
        game = belief_data.dealt(record)
        for move in record["moves"]:
            view = game.view(game.to_move)
            if len(view["legal_moves"]) > 1:
                if game.phase == "commit":
                    kinds = [f"numbers {record['cards']}"]
                    found = {kinds[0]: bot.choose(view)}
                else:
                    k = read_view(view)
                    _, best, winner = trick_state(k)
                    plan = blueprint_card(
                        k.seat, k.hand, k.trick, best, winner, needs(k), k.left, k.gone, k.trump, k.players
                    )
                    kinds = ["cards", "blueprint cards"]
                    found = {"cards": bot.choose(view), "blueprint cards": card_str(plan)}
                for kind in kinds:
                    seen[kind] += 1
                    same[kind] += found[kind] == move
            game.play(move)
    return seen, same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--against", default="normal", help="the searching level to compare with")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--data", type=Path, help="rounds made by belief_data: agreement on the held-out ones")
    args = parser.parse_args()
    if args.against == "fast":
        raise SystemExit("--against takes a level other than fast")
    make_bot("tricks-together", args.against)  # a clear error on a level that does not exist, before any game
    if args.games > 0:
        found = speed(args.games, args.against, args.players, args.seed)
        print(f"{args.games} games of {args.players} players, seeds {args.seed}..{args.seed + args.games - 1}:")
        for level, (seconds, moves, won) in found.items():
            print(
                f"  {level:>8}: {args.games / seconds:8.2f} games/s  {moves / seconds:9.0f} moves/s  "
                f"{1000 * seconds / moves:7.3f} ms a move  ({moves} moves in {seconds:.1f} s, {won} games won)"
            )
        (fast_s, fast_moves, _), (slow_s, slow_moves, _) = found["fast"], found[args.against]
        print(f"  fast / {args.against}: {slow_s / fast_s:.1f}x the games a second, "
              f"{(fast_moves / fast_s) / (slow_moves / slow_s):.1f}x the moves a second")  # fmt: skip
    if args.data is not None:
        seen, same = agreement(args.data)
        print("held-out choices of strong, and how often fast chose the same:")
        for kind in sorted(seen):
            low, high = wilson(same[kind], seen[kind])
            print(f"  {kind:>16}: {same[kind] / seen[kind]:.3f} [{low:.3f}, {high:.3f}] of {seen[kind]}")


if __name__ == "__main__":
    main()
