"""The benchmarks folder keeps its own rules: every script listed in its README, named with the game last, and
imported as a package (no edits of ``sys.path``)."""

from __future__ import annotations

import re
from pathlib import Path

from tricktable.core.registry import games

from benchmarks import engine

FOLDER = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPTS = sorted(p for p in FOLDER.glob("*.py") if p.name != "__init__.py")
GAME_PACKAGES = [g["name"].replace("-", "_") for g in games()]


def test_every_script_is_in_the_readme_table_and_every_row_is_a_script() -> None:
    rows = re.findall(r"^\| `(\w+\.py)", (FOLDER / "README.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert sorted(rows) == [p.name for p in SCRIPTS]


def test_scripts_name_their_game_last() -> None:
    for script in SCRIPTS:
        subject = script.stem
        assert not any(subject.startswith(f"{game}_") for game in GAME_PACKAGES), script.name
        assert not subject.startswith(("bench_", "tt_")), script.name


def test_no_script_edits_the_import_path() -> None:
    for script in SCRIPTS:
        assert "sys.path" not in script.read_text(encoding="utf-8"), script.name


def test_the_engine_benchmark_finds_each_other_games_script() -> None:
    others = ["tandem-trick", "secret-trumps", "trumps"]
    assert sorted(engine.other_games(others, 0.01)) == sorted(others)
