"""The blueprint restates the heuristic bot on ints: it chooses what the heuristic chooses from the same view, and
its C twin chooses what it does."""

from __future__ import annotations

import json
import random
from typing import Any

import tricktable
from tricktable.bots import make_bot
from tricktable.bots.trumps import cbot
from tricktable.bots.trumps.blueprint import mark_card, pass_cards, play_move
from tricktable.core.cards import card_str
from tricktable.rules.trumps import NONE, Pass, Trumps, read_view


def blueprint_move(view: dict[str, Any]) -> str:
    """The blueprint's move for the seat whose view this is, as notation."""
    k = read_view(view)
    if k.phase == "mark":
        return "mark " + card_str(mark_card(k.hand))
    if k.phase == "pass":
        return str(Pass(pass_cards(k.hand, k.indicator // 13, k.pass_count)))
    side = k.side_of[k.seat]
    partner = next((p for p in range(k.players) if p != k.seat and k.side_of[p] == side), NONE)
    trick = [(NONE if s is None else s, c, t) for s, c, t in k.trick]
    seen = k.played | k.hand | (1 << k.indicator)
    card, declare = play_move(k.seat, k.hand, k.indicator, k.declared[side], partner, trick, k.players, seen)
    return ("declare " if declare else "") + card_str(card)


def games(count: int):  # type: ignore[no-untyped-def]
    """Games at every table, played mostly by the heuristic with random moves mixed in; yields each game before
    every move."""
    for seed in range(count):
        rng = random.Random(seed)
        players = rng.choice([3, 4, 5, 6, 7, 8])
        teams = players in (4, 6) and rng.random() < 0.5
        game = tricktable.new_game("trumps", players=players, teams=teams, seed=seed, target=6)
        assert isinstance(game, Trumps)
        heuristic = make_bot("trumps", "heuristic", seed)
        while game.to_move is not None:
            moves = game.legal_moves()  # a read: a hand after the first is dealt when the game is next read
            yield game
            game.play(rng.choice(moves) if rng.random() < 0.3 else heuristic.choose(game.view(game.to_move)))


def test_the_blueprint_chooses_what_the_heuristic_bot_chooses() -> None:
    heuristic = make_bot("trumps", "heuristic", 1)
    checked = 0
    for game in games(16):
        seat = game.to_move
        assert seat is not None
        view = json.loads(json.dumps(game.view(seat)))
        assert blueprint_move(view) == heuristic.choose(view)
        checked += 1
    assert checked > 2000


def test_the_compiled_blueprint_chooses_what_the_blueprint_chooses() -> None:
    checked = 0
    for game in games(24):
        seat = game.to_move
        assert seat is not None
        hand = game.hands[seat]
        if game.phase == "mark":
            assert cbot.mark_card(hand) == mark_card(hand)
        elif game.phase == "pass":
            own = game.indicators[seat] // 13
            assert cbot.pass_cards(hand, own, game.pass_count) == pass_cards(hand, own, game.pass_count)
        else:
            side = game.side_of[seat]
            partner = next((p for p in range(game.players) if p != seat and game.side_of[p] == side), NONE)
            trick = [
                (NONE if s is None else s, c, t) for s, c, t in zip(game.trick_seats, game.trick, game.trick_trumps)
            ]
            seen = read_view(game.view(seat)).played | hand | (1 << game.indicators[seat])
            args = (seat, hand, game.indicators[seat], game.declared[side], partner, trick, game.players, seen)
            assert cbot.play_move(*args) == play_move(*args)
        checked += 1
    assert checked > 3000
