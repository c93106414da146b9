"""The kernels state the play rules once more on ints; they must agree with the engine card for card."""

from __future__ import annotations

import random

import tricktable
from tricktable.core.cards import parse_card
from tricktable.core.shuffle import DealRandom, deal_bits, draw
from tricktable.core.splitmix import SplitMix64
from tricktable.rules.tricks_together import NO_TRUMPS, random_rollout, trick_winner
from tricktable.rules.tricks_together.compiled import CKERNEL
from tricktable.rules.tricks_together.deals import sample_cards, seeded_deal, shuffle_deal


def test_the_compiled_kernel_is_built() -> None:
    assert CKERNEL is not None, "pip did not build ckernel.pyx: is a C compiler installed?"


def test_compiled_and_pure_rollouts_play_the_same_cards() -> None:
    assert CKERNEL is not None
    for seed in range(300):
        players = 3 + seed % 3
        game = tricktable.new_game("tricks-together", players=players, seed=seed, deals=[{"round": 3 + seed % 5}])
        state = game  # the kernels work on the dealt hands
        hands, trump, cards = list(state.hands), state.trump_suit, state.cards  # type: ignore[attr-defined]
        leader = (state.dealer + 1) % players  # type: ignore[attr-defined]
        for trump_suit in (trump, NO_TRUMPS):
            pure = random_rollout(hands, trump_suit, leader, cards, SplitMix64(seed).random)
            assert CKERNEL.random_rollout(hands, trump_suit, leader, cards, seed) == pure
            assert sum(pure) == cards


def test_many_compiled_rollouts_are_the_sum_of_single_ones() -> None:
    assert CKERNEL is not None
    hands = [parse_card(c) for c in ("AS", "KH", "2D", "7C")]
    masks = [1 << c for c in hands]
    assert CKERNEL.random_rollouts(masks, 0, 0, 1, 5, 10) == [10, 0, 0, 0]  # the A♠ (trumps) always wins


def test_trick_winner_follows_the_rules() -> None:
    cards = [parse_card(c) for c in ("3C", "6C", "8C", "7C")]
    assert trick_winner(cards, 0) == 2  # no trump played: the highest club
    cards = [parse_card(c) for c in ("2S", "4D", "KS", "2D")]
    assert trick_winner(cards, 0) == 2  # spades trumps: K♠
    cards = [parse_card(c) for c in ("TH", "5H", "QD", "AH")]
    assert trick_winner(cards, 2) == 2  # diamonds trumps: the Q♦ ruffs
    assert trick_winner(cards, NO_TRUMPS) == 3


def test_the_old_shuffle_draws_exactly_as_random_sample() -> None:
    """Records of format 1 replay only if their shuffle is drawn card for card as it was."""
    for seed in range(500):
        for players, cards in ((3, 1), (4, 1), (5, 1), (4, 7), (3, 10), (5, 7)):
            ours, theirs = random.Random(seed), random.Random(seed)
            hands, turned = shuffle_deal(ours, players, cards, seed % players)
            drawn = theirs.sample(range(52), players * cards + 1)
            expected = [0] * players
            for i in range(players * cards):
                expected[(seed % players + 1 + i) % players] |= 1 << drawn[i]
            assert (hands, turned) == (expected, drawn[-1])
            assert ours.random() == theirs.random(), "the generator is left where random.sample leaves it"
            small = random.Random(seed), random.Random(seed)
            assert sample_cards(small[0], 4) == small[1].sample(range(52), 4)


def test_a_seeded_deal_depends_only_on_the_seed_and_its_number() -> None:
    hands, turned = seeded_deal(7, 3, 4, 5, 0)
    assert seeded_deal(7, 3, 4, 5, 0) == (hands, turned)
    assert seeded_deal(7, 4, 4, 5, 0) != (hands, turned) and seeded_deal(8, 3, 4, 5, 0) != (hands, turned)
    union = 0
    for h in hands:
        assert h.bit_count() == 5 and not union & h
        union |= h
    assert not union >> turned & 1


def test_seeded_draws_are_uniform() -> None:
    counts = [0] * 52
    for seed in range(5200):
        counts[draw(deal_bits(seed, 1), 52, 1)[0]] += 1
    assert min(counts) > 60 and max(counts) < 145  # 100 expected each; far outside 6 sigma either way fails
    firsts = [DealRandom(seed, 2).below(3) for seed in range(3000)]
    assert all(900 < firsts.count(v) < 1100 for v in range(3))
