"""Secret Trumps: the text's examples as replays, notation and layouts, trump classes, follow rules, views, records
(goals and the draft: ``test_goals.py``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

import tricktable
from tricktable.cli import app
from tricktable.core.narrate import name_seats
from tricktable.rules.secret_trumps import (
    CARD_TEXT,
    NO_RANK,
    NO_SUIT,
    RoundTrumps,
    parse_card,
    trick_winner,
    trump_hypotheses,
)

ANNA, BEN, CARLA, DAN = 0, 1, 2, 3


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def layout_from_hands(
    hands: list[str], start: int, suit: str | None, rank: int | None, aside: str = ""
) -> tuple[dict[str, Any], list[str]]:
    """A layout whose rows, picked in order, give each seat the listed hand (card k in row k)."""
    n = len(hands)
    parsed = [h.split() for h in hands]
    aside_cards = aside.split()
    rows, picks = [], []
    for r in range(9):
        first = (start + 1 + r) % n
        order = [(first + k) % n for k in range(n)]
        row = [parsed[p][r] for p in order]
        picks += [f"pick {c}" for c in row]
        if n == 3:
            row.append(aside_cards[r])
        rows.append(row)
    return {"start": start, "trump_suit": suit, "trump_rank": rank, "rows": rows}, picks


def run_draft(game: tricktable.Game, wanted: list[list[str]] | None = None) -> None:
    """Draft the listed goals per seat (in turn order), or the first legal goal each turn."""
    taken = [0] * game.players
    while game.phase == "draft":
        seat = game.to_move
        assert seat is not None
        if wanted is None:
            game.play(game.legal_moves()[0])
        else:
            game.play(f"goal {wanted[seat][taken[seat]]}")
            taken[seat] += 1


# The crossing-off example: hands built so that Ben takes 2 tricks, Carla a trick with 2♣, Anna 3 clean tricks.
CROSS_HANDS = [
    "3H 6H 9D 9S 8S AC AS 7D 8D",  # Anna (start)
    "9H 8H AD 2S 5S 7H 4D 5D 6D",  # Ben
    "AH 4H 2D 3S 6S 3C 4C 5C 6C",  # Carla
    "2H 5H 3D 4S 7S 2C 9C 8C 7C",  # Dan
]
CROSS_TRICKS = [  # one trick per line, in play order
    "9H AH 2H 3H",
    "8H 4H 5H 6H",
    "AD 2D 3D 9D",
    "9S 2S 3S 4S",
    "8S 5S 6S 7S",
    "AC 7H 3C 2C",
    "4C 9C AS 4D",
    "8C 7D 5D 5C",
    "7C 8D 6D 6C",
]
CROSS_PLAY = [card for trick in CROSS_TRICKS for card in trick.split()]
CROSS_DRAFT = [
    ["most", "last", "no-tricks", "fewest"],
    ["exactly-2", "exactly-3", "no-hearts", "no-spades"],
    ["no-clubs", "exactly-1", "no-diamonds", "fewest"],
    ["exactly-1", "no-spades", "no-hearts", "most"],
]


def crossing_game() -> Any:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, None, None)
    game = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    for move in picks:
        game.play(move)
    for move in ("choose exactly-2", "choose no-clubs", "choose exactly-1"):
        game.play(move)
    for move in CROSS_PLAY:
        game.play(move)
    return game


# ----- notation, options, layouts ----------------------------------------------------------------


def test_card_notation() -> None:
    assert CARD_TEXT[parse_card("7S")] == "7S"
    assert parse_card("AS") == parse_card("1S") == parse_card("as") == parse_card("1♠")
    assert parse_card("7♠") == parse_card("7s")
    assert CARD_TEXT[parse_card("1h")] == "AH"
    for bad in ("TS", "10S", "KS", "7X", "", "77S"):
        with pytest.raises(tricktable.IllegalMove, match="not a Secret Trumps card"):
            parse_card(bad)


def test_players_and_options() -> None:
    assert tricktable.new_game("secret-trumps", seed=1).players == 4
    assert tricktable.new_game("secret-trumps", players=3, seed=1).players == 3
    for players in (2, 5):
        with pytest.raises(tricktable.InvalidOptions, match="3-4 players"):
            tricktable.new_game("secret-trumps", players=players)
    game = tricktable.new_game("secret-trumps", seed=1, five_goals=True, second_deck=False)
    assert game.options == {"five_goals": True, "second_deck": False}
    with pytest.raises(tricktable.InvalidOptions, match="no option"):
        tricktable.new_game("secret-trumps", seed=1, goals=3)


def test_layout_errors() -> None:
    deal, _ = layout_from_hands(CROSS_HANDS, ANNA, None, None)
    bad_rows = dict(deal, rows=deal["rows"][:8])
    with pytest.raises(tricktable.InvalidOptions, match="9 rows of 4"):
        tricktable.new_game("secret-trumps", deals=[bad_rows])
    twice = dict(deal, rows=[["AS", "AS", "2S", "3S"], *deal["rows"][1:]])
    with pytest.raises(tricktable.InvalidOptions, match="exactly once"):
        tricktable.new_game("secret-trumps", deals=[twice])
    with pytest.raises(tricktable.InvalidOptions, match="trump suit"):
        tricktable.new_game("secret-trumps", deals=[dict(deal, trump_suit="X")])
    with pytest.raises(tricktable.InvalidOptions, match="trump rank"):
        tricktable.new_game("secret-trumps", deals=[dict(deal, trump_rank=10)])
    with pytest.raises(tricktable.InvalidOptions, match="always a trump rank"):
        tricktable.new_game("secret-trumps", deals=[deal], second_deck=False)
    with pytest.raises(tricktable.InvalidOptions, match="must be seat 1"):
        tricktable.new_game("secret-trumps", deals=[deal, dict(deal, start=3)])


# ----- the text's examples -----------------------------------------------------------------------


def test_picking_example_hint_and_inference() -> None:
    # Anna starts; hearts and 5 are trumps.  Ben 7♠, Carla 6♥, Dan 2♣, Anna 5♦: "Ben led – I would have won."
    hands = [
        "5D AS 2S 3S 4S 6S 8S 9S AH",
        "7S 2H 3H 4H 7H 8H 9H AD 2D",
        "6H 3D 4D 6D 7D 8D 9D AC 3C",
        "2C 4C 5C 6C 7C 8C 9C 5S 5H",
    ]
    deal, picks = layout_from_hands(hands, ANNA, "H", 5)
    assert deal["rows"][0] == ["7S", "6H", "2C", "5D"]
    game = tricktable.new_game("secret-trumps", players=4, seed=2, deals=[deal])
    run_draft(game)
    for move in picks[:4]:
        game.play(move)
    view = game.view(BEN)
    assert view["hints"] == [
        {"row": 1, "first": BEN, "seats": [1, 2, 3, 0], "cards": ["7S", "6H", "2C", "5D"], "winner": ANNA}
    ]
    assert next(e for e in view["events"] if e["type"] == "hint")["winner"] == ANNA
    kept = trump_hypotheses(view)
    diamonds, fives = 2, 5
    assert (1, 5) in kept  # the truth: hearts and 5
    assert all(suit == diamonds or rank == fives for suit, rank in kept)  # "either diamonds or 5s are trumps"
    assert (diamonds, NO_RANK) in kept and (NO_SUIT, fives) in kept
    # Ben and the others cannot see the trumps; Anna can.
    assert view["trumps"] is None and game.view(ANNA)["trumps"] == {"suit": "H", "rank": 5}


def test_trump_ranking_example() -> None:
    key = RoundTrumps(1, 5).key  # hearts, rank 5
    order = cards("5H 5S 9H 8H 7H 6H 4H 3H 2H AH")
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert trick_winner([high, low], key) == 0
            assert trick_winner([low, high], key) == 1
    equal = cards("5S 5D 5C")
    for a in equal:
        for b in equal:
            if a != b:
                assert trick_winner([a, b], key) == 0  # all equal: the first played wins
    assert trick_winner(cards("9H 5S 5D"), key) == 1
    assert trick_winner(cards("5S 9H 5H"), key) == 2


def test_trump_ranking_example_as_replayed_hints() -> None:
    hands = [
        "8H 7H 4H AH AS 2S 3S 4S 6S",  # Anna (start)
        "9H 9S 3H 9D 7S AD 2D 3D 4D",  # Ben
        "5S 5C 2H 9C 6D 7D 8D AC 2C",  # Carla
        "5D 5H 6H 8S 3C 4C 6C 7C 8C",  # Dan
    ]
    deal, picks = layout_from_hands(hands, ANNA, "H", 5)
    game = tricktable.new_game("secret-trumps", players=4, seed=2, deals=[deal])
    run_draft(game)
    for move in picks[:16]:
        game.play(move)
    hints = game.view(None)["hints"]
    # Row 1, Ben first: 9♥ 5♠ 5♦ 8♥ -> Carla's 5♠ (first trump-rank card beats the later 5♦ and all hearts).
    assert (hints[0]["cards"], hints[0]["winner"]) == (["9H", "5S", "5D", "8H"], CARLA)
    # Row 2, Carla first: 5♣ 5♥ 7♥ 9♠ -> Dan's 5♥, the super trump.
    assert (hints[1]["cards"], hints[1]["winner"]) == (["5C", "5H", "7H", "9S"], DAN)
    # Row 3, Dan first: 6♥ 4♥ 3♥ 2♥ -> the highest trump-suit card.
    assert (hints[2]["cards"], hints[2]["winner"]) == (["6H", "4H", "3H", "2H"], DAN)
    # Row 4, Anna first: A♥ beats the plain nines.
    assert (hints[3]["cards"], hints[3]["winner"]) == (["AH", "9D", "9C", "8S"], ANNA)


def test_crossing_off_example() -> None:
    game = crossing_game()
    assert game.phase == "cross" and game.to_move == ANNA
    scored: Any = [e for e in game.events if e.kind == "round_scored"][-1]
    assert scored.tricks == (3, 2, 1, 3)
    assert scored.met == (None, True, False, False)
    assert scored.start_may_cross is True
    sheet = game.view(None)["goals"]
    assert sheet[BEN]["crossed"] == ["exactly-2"] and sheet[CARLA]["crossed"] == [] and sheet[ANNA]["crossed"] == []
    assert sorted(game.view(ANNA)["legal_moves"]) == sorted(f"cross {g}" for g in CROSS_DRAFT[ANNA])
    with pytest.raises(tricktable.IllegalMove, match="you do not hold"):
        game.play("cross exactly-2")
    game.play("cross last")  # any one of her goals, not necessarily the one she met
    assert game.view(None)["goals"][ANNA]["crossed"] == ["last"]
    assert game.phase == "pick" and game.view(None)["table"]["start player"] == BEN
    entry = game.view(None)["score_sheet"][0]
    assert entry["crossed"] == ["last", "exactly-2", None, None]
    assert entry["chosen"] == [None, "exactly-2", "no-clubs", "exactly-1"]


def test_start_player_not_eligible_has_no_cross_move() -> None:
    # Same round, but Carla chooses exactly-1 (she took 1 trick: met); Dan's exactly-1 is missed, and Anna
    # took 3, so nobody missed a goal Anna met: the round ends without a "cross" turn.
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, None, None)
    game = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    for move in [*picks, "choose exactly-2", "choose exactly-1", "choose exactly-1", *CROSS_PLAY]:
        game.play(move)
    assert game.phase == "pick"
    crossed: list[Any] = [e for e in game.events if e.kind == "goal_crossed"]
    assert [(e.seat, e.goal) for e in crossed] == [(BEN, "exactly-2"), (CARLA, "exactly-1")]


# ----- trump classes and follow rules ------------------------------------------------------------


def test_no_suit_no_rank_and_both_jokers() -> None:
    no_suit = RoundTrumps(NO_SUIT, 5).key  # only the 5s are trumps, all equal
    assert trick_winner(cards("9S 5D 5S"), no_suit) == 1
    assert trick_winner(cards("5C 9C 5H"), no_suit) == 0
    assert trick_winner(cards("9S 8S AH"), no_suit) == 0
    no_rank = RoundTrumps(2, NO_RANK).key  # an ordinary trump suit: diamonds
    assert trick_winner(cards("9S AD 2D"), no_rank) == 2
    assert trick_winner(cards("5S 5D 9S"), no_rank) == 1
    jokers = RoundTrumps(NO_SUIT, NO_RANK).key  # no trumps at all
    assert trick_winner(cards("4S 9H 5S"), jokers) == 2
    assert trick_winner(cards("AC 9D 9S 2C"), jokers) == 3


@pytest.mark.parametrize(
    ("suit", "rank", "deduced"), [(None, 5, (NO_SUIT, 5)), ("D", None, (2, NO_RANK)), (None, None, (NO_SUIT, NO_RANK))]
)
def test_special_trump_rounds_replay(suit: str | None, rank: int | None, deduced: tuple[int, int]) -> None:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, suit, rank)
    game = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    for move in picks:
        game.play(move)
    view = game.view(BEN)
    assert view["table"]["trump suit"] == ("none" if suit is None else "diamonds")
    assert view["table"]["trump rank"] == ("none" if rank is None else "5")
    assert deduced in trump_hypotheses(view, public_only=True)
    # Every hint in these rounds agrees with the engine's evaluation under the real trumps.
    key = RoundTrumps(*deduced).key
    for hint in view["hints"]:
        assert hint["seats"][trick_winner(cards(" ".join(hint["cards"])), key)] == hint["winner"]


def follow_game() -> Any:
    """Hearts and 5 trumps; Ben leads.  Hands chosen to test following around trump-rank cards."""
    hands = [
        "5S 7D 8D 9D AC 2C 3C 4C 6C",  # Anna: 5♠ is her only trump, no other spade
        "5D 7S 2D 3D 4D 6D AD 7C 8C",  # Ben: leads
        "3S 5C AS 2S 4S 6S 8S 9S 9C",  # Carla: spades plus 5♣
        "AH 2H 3H 4H 6H 7H 8H 9H 5H",  # Dan: all trumps
    ]
    deal, picks = layout_from_hands(hands, ANNA, "H", 5)
    game = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game)
    for move in picks:
        game.play(move)
    for seat in (BEN, CARLA, DAN):
        game.play(f"choose {game.view(seat)['goals'][seat]['open'][0]}")
    return game


def test_follow_rules_when_trump_rank_card_led() -> None:
    game = follow_game()
    assert game.phase == "play" and game.to_move == BEN
    game.play("5D")  # a trump-rank card is led: it is a trump and has no suit
    # Carla holds one trump, 5♣: she must play it, not a spade.
    assert game.view(CARLA)["legal_moves"] == ["5C"]
    with pytest.raises(tricktable.IllegalMove, match="a trump was led"):
        game.play("3S")
    game.play("5C")
    game.play("AH")  # Dan: any trump
    # Anna's only trump is 5♠: she must play it.
    assert game.view(ANNA)["legal_moves"] == ["5S"]
    game.play("5S")
    assert game.last_trick is not None and game.last_trick["winner"] == BEN  # the first 5 played wins


def test_trump_rank_card_does_not_count_as_its_suit() -> None:
    game = follow_game()
    game.play("7S")  # Ben leads a plain spade
    # Carla must follow with a plain spade; 5♣ is no club substitute and not a spade either.
    assert "5C" not in game.view(CARLA)["legal_moves"]
    with pytest.raises(tricktable.IllegalMove, match="must follow spades"):
        game.play("5C")
    game.play("9S")
    game.play("AH")  # Dan has no spade: anything
    # Anna's 5♠ is not a spade: she holds no spade, so she may play any card.
    assert sorted(game.view(ANNA)["legal_moves"]) == sorted(game.view(ANNA)["hand"])
    game.play("7D")
    assert game.last_trick is not None and game.last_trick["winner"] == DAN  # A♥ is a trump-suit card


# ----- views ---------------------------------------------------------------------------------------


def test_goal_choices_hidden_until_revealed() -> None:
    deal, picks = layout_from_hands(CROSS_HANDS, ANNA, None, None)
    game = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, CROSS_DRAFT)
    for move in picks:
        game.play(move)
    game.play("choose exactly-2")
    game.play("choose no-clubs")
    for seat in (None, ANNA, CARLA, DAN):
        view = game.view(seat)
        assert view["goals"][BEN]["chosen"] is None and view["seats"][BEN]["chosen"] is None
        assert not any(e["type"] == "goal_chosen" and e["seat"] == BEN for e in view["events"])
    assert game.view(BEN)["goals"][BEN]["chosen"] == "exactly-2"
    assert game.view(CARLA)["goals"][CARLA]["chosen"] == "no-clubs"
    assert game.view(None)["seats"][BEN]["committed"] is True
    game.play("choose exactly-1")
    assert [g["chosen"] for g in game.view(None)["goals"]] == [None, "exactly-2", "no-clubs", "exactly-1"]
    with pytest.raises(tricktable.IllegalMove, match="play a card"):
        game.play("choose most")


def test_panels_and_aid() -> None:
    game = tricktable.new_game("secret-trumps", players=4, seed=8)
    run_draft(game)
    for _ in range(8):
        game.play(game.legal_moves()[0])
    view = game.view(game.to_move)
    assert "Aid: trump hypotheses" in view["panels"]
    assert view["panels"]["Aid: trump hypotheses"][0].endswith("pairs still possible")
    assert "Rows, picks and hints" in view["panels"] and "Goal sheet" in view["panels"]
    assert len(view["rows"]) == 9 and len(view["hints"]) == 2
    json.dumps(view)


# ----- records, CLI ------------------------------------------------------------------------------------


def test_record_round_trip() -> None:
    game = crossing_game()
    game.play("cross most")
    rng = random.Random(2)
    for _ in range(60):
        game.play(rng.choice(game.legal_moves()))
    record = tricktable.to_record(game)
    twin = tricktable.from_record(json.loads(json.dumps(record)))
    assert [str(m) for m in twin.history] == record["moves"]
    for seat in (None, 0, 1, 2, 3):
        assert twin.view(seat) == game.view(seat)


def test_cli_bots_only_and_replay(tmp_path: Any) -> None:
    runner = CliRunner()
    path = tmp_path / "st.json"
    out = runner.invoke(app, ["play", "secret-trumps", "--bots-only", "--seed", "1", "--record", str(path)])
    assert out.exit_code == 0, out.output
    assert "crosses off" in out.output and "looks at the trumps" not in out.output
    replay = runner.invoke(app, ["replay", str(path)])
    assert replay.exit_code == 0, replay.output
    record = json.loads(path.read_text())
    assert name_seats(record["result"]["summary"], record["seats"]) in replay.output
    three = runner.invoke(
        app, ["play", "secret-trumps", "--bots-only", "--seed", "3", "-p", "3", "--five-goals", "--no-second-deck"]
    )
    assert three.exit_code == 0 and "all 5 goals" in three.output
