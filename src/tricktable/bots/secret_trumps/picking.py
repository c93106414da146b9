"""The blueprint's picks, and a whole Secret Trumps round simulated with the blueprint from any point of the
picking (the conventions are stated in ``blueprint.py``; ``cplay.pyx`` is the same in C).

A simulated round knows its trumps (the world's), so it can announce the hints; each picker other than the
start player judges cards only by the hypotheses the hints so far leave, as a real player would, and the
hypotheses narrow row by row as the simulated hints come out.  After the last row every player without a
goal takes the one its hand fits best, and the round is played out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tricktable.bots.secret_trumps.blueprint import (
    WEIGHT,
    Play,
    auto_target10,
    best_fit,
    hypothesis_of,
    mask_power,
    playout,
    power,
    start_aim,
    start_target10,
    target10,
    trick_estimates10,
)
from tricktable.core.cards import kth_bit
from tricktable.core.splitmix import SplitMix64
from tricktable.rules.secret_trumps import NO_GOAL, ROWS, trick_winner, trumps_for


@dataclass
class Picking:
    """A round somewhere in its picking, every pick known, the trumps those of one world."""

    start: int
    truth: int  #: the world's trumps (a hypothesis index)
    hyps: int  #: the hypotheses the hints of the first ``hinted`` rows leave (a mask of indices)
    hinted: int  #: the rows whose hints ``hyps`` has taken in
    face_up: list[list[int]]  #: per row, its face-up cards
    picks: list[list[tuple[int, int]]]  #: per row, (seat, card) so far
    open_goals: list[list[int]]  #: per seat, its open goals' codes
    plans: list[int]  #: per seat, a goal it plans for (its pick target and its choice), or ``NO_GOAL``

    @property
    def players(self) -> int:
        return len(self.open_goals)

    def in_play(self) -> int:
        mask = 0
        for row in self.face_up:
            for c in row:
                mask |= 1 << c
        return mask


def pick_target(seat: int, p: Picking, hand: int, hyps: int, in_play: int, picked: int) -> int:
    """The tricks (×10) ``seat`` aims its hand at."""
    if seat == p.start:
        return start_target10(p.players)
    if p.plans[seat] != NO_GOAL:
        return target10(p.plans[seat])
    return auto_target10(p.open_goals[seat], mask_power(hand, hyps), mask_power(in_play, hyps), picked)


def pick_card(options: int, hand: int, hyps: int, in_play: int, target: int) -> int:
    """The option whose power comes closest to what each row still to pick should add (the lowest of equals)."""
    rows_left = max(1, ROWS - hand.bit_count())
    need = target * mask_power(in_play, hyps) - 90 * mask_power(hand, hyps)
    best, best_gap = -1, -1
    m = options
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        gap = abs(90 * power(c, hyps) * rows_left - need)
        if best_gap < 0 or gap < best_gap:
            best, best_gap = c, gap
    return best


def finish_picking(p: Picking, rng: SplitMix64, noise: int) -> list[int]:
    """Pick the rest of the rows with the blueprint; every seat's hand after the picking."""
    n = p.players
    in_play = p.in_play()
    truth_key = trumps_for(*hypothesis_of(p.truth)).key
    hands = [0] * n
    for done in p.picks:
        for seat, c in done:
            hands[seat] |= 1 << c
    hyps = p.hyps
    for row in range(p.hinted, ROWS):
        picks = list(p.picks[row])
        left = 0
        for c in p.face_up[row]:
            left |= 1 << c
        for _, c in picks:
            left &= ~(1 << c)
        first = (p.start + 1 + row) % n
        for i in range(len(picks), n):
            seat = (first + i) % n
            if left & (left - 1) == 0:
                card = left.bit_length() - 1
            elif noise and rng.below(1000) < noise:
                card = kth_bit(left, rng.below(left.bit_count()))
            else:
                known = 1 << p.truth if seat == p.start else hyps
                target = pick_target(seat, p, hands[seat], known, in_play, hands[seat].bit_count())
                card = pick_card(left, hands[seat], known, in_play, target)
            hands[seat] |= 1 << card
            left &= ~(1 << card)
            picks.append((seat, card))
        hyps = narrow(hyps, [c for _, c in picks], trick_winner([c for _, c in picks], truth_key))
    return hands


def narrow(hyps: int, cards: Sequence[int], winner: int) -> int:
    """The hypotheses of ``hyps`` under which the row ``cards`` is won by its ``winner``-th card: the hint."""
    out = 0
    m = hyps
    while m:
        h = (m & -m).bit_length() - 1
        m &= m - 1
        if trick_winner(cards, trumps_for(*hypothesis_of(h)).key) == winner:
            out |= 1 << h
    return out


def simulate(p: Picking, rng: SplitMix64, noise: int) -> int:
    """The round from here to its end with the blueprint: the outcome (``solver.outcome_of``)."""
    n = p.players
    hands = finish_picking(p, rng, noise)
    in_play = p.in_play()
    key = trumps_for(*hypothesis_of(p.truth)).key
    estimates = trick_estimates10(hands, p.truth, in_play)
    goals = [NO_GOAL] * n
    for seat in range(n):
        if seat == p.start:
            continue
        plan = p.plans[seat]
        goals[seat] = (
            plan if plan != NO_GOAL else best_fit(seat, p.open_goals[seat], hands[seat], estimates, key, in_play)
        )
    aim = start_aim(p.start, goals, hands, estimates, key, in_play)
    return playout(Play(hands, p.truth, p.start, goals, aim, (p.start + 1) % n), rng, noise)


__all__ = ["WEIGHT", "Picking", "finish_picking", "narrow", "pick_card", "pick_target", "simulate"]
