"""Tricks Together rounds, paired: the same deals, numbers and cards both chosen by two team-mate levels.

    python -m benchmarks.rounds_paired_tricks_together --a strong:table_numbers=0 --b strong --cards 2 3 --rounds 400
        [--log rounds.jsonl]

For each round size, ``--rounds`` rounds are dealt (round ``i`` by seed ``--seed + i``, the dealer turning with
``i``), and each is played from its first number to its last card by a team of level A and, on the same deal,
a team of level B.  This measures what a change to the numbers does, where ``play_paired_tricks_together.py`` (the same
numbers for both) cannot.  It prints per size the share of rounds each level made with its 95% interval, the
rounds only one of them made, and the sign test on those.  Levels, and B's models (``--b-belief``,
``--b-card-model``, ``--b-number-table``, ``--b-card-value``, ``--b-position-value``, ``--b-policy``,
``--b-number-reading``, ``--b-reading-policy``), are given as in ``play_paired_tricks_together.py``.

``--outsider LEVEL`` seats a player of another level (any level ``bot_kinds`` names) in seat ``seed % players`` of
both teams, and ``--b-told`` tells team B which seat it is (``TeamMate.outsiders``: B reads it without the team's
conventions), so that A against B measures what being told gives.

``--log FILE`` makes a long run resumable: every round is written to the file as it ends (its size and seed, the
run's settings, what each team made), and a run started again with the same file and settings plays only the
rounds not yet there; a round of other settings in the file is refused.  The seconds printed are this run's.
"""

from __future__ import annotations

import argparse
import copy
import time
from pathlib import Path
from typing import Any

import tricktable
from tricktable.arena.run_log import run_logged
from tricktable.arena.stats import paired, wilson
from tricktable.bots.base import bot_kinds, make_bot

# The levels are read, and the teams made, as in the paired card-play benchmark.
from benchmarks.play_paired_tricks_together import (
    SHIPPED,
    Models,
    add_model_options,
    finish_round,
    given_models,
    parse_level,
    team,
)


def deal_round(players: int, cards: int, seed: int, secret: bool) -> Any:
    """A game of one round of ``cards`` cards, dealt by ``seed``, the dealer turning with it."""
    deals = [{"round": cards, "dealer": seed % players}]
    return tricktable.new_game("tricks-together", players=players, seed=seed, deals=deals, secret_numbers=secret)


#: Who else sits at the table: (an outsider's level or ``None``, whether team B is told its seat).
Outsider = tuple[str | None, bool]


def seat_outsider(bots: dict[int, Any], outsider: str | None, seed: int, told: bool) -> None:
    """Put the outsider of level ``outsider`` (if any) in seat ``seed % players``, in place; ``told``: the team
    is told which seat it is."""
    if outsider is None:
        return
    seat = seed % len(bots)
    bots[seat] = make_bot("tricks-together", outsider, seed=seed * 16 + seat)
    if told:
        for other, bot in bots.items():
            if other != seat:
                bot.outsiders = frozenset({seat})


def play_round(
    args: tuple[str, str, int, int, int, bool, str | None, Models, Outsider],
) -> tuple[bool, bool] | None:
    """One deal of ``cards`` cards played by a team of A and a team of B (with B's models): did each make its
    numbers?  With a numbers level, both play the numbers that level chose (``None``: those numbers exceed the
    cards)."""
    a_text, b_text, players, cards, seed, secret, numbers, b_models, (outsider, b_told) = args
    if numbers is not None:
        if outsider is not None:
            raise ValueError("an outsider plays its own numbers: compare with both teams choosing theirs")
        return play_same_numbers(a_text, b_text, numbers, players, cards, seed, secret, b_models)
    made = []
    for text, models, told in ((a_text, SHIPPED, False), (b_text, b_models, b_told)):
        game = deal_round(players, cards, seed, secret)
        bots: dict[int, Any] = team(parse_level(text), players, seed, models)
        seat_outsider(bots, outsider, seed, told)
        while not game.score_sheet:
            game.play(bots[game.to_move].choose(game.view(game.to_move)))
        made.append(bool(game.score_sheet[0].success))
    return made[0], made[1]


