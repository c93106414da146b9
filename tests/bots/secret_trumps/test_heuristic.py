"""The heuristic Secret Trumps bot: decisions in scripted positions, from its view alone, and its strength."""

from __future__ import annotations

from typing import Any

import tricktable
from tests.rules.secret_trumps.test_game import layout_from_hands, run_draft
from tricktable.bots import make_bot
from tricktable.bots.secret_trumps.heuristic import choose_card
from tricktable.core.players import play_out
from tricktable.rules.secret_trumps import CARD_TEXT, RoundTrumps, parse_card

ANNA, BEN, CARLA, DAN = 0, 1, 2, 3


def mask(text: str) -> int:
    out = 0
    for t in text.split():
        out |= 1 << parse_card(t)
    return out


def test_suit_goal_never_wins_with_a_card_of_its_own_suit() -> None:
    clubs = RoundTrumps(3, 0)  # clubs are trumps
    trick = [parse_card(c) for c in ("7S", "2S", "3S")]
    # Last to play with no spade: A♣ would win the trick and put a club in it; 9♥ loses cleanly.
    assert CARD_TEXT[choose_card(mask("AC 9H"), trick, clubs, "cheap", 3, 4)] == "9H"
    # Both cards win: the one that is not a club.
    assert CARD_TEXT[choose_card(mask("AC 9S"), trick, clubs, "lose", 3, 4)] == "9S"
    assert CARD_TEXT[choose_card(mask("AC 9S"), trick, clubs, "cheap", 3, 4)] == "9S"
    # A cheap win without clubs is still taken when it is safe.
    assert CARD_TEXT[choose_card(mask("8S 2H"), trick, clubs, "cheap", 3, 4)] in ("8S", "2H")


def test_bot_keeps_its_no_clubs_goal_from_its_view() -> None:
    hands = [
        "9S 8S 7S 6S 5S 4S 3S AS 8H",  # Anna
        "AH 2H 3H 4H 5H 6H 7H 8C 9D",  # Ben
        "9C AD 2D 3D 4D 5D 6D 7D 8D",  # Carla (start player)
        "2S AC 2C 3C 4C 5C 6C 7C 9H",  # Dan: goal no-clubs
    ]
    draft = [
        ["no-tricks", "exactly-1", "exactly-2", "fewest"],
        ["no-spades", "no-hearts", "no-diamonds", "most"],
        ["no-tricks", "exactly-1", "exactly-2", "fewest"],
        ["no-clubs", "most", "last", "exactly-3"],
    ]
    deal, picks = layout_from_hands(hands, CARLA, "C", None)
    game: Any = tricktable.new_game("secret-trumps", players=4, seed=5, deals=[deal])
    run_draft(game, draft)
    for move in [*picks, "choose no-clubs", "choose no-tricks", "choose most"]:
        game.play(move)
    # Trick 1: Dan leads 2S and Anna's 9S wins; trick 2: Anna leads, Dan plays last without a spade.
    for move in ("2S", "9S", "2H", "3D", "7S", "3H", "4D"):
        game.play(move)
    assert game.to_move == DAN and game.view(DAN)["trick"][0] == {"seat": ANNA, "card": "7S"}
    bot = make_bot("secret-trumps", "heuristic", seed=1)
    # A♣ (a trump) would win the trick with a club in it: 9♥ loses it cleanly.
    assert bot.choose(game.view(DAN)) == "9H"


def test_bot_ducks_for_no_tricks_and_wins_when_it_needs_tricks() -> None:
    hearts5 = RoundTrumps(1, 5)
    trick = [parse_card(c) for c in ("7S", "2S")]
    legal = mask("9S 3S")
    assert CARD_TEXT[choose_card(legal, trick, hearts5, "lose", -1, 4)] == "3S"
    assert CARD_TEXT[choose_card(legal, trick, hearts5, "win", -1, 4)] == "9S"
    # Last to play and winning: the cheapest winner.
    assert CARD_TEXT[choose_card(mask("9S 8S"), [*trick, parse_card("3S")], hearts5, "win", -1, 4)] == "8S"
    # A trump-rank card cannot be beaten later by the trump suit: ducking keeps it back.
    assert CARD_TEXT[choose_card(mask("5D 4D"), [parse_card("9D")], hearts5, "lose", -1, 4)] == "4D"


def test_heuristic_bot_beats_random() -> None:
    games, share = 12, 0.0
    for i in range(games):
        game = tricktable.new_game("secret-trumps", players=4, seed=100 + i)
        hero = i % 4
        bots = {s: make_bot("secret-trumps", "heuristic" if s == hero else "random", seed=i * 7 + s) for s in range(4)}
        play_out(game, bots)
        result = game.result()
        assert result is not None
        if hero in result["winners"]:
            share += 1 / len(result["winners"])
    # Fair share is 1/4; the heuristic bot wins far more often (about 95% over 20 games when measured).
    assert share / games >= 0.6
