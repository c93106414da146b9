"""Sampled worlds: every one replays the hand's public history move for move and shows the seat exactly its
view; they are drawn uniformly among the consistent ones; a view that no world fits is refused."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest

import tricktable
from tricktable.bots import make_bot
from tricktable.core.cards import SUIT_MASKS, bit_list, card_str, cards_text
from tricktable.rules.trumps import NONE, Knowledge, Pass, Trumps, World, dealt_hands, read_view, sample_deals, sampler

TABLES = [(3, False), (4, False), (4, True), (5, False), (6, True), (7, False), (8, False)]


def stopped_game(players: int, teams: bool, seed: int, moves: int) -> tuple[Trumps, list[str], int]:
    """A game of heuristic and random bots stopped after ``moves`` moves (or at the end of a hand); the moves,
    and where the current hand's moves start."""
    game = tricktable.new_game("trumps", players=players, teams=teams, seed=seed, target=12)
    assert isinstance(game, Trumps)
    bots = [make_bot("trumps", "heuristic" if (seed + s) % 3 else "random", seed + s) for s in range(players)]
    start = 0
    for _ in range(moves):
        hand_no = game.hand_no
        seat = game.to_move
        if seat is None:
            break
        game.play(bots[seat].choose(game.view(seat)))
        if game.hand_no != hand_no:
            start = len(game.history)
    return game, [str(m) for m in game.history], start


def replay(game: Trumps, moves: list[str], start: int, seat: int, k: Knowledge, world: World) -> Trumps:
    """The same game with ``world`` as the current hand's deal and hidden choices, replayed to the same move."""
    deal = {
        "dealer": k.dealer,
        "hands": [cards_text(h) for h in dealt_hands(k, world)],
        "extra": [card_str(c) for c in world.extra],
    }
    deals = game.deals_made()
    again = tricktable.new_game(
        "trumps", players=game.players, teams=game.teams, seed=game.seed, target=12, deals=[*deals[:-1], deal]
    )
    assert isinstance(again, Trumps)
    for text in moves[:start]:
        again.play(text)
    for text in moves[start:]:
        mover = again.to_move
        assert mover is not None
        if mover != seat and again.phase == "mark":
            text = "mark " + card_str(world.indicators[mover])
        elif mover != seat and again.phase == "pass":
            text = str(Pass(world.passed[mover]))
        again.play(text)
    return again


