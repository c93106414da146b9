"""Secret Trumps' goals and the goal draft: the goal list, strict most and fewest, printed suits, the draft's
rules and messages, and a draft that never gets stuck."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable
from tests.rules.secret_trumps.test_game import layout_from_hands
from tricktable.rules.secret_trumps import CARD_TEXT, GOALS, RoundOutcome, draft_feasible, parse_card

GOAL = {g.slug: g for g in GOALS}


# ----- goals ---------------------------------------------------------------------------------------


def test_goal_list_is_the_games_eleven() -> None:
    assert [g.slug for g in GOALS] == [
        "no-tricks",
        "exactly-1",
        "exactly-2",
        "exactly-3",
        "most",
        "fewest",
        "last",
        "no-spades",
        "no-hearts",
        "no-diamonds",
        "no-clubs",
    ]


def test_most_and_fewest_are_strict() -> None:
    tie = RoundOutcome((3, 3, 2, 1), (0, 0, 0, 0), 0)
    assert not GOAL["most"].met(tie, 0) and not GOAL["most"].met(tie, 1)
    assert GOAL["fewest"].met(tie, 3)
    low_tie = RoundOutcome((4, 3, 1, 1), (0, 0, 0, 0), 0)
    assert GOAL["most"].met(low_tie, 0)
    assert not GOAL["fewest"].met(low_tie, 2) and not GOAL["fewest"].met(low_tie, 3)
    zero_tie = RoundOutcome((9, 0, 0), (0, 0, 0), 0)
    assert not GOAL["fewest"].met(zero_tie, 1) and GOAL["no-tricks"].met(zero_tie, 1)


def test_suit_goals_use_the_printed_suit() -> None:
    club_five = 1 << parse_card("5C")
    out = RoundOutcome((1, 8, 0, 0), (club_five, 0, 0, 0), 1)
    assert not GOAL["no-clubs"].met(out, 0)  # even when 5 is the trump rank (ruling ST-R3)
    assert GOAL["no-spades"].met(out, 0) and GOAL["last"].met(out, 1) and GOAL["exactly-1"].met(out, 0)


# ----- the draft -----------------------------------------------------------------------------------


def test_draft_rules_and_messages() -> None:
    game = tricktable.new_game(
        "secret-trumps",
        players=3,
        seed=4,
        deals=[
            layout_from_hands(
                [" ".join(CARD_TEXT[c] for c in range(9 * k, 9 * k + 9)) for k in range(3)],
                0,
                None,
                None,
                " ".join(CARD_TEXT[c] for c in range(27, 36)),
            )[0]
        ],
    )
    assert game.phase == "draft" and game.to_move == 0
    game.play("goal most")
    game.play("goal most")
    with pytest.raises(tricktable.IllegalMove, match="taken by two players"):
        game.play("goal most")
    game.play("goal last")
    with pytest.raises(tricktable.IllegalMove, match="already hold most"):
        game.play("goal most")
    with pytest.raises(tricktable.IllegalMove, match="not a goal"):
        game.play("goal sometimes")
    with pytest.raises(tricktable.IllegalMove, match="goal draft"):
        game.play("pick 7S")
    game.play("goal exactly 2")  # words are joined into the slug
    assert game.view(None)["goals"][0]["held"] == ["most", "exactly-2"]


def _random_draft(players: int, goals: int, rng: random.Random, adversarial: bool) -> list[list[str]] | None:
    """A whole draft with random or adversarial picks; ``None`` if a player is left with no legal goal."""
    game = tricktable.new_game("secret-trumps", players=players, seed=rng.randrange(10**9), five_goals=goals == 5)
    held: Any = game.held  # type: ignore[attr-defined]
    while game.phase == "draft":
        moves = game.legal_moves()
        if not moves:
            return None
        seat = game.to_move
        if adversarial:
            # The last drafter takes goals nobody else holds; the others avoid its goals, so the free
            # places pile up on goals it already holds (the deadlock of ruling ST-R8).
            victim = (game.start + players * goals - 1) % players  # type: ignore[attr-defined]

            def spoil(move: Any, seat: Any = seat, victim: int = victim) -> tuple[int, float]:
                g = move.value
                if seat == victim:
                    return -sum(g in held[p] for p in range(players)), rng.random()
                return int(g not in held[victim]), rng.random()

            move = max(moves, key=spoil)
        else:
            move = rng.choice(moves)
        game.play(move)
    return [g["held"] for g in game.view(None)["goals"]]


def test_five_goals_draft_never_deadlocks() -> None:
    rng = random.Random(13)
    for i in range(300):
        held = _random_draft(4, 5, rng, adversarial=i % 2 == 1)
        assert held is not None, "the draft deadlocked"
        assert all(len(set(h)) == 5 for h in held)
        counts: dict[str, int] = {}
        for h in held:
            for g in h:
                counts[g] = counts.get(g, 0) + 1
        assert max(counts.values()) <= 2


def test_adversarial_drafts_deadlock_without_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same drafts with the check of ruling ST-R8 switched off do get stuck: the test above can fail.
    monkeypatch.setattr("tricktable.rules.secret_trumps.game.draft_feasible", lambda *args: True)
    rng = random.Random(13)
    stuck = sum(_random_draft(4, 5, rng, adversarial=True) is None for _ in range(60))
    assert stuck > 0


def test_draft_feasibility_matches_brute_force() -> None:
    rng = random.Random(5)

    def brute(needs: list[int], held: list[set[int]], holders: list[int], goals: int) -> bool:
        if not any(needs):
            return True
        p = next(i for i, k in enumerate(needs) if k)
        for g in range(goals):
            if g not in held[p] and holders[g] < 2:
                needs[p] -= 1
                held[p].add(g)
                holders[g] += 1
                ok = brute(needs, held, holders, goals)
                needs[p] += 1
                held[p].discard(g)
                holders[g] -= 1
                if ok:
                    return True
        return False

    for _ in range(300):
        goals = rng.randint(3, 6)
        players = rng.randint(2, 4)
        held = [set(rng.sample(range(goals), rng.randint(0, min(3, goals)))) for _ in range(players)]
        holders = [sum(g in h for h in held) for g in range(goals)]
        if max(holders) > 2:
            continue
        needs = [rng.randint(0, 2) for _ in range(players)]
        assert draft_feasible(needs, held, holders, 2) == brute(
            list(needs), [set(h) for h in held], list(holders), goals
        )
