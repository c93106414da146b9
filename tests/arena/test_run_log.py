"""A logged run does each piece of work once, over as many starts as it takes, and never mixes settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tricktable.arena.run_log import read_log, run_logged

SETTINGS = {"what": "squares", "of": 1}


def square_pair(n: int) -> tuple[int, int]:
    return n, n * n


def test_a_run_started_again_does_only_the_work_not_yet_logged(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    first = run_logged(square_pair, {(0, n): n for n in (2, 3)}, SETTINGS, 1, log)
    assert first == {(0, 2): [2, 4], (0, 3): [3, 9]}  # as JSON gives it back, like a result read from the log
    # A piece already logged is read, not done again: its line is changed, and the changed result comes back.
    lines = log.read_text().splitlines()
    entry = json.loads(lines[0])
    entry["result"] = [entry["key"][1], -1]
    log.write_text("\n".join([json.dumps(entry), *lines[1:]]) + "\n")
    again = run_logged(square_pair, {(0, n): n for n in (2, 3, 4)}, SETTINGS, 1, log)
    assert len(log.read_text().splitlines()) == 3
    assert again[(0, entry["key"][1])][1] == -1 and again[(0, 4)] == [4, 16]
    assert list(again) == [(0, 2), (0, 3), (0, 4)]  # in the order asked for, not the order done
    assert run_logged(square_pair, {5: 5}, SETTINGS, 1, None) == {5: [5, 25]}  # no log: nothing read or written


def test_a_log_of_other_settings_or_another_shape_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    run_logged(square_pair, {1: 1}, SETTINGS, 1, log)
    with pytest.raises(SystemExit, match="line 1 was played with"):
        run_logged(square_pair, {1: 1, 2: 2}, {**SETTINGS, "of": 2}, 1, log)
    assert len(log.read_text().splitlines()) == 1  # refused before anything was done
    log.write_text('{"seed": 1, "settings": {}}\n')
    with pytest.raises(SystemExit, match="not a line"):
        read_log(log, SETTINGS)
