"""Tricks Together: the text's worked example, every variant and every failure path."""

from __future__ import annotations

from typing import Any

import pytest

import tricktable
from tricktable import IllegalMove, InvalidOptions
from tricktable.rules.tricks_together import round_sequence

EXAMPLE_DEAL = {
    "round": 3,
    "dealer": 0,
    "trump": "9S",
    # Anna (dealer), Ben, Carla, Dan, clockwise.
    "hands": [["AH", "7C", "4D"], ["KS", "TH", "3C"], ["5H", "2D", "6C"], ["QD", "8C", "2S"]],
}
ANNA, BEN, CARLA, DAN = range(4)


def example_game(**options: object) -> tricktable.Game:
    return tricktable.new_game("tricks-together", players=4, seed=1, deals=[EXAMPLE_DEAL], **options)


def trick_winners(game: tricktable.Game) -> list[int]:
    return [e.seat for e in game.events if e.kind == "trick_won"]  # type: ignore[attr-defined]


def test_worked_example_round_3_move_by_move() -> None:
    game = example_game()
    assert game.view(None)["table"]["trumps"] == "spades"
    assert game.to_move == BEN  # everybody except the dealer commits, from the dealer's left
    game.play("bid 1")
    game.play("bid 0")
    game.play("bid 1")
    view = game.view(None)
    assert [s["number"] for s in view["seats"]] == [1, 1, 0, 1]  # Anna must win 3 - 2 = 1
    revealed = [e for e in game.events if e.kind == "numbers_revealed"]
    assert revealed[-1].dealer_number == 1  # type: ignore[attr-defined]
    assert game.to_move == BEN  # the player to the dealer's left leads

    for card in ["3C", "6C", "8C", "7C"]:
        game.play(card)
    assert trick_winners(game) == [DAN]
    assert game.to_move == DAN
    game.play("2S")
    game.play("4D")  # Anna has no spades
    with pytest.raises(IllegalMove, match="must follow spades: you hold KS"):
        game.play("TH")
    game.play("KS")
    game.play("2D")
    assert trick_winners(game) == [DAN, BEN]
    game.play("TH")
    game.play("5H")
    game.play("QD")
    game.play("AH")
    assert trick_winners(game) == [DAN, BEN, ANNA]
    sheet = game.view(None)["score_sheet"]
    assert sheet[-1]["success"] is True
    assert sheet[-1]["tricks"] == [1, 1, 0, 1]
    # On to round 4, dealt by Ben; no life lost.
    table = game.view(None)["table"]
    assert (table["round"], table["cards"], table["dealer"], table["lives"]) == (4, 4, BEN, 3)


