"""The paired card-play benchmark compares like with like: both copies of a round start from the same deal and
numbers, and a level's changed fields are the ones asked for."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tricktable
from tricktable.bots.tricks_together.belief import MODEL
from tricktable.bots.tricks_together.number_reading import MODEL as NUMBER_MODEL
from tricktable.bots.tricks_together.play_reading import FEATURES
from tricktable.bots.tricks_together.search import LEVELS
from tricktable.bots.tricks_together.small_rounds import load_table
from tricktable.core.cards import parse_card

from benchmarks import play_paired_tricks_together as PAIRED


def test_a_level_takes_the_changed_fields_and_keeps_the_rest() -> None:
    level = PAIRED.parse_level("strong:solver_tricks=7,budget=0.5")
    assert level.solver_tricks == 7 and level.budget == 0.5
    assert level.play_worlds == LEVELS["strong"].play_worlds
    assert PAIRED.parse_level("easy") == LEVELS["easy"]


@pytest.mark.parametrize("text", ["strong:worlds=3", "strong:name=x", "strong:budget=fast", "nobody"])
def test_a_bad_level_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(SystemExit, match=r"no level|takes a number"):
        PAIRED.parse_level(text)


def test_the_same_level_on_both_copies_makes_the_same_rounds() -> None:
    # A budget no move reaches, so neither copy's search is cut short by the clock.
    level = "easy:budget=60.0"
    rounds = PAIRED.play_game((level, level, level, 4, 7, 2, PAIRED.SHIPPED))
    assert rounds and all(cards >= 2 for cards, *_ in rounds)
    assert [made_a for _, made_a, *_ in rounds] == [made_b for _, _, made_b, *_ in rounds]
    assert all(times_a and len(times_a) == len(times_b) for *_, times_a, times_b in rounds)


def test_team_b_plays_with_the_models_it_is_given_and_bad_files_are_refused(tmp_path: Path) -> None:
    # A belief that says nothing beyond the prior (its last layer zero) and a card model that reads nothing.
    with np.load(MODEL) as stored:
        arrays = dict(stored)
    last = int(arrays["layers"]) - 1
    arrays[f"w{last}"] = np.zeros_like(arrays[f"w{last}"])
    arrays[f"b{last}"] = np.zeros_like(arrays[f"b{last}"])
    flat, blind = tmp_path / "flat.npz", tmp_path / "blind.json"
    np.savez(flat, **arrays)
    blind.write_text(json.dumps({"coefficients": [0.0] * len(FEATURES)}))
    level = PAIRED.parse_level("easy:budget=60.0,belief=1.0,play_model=0.3")
    same = differ = 0
    for seed in range(6):
        game = tricktable.new_game("tricks-together", players=4, seed=seed, deals=[{"round": 5, "dealer": 0}])
        while not game.score_sheet:
            seat = game.to_move
            shipped = PAIRED.team(level, 4, seed, PAIRED.Models(belief=str(MODEL)))[seat].choose(game.view(seat))
            if game.phase == "play":
                same += shipped == PAIRED.team(level, 4, seed)[seat].choose(game.view(seat))
                other = PAIRED.team(level, 4, seed, PAIRED.Models(belief=str(flat), card_model=str(blind)))[seat]
                differ += shipped != other.choose(game.view(seat))
            game.play(shipped)
    # The shipped files named are the shipped models; other models change some card.
    assert same > 20 and differ > 0
    PAIRED.check_models(PAIRED.Models(belief=str(flat), card_model=str(blind)), 4)
    with pytest.raises(SystemExit, match="for 4 players, not 3"):
        PAIRED.check_models(PAIRED.Models(belief=str(flat)), 3)
    with pytest.raises(SystemExit, match="does not load"):
        PAIRED.check_models(PAIRED.Models(card_model=str(tmp_path / "missing.json")), 4)


def test_team_b_plays_with_the_numbers_and_the_value_it_is_given(tmp_path: Path) -> None:
    # A table of numbers for 4 players only, and a value that counts only the blueprint's play-outs (share 0).
    numbers, blueprint_only = tmp_path / "numbers.json", tmp_path / "value.json"
    numbers.write_text(json.dumps({"4/2": load_table()["4/2"]}))
    blueprint_only.write_text(json.dumps({"shares": dict.fromkeys(map(str, range(2, 8)), 0.0)}))
    PAIRED.check_models(PAIRED.Models(number_table=str(numbers), card_value=str(blueprint_only)), 4)
    with pytest.raises(SystemExit, match="no numbers for 3 players"):
        PAIRED.check_models(PAIRED.Models(number_table=str(numbers)), 3)
    with pytest.raises(SystemExit, match="does not load"):
        PAIRED.check_models(PAIRED.Models(card_value=str(tmp_path / "missing.json")), 4)
    bots = PAIRED.team(
        PAIRED.parse_level("easy:value=1"),
        4,
        0,
        PAIRED.Models(number_table=str(numbers), card_value=str(blueprint_only)),
    )
    assert all(bot.number_table == {"4/2": load_table()["4/2"]} for bot in bots.values())
    assert all(bot.value_table == {"shares": dict.fromkeys(map(str, range(2, 8)), 0.0)} for bot in bots.values())
    level = PAIRED.parse_level("easy:budget=60.0,value=1")
    differ = 0
    for seed in range(4):
        game = tricktable.new_game("tricks-together", players=4, seed=seed, deals=[{"round": 5, "dealer": 0}])
        while not game.score_sheet:
            seat = game.to_move
            shipped = PAIRED.team(level, 4, seed)[seat].choose(game.view(seat))
            if game.phase == "play":
                other = PAIRED.team(level, 4, seed, PAIRED.Models(card_value=str(blueprint_only)))[seat]
                differ += shipped != other.choose(game.view(seat))
            game.play(shipped)
    assert differ > 0


def test_team_b_takes_the_position_value_it_is_given_and_a_misfit_is_refused(tmp_path: Path) -> None:
    from tricktable.bots.tricks_together.position_value import FEATURES as VALUE_FEATURES
    from tricktable.bots.tricks_together.position_value import MODEL as VALUE_MODEL

    def write(path: Path, inputs: int) -> None:
        np.savez(path, players=4, layers=1, w0=np.zeros((inputs, 1), np.float32), b0=np.zeros(1, np.float32))

    write(tmp_path / "even.npz", VALUE_FEATURES)
    write(tmp_path / "misfit.npz", VALUE_FEATURES + 1)
    models = PAIRED.Models(position_value=str(tmp_path / "even.npz"))
    PAIRED.check_models(models, 4)
    with pytest.raises(SystemExit, match="does not load"):
        PAIRED.check_models(PAIRED.Models(position_value=str(tmp_path / "misfit.npz")), 4)
    bots = PAIRED.team(PAIRED.parse_level("strong:position_value=1"), 4, 0, models)
    assert all(
        bot.position_model is not None and bot.position_model.layers[0][0].shape == (VALUE_FEATURES, 1)
        for bot in bots.values()
    )
    assert PAIRED.team(LEVELS["strong"], 4, 0)[0].position_model is None and VALUE_MODEL.exists()


def test_team_b_plays_the_policy_it_is_given_and_a_misfit_is_refused(tmp_path: Path) -> None:
    from tricktable.bots.tricks_together.policy import FEATURES as POLICY_FEATURES

    def write(path: Path, inputs: int) -> None:
        np.savez(path, players=4, layers=1, w0=np.zeros((inputs, 1), np.float32), b0=np.zeros(1, np.float32))

    write(tmp_path / "even.npz", POLICY_FEATURES)  # every legal card scored alike: the lowest is played
    write(tmp_path / "misfit.npz", POLICY_FEATURES + 1)
    models = PAIRED.Models(policy=str(tmp_path / "even.npz"))
    PAIRED.check_models(models, 4)
    with pytest.raises(SystemExit, match="does not load"):
        PAIRED.check_models(PAIRED.Models(policy=str(tmp_path / "misfit.npz")), 4)
    assert PAIRED.team(LEVELS["fast"], 4, 0)[0].policy_model is None
    differ = played = 0
    for seed in range(4):
        game = tricktable.new_game("tricks-together", players=4, seed=seed, deals=[{"round": 5, "dealer": 0}])
        while not game.score_sheet:
            seat, view = game.to_move, game.view(game.to_move)
            move = PAIRED.team(LEVELS["fast"], 4, seed, models)[seat].choose(view)
            if game.phase == "play":
                assert move == min(view["legal_moves"], key=parse_card)
                differ += move != PAIRED.team(LEVELS["fast"], 4, seed)[seat].choose(view)
                played += 1
            game.play(move)
    assert played > 20 and differ > 0
    # The same file as the policy the partners' cards are read by: checked alike, and read by, not played.
    reading = PAIRED.Models(reading_policy=str(tmp_path / "even.npz"))
    PAIRED.check_models(reading, 4)
    with pytest.raises(SystemExit, match="does not load"):
        PAIRED.check_models(PAIRED.Models(reading_policy=str(tmp_path / "misfit.npz")), 4)
    bot = PAIRED.team(LEVELS["strong"], 4, 0, reading)[0]
    assert bot.policy_model is None and bot.reading_model is not None
    assert bot.reading_model.layers[0][0].shape == (POLICY_FEATURES, 1)


def test_the_paired_games_resume_from_their_log(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    command = [
        sys.executable, "-m", "benchmarks.play_paired_tricks_together", "--a", "easy:budget=60.0", "--b",
        "easy:budget=60.0,solver_tricks=7", "--numbers", "easy", "--min-cards", "6", "--seed", "70", "--workers", "1",
        "--log", str(log),
    ]  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    first = subprocess.run([*command, "--games", "1"], cwd=root, capture_output=True, text=True, check=True)
    assert len(log.read_text().splitlines()) == 1
    logged = json.loads(log.read_text())
    assert logged["key"] == 70 and all(cards >= 6 for cards, *_ in logged["result"])
    again = subprocess.run([*command, "--games", "2"], cwd=root, capture_output=True, text=True, check=True)
    assert "1 read from" in again.stdout
    assert sorted(json.loads(line)["key"] for line in log.read_text().splitlines()) == [70, 71]  # each game once
    # The rounds of the game read from the log are counted with the one played now.
    rounds = len(logged["result"]) + len(json.loads(log.read_text().splitlines()[1])["result"])
    assert rounds > 0 and f"{rounds} rounds in" in again.stdout and "rounds in" in first.stdout
    other = subprocess.run([*command, "--games", "2", "--min-cards", "5"], cwd=root, capture_output=True, text=True)
    assert other.returncode != 0 and "was played with" in other.stderr


def test_team_b_reads_numbers_by_the_model_it_is_given_and_a_misfit_is_refused(tmp_path: Path) -> None:
    shipped = json.loads(NUMBER_MODEL.read_text(encoding="utf-8"))
    (tmp_path / "four.json").write_text(json.dumps({"4/7": shipped["4/7"]}))
    (tmp_path / "three.json").write_text(json.dumps({"3/7": shipped["3/7"]}))
    (tmp_path / "broken.json").write_text(json.dumps({"4/7": {"weights": []}}))
    PAIRED.check_models(PAIRED.Models(number_reading=str(tmp_path / "four.json")), 4)
    with pytest.raises(SystemExit, match="no model of numbers for 4 players"):
        PAIRED.check_models(PAIRED.Models(number_reading=str(tmp_path / "three.json")), 4)
    with pytest.raises(SystemExit, match="does not load"):
        PAIRED.check_models(PAIRED.Models(number_reading=str(tmp_path / "broken.json")), 4)
    bots = PAIRED.team(LEVELS["strong"], 4, 0, PAIRED.Models(number_reading=str(tmp_path / "four.json")))
    assert all(set(bot.number_model or {}) == {"4/7"} for bot in bots.values())
    assert PAIRED.team(LEVELS["strong"], 4, 0)[0].number_model is None
