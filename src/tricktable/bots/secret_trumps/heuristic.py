"""A heuristic Secret Trumps bot.

* Draft: goals that go together (a low group and a high group of trick targets), suit goals first.
* Picking: the deduction tells how likely each card is a trump; the bot aims its hand's expected tricks at
  the target of the open goal that fits best.  As start player it knows the trumps, keeps a middling
  hand, and "picks quietly": when its pick decides a row's hint it prefers the one that leaves the others
  the most trump hypotheses.
* Goal choice: every pick is public, so after picking all hands are known; the bot rolls the round out a
  few times per open goal (itself playing for that goal, the others at random) and takes the likeliest.
* Play: win or duck each trick as the goal needs.  As start player it rolls out each goal the others
  chose and aims at the one it is likeliest to meet while its chooser misses it.

It sees only its view: rows and picks, hints, the goal sheet, the trick and the round's public events.
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.rules.secret_trumps import (
    CARD_TEXT,
    GOALS,
    NUM_CARDS,
    SUIT_MASKS,
    RoundOutcome,
    RoundTrumps,
    consistent,
    hint_rows,
    known_trumps,
    legal_mask,
    parse_card,
    trick_winner,
    trump_hypotheses,
    trump_probability,
    trumps_for,
)

GOAL_BY_SLUG = {g.slug: g for g in GOALS}
#: Tricks a goal wants (the suit goals want few: every trick won risks a card of the suit).
TARGET = {
    "no-tricks": 0.0,
    "fewest": 0.3,
    "exactly-1": 1.0,
    "exactly-2": 2.0,
    "exactly-3": 3.0,
    "last": 2.5,
    "most": 4.0,
    "no-spades": 1.0,
    "no-hearts": 1.0,
    "no-diamonds": 1.0,
    "no-clubs": 1.0,
}
#: Draft preference: easier and more flexible goals first.
DRAFT_EASE = {
    "no-spades": 1.0,
    "no-hearts": 1.0,
    "no-diamonds": 1.0,
    "no-clubs": 1.0,
    "exactly-1": 0.8,
    "fewest": 0.7,
    "no-tricks": 0.7,
    "exactly-2": 0.65,
    "exactly-3": 0.5,
    "most": 0.5,
    "last": 0.45,
}
#: Crossing off: the hardest open goal goes first.
HARDNESS = ["last", "most", "exactly-3", "no-tricks", "exactly-2", "fewest", "exactly-1"]


def _power(card: int, p_trump: float) -> float:
    """A card's rough chance of taking a trick: trumps mostly win, high plain cards sometimes."""
    rank = card % 9 + 1
    return p_trump * (0.55 + 0.05 * rank) + (1.0 - p_trump) * max(0.0, (rank - 4) / 5) * 0.45


def _mode(goal: str, won: int, trick_no: int, trick: list[int]) -> str:
    """``win`` or ``lose`` the current trick, for this goal and the tricks won so far."""
    if goal in ("no-tricks", "fewest"):
        return "lose"
    if goal.startswith("exactly-"):
        return "win" if won < int(goal[-1]) else "lose"
    if goal == "most":
        return "win"
    if goal == "last":
        return "win" if trick_no == 8 else "keep"
    if goal.startswith("no-"):
        mask = SUIT_MASKS["shdc".index(goal[3])]
        return "lose" if any(mask >> c & 1 for c in trick) or not trick else "cheap"
    return "lose"


