"""Property tests over random Secret Trumps games: both variants, 3 and 4 players."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable
from tricktable.rules.secret_trumps import CARD_TEXT, GOALS, NUM_CARDS, RoundOutcome, parse_card

GOAL = {g.slug: g for g in GOALS}


def strings(value: Any) -> Iterator[str]:
    """Every string anywhere in a JSON-like value, split into words so that card texts inside lines count."""
    if isinstance(value, str):
        yield value
        yield from value.replace(":", " ").replace(",", " ").split()
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings(v)


def check_conservation(game: Any) -> None:
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
    n = game.players
    aside_texts = {CARD_TEXT[row[3]] for row in game.rows} if n == 3 and game.phase != "draft" else set()
    picking = game.phase == "pick"
    for seat in [None, *range(n)]:
        view = game.view(seat)
        json.dumps(view)
        if aside_texts:
            # The aside cards are seen by nobody, in any form.
            pretty = {t[0] + "♠♥♦♣"["SHDC".index(t[1])] for t in aside_texts}
            # The last trick of the round before stays on view: its cards were played from that round's deal.
            this_round = {k: v for k, v in view.items() if k != "last_trick" or (v or {}).get("round") == game.round_no}
            assert not (set(strings(this_round)) & (aside_texts | pretty))
        if picking and seat != game.start:
            assert view["trumps"] is None
            assert view["table"]["trump suit"] == "?" and view["table"]["trump rank"] == "?"
            assert not any(e["type"] in ("trumps_seen", "trumps_revealed") for e in view["events"])
        if picking and seat == game.start:
            assert view["trumps"] is not None
        if not game.revealed:
            for p in range(n):
                if p != seat:
                    assert view["goals"][p]["chosen"] is None and view["seats"][p]["chosen"] is None
            assert all(e["seat"] == seat for e in view["events"] if e["type"] == "goal_chosen")
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
        legal = game.legal_moves()
        assert legal
        move = rng.choice(legal)
        assert game.why_illegal(move) is None
        game.play(move)
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


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]))
def test_illegal_moves_change_nothing(seed: int, players: int) -> None:
    game: Any = tricktable.new_game("secret-trumps", players=players, seed=seed)
    rng = random.Random(seed)
    texts = ["goal most", "pick 7S", "choose fewest", "cross last", "7S", "AH", "9C", "pick AD"]
    for _ in range(160):
        if game.is_over:
            break
        before = (json.dumps(game.view(None)), tricktable.to_record(game), [e.to_dict() for e in game.events])
        legal = {str(m) for m in game.legal_moves()}
        for text in texts:
            if text not in legal:
                try:
                    game.play(text)
                except tricktable.IllegalMove as exc:
                    assert str(exc)
                else:
                    raise AssertionError(f"{text} was accepted but is not legal")
        assert (json.dumps(game.view(None)), tricktable.to_record(game), [e.to_dict() for e in game.events]) == before
        game.play(rng.choice(game.legal_moves()))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]), second_deck=st.booleans())
def test_record_round_trip_random(seed: int, players: int, second_deck: bool) -> None:
    game = tricktable.new_game("secret-trumps", players=players, seed=seed, second_deck=second_deck)
    rng = random.Random(seed)
    for _ in range(rng.randrange(40, 300)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    twin = tricktable.from_record(json.loads(json.dumps(tricktable.to_record(game))))
    assert all(twin.view(s) == game.view(s) for s in [None, *range(players)])
