"""Playing a playtest's games: one game to a row of facts, one chunk to a batch of rows.

Everything here speaks the protocol: the bots get views, the game's own facts come from its finished state
through the game's metrics module (``lab.games``), and the generic facts — length, real choices, the seat that
moved first, winners, margins, lead changes — from the protocol alone.  A row keeps the game's moves, so a
game is rebuilt exactly from its row (``record_of``) even when a bot's choices depend on its time budget.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from tricktable.bots.base import make_bot
from tricktable.core.game import Game
from tricktable.core.records import FORMAT, VERSION, from_record, to_record
from tricktable.core.registry import new_game
from tricktable.lab.games import metrics_for
from tricktable.lab.spec import Cell, Chunk, Spec

#: A game that has not ended after this many moves is a bug in a game or a bot, not a long game.
MAX_MOVES = 200_000


@dataclass
class ChunkResult:
    """The rows of one chunk: one per game and one per round."""

    chunk: str
    games: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    seconds: float


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game dealt from ``seed`` (as the arena seeds them)."""
    return seed * 16 + seat


def play_game(spec: Spec, cell: Cell, index: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play game ``index`` of ``cell`` to the end: its row and its rounds' rows."""
    seed = spec.seed + index
    game = new_game(spec.game, players=cell.players, seed=seed, **cell.options)
    bots = {s: make_bot(spec.game, spec.bots, seed=bot_seed(seed, s)) for s in range(cell.players)}
    first = game.to_move
    assert first is not None, "a new game has a seat to move"
    choices = 0
    started = time.perf_counter()
    while True:
        seat = game.to_move
        if seat is None:
            break
        view = game.view(seat)
        if len(view["legal_moves"]) > 1:
            choices += 1
        game.play(bots[seat].choose(view))
        if len(game.history) > MAX_MOVES:
            raise RuntimeError(f"{spec.game} seed {seed} did not end within {MAX_MOVES} moves")
    seconds = time.perf_counter() - started
    return game_row(spec, cell, index, game, first, choices, seconds)


def game_row(
    spec: Spec, cell: Cell, index: int, game: Game, first: int, choices: int, seconds: float
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The facts of a finished game (see ``docs/lab.md`` for every column)."""
    result = game.result()
    assert result is not None, "only a finished game has a row"
    metrics = metrics_for(spec.game)
    base = {"cell": cell.index, "players": cell.players, "variant": cell.variant, "game_index": index,
            "seed": game.seed}  # fmt: skip
    rounds = [{**base, "round": r + 1, **row} for r, row in enumerate(metrics.round_rows(game))]
    n = game.players
    winners = [int(w) for w in result["winners"]]
    sides = game.partnerships()
    side_of = {seat: k for k, side in enumerate(sides) for seat in side}
    scores = [float(s) for s in result["scores"]]
    side_scores = sorted((scores[side[0]] for side in sides), reverse=True)
    row: dict[str, Any] = {
        **base,
        "options": json.dumps(cell.options, sort_keys=True),
        "bots": spec.bots,
        "first_seat": first,
        "winners": winners,
        "winner_positions": sorted((w - first) % n for w in winners),
        "scores": scores,
        "margin": None if game.cooperative or len(side_scores) < 2 else side_scores[0] - side_scores[1],
        "moves": len(game.history),
        "choices": choices,
        "rounds": len(rounds),
        "lead_changes": None if game.cooperative else lead_changes([r["totals"] for r in rounds], side_of),
        "seconds": seconds,
        **metrics.game_columns(game),
        "move_list": [str(m) for m in game.history],
    }
    return row, rounds


def lead_changes(totals: list[list[float]], side_of: dict[int, int]) -> int:
    """How often the side alone in the lead after a round differs from the last side alone in the lead (a tie
    for the lead leaves the last leader standing)."""
    changes = 0
    leader: int | None = None
    for row in totals:
        best = max(row)
        top = {side_of[s] for s, total in enumerate(row) if total == best}
        if len(top) != 1:
            continue
        (side,) = top
        if leader is not None and side != leader:
            changes += 1
        leader = side
    return changes


def play_chunk(spec_json: dict[str, Any], chunk: Chunk) -> ChunkResult:
    """Play every game of ``chunk`` (the unit a worker process or a cluster task runs)."""
    spec = Spec.from_json(spec_json)
    started = time.perf_counter()
    games: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    for index in range(chunk.start, chunk.stop):
        row, round_rows = play_game(spec, chunk.cell, index)
        games.append(row)
        rounds.extend(round_rows)
    return ChunkResult(chunk.name, games, rounds, time.perf_counter() - started)


def record_of(row: dict[str, Any], game: str) -> dict[str, Any]:
    """The game record (``docs/records.md``) of a playtest row, replayed from its seed and moves."""
    options = json.loads(row["options"])
    skeleton = {"format": FORMAT, "version": VERSION, "game": game, "players": row["players"], "options": options,
                "seed": row["seed"], "moves": list(row["move_list"])}  # fmt: skip
    replayed = from_record(skeleton)
    seats = [f"Seat {s + 1} ({row['bots']})" for s in range(replayed.players)]
    return to_record(replayed, seats)
