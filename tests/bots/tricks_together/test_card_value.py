"""The learned value of a card in a sampled world: the shipped rates, their fitting, and the search that uses them."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

import tricktable
from tricktable.bots.tricks_together import card_value, cpolicy, cteam
from tricktable.bots.tricks_together.belief_data import SIZES, play, split
from tricktable.bots.tricks_together.blueprint import number_scale, quick_number
from tricktable.bots.tricks_together.card_value_fit import PLAY_OUTS, fit, held_out_loss, judged
from tricktable.bots.tricks_together.policy import policy
from tricktable.bots.tricks_together.search import BATCH, LEVELS, TeamMate, best_card
from tricktable.core.cards import parse_card
from tricktable.rules.tricks_together import read_view, solve


def test_the_shipped_rates_say_the_blueprint_makes_more_of_what_open_hands_can_make() -> None:
    table = card_value.load()
    assert set(table["shares"]) == {"2", "3", "4", "5", "6", "7"}
    for left, rate in table["rates"].items():
        assert 0.0 < rate["blueprint fails"] < rate["blueprint makes"] <= 1.0
        assert card_value.share(4, int(left)) == pytest.approx(rate["blueprint fails"] / rate["blueprint makes"], 1e-3)
    # Tricks left that no rate covers borrow the nearest one's.
    assert card_value.share(4, 1) == card_value.share(4, 2)
    assert card_value.share(5, 10) == card_value.share(4, 7)


@pytest.fixture(scope="module")
def rounds() -> list[dict[str, object]]:
    """A few rounds of 3 and 4 cards played by ``easy`` team-mates, as ``belief_data`` keeps them."""
    return [play((4, index, 710000, "easy", 0.0, SIZES, None)) for index in (1, 2, 7, 8, 13, 14)]


@pytest.mark.parametrize("play_out", PLAY_OUTS)
def test_each_judged_card_is_the_search_s_two_judges_of_the_true_deal(
    rounds: list[dict[str, object]], play_out: str
) -> None:
    rows = [row for record in rounds for row in judged(record, play_out)]
    assert rows
    for left, makeable, played_out, _ in rows:
        assert 1 <= left <= 4
        assert makeable or not played_out  # what a play-out makes, open hands can make
    # The two play-outs are two judges: they part in some positions.
    if play_out == "policy":
        blueprint = [row[2] for record in rounds for row in judged(record)]
        assert [row[2] for row in rows] != blueprint
    # The label is the round's: a round made was makeable after every card of it.
    for record in rounds:
        if record["made"]:
            assert all(makeable for _, makeable, _, _ in judged(record))


def test_the_fit_counts_the_rounds_made_in_each_kind_of_position(rounds: list[dict[str, object]]) -> None:
    rows = [row for record in rounds for row in judged(record)]
    table = fit(rounds, min_positions=1)
    for left, rate in table["rates"].items():
        kinds = [(blueprint, made) for tricks, makeable, blueprint, made in rows if makeable and tricks == int(left)]
        makes = [made for blueprint, made in kinds if blueprint]
        fails = [made for blueprint, made in kinds if not blueprint]
        assert rate["positions"] == [len(fails), len(makes)]
        assert rate["blueprint makes"] == pytest.approx(sum(makes) / len(makes), abs=1e-4)
        assert rate["blueprint fails"] == pytest.approx(sum(fails) / len(fails), abs=1e-4)
    with pytest.raises(ValueError, match="too few rounds"):
        fit(rounds[:1], min_positions=10_000)


@pytest.mark.parametrize("play_out", PLAY_OUTS)
def test_the_held_out_loss_reads_the_held_out_rounds_with_rates_fitted_on_the_others(play_out: str) -> None:
    # Rounds of 3 to 5 cards by ``fast`` team-mates (quick to play), one in ten held out by its seed.
    rounds = [play((4, index, 720000, "fast", 0.0, SIZES, None)) for index in range(240) if 1 <= index % 6 <= 3]
    held_out = [r for r in rounds if split(r) == "test"]
    assert len(held_out) == 8
    loss, count = held_out_loss(rounds, play_out, min_positions=1)
    rates = fit([r for r in rounds if split(r) != "test"], 1, play_out)["rates"]
    expected = []
    for record in held_out:
        for left, makeable, played_out, made in judged(record, play_out):
            if makeable:
                rate = rates[min(rates, key=lambda key: (abs(int(key) - left), int(key)))]
                chance = rate["blueprint makes" if played_out else "blueprint fails"]
                expected.append(-math.log(min(max(chance if made else 1 - chance, 1e-6), 1 - 1e-6)))
    assert count == len(expected) > 0
    assert loss == pytest.approx(sum(expected) / count)


def value_positions() -> list[tuple[int, object, list[int]]]:
    """Positions after the first card of rounds of 5 cards with a choice to make: (seed, knowledge, legal)."""
    found = []
    for seed in range(12):
        game = tricktable.new_game("tricks-together", players=4, seed=seed, deals=[{"round": 5, "dealer": seed % 4}])
        while game.phase != "play":
            game.play(TeamMate(seed=seed, level="easy").choose(game.view(game.to_move)))
        game.play(game.legal_moves()[0])
        view = game.view(game.to_move)
        k, legal = read_view(view), [parse_card(m) for m in view["legal_moves"]]
        if len(legal) >= 2:
            found.append((seed, k, legal))
    return found


def value_cards(twin: TeamMate, k: Any, legal: list[int], count: int) -> tuple[int, int]:
    """The card of most weight of share x makeable + (1 - share) x made by the blueprint over the first
    ``count`` of the worlds ``twin`` draws, and the card of the play-outs alone over them."""
    worlds = twin.sample_worlds(k, BATCH)
    targets, weights = twin.weigh(k, worlds)
    worlds, targets, weights = worlds[:count], targets[:count], weights[:count]
    made, votes = cteam.play_scores(
        worlds, targets, weights, k.trump, k.leader, k.trick, k.won, k.left, k.gone, legal, k.seat
    )
    kept = [
        sum(w for hands, target, w in zip(worlds, targets, weights) if solve(
            [h ^ (1 << card if p == k.seat else 0) for p, h in enumerate(hands)],
            k.trump, k.leader, target, [*k.trick, card], k.won,
        ))
        for card in legal
    ]  # fmt: skip
    share = card_value.share(4, k.left)
    value = [share * o + (1 - share) * b for o, b in zip(kept, made)]
    return best_card(legal, value, votes), best_card(legal, made, votes)


def test_the_value_level_plays_the_card_of_the_most_weight_of_value() -> None:
    """Over the same worlds (a twin bot of the same seed draws them), the level's card is the one with the most
    weight of share x makeable + (1 - share) x made by the blueprint; and in some of these positions that is
    not the card the blueprint's play-outs alone would choose, so the test sees the value at work."""
    level = dataclasses.replace(LEVELS["normal"], value=True, play_worlds=BATCH, budget=60.0, solver_tricks=0)
    differs = 0
    for seed, k, legal in value_positions():
        bot, twin = TeamMate(seed=seed), TeamMate(seed=seed)
        bot.level = twin.level = level
        by_value, by_play_outs = value_cards(twin, k, legal, BATCH)
        assert bot.card(k, legal) == by_value
        differs += by_value != by_play_outs
    assert differs > 0


