"""The open-hands analysis of Trumps records: a section a hand, every card judged against the solver, the turning
points exactly the plays that cost their side, plays too early to search said to be unjudged; also from the
command line."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tricktable
from tricktable.analysis import analyse
from tricktable.analysis import trumps as trumps_analysis
from tricktable.analysis.trumps import position_of
from tricktable.bots import make_bot
from tricktable.cli import app
from tricktable.core.records import from_record, to_record
from tricktable.rules.trumps import Trumps, after_move, solve


def played_record(players: int, target: int, seed: int, random_share: float = 0.3) -> dict[str, Any]:
    """The record of a game played by the heuristic bot with some random moves (which make mistakes)."""
    rng = random.Random(seed)
    game = tricktable.new_game("trumps", players=players, seed=seed, target=target)
    bot = make_bot("trumps", "heuristic", seed)
    while game.to_move is not None:
        game.play(
            rng.choice(game.legal_moves()) if rng.random() < random_share else bot.choose(game.view(game.to_move))
        )
    return to_record(game)


def test_every_hand_and_every_card_is_in_the_report() -> None:
    record = played_record(8, 3, 1)
    report = analyse(record)
    game = from_record(record)
    assert isinstance(game, Trumps)
    assert report.game == "trumps" and report.unit == "tricks"
    assert [s.title for s in report.sections] == [f"Hand {h}" for h in range(1, game.hand_no + 1)]
    cards = [i for i, m in enumerate(record["moves"], 1) if not m.startswith(("mark", "pass"))]
    assert [p.number for s in report.sections for p in s.plays] == cards
    first = report.sections[0]
    assert first.facts[0].endswith("deals; the pass: 2 cards to the left")
    assert first.facts[1].startswith("indicators: Seat 1 ")
    assert sum(f.startswith("Seat ") and " passed " in f for f in first.facts) == 8
    assert first.facts[-1].startswith("tricks: ")
    assert any(f.startswith("with open hands at the first card") for f in first.facts)


def test_a_play_costs_what_the_solver_says_it_gave_away(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trumps_analysis, "NODES", 300_000)  # the early plays are not what this test is about
    record = played_record(5, 1, 4, random_share=0.5)
    report = analyse(record)
    game = from_record({**record, "moves": []})
    assert isinstance(game, Trumps)
    plays = {p.number: p for s in report.sections for p in s.plays}
    checked = 0
    for number, text in enumerate(record["moves"], start=1):
        game.view(None)
        if number in plays and game.hands[game.to_move].bit_count() <= 5:  # type: ignore[index]
            before = position_of(game)
            side = game.side_of[game.to_move]  # type: ignore[index]
            move = game.parse_move(text)
            after, winner = after_move(before, (move.card, text.startswith("declare")))  # type: ignore[attr-defined]
            gained = int(winner is not None and winner >= 0 and game.side_of[winner] == side)
            assert plays[number].cost == solve(before, side) - gained - solve(after, side), number
            checked += 1
        game.play(text)
    assert checked >= 25
    turning = [p for s in report.sections for p in s.turning_points]
    assert turning and all(p.cost > 0 and "gave away" in p.note for p in turning)
    assert all(p.cost == 0 for s in report.sections for p in s.plays if p not in turning)


def test_plays_too_early_to_search_are_said_to_be_unjudged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trumps_analysis, "NODES", 200)
    record = played_record(4, 1, 2)
    section = analyse(record).sections[0]
    unjudged = [p for p in section.plays if p.note.startswith("not judged")]
    assert unjudged and unjudged[0] is section.plays[0] and section.plays[-1] not in unjudged
    assert all(p.cost == 0 for p in unjudged)
    assert any(f.startswith(f"{len(unjudged)} of {len(section.plays)} plays not judged") for f in section.facts)


def test_the_command_line_prints_the_turning_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trumps_analysis, "NODES", 300_000)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played_record(6, 1, 7, random_share=0.6)), encoding="utf-8")
    out = CliRunner().invoke(app, ["analyse", str(path)])
    assert out.exit_code == 0, out.output
    assert "Hand 1" in out.output and "gave away" in out.output
    as_json = CliRunner().invoke(app, ["analyse", str(path), "--json"])
    assert as_json.exit_code == 0 and '"unit": "tricks"' in as_json.output
