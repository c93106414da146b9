"""Secret Trumps rule by rule: turn order, end of game, the start player's cross-off, layouts, messages,
hidden information and the terminal panels (the bot in scripted positions: ``tests/bots/secret_trumps``)."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from rich.console import Console

import tricktable
from tests.rules.secret_trumps.test_game import (
    CROSS_DRAFT,
    CROSS_HANDS,
    CROSS_PLAY,
    crossing_game,
    layout_from_hands,
    run_draft,
)
from tricktable.render import render_view
from tricktable.rules.secret_trumps import CARD_TEXT, trump_hypotheses

ANNA, BEN, CARLA, DAN = 0, 1, 2, 3


def rendered(view: dict[str, Any], show_aids: bool = True) -> str:
    buffer = io.StringIO()
    render_view(Console(file=buffer, width=200, highlight=False, soft_wrap=True), view, show_aids)
    return buffer.getvalue()


def round_to_play(deal: dict[str, Any], picks: list[str], draft: list[list[str]], choices: list[str]) -> Any:
    game: Any = tricktable.new_game("secret-trumps", players=len(draft), seed=5, deals=[deal])
    run_draft(game, draft)
    for move in [*picks, *(f"choose {c}" for c in choices)]:
        game.play(move)
    return game


def slug_ids(game: Any, *slugs: str) -> list[int]:
    return [game.goal_slugs[s] for s in slugs]


# ----- turn order --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_turn_order_through_rounds(players: int) -> None:
    """Draft from S clockwise; row r first picked by S + r; choices from S + 1 without S; S + 1 leads
    trick 1 and each trick's winner the next; the start player moves one seat left each round."""
    for seed in range(3):
        game: Any = tricktable.new_game("secret-trumps", players=players, seed=seed)
        rng = random.Random(seed)
        first_start = game.start
        drafted = []
        while game.phase == "draft":
            drafted.append(game.to_move)
            game.play(rng.choice(game.legal_moves()))
        assert drafted == [(first_start + k) % players for k in range(players * 4)]
        for round_no in range(2):
            start = game.start
            assert start == (first_start + round_no) % players
            log_start = len(game.events)
            while game.phase in ("pick", "choose", "play", "cross") and game.start == start and not game.is_over:
                game.play(rng.choice(game.legal_moves()))
            events = [e for e in game.events[log_start:] if e.visible_to is None]
            picks = [e for e in events if e.kind == "card_picked"]
            for r in range(9):
                row = picks[r * players : (r + 1) * players]
                assert [e.seat for e in row] == [(start + 1 + r + k) % players for k in range(players)]
                assert {e.row for e in row} == {r + 1}
            hints = [e for e in events if e.kind == "hint"]
            assert [h.first for h in hints] == [(start + 1 + r) % players for r in range(9)]
            committed = [e.seat for e in events if e.kind == "goal_committed"]
            assert committed == [(start + k) % players for k in range(1, players)]
            plays = [e for e in events if e.kind == "card_played"]
            won = [e.seat for e in events if e.kind == "trick_won"]
            leaders = [plays[t * players].seat for t in range(9)]
            assert leaders == [(start + 1) % players, *won[:8]]
            for t in range(9):
                trick = plays[t * players : (t + 1) * players]
                assert [e.seat for e in trick] == [(leaders[t] + k) % players for k in range(players)]
            if game.is_over:
                break


# ----- the end of a round and of the game ----------------------------------------------------------


def test_game_ends_exactly_when_all_goals_are_crossed_and_victory_is_shared() -> None:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, None, None)
    game: Any = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    # Ben has three goals crossed off already, Anna three: this round finishes both.
    game.crossed[BEN] = slug_ids(game, "exactly-3", "no-hearts", "no-spades")
    game.crossed[ANNA] = slug_ids(game, "most", "last", "no-tricks")
    for move in [*picks, "choose exactly-2", "choose no-clubs", "choose exactly-1", *CROSS_PLAY]:
        game.play(move)
    # Ben has crossed off his fourth goal, but the start player's cross-off comes before the end check.
    assert game.phase == "cross" and game.result() is None
    assert game.view(ANNA)["legal_moves"] == ["cross fewest"]
    game.play("cross fewest")
    result = game.result()
    assert game.is_over and game.phase == "over" and game.to_move is None
    assert result["winners"] == [ANNA, BEN] and result["scores"] == [4, 4, 0, 0]
    assert "share the victory" in result["summary"]
    assert [e.kind for e in game.events][-1] == "game_over"
    with pytest.raises(tricktable.IllegalMove, match="the game is over"):
        game.play("pick 7S")


