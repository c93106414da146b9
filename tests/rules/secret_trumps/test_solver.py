"""The open-hands search of a Secret Trumps round: the compiled search gives exactly the reference's outcome for
every card, and both agree with plain enumeration (every legal card, no memo, no equivalent cards, no cut) on
small positions from real games; the goals on the search's numbers agree with ``goals.py`` and ``judge_round``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import tricktable
from tricktable.rules.secret_trumps import GOALS, RoundOutcome, judge_round, legal_mask, trick_winner, trumps_for
from tricktable.rules.secret_trumps.compiled import CKERNEL
from tricktable.rules.secret_trumps.solver import (
    NO_GOAL,
    Position,
    Table,
    can_cross,
    can_cross_reference,
    cooperative,
    equivalent_runs,
    goal_code,
    max_n,
    move_values,
    move_values_reference,
    outcome_of,
    paranoid,
    suit_bits,
)


def position_from(game: Any) -> Position:
    goals = [NO_GOAL if g is None else goal_code(game.goals[g].slug) for g in game.chosen]
    leader = game.trick_seats[0] if game.trick else game.to_move
    return Position(
        list(game.hands), (game.trumps.suit, game.trumps.rank), leader, goals, game.start, list(game.trick),
        list(game.won), list(game.captured),
    )  # fmt: skip


def random_position(seed: int, players: int, left: int, on_table: int) -> tuple[Any, Position]:
    """A random game played with random moves until ``left`` tricks are left and ``on_table`` cards are down."""
    game: Any = tricktable.new_game("secret-trumps", players=players, seed=seed, second_deck=seed % 3 != 0)
    rng = random.Random(seed)
    while not (game.phase == "play" and game.tricks_played == 9 - left and len(game.trick) == on_table):
        game.play(rng.choice(game.legal_moves()))
    return game, position_from(game)


def brute_force(p: Position, util: Table) -> list[tuple[int, int]]:
    """Every legal card's outcome by plain enumeration: each seat takes the first card of best value."""
    n = len(p.hands)
    trumps = trumps_for(*p.trumps)

    def value(hands: list[int], leader: int, trick: list[int], won: list[int], captured: list[int]) -> int:
        if len(trick) == n:
            winner = (leader + trick_winner(trick, trumps.key)) % n
            won = [w + (q == winner) for q, w in enumerate(won)]
            captured = [c | (sum(1 << x for x in trick) if q == winner else 0) for q, c in enumerate(captured)]
            if not any(hands):
                return outcome_of(p.goals, p.start, won, [suit_bits(c) for c in captured], winner)
            return value(hands, winner, [], won, captured)
        best = -1
        for _, outcome in children(hands, leader, trick, won, captured):
            seat = (leader + len(trick)) % n
            if best < 0 or util[seat][outcome] > util[seat][best]:
                best = outcome
        return best

    def children(
        hands: list[int], leader: int, trick: list[int], won: list[int], captured: list[int]
    ) -> list[tuple[int, int]]:
        seat = (leader + len(trick)) % n
        legal = legal_mask(hands[seat], trick[0] if trick else None, trumps)
        out = []
        for card in range(36):
            if legal >> card & 1:
                rest = list(hands)
                rest[seat] ^= 1 << card
                out.append((card, value(rest, leader, [*trick, card], won, captured)))
        return out

    return children(list(p.hands), p.leader, list(p.trick), list(p.won), list(p.captured))


TABLES: dict[str, Callable[[int, int], Table]] = {
    "max_n": lambda n, seat: max_n(n),
    "max_n with spite": lambda n, seat: max_n(n, 0.25),
    "cooperative": cooperative,
    "paranoid": paranoid,
}


def test_the_compiled_search_is_built() -> None:
    assert CKERNEL is not None, "pip builds ckernel.pyx; without it the bots search far too slowly"


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("seed", range(24))
def test_the_search_finds_what_plain_enumeration_finds(seed: int, table: str) -> None:
    players = 3 + seed % 2
    _, p = random_position(seed, players, 2 + seed % 2, seed % players)
    util = TABLES[table](players, p.to_move)
    expected = brute_force(p, util)
    assert move_values_reference(p, util) == expected
    assert move_values(p, util) == expected


