"""Trumps: the text's examples as move-by-move replays, the starter trick, the pass cycle, tie-break hands,
every error path, the views, clones and records."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import tricktable
from tricktable import IllegalMove, InvalidOptions
from tricktable.bots.base import RandomBot, make_bot
from tricktable.core.players import play_out
from tricktable.core.records import from_record, to_record
from tricktable.rules.trumps import direction_name, pass_cycle


def suit(ranks: str, s: str) -> list[str]:
    return [r + s for r in ranks]


def kinds(game: tricktable.Game, kind: str) -> list[Any]:
    return [e for e in game.events if e.kind == kind]


def play_all(game: tricktable.Game, moves: list[str]) -> None:
    for move in moves:
        game.play(move)


def trick_notes(game: tricktable.Game) -> list[tuple[int | None, str, str | None]]:
    return [(t["seat"], t["card"], t.get("note")) for t in game.view(None)["trick"]]


def last_trick_notes(game: tricktable.Game) -> list[tuple[int | None, str, str | None]]:
    last = game.view(None)["last_trick"]
    return [
        (s, c, "starter" if s is None else "trump" if t else None)
        for s, c, t in zip(last["seats"], last["cards"], last["trumps"], strict=True)
    ]


# ----- the text's example: my 4♥ trump beats your 7♥ -----------------------------------------------

HEARTS_DEAL: dict[str, Any] = {
    "dealer": 3,
    "hands": [
        suit("789", "H") + suit("23456789TJ", "S"),
        suit("245", "H") + suit("23456789TJ", "D"),
        suit("AKQ", "H") + suit("23456789TJ", "C"),
        [*suit("36TJ", "H"), "QS", "KS", "AS", "QD", "KD", "AD", "QC", "KC", "AC"],
    ],
    "extra": [],
}
SETUP_HEARTS = [
    "mark 2S", "mark 2H", "mark 2C", "mark QS",
    "pass 3S 4S 5S", "pass 2D 3D 4D", "pass 3C 4C 5C", "pass KS KD KC",
]  # fmt: skip


def test_text_example_my_4h_trump_beats_your_7h() -> None:
    game = tricktable.new_game("trumps", players=4, deals=[HEARTS_DEAL])
    assert game.phase == "mark" and game.to_move == 0  # the dealer's left marks first
    play_all(game, SETUP_HEARTS)
    assert game.phase == "play" and game.to_move == 0
    plain = game.clone()
    game.play("7H")  # yours: undeclared, a plain heart
    game.play("declare 4H")  # mine: hearts declared, so the 4 is a trump
    game.play("AH")  # even the ace, not a trump for its player, loses to it
    assert trick_notes(game) == [(0, "7H", None), (1, "4H", "trump"), (2, "AH", None)]
    game.play("3H")
    assert [e.seat for e in kinds(game, "trick_won")] == [1]
    assert game.to_move == 1
    declared = kinds(game, "trump_declared")[-1]
    assert (declared.seat, declared.suit, declared.card, declared.visible_to) == (1, "hearts", "2H", None)
    assert [e.trump for e in kinds(game, "card_played")] == [False, True, False, False]
    assert game.view(3)["seats"][1]["indicator"] == "2H"  # turned face up for everyone
    assert game.view(3)["seats"][1]["trumps"] == "hearts"
    # The same trick without the declaration: the plain 4 loses to the ace.
    play_all(plain, ["7H", "4H", "AH", "3H"])
    assert [e.seat for e in kinds(plain, "trick_won")] == [2]


# ----- two trump jacks: the first played wins ------------------------------------------------------

JACKS_DEAL: dict[str, Any] = {
    "dealer": 3,
    "hands": [
        suit("2345678", "C") + suit("234567", "D"),
        suit("23456789TJQKA", "H"),
        suit("23456789TJQKA", "S"),
        suit("9TJQKA", "C") + suit("89TJQKA", "D"),
    ],
    "extra": [],
}


def test_two_trump_jacks_the_first_played_wins() -> None:
    game = tricktable.new_game("trumps", players=4, deals=[JACKS_DEAL])
    play_all(game, ["mark 2D", "mark 2H", "mark 2S", "mark 8D"])
    play_all(game, ["pass 5D 6D 7D", "pass 3H 4H 5H", "pass 3S 4S 5S", "pass 9D TD JD"])
    game.play("3C")
    game.play("declare JH")  # void in clubs: a heart play is legal, so hearts may be declared
    game.play("declare JS")
    with pytest.raises(IllegalMove, match="declaring needs a legal diamonds play now: you must follow clubs"):
        game.play("declare QD")
    game.play("9C")
    assert last_trick_notes(game) == [(0, "3C", None), (1, "JH", "trump"), (2, "JS", "trump"), (3, "9C", None)]
    assert [e.seat for e in kinds(game, "trick_won")] == [1]
    assert game.view(0)["panels"]["Trumps"] == [
        "seat 1: hearts (indicator 2♥ face up)",
        "seat 2: spades (indicator 2♠ face up)",
    ]


# ----- teams: the partner's club played before the declaration is not a trump ------------------------

TEAM_DEAL: dict[str, Any] = {
    "dealer": 3,
    "hands": [
        suit("2345678", "D") + suit("234567", "S"),
        suit("AKQJ", "C") + suit("23456789T", "H"),
        suit("9TJQKA", "D") + suit("JQKA", "H") + suit("89T", "S"),
        suit("23456789T", "C") + suit("JQKA", "S"),
    ],
    "extra": [],
}


def test_partner_club_before_the_declaration_is_not_a_trump() -> None:
    game = tricktable.new_game("trumps", players=4, teams=True, deals=[TEAM_DEAL])
    play_all(game, ["mark 2D", "mark 2H", "mark JH", "mark 2C"])
    assert game.view(1)["seats"][3]["indicator"] == "face down"  # private even from the partner
    assert game.view(3)["seats"][3]["indicator"] == "2C"
    play_all(game, ["pass 2S 3S 4S", "pass 3H 4H 5H", "pass 8S 9S TS", "pass JS QS AS"])
    game.play("8D")
    game.play("AC")  # seat 1: void in diamonds, not declared: a plain club, off suit
    game.play("9D")
    game.play("declare 3C")  # seat 3, the partner: now clubs are the team's trumps
    assert last_trick_notes(game) == [(0, "8D", None), (1, "AC", None), (2, "9D", None), (3, "3C", "trump")]
    assert [e.seat for e in kinds(game, "trick_won")] == [3]  # the ace of clubs stayed a plain card
    assert [s["trumps"] for s in game.view(0)["seats"]] == ["", "clubs", "", "clubs"]
    assert game.view(0)["panels"]["Trumps"] == [
        "team 1 (seats 1 & 3), declared by seat 3: clubs (indicator 2♣ face up)"
    ]
    # Trick 2: seat 3 leads the king of spades, seat 0 wins it with the ace received in the pass.
    play_all(game, ["KS", "AS", "2S", "QD"])
    assert [e.seat for e in kinds(game, "trick_won")] == [3, 0]
    # Trick 3: seat 1 is void in diamonds and its team has declared: it must ruff, and cannot declare.
    game.play("7D")
    with pytest.raises(IllegalMove, match=r"you hold no diamonds, so you must play a trump \(clubs\)"):
        game.play("6H")
    with pytest.raises(IllegalMove, match=r"your partner \(seat 3\) already declared clubs"):
        game.play("declare 6H")
    assert sorted(game.view(1)["legal_moves"]) == ["JC", "KC", "QC"]
    game.play("JC")
    game.play("TD")
    with pytest.raises(IllegalMove, match="must play a trump"):
        game.play("8S")
    game.play("4C")
    assert last_trick_notes(game) == [(0, "7D", None), (1, "JC", "trump"), (2, "TD", None), (3, "4C", "trump")]
    assert [e.seat for e in kinds(game, "trick_won")] == [3, 0, 1]


# ----- the pass cycle ------------------------------------------------------------------------------


def test_pass_cycles() -> None:
    assert pass_cycle(3, False) == (1, 2)
    assert pass_cycle(4, False) == (1, 3, 2)
    assert pass_cycle(4, True) == (1, 3)  # L, R, L, R: across is the partner
    assert pass_cycle(5, False) == (1, 4, 2, 3)
    assert pass_cycle(6, False) == (1, 5, 2, 4, 3)
    assert pass_cycle(6, True) == (1, 5, 2, 4)
    assert pass_cycle(7, False) == (1, 6, 2, 5, 3, 4)
    assert pass_cycle(8, False) == (1, 7, 2, 6, 3, 5, 4)
    assert [direction_name(o, 6) for o in pass_cycle(6, False)] == [
        "left", "right", "2 to the left", "2 to the right", "across",
    ]  # fmt: skip


def random_to_hand(game: tricktable.Game, hand: int, rng: random.Random) -> None:
    while game.to_move is not None and game.view(None)["table"]["hand"] < hand:
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize(("players", "teams"), [(3, False), (4, False), (4, True), (5, False), (6, False),
                                                (6, True), (7, False), (8, False)])  # fmt: skip
def test_deal_sizes_and_pass_cycle_over_hands(players: int, teams: bool) -> None:
    game = tricktable.new_game("trumps", players=players, teams=teams, seed=players, target=1000)
    cycle = pass_cycle(players, teams)
    rng = random.Random(players)
    hand_size = 52 // players
    for hand in range(1, len(cycle) + 3):
        random_to_hand(game, hand, rng)
        started = kinds(game, "hand_started")[-1]
        assert started.hand == hand and started.cards == hand_size
        assert started.pass_direction == direction_name(cycle[(hand - 1) % len(cycle)], players)
        assert started.pass_count == (3 if players <= 4 else 2)
        table = game.view(None)["table"]
        assert table.get("extra cards", 0) == 52 - players * hand_size  # the key only when there are leftovers
        assert all(len(e.hand) == hand_size for e in kinds(game, "hand_dealt")[-players:])
    # Every pass went to the seat the cycle names, and never to a partner.
    for made in kinds(game, "pass_made"):
        assert made.to != made.seat
        if teams:
            assert made.to % (players // 2) != made.seat % (players // 2)
    for passed, made in zip(kinds(game, "cards_passed"), kinds(game, "pass_made"), strict=True):
        assert (passed.seat, passed.to) == (made.seat, made.to)
        assert passed.visible_to == frozenset({passed.seat})
        assert len(passed.cards) == (3 if players <= 4 else 2)


def test_four_player_team_pass_cycle_is_left_right_left_right() -> None:
    game = tricktable.new_game("trumps", players=4, teams=True, seed=5, target=1000)
    random_to_hand(game, 5, random.Random(5))
    assert [e.pass_direction for e in kinds(game, "hand_started")] == ["left", "right", "left", "right", "left"]
    received = kinds(game, "cards_received")
    assert [(e.source, e.seat) for e in received[:4]] == [(0, 1), (1, 2), (2, 3), (3, 0)]
    assert [(e.source, e.seat) for e in received[4:8]] == [(0, 3), (1, 0), (2, 1), (3, 2)]


# ----- the starter trick (3 players) ---------------------------------------------------------------

STARTER_DEAL: dict[str, Any] = {
    "dealer": 0,
    "hands": [
        suit("2678TJQA", "H") + suit("23456789T", "S"),
        suit("345K", "H") + suit("JQKA", "S") + suit("23456789T", "D"),
        suit("JQKA", "D") + suit("23456789TJQKA", "C"),
    ],
    "extra": ["9H"],
}


def starter_game() -> tricktable.Game:
    game = tricktable.new_game("trumps", players=3, deals=[STARTER_DEAL])
    play_all(game, ["mark 4H", "mark 2C", "mark 2S", "pass 2D 3D 4D", "pass 3C 4C 5C", "pass 3S 4S 5S"])
    return game


def test_starter_trick_thrown_out_when_nobody_beats_it() -> None:
    game = starter_game()
    assert kinds(game, "starter_turned")[-1].card == "9H"
    assert game.view(None)["table"]["starter card"] == "9H"
    assert trick_notes(game) == [(None, "9H", "starter")]
    assert game.to_move == 1  # the dealer's left plays first; the dealer plays last
    assert sorted(game.view(1)["legal_moves"]) == ["3H", "5H", "KH", "declare 3H", "declare 5H", "declare KH"]
    play_all(game, ["5H", "6C", "2H"])
    thrown = kinds(game, "starter_thrown_out")
    assert len(thrown) == 1 and thrown[0].cards == ("9H", "5H", "6C", "2H")
    assert game.to_move == 0  # the dealer leads next
    view = game.view(None)
    assert [s["tricks"] for s in view["seats"]] == [0, 0, 0]
    assert view["last_trick"]["winner"] is None
    assert all(s["cards"] == 15 for s in view["seats"])


def test_starter_trick_won_by_a_higher_card_or_a_trump() -> None:
    game = starter_game()
    ruff = game.clone()
    play_all(game, ["KH", "6C", "2H"])
    assert [e.seat for e in kinds(game, "trick_won")] == [1]
    assert kinds(game, "trick_won")[0].cards == ("9H", "KH", "6C", "2H")
    assert game.to_move == 1
    # Declaring hearts on the starter trick: the 3 is a trump and beats the 9; the ace (plain) does not.
    play_all(ruff, ["declare 3H", "6C", "AH"])
    assert [e.seat for e in kinds(ruff, "trick_won")] == [1]
    assert ruff.view(None)["last_trick"]["trumps"] == [False, True, False, False]


def test_seat_without_the_indicator_suit_can_never_declare() -> None:
    game = starter_game()
    game.play("5H")
    # Seat 2 marked a club and holds clubs, but must not declare with another suit's card.
    with pytest.raises(IllegalMove, match="your indicator is a club: you may only declare clubs"):
        game.play("declare AD")
    game.play("declare 6C")  # void in hearts: declaring clubs is legal
    assert trick_notes(game) == [(None, "9H", "starter"), (1, "5H", None), (2, "6C", "trump")]


# ----- tie-break hands -----------------------------------------------------------------------------


def find_game(predicate: Any, **options: Any) -> tricktable.Game:
    for seed in range(400):
        game = tricktable.new_game("trumps", seed=seed, **options)
        rng = random.Random(seed)
        while game.to_move is not None:
            game.play(rng.choice(game.legal_moves()))
        if predicate(game):
            return game
    raise AssertionError("no such game in 400 seeds")


def test_tie_break_hands_on_cumulative_totals() -> None:
    def tied_then_overtaken(game: tricktable.Game) -> bool:
        breaks = kinds(game, "tie_break_started")
        return bool(breaks) and game.result()["winners"][0] not in breaks[0].tied  # type: ignore[index]

    game = find_game(tied_then_overtaken, players=3, target=8)
    sheet = game.view(None)["score_sheet"]
    first_tie = next(i for i, row in enumerate(sheet) if sheet[i + 1]["tie_break"])
    totals = sheet[first_tie]["totals"]
    assert max(totals) >= 8 and totals.count(max(totals)) >= 2
    assert all(not row["tie_break"] for row in sheet[: first_tie + 1])
    # Everyone plays the tie-break hand and anyone may win it: here a seat that was not tied.
    result = game.result()
    assert result is not None
    winner = result["winners"][0]
    assert sheet[first_tie]["totals"][winner] < max(totals)
    final = sheet[-1]["totals"]
    assert final[winner] == max(final) and final.count(max(final)) == 1
    assert result["scores"] == final
    # The tie-break hand continued the dealer rotation and the pass cycle.
    starts = kinds(game, "hand_started")
    assert starts[first_tie + 1].tie_break and starts[first_tie + 1].dealer == (starts[first_tie].dealer + 1) % 3
    assert starts[first_tie + 1].pass_direction == ["left", "right"][first_tie + 1 & 1]


def test_game_ends_at_the_target_with_a_single_leader() -> None:
    for seed in range(6):
        game = tricktable.new_game("trumps", players=4, teams=True, seed=seed, target=20)
        play_out(game, {s: RandomBot(seed + s) for s in range(4)})
        sheet = game.score_sheet  # type: ignore[attr-defined]
        for row in sheet[:-1]:
            top = max(row["totals"])
            assert top < 20 or row["totals"].count(top) > 1  # the game would have ended
        final = sheet[-1]["totals"]
        assert max(final) >= 20 and final.count(max(final)) == 1
        result = game.result()
        assert result is not None
        team = final.index(max(final))
        assert result["winners"] == [team, team + 2]
        assert result["scores"] == [final[p % 2] for p in range(4)]


# ----- errors --------------------------------------------------------------------------------------


def test_illegal_moves_say_why_and_change_nothing() -> None:
    game = tricktable.new_game("trumps", players=4, deals=[HEARTS_DEAL])
    before = json.dumps(game.view(None))
    for bad, reason in [
        ("7H", "no cards are played yet: set your trump indicator first"),
        ("pass 3S 4S 5S", "this is not the time to pass"),
        ("mark 2D", "you do not hold 2D"),
        ("mark", "name one card"),
        ("mark 2S 3S", "name one card"),
        ("declare", "name the card"),
        ("pass", "name the cards"),
        ("pass 3S 3S 4S", "listed twice"),
        ("ZZ", "not a card"),
        ("", "not a card"),
        ("play 7H now", "is not a move"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            game.play(bad)
    assert json.dumps(game.view(None)) == before
    play_all(game, ["mark 2S", "mark 2H", "mark 2C", "mark QS"])
    assert game.phase == "pass" and game.to_move == 0
    for bad, reason in [
        ("mark 3S", "your indicator is already set"),
        ("pass 3S 4S", "pass exactly 3 cards with 4 players, not 2"),
        ("pass 3S 4S 5S 6S", "not 4"),
        ("pass 2S 3S 4S", "2S is your indicator: it is out of your hand"),
        ("pass 3S 4S 2D", "you do not hold 2D"),
        ("7H", "no cards are played yet: pass 3 cards"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            game.play(bad)
    play_all(game, ["pass 3S 4S 5S", "pass 2D 3D 4D", "pass 3C 4C 5C", "pass KS KD KC"])
    for bad, reason in [
        ("2S", "2S is your indicator: it shows your trump suit and is never played"),
        ("AH", "you do not hold AH"),
        ("declare 7H", "your indicator is a spade: you may only declare spades"),
        ("pass 6S 7S 8S", "this is not the time to pass"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            game.play(bad)
    game.play("7H")
    for bad, reason in [
        ("5D", "you must follow hearts: you hold 5H 4H"),
        ("declare 5D", "your indicator is a heart"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            game.play(bad)
    game.play("declare 4H")
    game.play("AH")
    game.play("3H")
    with pytest.raises(IllegalMove, match="you already declared hearts"):
        game.play("declare 5H")


def test_notation_spellings_and_canonical_pass() -> None:
    game = tricktable.new_game("trumps", players=4, deals=[HEARTS_DEAL])
    assert str(game.parse_move("MARK 10s")) == "mark TS"
    assert str(game.parse_move("pass 5S 3S 4S")) == "pass 5S 4S 3S"
    assert game.parse_move("pass 5♠ 3S 4s") == game.parse_move("pass 3S 4S 5S")
    assert str(game.parse_move("declare 4♥")) == "declare 4H"
    assert str(game.parse_move("10h")) == "TH"
    play_all(game, ["mark 2S", "mark 2H", "mark 2C", "mark QS"])
    moves = game.legal_moves()
    assert len(moves) == 220 == len(set(moves))  # C(12, 3)
    assert all(game.why_illegal(m) is None for m in moves)
    game.play("pass 5♠ 3s 4S")
    assert game.view(0)["passed"] == ["5S", "4S", "3S"]


def test_options_refused_clearly() -> None:
    for players in (3, 5, 7, 8):
        with pytest.raises(InvalidOptions, match=f"team play is for 4 players .* or 6 players .*, not {players}"):
            tricktable.new_game("trumps", players=players, teams=True)
    with pytest.raises(InvalidOptions, match="target must be 1 to 1000"):
        tricktable.new_game("trumps", target=0)
    with pytest.raises(InvalidOptions, match="3-8 players"):
        tricktable.new_game("trumps", players=2)
    with pytest.raises(InvalidOptions, match="3-8 players"):
        tricktable.new_game("trumps", players=9)


def test_explicit_deal_errors() -> None:
    good = STARTER_DEAL
    cases: list[tuple[dict[str, Any], str]] = [
        ({**good, "hands": good["hands"][:2]}, "has 2 hands for 3 players"),
        ({**good, "extra": []}, "'extra' must list the 1 leftover"),
        ({**good, "extra": ["2H"]}, "a card is dealt twice"),
        ({**good, "hands": [good["hands"][0][:-1], *good["hands"][1:]]}, "every hand must have 17 cards"),
        ({**good, "dealer": 3}, "dealer must be a seat 0..2"),
        ({"dealer": 0}, "needs 'hands'"),
        ({**good, "extra": ["XX"]}, "not a card"),
    ]
    for deal, reason in cases:
        with pytest.raises(InvalidOptions, match=reason):
            tricktable.new_game("trumps", players=3, deals=[deal])
    with pytest.raises(InvalidOptions, match="its dealer is seat 1"):
        tricktable.new_game("trumps", players=3, deals=[good, {**good, "dealer": 2}])
    # Later deals follow the rotation: the second hand is dealt by seat 1 from the given cards.
    game = tricktable.new_game("trumps", players=3, target=100, deals=[good, {**good, "dealer": 1}])
    random_to_hand(game, 2, random.Random(1))
    assert kinds(game, "hand_started")[-1].dealer == 1
    assert (
        list(kinds(game, "hand_dealt")[-3].hand)
        == tricktable.new_game("trumps", players=3, deals=[good]).view(0)["hand"]
    )


# ----- views ---------------------------------------------------------------------------------------


def test_views_hide_indicators_and_passes_until_revealed() -> None:
    game = tricktable.new_game("trumps", players=4, deals=[HEARTS_DEAL])
    play_all(game, ["mark 2S", "mark 2H"])
    assert [s["indicator"] for s in game.view(0)["seats"]] == ["2S", "face down", "", ""]
    assert game.view(1)["indicator"] == "2H" and game.view(0)["indicator"] == "2S"
    assert all(e["type"] != "indicator_chosen" or e["seat"] == 2 for e in game.view(2)["events"])
    play_all(game, ["mark 2C", "mark QS", "pass 3S 4S 5S"])
    # Seat 1 receives these cards, but sees nothing until every pass is in.
    view1 = game.view(1)
    assert "3S" not in json.dumps(view1) and view1["received"] == []
    assert game.view(0)["passed"] == ["5S", "4S", "3S"] and game.view(0)["pass_to"] == 1
    assert [s["passed"] for s in game.view(2)["seats"]] == [True, False, False, False]
    play_all(game, ["pass 2D 3D 4D", "pass 3C 4C 5C", "pass KS KD KC"])
    view1 = game.view(1)
    assert {"3S", "4S", "5S"} <= set(view1["hand"]) and view1["received"] == ["5S", "4S", "3S"]
    assert view1["received_from"] == 0
    assert [e["type"] for e in view1["events"]].count("cards_received") == 1
    assert view1["panels"]["You"] == [
        "2♥ (face down): you may declare hearts",
        "passed 4♦ 3♦ 2♦ to seat 2",
        "received 5♠ 4♠ 3♠ from seat 0",
    ]
    spectator = json.dumps(game.view(None))
    for hidden in ("2S", "2H", "2C", "QS", "3S", "2D", "3C", "KS"):
        assert f'"{hidden}"' not in spectator


def test_clone_is_independent() -> None:
    game = tricktable.new_game("trumps", players=5, seed=3)
    twin = game.clone()
    game.play(game.legal_moves()[0])
    assert twin.view(None)["move_number"] == 0 and game.view(None)["move_number"] == 1
    assert twin.view(twin.to_move)["hand"] != game.view(twin.to_move)["hand"]


# ----- records ------------------------------------------------------------------------------------


def test_record_round_trip(tmp_path: Path) -> None:
    game = tricktable.new_game("trumps", players=6, teams=True, seed=11, target=12)
    play_out(game, {s: make_bot("trumps", "heuristic", seed=s) for s in range(6)})
    record = json.loads(json.dumps(to_record(game)))
    twin = from_record(record)
    assert twin.view(None) == game.view(None)
    assert [e.to_dict() for e in twin.events] == [e.to_dict() for e in game.events]
    explicit = tricktable.new_game("trumps", players=3, deals=[STARTER_DEAL])
    play_all(explicit, ["mark 4H", "mark 2C", "mark 2S", "pass 2D 3D 4D"])
    again = from_record(json.loads(json.dumps(to_record(explicit))))
    assert again.view(2) == explicit.view(2)
