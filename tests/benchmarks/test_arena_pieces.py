"""A match played in pieces adds up to the arena's match on the same deals, and never mixes versions of the code."""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

import pytest

from tricktable.arena import play, summarise, tasks

from .loader import load_benchmark

PIECES = load_benchmark("arena_pieces")


def match(deals: int, minutes: float = 5.0) -> argparse.Namespace:
    return argparse.Namespace(
        game="trumps", bots="random,heuristic", players=3, deals=deals, seed=40, minutes=minutes, workers=1
    )


@pytest.fixture
def pieces_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(PIECES, "PIECES", tmp_path)
    monkeypatch.setattr(PIECES, "source_version", lambda: "tree-a")
    return tmp_path


def test_two_pieces_make_the_arena_match_of_their_deals(pieces_dir: Path) -> None:
    options = {"target": "1"}
    PIECES.run(match(2), options)
    PIECES.run(match(3), options)  # the second piece plays only the third deal
    rows = PIECES.load(PIECES.match_path(match(3), options))
    assert sorted((r["deal"], r["rotation"]) for r in rows) == [(d, r) for d in range(3) for r in range(3)]
    joined = PIECES.summary(match(3), options)
    direct = summarise(
        [play(t) for t in tasks("trumps", "random", "heuristic", 3, 3, options, 40)], "random", "heuristic"
    )
    assert joined is not None
    assert (joined.deals, joined.games) == (3, 9)
    assert joined.rates == direct.rates
    assert joined.comparison == direct.comparison


def test_a_piece_out_of_time_plays_nothing_and_a_report_counts_whole_deals_only(pieces_dir: Path) -> None:
    options = {"target": "1"}
    PIECES.run(match(2, minutes=-1.0), options)
    assert PIECES.summary(match(2), options) is None
    PIECES.run(match(1), options)
    path = PIECES.match_path(match(1), options)
    rows = PIECES.load(path)
    with gzip.open(path, "at", encoding="utf-8") as out:  # a deal cut short: one rotation of three
        out.write(json.dumps({**rows[0], "deal": 1}) + "\n")
    summary = PIECES.summary(match(2), options)
    assert summary is not None and summary.deals == 1


def test_games_of_another_version_are_refused(pieces_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    options = {"target": "1"}
    PIECES.run(match(1), options)
    monkeypatch.setattr(PIECES, "source_version", lambda: "tree-b")
    with pytest.raises(SystemExit, match="another version"):
        PIECES.run(match(2), options)
    path = PIECES.match_path(match(1), options)
    row = PIECES.load(path)[0]
    with gzip.open(path, "at", encoding="utf-8") as out:
        out.write(json.dumps({**row, "source": "tree-b"}) + "\n")
    with pytest.raises(SystemExit, match="mixed"):
        PIECES.summary(match(1), options)