def test_three_of_four_goals_is_not_the_end() -> None:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, None, None)
    game: Any = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    game.crossed[BEN] = slug_ids(game, "exactly-3", "no-hearts")
    for move in [*picks, "choose exactly-2", "choose no-clubs", "choose exactly-1", *CROSS_PLAY, "cross most"]:
        game.play(move)
    assert not game.is_over and game.phase == "pick" and len(game.crossed[BEN]) == 3
    assert game.start == BEN and game.to_move == CARLA  # the new start player's left picks first


def test_a_sole_finisher_wins_alone() -> None:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, None, None)
    game: Any = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    game.crossed[BEN] = slug_ids(game, "exactly-3", "no-hearts", "no-spades")
    # Carla meets exactly-1; Dan misses it, but Anna took 3 tricks: no cross-off, the round ends at once.
    for move in [*picks, "choose exactly-2", "choose exactly-1", "choose exactly-1", *CROSS_PLAY]:
        game.play(move)
    result = game.result()
    assert result is not None and result["winners"] == [BEN] and "seat 1 wins" in result["summary"]


def test_start_player_must_be_strictly_most_to_profit() -> None:
    # Dan chooses "most" and ties Anna at 3 tricks: he misses, but Anna is not strictly most either.
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, None, None)
    game = round_to_play(deal, picks, CROSS_DRAFT, ["exactly-2", "exactly-1", "most"])
    for move in CROSS_PLAY:
        game.play(move)
    scored: Any = next(e for e in reversed(game.events) if e.kind == "round_scored")
    assert scored.tricks == (3, 2, 1, 3) and scored.met == (None, True, True, False)
    assert scored.start_may_cross is False and game.phase == "pick" and game.crossed[ANNA] == []


def test_start_player_crosses_one_goal_only_and_not_a_crossed_one() -> None:
    # Anna met Carla's missed no-clubs: one cross-off, of an open goal.
    game = crossing_game()
    assert game.phase == "cross"
    game.crossed[ANNA] = slug_ids(game, "most")
    assert "cross most" not in game.view(ANNA)["legal_moves"]
    with pytest.raises(tricktable.IllegalMove, match="already crossed off"):
        game.play("cross most")
    game.play("cross last")
    assert game.crossed[ANNA] == slug_ids(game, "most", "last") and game.phase == "pick"


def test_a_crossed_goal_cannot_be_chosen() -> None:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, None, None)
    game: Any = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    game.crossed[BEN] = slug_ids(game, "exactly-2")
    for move in picks:
        game.play(move)
    assert "choose exactly-2" not in game.view(BEN)["legal_moves"]
    with pytest.raises(tricktable.IllegalMove, match="exactly-2 is already crossed off; your open goals: exactly-3"):
        game.play("choose exactly-2")
    with pytest.raises(tricktable.IllegalMove, match="you do not hold most"):
        game.play("choose most")


# ----- explicit layouts ------------------------------------------------------------------------------


def test_layout_must_name_both_trumps_and_nothing_else() -> None:
    deal, _ = layout_from_hands(CROSS_HANDS, ANNA, "H", 5)
    for missing in ("trump_suit", "trump_rank"):
        partial = {k: v for k, v in deal.items() if k != missing}
        with pytest.raises(tricktable.InvalidOptions, match=f"deal 1 needs '{missing}'"):
            tricktable.new_game("secret-trumps", deals=[partial])
    with pytest.raises(tricktable.InvalidOptions, match="unknown key 'trump'"):
        tricktable.new_game("secret-trumps", deals=[dict(deal, trump="H")])
    with pytest.raises(tricktable.InvalidOptions, match="start must be a seat"):
        tricktable.new_game("secret-trumps", deals=[dict(deal, start=True)])
    with pytest.raises(tricktable.InvalidOptions, match="9 rows of 4"):
        tricktable.new_game("secret-trumps", deals=[dict(deal, rows="7S 6H")])
    # null is the explicit "none" of either trump.
    game: Any = tricktable.new_game("secret-trumps", seed=1, deals=[dict(deal, trump_suit=None, trump_rank=None)])
    run_draft(game)
    assert (game.trumps.suit, game.trumps.rank) == (-1, 0)


