"""Tricks Together card play, paired: the same deal and the same numbers, played out by two team-mate levels.

    python -m benchmarks.play_paired_tricks_together --a strong --b strong:solver_tricks=7 --games 60 --workers 2

Each game is played by a team of ``--numbers`` bots.  In every round of at least ``--min-cards`` cards, once
the numbers are chosen, the round is copied and played to its end twice: by a team of level A and by a team of
level B (same seeds).  The game goes on from A's copy.  Because the deal and the numbers are shared, a round
that both make or both lose says nothing about the difference; the sign test is on the rounds only one of them
makes, and the interval is on the difference per round.  A level is a name from ``search.LEVELS``,
optionally with fields changed: ``strong:solver_tricks=7`` (comma-separated ``field=value`` pairs; numbers).

``--b-belief FILE`` and ``--b-card-model FILE`` give team B a learned belief (``train belief --out FILE``) or a
fitted model of partners' cards (``play_reading_fit --out FILE``) in place of the shipped one: the next turn of
a model, tried on the same deals as the shipped one (and so on for the other ``--b-...`` models, e.g.
``--b-number-reading FILE`` from ``number_reading_fit --out FILE``, or ``--b-reading-policy FILE``, a policy from
``train policy --out FILE`` that B reads its partners' past cards by in place of the one it plays its worlds out
with).

``--log FILE`` makes a long run resumable (``tricktable.arena.run_log``): every game's rounds are written to the
file as the game ends, keyed by its seed with the run's settings, and a run started again with the same file and
settings plays only the games not yet there; a game of other settings in the file is refused.  The seconds printed
are this run's.
"""

from __future__ import annotations

import argparse
import copy
import json
import time
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import tricktable
from tricktable.arena.run_log import run_logged
from tricktable.arena.stats import paired, wilson
from tricktable.bots.tricks_together import card_value, number_reading, position_value, search
from tricktable.bots.tricks_together.belief import Belief
from tricktable.bots.tricks_together.play_reading import FEATURES
from tricktable.bots.tricks_together.policy import policy
from tricktable.bots.tricks_together.search import Level, TeamMate
from tricktable.bots.tricks_together.small_rounds import load_table


class Models(NamedTuple):
    """A team's models, as files (``None``: the shipped one)."""

    belief: str | None = None
    card_model: str | None = None
    number_table: str | None = None
    card_value: str | None = None
    position_value: str | None = None
    policy: str | None = None
    number_reading: str | None = None
    #: The policy the partners' past cards are read by (``None``: the team's policy).
    reading_policy: str | None = None


SHIPPED = Models()


def parse_level(text: str) -> Level:
    """``search.parse_level``, with a clear exit on a level it refuses."""
    try:
        return search.parse_level(text)
    except ValueError as error:
        raise SystemExit(str(error)) from None


@cache
def belief_model(path: str) -> Belief:
    return Belief.load(Path(path))


@cache
def number_model(path: str) -> dict[str, number_reading.Reader]:
    return number_reading.load(Path(path))


@cache
def card_model(path: str) -> tuple[float, ...]:
    return tuple(float(c) for c in json.loads(Path(path).read_text(encoding="utf-8"))["coefficients"])


def check_models(models: Models, players: int) -> None:
    """Refuse, before any game starts, model files that do not load or do not fit the table."""
    try:
        belief, cards = models.belief, models.card_model
        if belief is not None and belief_model(belief).players != players:
            raise SystemExit(f"{belief} is a belief for {belief_model(belief).players} players, not {players}")
        if cards is not None and len(card_model(cards)) != len(FEATURES):
            raise SystemExit(f"{cards} holds {len(card_model(cards))} coefficients, not {len(FEATURES)}")
        numbers = models.number_table
        if numbers is not None and not any(key.startswith(f"{players}/") for key in load_table(Path(numbers))):
            raise SystemExit(f"{numbers} holds no numbers for {players} players")
        if models.card_value is not None and not card_value.load(Path(models.card_value))["shares"]:
            raise SystemExit(f"{models.card_value} holds no rates")
        if models.position_value is not None:
            position_value.value(Path(models.position_value))
        for learned_policy in (models.policy, models.reading_policy):
            if learned_policy is not None:
                policy(learned_policy)
        fitted = number_model(models.number_reading) if models.number_reading is not None else None
        if fitted is not None and not any(key.startswith(f"{players}/") for key in fitted):
            raise SystemExit(f"{models.number_reading} holds no model of numbers for {players} players")
    except (OSError, ValueError, KeyError) as error:
        raise SystemExit(f"a model file does not load: {error}") from None


def add_model_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--b-belief", help="team B's learned belief (weights from train belief --out)")
    parser.add_argument("--b-card-model", help="team B's model of partners' cards (from play_reading_fit --out)")
    parser.add_argument("--b-number-table", help="team B's shared small-round numbers (from small_rounds_fit --out)")
    parser.add_argument("--b-card-value", help="team B's learned value of a card (from card_value_fit --out)")
    parser.add_argument("--b-position-value", help="team B's learned value of a position (from train value --out)")
    parser.add_argument("--b-policy", help="team B's learned policy (from train policy --out)")
    parser.add_argument("--b-number-reading", help="team B's fitted model of numbers (from number_reading_fit --out)")
    parser.add_argument(
        "--b-reading-policy", help="the policy team B reads its partners' cards by (from train policy --out)"
    )


