"""The designer's report of a playtest directory: its tables read back, the sections assembled, the notable
games written out as records, and ``report.html`` and ``report.md`` written."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tricktable.core.registry import game_class
from tricktable.lab.games import metrics_for
from tricktable.lab.play import record_of
from tricktable.lab.report import generic
from tricktable.lab.report.data import LabData, Row
from tricktable.lab.report.model import Report, Section, Table, Text
from tricktable.lab.report.render import write
from tricktable.lab.spec import cells, variant_label
from tricktable.lab.store import Store


def load(store: Store) -> LabData:
    spec = store.spec()
    if spec is None:
        raise FileNotFoundError(f"{store.directory} holds no playtest")
    grid, skipped = cells(spec)
    games, rounds = store.tables()
    return LabData(spec, grid, skipped, games.to_pylist(), rounds.to_pylist())


def build(store: Store) -> tuple[Path, Path]:
    """Write the report of the playtest in ``store`` (its tables consolidated); returns the two files."""
    data = load(store)
    spec = data.spec
    cls = game_class(spec.game)
    metrics = metrics_for(spec.game)
    meta = store.meta() or {}
    facts = [
        f"{cls.title}, {', '.join(str(c) for c in spec.players)} players; options "
        f"{json.dumps(spec.options, sort_keys=True) if spec.options else 'as the rules set them'}"
        + (f"; comparing {', '.join(variant_label(spec.compare, v) for v in spec.values)}" if spec.compare else ""),
        f"{len(data.games)} games ({spec.games} per cell, seeds {spec.seed} to {spec.seed + spec.games - 1} in every"
        f" cell), every seat played by the {spec.bots!r} bot"
        + ("" if len(data.games) == spec.games * len(data.cells) else
           f"; a partial report: {len(data.games)} of the {spec.games * len(data.cells)} games are played"),
        *[f"Runs: {run['games']} games in {run['seconds']:.0f} s = {run['games'] / max(1e-9, run['seconds']):.1f}"
          f" games/s on {run['backend']}" for run in meta.get("runs", []) if run.get("games")],
        *[f"Not played: {s.players} players, {s.variant}: {s.reason}" for s in data.skipped],
    ]  # fmt: skip
    report = Report(f"Playtest: {cls.title}", facts)
    report.sections.append(generic.overview(data, cls.cooperative))
    if not cls.cooperative:
        report.sections.append(generic.seats(data))
    report.sections.extend(metrics.sections(data))
    if spec.compare:
        measures = [*metrics.measures(), *generic.GENERIC_MEASURES]
        if not cls.cooperative:
            measures += generic.COMPETITIVE_MEASURES
        report.sections.append(generic.comparison(data, measures))
    report.sections.append(notable(store, data, cls.cooperative))
    return write(report, store.directory)


def notable(store: Store, data: LabData, cooperative: bool) -> Section:
    """The longest, closest and most lopsided game of each cell, written as records to replay."""
    section = Section("Notable games")
    folder = store.directory / "records"
    folder.mkdir(exist_ok=True)
    picks: list[tuple[str, Callable[[Row], Any], str]]
    if cooperative:
        # Closest: a lost game that climbed furthest (or a won game with the fewest lives left); most lopsided:
        # the earliest fall.  ``scores[0]`` is the team's score in either case.
        picks = [("longest", lambda r: r["moves"], "most moves"),
                 ("closest", lambda r: (not r["winners"], r["scores"][0] if not r["winners"] else -r["scores"][0]),
                  "nearest to the other outcome"),
                 ("lopsided", lambda r: (not r["winners"], -r["scores"][0]), "the team's worst game")]  # fmt: skip
    else:
        picks = [("longest", lambda r: r["moves"], "most moves"),
                 ("closest", lambda r: -r["margin"], "smallest winning margin"),
                 ("lopsided", lambda r: r["margin"], "largest winning margin")]  # fmt: skip
    rows = []
    for cell in data.played:
        games = data.games_of(cell)
        for name, key, why in picks:
            row = max(games, key=key)
            path = folder / f"{name}-cell{cell.index}-seed{row['seed']}.json"
            path.write_text(json.dumps(record_of(row, data.spec.game), indent=1, ensure_ascii=False) + "\n",
                            encoding="utf-8")  # fmt: skip
            rows.append([data.label(cell), name, why, str(row["seed"]), str(row["moves"]),
                         " ".join(f"{s:g}" for s in row["scores"]), f"records/{path.name}"])  # fmt: skip
    section.blocks.append(Text("Replay one with `tricktable replay DIR/records/FILE`; any other game of the "
                               "playtest with `tricktable playtest-game DIR SEED`."))  # fmt: skip
    section.blocks.append(Table("Notable games", ["cell", "which", "why", "seed", "moves", "scores", "record"], rows))
    return section
