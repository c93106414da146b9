"""An interrupted playtest resumes where it stopped and ends with exactly the games of an uninterrupted run.

The interrupt is real: ``tricktable playtest`` runs as its own process and gets SIGINT (Ctrl-C) mid-run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tricktable.lab.run import run
from tricktable.lab.spec import make_spec

# Enough games that the run is still going when the test sees two chunks written, even on a busy machine.
GAMES, CHUNK = 200, 2


def command(out: Path) -> list[str]:
    # Started as a test runner's worker starts it, maybe with SIGINT ignored: the command takes Ctrl-C back itself.
    code = "from tricktable.cli import main; main()"
    return [sys.executable, "-c", code, "playtest", "tricks-together", "--players", "3", "--games", str(GAMES),
            "--chunk", str(CHUNK), "--workers", "1", "--out", str(out)]  # fmt: skip


def parts(out: Path) -> int:
    return len(list((out / "parts").glob("games-*.parquet"))) if (out / "parts").exists() else 0


def test_an_interrupted_playtest_resumes_and_matches_an_uninterrupted_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRICKTABLE_LAB", str(tmp_path / "home"))
    env = {**os.environ, "TRICKTABLE_LAB": str(tmp_path / "home")}
    out = tmp_path / "interrupted"
    process = subprocess.Popen(command(out), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 120
    while parts(out) < 2 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert process.poll() is None, "the playtest ended before it could be interrupted"
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 130, output
    assert "give the same command to resume" in output
    written = parts(out)
    assert 2 <= written < GAMES // CHUNK
    assert not (out / "report.html").exists()

    resumed = subprocess.run(command(out), env=env, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert f"resuming: {written * CHUNK} of {GAMES} games are already played" in resumed.stdout
    assert (out / "report.html").exists()

    whole = tmp_path / "whole"
    run(make_spec("tricks-together", [3], games=GAMES, chunk=25), whole, workers=2)
    interrupted = pq.read_table(out / "games.parquet").drop_columns(["seconds"])
    uninterrupted = pq.read_table(whole / "games.parquet").drop_columns(["seconds"])
    assert interrupted.num_rows == GAMES
    assert interrupted.equals(uninterrupted)