def test_the_open_weight_scales_the_open_hands_share_in_rounds_long_enough() -> None:
    """``open_weight`` multiplies the open hands' share in rounds of ``open_weight_cards`` cards or more (here
    5; a weight of 0 leaves the play-outs alone), and leaves it alone in shorter ones; somewhere the two choose
    different cards, so the test sees the weight at work."""
    level = dataclasses.replace(LEVELS["normal"], value=True, play_worlds=BATCH, budget=60.0, solver_tricks=0)
    differs = 0
    for seed, k, legal in value_positions():
        assert k.cards == 5
        scaled, short, twin = TeamMate(seed=seed), TeamMate(seed=seed), TeamMate(seed=seed)
        twin.level = level
        scaled.level = dataclasses.replace(level, open_weight=0.0, open_weight_cards=5)
        short.level = dataclasses.replace(level, open_weight=0.0, open_weight_cards=6)
        by_value, by_play_outs = value_cards(twin, k, legal, BATCH)
        assert scaled.card(k, legal) == by_play_outs
        assert short.card(k, legal) == by_value
        differs += by_value != by_play_outs
    assert differs > 0


def test_policy_play_outs_judge_each_world_by_the_learned_policy_played_from_every_seat_s_view() -> None:
    """With ``policy_playouts`` the play-outs are the learned policy's (``cpolicy.scores``) over the same worlds,
    ties going to the blueprint's votes; in some of these positions that is another card than the blueprint's
    play-outs would choose."""
    level = dataclasses.replace(LEVELS["normal"], policy_playouts=True, play_worlds=BATCH, budget=60.0, solver_tricks=0)
    differs = 0
    for seed, k, legal in value_positions():
        bot, twin = TeamMate(seed=seed), TeamMate(seed=seed)
        bot.level = twin.level = level
        worlds = twin.sample_worlds(k, BATCH)
        targets, weights = twin.weigh(k, worlds)
        blueprint, votes = cteam.play_scores(
            worlds, targets, weights, k.trump, k.leader, k.trick, k.won, k.left, k.gone, legal, k.seat
        )
        made = cpolicy.scores(
            policy().layers, worlds, targets, weights, k.trump, k.cards, k.leader, k.trick, k.won, k.gone, k.voids,
            k.history, legal,
        )  # fmt: skip
        assert bot.card(k, legal) == best_card(legal, made, votes)
        differs += best_card(legal, made, votes) != best_card(legal, blueprint, votes)
    assert differs > 0


