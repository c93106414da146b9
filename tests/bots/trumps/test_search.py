"""The Trumps search bots: registered at three levels, legal on their view alone, sensible in scripted positions;
their compiled play-outs agree with the game played out by the heuristic bot (which the blueprint restates),
and their weights find the true world fully explained."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tricktable
from tests.rules.trumps.test_game import HEARTS_DEAL, play_all
from tricktable.bots import bot_kinds, make_bot
from tricktable.bots.trumps import cbatch
from tricktable.bots.trumps.search import mark_candidates, pass_candidates
from tricktable.core.cards import SUIT_MASKS
from tricktable.rules.trumps import NONE, Trumps, read_view, sample_deals

GAME = "trumps"


def test_the_levels_are_listed_weakest_first() -> None:
    assert bot_kinds(GAME) == ["random", "heuristic", "easy", "normal", "strong"]


@pytest.mark.parametrize(("players", "teams", "level"), [(4, True, "easy"), (3, False, "normal"), (6, False, "easy")])
def test_a_search_bot_plays_legal_moves_from_its_view_alone(players: int, teams: bool, level: str) -> None:
    game = tricktable.new_game(GAME, players=players, teams=teams, seed=players, target=3)
    bot = make_bot(GAME, level, seed=1)
    while game.to_move is not None:
        view = game.view(game.to_move)
        move = bot.choose(json.loads(json.dumps(view)))  # a plain JSON copy: nothing but the view
        assert move in view["legal_moves"]
        game.play(move)


def test_the_bot_marks_its_long_suit() -> None:
    # Seat 0 holds ten spades: whatever else it tries, spades as trumps are worth most.
    game = tricktable.new_game(GAME, players=4, deals=[HEARTS_DEAL])
    move = make_bot(GAME, "normal", seed=1).choose(game.view(0))
    assert move.startswith("mark") and move.endswith("S")


def test_the_last_seat_declares_to_take_the_last_trick() -> None:
    # Nobody declares until the last trick; the seat playing last to it holds one card, of its indicator's suit
    # and not of the suit led: declaring it wins the trick, playing it plainly does not.
    for seed in range(300):
        game = tricktable.new_game(GAME, players=4, seed=seed)
        assert isinstance(game, Trumps)
        heuristic = make_bot(GAME, "heuristic", seed)
        while game.to_move is not None and game.hand_no == 1:
            seat = game.to_move
            if game.phase == "play" and game.hands[seat].bit_count() == 1 and len(game.trick) == 3:
                break
            move = heuristic.choose(game.view(seat)).removeprefix("declare ")
            plain = [str(m) for m in game.legal_moves() if not str(m).startswith("declare")]
            game.play(move if move in plain or game.phase != "play" else plain[0])
        if game.hand_no != 1 or game.to_move is None:
            continue
        moves = [str(m) for m in game.legal_moves()]
        if len(moves) != 2:
            continue
        after = game.clone()
        after.play(moves[1])
        if after.score_sheet[-1]["tricks"][game.to_move] == game.won[game.to_move]:
            continue  # declaring would not win it either
        assert make_bot(GAME, "normal", seed=1).choose(view_of(game, game.to_move)) == moves[1]
        return
    pytest.fail("no position found where declaring takes the last trick")


def partners_of(game: Trumps) -> list[int]:
    return [next((q for q in range(game.players) if q != p and game.side_of[q] == game.side_of[p]), NONE)
            for p in range(game.players)]  # fmt: skip


def tricks_in_hand(game: Trumps, hand_no: int) -> list[int]:
    """Play hand ``hand_no`` out with the heuristic bot at every seat; the tricks each side made in it."""
    bot = make_bot(GAME, "heuristic", 0)
    while game.hand_no == hand_no and not game.over:
        game.play(bot.choose(game.view(game.to_move)))  # type: ignore[arg-type]
    row = game.score_sheet[hand_no - 1]
    out = [0] * (max(game.side_of) + 1)
    for p in range(game.players):
        out[game.side_of[p]] += row["tricks"][p]
    return out


def side_tricks_in_hand(game: Trumps, hand_no: int, side: int) -> int:
    """Play hand ``hand_no`` out with the heuristic bot at every seat; the tricks ``side`` made in it."""
    return tricks_in_hand(game, hand_no)[side]


def random_play_position(seed: int) -> Trumps:
    rng = random.Random(seed)
    players = rng.choice([3, 4, 5, 6, 8])
    game = tricktable.new_game(GAME, players=players, teams=players in (4, 6) and seed % 2 == 0, seed=seed)
    assert isinstance(game, Trumps)
    bot = make_bot(GAME, "heuristic", seed)
    stop = rng.randrange(players * 3, players * (52 // players + 1))
    for _ in range(stop):
        if game.phase == "play" and game.hands[game.to_move].bit_count() <= 1:  # type: ignore[index]
            break
        moves = game.legal_moves()
        game.play(rng.choice(moves) if rng.random() < 0.3 else bot.choose(game.view(game.to_move)))  # type: ignore[arg-type]
    return game


def test_play_outs_agree_with_the_game_played_out_by_the_heuristic() -> None:
    checked = 0
    for seed in range(40):
        game = random_play_position(seed)
        seat = game.to_move
        if seat is None or game.phase != "play":
            continue
        k = read_view(game.view(seat))
        side = game.side_of[seat]
        moves = game.legal_moves()
        sides = max(game.side_of) + 1
        # Each side's points so far (this is the first hand: the tricks won in it), and a target low enough
        # that the hand often ends the game and sometimes does not.
        before = [float(sum(game.won[p] for p in range(game.players) if game.side_of[p] == s)) for s in range(sides)]
        target = 1 + seed % 4
        tricks_only, with_win = [], []
        for move in moves:
            after = game.clone()
            assert isinstance(after, Trumps)
            after.play(move)
            final = tricks_in_hand(after, game.hand_no)
            made = float(final[side] - before[side])
            tricks_only.append(made)
            best = max(final)
            share = 1 / final.count(best) if best >= target and final[side] == best else 0.0
            with_win.append(made + 0.5 * share)
        for win_weight, expected in ((0.0, tricks_only), (0.5, with_win)):
            values = cbatch.play_values(
                [list(game.hands)], [list(game.indicators)], [1.0], seat, list(game.side_of), partners_of(game),
                game.dealer, list(game.declared), k.played, [NONE if s is None else s for s in game.trick_seats],
                list(game.trick), [int(t) for t in game.trick_trumps], [m.card for m in moves],  # type: ignore[attr-defined]
                [int(str(m).startswith("declare")) for m in moves], before, target, win_weight,
            )  # fmt: skip
            assert values == pytest.approx(expected), (seed, win_weight)
        checked += 1
    assert checked >= 30


def test_mark_and_pass_values_agree_with_the_game_played_out_by_the_heuristic() -> None:
    for seed in range(6):
        players = [3, 4, 5, 8, 4, 6][seed]
        game = tricktable.new_game(GAME, players=players, teams=seed >= 4, seed=seed)
        assert isinstance(game, Trumps)
        me = game.to_move
        assert me is not None
        side = game.side_of[me]
        starter = game.extra[0] if game.extra else NONE
        dealt = list(game.hands)
        # No side can reach the target in a hand here, so the values are the tricks alone.
        common = (list(game.side_of), partners_of(game), game.dealer, game.pass_offset, game.pass_count,
                  [0.0] * (max(game.side_of) + 1), 50, 1.0)  # fmt: skip
        marks = mark_candidates(game.hands[me])
        expected = []
        for card in marks:
            trial = game.clone()
            trial.play(f"mark {tricktable.core.cards.card_str(card)}")
            expected.append(float(side_tricks_in_hand(trial, 1, side)))  # type: ignore[arg-type]
        assert cbatch.mark_values([dealt], [starter], me, marks, *common) == expected
        # Everyone marks as the blueprint does; then the first to pass tries every pass.
        bot = make_bot(GAME, "heuristic", 0)
        while game.phase == "mark":
            game.play(bot.choose(game.view(game.to_move)))  # type: ignore[arg-type]
        passes = pass_candidates(game.hands[me], game.pass_count)
        expected = []
        for cards in passes:
            trial = game.clone()
            trial.play(tricktable.rules.trumps.Pass(cards))
            expected.append(float(side_tricks_in_hand(trial, 1, side)))  # type: ignore[arg-type]
        got = cbatch.pass_values([dealt], [starter], me, game.indicators[me], passes, *common)
        assert got == expected, seed


def test_the_true_world_explains_every_move_of_blueprint_players() -> None:
    # Every seat plays the heuristic (the blueprint): in the true world no choice slips, so its weight stays 1
    # even at slip 0, while most sampled worlds fail to explain something.
    for seed in range(8):
        game = tricktable.new_game(GAME, players=[3, 4, 5, 6][seed % 4], teams=seed % 4 == 1, seed=seed)
        assert isinstance(game, Trumps)
        bot = make_bot(GAME, "heuristic", 0)
        while not (game.phase == "play" and game.tricks_done >= 3):
            game.play(bot.choose(game.view(game.to_move)))  # type: ignore[arg-type]
        seat = game.to_move
        assert seat is not None
        k = read_view(game.view(seat))
        history = ([h.seat for h in k.history], [h.card for h in k.history], [int(h.declare) for h in k.history])
        args = (seat, list(k.side_of), partners_of(game), k.dealer, k.played_by, k.starter, k.pass_offset,
                k.pass_count, k.received, *history, 0.0, 0.0, 0.0)  # fmt: skip
        truth = cbatch.world_weights([list(game.hands)], [list(game.indicators)], [list(game.passed)], *args)
        assert truth == [1.0]
        worlds = sample_deals(k, 200, random.Random(seed))
        sampled = cbatch.world_weights(
            [w.hands for w in worlds], [w.indicators for w in worlds], [w.passed for w in worlds], *args
        )
        assert sum(sampled) < 100
        # With slips of 1 nothing is inferred.
        flat = cbatch.world_weights(
            [w.hands for w in worlds], [w.indicators for w in worlds], [w.passed for w in worlds],
            *args[:-3], 1.0, 1.0, 1.0,
        )  # fmt: skip
        assert flat == [1.0] * 200


def test_voids_of_the_true_world_hold_in_every_sampled_world() -> None:
    game = random_play_position(11)
    seat = game.to_move
    assert seat is not None
    k = read_view(game.view(seat))
    for world in sample_deals(k, 100, random.Random(3)):
        for p, void in enumerate(k.voids):
            assert not any(void >> s & 1 and world.hands[p] & SUIT_MASKS[s] for s in range(4))


def view_of(game: Any, seat: int) -> dict[str, Any]:
    return json.loads(json.dumps(game.view(seat)))


def test_the_bot_never_reads_more_than_its_view() -> None:
    # Two games that differ only in cards seat 0 cannot see give seat 0 the same view, so the same move.
    game = tricktable.new_game(GAME, players=4, deals=[HEARTS_DEAL])
    play_all(game, ["mark 2S", "mark 2H", "mark 2C", "mark QS"])
    other = dict(HEARTS_DEAL)
    hands = [list(h) for h in HEARTS_DEAL["hands"]]
    hands[1], hands[2] = hands[1][:3] + hands[2][3:], hands[2][:3] + hands[1][3:]  # swap diamonds and clubs
    other["hands"] = hands
    twin = tricktable.new_game(GAME, players=4, deals=[other])
    play_all(twin, ["mark 2S", "mark 2H", "mark 2D", "mark QS"])
    assert view_of(game, 0) == view_of(twin, 0)
    assert make_bot(GAME, "easy", seed=4).choose(view_of(game, 0)) == make_bot(GAME, "easy", seed=4).choose(
        view_of(twin, 0)
    )


def test_the_levels_are_offered_by_the_command_line_and_the_web_lobby(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient
    from typer.testing import CliRunner

    from tricktable.cli import app
    from tricktable.server.app import create_app

    out = CliRunner().invoke(app, ["play", "trumps", "--bots-only", "--bot", "easy", "--seed", "3", "--target", "1"])
    assert out.exit_code == 0, out.output
    assert "wins with" in out.output
    with TestClient(create_app(tmp_path / "lobby.sqlite3", bot_delay=0.0, grace=60.0)) as client:
        trumps = next(g for g in client.get("/api/games").json() if g["name"] == GAME)
    assert trumps["bots"] == ["random", "heuristic", "easy", "normal", "strong"]
    assert trumps["default_bot"] == "normal"