def test_three_player_layout_puts_the_fourth_card_aside() -> None:
    hands = [" ".join(CARD_TEXT[c] for c in range(9 * k, 9 * k + 9)) for k in range(3)]
    aside = " ".join(CARD_TEXT[c] for c in range(27, 36))
    deal, picks = layout_from_hands(hands, 2, "S", None, aside)
    game: Any = tricktable.new_game("secret-trumps", players=3, seed=1, deals=[deal])
    run_draft(game)
    assert game.to_move == 0  # the start player is seat 2; its left picks first
    row1 = game.view(0)["rows"][0]
    assert row1["cards"] == deal["rows"][0][:3] and row1["aside"] is True
    with pytest.raises(tricktable.IllegalMove, match=f"{deal['rows'][0][3]} is not face up in row 1"):
        game.play(f"pick {deal['rows'][0][3]}")
    for move in picks:
        game.play(move)
    assert game.phase == "choose"
    assert [len(h["cards"]) for h in game.hints] == [3] * 9
    assert all(game.hands[p].bit_count() == 9 for p in range(3))


# ----- messages ------------------------------------------------------------------------------------


def test_pick_messages_and_unchanged_state() -> None:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, "H", 5)
    game: Any = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    for move in picks[:5]:
        game.play(move)
    before = json.dumps([game.view(s) for s in (None, 0, 1, 2, 3)])
    first_row_card = deal["rows"][0][0]
    later = deal["rows"][3][0]
    cases = {
        f"pick {first_row_card}": f"{first_row_card} was picked by seat 1 in row 1",
        f"pick {later}": f"{later} lies in row 4; pick from row 2:",
        "pick KS": "not a Secret Trumps card",
        "pick": "write 'pick' and then a card",
        "pick 7S 8S": "pick one card",
        "7S": "it is the picking",
        "choose most": "it is the picking",
        "": "empty move",
    }
    for text, reason in cases.items():
        with pytest.raises(tricktable.IllegalMove, match=reason):
            game.play(text)
    assert json.dumps([game.view(s) for s in (None, 0, 1, 2, 3)]) == before


def test_follow_message_names_the_trump_rank_rule_only_when_it_matters() -> None:
    hands = [
        "5S 7D 8D 9D AC 2C 3C 4C 6C",  # Anna
        "5D 7S 2D 3D 4D 6D AD 7C 8C",  # Ben
        "3S 5C AS 2S 4S 6S 8S 9S 9C",  # Carla
        "AH 2H 3H 4H 6H 7H 8H 9H 5H",  # Dan
    ]
    deal, picks = layout_from_hands(hands, ANNA, "H", 5)
    game = round_to_play(deal, picks, CROSS_DRAFT, ["exactly-2", "no-clubs", "exactly-1"])
    game.play("7C")  # Ben leads a plain club
    # Carla holds 9♣ (plain) and 5♣ (a trump-rank card): the note explains why 5♣ is no club.
    with pytest.raises(tricktable.IllegalMove) as caught:
        game.play("5C")
    assert str(caught.value) == (
        "you must follow clubs: you hold 9C (5C is a trump-rank card: it does not count as a club)"
    )
    game.play("9C")
    game.play("AH")
    # Anna holds plain clubs only: no note.
    with pytest.raises(tricktable.IllegalMove) as caught:
        game.play("7D")
    assert str(caught.value) == "you must follow clubs: you hold 6C 4C 3C 2C AC"


# ----- hidden information ------------------------------------------------------------------------------


def test_start_player_alone_sees_trumps_until_the_pick_ends() -> None:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, "D", 3)
    game: Any = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    for move in picks[:-1]:
        game.play(move)
        for seat in (None, BEN, CARLA, DAN):
            view = game.view(seat)
            text = json.dumps(view)
            assert view["trumps"] is None and "trumps_seen" not in text and "Trumps" not in view["panels"]
        assert game.view(ANNA)["trumps"] == {"suit": "D", "rank": 3}
        assert "super trump: the 3 of ♦" in " ".join(game.view(ANNA)["panels"]["Trumps"])
    game.play(picks[-1])
    for seat in (None, BEN, CARLA, DAN):
        assert game.view(seat)["trumps"] == {"suit": "D", "rank": 3}


