"""``tricktable playtest`` end to end: a small playtest writes its Parquet tables, both reports and the records of
its notable games, which replay; a directory of another playtest is refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from tricktable.cli import app
from tricktable.core.records import load_record
from tricktable.lab.catalog import playtests

runner = CliRunner()


@pytest.fixture(autouse=True)
def lab_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "lab-home"
    monkeypatch.setenv("TRICKTABLE_LAB", str(home))
    return home


def playtest(*args: str) -> str:
    result = runner.invoke(app, ["playtest", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_small_playtest_writes_parquet_both_reports_and_replayable_notable_games(tmp_path: Path) -> None:
    out = tmp_path / "tandem"
    output = playtest("tandem-trick", "--players", "3,4", "--compare", "misere_bonus", "--games", "6",
                      "--workers", "1", "--chunk", "4", "--out", str(out))  # fmt: skip
    assert "24 games played" in output
    games = pq.read_table(out / "games.parquet").to_pylist()
    rounds = pq.read_table(out / "rounds.parquet").to_pylist()
    assert len(games) == 24
    assert {(g["players"], g["variant"]) for g in games} == {
        (p, v) for p in (3, 4) for v in ("misere_bonus=on", "misere_bonus=off")
    }
    # Paired: every cell plays the same seeds.
    assert {tuple(sorted(g["seed"] for g in games if g["cell"] == c)) for c in range(4)} == {tuple(range(6))}
    assert sum(g["rounds"] for g in games) == len(rounds)
    assert all(g["bots"] == "heuristic" and json.loads(g["options"]) for g in games)

    page = (out / "report.html").read_text(encoding="utf-8")
    text = (out / "report.md").read_text(encoding="utf-8")
    for heading in ("Findings", "Seats: who wins", "Tandem Trick: bids hit, by bid value",
                    "Tandem Trick: the 1,000,000-point misère", "Variants compared: misere_bonus", "Notable games"):
        assert heading in page and f"## {heading}" in text  # fmt: skip
    assert "data:image/png;base64," in page
    assert not re.search(r'src="(?!data:)', page), "the HTML report must be self-contained"
    for image in re.findall(r"\]\((plots/[^)]+)\)", text):
        assert (out / image).stat().st_size > 1000
    assert "'heuristic' bot" in text

    records = sorted((out / "records").glob("*.json"))
    assert len(records) == 3 * 4
    for path in records[:3]:
        game = load_record(path)
        assert game.result() is not None
    one = runner.invoke(app, ["playtest-game", str(out), "5", "--cell", "3"])
    assert one.exit_code == 0, one.output
    assert load_record_text(one.output)["seed"] == 5


def load_record_text(text: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(text)
    return data


def test_a_finished_playtest_is_listed_for_the_lab_page(tmp_path: Path) -> None:
    out = tmp_path / "tt"
    playtest("tricks-together", "--players", "3", "--games", "4", "--workers", "1", "--out", str(out))
    [entry] = playtests()
    assert (entry.game, entry.players, entry.played, entry.finished) == ("tricks-together", [3], 4, True)


def test_a_directory_of_another_playtest_is_refused_and_left_alone(tmp_path: Path) -> None:
    out = tmp_path / "tt"
    playtest("tricks-together", "--players", "3", "--games", "2", "--workers", "1", "--out", str(out))
    before = (out / "playtest.json").read_text(encoding="utf-8")
    result = runner.invoke(app, ["playtest", "tricks-together", "--players", "4", "--games", "2", "--out", str(out)])
    assert result.exit_code == 2
    assert "holds another playtest" in result.output
    assert (out / "playtest.json").read_text(encoding="utf-8") == before


def test_bad_options_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    out = tmp_path / "never"
    result = runner.invoke(app, ["playtest", "trumps", "--compare", "target", "--out", str(out)])
    assert result.exit_code == 2
    assert "say which values of target" in result.output
    assert not out.exists()
