"""What a playtest plays: the game, the player counts, the options, the variants compared, the bots and the seeds.

A playtest is a grid of *cells*, one per player count and variant; every cell plays the same seeds (game ``i``
of every cell is dealt from ``seed + i``), so two variants are compared game by game on the same cards: a
paired comparison.  The games of a cell are cut into chunks, the unit of work that a worker plays and that a run
writes (and, when interrupted, resumes) as a whole.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from tricktable.bots.base import bot_kinds
from tricktable.core.errors import InvalidOptions, TricktableError
from tricktable.core.registry import game_class, new_game

#: Games a chunk holds unless the caller says otherwise: small enough that an interrupted run loses little and
#: the progress bar moves, big enough that sending the work to a process or a cluster costs little beside it.
CHUNK = 25


@dataclass(frozen=True)
class Cell:
    """One player count and one variant: the options every game of the cell is played with."""

    index: int
    players: int
    variant: str  #: ``"standard"``, or ``"OPTION=VALUE"`` for a compared value
    options: dict[str, Any]


@dataclass(frozen=True)
class Skipped:
    """A cell the rules do not allow (e.g. Long climb with 5 players), with the game's reason."""

    players: int
    variant: str
    reason: str


@dataclass(frozen=True)
class Spec:
    """Everything that decides a playtest's games.  Two runs with equal specs play the same games."""

    game: str
    players: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)
    compare: str | None = None  #: the option whose values are compared
    values: tuple[Any, ...] = ()  #: the compared option's values (the first is the baseline)
    games: int = 100  #: games per cell
    bots: str = "heuristic"
    seed: int = 0
    chunk: int = CHUNK

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["players"] = list(self.players)
        data["values"] = list(self.values)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Spec:
        return cls(**{**data, "players": tuple(data["players"]), "values": tuple(data["values"])})

    def key(self) -> str:
        """The spec as canonical text: a run directory belongs to exactly one spec."""
        return json.dumps(self.to_json(), sort_keys=True)


def make_spec(
    game: str,
    players: list[int] | None = None,
    options: dict[str, Any] | None = None,
    compare: str | None = None,
    games: int = 100,
    bots: str = "heuristic",
    seed: int = 0,
    chunk: int = CHUNK,
) -> Spec:
    """A checked spec: the game's name, player counts, options and bot level are resolved or refused with the
    reason (``InvalidOptions``).  ``compare`` is an option name (a yes/no option compares off and on, an option
    with listed choices compares them all) or ``NAME=V1,V2,...``."""
    cls = game_class(game)
    counts = sorted(set(players or [cls.default_players]))
    for count in counts:
        if not cls.min_players <= count <= cls.max_players:
            raise InvalidOptions(f"{cls.name} is for {cls.min_players}-{cls.max_players} players, not {count}")
    specs = {o.name: o for o in cls.option_specs}
    given = dict(options or {})
    resolved = {name: specs[name].coerce(value) for name, value in given.items() if name in specs}
    unknown = sorted(set(given) - set(specs))
    if unknown:
        raise InvalidOptions(f"{cls.name} has no option {', '.join(unknown)} (its options: {', '.join(specs)})")
    name, values = None, ()
    if compare:
        name, values = _compared(cls.name, specs, compare)
        if name in resolved:
            raise InvalidOptions(f"option {name} is both set and compared: give it with --option or --compare")
    if bots not in bot_kinds(cls.name):
        raise InvalidOptions(f"no {bots!r} bot for {cls.name}; bots: {', '.join(bot_kinds(cls.name))}")
    if games < 1:
        raise InvalidOptions(f"a playtest plays at least 1 game per cell, not {games}")
    if chunk < 1:
        raise InvalidOptions(f"a chunk holds at least 1 game, not {chunk}")
    return Spec(cls.name, tuple(counts), resolved, name, values, games, bots, seed, chunk)


def _compared(game: str, specs: dict[str, Any], text: str) -> tuple[str, tuple[Any, ...]]:
    name, _, listed = text.partition("=")
    name = name.strip().replace("-", "_")
    option = specs.get(name)
    if option is None:
        raise InvalidOptions(f"{game} has no option {name} to compare (its options: {', '.join(specs)})")
    if listed:
        values = tuple(dict.fromkeys(option.coerce(v.strip()) for v in listed.split(",") if v.strip()))
    elif isinstance(option.default, bool):
        values = (False, True)
    elif option.choices is not None:
        values = tuple(option.choices)
    else:
        example = f"{name}={option.default},{2 * option.default}"
        raise InvalidOptions(f"say which values of {name} to compare, e.g. --compare {example}")
    if len(values) < 2:
        raise InvalidOptions(f"comparing {name} needs at least two values, not {', '.join(map(str, values))}")
    if option.default in values:  # the game's default first: it is the baseline the others are compared with
        values = (option.default, *(v for v in values if v != option.default))
    return name, values


def variant_label(name: str | None, value: Any) -> str:
    if name is None:
        return "standard"
    shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
    return f"{name}={shown}"


def cells(spec: Spec) -> tuple[list[Cell], list[Skipped]]:
    """The grid of the playtest, player count by player count; cells the rules refuse are listed apart."""
    out: list[Cell] = []
    skipped: list[Skipped] = []
    variants = [(variant_label(spec.compare, v), {spec.compare: v}) for v in spec.values] if spec.compare else [
        ("standard", {})
    ]
    for count in spec.players:
        for label, extra in variants:
            options = {**spec.options, **extra}
            try:
                new_game(spec.game, players=count, seed=spec.seed, **options)
            except TricktableError as exc:
                skipped.append(Skipped(count, label, str(exc)))
                continue
            out.append(Cell(len(out), count, label, options))
    if not out:
        raise InvalidOptions("the rules allow none of the cells asked for: " + "; ".join(s.reason for s in skipped))
    return out, skipped


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of one cell."""

    cell: Cell
    start: int
    stop: int

    @property
    def name(self) -> str:
        return f"c{self.cell.index:02d}-{self.start:07d}"


def chunks(spec: Spec, grid: list[Cell]) -> list[Chunk]:
    """Every chunk of the playtest, interleaving the cells so that a partial run covers all of them evenly."""
    starts = range(0, spec.games, spec.chunk)
    return [Chunk(cell, s, min(spec.games, s + spec.chunk)) for s in starts for cell in grid]
