"""Matches between two bots on the same deals, so that luck of the cards cancels out.

* **Competitive games** (duplicate): every deal is played once for each side of the table, with the first bot
  on that side and the second bot everywhere else.  Each game gives one unit of win, split among the winners;
  a bot's *win share* is its units per seat.  Per deal, the difference between the first bot's share and the
  second's (averaged over the rotations) is one paired observation.
* **Cooperative games** (Tricks Together): every deal (a game seed) is played by a team of the first bot and
  by a team of the second; per deal the difference in games won is the paired observation, and every round's
  size and outcome is kept.

Games are independent, so ``run_match`` spreads them over worker processes; every game's seed is fixed by
the deal, so the result is the same with one worker or many.  Each game records how long every move took.

Every bot gets its seat's view and nothing else, with two players from outside that rule's usual shape:
``open-hands``, the ceiling, is handed the game itself (seeing every hand is what it measures, and it is the
only player allowed to), and ``openspiel-ismcts``, OpenSpiel's information-set search, which needs a state, is
handed a world drawn afresh from its seat's view, never the real one (``interop.seating`` referees its games).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tricktable.arena.stats import Paired, paired, wilson
from tricktable.bots.base import OPEN_HANDS, OpenHandsBot, make_bot, make_open_hands_bot
from tricktable.core.game import Game
from tricktable.core.players import Bot
from tricktable.core.records import to_record
from tricktable.core.registry import game_class, load, new_game


@dataclass(frozen=True)
class Task:
    """One game to play: which deal, which rotation, and the bot at every seat."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    deal: int
    seed: int
    rotation: int
    seats: tuple[str, ...]


@dataclass
class GameResult:
    """What one game of a match produced."""

    task: Task
    winners: list[int]
    scores: list[int]
    moves: int
    seconds: dict[str, list[float]]  #: bot level -> the time of each of its moves
    rounds: list[tuple[int, bool]] = field(default_factory=list)  #: (cards, success) per round (cooperative)
    won: bool = False  #: the team won (cooperative)
    score: int = 0  #: the team's score (cooperative)
    record: dict[str, Any] | None = None

    def units(self, seat: int) -> float:
        """The share of this game's win that ``seat`` takes (winners split one unit)."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def tasks(
    game: str, first: str, second: str, players: int, deals: int, options: dict[str, Any], seed: int = 0
) -> list[Task]:
    """Every game of a match, in a fixed order."""
    cls = game_class(game)
    sample = new_game(game, players=players, seed=seed, **options)
    frozen = tuple(sorted(options.items()))
    out = []
    for deal in range(deals):
        deal_seed = seed + deal
        if cls.cooperative:
            for rotation, level in enumerate((first, second)):
                out.append(Task(game, players, frozen, deal, deal_seed, rotation, (level,) * players))
            continue
        for rotation, side in enumerate(sample.partnerships()):
            seats = tuple(first if s in side else second for s in range(players))
            out.append(Task(game, players, frozen, deal, deal_seed, rotation, seats))
    return out


#: Players from outside tricktable (``openspiel-ismcts[:settings]``): the research adapters seat them, a layer
#: above the arena, so the arena names the function that plays their games and imports it only when asked.
OUTSIDE_PLAYERS = {"openspiel-ismcts": "tricktable.interop.seating:play_refereed"}


def outside_kind(level: str) -> str | None:
    """The outside player ``level`` names (``openspiel-ismcts:simulations=50`` -> ``openspiel-ismcts``), if any."""
    kind = level.partition(":")[0]
    return kind if kind in OUTSIDE_PLAYERS else None


def make_player(game: str, level: str, seed: int | None) -> Bot | OpenHandsBot:
    """The bot of ``level`` for the arena: one of the game's bots, or the open-hands ceiling."""
    if level == OPEN_HANDS:
        return make_open_hands_bot(game, seed)
    return make_bot(game, level, seed)


def play(task: Task, keep_record: bool = False) -> GameResult:
    """Play one game of a match to the end.

    Every bot gets only its seat's view, with one exception made on purpose: the open-hands ceiling
    (``open-hands``) is handed the game itself, every hand included, because seeing them is what it measures."""
    outside = sorted({kind for kind in map(outside_kind, task.seats) if kind is not None})
    if outside:
        (kind,) = outside
        refereed: Callable[[Task, bool], GameResult] = load(OUTSIDE_PLAYERS[kind])
        return refereed(task, keep_record)
    game = new_game(task.game, players=task.players, seed=task.seed, **dict(task.options))
    bots = {s: make_player(task.game, level, task.seed * 16 + s) for s, level in enumerate(task.seats)}
    seconds: dict[str, list[float]] = {level: [] for level in set(task.seats)}
    moves = 0
    while game.to_move is not None:
        seat = game.to_move
        start = time.perf_counter()
        move = choose(bots[seat], game, seat)
        seconds[task.seats[seat]].append(time.perf_counter() - start)
        game.play(move)
        moves += 1
        if moves > 100_000:
            raise RuntimeError(f"{task.game} deal {task.deal} did not end")
    return finish(task, game, moves, seconds, keep_record)