def choose_card(
    legal: int, trick: list[int], trumps: RoundTrumps, mode: str, avoid_suit: int = -1, players: int = 4
) -> int:
    """The card to play for ``mode`` (win / lose / keep / cheap) from the legal cards (a mask)."""
    key = trumps.key
    cards = [c for c in range(NUM_CARDS) if legal >> c & 1]

    def strength(c: int) -> int:
        return key[c] * 10 + c % 9 if key[c] else c % 9

    if not trick:
        if mode == "win":
            return max(cards, key=strength)
        if avoid_suit >= 0:
            safe = [c for c in cards if c // 9 != avoid_suit] or cards
            return min(safe, key=strength)
        return min(cards, key=strength)
    winners: list[int] = []
    losers: list[int] = []
    for c in cards:
        (winners if trick_winner([*trick, c], key) == len(trick) else losers).append(c)
    if avoid_suit >= 0:
        # A suit goal: winning a trick with a card of that suit puts the suit in one's own trick.
        safe = [c for c in winners if c // 9 != avoid_suit]
        winners = safe or winners
    last = len(trick) == players - 1
    if mode == "win":
        if winners:
            return min(winners, key=strength) if last else max(winners, key=strength)
        return min(cards, key=strength)
    if mode == "cheap" and last and winners and (avoid_suit < 0 or winners[0] // 9 != avoid_suit):
        return min(winners, key=strength)
    if losers:
        if avoid_suit >= 0:
            dump = [c for c in losers if c // 9 == avoid_suit]
            if dump:
                return max(dump, key=strength)
        # Duck with the strongest losing card (shed danger), but "keep" saves the strong ones for the end.
        return min(losers, key=strength) if mode == "keep" else max(losers, key=strength)
    return max(winners, key=strength) if mode != "keep" else min(winners, key=strength)


def _avoid(goal: str | None) -> int:
    if goal and goal.startswith("no-") and goal != "no-tricks":
        return "shdc".index(goal[3])
    return -1


def rollout(
    hands: list[int],
    trumps: RoundTrumps,
    leader: int,
    trick: list[int],
    won: list[int],
    captured: list[int],
    tricks_done: int,
    goals: list[str | None],
    rng: random.Random,
) -> RoundOutcome:
    """Finish the round: seats with a goal play for it, the others play random legal cards."""
    n = len(hands)
    hands = list(hands)
    won = list(won)
    captured = list(captured)
    trick = list(trick)
    seat = (leader + len(trick)) % n
    last_winner = leader
    avoid = [_avoid(g) for g in goals]
    while tricks_done < 9:
        while len(trick) < n:
            hand = hands[seat]
            legal = legal_mask(hand, trick[0] if trick else None, trumps)
            goal = goals[seat]
            if goal is None:
                options = [c for c in range(NUM_CARDS) if legal >> c & 1]
                card = options[int(rng.random() * len(options))]
            else:
                mode = _mode(goal, won[seat], tricks_done, trick)
                card = choose_card(legal, trick, trumps, mode, avoid[seat], n)
            hands[seat] = hand ^ (1 << card)
            trick.append(card)
            seat = (seat + 1) % n
        winner = (leader + trick_winner(trick, trumps.key)) % n
        won[winner] += 1
        for c in trick:
            captured[winner] |= 1 << c
        tricks_done += 1
        trick = []
        leader = seat = last_winner = winner
    return RoundOutcome(tuple(won), tuple(captured), last_winner)


class RoundState:
    """The play state rebuilt from a view: hands (every pick is public), trick, tricks and captures."""

    def __init__(self, view: dict[str, Any]) -> None:
        n = view["players"]
        self.players = n
        hands = [0] * n
        for row in view["rows"]:
            for pick in row["picks"]:
                hands[pick["seat"]] |= 1 << parse_card(pick["card"])
        captured = [0] * n
        tricks_done = 0
        last_winner = (view["table"]["start player"] + 1) % n
        for e in view["events"]:
            if e["type"] == "card_played":
                hands[e["seat"]] &= ~(1 << parse_card(e["card"]))
            elif e["type"] == "trick_won":
                for c in e["cards"]:
                    captured[e["seat"]] |= 1 << parse_card(c)
                tricks_done += 1
                last_winner = e["seat"]
        self.hands = hands
        self.captured = captured
        self.tricks_done = tricks_done
        self.won = [s["tricks"] for s in view["seats"]]
        self.trick = [parse_card(t["card"]) for t in view["trick"]]
        self.leader = view["trick"][0]["seat"] if view["trick"] else last_winner


def revealed_round(view: dict[str, Any]) -> tuple[RoundTrumps, RoundState]:
    """After the picking the trumps are public: the trump table and the round as this seat sees it."""
    truth = known_trumps(view)
    assert truth is not None, "the trumps are revealed once the picking ends"
    return trumps_for(*truth), RoundState(view)


class SecretTrumpsBot:
    """Heuristic player for Secret Trumps (see the module text)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, rollouts: int = 12) -> None:
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self._aim: dict[tuple[Any, ...], str | None] = {}

    def choose(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        legal = view["legal_moves"]
        if phase == "draft":
            return self._draft(view, legal)
        if phase == "pick":
            return self._pick(view, legal)
        if phase == "choose":
            return self._choose_goal(view, legal)
        if phase == "cross":
            open_goals = [m.split()[1] for m in legal]
            ranked = sorted(open_goals, key=lambda g: HARDNESS.index(g) if g in HARDNESS else len(HARDNESS))
            return f"cross {ranked[0]}"
        return self._play(view, legal)

    # ----- draft ---------------------------------------------------------------------------------

    def _draft(self, view: dict[str, Any], legal: list[str]) -> str:
        held = view["goals"][view["seat"]]["held"]

        def score(move: str) -> float:
            slug = move.split()[1]
            s = DRAFT_EASE.get(slug, 0.5)
            if held:
                # Goals that go together: close trick targets help one hand serve several goals.
                gap = min(abs(TARGET.get(slug, 1.0) - TARGET.get(h, 1.0)) for h in held)
                s -= 0.12 * gap
            return s + self.rng.random() * 0.05

        return max(legal, key=score)

    # ----- picking -------------------------------------------------------------------------------

    def _pick(self, view: dict[str, Any], legal: list[str]) -> str:
        seat = view["seat"]
        n = view["players"]
        start = view["table"]["start player"]
        hypotheses = trump_hypotheses(view)
        p_trump = trump_probability(hypotheses)
        # Normalise card power so the 9 tricks are shared out over all cards in play.
        scale = 9.0 / max(1e-9, sum(_power(c, p_trump[c]) for c in range(NUM_CARDS)) * n / 4)
        hand = [parse_card(c) for c in view["hand"]]
        have = sum(_power(c, p_trump[c]) for c in hand) * scale
        rows_left = 9 - len(hand)
        # The start player keeps a middling hand: every goal the others may miss stays within reach.
        target = 9.0 / n if seat == start else self._plan_target(view["goals"][seat]["open"], have, len(hand))
        ideal = (target - have) / max(1, rows_left)
        options = [parse_card(m.split()[1]) for m in legal]
        scores = {c: -abs(_power(c, p_trump[c]) * scale - ideal) for c in options}
        if seat == start:
            self._quiet(view, options, scores)
        best = max(options, key=lambda c: (scores[c], self.rng.random()))
        return f"pick {CARD_TEXT[best]}"

    @staticmethod
    def _plan_target(open_goals: list[str], have: float, picked: int) -> float:
        targets = sorted(TARGET.get(g, 1.0) for g in open_goals)
        if picked == 0:
            return targets[0]
        projected = have * 9 / picked
        return min(targets, key=lambda t: abs(t - projected))

    def _quiet(self, view: dict[str, Any], options: list[int], scores: dict[int, float]) -> None:
        """Start player: when its pick completes the row, prefer the hint that tells the others least."""
        row = next((r for r in view["rows"] if len(r["picks"]) < view["players"]), None)
        truth = known_trumps(view)
        if row is None or truth is None or len(row["picks"]) != view["players"] - 1:
            return
        base = hint_rows(view)
        done = [parse_card(p["card"]) for p in row["picks"]]
        second_deck = bool(view["options"].get("second_deck", True))
        key = trumps_for(*truth).key
        for c in options:
            cards = [*done, c]
            winner = trick_winner(cards, key)
            left = len(consistent([*base, (cards, winner)], second_deck))
            scores[c] += 0.02 * left

    # ----- goal choice ---------------------------------------------------------------------------

    def _choose_goal(self, view: dict[str, Any], legal: list[str]) -> str:
        seat = view["seat"]
        trumps, state = revealed_round(view)
        n = view["players"]
        best, best_p = legal[0], -1.0
        for move in legal:
            slug = move.split()[1]
            goals: list[str | None] = [None] * n
            goals[seat] = slug
            met = 0
            for _ in range(self.rollouts):
                out = rollout(
                    state.hands,
                    trumps,
                    (view["table"]["start player"] + 1) % n,
                    [],
                    [0] * n,
                    [0] * n,
                    0,
                    goals,
                    self.rng,
                )
                met += GOAL_BY_SLUG[slug].met(out, seat)
            p = met / self.rollouts + self.rng.random() * 1e-3
            if p > best_p:
                best, best_p = move, p
        return best

    # ----- play ----------------------------------------------------------------------------------

    def _play(self, view: dict[str, Any], legal: list[str]) -> str:
        seat = view["seat"]
        trumps, state = revealed_round(view)
        chosen: list[str | None] = [g["chosen"] for g in view["goals"]]
        goal = chosen[seat] if seat != view["table"]["start player"] else self._start_aim(view, state, trumps, chosen)
        mask = 0
        for m in legal:
            mask |= 1 << parse_card(m)
        if goal is None:
            return CARD_TEXT[choose_card(mask, state.trick, trumps, "lose", -1, view["players"])]
        mode = _mode(goal, state.won[seat], state.tricks_done, state.trick)
        return CARD_TEXT[choose_card(mask, state.trick, trumps, mode, _avoid(goal), view["players"])]

    def _start_aim(
        self, view: dict[str, Any], state: RoundState, trumps: RoundTrumps, chosen: list[str | None]
    ) -> str | None:
        """The goal of another player the start player is likeliest to meet while its chooser misses it."""
        seat = view["seat"]
        hints = view["hints"]
        key = (view["table"]["round"], seat, tuple(h["winner"] for h in hints), tuple(hints[0]["cards"]))
        if key in self._aim:
            aim = self._aim[key]
            if aim is None or self._still_possible(aim, state, seat):
                return aim
        candidates = sorted({g for p, g in enumerate(chosen) if p != seat and g is not None})
        best, best_p = None, 0.0
        for slug in candidates:
            if not self._still_possible(slug, state, seat):
                continue
            goals = list(chosen)
            goals[seat] = slug
            hits = 0
            for _ in range(self.rollouts):
                out = rollout(
                    state.hands,
                    trumps,
                    state.leader,
                    state.trick,
                    state.won,
                    state.captured,
                    state.tricks_done,
                    goals,
                    self.rng,
                )
                if GOAL_BY_SLUG[slug].met(out, seat) and any(
                    g == slug and not GOAL_BY_SLUG[g].met(out, p) for p, g in enumerate(chosen) if p != seat
                ):
                    hits += 1
            p = hits / self.rollouts
            if p > best_p:
                best, best_p = slug, p
        self._aim[key] = best
        return best

    @staticmethod
    def _still_possible(slug: str, state: RoundState, seat: int) -> bool:
        won = state.won[seat]
        if slug == "no-tricks":
            return won == 0
        if slug.startswith("exactly-"):
            return won <= int(slug[-1])
        if slug.startswith("no-"):
            return not state.captured[seat] & SUIT_MASKS["shdc".index(slug[3])]
        return True
