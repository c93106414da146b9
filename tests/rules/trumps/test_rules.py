"""Trumps, rule by rule and ruling by ruling (the game's page): the led suit of a trump lead, both sides
declaring the same suit, equal trumps of different suits, the compulsory ruff and the free discard, the
5-player starter trick with a second leftover, the end exactly at the target, repeated tie-breaks, explicit
deals and what each view shows."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tricktable
from tests.rules.trumps.test_game import kinds, play_all, suit
from tricktable import IllegalMove, InvalidOptions


def trick(game: tricktable.Game) -> list[tuple[int | None, str, str | None]]:
    return [(t["seat"], t["card"], t.get("note")) for t in game.view(None)["trick"]]


def winners(game: tricktable.Game) -> list[int]:
    return [e.seat for e in kinds(game, "trick_won")]


# ----- a 4-player deal walked through trick by trick ------------------------------------------------
# After the marks (2H, 2S, 2D, 3H) and the pass to the left, the hands are:
#   seat 0: 5H; 5C-QC; JS QS KS          seat 1: AH KH; 6S-TS; AC KC 4C 3C 2C
#   seat 2: 6D-AD; 3S 4S 5S              seat 3: 4H 6H-QH; AS; 3D 4D 5D

WALKTHROUGH_DEAL: dict[str, Any] = {
    "dealer": 3,
    "hands": [
        ["2H", "5H", *suit("23456789TJQ", "C")],
        ["AH", "KH", *suit("23456789T", "S"), "KC", "AC"],
        suit("23456789TJQKA", "D"),
        [*suit("346789TJQ", "H"), *suit("JQKA", "S")],
    ],
    "extra": [],
}
WALKTHROUGH_SETUP = [
    "mark 2H", "mark 2S", "mark 2D", "mark 3H",
    "pass 2C 3C 4C", "pass 3S 4S 5S", "pass 3D 4D 5D", "pass JS QS KS",
]  # fmt: skip


def walkthrough_game(teams: bool = False) -> tricktable.Game:
    game = tricktable.new_game("trumps", players=4, teams=teams, deals=[WALKTHROUGH_DEAL])
    play_all(game, WALKTHROUGH_SETUP)
    assert game.phase == "play" and game.to_move == 0
    return game


def test_a_trump_lead_keeps_its_printed_suit_and_both_sides_may_hold_hearts() -> None:
    game = walkthrough_game()
    game.play("declare 5H")  # seat 0 declares hearts as it leads: the 5 is a trump (ruling TR-R14)
    # The led suit is still hearts: seat 1 must follow with a plain heart, even its ace.
    with pytest.raises(IllegalMove, match="you must follow hearts: you hold AH KH"):
        game.play("6S")
    with pytest.raises(IllegalMove, match="declaring needs a legal spades play now: you must follow hearts"):
        game.play("declare 6S")
    game.play("AH")
    game.play("3S")  # seat 2: void in hearts, undeclared: any card
    # Seat 3 marked a heart too: hearts are led, so it may declare them (ruling TR-R17) and its hearts are trumps.
    assert {"declare 4H", "declare QH", "4H", "QH"} <= set(game.view(3)["legal_moves"])
    twin = game.clone()
    game.play("declare 4H")
    assert trick(game) == []
    assert game.view(None)["last_trick"]["trumps"] == [True, False, False, True]
    assert winners(game) == [0]  # trump 5 beats trump 4, and the plain ace loses to both
    twin.play("declare QH")
    assert winners(twin) == [3]  # a higher trump of the same suit for another side wins
    assert [s["trumps"] for s in twin.view(1)["seats"]] == ["hearts", "", "", "hearts"]
    assert twin.view(1)["panels"]["Trumps"] == [
        "seat 0: hearts (indicator 2♥ face up)",
        "seat 3: hearts (indicator 3♥ face up)",
    ]


def test_equal_trumps_of_different_suits_the_compulsory_ruff_and_the_free_discard() -> None:
    game = walkthrough_game()
    play_all(game, ["declare 5H", "AH", "3S", "declare 4H"])
    # Trick 2: seat 0 leads a club; seat 2 (void, undeclared) declares diamonds; seat 3 must ruff.
    play_all(game, ["5C", "2C", "declare 6D"])
    before = json.dumps(game.view(None))
    with pytest.raises(IllegalMove, match=r"you hold no clubs, so you must play a trump \(hearts\)"):
        game.play("AS")
    with pytest.raises(IllegalMove, match="you already declared hearts: your side has one trump suit"):
        game.play("declare 6H")
    assert json.dumps(game.view(None)) == before  # refused moves change nothing
    assert sorted(game.view(3)["legal_moves"]) == ["6H", "7H", "8H", "9H", "JH", "QH", "TH"]
    game.play("6H")
    assert game.view(None)["last_trick"]["trumps"] == [False, False, True, True]
    assert winners(game) == [0, 2]  # 6D and 6H are both trumps of rank 6: the first played wins
    # Trick 3: a plain ace of the led suit wins when nobody trumps.
    play_all(game, ["4S", "AS", "JS", "6S"])
    assert winners(game) == [0, 2, 3]
    # Trick 4: seat 0 has declared but holds neither diamonds nor hearts: any card is legal.
    game.play("3D")
    assert sorted(game.view(0)["legal_moves"]) == sorted(game.view(0)["hand"])
    game.play("6C")
    game.play("declare 7S")  # seat 1: void in diamonds, may declare spades
    assert sorted(game.view(2)["legal_moves"]) == ["7D", "8D", "9D", "AD", "JD", "KD", "QD", "TD"]
    game.play("8D")  # must follow diamonds, which are its trumps: 8 beats the spade 7
    assert game.view(None)["last_trick"]["trumps"] == [False, False, True, True]
    assert winners(game) == [0, 2, 3, 2]
    assert [s["trumps"] for s in game.view(0)["seats"]] == ["hearts", "spades", "diamonds", "hearts"]


def test_events_say_what_is_public_and_what_is_private() -> None:
    game = walkthrough_game()
    play_all(game, ["declare 5H", "AH", "3S"])
    declared = kinds(game, "trump_declared")
    assert [(e.seat, e.suit, e.card, e.visible_to) for e in declared] == [(0, "hearts", "2H", None)]
    assert [(e.seat, e.trump, e.visible_to) for e in kinds(game, "card_played")] == [
        (0, True, None), (1, False, None), (2, False, None),
    ]  # fmt: skip
    assert {e.visible_to for e in kinds(game, "indicator_chosen")} == {frozenset({s}) for s in range(4)}
    assert {e.visible_to for e in kinds(game, "indicator_set")} == {None}
    # Seat 3's indicator is still face down to every other seat and to spectators.
    for seat in (None, 0, 1, 2):
        assert game.view(seat)["seats"][3]["indicator"] == "face down"
        assert '"3H"' not in json.dumps(game.view(seat)["events"])
    assert game.view(3)["seats"][3]["indicator"] == "3H"


# ----- views and panels: what a player needs on screen ---------------------------------------------


def test_you_panel_says_when_declaring_is_no_longer_possible() -> None:
    game = walkthrough_game()
    assert game.view(0)["panels"]["You"][0] == "2♥ (face down): you may declare hearts"
    play_all(game, ["5H", "AH", "3S", "4H"])  # seat 0 plays its only heart without declaring
    assert game.view(0)["panels"]["You"][0] == "2♥ (face down): you hold no hearts, so you cannot declare"
    assert not any(m.startswith("declare") for m in game.view(0)["legal_moves"])


def test_pass_phase_shows_the_target_seat_in_words() -> None:
    game = tricktable.new_game("trumps", players=4, deals=[WALKTHROUGH_DEAL])
    play_all(game, WALKTHROUGH_SETUP[:4])
    view = game.view(0)
    assert view["table"]["pass"] == "3 cards to the left"
    assert view["panels"]["You"][-1] == "pass 3 cards to seat 1 (left)"
    assert [s["passed"] for s in view["seats"]] == [False, False, False, False]
    game.play("pass 2C 3C 4C")
    assert game.view(0)["panels"]["You"][-1] == "passed 4♣ 3♣ 2♣ to seat 1"
    play_all(game, WALKTHROUGH_SETUP[5:])
    # During play the pass flags are history: the seat rows carry only what matters for the tricks.
    assert all("passed" not in s for s in game.view(0)["seats"])
    # Without leftovers there is no starter card to speak of.
    assert "starter card" not in game.view(0)["table"] and "extra cards" not in game.view(0)["table"]


def test_pass_phrases_for_larger_tables() -> None:
    game = tricktable.new_game("trumps", players=6, seed=1, target=1000)
    rng = random.Random(1)
    seen = []
    while len(seen) < 5:
        table = game.view(None)["table"]
        if table["hand"] > len(seen):
            seen.append(table["pass"])
        game.play(rng.choice(game.legal_moves()))
    assert seen == [
        "2 cards to the left", "2 cards to the right", "2 cards 2 seats to the left",
        "2 cards 2 seats to the right", "2 cards across",
    ]  # fmt: skip


def test_team_view_names_the_partner_and_keeps_its_indicator_hidden() -> None:
    game = walkthrough_game(teams=True)
    assert game.view(0)["panels"]["You"][0] == "your partner: seat 2"
    assert game.view(None)["table"]["totals"] == "team 0 (seats 0 & 2): 0, team 1 (seats 1 & 3): 0"
    play_all(game, ["declare 5H", "AH"])
    # Seat 2's partner declared: its own indicator stays face down, and it can never declare diamonds.
    assert game.view(2)["panels"]["You"][1] == "2♦ (face down): your partner declared hearts"
    assert not any(m.startswith("declare") for m in game.view(2)["legal_moves"])
    assert game.view(0)["seats"][2]["indicator"] == "face down"  # hidden from the partner too (ruling TR-R9)
    assert [s["trumps"] for s in game.view(1)["seats"]] == ["hearts", "", "hearts", ""]


# ----- the 5-player starter trick: two leftovers, one turned ----------------------------------------

FIVE_DEAL: dict[str, Any] = {
    "dealer": 4,
    "hands": [
        suit("23456789TJ", "S"),
        [*suit("QKA", "S"), *suit("2345678", "H")],
        [*suit("9TJQKA", "H"), *suit("2345", "D")],
        [*suit("6789TJQKA", "D"), "2C"],
        suit("3456789TJQ", "C"),
    ],
    "extra": ["KC", "AC"],
}
FIVE_SETUP = [
    "mark 2S", "mark 2H", "mark 2D", "mark 6D", "mark 3C",
    "pass 3S 4S", "pass 3H 4H", "pass 3D 4D", "pass 7D 8D", "pass 4C 5C",
]  # fmt: skip


def five_game() -> tricktable.Game:
    game = tricktable.new_game("trumps", players=5, deals=[FIVE_DEAL])
    play_all(game, FIVE_SETUP)
    return game


def test_five_players_starter_trick_and_the_unseen_second_leftover() -> None:
    game = five_game()
    assert kinds(game, "starter_turned")[-1].card == "KC"
    assert game.view(None)["table"]["extra cards"] == 2
    assert game.to_move == 0 and trick(game) == [(None, "KC", "starter")]
    thrown = game.clone()
    # Nobody holds a higher club (the ace is the face-down second leftover): only a trump can win.
    play_all(thrown, ["4C", "3S", "5D", "2C", "QC"])
    assert kinds(thrown, "starter_thrown_out")[-1].cards == ("KC", "4C", "3S", "5D", "2C", "QC")
    assert thrown.to_move == 4 and [s["tricks"] for s in thrown.view(None)["seats"]] == [0] * 5
    # Seat 1 trumps with a heart 5; the dealer, last, declares clubs (the led suit) and overtrumps with the 6.
    play_all(game, ["4C", "declare 5H", "5D", "2C"])
    assert "declare 6C" in game.view(4)["legal_moves"]
    game.play("declare 6C")
    assert game.view(None)["last_trick"] == {
        "seats": [None, 0, 1, 2, 3, 4],
        "cards": ["KC", "4C", "5H", "5D", "2C", "6C"],
        "trumps": [False, False, True, False, False, True],
        "notes": [None, None, "trump", None, None, "trump"],
        "winner": 4,
        "round": 1,
    }
    assert game.to_move == 4
    for g in (game, thrown):
        for seat in (None, *range(5)):
            assert '"AC"' not in json.dumps(g.view(seat)), seat  # out of play and never seen


# ----- the end of the game -------------------------------------------------------------------------


def random_game(seed: int, **options: Any) -> tricktable.Game:
    game = tricktable.new_game("trumps", seed=seed, **options)
    rng = random.Random(seed)
    while game.to_move is not None:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_reaching_the_target_exactly_ends_the_game() -> None:
    found = 0
    for seed in range(60):
        game = random_game(seed, players=8, target=3)
        sheet = game.view(None)["score_sheet"]
        final = sheet[-1]["totals"]
        for row in sheet[:-1]:
            top = max(row["totals"])
            assert top < 3 or row["totals"].count(top) > 1
        if max(final) == 3:
            found += 1
            assert game.result()["summary"].endswith(
                f"with 3 points after {len(sheet)} hand{'' if len(sheet) == 1 else 's'}"
            )  # type: ignore[index]
    assert found >= 3


def test_a_tie_after_a_tie_break_hand_needs_another_one() -> None:
    for seed in range(300):
        game = random_game(seed, players=3, target=4)
        breaks = kinds(game, "tie_break_started")
        if len(breaks) >= 2:
            break
    else:
        raise AssertionError("no game with two tie-break hands in 300 seeds")
    sheet = game.view(None)["score_sheet"]
    first = next(i for i, row in enumerate(sheet) if row["tie_break"]) - 1
    for row in sheet[first:-1]:
        top = max(row["totals"])
        assert top >= 4 and row["totals"].count(top) >= 2  # still tied: play on
    assert all(row["tie_break"] for row in sheet[first + 1 :])
    second = sheet[first + 1]["totals"]
    assert breaks[1].tied == tuple(s for s, t in enumerate(second) if t == max(second))
    final = sheet[-1]["totals"]
    assert final.count(max(final)) == 1


# ----- explicit deals ------------------------------------------------------------------------------


def three_deal(dealer: int | None = None) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "hands": [
            [*suit("23456789TJQKA", "S"), *suit("345", "H"), "AC"],
            [*suit("6789TJQKA", "H"), *suit("23456789", "D")],
            [*suit("TJQKA", "D"), *suit("23456789TJQK", "C")],
        ],
        "extra": ["2H"],
    }
    if dealer is not None:
        deal["dealer"] = dealer
    return deal


def test_a_dealer_named_only_in_a_later_deal_sets_the_rotation() -> None:
    for seed in range(6):
        game = tricktable.new_game("trumps", players=3, seed=seed, deals=[three_deal(), three_deal(2)])
        assert kinds(game, "hand_started")[0].dealer == 1, seed


def test_explicit_deal_dealer_must_be_a_seat_number() -> None:
    for bad in ("x", None, 1.5, [0]):
        with pytest.raises(InvalidOptions, match=r"dealer must be a seat 0\.\.2"):
            tricktable.new_game("trumps", players=3, deals=[{**three_deal(), "dealer": bad}])
