"""Property tests over random Secret Trumps games: both variants, 3 and 4 players.

What every game keeps (the protocol, illegal moves, the aside cards and the goals chosen kept hidden, records)
is checked by ``tests/conformance``; here the cards are conserved, the trumps stay with the start player until
the picking ends, and each round is scored as the rules say.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable
from tricktable.rules.secret_trumps import GOALS, NUM_CARDS, RoundOutcome, parse_card

GOAL = {g.slug: g for g in GOALS}


def check_conservation(game: Any) -> None:
    game.legal_moves()  # a read: it makes the layout a new round owes, as every reader of the game does
    n = game.players
    if game.phase == "draft":
        return
    up = 4 if n == 4 else 3
    aside = 0
    if n == 3:
        for row in game.rows:
            aside |= 1 << row[3]
    parts = [*game.hands, *game.captured, aside, *game.row_left]
    for c in game.trick:
        parts.append(1 << c)
    union = 0
    for part in parts:
        assert not union & part, "a card is in two places"
        union |= part
    assert union == (1 << NUM_CARDS) - 1
    assert all(len(row) == 4 for row in game.rows) and up in (3, 4)


def check_views(game: Any) -> None:
    """The trumps are the start player's alone while the picking lasts; the start player never aims at a goal."""
    picking = game.phase == "pick"
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        if picking and seat != game.start:
            assert view["trumps"] is None
            assert view["table"]["trump suit"] == "?" and view["table"]["trump rank"] == "?"
            assert not any(e["type"] in ("trumps_seen", "trumps_revealed") for e in view["events"])
        if picking and seat == game.start:
            assert view["trumps"] is not None
        # The start player never declares an aim: its choice is never anything but None.
        if game.phase != "draft":
            assert view["goals"][game.start]["chosen"] is None


def check_rounds(game: Any) -> None:
    """Replay the public events: 9 tricks of one card per seat; goals crossed off only when met."""
    n = game.players
    plays: list[tuple[int, str, int]] = []
    won = [0] * n
    captured = [0] * n
    last = -1
    chosen: tuple[str | None, ...] = ()
    start = -1
    for e in game.events:
        if e.kind == "round_started":
            plays, won, captured, start = [], [0] * n, [0] * n, e.start
        elif e.kind == "card_played":
            plays.append((e.seat, e.card, e.trick))
        elif e.kind == "trick_won":
            trick = [p for p in plays if p[2] == e.trick]
            assert sorted(p[0] for p in trick) == list(range(n))
            assert [p[1] for p in trick] == list(e.cards)
            won[e.seat] += 1
            for c in e.cards:
                captured[e.seat] |= 1 << parse_card(c)
            last = e.seat
        elif e.kind == "goals_revealed":
            chosen = e.goals
        elif e.kind == "round_scored":
            assert len(plays) == 9 * n and sum(won) == 9 and tuple(won) == e.tricks
            outcome = RoundOutcome(tuple(won), tuple(captured), last)
            for p in range(n):
                goal = chosen[p]
                assert (goal is None) == (p == start)
                if goal is not None:
                    assert e.met[p] == GOAL[goal].met(outcome, p)
            may = any(
                g is not None and not GOAL[g].met(outcome, p) and GOAL[g].met(outcome, start)
                for p, g in enumerate(chosen)
            )
            assert e.start_may_cross == may
        elif e.kind == "goal_crossed":
            if e.reason == "met":
                assert chosen[e.seat] == e.goal
            else:
                assert e.seat == start


@settings(max_examples=16, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    players=st.sampled_from([3, 4]),
    second_deck=st.booleans(),
    five_goals=st.booleans(),
)
def test_random_games_keep_every_invariant(seed: int, players: int, second_deck: bool, five_goals: bool) -> None:
    game: Any = tricktable.new_game(
        "secret-trumps", players=players, seed=seed, second_deck=second_deck, five_goals=five_goals
    )
    rng = random.Random(seed)
    moves = 0
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
        moves += 1
        check_conservation(game)
        if (game.round_no <= 1 and moves % 3 == 0) or moves % 23 == 0 or game.phase == "choose":
            check_views(game)
        if not second_deck and game.phase != "draft":
            assert game.trumps.rank != 0
    check_rounds(game)
    result = game.result()
    goal_count = 5 if five_goals else 4
    assert result["winners"] and all(result["scores"][w] == goal_count for w in result["winners"])
    assert all(len(c) == len(set(c)) for c in game.crossed)
