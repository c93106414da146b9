"""The heuristic Tandem Trick bot: legal from views alone, tandems, misère breaking, safe shedding, strength."""

from __future__ import annotations

import json
import random
from typing import Any

import tricktable
from tests.rules.tandem_trick.test_rules import A, B, C, D, game_with, last, play
from tricktable.bots.base import make_bot
from tricktable.core.players import play_out
from tricktable.rules.tandem_trick import CARD_TEXT


def deal(fixed: dict[int, list[str]]) -> dict[str, Any]:
    used = {c for cards in fixed.values() for c in cards}
    rest = [c for c in CARD_TEXT if c not in used]
    hands = []
    for seat in range(4):
        hand = list(fixed.get(seat, []))
        while len(hand) < 12:
            hand.append(rest.pop(0))
        hands.append(hand)
    return {"hands": hands, "leader": 0}


def after_all_bid_trick(fixed: dict[int, list[str]], bids: list[str], lead: str) -> tricktable.Game:
    """Everyone bids in trick 1 (so seat 0 leads trick 2), then seat 0 leads ``lead``."""
    game = tricktable.new_game("tandem-trick", players=4, seed=2, deals=[deal(fixed)])
    for card in bids:
        game.play(f"bid {card}")
    game.play(lead)
    assert game.to_move == 1
    return game


def bot_move(game: tricktable.Game) -> str:
    # The bot gets a JSON copy of the seat's view: nothing else.
    view = json.loads(json.dumps(game.view(1)))
    return make_bot("tandem-trick", "heuristic", seed=1).choose(view)


# Seats 2 and 3 hold the top reds, which seat 1 sees only as red card backs.
TOP_REDS = {2: ["R11", "R10", "K1"], 3: ["R9", "R8", "K2"]}


def test_rides_along_to_win_a_trick_it_needs() -> None:
    fixed = {0: ["R5", "K3"], 1: ["Y5", "R7", "R0"], **TOP_REDS}
    game = after_all_bid_trick(fixed, ["K3", "Y5", "K1", "K2"], "R5")
    assert bot_move(game) == "tandem R7"  # alone, 7 is beaten by 8-11; with the 5 it makes 12


def test_breaks_an_opponents_misere_with_a_tandem() -> None:
    fixed = {0: ["R5", "K0"], 1: ["Y5", "R1", "R0"], **TOP_REDS}
    game = after_all_bid_trick(fixed, ["K0", "Y5", "K1", "K2"], "R5")
    assert bot_move(game) == "tandem R1"  # gives seat 0 a trick while it bid 0
    # Without a misère on the table, a weak 5+1 tandem is not worth it: shed the 0 instead.
    fixed = {0: ["R5", "K3"], 1: ["Y5", "R1", "R0"], **TOP_REDS}
    game = after_all_bid_trick(fixed, ["K3", "Y5", "K1", "K2"], "R5")
    assert bot_move(game) == "R0"


def test_sheds_safely_when_it_wants_no_trick() -> None:
    # Seat 1 bid 0 and holds no red: it discards its most dangerous card.
    fixed = {0: ["R5", "K3"], 1: ["K0", "Y11", "Y1", "B2"], **TOP_REDS}
    game = after_all_bid_trick(fixed, ["K3", "K0", "K1", "K2"], "R5")
    hand = game.view(1)["hand"]
    assert not any(c.startswith("R") for c in hand)
    assert bot_move(game) == "Y11"
    # Holding the lead suit, it plays under the lead rather than over it.
    fixed = {0: ["R9", "K3"], 1: ["K0", "R2", "R10"], 2: ["R11", "K1"], 3: ["R8", "K2"]}
    game = after_all_bid_trick(fixed, ["K3", "K0", "K1", "K2"], "R9")
    assert bot_move(game) == "R2"


# ----- positions built move by move: misère play and a sure trick ---------------------------------


def mover_bot_move(game: tricktable.Game) -> str:
    """The heuristic's move for the seat to move, from a JSON copy of that seat's view."""
    seat = game.to_move
    assert seat is not None
    view = json.loads(json.dumps(game.view(seat)))
    return make_bot("tandem-trick", "heuristic", seed=1).choose(view)


def test_bot_ducks_under_an_opponents_winning_misere_card() -> None:
    # Seat 0 bid 0 and its R5 leads the trick (R2+R3 tie at 5 and lose on the highest card).  Seat 3 wants
    # tricks, but taking this one would save the misère: it plays under with R1.
    game = game_with({A: ["R5", "K0"], B: ["R2", "K5"], C: ["R3", "K1"], D: ["R6", "R1", "Y5", "K2"]})
    play(game, "bid K0", "bid K5", "bid K1", "bid K2", "R5", "R2", "tandem R3")
    assert mover_bot_move(game) == "R1"


def test_bot_on_misere_never_takes_a_trick_it_can_avoid() -> None:
    game = game_with({A: ["R5", "K3"], B: ["R2", "K5"], C: ["R4", "K1"], D: ["R6", "R1", "R11", "K0"]})
    play(game, "bid K3", "bid K5", "bid K1", "bid K0", "R5", "R2", "R4")
    move = mover_bot_move(game)
    game.play(move)
    assert D not in last(game, "trick_won").winners, move


def test_bot_takes_a_sure_trick_cheaply_when_it_needs_one() -> None:
    game = game_with({A: ["R5", "K3"], B: ["R2", "K1"], C: ["R4", "K5"], D: ["R6", "R11", "Y5", "K2"]})
    play(game, "bid K3", "bid K1", "bid K5", "bid K2", "R5", "R2", "R4")
    # Last to play: R6 alone wins and keeps R11; riding along with the same R6 would hand seat 2 a trick too.
    assert mover_bot_move(game) == "R6"


def test_bot_moves_are_legal_from_views_alone() -> None:
    rng = random.Random(4)
    for players in (3, 4):
        game = tricktable.new_game("tandem-trick", players=players, seed=players)
        bot = make_bot("tandem-trick", "heuristic", seed=3)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            view = json.loads(json.dumps(game.view(seat)))
            move = bot.choose(view) if rng.random() < 0.7 else rng.choice(view["legal_moves"])
            assert move in view["legal_moves"]
            game.play(move)


def match(games: int, players: int = 4) -> tuple[float, float, float]:
    """One heuristic seat (rotating) against random bots: its win share and both kinds' bid hit rates."""
    share = 0.0
    hits = {True: 0, False: 0}
    bids = {True: 0, False: 0}
    for g in range(games):
        seat = g % players
        game = tricktable.new_game("tandem-trick", players=players, seed=7000 + g)
        bots = {
            s: make_bot("tandem-trick", "heuristic" if s == seat else "random", seed=g * 10 + s) for s in range(players)
        }
        play_out(game, bots)
        result = game.result()
        assert result is not None
        if seat in result["winners"]:
            share += 1 / len(result["winners"])
        for row in game.score_sheet:  # type: ignore[attr-defined]
            for s in range(players):
                bids[s == seat] += 1
                hits[s == seat] += row["bids"][s] == row["tricks"][s]
    return share / games, hits[True] / bids[True], hits[False] / bids[False]


def test_heuristic_beats_random() -> None:
    share, heuristic_hits, random_hits = match(32)
    # One heuristic seat against three random ones: an even share would be 0.25.
    assert share >= 0.5, share
    # It bids when its hand has become predictable: it hits its bid far more often than random bidding does.
    assert heuristic_hits > 2 * random_hits, (heuristic_hits, random_hits)
