"""Records saved by earlier versions replay to the same end: the games' dealing and rules stay compatible."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tricktable import from_record

DATA = Path(__file__).parents[1] / "data"
RECORDS = sorted(DATA.glob("*/*.json"))


def test_there_are_saved_records_for_every_game() -> None:
    assert {p.parent.name for p in RECORDS} >= {"tricks_together", "tandem_trick", "secret_trumps", "trumps"}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_saved_record_replays_to_its_saved_result(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    game = from_record(record)
    assert game.is_over
    assert game.result() == record["result"]
    assert [str(m) for m in game.history] == record["moves"]
