"""The shared number policy for rounds of two to five cards."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import tricktable
from tricktable.bots.base import make_bot
from tricktable.bots.tricks_together.belief_data import SIZES, deal, play
from tricktable.bots.tricks_together.policy import policy
from tricktable.bots.tricks_together.search import LEVELS, TeamMate
from tricktable.bots.tricks_together.small_rounds import (
    CAPS,
    SECRET,
    SETTINGS,
    load_table,
    policy_for,
    shape,
    table_number,
)
from tricktable.bots.tricks_together.small_rounds_fit import (
    DEALS,
    JUDGES,
    POLICY_DEALS,
    VALUE_NAMES,
    Sampled,
    compute_policy,
    fit_logit,
    lead_shares,
    number_vectors,
    policy_makes,
    sample,
    value_rows,
)
from tricktable.core.cards import parse_card
from tricktable.rules.tricks_together import makeable, read_view, sample_deals


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


def test_long_rounds_can_be_fitted_by_the_policys_play_though_none_ship() -> None:
    """6 and 7 cards were fitted and measured (the game's page): shapes there only say whether something unseen is
    above a card, and no shipped setting covers them."""
    entry = compute_policy(4, 6, deals=60, seed=3, judge="policy")
    assert entry["cap"] == CAPS[6] == 1 and entry["judge"] == "policy"
    names = set(entry["policy"][0])
    assert names and all(set(group[2:].split(".")) <= {"0", "1"} for name in names for group in name.split("|"))
    assert all(set(numbers.values()) <= set(range(7)) for numbers in entry["policy"])
    assert not any(cards > 5 for _, cards in SETTINGS)


def test_judged_by_a_value_a_vector_open_hands_cannot_make_is_worth_nothing() -> None:
    value = [0.5, 1.0, 1.0, -1.0]  # made more often when the blueprint makes it and more leads keep it
    _, open_made = sample(4, 3, deals=30, seed=2)
    _, chances = sample(4, 3, deals=30, seed=2, value=value)
    assert chances.dtype.kind == "f"
    assert ((chances > 0) == open_made).all()
    assert ((chances > 0.0) & (chances < 1.0) | (chances == 0.0)).all()
    assert len(set(chances[open_made].round(6))) > 1  # the features tell the makeable vectors apart


def test_judged_by_the_policy_a_vector_is_made_when_a_fast_team_makes_it() -> None:
    """Each vector of numbers (the dealer, seat 0, taking the rest) is made exactly when a team of ``fast``
    team-mates, given those numbers, makes them; and never where open hands could not."""
    outcomes = []
    for seed in range(6):
        players, cards = 3 + seed % 3, 2 + seed % 3
        game = deal(players, cards, seed, 0)
        vectors = number_vectors(players, cards)
        made = policy_makes(list(game.hands), game.trump_card, vectors, policy(players=players).layers)
        reachable = makeable(list(game.hands), game.trump_suit, 1)
        team = [make_bot("tricks-together", "fast", seed=seed) for _ in range(players)]
        for vector, outcome in zip(vectors, made):
            twin = game.clone()
            for number in vector:
                twin.play(f"bid {number}")
            while not twin.score_sheet:
                twin.play(team[twin.to_move].choose(twin.view(twin.to_move)))
            assert outcome == twin.score_sheet[0].success, (seed, vector)
            assert not outcome or (cards - sum(vector), *vector) in reachable
            outcomes.append(outcome)
    assert 0 < sum(outcomes) < len(outcomes)
    _, judged = sample(4, 3, deals=30, seed=2, judge="policy")
    _, open_made = sample(4, 3, deals=30, seed=2)
    assert judged.dtype == bool and not (judged & ~open_made).any() and (judged != open_made).any()


def test_lead_shares_are_the_leads_after_which_open_hands_can_still_make_a_vector() -> None:
    game = tricktable.new_game("tricks-together", players=4, seed=4, deals=[{"round": 3, "dealer": 0}])
    hands, trump = list(game.hands), game.trump_suit
    shares = lead_shares(hands, trump, 1)
    assert set(shares) == makeable(hands, trump, 1)
    assert all(0.0 < share <= 1.0 and (share * 3).is_integer() for share in shares.values())


def test_the_value_is_fitted_on_the_rounds_a_team_played() -> None:
    records = [play((4, index, 720000, "easy", 0.0, SIZES, None)) for index in (1, 7, 13, 19, 25, 31)]
    x, y = value_rows(records, 4, 3)
    assert x.shape == (len(y), len(VALUE_NAMES)) and len(y) <= len(records)
    assert (x[:, 0] == 1.0).all() and (x[:, 2] > 0.0).all()  # makeable: some lead keeps it
    # A logistic fit recovers the coefficients that made its labels.
    rng = np.random.default_rng(0)
    features = np.column_stack([np.ones(4000), rng.integers(0, 2, 4000), rng.random(4000)])
    truth = np.array([-0.5, 1.5, 2.0])
    labels = (rng.random(4000) < 1 / (1 + np.exp(-features @ truth))).astype(float)
    assert np.allclose(fit_logit(features, labels, l2=0.0), truth, atol=0.3)


def test_a_team_can_share_another_table_of_numbers() -> None:
    # A table whose policy for 4 players and 2 cards says 2 for every shape: the team says it and reads it.
    table = {"4/2": {"cap": CAPS[2], "policy": [dict.fromkeys(names, 2) for names in load_table()["4/2"]["policy"]]}}
    game = tricktable.new_game("tricks-together", players=4, seed=11, deals=[{"round": 2, "dealer": 0}])
    bot = TeamMate(seed=1, level="strong")
    bot.number_table = table
    k = read_view(game.view(1))
    assert bot.number(k) == 2
    assert bot._shared_number(k, 1, k.hand) == 2
    shipped = TeamMate(seed=1, level="strong").number(k)
    assert shipped == table_number(4, 2, 1, k.hand, k.trump_card) != 2  # the shipped table says otherwise


def test_the_policy_is_read_from_the_table() -> None:
    table = load_table()
    secret = [f"{p}/{c} {SECRET}" for p, c in JUDGES]
    assert sorted(table) == sorted([f"{p}/{c}" for p, c in SETTINGS] + secret)
    for setting, entry in table.items():
        players, cards = map(int, setting.split()[0].split("/"))
        judge = "open" if setting.endswith(SECRET) else JUDGES.get((players, cards), "open")
        assert entry["checked_rate"] > 0.3
        # Made by the fitting as it stands: its deals, and its judge.
        assert entry["deals"] == (POLICY_DEALS if judge == "policy" else DEALS[cards])
        assert entry.get("judge", "open") == judge and entry["cap"] == CAPS[cards]
        assert len(entry["policy"]) == players - 1  # one per chooser: the dealer takes the rest
        for numbers in entry["policy"]:
            assert set(numbers.values()) <= set(range(cards + 1))
    # Two top trumps in a two-card round: both tricks are this seat's for sure.
    assert table_number(4, 2, 2, mask("AS", "KS"), parse_card("9S")) == 2
    # No table for other settings: the caller falls back to its search.
    assert table_number(4, 6, 1, mask("AS", "KS", "2H", "3H", "4H", "5H"), parse_card("9S")) is None
    assert table_number(6, 2, 1, mask("AS", "KS"), parse_card("9S")) is None


def test_secret_numbers_read_their_own_entry_where_a_setting_has_one() -> None:
    """A setting judged by the policy's play keeps numbers judged with open hands for Secret numbers: a team-mate
    chooses and reads by that entry there, and by the setting's own in standard play."""
    (players, cards), *_ = JUDGES
    table = load_table()
    standard, hidden = table[f"{players}/{cards}"]["policy"], table[f"{players}/{cards} {SECRET}"]["policy"]
    assert policy_for(players, cards, secret=True) == (CAPS[cards], hidden)
    assert policy_for(players, cards) == (CAPS[cards], standard)
    assert policy_for(3, 2, secret=True) == policy_for(3, 2)  # no entry of its own: the setting's serves
    differ = 0
    for seed in range(40):
        for secret_numbers in (False, True):
            game = tricktable.new_game(
                "tricks-together", players=players, seed=seed, secret_numbers=secret_numbers,
                deals=[{"round": cards, "dealer": 0}],
            )  # fmt: skip
            k = read_view(game.view(game.to_move))
            entry = hidden if secret_numbers else standard
            number = entry[0].get(shape(k.hand, k.trump_card, CAPS[cards]))
            if number is not None and k.trump >= 0:
                # ``normal``: ``strong`` may leave the table for a number its search finds clearly better
                assert TeamMate(level="normal", seed=seed).number(k) == number
                differ += secret_numbers and number != standard[0].get(shape(k.hand, k.trump_card, CAPS[cards]))
    assert differ > 0


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
            assert weight == pytest.approx(LEVELS["strong"].misfit**misfits)
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