def test_thousands_of_sampled_worlds_replay_the_history_and_show_the_same_view() -> None:
    replayed = 0
    for seed in range(30):
        for players, teams in TABLES:
            rng = random.Random(seed * 10 + players)
            game, moves, start = stopped_game(players, teams, seed, rng.randrange(3, 140))
            seat = game.to_move
            if seat is None:
                continue
            view = game.view(seat)
            k = read_view(json.loads(json.dumps(view)))
            for world in sample_deals(k, 16, random.Random(seed)):
                assert [h.bit_count() for h in dealt_hands(k, world)] == [52 // players] * players
                again = replay(game, moves, start, seat, k, world)
                assert again.view(seat) == view, (players, teams, seed)
                replayed += 1
    assert replayed >= 3000


def test_worlds_keep_voids_counts_and_the_cards_passed() -> None:
    game, _, _ = stopped_game(4, False, 3, 40)
    seat = game.to_move
    assert seat is not None
    k = read_view(game.view(seat))
    assert any(k.voids)
    for world in sample_deals(k, 300, random.Random(2)):
        assert world.hands[seat] == k.hand
        assert [h.bit_count() for h in world.hands] == k.counts
        for p in range(4):
            for suit in range(4):
                assert not (k.voids[p] >> suit & 1 and world.hands[p] & SUIT_MASKS[suit])
        assert world.hands[k.pass_to] & k.known_elsewhere()[k.pass_to] == k.known_elsewhere()[k.pass_to]
        assert world.passed[k.pass_from] == k.received


def placings(k: Knowledge) -> Counter[tuple[Any, ...]]:
    """Every consistent placing of the unseen cards into the other hands, the face-down indicators and the
    leftovers, found by brute force."""
    others = [p for p in range(k.players) if p != k.seat]
    known = k.known_elsewhere()
    places = [("hand", p, k.counts[p] - known[p].bit_count()) for p in others]
    places += [("indicator", p, 1) for p in others if k.indicators[p] == NONE]
    places += [("extra", -1, k.extra - (k.starter != NONE))]
    found: Counter[tuple[Any, ...]] = Counter()

    def place(i: int, left: int, chosen: tuple[int, ...]) -> None:
        if i == len(places):
            found[chosen] += 1
            return
        kind, owner, size = places[i]
        for cards in combinations(bit_list(left), size):
            mask = sum(1 << c for c in cards)
            if kind == "hand" and any(k.voids[owner] >> s & 1 and mask & SUIT_MASKS[s] for s in range(4)):
                continue
            place(i + 1, left & ~mask, (*chosen, mask))

    place(0, k.unseen(), ())
    return found


def key_of(k: Knowledge, world: World) -> tuple[Any, ...]:
    others = [p for p in range(k.players) if p != k.seat]
    known = k.known_elsewhere()
    hidden_extra = sum(1 << c for c in world.extra if c != k.starter)
    return (
        *(world.hands[p] & ~known[p] for p in others),
        *(1 << world.indicators[p] for p in others if k.indicators[p] == NONE),
        hidden_extra,
    )


@pytest.mark.parametrize("compiled", [True, False])
def test_worlds_are_drawn_uniformly_among_the_consistent_ones(compiled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not compiled:
        monkeypatch.setattr(sampler, "CDEAL", None)  # the Python fill, for machines without the kernel
    # Late in a hand of three, with voids: few enough placings to count them all.
    for seed in range(40):
        game, _, _ = stopped_game(3, False, seed, 44)
        seat = game.to_move
        if seat is None or game.phase != "play":
            continue
        k = read_view(game.view(seat))
        if not any(k.voids) or k.unseen().bit_count() > 9:
            continue
        exact = placings(k)
        if not 20 <= len(exact) <= 200:
            continue
        draws = 200 * len(exact)
        seen = Counter(key_of(k, w) for w in sample_deals(k, draws, random.Random(seed)))
        assert set(seen) <= set(exact)
        # Each placing is drawn about 200 times: a chi-square test at the 0.1% level.
        chi2 = sum((seen[key] - 200) ** 2 / 200 for key in exact)
        assert chi2 < len(exact) + 4.0 * (2 * len(exact)) ** 0.5 + 20, (seed, chi2, len(exact))
        return
    pytest.fail("no small position found to count")


def test_the_python_fill_replays_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sampler, "CDEAL", None)
    for seed in range(12):
        players, teams = TABLES[seed % len(TABLES)]
        game, moves, start = stopped_game(players, teams, seed, 20 + 9 * seed)
        seat = game.to_move
        if seat is None:
            continue
        view = game.view(seat)
        k = read_view(view)
        for world in sample_deals(k, 10, random.Random(seed)):
            assert replay(game, moves, start, seat, k, world).view(seat) == view


def test_a_view_no_world_fits_is_refused() -> None:
    game, _, _ = stopped_game(4, False, 5, 30)
    seat = game.to_move
    assert seat is not None
    k = read_view(game.view(seat))
    k.counts[(seat + 1) % 4] += 1
    with pytest.raises(ValueError, match="do not add up"):
        sample_deals(k, 1, random.Random(1))
    k.counts[(seat + 1) % 4] -= 1
    k.voids[(seat + 1) % 4] = 0b1111  # a seat holding cards yet lacking every suit
    with pytest.raises(ValueError, match="no placing"):
        sample_deals(k, 1, random.Random(1))
