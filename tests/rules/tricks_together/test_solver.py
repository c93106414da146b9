"""The open-hands solver: plain enumeration, the readable reference and the compiled search agree."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from tricktable.core.cards import SUIT_MASKS, parse_cards
from tricktable.core.shuffle import DealRandom
from tricktable.rules.tricks_together import (
    NO_TRUMPS,
    legal_mask,
    makeable,
    solve,
    solve_cards,
    solve_vectors,
    trick_winner,
)
from tricktable.rules.tricks_together import solver as solver_module
from tricktable.rules.tricks_together.compiled import CSOLVER
from tricktable.rules.tricks_together.solver import equivalent_choices, makeable_reference, solve_reference

Vector = tuple[int, ...]


def enumerate_all(hands: Sequence[int], trump: int, leader: int, trick: list[int], won: list[int]) -> set[Vector]:
    """Every final trick vector, by playing out every legal card (no memo, no equivalences)."""
    n = len(hands)
    found: set[Vector] = set()

    def walk(held: list[int], lead: int, table: list[int], counts: list[int]) -> None:
        if len(table) == n:  # a complete trick on the table at the start
            winner = (lead + trick_winner(table, trump)) % n
            counts[winner] += 1
            walk(held, winner, [], counts)
            counts[winner] -= 1
            return
        seat = (lead + len(table)) % n
        if not held[seat] and not table:
            found.add(tuple(counts))
            return
        hand = held[seat]
        legal = hand & SUIT_MASKS[table[0] // 13] if table else 0
        legal = legal or hand
        for card in range(52):
            if not legal >> card & 1:
                continue
            held[seat] ^= 1 << card
            if len(table) + 1 == n:
                winner = (lead + trick_winner([*table, card], trump)) % n
                counts[winner] += 1
                walk(held, winner, [], counts)
                counts[winner] -= 1
            else:
                walk(held, lead, [*table, card], counts)
            held[seat] ^= 1 << card

    walk(list(hands), leader, list(trick), list(won))
    return found


def deal(seed: int, players: int, cards: int) -> tuple[list[int], int, int]:
    r = DealRandom(seed, 1)
    drawn = r.sample(52, players * cards)
    hands = [sum(1 << c for c in drawn[i * cards : (i + 1) * cards]) for i in range(players)]
    return hands, r.below(5) - 1, r.below(players)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_reference_finds_exactly_the_vectors_play_can_reach(players: int) -> None:
    for seed in range(40):
        hands, trump, leader = deal(seed * 7 + players, players, 1 + seed % 3)
        assert makeable_reference(hands, trump, leader) == enumerate_all(hands, trump, leader, [], [0] * players)


def test_the_compiled_search_agrees_with_the_reference_from_any_position() -> None:
    assert CSOLVER is not None
    for seed in range(150):
        players = 3 + seed % 3
        # Five cards each for five players is the reference's slowest case by far: four cards cover five hands.
        cards = 1 + seed % (5 if players < 5 else 4)
        hands, trump, leader = deal(seed, players, cards)
        assert CSOLVER.makeable(hands, trump, leader) == makeable_reference(hands, trump, leader)
        # Mid-trick: the leader's lowest card is on the table, and some tricks were already won.
        card = (hands[leader] & -hands[leader]).bit_length() - 1
        held = hands[:]
        held[leader] ^= 1 << card
        won = [seed % 2, 0, 1] + [0] * (players - 3)
        expected = makeable_reference(held, trump, leader, [card], won)
        assert CSOLVER.makeable(held, trump, leader, [card], won) == expected
        assert makeable(held, trump, leader, [card], won) == expected


@pytest.mark.parametrize("way", ["vectors", "sets"])
def test_both_ways_of_the_compiled_search_agree_with_the_reference(way: str) -> None:
    # By vectors, the trumps' bounds settle most vectors without a search: a bound that claimed too much would
    # lose a vector here.  Every other deal has trumps (the deals' trump runs from no trumps to spades).
    assert CSOLVER is not None
    for seed in range(120):
        players = 3 + seed % 3
        cards = 2 + seed % (4 if players < 5 else 3)
        hands, trump, leader = deal(3000 + seed, players, cards)
        assert CSOLVER.makeable(hands, trump, leader, None, None, way) == makeable_reference(hands, trump, leader)
        held = hands[:]
        card = held[leader].bit_length() - 1
        held[leader] ^= 1 << card
        won = [seed % 2] + [0] * (players - 1)
        expected = makeable_reference(held, trump, leader, [card], won)
        assert CSOLVER.makeable(held, trump, leader, [card], won, way) == expected


@pytest.mark.parametrize(("players", "cards"), [(4, 7), (5, 6)])
def test_both_ways_find_the_same_vectors_in_rounds_too_large_for_the_reference(players: int, cards: int) -> None:
    assert CSOLVER is not None
    for seed in range(12):
        hands, _, leader = deal(4000 + seed, players, cards)
        trump = seed % 4
        assert CSOLVER.makeable(hands, trump, leader, None, None, "vectors") == CSOLVER.makeable(
            hands, trump, leader, None, None, "sets"
        )


def test_the_compiled_search_refuses_an_unknown_way() -> None:
    assert CSOLVER is not None
    hands, trump, leader = deal(1, 4, 2)
    with pytest.raises(ValueError, match="way"):
        CSOLVER.makeable(hands, trump, leader, None, None, "guess")


@pytest.fixture(params=["compiled", "reference"])
def build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The solver's public functions on the compiled search, then on the reference (as without a C compiler)."""
    if request.param == "reference":
        monkeypatch.setattr(solver_module, "CSOLVER", None)
    return str(request.param)