def test_illegal_moves_say_why_and_change_nothing() -> None:
    game = example_game()
    before = game.view(None)
    for bad, reason in [
        ("7C", "choose a number"),
        ("bid 4", "0 to 3"),
        ("bid x", "bid N"),
        ("ZZ", "not a card"),
        ("", "not a card"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            game.play(bad)
    assert game.view(None) == before
    game.play("bid 1")
    game.play("bid 0")
    game.play("bid 1")
    with pytest.raises(IllegalMove, match="you do not hold AH"):
        game.play("AH")
    with pytest.raises(IllegalMove, match="play a card now"):
        game.play("bid 1")
    assert issubclass(IllegalMove, ValueError)


def test_notation_accepts_all_spellings() -> None:
    game = example_game()
    for text in ("bid 1", "BID 0", "1"):
        game.play(text)
    game.play("3c")  # Ben
    game.play("6♣")  # Carla
    game.play("8C")
    game.play("7c")
    game.play("2♠")
    game.play("4d")
    game.play("K♠")
    game.play("2D")
    game.play("10h")  # T or 10
    assert [str(m) for m in game.history][-1] == "TH"


def test_sum_over_cards_fails_at_once_and_next_player_deals() -> None:
    game = example_game()
    game.play("bid 3")
    game.play("bid 1")
    game.play("bid 0")  # 4 > 3 cards
    failed = [e for e in game.events if e.kind == "round_failed"]
    assert failed and "add up to 4, more than the 3 cards" in failed[0].reason  # type: ignore[attr-defined]
    table = game.view(None)["table"]
    assert (table["round"], table["lives"], table["dealer"], table["deal"]) == (3, 2, BEN, 2)
    assert not any(e.kind == "card_played" for e in game.events)


def test_over_taking_stops_the_round_early() -> None:
    game = example_game()
    game.play("bid 1")  # Ben
    game.play("bid 0")  # Carla
    game.play("bid 0")  # Dan: Anna must take 2
    for card in ["3C", "6C", "8C", "7C"]:  # Dan wins a trick he did not want
        game.play(card)
    failed = [e for e in game.events if e.kind == "round_failed"]
    assert failed and "too many tricks" in failed[0].reason  # type: ignore[attr-defined]
    assert failed[0].missed == (DAN,)  # type: ignore[attr-defined]
    assert game.view(None)["table"]["lives"] == 2
    assert game.view(None)["table"]["round"] == 3  # the same round is replayed


def test_game_ends_at_fourth_failure_not_at_zero_lives() -> None:
    game = tricktable.new_game("tricks-together", players=3, seed=5)
    failures = 0
    while game.to_move is not None:
        # Everyone bids the maximum: the others' sum always exceeds the cards, so every round fails.
        game.play(f"bid {game.view(game.to_move)['table']['cards']}")
        if game.to_move is not None and game.phase == "commit" and game.view(None)["table"]["deal"] > failures + 1:
            failures += 1
            assert game.view(None)["table"]["lives"] == 3 - failures
    assert failures == 3  # three lives lost, and the game went on at 0 lives
    result = game.result()
    assert result is not None and result["won"] is False and result["score"] == 1
    assert sum(1 for e in game.events if e.kind == "round_failed") == 4
    assert sum(1 for e in game.events if e.kind == "life_lost") == 3


def test_four_lives_option() -> None:
    game = tricktable.new_game("tricks-together", players=3, seed=5, lives=4)
    while game.to_move is not None:
        game.play(f"bid {game.view(game.to_move)['table']['cards']}")
    assert sum(1 for e in game.events if e.kind == "round_failed") == 5


def test_round_sequences() -> None:
    assert round_sequence(False, False) == (1, 2, 3, 4, 5, 6, 7)
    assert round_sequence(True, False) == tuple(range(1, 11))
    assert round_sequence(False, True) == (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)
    assert len(round_sequence(True, True)) == 19
    game = tricktable.new_game("tricks-together", players=4, long_climb=True, up_and_down=True)
    assert game.view(None)["table"]["rounds"] == 19


def test_long_climb_refused_for_five_players() -> None:
    with pytest.raises(InvalidOptions, match="Long climb is for 3 or 4 players"):
        tricktable.new_game("tricks-together", players=5, long_climb=True)
    with pytest.raises(InvalidOptions, match="3-5 players"):
        tricktable.new_game("tricks-together", players=6)
    with pytest.raises(InvalidOptions, match="no option"):
        tricktable.new_game("tricks-together", players=4, jokers=True)
    with pytest.raises(InvalidOptions, match="one of 3, 4"):
        tricktable.new_game("tricks-together", players=4, lives=7)
    with pytest.raises(InvalidOptions, match="no game called"):
        tricktable.new_game("hearts")


def test_no_trumps_in_odd_rounds() -> None:
    deal = dict(EXAMPLE_DEAL)
    game = tricktable.new_game("tricks-together", players=4, seed=1, deals=[deal], no_trumps=True)
    assert game.view(None)["table"]["trumps"] == "none"
    assert game.view(None)["table"]["trump card"] == "9S"  # still turned up
    for move in ["bid 1", "bid 0", "bid 1", "3C", "6C", "8C", "7C", "2S", "4D", "KS", "2D"]:
        game.play(move)
    # Without trumps the 2S lead is still won by the highest spade, the KS.
    assert trick_winners(game) == [DAN, BEN]
    # A trump-suit card does not beat a led suit in a no-trumps round.
    even = tricktable.new_game(
        "tricks-together",
        players=3,
        seed=2,
        no_trumps=True,
        deals=[{"round": 1, "dealer": 0, "trump": "2S", "hands": [["3S"], ["AH"], ["KH"]]}],
    )
    for move in ["bid 1", "bid 0", "AH", "KH", "3S"]:
        even.play(move)
    assert trick_winners(even) == [1]
    game2 = tricktable.new_game(
        "tricks-together",
        players=3,
        seed=2,
        no_trumps=True,
        deals=[{"round": 2, "dealer": 0, "trump": "2S", "hands": [["3S", "4D"], ["AH", "5D"], ["KH", "6D"]]}],
    )
    assert game2.view(None)["table"]["trumps"] == "spades"  # even rounds keep trumps
    for move in ["bid 1", "bid 0", "AH", "KH", "3S"]:
        game2.play(move)
    assert trick_winners(game2) == [0]


def test_secret_numbers_reveal_only_at_the_end() -> None:
    game = example_game(secret_numbers=True)
    game.play("bid 1")
    game.play("bid 0")
    game.play("bid 1")
    for seat in range(4):
        numbers = [s["number"] for s in game.view(seat)["seats"]]
        expected = [None, None, None, None]
        if seat != ANNA:
            expected[seat] = [None, 1, 0, 1][seat]
        assert numbers == expected  # each sees only their own; the dealer sees none
    assert [s["number"] for s in game.view(None)["seats"]] == [None] * 4
    assert not any(e.kind == "numbers_revealed" for e in game.events)
    for card in ["3C", "6C", "8C", "7C", "2S", "4D", "KS", "2D", "TH", "5H", "QD"]:
        game.play(card)
        assert not any(e.kind == "numbers_revealed" for e in game.events)
    game.play("AH")
    revealed = [e for e in game.events if e.kind == "numbers_revealed"]
    assert revealed[0].numbers == (1, 1, 0, 1)  # type: ignore[attr-defined]
    assert game.view(None)["score_sheet"][-1]["success"] is True


def test_secret_numbers_play_every_card_even_when_over() -> None:
    game = example_game(secret_numbers=True)
    for move in ["bid 1", "bid 0", "bid 0"]:
        game.play(move)
    for card in ["3C", "6C", "8C", "7C"]:
        game.play(card)  # Dan is over, but nobody may know: no early stop
    assert not any(e.kind == "round_failed" for e in game.events)
    for card in ["2S", "4D", "KS", "2D", "TH", "5H", "QD", "AH"]:
        game.play(card)
    failed = [e for e in game.events if e.kind == "round_failed"]
    assert failed and failed[0].missed == (ANNA, DAN)  # type: ignore[attr-defined]


def test_secret_numbers_sum_over_cards_fails_at_the_end() -> None:
    game = example_game(secret_numbers=True)
    for move in ["bid 3", "bid 3", "bid 3"]:
        game.play(move)
    assert game.phase == "play"
    for card in ["3C", "6C", "8C", "7C", "2S", "4D", "KS", "2D", "TH", "5H", "QD", "AH"]:
        game.play(card)
    failed = [e for e in game.events if e.kind == "round_failed"]
    assert failed and "more than the 3 cards" in failed[0].reason  # type: ignore[attr-defined]


def test_winning_the_game_scores_lives_left() -> None:
    deal = {
        "round": 7,
        "dealer": 0,
        "trump": "2S",
        "hands": [
            ["AS", "KS", "QS", "JS", "TS", "9S", "8S"],
            ["AH", "KH", "QH", "JH", "TH", "9H", "8H"],
            ["AD", "KD", "QD", "JD", "TD", "9D", "8D"],
        ],
    }
    game = tricktable.new_game("tricks-together", players=3, seed=1, deals=[deal])
    game.play("bid 0")  # seat 1
    game.play("bid 0")  # seat 2: the dealer must take all 7
    while game.to_move is not None:
        game.play(str(game.legal_moves()[0]))
    result = game.result()
    assert result == {
        "won": True,
        "score": 3,
        "winners": [0, 1, 2],
        "scores": [3, 3, 3],
        "summary": "The team cleared all 7 rounds with 3 lives left: score 3",
    }
    assert game.events[-1].kind == "game_over"


def test_dealer_rotates_after_every_round_won_or_lost() -> None:
    game = tricktable.new_game("tricks-together", players=5, seed=11)
    while game.to_move is not None:
        game.play(str(game.legal_moves()[0]))
    dealers = [e.dealer for e in game.events if e.kind == "round_dealt"]  # type: ignore[attr-defined]
    outcomes = [e.kind for e in game.events if e.kind in ("round_won", "round_failed")]
    assert len(dealers) >= 4 and "round_failed" in outcomes
    assert all((b - a) % 5 == 1 for a, b in zip(dealers, dealers[1:]))


def test_explicit_deal_errors() -> None:
    bad = dict(EXAMPLE_DEAL, hands=[["AH", "7C", "4D"], ["AH", "TH", "3C"], ["5H", "2D", "6C"], ["QD", "8C", "2S"]])
    with pytest.raises(InvalidOptions, match="dealt twice"):
        tricktable.new_game("tricks-together", players=4, deals=[bad])
    with pytest.raises(InvalidOptions, match="round 2 deals 2 cards"):
        tricktable.new_game("tricks-together", players=4, deals=[dict(EXAMPLE_DEAL, round=2)])
    with pytest.raises(InvalidOptions, match="also in a hand"):
        tricktable.new_game("tricks-together", players=4, deals=[dict(EXAMPLE_DEAL, trump="AH")])
    with pytest.raises(InvalidOptions, match=r"dealer must be a seat 0\.\.3, not 'x'"):
        tricktable.new_game("tricks-together", players=4, deals=[dict(EXAMPLE_DEAL, dealer="x")])
    with pytest.raises(InvalidOptions, match=r"round must be 1\.\.7, not True"):
        tricktable.new_game("tricks-together", players=4, deals=[dict(EXAMPLE_DEAL, round=True)])
    with pytest.raises(InvalidOptions, match=r"only the first deal says .* who deals first"):
        tricktable.new_game("tricks-together", players=4, deals=[EXAMPLE_DEAL, {"dealer": 0}])
    with pytest.raises(InvalidOptions, match="only the first deal"):
        tricktable.new_game("tricks-together", players=4, deals=[EXAMPLE_DEAL, {"round": 4}])
    with pytest.raises(InvalidOptions, match="needs 'hands'"):
        tricktable.new_game("tricks-together", players=4, deals=[{"trump": "2S", "hands": 5}])
    with pytest.raises(InvalidOptions, match="no round of this climb deals 8 cards"):
        eight = [[r + s for r in "AKQJT987"] for s in "SHDC"]
        tricktable.new_game("tricks-together", players=4, deals=[{"trump": "2S", "hands": eight}])
    with pytest.raises(InvalidOptions, match="deal 2 has no cards"):
        tricktable.new_game("tricks-together", players=4, deals=[EXAMPLE_DEAL, {}])
    with pytest.raises(InvalidOptions, match="unknown field seat"):
        tricktable.new_game("tricks-together", players=4, deals=[dict(EXAMPLE_DEAL, seat=1)])
    # A first deal without cards only says where to start.
    later = tricktable.new_game("tricks-together", players=4, deals=[{"round": 2, "dealer": 3}])
    assert later.view(None)["table"]["dealer"] == 3 and later.view(None)["table"]["cards"] == 2


def test_explicit_deals_are_keyed_by_hand_size_so_a_failed_round_never_takes_the_next_rounds_deal() -> None:
    """A replay after a failure deals the same hand size again: it takes a deal of that size or a shuffled one,
    and a deal for a later round waits for it (it used to be taken in order and break the move)."""
    deals = [
        {"dealer": 0, "hands": [["AS"], ["KS"], ["QS"]], "trump": "2H"},
        {"hands": [["AH", "KH"], ["QH", "JH"], ["TH", "9H"]], "trump": "2C"},
    ]
    game = tricktable.new_game("tricks-together", players=3, seed=1, deals=deals)
    game.play("bid 1")
    game.play("bid 1")  # 2 > 1 card: the round fails at once and is replayed with a shuffled 1-card deal
    table = game.view(None)["table"]
    assert (table["round"], table["cards"], table["lives"], table["deal"]) == (1, 1, 2, 2)
    assert game.view(2)["hand"] != ["TH"]
    for _ in range(2):
        game.play("bid 0")
    while game.view(None)["table"]["deal"] == 2:
        game.play(game.legal_moves()[0])
    if game.view(None)["table"]["cards"] == 2:  # the replay succeeded: round 2 gets the 2-card deal
        assert game.view(0)["hand"] == ["AH", "KH"]


def test_a_refused_move_changes_nothing_even_at_the_end_of_a_round() -> None:
    deals = [{"dealer": 0, "hands": [["AS"], ["KS"], ["QS"]], "trump": "2H"}]
    game = tricktable.new_game("tricks-together", players=3, seed=1, deals=deals)
    game.play("bid 1")
    before = (tricktable.to_record(game), [e.to_dict() for e in game.events])
    with pytest.raises(tricktable.IllegalMove):
        game.play("bid 2")
    assert (tricktable.to_record(game), [e.to_dict() for e in game.events]) == before


def test_clone_is_independent() -> None:
    game = example_game()
    game.play("bid 1")
    twin = game.clone()
    twin.play("bid 0")
    assert game.to_move == CARLA and twin.to_move == DAN
    assert len(game.history) == 1 and len(twin.history) == 2
    assert game.view(CARLA)["seats"][CARLA]["number"] is None


def test_fast_rollouts_follow_the_rules() -> None:
    """The hot-path and batched rollouts pick the same cards as the engine for the same random draws."""
    import numpy as np

    from tricktable.rules.tricks_together import batch_rollouts, random_rollout

    rng = np.random.default_rng(5)
    for seed in range(12):
        game = tricktable.new_game(
            "tricks-together", players=3 + seed % 3, seed=seed, secret_numbers=True, deals=[{"round": 5 + seed % 3}]
        )
        state: Any = game
        hands, trump, cards = list(state.hands), state.trump_suit, state.cards
        leader = (state.dealer + 1) % game.players
        uniforms = rng.random((40, cards * game.players))
        batched = batch_rollouts(hands, trump, leader, cards, uniforms)
        for row in range(40):
            won = random_rollout(hands, trump, leader, cards, iter(uniforms[row].tolist()).__next__)
            assert list(batched[row]) == won
            # The engine, choosing the same k-th legal card, must agree trick by trick.
            twin = game.clone()
            for _ in range(game.players - 1):
                twin.play("bid 0")
            draws = iter(uniforms[row].tolist())
            while twin.phase == "play" and state.deal_count == twin.deal_count:  # type: ignore[attr-defined]
                moves = twin.legal_moves()
                twin.play(moves[int(next(draws) * len(moves))])
            assert list(twin.score_sheet[-1].tricks) == won  # type: ignore[attr-defined]


def sweep_deal(round_no: int, cards: int, dealer: int = 0) -> dict[str, Any]:
    """A 3-player deal in which the dealer holds the top spades (trumps): it takes every trick."""
    ranks = "AKQJT98765432"
    return {
        "round": round_no,
        "dealer": dealer,
        "trump": "2S",
        "hands": [
            [r + "S" for r in ranks[:cards]],
            [r + "H" for r in ranks[:cards]],
            [r + "D" for r in ranks[:cards]],
        ],
    }


def test_up_and_down_turns_at_the_peak_and_replays_a_failed_position() -> None:
    deals = [sweep_deal(7, 7), sweep_deal(8, 6, dealer=1), sweep_deal(8, 6, dealer=2)]
    for later in deals[1:]:
        del later["round"], later["dealer"]  # only the first deal says where to start and who deals
    game = tricktable.new_game("tricks-together", players=3, seed=1, up_and_down=True, deals=deals)
    game.play("bid 0")
    game.play("bid 0")  # the dealer (seat 0) must take all 7, and does
    while game.phase == "play":
        game.play(str(game.legal_moves()[0]))
    table = game.view(None)["table"]
    assert (table["round"], table["cards"], table["rounds"]) == (8, 6, 13)  # past the peak: 6 cards
    # Seat 1 deals now; seat 0 (all the trumps) bids 0 but must take the first trick it plays to: it fails.
    game.play("bid 0")
    game.play("bid 0")
    while game.view(None)["table"]["deal"] == 2:
        game.play(str(game.legal_moves()[0]))
    failed = [e for e in game.events if e.kind == "round_failed"]
    assert failed and failed[-1].round == 8  # type: ignore[attr-defined]
    table = game.view(None)["table"]
    assert (table["round"], table["cards"], table["lives"]) == (8, 6, 2)  # the same position again
