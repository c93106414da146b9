"""Tricks Together teams of one bot level: games won, and per round size the rounds made and the rounds whose
numbers could be made at all (open hands), with 95% intervals.

    python -m benchmarks.team_tricks_together --level normal --players 4 --games 500 [--secret] [--workers 2]
        [--outsider heuristic] [--log games.jsonl]

``--log FILE`` makes a long run resumable: every game is written to the file as it ends, one JSON line with the
run's settings, and a run started again with the same file and settings plays only the games not yet there (a
game of other settings in the file is refused, not mixed in).  The summary then counts every game in the file
that this run asks for, and the seconds of play summed over all the runs that made them.

``--outsider LEVEL`` puts one player of another level among the team (any level ``bot_kinds`` names), in seat
``seed % players`` (the game's seed) so that it sits in every place equally often: the team-mates' conventions
are not its own, as a person's are not.  The move times are then the team-mates' alone.

Every game's seed is its index (``--seed`` adds an offset), so two levels run with the same arguments play the
same deals.  "Makeable" asks the open-hands solver, when the first card of a round is played, whether the
numbers chosen (the dealer's included) could be made by some way of playing; a round that fails before any
card (the numbers add up to more than the cards) counts as not makeable.  One-card rounds are also compared
with the exact best policy's success rate (``rules.tricks_together.onecard``).

Deals are independent, so a team that makes each round size at its measured rate wins a share of games that
follows from those rates alone (``games_won``); the benchmark prints it beside the games actually won, and the
share it would win if its play made every round whose numbers were makeable: the most that better card play
could give with the numbers as they are chosen.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import tricktable
from tricktable.arena.run_log import run_logged
from tricktable.arena.stats import wilson
from tricktable.bots.base import bot_kinds, make_bot
from tricktable.bots.tricks_together.search import LEVELS
from tricktable.rules.tricks_together import solve
from tricktable.rules.tricks_together.onecard import success_rate

# Team-mate levels, with fields changed if asked (``strong:table_numbers=0``), are read as in the paired benchmark.
from benchmarks.play_paired_tricks_together import parse_level, team


def games_won(rates: list[float], lives: int = 3) -> float:
    """The chance of clearing rounds made with chances ``rates`` (in climb order) with at most ``lives``
    failures: each round is dealt again until it is made, and the failure after the last life ends the game."""
    failures = [1.0] + [0.0] * lives  # failures[f]: the chance of having failed f times so far
    for rate in rates:
        after = [0.0] * (lives + 1)
        for spent, chance in enumerate(failures):
            miss = 1.0
            for more in range(lives + 1 - spent):  # fail ``more`` times, then make the round
                after[spent + more] += chance * miss * rate
                miss *= 1.0 - rate
        failures = after
    return sum(failures)


def play_game(args: tuple[str, int, int, bool, str | None]) -> dict[str, Any]:
    level, players, seed, secret, outsider = args
    began = time.perf_counter()
    game: Any = tricktable.new_game("tricks-together", players=players, seed=seed, secret_numbers=secret)
    if level.partition(":")[0] in LEVELS:
        bots: dict[int, Any] = team(parse_level(level), players, seed)  # a team-mate level, perhaps with changes
    else:
        bots = {s: make_bot("tricks-together", level, seed=seed * 16 + s) for s in range(players)}
    outsider_seat = None
    if outsider is not None:
        outsider_seat = seed % players
        bots[outsider_seat] = make_bot("tricks-together", outsider, seed=seed * 16 + outsider_seat)
    rounds: list[tuple[int, bool, bool]] = []
    makeable_now: bool | None = None
    times: list[float] = []
    rows = moves = 0
    while game.to_move is not None:
        seat = game.to_move
        view = game.view(seat)
        if game.phase == "play" and makeable_now is None:
            targets = [0 if n is None else n for n in game.numbers]
            if game.numbers[game.dealer] is None:
                targets[game.dealer] = game.cards - sum(t for p, t in enumerate(targets) if p != game.dealer)
            leader = (game.dealer + 1) % players
            makeable_now = min(targets) >= 0 and solve(game.hands, game.trump_suit, leader, targets)
        start = time.perf_counter()
        move = bots[seat].choose(view)
        if seat != outsider_seat:
            times.append(time.perf_counter() - start)
        game.play(move)
        moves += 1
        if len(game.score_sheet) > rows:
            row = game.score_sheet[-1]
            rounds.append((row.cards, bool(makeable_now), row.success))
            rows = len(game.score_sheet)
            makeable_now = None
    result = game.result()
    seconds = time.perf_counter() - began
    return {
        "won": result["won"], "score": result["score"], "rounds": rounds, "times": times, "moves": moves,
        "seconds": seconds,
    }  # fmt: skip


def play_all(settings: dict[str, Any], seeds: list[int], workers: int, log: Path | None) -> list[dict[str, Any]]:
    """The game of each seed with ``settings`` (``level``, ``players``, ``secret``, ``outsider``), those already in
    ``log`` read from it and the rest played (and written to it)."""
    level, players, secret, outsider = (settings[k] for k in ("level", "players", "secret", "outsider"))
    tasks = {seed: (level, players, seed, secret, outsider) for seed in seeds}
    games = run_logged(play_game, tasks, settings, workers, log)
    return [games[seed] for seed in seeds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--secret", action="store_true", help="play with Secret numbers")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--outsider", help="a player of this level in one seat, a different seat each game")
    parser.add_argument("--log", type=Path, help="a file of finished games, so that a run cut short resumes")
    args = parser.parse_args()
    if args.level.partition(":")[0] in LEVELS:
        parse_level(args.level)  # refuse a bad level before any game starts
    if args.outsider is not None and args.outsider not in bot_kinds("tricks-together"):
        raise SystemExit(f"no level {args.outsider!r}; levels: {', '.join(bot_kinds('tricks-together'))}")
    started = time.perf_counter()
    settings = {"level": args.level, "players": args.players, "secret": args.secret, "outsider": args.outsider}
    games = play_all(settings, [args.seed + g for g in range(args.games)], args.workers, args.log)
    wall = time.perf_counter() - started
    played = sum(g["seconds"] for g in games)
    won = sum(g["won"] for g in games)
    low, high = wilson(won, len(games))
    mode = "Secret numbers" if args.secret else "standard"
    with_outsider = f" with one {args.outsider}" if args.outsider else ""
    print(f"{args.level}{with_outsider}, {args.players} players, {mode}, 3 lives: {len(games)} games in {wall:.0f} s")
    print(f"  seconds of play over all the games (every run of the log): {played:.0f}")
    mean_score = sum(g["score"] for g in games) / len(games)
    print(f"  games won {won / len(games):.3f}  [{low:.3f}, {high:.3f}]   mean score {mean_score:.2f}")
    print(f"  {'cards':>5} {'rounds':>7} {'made':>17} {'makeable':>17} {'made if makeable':>17}")
    sizes = sorted({c for g in games for c, _, _ in g["rounds"]})
    made_rates: list[float] = []
    makeable_rates: list[float] = []
    for cards in sizes:
        rows = [(m, s) for g in games for c, m, s in g["rounds"] if c == cards]
        made = sum(s for _, s in rows)
        makeable = sum(m for m, _ in rows)
        made_ok = sum(1 for m, s in rows if m and s)
        a, b = wilson(made, len(rows))
        c, d = wilson(makeable, len(rows))
        e, f = wilson(made_ok, makeable)
        print(
            f"  {cards:>5} {len(rows):>7} {made / len(rows):5.2f} [{a:.2f},{b:.2f}] {makeable / len(rows):5.2f} "
            f"[{c:.2f},{d:.2f}] {made_ok / max(1, makeable):5.2f} [{e:.2f},{f:.2f}]"
        )
        made_rates.append(made / len(rows))
        makeable_rates.append(makeable / len(rows))
    if sizes == list(range(1, 8)):
        print(
            f"  games won at these rates of rounds made: {games_won(made_rates):.3f}; "
            f"if every makeable round were made: {games_won(makeable_rates):.3f}"
        )
    if 1 in sizes and not args.secret:
        print(f"  one-card rounds: the exact best policy makes {success_rate(args.players):.3f}")
    times = sorted(t for g in games for t in g["times"])
    mean, p95 = sum(times) / len(times), times[int(0.95 * len(times))]
    print(f"  seconds a move: mean {mean:.4f}  p95 {p95:.4f}  max {times[-1]:.3f}")


if __name__ == "__main__":
    main()
