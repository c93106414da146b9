"""The shared number policy for rounds of two to five cards."""

from __future__ import annotations

import dataclasses

import pytest

import tricktable
from tricktable.bots.tricks_together.search import LEVELS, MISFIT, TeamMate
from tricktable.bots.tricks_together.small_rounds import CAPS, SETTINGS, load_table, shape, table_number
from tricktable.bots.tricks_together.small_rounds_fit import DEALS, Sampled, compute_policy, number_vectors, sample
from tricktable.core.cards import parse_card
from tricktable.rules.tricks_together import read_view, sample_deals


def mask(*cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards)


def test_a_shape_counts_the_unseen_cards_above_each_card() -> None:
    # Spades are trumps (the 9 is turned).  The K of spades has only the ace above it; the 10 of spades has
    # A K Q J above it, but the K is in the hand: 3 unseen.  The 7 of hearts has 7 above it.
    assert shape(mask("KS", "TS", "7H"), parse_card("9S"), cap=12) == "P:7|T:1.3"
    assert shape(mask("KS", "TS", "7H"), parse_card("9S"), cap=4) == "P:4|T:1.3"
    # The turned card is seen too: with the Q of spades turned, the J of spades has A and K above it.
    assert shape(mask("JS", "2D"), parse_card("QS"), cap=12) == "P:12|T:2"


def test_number_vectors_leave_the_dealer_at_least_zero() -> None:
    vectors = number_vectors(4, 2)
    assert len(vectors) == 10
    assert all(sum(v) <= 2 and len(v) == 3 for v in vectors)


def test_the_sampled_successes_are_the_solvers_answers() -> None:
    shapes, made = sample(3, 2, deals=20, seed=5)
    assert made.shape == (20, len(number_vectors(3, 2)))
    assert all(len(row) == 2 for row in shapes)
    assert made.any(axis=1).all()  # with open hands, some vector of numbers is always makeable


def test_best_replies_end_where_no_position_can_gain_alone() -> None:
    sampled = Sampled(3, 2, *sample(3, 2, deals=400, seed=1))
    start = sampled.share_start()
    policy = sampled.improve(start)
    assert sampled.rate(policy) >= sampled.rate(start)
    for position in range(2):
        assert (sampled.best_reply(policy, position) == policy[position]).all()
        # Any single change of one shape's number at one position does no better.
        for shape_id in range(0, len(sampled.names), 7):
            for number in range(3):
                changed = policy.copy()
                changed[position, shape_id] = number
                assert sampled.rate(changed) <= sampled.rate(policy) + 1e-12


def test_a_fitted_policy_covers_every_position_and_is_checked_on_other_deals() -> None:
    entry = compute_policy(3, 2, deals=400, seed=9)
    assert entry["cap"] == CAPS[2] and entry["deals"] == 400
    assert len(entry["policy"]) == 2
    assert all(set(numbers.values()) <= {0, 1, 2} for numbers in entry["policy"])
    # Fitted in-sample, so it does at least as well there as on the deals it never saw (up to noise).
    assert 0.3 < entry["checked_rate"] <= entry["fitted_rate"] + 0.1


def test_the_policy_is_read_from_the_table() -> None:
    table = load_table()
    assert sorted(table) == sorted(f"{p}/{c}" for p, c in SETTINGS)
    for setting, entry in table.items():
        players, cards = map(int, setting.split("/"))
        assert entry["checked_rate"] > 0.3
        assert entry["cap"] == CAPS[cards] and entry["deals"] == DEALS[cards]  # made by the fitting as it stands
        assert len(entry["policy"]) == players - 1  # one per chooser: the dealer takes the rest
        for numbers in entry["policy"]:
            assert set(numbers.values()) <= set(range(cards + 1))
    # Two top trumps in a two-card round: both tricks are this seat's for sure.
    assert table_number(4, 2, 2, mask("AS", "KS"), parse_card("9S")) == 2
    # No table for other settings: the caller falls back to its search.
    assert table_number(4, 6, 1, mask("AS", "KS", "2H", "3H", "4H", "5H"), parse_card("9S")) is None
    assert table_number(6, 2, 1, mask("AS", "KS"), parse_card("9S")) is None


def test_a_strong_team_mate_chooses_the_shared_number() -> None:
    game = tricktable.new_game("tricks-together", players=4, seed=3, deals=[{"round": 2, "dealer": 0}])
    view = game.view(game.to_move)
    knowledge = read_view(view)
    move = TeamMate(level="strong", seed=1).choose(view)
    position = (knowledge.seat - knowledge.dealer) % 4
    expected = table_number(4, 2, position, knowledge.hand, knowledge.trump_card)
    assert expected is not None and move == f"bid {expected}"


@pytest.mark.parametrize("secret", [False, True])
def test_partners_numbers_are_read_through_the_shared_policy(secret: bool) -> None:
    game = tricktable.new_game(
        "tricks-together", players=4, seed=11, deals=[{"round": 2, "dealer": 0}], secret_numbers=secret
    )
    while game.phase == "commit":
        game.play(TeamMate(level="strong", seed=2).choose(game.view(game.to_move)))
    k = read_view(game.view(game.to_move))
    bot = TeamMate(level="strong", seed=4)
    worlds = sample_deals(k, 200, bot.rng)
    targets = [[0 if n is None else n for n in k.numbers] for _ in worlds]
    weights = [1.0] * len(worlds)
    bot._read_shared(k, worlds, targets, weights)
    partners = [p for p in range(4) if p not in (k.seat, k.dealer)]
    for hands, target, weight in zip(worlds, targets, weights):
        numbers = {p: table_number(4, 2, (p - k.dealer) % 4, hands[p], k.trump_card) for p in partners}
        if secret:
            # Hidden numbers come from the policy; nothing is down-weighted.
            assert weight == 1.0
            assert all(target[p] == numbers[p] for p in partners)
            assert sum(target) == 2
        else:
            misfits = sum(numbers[p] not in (None, k.numbers[p]) for p in partners)
            assert weight == pytest.approx(MISFIT**misfits)
    if not secret:
        # Some sampled worlds fit the numbers and some do not: the reading is doing work.
        assert 0 < sum(w == 1.0 for w in weights) < len(weights)


def test_a_level_asking_for_more_cards_than_the_table_covers_searches_there() -> None:
    # ``strong:table_numbers=7`` as a level variant: six-card rounds have no table, so the bot must not take
    # partners' numbers as read through one (that would ignore them) and must search for its own number.
    bot = TeamMate(level="strong", seed=1)
    bot.level = dataclasses.replace(LEVELS["strong"], table_numbers=7)  # as the benchmarks set a variant
    for cards, shared in ((5, True), (6, False)):
        game = tricktable.new_game("tricks-together", players=4, seed=3, deals=[{"round": cards, "dealer": 0}])
        k = read_view(game.view(game.to_move))
        assert k.trump >= 0  # these seeded deals have trumps, where the table applies
        assert bot._uses_shared(k) is shared
        assert (bot._shared_number(k, k.seat, k.hand) is not None) is shared