@pytest.mark.usefixtures("build")
def test_solve_cards_answers_as_solve_after_each_card() -> None:
    for seed in range(60):
        players = 3 + seed % 3
        hands, trump, leader = deal(5000 + seed, players, 2 + seed % 3)
        # From the lead, and with all but the last seat's card on the table (its card completes the trick).
        positions = [(hands, [])]
        held, trick = hands[:], []
        for step in range(players - 1):
            seat = (leader + step) % players
            card = legal_mask(held[seat], trick[0] // 13 if trick else -1).bit_length() - 1
            held[seat] ^= 1 << card
            trick.append(card)
        positions.append((held, trick))
        for position, table in positions:
            seat = (leader + len(table)) % players
            cards = [c for c in range(52) if legal_mask(position[seat], table[0] // 13 if table else -1) >> c & 1]
            for vector in [*sorted(makeable(hands, trump, leader))[:3], (0,) * (players - 1) + (2 + seed % 3,)]:
                expected = []
                for card in cards:
                    after = position[:]
                    after[seat] ^= 1 << card
                    expected.append(solve_reference(after, trump, leader, vector, [*table, card]))
                assert solve_cards(position, trump, leader, vector, cards, table) == expected


@pytest.mark.usefixtures("build")
def test_solve_vectors_answers_as_solve_for_each_vector() -> None:
    for seed in range(40):
        players = 3 + seed % 3
        cards = 2 + seed % 3
        hands, trump, leader = deal(6000 + seed, players, cards)
        vectors = [v for v in itertools.product(range(cards + 1), repeat=players) if sum(v) == cards]
        vectors += [(cards + 1,) + (0,) * (players - 1), (-1, cards + 1) + (0,) * (players - 2)]  # never makeable
        expected = [solve_reference(hands, trump, leader, v) for v in vectors]
        assert solve_vectors(hands, trump, leader, vectors) == expected


@pytest.mark.usefixtures("build")
def test_solve_cards_refuses_a_card_the_seat_does_not_hold() -> None:
    hands, trump, leader = deal(7, 4, 3)
    other = hands[(leader + 1) % 4].bit_length() - 1
    with pytest.raises(ValueError, match="held by the seat"):
        solve_cards(hands, trump, leader, [1, 1, 1, 0], [other])
    with pytest.raises(ValueError, match="open trick"):  # a complete trick takes no more cards
        solve_cards(hands, trump, leader, [1, 1, 1, 0], [hands[leader].bit_length() - 1], [0, 1, 2, 3])


def test_trumps_that_must_win_settle_a_vector() -> None:
    # Hearts are trumps.  Seat 2 holds the A and K of hearts, which no card can beat: it takes two tricks
    # whatever the others play, so a vector giving it one cannot be made, while one giving it two can.
    hearts = 1
    hands = [parse_cards(h) for h in (["2C", "3C"], ["4C", "5C"], ["AH", "KH"], ["6C", "7C"])]
    assert not solve(hands, hearts, 0, [0, 0, 1, 1])
    assert solve(hands, hearts, 0, [0, 0, 2, 0])
    assert makeable(hands, hearts, 0) == {(0, 0, 2, 0)}
    # The K and Q of hearts with only the J elsewhere: the J beats neither, so seat 2 again takes both.
    hands = [parse_cards(h) for h in (["2C", "JH"], ["4C", "5C"], ["QH", "KH"], ["6C", "7C"])]
    assert makeable(hands, hearts, 0) == makeable_reference(hands, hearts, 0)
    assert {vector[2] for vector in makeable(hands, hearts, 0)} == {2}


def test_the_compiled_search_agrees_with_the_reference_for_six_hands_of_four() -> None:
    # Past four seats a seat's number takes three bits in the compiled search's position keys; positions with
    # four cards a hand are the smallest where a key too narrow for the seat numbers shows up as wrong answers.
    assert CSOLVER is not None
    for seed in range(24):
        hands, trump, leader = deal(600 + seed, 6, 4)
        assert CSOLVER.makeable(hands, trump, leader) == makeable_reference(hands, trump, leader)


@pytest.mark.parametrize("players", [7, 8])
def test_the_compiled_search_agrees_with_the_reference_for_seven_and_eight_hands(players: int) -> None:
    assert CSOLVER is not None
    for seed in range(12):
        cards = 1 + seed % 3
        hands, trump, leader = deal(500 + seed, players, cards)
        assert CSOLVER.makeable(hands, trump, leader) == makeable_reference(hands, trump, leader)
        # Mid-trick: the leader's highest card and the next seat's highest legal card are on the table.
        held = hands[:]
        led = held[leader].bit_length() - 1
        second = (leader + 1) % players
        reply = legal_mask(held[second], led // 13).bit_length() - 1
        held[leader] ^= 1 << led
        held[second] ^= 1 << reply
        trick = [led, reply]
        expected = makeable_reference(held, trump, leader, trick)
        assert CSOLVER.makeable(held, trump, leader, trick) == expected
        for vector in list(expected)[:4]:
            assert CSOLVER.solve(held, trump, leader, list(vector), trick)


def test_the_compiled_search_agrees_with_the_reference_when_the_table_parts_a_followers_cards() -> None:
    # Two or more cards on the table: the compiled search lets a card already played stop parting a later
    # seat's cards (unless it is the best so far), and packs needs into its keys; every vector is asked.
    assert CSOLVER is not None
    checked = 0
    for seed in range(60):
        players = 3 + seed % 4
        cards = 2 + seed % (4 if players < 5 else 2)
        hands, trump, leader = deal(2000 + seed, players, cards)
        held, trick = hands[:], []
        for offset in range(players - 1 - seed % 2):
            seat = (leader + offset) % players
            playable = legal_mask(held[seat], trick[0] // 13) if trick else held[seat]
            # The middle card of what the seat may play, so that played cards land between others.
            options = [c for c in range(52) if playable >> c & 1]
            card = options[len(options) // 2]
            held[seat] ^= 1 << card
            trick.append(card)
        expected = makeable_reference(held, trump, leader, trick)
        assert CSOLVER.makeable(held, trump, leader, trick) == expected
        for vector in itertools.product(range(cards + 1), repeat=players):
            if sum(vector) == cards:
                assert CSOLVER.solve(held, trump, leader, list(vector), trick) == (vector in expected)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_complete_trick_on_the_table_goes_to_its_winner_first(players: int) -> None:
    # The bots ask about a card that would end the trick: every hand has played, none of the trick's cards is
    # held, and the trick still counts among the tricks left.
    assert CSOLVER is not None
    for seed in range(30):
        cards = 1 + seed % 4
        hands, trump, leader = deal(4000 + seed * 3 + players, players, cards)
        held, trick = hands[:], []
        for offset in range(players):
            seat = (leader + offset) % players
            playable = legal_mask(held[seat], trick[0] // 13) if trick else held[seat]
            card = playable.bit_length() - 1 if seed % 2 else (playable & -playable).bit_length() - 1
            held[seat] ^= 1 << card
            trick.append(card)
        won = [seed % 2] + [0] * (players - 1)
        expected = enumerate_all(held, trump, leader, trick, won)
        assert makeable_reference(held, trump, leader, trick, won) == expected
        assert CSOLVER.makeable(held, trump, leader, trick, won) == expected
        for vector in itertools.product(range(cards + 2), repeat=players):
            if sum(vector) == cards + won[0]:
                answer = vector in expected
                assert CSOLVER.solve(held, trump, leader, list(vector), trick, won) == answer
                assert solve_reference(held, trump, leader, vector, trick, won) == answer


def test_positions_with_two_plain_suits_swapped_have_the_same_answer() -> None:
    # The compiled search files such positions under one key; swapping hearts and clubs in every hand (spades
    # trumps) must not change which vectors are makeable, nor may it merge positions that differ otherwise.
    assert CSOLVER is not None

    def swapped(hand: int) -> int:
        hearts, clubs = hand & SUIT_MASKS[1], hand & SUIT_MASKS[3]
        return hand & ~(SUIT_MASKS[1] | SUIT_MASKS[3]) | hearts << 26 | clubs >> 26

    for seed in range(40):
        hands, _, leader = deal(3000 + seed, 4, 4)
        mirror = [swapped(h) for h in hands]
        expected = makeable_reference(hands, 0, leader)
        assert makeable_reference(mirror, 0, leader) == expected
        assert CSOLVER.makeable(hands, 0, leader) == expected
        assert CSOLVER.makeable(mirror, 0, leader) == expected
        # Hearts as trumps is another game: the swap may change the answer, and the search must follow.
        assert CSOLVER.makeable(hands, 1, leader) == makeable_reference(hands, 1, leader)


def test_solve_says_yes_exactly_for_the_makeable_vectors() -> None:
    for seed in range(60):
        players = 3 + seed % 3
        cards = 1 + seed % 4
        hands, trump, leader = deal(1000 + seed, players, cards)
        reachable = makeable(hands, trump, leader)
        for vector in itertools.product(range(cards + 1), repeat=players):
            if sum(vector) != cards:
                continue
            expected = vector in reachable
            assert solve(hands, trump, leader, vector) == expected
            assert solve_reference(hands, trump, leader, vector) == expected


def test_equivalent_cards_are_tried_once() -> None:
    # Seat holds 9♥ 8♥ 7♥ and 2♥; the only other live heart is the 5♥: two runs, so two choices.
    hand = parse_cards(["9H", "8H", "7H", "2H"])
    alive = hand | parse_cards(["5H"])
    assert len(equivalent_choices(hand, hand, alive)) == 2


def test_the_worked_example_round_is_makeable_with_its_numbers() -> None:
    # Round 3 of the rule text: Anna deals, 9♠ turned; Ben 1, Carla 0, Dan 1, so Anna must take 1.
    hands = [parse_cards(h) for h in (["AH", "7C", "4D"], ["KS", "TH", "3C"], ["5H", "2D", "6C"], ["QD", "8C", "2S"])]
    assert solve(hands, 0, 1, [1, 1, 0, 1])
    assert (1, 1, 0, 1) in makeable(hands, 0, 1)
    assert not solve(hands, 0, 1, [0, 0, 0, 3])  # Dan cannot take all three
    assert makeable(hands, NO_TRUMPS, 1)  # without trumps some vector is always reachable
