"""Tricks Together: where a team of bots loses the rounds it could have made.

    python -m benchmarks.losing_tricks_together --level strong --cards 5 7 --rounds 300 [--players 4] [--secret]

For each round size, ``--rounds`` rounds are dealt (round ``i`` by seed ``--seed + i``, the dealer turning with
``i``, as in ``rounds_paired_tricks_together.py``) and played from the first number to the last card by a team of
the level.
A round whose numbers could be made with open hands and that still failed has a *losing play*: the first card
after which no way of playing the rest made the numbers any more (as ``tricktable analyse`` reports it).  The
script counts the rounds by outcome and the losing plays by trick, by the player's place in the trick (1: the
lead), by what the player still needed, and by how many of its legal cards would have kept the round makeable.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import tricktable
from tricktable.analysis.tricks_together import targets_of
from tricktable.arena.stats import wilson
from tricktable.rules.tricks_together import solve

# The levels are read, and the teams made, as in the paired card-play benchmark.
from benchmarks.play_paired_tricks_together import parse_level, team

#: One round's outcome: ("unmakeable",), ("made",) or ("lost", trick, place, need, dealer, cards that would have
#: kept it, the losing move's number in the game's record from 1).
Outcome = tuple[Any, ...]


def keeps(game: Any, numbers: list[int], seat: int, card: int) -> bool:
    """Could the numbers still be made with open hands after ``seat`` plays ``card`` now?"""
    hands = game.hands[:]
    hands[seat] ^= 1 << card
    return solve(hands, game.trump_suit, game.trick_leader, numbers, [*game.trick, card], game.won)


def play_round(args: tuple[str, int, int, int, bool]) -> Outcome:
    return play(*args)[1]


def play(level_text: str, players: int, cards: int, seed: int, secret: bool) -> tuple[Any, Outcome]:
    """Play one round with a team of the level, stopping at the losing play: the game and the outcome."""
    deals = [{"round": cards, "dealer": seed % players}]
    game: Any = tricktable.new_game("tricks-together", players=players, seed=seed, deals=deals, secret_numbers=secret)
    bots = team(parse_level(level_text), players, seed)
    while game.phase != "play" and not game.score_sheet:
        game.play(bots[game.to_move].choose(game.view(game.to_move)))
    numbers = targets_of(game)
    if game.score_sheet or min(numbers) < 0 or not solve(game.hands, game.trump_suit, game.trick_leader, numbers):
        return game, ("unmakeable",)
    while not game.score_sheet:
        seat = game.to_move
        place, trick, need = len(game.trick) + 1, game.tricks_played + 1, numbers[seat] - game.won[seat]
        kept = {move.card: keeps(game, numbers, seat, move.card) for move in game.legal_moves()}
        move = game.parse_move(bots[seat].choose(game.view(seat)))
        game.play(move)
        if not kept[move.card]:
            good = sum(kept.values())
            return game, ("lost", trick, place, need, seat == game.dealer, good, len(game.history))
    return game, ("made",)


#: The losing plays' breakdowns, in the order of an outcome's fields.
BREAKDOWN = (
    "by trick:",
    "by place in the trick (1 leads):",
    "by tricks the player still needed:",
    "by the dealer (True) or not:",
    "by cards that would have kept it:",
)


def share(counter: Counter[Any], total: int) -> str:
    return "  ".join(f"{key}: {count / total:.2f}" for key, count in sorted(counter.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--level", default="strong", help="the team's level, written as in play_paired_tricks_together.py"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, nargs="+", default=[5], help="the round sizes")
    parser.add_argument("--rounds", type=int, default=300, help="rounds per size")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--secret", action="store_true", help="play with Secret numbers")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    parse_level(args.level)  # refuse a bad level before any round starts
    print(f"{args.players} players{', Secret numbers' if args.secret else ''}, level {args.level}")
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for cards in args.cards:
            started = time.perf_counter()
            tasks = [(args.level, args.players, cards, args.seed + i, args.secret) for i in range(args.rounds)]
            outcomes = list(pool.map(play_round, tasks, chunksize=4))
            kinds = Counter(o[0] for o in outcomes)
            lost = [o for o in outcomes if o[0] == "lost"]
            makeable = kinds["made"] + len(lost)
            low, high = wilson(kinds["made"], makeable)
            print(
                f"  {cards} cards, {len(outcomes)} rounds ({time.perf_counter() - started:.0f} s): numbers makeable"
                f" {makeable / len(outcomes):.2f}, made {kinds['made'] / len(outcomes):.2f}; of the makeable rounds"
                f" made {kinds['made'] / max(1, makeable):.2f} [{low:.2f}, {high:.2f}]"
            )
            if not lost:
                continue
            print(f"    losing plays: {len(lost)}")
            for index, label in enumerate(BREAKDOWN, start=1):
                print(f"      {label:<36} {share(Counter(o[index] for o in lost), len(lost))}")


if __name__ == "__main__":
    main()