def test_a_move_out_of_time_judges_the_worlds_the_solver_reached_and_only_those() -> None:
    """With no time at all, the solver judges the first world of the batch and stops, and the play-outs judge
    that world alone too: the card is the best over it, not over the whole batch (which differs somewhere)."""
    level = dataclasses.replace(LEVELS["normal"], value=True, play_worlds=BATCH, budget=0.0, solver_tricks=0)
    differs = 0
    for seed, k, legal in value_positions():
        bot, twin, whole = TeamMate(seed=seed), TeamMate(seed=seed), TeamMate(seed=seed)
        bot.level = twin.level = whole.level = level
        by_one, _ = value_cards(twin, k, legal, 1)
        assert bot.card(k, legal) == by_one
        differs += by_one != value_cards(whole, k, legal, BATCH)[0]
    assert differs > 0


def test_value_numbers_choose_the_number_of_the_most_weight_of_value() -> None:
    """In rounds of 6 cards (searched numbers), a level with ``value_numbers`` chooses the number with the most
    weight of share x (open hands can make the numbers) + (1 - share) x (the blueprint makes them) over the same
    worlds as a twin draws; the other choosers' numbers are the blueprint's in each world, as
    ``commit_scores`` reports them.  Somewhere that is not the number the blueprint's successes alone choose."""
    # As it was measured: beside the blueprint's play-outs, not the policy's (``policy_numbers``).
    level = dataclasses.replace(
        LEVELS["strong"], value_numbers=True, policy_numbers=False, commit_worlds=BATCH, budget=60.0
    )
    differs = checked = 0
    for seed in range(10):
        game = tricktable.new_game("tricks-together", players=4, seed=seed, deals=[{"round": 6, "dealer": seed % 4}])
        view = game.view(game.to_move)
        k = read_view(view)
        bot, twin = TeamMate(seed=seed), TeamMate(seed=seed)
        bot.level = twin.level = level
        worlds = twin.sample_worlds(k, BATCH)
        candidates = list(range(k.cards + 1))
        chosen: list[list[int]] = []
        made = cteam.commit_scores(
            worlds, k.seat, k.dealer, k.cards, k.trump, k.trump_card,
            number_scale(k.cards, 4, k.trump >= 0), candidates, 0, twin.rng.getrandbits(64), chosen,
        )  # fmt: skip
        assert len(chosen) == len(worlds) and all(c[k.seat] == 0 and c[k.dealer] == 0 for c in chosen)
        opened = [0.0] * len(candidates)
        for hands, others in zip(worlds, chosen):
            for i, number in enumerate(candidates):
                vector = others[:]
                vector[k.seat] = number
                vector[k.dealer] = k.cards - sum(others) - number
                opened[i] += vector[k.dealer] >= 0 and solve(hands, k.trump, (k.dealer + 1) % 4, vector)
        share = card_value.share(4, k.cards)
        value = [share * o + (1 - share) * b for o, b in zip(opened, made)]
        estimate = quick_number(k.hand, k.cards, 4, k.trump, k.trump_card, k.seat == (k.dealer + 1) % 4)
        by_value = max(candidates, key=lambda c: (value[c], -abs(c - estimate)))
        by_made = max(candidates, key=lambda c: (made[c], -abs(c - estimate)))
        assert bot.number(k) == by_value
        assert all(o >= b for o, b in zip(opened, made))  # what the blueprint makes, open hands can make
        differs += by_value != by_made
        checked += 1
    assert checked == 10 and differs > 0
