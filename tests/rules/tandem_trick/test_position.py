"""The round as ints against the game: ``Position`` (and the compiled rules) list the same legal moves as
``TandemTrick`` in every position of random games, and reach the same state after every move."""

from __future__ import annotations

import random

import pytest

import tricktable
from tricktable.rules.tandem_trick import CYCLES, Position, TandemTrick, move_text, parse_move_text
from tricktable.rules.tandem_trick.compiled import CKERNEL


def same_state(pos: Position, game: TandemTrick) -> None:
    assert pos.hands == game.hands
    assert pos.bid_card == game.bid_card
    assert pos.bonus == game.bonus
    assert pos.won == game.won
    assert pos.leader == game.leader
    assert pos.lead_suit == game.lead_suit
    assert pos.entries == game.entries
    assert pos.turn == game.to_move


@pytest.mark.parametrize("players", [3, 4])
def test_positions_follow_the_game_move_by_move(players: int) -> None:
    rng = random.Random(players)
    for g in range(25):
        game = tricktable.new_game("tandem-trick", players=players, seed=100 + g, target=1000)
        assert isinstance(game, TandemTrick)
        for _ in range(2):  # two rounds: the second is led by the rule of TD-R13
            game.legal_moves()  # a read: a round after the first is dealt when the game is next read
            pos = Position.deal(list(game.hands), game.leader)
            round_no = game.round_no
            while True:
                legal = pos.legal()
                assert [move_text(m) for m in legal] == [str(m) for m in game.legal_moves()]
                move = rng.choice(legal)
                assert parse_move_text(move_text(move)) == move
                game.play(move_text(move))
                pos.play(move)
                if game.round_no != round_no:
                    assert pos.over and pos.cycle == CYCLES
                    row = game.score_sheet[-1]
                    assert pos.won == row["tricks"]
                    assert pos.points(game.misere_bonus) == row["points"]
                    break
                same_state(pos, game)


def test_the_compiled_rules_play_exactly_as_the_position() -> None:
    assert CKERNEL is not None
    rng = random.Random(9)
    for g in range(60):
        players = 3 + g % 2
        hands = tricktable.rules.tandem_trick.shuffle_deal(rng, players)
        pos = Position.deal(hands, rng.randrange(players))
        start = pos.copy()
        line: list[int] = []
        while not pos.over:
            assert CKERNEL.legal(pos) == pos.legal()
            move = rng.choice(pos.legal())
            pos.play(move)
            line.append(move)
            if rng.random() < 0.1 or pos.over:
                after = CKERNEL.play_line(start, line)
                assert after == {
                    "hands": pos.hands, "bid_card": pos.bid_card, "bonus": pos.bonus, "won": pos.won,
                    "cycle": pos.cycle, "leader": pos.leader, "turn": pos.turn, "lead_suit": pos.lead_suit,
                    "entries": pos.entries, "gone": pos.gone,
                }  # fmt: skip


def test_the_kernel_is_built() -> None:
    # Installed with pip, the compiled kernel must load: a broken build must not pass as the slow fallback.
    assert CKERNEL is not None