def given_models(args: argparse.Namespace) -> Models:
    """Team B's models from the options ``add_model_options`` adds, checked against the table's players."""
    models = Models(
        args.b_belief, args.b_card_model, args.b_number_table, args.b_card_value, args.b_position_value, args.b_policy,
        args.b_number_reading, args.b_reading_policy,
    )  # fmt: skip
    check_models(models, args.players)
    return models


def team(level: Level, players: int, seed: int, models: Models = SHIPPED) -> dict[int, TeamMate]:
    bots = {s: TeamMate(seed=seed * 16 + s) for s in range(players)}
    for bot in bots.values():
        bot.level = level
        if models.belief is not None:
            bot.belief_model = belief_model(models.belief)
        if models.card_model is not None:
            bot.card_model = list(card_model(models.card_model))
        if models.number_table is not None:
            bot.number_table = load_table(Path(models.number_table))
        if models.card_value is not None:
            bot.value_table = card_value.load(Path(models.card_value))
        if models.position_value is not None:
            bot.position_model = position_value.value(Path(models.position_value))
        if models.policy is not None:
            bot.policy_model = policy(models.policy)
        if models.number_reading is not None:
            bot.number_model = number_model(models.number_reading)
        if models.reading_policy is not None:
            bot.reading_model = policy(models.reading_policy)
    return bots


def finish_round(game: Any, level: Level, seed: int, models: Models = SHIPPED) -> tuple[bool, list[float]]:
    """Play the current round to its end with a team of ``level`` (and ``models``): did it succeed, and each
    move's seconds."""
    bots = team(level, game.players, seed, models)
    rows = len(game.score_sheet)
    times: list[float] = []
    while len(game.score_sheet) == rows and game.to_move is not None:
        seat = game.to_move
        start = time.perf_counter()
        move = bots[seat].choose(game.view(seat))
        times.append(time.perf_counter() - start)
        game.play(move)
    return bool(game.score_sheet[-1].success), times


def play_game(
    args: tuple[str, str, str, int, int, int, Models],
) -> list[tuple[int, bool, bool, list[float], list[float]]]:
    a_text, b_text, numbers_text, players, seed, min_cards, b_models = args
    a, b = parse_level(a_text), parse_level(b_text)
    game: Any = tricktable.new_game("tricks-together", players=players, seed=seed)
    choosers = team(parse_level(numbers_text), players, seed)
    rounds = []
    while game.to_move is not None:
        if game.phase == "play" and game.cards >= min_cards:
            cards = game.cards
            with_a, with_b = copy.deepcopy(game), copy.deepcopy(game)
            made_a, times_a = finish_round(with_a, a, seed)
            made_b, times_b = finish_round(with_b, b, seed, b_models)
            rounds.append((cards, made_a, made_b, times_a, times_b))
            game = with_a
            continue
        game.play(choosers[game.to_move].choose(game.view(game.to_move)))
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", default="strong", help="level A (the game goes on from its copy)")
    parser.add_argument("--b", default="strong:solver_tricks=7", help="level B")
    parser.add_argument("--numbers", default="strong", help="the level that chooses the numbers")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--min-cards", type=int, default=2, help="compare rounds of at least this many cards")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, help="a file of finished games, so that a run cut short resumes")
    add_model_options(parser)
    args = parser.parse_args()
    for text in (args.a, args.b, args.numbers):
        parse_level(text)  # refuse a bad level before any game starts
    b_models = given_models(args)
    tasks = {
        args.seed + g: (args.a, args.b, args.numbers, args.players, args.seed + g, args.min_cards, b_models)
        for g in range(args.games)
    }
    # A game is named by its seed in the log; everything else that shapes its play is the run's settings.
    settings = {
        "a": args.a, "b": args.b, "numbers": args.numbers, "players": args.players, "min_cards": args.min_cards,
        "b_models": list(b_models),
    }  # fmt: skip
    started = time.perf_counter()
    done = run_logged(play_game, tasks, settings, args.workers, args.log)
    rounds = [r for game in done.values() for r in game]
    print(f"{args.players} players, {args.games} games, {len(rounds)} rounds in {time.perf_counter() - started:.0f} s")
    print(f"  {'cards':>5} {'rounds':>7} {'A made':>17} {'B made':>17} {'A only':>7} {'B only':>7}")
    for cards in [*sorted({r[0] for r in rounds}), None]:
        rows = [r for r in rounds if cards is None or r[0] == cards]
        made_a, made_b = sum(r[1] for r in rows), sum(r[2] for r in rows)
        only_a = sum(r[1] and not r[2] for r in rows)
        only_b = sum(r[2] and not r[1] for r in rows)
        (a_low, a_high), (b_low, b_high) = wilson(made_a, len(rows)), wilson(made_b, len(rows))
        label = "all" if cards is None else str(cards)
        print(
            f"  {label:>5} {len(rows):>7} {made_a / len(rows):5.2f} [{a_low:.2f},{a_high:.2f}]"
            f" {made_b / len(rows):5.2f} [{b_low:.2f},{b_high:.2f}] {only_a:>7} {only_b:>7}"
        )
    diff = paired([float(r[2]) - float(r[1]) for r in rounds])
    print(
        f"  B - A, share of rounds made: {diff.mean:+.3f} [{diff.low:+.3f}, {diff.high:+.3f}]"
        f"  sign test on the rounds only one level made: p = {diff.sign_p:.3f}"
    )
    for name, spent in ((args.a, [t for r in rounds for t in r[3]]), (args.b, [t for r in rounds for t in r[4]])):
        times = sorted(spent)
        print(f"  {name}: seconds a card: p95 {times[int(0.95 * len(times))]:.4f}  max {times[-1]:.3f}")


if __name__ == "__main__":
    main()
