"""What a seat knows and the deals consistent with it: the view read back as ints, every sampled deal fits the
view, replays the round's public history legally and shows the same card backs, and the deals are uniform."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest

import tricktable
from tricktable.bots.base import make_bot
from tricktable.rules.tandem_trick import (
    HIGH_MASKS,
    SUIT_MASKS,
    Knowledge,
    TandemTrick,
    cards_text,
    fits,
    move_text,
    read_view,
    sample_deals,
)


def positions(players: int, games: int, seed: int) -> list[tuple[TandemTrick, dict[str, Any]]]:
    """Positions of games between heuristic bots (with a random move now and then), with the mover's view."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        game = tricktable.new_game("tandem-trick", players=players, seed=seed + g)
        assert isinstance(game, TandemTrick)
        bot = make_bot("tandem-trick", "heuristic", seed=g)
        while not game.is_over and game.round_no <= 2:
            seat = game.to_move
            assert seat is not None
            view = json.loads(json.dumps(game.view(seat)))
            if rng.random() < 0.15:
                snapshot = tricktable.new_game("tandem-trick", players=players, seed=seed + g)
                for move in game.history:
                    snapshot.play(move)
                assert isinstance(snapshot, TandemTrick)
                snapshot.legal_moves()  # a read: a round after the first is dealt when the game is next read
                out.append((snapshot, view))
            game.play(bot.choose(view) if rng.random() < 0.8 else rng.choice(view["legal_moves"]))
    return out


def replays(k: Knowledge, hands: list[int]) -> bool:
    """The round's moves so far, replayed from the deal ``hands`` implies: all legal, same public facts after."""
    dealt = k.dealt(hands)
    game = tricktable.new_game(
        "tandem-trick", players=k.players, seed=1, target=1000,
        deals=[{"hands": [cards_text(h) for h in dealt], "leader": k.round_leader}],
    )  # fmt: skip
    for _, move in k.history:
        game.play(move_text(move))  # an illegal move raises
    after = read_view(game.view(k.seat))
    return (
        after.backs == k.backs and after.plain == k.plain and after.counts == k.counts
        and after.entries == k.entries and after.won == k.won and after.bid_card == k.bid_card
    )  # fmt: skip


def test_the_view_reads_back_as_the_truth() -> None:
    for game, view in positions(4, 6, 10) + positions(3, 6, 20):
        k = read_view(view)
        assert k.hand == game.hands[k.seat]
        assert k.counts == [h.bit_count() for h in game.hands]
        assert k.bid_card == game.bid_card and k.won == game.won and k.entries == game.entries
        assert k.leader == game.leader and k.lead_suit == game.lead_suit and k.cycle == game.cycle
        assert fits(k, list(game.hands))
        for p, hand in enumerate(game.hands):
            for c in range(game.colours):
                assert (hand & HIGH_MASKS[c]).bit_count() == k.backs[p][c]
                if k.voids[p] >> c & 1:
                    assert not hand & SUIT_MASKS[c]  # a void read from a discard is real
        assert replays(k, list(game.hands))


def test_thousands_of_sampled_deals_replay_the_public_history_legally() -> None:
    rng = random.Random(5)
    checked = 0
    for _game, view in positions(4, 5, 40) + positions(3, 5, 50):
        k = read_view(view)
        for hands in sample_deals(k, 40, rng):
            assert fits(k, hands)
            assert replays(k, hands)
            checked += 1
    assert checked >= 2000


def test_voids_keep_a_colour_out_of_a_seat_and_backs_fix_the_high_cards() -> None:
    # Seat 1 discards on a red lead in trick 2: no sampled deal gives it a red card.
    hands = [
        ["R0", "R1", "R2", "R3", "R4", "R5", "Y0", "Y1", "Y2", "Y3", "Y4", "Y5"],
        ["B0", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "B11"],
        ["R6", "R7", "R8", "R9", "R10", "R11", "Y6", "Y7", "Y8", "Y9", "Y10", "Y11"],
    ]
    game = tricktable.new_game("tandem-trick", players=3, seed=1, deals=[{"hands": hands, "leader": 0}])
    for move in ("bid Y5", "bid B0", "bid R6", "R0", "B1", "R7"):
        game.play(move)
    k = read_view(json.loads(json.dumps(game.view(2))))
    assert k.voids[1] == 1 << 0
    for world in sample_deals(k, 300, random.Random(2)):
        assert not world[1] & SUIT_MASKS[0]
        # Seat 1 shows four blue 8-11 backs: it holds exactly the four, whatever else it holds.
        assert world[1] & HIGH_MASKS[2] == HIGH_MASKS[2]


def consistent_deals(k: Knowledge) -> list[tuple[int, ...]]:
    """Every deal of a 3-player position that fits the seat's knowledge, by brute force."""
    others = [p for p in range(k.players) if p != k.seat]
    cards = [c for c in range(48) if k.unseen >> c & 1]
    every = []
    for first in combinations(cards, k.counts[others[0]]):
        mask = sum(1 << c for c in first)
        hands = [0] * k.players
        hands[k.seat] = k.hand
        hands[others[0]] = mask
        hands[others[1]] = k.unseen & ~mask
        if fits(k, hands):
            every.append(tuple(hands))
    return every


@pytest.mark.parametrize("with_void", [True, False])
def test_deals_are_drawn_uniformly(with_void: bool) -> None:
    # Late in a 3-player round the unseen cards are few: every consistent deal must come up equally often.  The
    # position is the first of these games with (or without) a void among the other seats and at least six
    # consistent deals: the two ways the plain cards are dealt.
    rng = random.Random(11)
    for _, view in positions(3, 12, 70):
        k = read_view(view)
        if k.unseen.bit_count() <= 10 and any(k.voids[p] for p in range(3) if p != k.seat) == with_void:
            every = consistent_deals(k)
            if len(every) >= 6:
                break
    else:
        raise AssertionError("no such late position in these games")
    draws = 300 * len(every)
    seen = Counter(tuple(h) for h in sample_deals(k, draws, rng))
    assert set(seen) == set(every)
    expected = draws / len(every)
    chi2 = sum((seen[d] - expected) ** 2 / expected for d in every)
    # Far beyond the 99.9% point of a chi-square with len(every) - 1 degrees of freedom.
    assert chi2 < 2 * len(every) + 30, (chi2, len(every))