def test_trumps_panel_describes_each_kind_of_round() -> None:
    expected = {
        ("H", 5): ["super trump: the 5 of ♥", "the other 5s", "first played wins", "♥ 9 high to A low"],
        (None, 5): ["no trump suit", "every 5 is a trump", "first played wins"],
        ("D", None): ["no trump rank", "♦ 9 high to A low"],
        (None, None): ["no trumps", "highest card of the suit led"],
    }
    for (suit, rank), parts in expected.items():
        deal, picks = layout_from_hands(CROSS_HANDS, ANNA, suit, rank)
        game = round_to_play(deal, picks, CROSS_DRAFT, [])
        text = " ".join(game.view(BEN)["panels"]["Trumps"])
        for part in parts:
            assert part in text, (suit, rank, text)
    # Each seat is told which of its own cards are trumps.
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, "H", 5)
    game = round_to_play(deal, picks, CROSS_DRAFT, [])
    assert "your trumps: 5♠ 5♦ 9♥ 8♥ 7♥" in game.view(BEN)["panels"]["Trumps"]  # strongest first


def test_cards_left_panel_follows_the_public_pick_log() -> None:
    game = round_to_play(
        *layout_from_hands(CROSS_HANDS, ANNA, None, None), CROSS_DRAFT, ["exactly-2", "no-clubs", "exactly-1"]
    )
    for move in CROSS_PLAY[:6]:
        game.play(move)
    lines = game.view(BEN)["panels"]["Cards left"]
    # Ben sees everyone else's remaining cards (every pick was face up) but not his own line twice.
    assert lines == [
        "seat 0 (start): 9♠ 8♠ A♠ 6♥ 9♦ 8♦ 7♦ A♣",
        "seat 2: 6♠ 3♠ 2♦ 6♣ 5♣ 4♣ 3♣",
        "seat 3: 7♠ 4♠ 5♥ 3♦ 9♣ 8♣ 7♣ 2♣",
    ]
    spectator = game.view(None)["panels"]["Cards left"]
    assert len(spectator) == 4 and spectator[1].startswith("seat 1: ")


def test_goal_sheet_marks_crossed_goals_visibly_in_the_terminal() -> None:
    game = crossing_game()
    game.play("cross last")
    out = rendered(game.view(CARLA))
    anna = next(line for line in out.splitlines() if line.strip().startswith("seat 0"))
    ben = next(line for line in out.splitlines() if line.strip().startswith("seat 1 (start)"))
    assert "The last trick ✔" in anna and "The most tricks ✔" not in anna
    assert "Exactly 2 tricks ✔" in ben


def test_round_result_panel_during_the_cross_and_after_the_round() -> None:
    game = crossing_game()
    lines = game.view(BEN)["panels"]["Round 1 result"]
    assert lines[0] == "trumps: no trump suit, no trump rank"
    assert "seat 0 (start): took 3 tricks; met a goal another player missed: crosses off one own goal now" in lines
    assert "seat 1: played for “Exactly 2 tricks”, took 2 tricks: met, crossed off" in lines
    assert "seat 2: played for “No ♣”, took 1 trick: missed" in lines
    assert game.view(BEN)["last_trick"] == {
        "seats": [3, 0, 1, 2],
        "cards": ["7C", "8D", "6D", "6C"],
        "winner": 3,
        "round": 1,
    }
    game.play("cross last")
    lines = game.view(BEN)["panels"]["Round 1 result"]
    assert "seat 0 (start): took 3 tricks; crossed off “The last trick” (met a goal another player missed)" in lines
    assert game.view(BEN)["score_sheet"][0]["crossed"] == ["last", "exactly-2", None, None]


def test_aid_panel_is_a_toggled_aid_and_reads_plainly() -> None:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, "H", 5)
    game: Any = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    for move in picks[:4]:
        game.play(move)
    view = game.view(BEN)
    aid = view["panels"]["Aid: trump hypotheses"]
    assert aid[0] == f"{len(trump_hypotheses(view))} of 50 (suit, rank) pairs still possible"
    assert all("no rank" not in line for line in aid)
    shown, hidden = rendered(view, True), rendered(view, False)
    assert "Aid: trump hypotheses" in shown and aid[1] in shown
    assert "Aid: trump hypotheses" not in hidden and aid[1] not in hidden
    assert "Rows, picks and hints" in hidden  # the other panels stay


def test_start_players_aid_shows_what_the_others_infer_and_the_aid_ends_with_the_reveal() -> None:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, "H", 5)
    game: Any = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    for move in picks[:8]:
        game.play(move)
    others = game.view(BEN)["panels"]["Aid: trump hypotheses"]
    mine = game.view(ANNA)["panels"]["Aid: trump hypotheses"]
    assert len(trump_hypotheses(game.view(BEN))) > 1
    assert mine[:-1] == others and "you know the trumps" in mine[-1]
    for move in picks[8:]:
        game.play(move)
    assert all("Aid: trump hypotheses" not in game.view(s)["panels"] for s in (None, 0, 1, 2, 3))
