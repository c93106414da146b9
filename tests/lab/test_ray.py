"""The Ray backend: the same playtest on a local Ray instance gives exactly the games of local processes."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

from tricktable.lab.run import run
from tricktable.lab.spec import make_spec


def test_ray_and_local_processes_play_identical_games_for_the_same_seeds(tmp_path: Path) -> None:
    spec = make_spec("tandem-trick", [3, 4], compare="misere_bonus", games=12, chunk=3, seed=40)
    here = run(spec, tmp_path / "local", workers=2)
    there = run(spec, tmp_path / "ray", workers=2, ray="local")
    assert (here.played, there.played) == (48, 48)
    for table in ("games", "rounds"):
        mine = pq.read_table(tmp_path / "local" / f"{table}.parquet")
        theirs = pq.read_table(tmp_path / "ray" / f"{table}.parquet")
        if table == "games":
            mine, theirs = mine.drop_columns(["seconds"]), theirs.drop_columns(["seconds"])
        assert mine.equals(theirs)
    assert (tmp_path / "ray" / "report.html").exists()
