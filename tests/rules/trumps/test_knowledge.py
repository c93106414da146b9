"""What a seat knows, read back from its view: its own cards and choices, the public declarations, the plays in
order, and the suits each seat has shown it lacks (not following, or not ruffing once its side declared)."""

from __future__ import annotations

import json

import tricktable
import tricktable.bots
from tests.rules.trumps.test_game import HEARTS_DEAL, SETUP_HEARTS, play_all
from tricktable.core.cards import SUIT_MASKS, parse_card, parse_cards
from tricktable.rules.trumps import NONE, PastPlay, read_view

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def knowledge_of(game: tricktable.Game, seat: int):  # type: ignore[no-untyped-def]
    return read_view(json.loads(json.dumps(game.view(seat))))


def test_a_seat_knows_its_deal_indicator_and_both_passes() -> None:
    game = tricktable.new_game("trumps", players=4, deals=[HEARTS_DEAL])
    play_all(game, SETUP_HEARTS)
    k = knowledge_of(game, 0)
    assert k.phase == "play" and k.to_move == 0 and k.dealer == 3
    assert k.dealt == parse_cards(HEARTS_DEAL["hands"][0])
    assert k.indicator == parse_card("2S") and k.indicators[0] == k.indicator
    assert k.indicators[1:] == [NONE, NONE, NONE]  # face down: not this seat's to know
    assert (k.pass_to, k.pass_from) == (1, 3)
    assert k.passed == parse_cards(["3S", "4S", "5S"]) and k.received == parse_cards(["KS", "KD", "KC"])
    assert k.hand == (k.dealt ^ (1 << k.indicator) ^ k.passed) | k.received
    # The cards it passed are with seat 1 until played; nobody else's cards are known.
    assert k.known_elsewhere() == [0, k.passed, 0, 0]
    assert k.counts == [12, 12, 12, 12] and k.marked == [True] * 4 and k.has_passed == [True] * 4
    unseen = k.unseen()
    assert unseen.bit_count() == 52 - 12 - 1 - 3
    assert not unseen & (k.hand | k.passed | (1 << k.indicator))


def test_during_the_pass_a_seat_knows_who_has_passed_but_not_what() -> None:
    game = tricktable.new_game("trumps", players=4, deals=[HEARTS_DEAL])
    play_all(game, SETUP_HEARTS[:6])
    k = knowledge_of(game, 2)
    assert k.phase == "pass" and k.has_passed == [True, True, False, False]
    assert k.passed == 0 and k.received == 0 and k.known_elsewhere() == [0, 0, 0, 0]
    assert k.counts == [9, 9, 12, 12]


def test_declarations_plays_and_voids_are_read_in_order() -> None:
    game = tricktable.new_game("trumps", players=4, deals=[HEARTS_DEAL])
    play_all(game, SETUP_HEARTS)
    play_all(game, ["7H", "declare 4H", "AH", "3H"])  # seat 1 declares hearts and wins
    play_all(game, ["5S", "2D", "AS", "6S"])  # seat 2 has no spade; seat 3 wins with the ace
    play_all(game, ["QC", "KC", "5H"])  # seat 1, no club, must ruff with its last heart
    k = knowledge_of(game, 2)
    assert k.declared == [NONE, HEARTS, NONE, NONE] and k.declarer == [NONE, 1, NONE, NONE]
    assert k.indicators[1] == parse_card("2H")  # turned up by the declaration
    assert k.history[:2] == [PastPlay(0, parse_card("7H"), False, 1), PastPlay(1, parse_card("4H"), True, 1)]
    assert k.won == [0, 1, 0, 1] and k.tricks_done == 2 and k.tricks_left == 10
    assert k.voids[2] == 1 << SPADES
    assert k.voids[1] == 1 << CLUBS  # it ruffed: no sign yet that it lacks hearts
    assert k.trick == [(3, parse_card("QC"), False), (0, parse_card("KC"), False), (1, parse_card("5H"), True)]
    play_all(game, ["6C", "5D", "4D", "AD", "KD"])  # seat 1's trump takes the clubs; seat 3's ace the diamonds
    play_all(game, ["AC", "9H", "6D"])  # clubs again: seat 1 throws a diamond, so it holds no heart either
    k = knowledge_of(game, 2)
    assert k.voids[1] == (1 << CLUBS) | (1 << HEARTS)
    assert not k.hand & SUIT_MASKS[SPADES]


def test_tricks_left_count_the_starter_trick_as_one_of_the_hand() -> None:
    game = tricktable.new_game("trumps", players=3, seed=4)
    bot = tricktable.bots.make_bot("trumps", "heuristic", 1)
    while game.phase != "play":
        game.play(bot.choose(game.view(game.to_move)))  # type: ignore[arg-type]
    k = knowledge_of(game, game.to_move)  # type: ignore[arg-type]
    assert k.starter != NONE and k.extra == 1 and k.tricks_left == 16 == k.counts[k.seat]


def test_teams_share_a_side_and_its_declaration() -> None:
    game = tricktable.new_game("trumps", players=4, teams=True, deals=[HEARTS_DEAL])
    play_all(game, ["mark 2S", "mark 2H", "mark 2C", "mark QS"])
    k = knowledge_of(game, 3)
    assert k.teams and k.side_of == (0, 1, 0, 1) and k.sides == 2
    assert k.phase == "pass" and k.pass_count == 3