def choose(bot: Bot | OpenHandsBot, game: Game, seat: int) -> str:
    """``bot``'s move at ``seat``: from the seat's view, or, for the open-hands ceiling only, from a copy of the
    whole game."""
    if isinstance(bot, OpenHandsBot):
        return bot.choose_open(game.clone(), seat)
    return bot.choose(game.view(seat))


def finish(task: Task, game: Game, moves: int, seconds: dict[str, list[float]], keep_record: bool) -> GameResult:
    """The result of ``task``'s game, played to its end."""
    result = game.result()
    assert result is not None
    out = GameResult(task, list(result["winners"]), list(result["scores"]), moves, seconds)
    if game.cooperative:
        out.won = bool(result.get("won"))
        out.score = int(result.get("score", 0))
        out.rounds = [(int(row["cards"]), bool(row["success"])) for row in game.view(None)["score_sheet"]]
    if keep_record:
        out.record = to_record(game)
    return out


def run(
    all_tasks: list[Task],
    workers: int | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    keep_records: bool = False,
) -> list[GameResult]:
    """Play every task (``workers`` processes; default one per core) and return the results in task order."""
    workers = workers or os.cpu_count() or 1
    results: list[GameResult] = []
    for result in _results(all_tasks, workers, keep_records):
        results.append(result)
        if on_result is not None:
            on_result(result)
    order = {(t.deal, t.rotation): i for i, t in enumerate(all_tasks)}
    results.sort(key=lambda r: order[(r.task.deal, r.task.rotation)])
    return results


def _results(all_tasks: list[Task], workers: int, keep_records: bool) -> Iterator[GameResult]:
    if workers <= 1 or len(all_tasks) <= 1:
        for task in all_tasks:
            yield play(task, keep_records)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play, all_tasks, [keep_records] * len(all_tasks), chunksize=1)


# ----- summaries -------------------------------------------------------------------------------------


@dataclass
class Summary:
    """A match in numbers (see ``summarise``)."""

    game: str
    first: str
    second: str
    deals: int
    games: int
    cooperative: bool
    rates: dict[str, tuple[float, float, float]]  #: name -> (rate, low, high)
    comparison: Paired
    rounds: dict[str, dict[int, tuple[int, int]]]  #: bot -> cards -> (rounds made, rounds played)
    move_times: dict[str, tuple[float, float, float]]  #: bot -> (mean, p95, max) seconds


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarise(results: list[GameResult], first: str, second: str) -> Summary:
    """Rates with 95% intervals and the paired comparison of the ``first`` bot against the ``second``."""
    task = results[0].task
    deals = sorted({r.task.deal for r in results})
    times: dict[str, list[float]] = {}
    for r in results:
        for level, spent in r.seconds.items():
            times.setdefault(level, []).extend(spent)
    move_times = {
        level: (sum(v) / len(v) if v else 0.0, _percentile(v, 0.95), max(v, default=0.0)) for level, v in times.items()
    }
    rounds: dict[str, dict[int, tuple[int, int]]] = {}
    rates: dict[str, tuple[float, float, float]] = {}
    if game_class(task.game).cooperative:
        by_deal: dict[int, dict[str, GameResult]] = {}
        for r in results:
            by_deal.setdefault(r.task.deal, {})[r.task.seats[0]] = r
            table = rounds.setdefault(r.task.seats[0], {})
            for cards, success in r.rounds:
                made, played = table.get(cards, (0, 0))
                table[cards] = (made + success, played + 1)
        for level in (first, second):
            wins = sum(by_deal[d][level].won for d in deals)
            made = sum(m for m, _ in rounds.get(level, {}).values())
            played = sum(p for _, p in rounds.get(level, {}).values())
            rates[f"{level}: games won"] = (wins / len(deals), *wilson(wins, len(deals)))
            rates[f"{level}: rounds made"] = (made / max(1, played), *wilson(made, played))
        differences = [float(by_deal[d][first].won) - float(by_deal[d][second].won) for d in deals]
        comparison = paired(differences)
        return Summary(task.game, first, second, len(deals), len(results), True, rates, comparison, rounds, move_times)
    per_deal: dict[int, list[float]] = {}
    units = {first: 0.0, second: 0.0}
    seats_played = {first: 0, second: 0}
    for r in results:
        mine = [s for s, lv in enumerate(r.task.seats) if lv == first]
        theirs = [s for s, lv in enumerate(r.task.seats) if lv != first]
        a = sum(r.units(s) for s in mine)
        b = sum(r.units(s) for s in theirs)
        units[first] += a
        units[second] += b
        seats_played[first] += len(mine)
        seats_played[second] += len(theirs)
        per_deal.setdefault(r.task.deal, []).append(a / len(mine) - b / max(1, len(theirs)))
    for level in (first, second):
        share = units[level] / max(1, seats_played[level])
        # Each seat-game is one unit of exposure; the interval treats seat-games as independent trials.
        rates[f"{level}: win share per seat"] = (share, *wilson(units[level], seats_played[level]))
    differences = [sum(v) / len(v) for v in per_deal.values()]
    comparison = paired(differences)
    return Summary(task.game, first, second, len(deals), len(results), False, rates, comparison, rounds, move_times)