def play_same_numbers(
    a_text: str, b_text: str, numbers: str, players: int, cards: int, seed: int, secret: bool, b_models: Models
) -> tuple[bool, bool] | None:
    game = deal_round(players, cards, seed, secret)
    choosers = team(parse_level(numbers), players, seed)
    while game.phase != "play":
        if game.score_sheet:  # the numbers exceed the cards: failed before play, the same for both
            return None
        game.play(choosers[game.to_move].choose(game.view(game.to_move)))
    made_a, _ = finish_round(copy.deepcopy(game), parse_level(a_text), seed)
    made_b, _ = finish_round(copy.deepcopy(game), parse_level(b_text), seed, b_models)
    return made_a, made_b


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", default="strong:table_numbers=0", help="level A")
    parser.add_argument("--b", default="strong", help="level B")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, nargs="+", default=[2, 3], help="the round sizes to compare")
    parser.add_argument("--rounds", type=int, default=200, help="rounds per size")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--secret", action="store_true", help="play with Secret numbers")
    parser.add_argument("--numbers", help="a level that chooses the numbers once, for both teams to play")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--outsider", help="a player of this level in one seat of both teams (seed %% players)")
    parser.add_argument("--b-told", action="store_true", help="team B is told the outsider's seat")
    parser.add_argument("--log", type=Path, help="a file of finished rounds, so that a run cut short resumes")
    add_model_options(parser)
    args = parser.parse_args()
    for text in (args.a, args.b, args.numbers or args.a):
        parse_level(text)  # refuse a bad level before any round starts
    if args.outsider is not None and args.outsider not in bot_kinds("tricks-together"):
        raise SystemExit(f"no level {args.outsider!r}; levels: {', '.join(bot_kinds('tricks-together'))}")
    if args.outsider is not None and args.numbers:
        raise SystemExit("--outsider plays its own numbers: leave out --numbers")
    if args.b_told and args.outsider is None:
        raise SystemExit("--b-told needs an --outsider to tell team B about")
    b_models = given_models(args)
    with_models = "".join(f" with {path}" for path in b_models if path is not None)
    print(
        f"{args.players} players{', Secret numbers' if args.secret else ''}: A = {args.a}, B = {args.b}{with_models}"
        + (f", numbers by {args.numbers}" if args.numbers else "")
        + (f", one {args.outsider} (B {'told' if args.b_told else 'not told'} its seat)" if args.outsider else "")
    )
    print(f"  {'cards':>5} {'rounds':>7} {'A made':>17} {'B made':>17} {'A only':>7} {'B only':>7} {'sign p':>7}")
    outsider: Outsider = (args.outsider, args.b_told)
    # A round is named by its size and seed in the log; everything else that shapes its play is the run's settings.
    settings = {
        "a": args.a, "b": args.b, "players": args.players, "secret": args.secret, "numbers": args.numbers,
        "b_models": list(b_models), "outsider": args.outsider, "b_told": args.b_told,
    }  # fmt: skip
    for cards in args.cards:
        started = time.perf_counter()
        tasks = {
            (cards, args.seed + i): (
                args.a, args.b, args.players, cards, args.seed + i, args.secret, args.numbers, b_models, outsider,
            )
            for i in range(args.rounds)
        }  # fmt: skip
        done = run_logged(play_round, tasks, settings, args.workers, args.log)
        results = [r for r in done.values() if r is not None]
        made_a, made_b = sum(a for a, _ in results), sum(b for _, b in results)
        (a_low, a_high), (b_low, b_high) = wilson(made_a, len(results)), wilson(made_b, len(results))
        diff = paired([float(b) - float(a) for a, b in results])
        print(
            f"  {cards:>5} {len(results):>7} {made_a / len(results):5.3f} [{a_low:.2f},{a_high:.2f}]"
            f" {made_b / len(results):5.3f} [{b_low:.2f},{b_high:.2f}] {diff.worse:>7} {diff.better:>7}"
            f" {diff.sign_p:>7.3f}   ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
