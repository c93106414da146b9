"""The heuristic Trumps bot: registered, legal on its view alone, sensible in scripted positions, and
stronger than random play."""

from __future__ import annotations

import json

import tricktable
from tests.rules.trumps.test_game import HEARTS_DEAL, play_all
from tests.rules.trumps.test_rules import walkthrough_game
from tricktable.bots.base import RandomBot, bot_kinds, make_bot
from tricktable.core.players import play_out

# ----- registration, marking and passing, strength ---------------------------------------------------


def test_bot_is_registered_and_sees_only_its_view() -> None:
    assert bot_kinds("trumps")[:2] == ["random", "heuristic"]
    game = tricktable.new_game("trumps", players=4, teams=True, seed=8, target=15)
    bot = make_bot("trumps", "heuristic", seed=1)
    while game.to_move is not None:
        view = game.view(game.to_move)
        move = bot.choose(json.loads(json.dumps(view)))  # a plain JSON copy: nothing but the view
        assert move in view["legal_moves"]
        game.play(move)


def test_bot_marks_its_best_suit_and_passes_to_fit_it() -> None:
    game = tricktable.new_game("trumps", players=4, deals=[HEARTS_DEAL])
    bot = make_bot("trumps", "heuristic", seed=1)
    # Seat 0 holds ten spades: it marks the lowest and keeps the rest as its future trumps.
    assert bot.choose(game.view(0)) == "mark 2S"
    play_all(game, ["mark 2S", "mark 2H", "mark 2C", "mark QS"])
    move = bot.choose(game.view(0))
    assert move == "pass 9H 8H 7H"  # voids hearts, keeps every spade


def test_bot_beats_random() -> None:
    for players, teams in [(4, False), (4, True), (6, True)]:
        heroes_won = 0
        bot_tricks = random_tricks = 0.0
        for seed in range(6):
            game = tricktable.new_game("trumps", players=players, teams=teams, seed=seed, target=25)
            hero = seed % players
            heroes = {hero, (hero + players // 2) % players} if teams else {hero}
            bots = {
                s: make_bot("trumps", "heuristic", seed=s) if s in heroes else RandomBot(seed * 10 + s)
                for s in range(players)
            }
            play_out(game, bots)
            result = game.result()
            assert result is not None
            heroes_won += hero in result["winners"]
            for row in game.view(None)["score_sheet"]:
                bot_tricks += sum(row["tricks"][s] for s in heroes) / len(heroes)
                random_tricks += sum(row["tricks"][s] for s in range(players) if s not in heroes) / (
                    players - len(heroes)
                )
        # Random seats would win 1/4 (alone) or 1/2, 1/3 (teams) of the games and take as many tricks.
        assert heroes_won >= 5, (players, teams, heroes_won)
        assert bot_tricks > 1.3 * random_tricks, (players, teams, bot_tricks, random_tricks)


# ----- the bot in scripted positions ---------------------------------------------------------------


def test_bot_follows_with_its_lowest_card_when_it_cannot_win() -> None:
    game = walkthrough_game()
    game.play("declare 5H")
    # Seat 1 must follow hearts with AH or KH; neither beats a trump: keep the ace.
    assert make_bot("trumps", "heuristic", seed=1).choose(game.view(1)) == "KH"


def test_bot_declares_its_lowest_card_to_win_a_trick_it_would_lose() -> None:
    game = walkthrough_game()
    play_all(game, ["declare 5H", "AH", "3S", "declare 4H", "5C", "2C", "declare 6D", "6H"])
    play_all(game, ["4S", "AS", "JS"])
    # Seat 1, last: its spades cannot beat the ace, but spades (led) are its indicator suit: declaring wins.
    assert make_bot("trumps", "heuristic", seed=1).choose(game.view(1)) == "declare 6S"


def test_bot_overtakes_an_opponent_cheaply_when_last() -> None:
    game = walkthrough_game()
    play_all(game, ["KS", "TS"])
    game.play("3S")
    # Seat 3, last: only its ace beats the king.
    assert make_bot("trumps", "heuristic", seed=1).choose(game.view(3)) == "AS"


def test_bot_leaves_a_winning_trick_to_its_partner() -> None:
    game = walkthrough_game(teams=True)
    play_all(game, ["5C", "AC", "3S"])
    # Seat 3, last, void in clubs: its partner's ace wins. No declaring, no wasted heart or ace: the 3D goes.
    assert make_bot("trumps", "heuristic", seed=1).choose(game.view(3)) == "3D"
