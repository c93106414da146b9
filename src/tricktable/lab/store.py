"""A playtest's directory: its spec, the Parquet parts written as chunks finish, and the tables they make.

```
DIR/playtest.json        the spec, the cells, and each run's throughput
DIR/parts/               games-<chunk>.parquet and rounds-<chunk>.parquet, one pair per finished chunk
DIR/games.parquet        every game, one row each (and rounds.parquet: every round), once all chunks are in
DIR/records/             the records of the notable games      DIR/report.html, report.md, plots/
```

A chunk's rounds are written before its games, each file under a temporary name renamed into place, so a chunk
counts as done exactly when its games file exists: an interrupted run loses at most the chunks in flight, and
the next run with the same spec plays only the rest.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from tricktable.core.errors import InvalidOptions
from tricktable.lab.play import ChunkResult
from tricktable.lab.spec import Spec

SPEC_FILE = "playtest.json"


class Store:
    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.parts = self.directory / "parts"

    # ----- the spec ------------------------------------------------------------------------------

    def open(self, spec: Spec) -> None:
        """Make the directory for ``spec``, or check that it already belongs to it (a resumed run)."""
        found = self.spec()
        if found is not None and found.key() != spec.key():
            raise InvalidOptions(
                f"{self.directory} holds another playtest ({found.game}, players {list(found.players)}, "
                f"{found.games} games, bots {found.bots}, seed {found.seed}"
                + (f", comparing {found.compare}" if found.compare else "")
                + "): give a new --out, or repeat that playtest's own command to resume it"
            )
        self.parts.mkdir(parents=True, exist_ok=True)
        if found is None:
            self._write_meta({"spec": spec.to_json(), "runs": []})

    def spec(self) -> Spec | None:
        meta = self.meta()
        return None if meta is None else Spec.from_json(meta["spec"])

    def meta(self) -> dict[str, Any] | None:
        path = self.directory / SPEC_FILE
        if not path.exists():
            return None
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return data

    def add_run(self, run: dict[str, Any]) -> None:
        meta = self.meta() or {}
        meta.setdefault("runs", []).append(run)
        self._write_meta(meta)

    def _write_meta(self, meta: dict[str, Any]) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        _atomic_write(self.directory / SPEC_FILE, (json.dumps(meta, indent=1) + "\n").encode("utf-8"))

    # ----- chunks --------------------------------------------------------------------------------

    def done(self) -> set[str]:
        """The chunks already written."""
        if not self.parts.exists():
            return set()
        return {p.name[len("games-") : -len(".parquet")] for p in self.parts.glob("games-*.parquet")}

    def write_chunk(self, result: ChunkResult) -> None:
        _write_table(self.parts / f"rounds-{result.chunk}.parquet", result.rounds)
        _write_table(self.parts / f"games-{result.chunk}.parquet", result.games)

    def consolidate(self) -> tuple[pa.Table, pa.Table]:
        """Every part into ``games.parquet`` and ``rounds.parquet`` (in chunk order); returns both tables."""
        tables = []
        for kind in ("games", "rounds"):
            names = sorted(self.done())
            parts = [pq.read_table(self.parts / f"{kind}-{name}.parquet") for name in names]
            parts = [t for t in parts if t.num_rows]
            table = pa.concat_tables(parts, promote_options="permissive") if parts else pa.table({})
            sort = [("cell", "ascending"), ("game_index", "ascending")]
            if kind == "rounds" and table.num_rows:
                sort.append(("round", "ascending"))
            if table.num_rows:
                table = table.sort_by(sort)
            _atomic_write_table(self.directory / f"{kind}.parquet", table)
            tables.append(table)
        return tables[0], tables[1]

    def tables(self) -> tuple[pa.Table, pa.Table]:
        """The consolidated tables (``consolidate`` first)."""
        return pq.read_table(self.directory / "games.parquet"), pq.read_table(self.directory / "rounds.parquet")


def _write_table(path: Path, rows: list[dict[str, Any]]) -> None:
    _atomic_write_table(path, pa.Table.from_pylist(rows))


def _atomic_write_table(path: Path, table: pa.Table) -> None:
    temporary = path.with_name(path.name + ".tmp")
    pq.write_table(table, temporary)
    os.replace(temporary, path)


def _atomic_write(path: Path, data: bytes) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)
