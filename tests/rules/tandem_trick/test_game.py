"""Tandem Trick: the text's three examples, bids, tandems, forced bids, scoring, views and every error."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tricktable
from tricktable import IllegalMove, InvalidOptions
from tricktable.cli import app
from tricktable.core.narrate import name_seats, sentences
from tricktable.rules.tandem_trick import CARD_TEXT, TandemTrick, narrate, round_points, seat_facts

A, B, C, D = range(4)
DECK4 = list(CARD_TEXT)


def make_deal(fixed: dict[int, list[str]], players: int = 4, leader: int | None = 0) -> dict[str, Any]:
    """A full deal: the given cards to the given seats, the rest of the deck filled in order."""
    deck = DECK4[: 12 * (3 if players == 3 else 4)]
    used = {c for cards in fixed.values() for c in cards}
    rest = [c for c in deck if c not in used]
    hands = []
    for seat in range(players):
        hand = list(fixed.get(seat, []))
        while len(hand) < 12:
            hand.append(rest.pop(0))
        hands.append(hand)
    deal: dict[str, Any] = {"hands": hands}
    if leader is not None:
        deal["leader"] = leader
    return deal


def game_with(fixed: dict[int, list[str]], players: int = 4, **options: Any) -> TandemTrick:
    game = tricktable.new_game("tandem-trick", players=players, seed=3, deals=[make_deal(fixed, players)], **options)
    assert isinstance(game, TandemTrick)
    return game


def kinds(game: tricktable.Game) -> list[str]:
    return [e.kind for e in game.events]


def last(game: tricktable.Game, kind: str) -> Any:
    return [e for e in game.events if e.kind == kind][-1]


# ----- the text's examples -------------------------------------------------------------------------


def test_example_1_tandem_wins_and_the_higher_card_leads() -> None:
    game = game_with({A: ["R3"], B: ["R6"], C: ["R1"], D: ["R8"]})
    assert game.to_move == A
    game.play("R3")
    game.play("tandem R6")
    game.play("R1")
    game.play("R8")  # D could have ridden along with C, but plays alone
    won = last(game, "trick_won")
    assert won.winners == (A, B) and won.value == 9
    assert game.to_move == B  # 6 > 3
    assert [s["tricks"] for s in game.view(None)["seats"]] == [1, 1, 0, 0]
    assert game.view(None)["last_trick"]["notes"] == ["alone", "tandem with seat 0", "alone", "alone"]


def test_example_1_c_cannot_ride_on_b_tandem() -> None:
    game = game_with({A: ["R3"], B: ["R6"], C: ["R1"], D: ["R8"]})
    game.play("R3")
    game.play("tandem R6")
    with pytest.raises(IllegalMove, match="cannot ride along on a tandem"):
        game.play("tandem R1")
    assert "tandem R1" not in {str(m) for m in game.legal_moves()}
    game.play("R1")
    assert "tandem R8" in {str(m) for m in game.legal_moves()}  # D may ride along with C


def test_example_2_tie_goes_to_the_highest_single_card() -> None:
    game = game_with({A: ["R3"], B: ["R6"], C: ["R1"], D: ["R8"]})
    for move in ["R3", "tandem R6", "R1", "tandem R8"]:
        game.play(move)
    won = last(game, "trick_won")
    assert won.winners == (C, D) and won.value == 9
    assert game.to_move == D
    assert [s["tricks"] for s in game.view(None)["seats"]] == [0, 0, 1, 1]


def test_example_3_tandem_skips_a_bidder_and_loses_the_tie() -> None:
    game = game_with({A: ["R3"], B: ["Y5"], C: ["R5"], D: ["R8"]})
    game.play("R3")
    game.play("bid Y5")  # B predicts 5 tricks and sits out
    game.play("tandem R5")  # C skips B and rides along with A: 8
    trick = game.view(None)["trick"]
    assert [t["note"] for t in trick] == ["alone", "bid 5", "tandem with seat 0"]
    game.play("R8")
    won = last(game, "trick_won")
    assert won.winners == (D,) and won.value == 8
    assert game.to_move == D
    view = game.view(None)
    assert [s["tricks"] for s in view["seats"]] == [0, 0, 0, 1]
    assert view["seats"][B]["bid"] == 5 and view["seats"][B]["bid_card"] == "Y5" and view["seats"][B]["bonus"] == 6


# ----- bids ----------------------------------------------------------------------------------------


def test_all_bid_trick_is_skipped_and_the_same_player_leads() -> None:
    game = game_with({A: ["R3"], B: ["Y5"], C: ["B2"], D: ["K9"]})
    game.play("bid R3")
    game.play("bid Y5")
    game.play("bid B2")
    game.play("bid K9")
    skipped = last(game, "all_bid_trick_skipped")
    assert skipped.trick == 1 and skipped.leader == A
    assert "trick_won" not in kinds(game)
    assert game.to_move == A
    view = game.view(None)
    assert view["table"]["trick"] == 2
    assert [s["bonus"] for s in view["seats"]] == [6, 3, 1, 0]
    assert view["table"]["bonus cards left"] == "none"
    assert all(s["tricks"] == 0 and s["cards"] == 11 for s in view["seats"])


def test_lead_player_bids_and_the_next_player_sets_the_lead_suit() -> None:
    game = game_with({A: ["R3"], B: ["Y4"], C: ["Y2", "R9"], D: ["Y7"]})
    game.play("bid R3")
    assert game.view(None)["table"]["lead suit"] is None
    with pytest.raises(IllegalMove, match="no lead-suit card to ride along with"):
        game.play("tandem Y4")  # nobody has played a card yet
    game.play("Y4")
    assert game.view(None)["table"]["lead suit"] == "yellow"
    with pytest.raises(IllegalMove, match="must follow yellow"):
        game.play("R9")
    game.play("tandem Y2")  # C's right neighbour B played the lead suit
    game.play("Y7")
    won = last(game, "trick_won")
    assert won.winners == (D,)  # 7 > 4 + 2 = 6
    assert game.to_move == D


def test_tandem_skips_several_bidders_but_never_wraps() -> None:
    game = game_with({A: ["R3"], B: ["Y5"], C: ["B2"], D: ["R5"]})
    game.play("R3")
    game.play("bid Y5")
    game.play("bid B2")
    game.play("tandem R5")  # D skips B and C: rides along with A
    assert last(game, "trick_won").winners == (A, D)
    assert game.to_move == D

    game = game_with({A: ["R3"], B: ["Y5"], C: ["B2"], D: ["R5"]})
    game.play("bid R3")
    game.play("bid Y5")
    game.play("bid B2")
    assert not any(str(m).startswith("tandem") for m in game.legal_moves())
    with pytest.raises(IllegalMove, match="nobody has played a card before you"):
        game.play("tandem R5")
    game.play("R5")  # the only card played: it wins alone (ruling TD-R17)
    assert last(game, "trick_won").winners == (D,)


def test_a_player_who_bid_earlier_in_the_round_is_not_skipped() -> None:
    game = game_with({A: ["R3", "Y1"], B: ["Y5", "R6"], C: ["B2"], D: ["K9"]})
    for move in ["bid Y1", "bid Y5", "bid B2", "bid K9"]:
        game.play(move)
    assert game.to_move == A
    game.play("R3")
    assert "tandem R6" in {str(m) for m in game.legal_moves()}  # A bid in trick 1, not in this one
    game.play("tandem R6")
    assert game.view(None)["trick"][1]["note"] == "tandem with seat 0"


def test_cannot_ride_along_with_a_discard() -> None:
    game = game_with({A: ["R3"], B: ["Y5"], C: ["R5"]})
    assert game.hands[B] & 0xFFF == 0  # B holds no red, so its Y5 is a discard
    game.play("R3")
    game.play("Y5")
    with pytest.raises(IllegalMove, match="no lead-suit card to ride along with: seat 1 discarded Y5"):
        game.play("tandem R5")


def test_you_already_bid_this_round() -> None:
    game = game_with({A: ["R3"], B: ["Y5"], C: ["B2"], D: ["K9"]})
    for move in ["bid R3", "Y5", "B2", "K9"]:
        game.play(move)
    winner = last(game, "trick_won").winners[0]
    while game.to_move != A:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMove, match=r"you already bid this round \(with R3\)"):
        game.play(f"bid {CARD_TEXT[game.hands[A].bit_length() - 1]}")
    assert winner in (B, C, D)


def test_illegal_cards_and_notation() -> None:
    game = game_with({A: ["R3"], B: ["Y5"]})
    with pytest.raises(IllegalMove, match="you do not hold Y5"):
        game.play("Y5")
    with pytest.raises(IllegalMove, match="is not a card"):
        game.play("R12")
    with pytest.raises(IllegalMove, match="is not a card"):
        game.play("X3")
    with pytest.raises(IllegalMove, match="write 'bid CARD'"):
        game.play("bid")
    game.play("r3")  # case-insensitive in
    assert str(game.history[-1]) == "R3"
    three = game_with({A: ["R3"]}, players=3)
    with pytest.raises(IllegalMove, match="black cards are not used with 3 players"):
        three.play("K3")


# ----- forced bids, scoring, game end --------------------------------------------------------------


def play_round_with_early_bids(bidders: dict[int, str]) -> TandemTrick:
    """Seats in ``bidders`` bid with that card in trick 1; everybody else plays its first legal card."""
    fixed = {seat: [card] for seat, card in bidders.items()}
    game = game_with(fixed, target=1000)
    while game.round_no == 1:
        seat = game.to_move
        assert seat is not None
        if seat in bidders and game.bid_card[seat] < 0:
            game.play(f"bid {bidders[seat]}")
        else:
            game.play(next(str(m) for m in game.legal_moves() if not str(m).startswith("bid")))
    return game


def test_forced_bids_with_the_last_card_in_turn_order() -> None:
    game = play_round_with_early_bids({B: "Y5", C: "B2"})
    forced: list[Any] = [e for e in game.events if e.kind == "forced_bid"]
    assert {e.seat for e in forced} == {A, D}
    assert all(e.trick == 12 for e in forced)
    final_leader = game.round_leader  # round 2 is led by the lead player of round 1's final trick
    # The forced bids come in turn order from the final trick's lead player: the first takes the 1, then none.
    order = sorted((A, D), key=lambda s: (s - final_leader) % 4)
    assert [e.seat for e in forced] == order
    assert [e.bonus for e in forced] == [1, 0]
    # Forced bids are not moves: nobody chose them.
    assert len(game.history) == 48 - 2
    sheet = game.score_sheet[0]
    assert sheet["bonus"][B] == 6 and sheet["bonus"][C] == 3
    assert sheet["bonus"][order[0]] == 1 and sheet["bonus"][order[1]] == 0
    assert sheet["resolved"] == 12


def test_nobody_bids_until_the_end_all_bid_last_trick() -> None:
    game = play_round_with_early_bids({})
    forced: list[Any] = [e for e in game.events if e.kind == "forced_bid"]
    assert len(forced) == 4 and [e.bonus for e in forced] == [6, 3, 1, 0]
    assert last(game, "all_bid_trick_skipped").trick == 12
    sheet = game.score_sheet[0]
    assert sheet["resolved"] == 11
    assert sum(sheet["tricks"]) == 11 + sheet["tandem_wins"]
    # The next round is led by the player who led the final trick (who bid in it).
    assert game.round_leader == forced[0].seat


def test_round_points() -> None:
    assert round_points(3, 3, 6, True) == 12
    assert round_points(2, 4, 3, True) == 4
    assert round_points(5, 5, 0, True) == 10
    assert round_points(0, 0, 1, True) == 1_000_001
    assert round_points(0, 0, 1, False) == 1_000_000
    assert round_points(0, 2, 6, True) == 2


def _random_moves_until(predicate: Any, players: int = 4, limit: int = 400, **options: Any) -> tuple[int, list[str]]:
    for seed in range(limit):
        game = tricktable.new_game("tandem-trick", players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        if predicate(game):
            return seed, [str(m) for m in game.history]
    raise AssertionError("no such game found")


def test_misere_scores_a_million_plus_bonus_and_ends_the_game() -> None:
    def misere(game: tricktable.Game) -> bool:
        row = game.score_sheet[-1]  # type: ignore[attr-defined]
        return any(b == 0 and t == 0 for b, t in zip(row["bids"], row["tricks"], strict=True))

    seed, moves = _random_moves_until(misere)
    game = tricktable.new_game("tandem-trick", players=4, seed=seed)
    for move in moves:
        game.play(move)
    row = game.score_sheet[-1]  # type: ignore[attr-defined]
    seat = next(p for p in range(4) if row["bids"][p] == 0 and row["tricks"][p] == 0)
    assert row["points"][seat] == 1_000_000 + row["bonus"][seat]
    result = game.result()
    assert result is not None and seat in result["winners"] and game.phase == "over"
    assert kinds(game)[-2:] == ["round_scored", "game_over"]
    # Said as the rules say it, never as a sum of seven digits nobody reads ("wins with 1000008 points").
    view = game.view(None)
    texts = [result["summary"], *view["panels"]["rounds"], *sentences(narrate, view["events"], [])]
    texts += [fact for row in view["seats"] for fact in seat_facts(view, row, [])]
    assert "the misère's 1,000,000 points" in result["summary"]
    assert any("the misère's 1,000,000 points" in text for text in view["panels"]["rounds"])
    assert not [text for text in texts if re.search(r"\d{7}", text)], texts

    plain = tricktable.new_game("tandem-trick", players=4, seed=seed, misere_bonus=False)
    for move in moves:
        plain.play(move)
    assert plain.score_sheet[-1]["points"][seat] == 1_000_000  # type: ignore[attr-defined]


def test_game_ends_after_the_round_reaching_the_target_and_ties_share() -> None:
    def tie(game: tricktable.Game) -> bool:
        result = game.result()
        return result is not None and len(result["winners"]) > 1

    seed, moves = _random_moves_until(tie, target=8)
    game = tricktable.new_game("tandem-trick", players=4, seed=seed, target=8)
    for move in moves:
        game.play(move)
    result = game.result()
    assert result is not None and "share the victory" in result["summary"]
    top = max(result["scores"])
    assert top >= 8 and result["winners"] == [p for p in range(4) if result["scores"][p] == top]
    # No earlier round reached the target.
    assert all(max(row["totals"]) < 8 for row in game.score_sheet[:-1])  # type: ignore[attr-defined]
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play("R1")


# ----- deals, options, views -----------------------------------------------------------------------


def test_explicit_deals_are_validated() -> None:
    good = make_deal({})
    with pytest.raises(InvalidOptions, match="has 3 hands for 4 players"):
        tricktable.new_game("tandem-trick", deals=[{"hands": good["hands"][:3]}])
    short = [list(h) for h in good["hands"]]
    short[1] = short[1][:11]
    with pytest.raises(InvalidOptions, match="seat 1 has 11 cards"):
        tricktable.new_game("tandem-trick", deals=[{"hands": short}])
    twice = [list(h) for h in good["hands"]]
    twice[2][0] = twice[0][0]
    with pytest.raises(InvalidOptions, match="dealt twice"):
        tricktable.new_game("tandem-trick", deals=[{"hands": twice}])
    with pytest.raises(InvalidOptions, match="not a card"):
        tricktable.new_game("tandem-trick", deals=[{"hands": [["Z1"] * 12] * 4}])
    with pytest.raises(InvalidOptions, match="leader must be a seat"):
        tricktable.new_game("tandem-trick", deals=[{"hands": good["hands"], "leader": 4}])
    with pytest.raises(InvalidOptions, match="only the first deal names a leader"):
        tricktable.new_game("tandem-trick", deals=[good, good])
    four = make_deal({}, players=4)["hands"]
    with pytest.raises(InvalidOptions, match="black cards"):
        tricktable.new_game("tandem-trick", players=3, deals=[{"hands": four[1:]}])
    with pytest.raises(InvalidOptions, match="for 3-4 players"):
        tricktable.new_game("tandem-trick", players=5)
    with pytest.raises(InvalidOptions, match="target must be 1 to 1000"):
        tricktable.new_game("tandem-trick", target=0)
    # Without a leader the first lead comes from the seeded shuffle, reproducibly.
    leads = {tricktable.new_game("tandem-trick", seed=s, deals=[{"hands": good["hands"]}]).to_move for s in range(20)}
    assert len(leads) > 1
    assert tricktable.new_game("tandem-trick", seed=5).to_move == tricktable.new_game("tandem-trick", seed=5).to_move


def test_views_show_card_backs_bids_and_tandems_but_no_hidden_card() -> None:
    game = game_with({A: ["R3", "R8", "R9", "Y11", "B0"], B: ["R6"], C: ["R1"], D: ["R10"]})
    view = game.view(B)
    seat_a = view["seats"][A]
    hand_a = game.hands[A]
    highs = {"R": 0, "Y": 0, "B": 0, "K": 0}
    for c in range(48):
        if hand_a >> c & 1 and c % 12 >= 8:
            highs["RYBK"[c // 12]] += 1
    assert seat_a["backs"] == highs and seat_a["unmarked"] == 12 - sum(highs.values())
    assert view["hand"] and all(card in CARD_TEXT for card in view["hand"])
    assert game.view(None)["hand"] == []
    text = json.dumps(view)
    for card in ["R3", "R8", "R9", "Y11"]:
        assert f'"{card}"' not in text
    game.play("R3")
    game.play("tandem R6")
    view = game.view(D)
    assert view["trick"] == [
        {"seat": A, "card": "R3", "note": "alone"},
        {"seat": B, "card": "R6", "note": "tandem with seat 0"},
    ]
    assert view["table"]["lead suit"] == "red"
    assert [e["type"] for e in view["events"]].count("hand_dealt") == 1
    assert view["card_colours"]["K"] == "black"
    assert any("seat 0: 8-11 by colour" in line for line in view["panels"]["card backs"])


def test_events_carry_the_story() -> None:
    game = game_with({A: ["R3"], B: ["Y5"], C: ["R5"], D: ["R8"]})
    for move in ["R3", "bid Y5", "tandem R5", "R8"]:
        game.play(move)
    dealt = [e for e in game.events if e.kind == "hand_dealt"]
    assert [e.visible_to for e in dealt] == [frozenset({s}) for s in range(4)]
    bid = last(game, "bid")
    assert (bid.seat, bid.card, bid.bid, bid.bonus, bid.visible_to) == (B, "Y5", 5, 6, None)
    tandem = last(game, "tandem_formed")
    assert (tandem.seat, tandem.partner, tandem.total) == (C, A, 8)
    won = last(game, "trick_won")
    assert won.sides == ("seat 0+2: R3+R5=8", "seat 3: R8=8")


def test_cli_plays_and_replays(tmp_path: Path) -> None:
    runner = CliRunner()
    record = tmp_path / "tandem.json"
    result = runner.invoke(app, ["play", "tandem-trick", "--bots-only", "--seed", "1", "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "rides along with" in result.output and "is scored" in result.output
    data = json.loads(record.read_text())
    assert data["game"] == "tandem-trick" and data["result"]["winners"]
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert name_seats(data["result"]["summary"], data["seats"]) in replayed.output.replace("\n", " ")
    as_json = json.loads(runner.invoke(app, ["replay", str(record), "--json"]).output)
    assert as_json["result"] == data["result"] and as_json["phase"] == "over"


def test_terminal_view_renders() -> None:
    from rich.console import Console

    from tricktable.render import render_view

    game = game_with({A: ["R3"], B: ["R6"]})
    game.play("R3")
    console = Console(record=True, width=140)
    render_view(console, game.view(B))
    out = console.export_text()
    assert "tandem R6" in out and "8-11 by colour" in out and "R3(alone)" in out
