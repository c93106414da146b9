"""The open-hands analysis of Secret Trumps records: every card judged, costs that the reference search confirms,
the turning points, and ``tricktable analyse`` on a record."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tricktable
from tricktable.analysis import analyse
from tricktable.analysis.secret_trumps import EXACT_TRICKS, position_of
from tricktable.bots import make_bot
from tricktable.cli import app
from tricktable.core.records import from_record, to_record
from tricktable.rules.secret_trumps import parse_card
from tricktable.rules.secret_trumps.solver import can_cross_reference, max_n, move_values_reference


def bot_game(seed: int, players: int, rounds: int) -> dict[str, Any]:
    """The record of a game between heuristic bots, stopped after ``rounds`` rounds."""
    game: Any = tricktable.new_game("secret-trumps", players=players, seed=seed)
    bots = [make_bot("secret-trumps", "heuristic", seed=seed + s) for s in range(players)]
    while game.to_move is not None and len(game.score_sheet) < rounds:
        seat = game.to_move
        game.play(bots[seat].choose(game.view(seat)))
    return to_record(game)


def positions_before(record: dict[str, Any]) -> dict[int, Any]:
    """Each card move's number -> a copy of the game just before it."""
    game: Any = from_record({**record, "moves": []})
    out = {}
    for number, move in enumerate(record["moves"], start=1):
        game.view(None)
        if game.phase == "play":
            out[number] = game.clone()
        game.play(move)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_every_card_is_judged_and_every_cost_holds_up_under_the_reference_search(seed: int) -> None:
    players = 3 + seed % 2
    record = bot_game(seed, players, rounds=2)
    report = analyse(record)
    assert report.game == "secret-trumps" and report.unit == "goals"
    before = positions_before(record)
    judged = [play for section in report.sections for play in section.plays]
    assert [p.number for p in judged] == sorted(before)
    for play in judged:
        game = before[play.number]
        assert play.seat == game.to_move and play.cost in (0.0, 1.0)
        if not play.cost:
            continue
        position = position_of(game)
        card = parse_card(play.move)
        if 9 - game.tricks_played <= EXACT_TRICKS:
            outcomes = dict(move_values_reference(position, max_n(players)))
            assert outcomes[card] >> play.seat & 1 == 0
            assert any(o >> play.seat & 1 for o in outcomes.values())
        else:
            assert can_cross_reference(position, play.seat)
            twin = game.clone()
            twin.play(play.move)
            assert not can_cross_reference(position_of(twin), play.seat)


def test_a_round_reports_its_trumps_hands_goals_and_what_was_crossed_off() -> None:
    record = bot_game(4, 4, rounds=1)
    section = analyse(record).sections[0]
    assert section.title.startswith("Round 1: Seat ")
    assert section.facts[0].startswith("trumps: ")
    assert sum(fact.startswith("Seat ") and " holds " in fact for fact in section.facts) == 4
    assert sum("with everyone's help it" in fact for fact in section.facts) == 4
    assert section.facts[-1].startswith("crossed off: ")
    assert section.turning_points == [p for p in section.plays if p.cost]


def test_a_thrown_away_goal_is_a_turning_point() -> None:
    # Search seeded games for a card that gives a goal away in the last tricks: there the analysis is exact.
    for seed in range(40):
        record = bot_game(seed, 4, rounds=1)
        points = [p for s in analyse(record).sections for p in s.turning_points]
        if points:
            assert all("another card" in p.note or "losing play" in p.note for p in points)
            return
    pytest.fail("no heuristic game of 40 threw a goal away")


def test_tricktable_analyse_prints_the_turning_points(tmp_path: Path) -> None:
    record = bot_game(1, 4, rounds=2)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["analyse", str(path)])
    assert result.exit_code == 0, result.output
    assert "Round 1:" in result.output and "trumps: " in result.output
    as_json = CliRunner().invoke(app, ["analyse", str(path), "--json"])
    assert json.loads(as_json.output)["game"] == "secret-trumps"


def test_a_random_game_with_every_hand_public_is_analysed_to_its_end() -> None:
    game: Any = tricktable.new_game("secret-trumps", players=3, seed=8)
    rng = random.Random(8)
    while game.to_move is not None:
        game.play(rng.choice(game.legal_moves()))
    report = analyse(to_record(game))
    assert len(report.sections) == game.result()["rounds"]