@pytest.mark.parametrize("seed", range(40))
def test_the_compiled_search_agrees_with_the_reference_further_from_the_end(seed: int) -> None:
    players = 3 + seed % 2
    _, p = random_position(seed + 100, players, 4, seed % players)
    for table in TABLES.values():
        util = table(players, (p.start + 1) % players)
        assert move_values(p, util) == move_values_reference(p, util)


@pytest.mark.parametrize("seed", range(40))
def test_can_cross_says_whether_some_line_lets_the_seat_cross_off(seed: int) -> None:
    players = 3 + seed % 2
    _, p = random_position(seed + 200, players, 3 + seed % 2, seed % players)
    for seat in range(players):
        expected = any(outcome >> seat & 1 for _, outcome in move_values_reference(p, cooperative(players, seat)))
        assert can_cross_reference(p, seat) == expected
        assert can_cross(p, seat) == expected


def test_a_search_over_its_node_limit_says_so() -> None:
    _, p = random_position(7, 4, 9, 0)
    assert move_values(p, max_n(4, 0.25), node_limit=50) is None
    assert can_cross(p, (p.start + 2) % 4, node_limit=1) is None


@pytest.mark.parametrize("seed", range(30))
def test_cards_of_one_run_lead_to_the_same_outcomes(seed: int) -> None:
    players = 3 + seed % 2
    _, p = random_position(seed + 300, players, 3, seed % players)
    trumps = trumps_for(*p.trumps)
    hand = p.hands[p.to_move]
    live = 0
    for h in p.hands:
        live |= h
    for c in p.trick:
        live |= 1 << c
    runs = equivalent_runs(hand, legal_mask(hand, p.trick[0] if p.trick else None, trumps), live, trumps)
    # Under any values of the outcomes (here: each seat prefers a different bit pattern), equivalent cards
    # must agree card for card.
    util = [[float((m * (7 + 3 * s)) % 11) for m in range(1 << players)] for s in range(players)]
    found = dict(brute_force(p, util))
    for run in runs:
        assert len({found[c] for c in run}) == 1, run


def test_equivalent_runs_merge_neighbours_and_split_at_a_card_between() -> None:
    # Hearts trumps, trump rank 5: the super trump 5♥ outranks 9♥; 5♠ (a trump-rank card) lies between them.
    trumps = trumps_for(1, 5)
    hand = sum(1 << c for c in (9 + 7, 9 + 8, 9 + 4))  # 8♥ 9♥ 5♥
    assert equivalent_runs(hand, hand, hand, trumps) == [[13, 16, 17]]
    with_rank_card = hand | 1 << 4  # someone else holds 5♠
    assert equivalent_runs(hand, hand, with_rank_card, trumps) == [[13], [16, 17]]
    # Plain spades 6♠ and 8♠ merge unless another hand holds the 7♠.
    spades = 1 << 5 | 1 << 7
    assert equivalent_runs(spades, spades, spades, trumps) == [[5, 7]]
    assert equivalent_runs(spades, spades, spades | 1 << 6, trumps) == [[5], [7]]


@pytest.mark.parametrize("seed", range(200))
def test_outcomes_on_the_search_numbers_are_the_goals_of_the_game(seed: int) -> None:
    rng = random.Random(seed)
    players = 3 + seed % 2
    start = rng.randrange(players)
    won = [0] * players
    captured = [0] * players
    cards = list(range(36))
    rng.shuffle(cards)
    for trick in range(9):
        winner = rng.randrange(players)
        won[winner] += 1
        for c in cards[trick * players : (trick + 1) * players]:
            captured[winner] |= 1 << c
    last = rng.randrange(players)
    chosen: list[int | None] = [None if p == start else rng.randrange(len(GOALS)) for p in range(players)]
    met, steal = judge_round(GOALS, chosen, RoundOutcome(tuple(won), tuple(captured), last), start)
    codes = [NO_GOAL if g is None else goal_code(GOALS[g].slug) for g in chosen]
    outcome = outcome_of(codes, start, won, [suit_bits(c) for c in captured], last)
    expected = sum(1 << p for p in range(players) if met[p]) | (1 << start if steal else 0)
    assert outcome == expected


def test_a_goal_the_search_does_not_know_is_refused() -> None:
    with pytest.raises(ValueError, match="eleven goals"):
        goal_code("a-full-house")
