"""The Tandem Trick analysis: every move judged in points with open hands, exactly by the solver in the last
tricks; the turning points are the plays that cost something; ``tricktable analyse`` prints them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import tricktable
from tricktable.analysis import analyse
from tricktable.analysis.tandem_trick import EXACT_TRICKS, position_of
from tricktable.bots.base import make_bot
from tricktable.cli import app
from tricktable.core.players import play_out
from tricktable.core.records import from_record, to_record
from tricktable.rules.tandem_trick import CYCLES, TandemTrick, move_values, parse_move_text


def heuristic_record(players: int, seed: int) -> dict[str, object]:
    game = tricktable.new_game("tandem-trick", players=players, seed=seed, target=12)
    play_out(game, {s: make_bot("tandem-trick", "heuristic", seed=s) for s in range(players)})
    return to_record(game)


def test_every_move_is_judged_and_the_sections_follow_the_rounds() -> None:
    record = heuristic_record(3, 4)
    report = analyse(record)
    assert report.game == "tandem-trick" and report.unit == "points"
    game = from_record(record)
    assert isinstance(game, TandemTrick)
    assert [s.title for s in report.sections] == [f"Round {r + 1}" for r in range(len(game.score_sheet))]
    plays = [p for s in report.sections for p in s.plays]
    assert [p.number for p in plays] == list(range(1, len(record["moves"]) + 1))  # type: ignore[arg-type]
    assert all(p.cost >= 0 for p in plays)
    for section, row in zip(report.sections, game.score_sheet):
        assert any(f"took {row['tricks'][0]}" in fact for fact in section.facts)
    assert {p.number for s in report.sections for p in s.turning_points} == {p.number for p in plays if p.cost}


def test_the_last_tricks_are_judged_exactly_by_the_solver() -> None:
    for players in (3, 4):
        record = heuristic_record(players, 10 + players)
        report = analyse(record)
        costs = {p.number: p.cost for s in report.sections for p in s.plays}
        game = from_record({**record, "moves": []})
        assert isinstance(game, TandemTrick)
        exact = 0
        for number, text in enumerate(record["moves"], start=1):  # type: ignore[arg-type]
            game.view(None)
            if game.cycle >= CYCLES - EXACT_TRICKS[players - 3]:
                pos = position_of(game)
                values = dict(move_values(pos, pos.turn, game.misere_bonus))
                best = max(v[pos.turn] for v in values.values())
                assert costs[number] == best - values[parse_move_text(text)][pos.turn]
                exact += 1
            game.play(text)
        assert exact >= EXACT_TRICKS[players - 3] * players


def test_the_command_prints_each_round_and_its_turning_points(tmp_path: Path) -> None:
    record = heuristic_record(4, 21)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["analyse", str(path)])
    assert result.exit_code == 0, result.output
    assert "Round 1" in result.output
    report = analyse(record)
    first = report.sections[0].turning_points[0]
    assert f"move {first.number}:" in result.output
    as_json = CliRunner().invoke(app, ["analyse", str(path), "--json"])
    assert json.loads(as_json.output)["unit"] == "points"
