"""Game records: a JSON document that reproduces a game exactly (see docs/records.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tricktable.core.errors import RecordError, TricktableError
from tricktable.core.game import Game
from tricktable.core.registry import new_game

FORMAT = "tricktable-record"
#: Version 2 writes every deal the game made (hands, turned cards, leftovers), so a record replays the same
#: cards whatever shuffle a later version uses.  Version 1 named only the seed and the deals given up front.
VERSION = 2
READS = (1, 2)


def to_record(game: Game, seats: list[str] | None = None) -> dict[str, Any]:
    """The record of ``game`` so far: enough to replay it move by move, every deal written out."""
    game._catch_up()  # a deal owed is part of what the players see next: write it down too
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "players": game.players,
        "options": dict(game.options),
        "seed": game.seed,
        "deals": game.deals_made() or [dict(d) for d in game.deals],
        "seats": list(seats) if seats else [f"Seat {i + 1}" for i in range(game.players)],
        "moves": [str(m) for m in game.history],
        "result": game.result(),
    }
    return record


def from_record(record: Any) -> Game:
    """Replay a record; a bad one raises ``RecordError`` naming the move that fails and why."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f'not a tricktable record (its "format" must be "{FORMAT}")')
    if record.get("version") not in READS:
        readable = " and ".join(str(v) for v in READS)
        raise RecordError(f"record version {record.get('version')!r} is not supported (this reads {readable})")
    for key in ("game", "players", "moves"):
        if key not in record:
            raise RecordError(f'the record has no "{key}"')
    moves = record["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError('"moves" must be a list of move texts')
    options = record.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError('"options" must be an object')
    try:
        game = new_game(
            record["game"],
            players=record["players"],
            seed=record.get("seed"),
            deals=record.get("deals"),
            deal_version=1 if record["version"] == 1 else 2,
            **options,
        )
    except TricktableError as exc:
        raise RecordError(f"cannot set the game up: {exc}") from exc
    for index, text in enumerate(moves, start=1):
        try:
            game.play(text)
        except TricktableError as exc:
            raise RecordError(f"move {index} ({text!r}) fails: {exc}") from exc
    return game


def save_record(game: Game, path: str | Path, seats: list[str] | None = None) -> None:
    Path(path).write_text(json.dumps(to_record(game, seats), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def load_record(path: str | Path) -> Game:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not valid JSON: {exc}") from exc
    return from_record(data)
