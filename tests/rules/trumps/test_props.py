"""Trumps: properties of random games for 3-8 players, alone and in teams.

Cards are conserved, every trick has one card per seat, points equal tricks won, and no view or visible
event ever shows another seat's hand, an undeclared indicator or a pass before it is received.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable
from tricktable.core.cards import FULL_DECK, card_str, parse_card, parse_cards

CONFIGS = [(3, False), (4, False), (4, True), (5, False), (6, False), (6, True), (7, False), (8, False)]
CARD_TOKEN = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")


def visible_cards(data: Any) -> set[int]:
    """Every card named anywhere in ``data`` (a view or events as plain JSON)."""
    return {parse_card(t) for t in CARD_TOKEN.findall(json.dumps(data))}


def hidden_from(game: Any, seat: int | None) -> int:
    """The cards ``seat`` must not see now: other hands, undeclared indicators, undelivered passes."""
    hidden = 0
    for p in range(game.players):
        if p == seat:
            continue
        hidden |= game.hands[p]
        if game.declarer[game.side_of[p]] != p:
            hidden |= 1 << game.indicators[p] if game.indicators[p] >= 0 else 0
        if game.phase_name == "pass":
            hidden |= game.passed[p]  # still face down, the receiver included
    if seat is not None and game.phase_name != "mark":
        hidden &= ~game.passed[seat]  # the passer knows where its cards went
    # Cards not yet turned among the leftovers.
    hidden |= parse_cards(card_str(c) for c in game.extra[1:])
    if game.starter < 0 and game.extra:
        hidden |= 1 << game.extra[0]
    return hidden


def check_conservation(game: Any) -> None:
    played = 0
    for e in game.events[game.hand_log_start :]:
        if e.kind == "card_played":
            card = 1 << parse_card(e.card)
            assert not played & card
            played |= card
    parts = [*game.hands, played, *(1 << c for c in game.extra)]
    parts += [1 << c for c in game.indicators if c >= 0]
    if game.phase_name == "pass":
        parts += game.passed
    total = 0
    for part in parts:
        assert not total & part, "a card is in two places"
        total |= part
    assert total == FULL_DECK
    sizes = {h.bit_count() for h in game.hands}
    if game.phase_name == "play":
        # Between tricks all hands are equal; during one they differ by at most one card.
        assert max(sizes) - min(sizes) <= 1


def check_views(game: Any) -> None:
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        # The score sheet and the last trick of the hand before (still on view) name cards of earlier deals.
        earlier = view["last_trick"] is not None and view["last_trick"]["round"] != game.hand_no
        shown = visible_cards(
            {k: v for k, v in view.items() if k != "score_sheet" and not (earlier and k == "last_trick")}
        )
        leaked = shown & set(_bits(hidden_from(game, seat)))
        assert not leaked, (seat, [card_str(c) for c in leaked])
        assert parse_cards(view["hand"]) == (0 if seat is None else game.hands[seat])
        for p, row in enumerate(view["seats"]):
            assert row["cards"] == game.hands[p].bit_count()
            if p != seat and game.indicators[p] >= 0 and game.declarer[game.side_of[p]] != p:
                assert row["indicator"] == "face down"
        for e in game.events_for(seat):
            if e.kind in ("hand_dealt", "indicator_chosen", "cards_passed"):
                assert e.seat == seat
            if e.kind == "cards_received":
                assert e.seat == seat


def _bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def check_finished(game: Any) -> None:
    n = game.players
    hand_tricks: list[int] = [0] * n
    totals = [0] * game.sides
    trick_seats: list[int] = []
    for e in game.events:
        if e.kind == "hand_started":
            hand_tricks = [0] * n
        elif e.kind == "card_played":
            trick_seats.append(e.seat)
        elif e.kind in ("trick_won", "starter_thrown_out"):
            assert sorted(trick_seats) == list(range(n)), "one card per seat per trick"
            starter = e.kind == "starter_thrown_out" or len(e.cards) == n + 1
            assert len(e.cards) == n + (1 if starter else 0)
            trick_seats = []
            if e.kind == "trick_won":
                hand_tricks[e.seat] += 1
        elif e.kind == "hand_scored":
            assert list(e.tricks) == hand_tricks
            points = [0] * game.sides
            for p in range(n):
                points[game.side_of[p]] += hand_tricks[p]
            assert list(e.points) == points
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            assert list(e.totals) == totals
            assert sum(points) <= 52 // n - 1  # one trick per card left after the indicator
    result = game.result()
    assert result is not None
    assert result["scores"] == [totals[game.side_of[p]] for p in range(n)]
    best = max(totals)
    assert best >= game.target and totals.count(best) == 1
    assert all(result["scores"][p] == best for p in result["winners"])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), config=st.sampled_from(CONFIGS), target=st.integers(1, 8))
def test_random_games_keep_every_invariant(seed: int, config: tuple[int, bool], target: int) -> None:
    players, teams = config
    game: Any = tricktable.new_game("trumps", players=players, teams=teams, seed=seed, target=target)
    rng = random.Random(seed)
    steps = 0
    while game.to_move is not None:
        moves = game.legal_moves()
        assert moves
        if game.phase == "play" and rng.random() < 0.5:
            assert {str(m) for m in moves} == set(game.view(game.to_move)["legal_moves"])
        move = rng.choice(moves)
        assert game.why_illegal(move) is None
        assert game.parse_move(str(move)) == move
        game.play(move)
        steps += 1
        if game.to_move is not None:
            check_conservation(game)
            if rng.random() < 0.15:
                check_views(game)
    check_finished(game)
    assert steps < 10_000


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), config=st.sampled_from(CONFIGS))
def test_heuristic_bots_play_legal_games(seed: int, config: tuple[int, bool]) -> None:
    from tricktable.bots.base import make_bot

    players, teams = config
    game: Any = tricktable.new_game("trumps", players=players, teams=teams, seed=seed, target=6)
    bots = [make_bot("trumps", "heuristic" if p % 2 == 0 else "random", seed=seed + p) for p in range(players)]
    while game.to_move is not None:
        seat = game.to_move
        view = game.view(seat)
        move = bots[seat].choose(view)
        assert move in view["legal_moves"]
        game.play(move)
    check_finished(game)
