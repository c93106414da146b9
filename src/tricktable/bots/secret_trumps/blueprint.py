"""The Secret Trumps blueprint: the simple convention the search bots assume of everybody when they look ahead.

* **Card power.**  Under one trump hypothesis a card is worth, in thousandths of a trick-taking chance, 1000
  (the super trump), 850 (a trump-rank card), 500 + 50 × rank (a trump-suit card) or 100 × (rank - 5) for a
  plain 6..9 (nothing for a lower plain card).  A player who does not know the trumps adds the power over
  the hypotheses still open; the share of the power in play a hand holds, times 9, estimates its tricks.
* **Picks.**  Each player aims its hand at a number of tricks (×10, ``TARGET10``): the target of a goal it
  plans for, else the target of its open goal nearest to what its hand so far projects; the start player,
  who knows the trumps, keeps a middling hand (9 / players).  It takes the row's card whose power comes
  closest to what each remaining row should add.
* **Goal choice.**  With the trumps and every hand known, the open goal whose fit (``fit_distance``: how far
  the hand's trick estimate is from what the goal wants) is best.  The start player aims at the revealed goal
  its own hand fits best (``start_aim``).
* **Cards.**  Win or duck each trick as the goal needs (``mode`` and ``play_card``): the heuristic bot's rules.
* ``simulate`` plays a round out from any point of the picking with this convention, ``playout`` from any
  point of the play; with ``noise`` (per mille) a player now and then picks or plays a random legal card.

Everything is in integers, with SplitMix64 for chance, so that ``cplay.pyx`` — the same convention in C, and
the loops over sampled worlds that use it — makes exactly the same choices (the tests check it card for card).
The blueprint alone is not a bot: ``search.py`` searches on top of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tricktable.core.cards import kth_bit
from tricktable.core.splitmix import GOLDEN_GAMMA, MASK64, SplitMix64
from tricktable.rules.secret_trumps import (
    EXACT,
    FEWEST,
    LAST,
    MOST,
    NO_GOAL,
    NO_SUIT_GOAL,
    ROWS,
    SUIT_MASKS,
    legal_mask,
    outcome_of,
    suit_bits,
    trick_winner,
    trumps_for,
)

# ----- hypotheses and power -----------------------------------------------------------------------------------

#: Every trump hypothesis has an index: ``(suit + 1) * 10 + rank`` (suit -1 for none, rank 0 for none).
HYPOTHESES = 50


def hypothesis_index(suit: int, rank: int) -> int:
    return (suit + 1) * 10 + rank


def hypothesis_of(index: int) -> tuple[int, int]:
    return index // 10 - 1, index % 10


def hypothesis_mask(hypotheses: Sequence[tuple[int, int]]) -> int:
    mask = 0
    for suit, rank in hypotheses:
        mask |= 1 << hypothesis_index(suit, rank)
    return mask


def card_weight(card: int, key: int) -> int:
    """A card's power under one hypothesis, from its trump key (``kernel.RoundTrumps.key``)."""
    if key >= 100:
        return 1000
    if key >= 50:
        return 850
    if key:
        return 500 + 50 * (key - 10)
    return max(0, card % 9 + 1 - 5) * 100


#: ``WEIGHT[h][c]``: card ``c``'s power under hypothesis ``h``.
WEIGHT: tuple[tuple[int, ...], ...] = tuple(
    tuple(card_weight(c, trumps_for(*hypothesis_of(h)).key[c]) for c in range(36)) for h in range(HYPOTHESES)
)


def power(card: int, hyps: int) -> int:
    """``card``'s power summed over the hypotheses of the mask ``hyps``."""
    total = 0
    m = hyps
    while m:
        h = (m & -m).bit_length() - 1
        m &= m - 1
        total += WEIGHT[h][card]
    return total


def mask_power(cards: int, hyps: int) -> int:
    total = 0
    m = cards
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        total += power(c, hyps)
    return total


# ----- goals: targets and fit -----------------------------------------------------------------------------------


def target10(code: int) -> int:
    """The tricks (×10) a goal wants a hand to take (the suit goals want about one)."""
    kind, value = code >> 4, code & 15
    if kind == EXACT:
        return 10 * value
    if kind == FEWEST:
        return 3
    if kind == MOST:
        return 40
    if kind == LAST:
        return 25
    return 10


def start_target10(players: int) -> int:
    """The start player's middling hand: its share of the tricks (×10)."""
    return (90 + players // 2) // players


def auto_target10(open_codes: Sequence[int], hand_power: int, all_power: int, picked: int) -> int:
    """The target of the open goal nearest to what the hand so far projects (the lowest before any pick)."""
    targets = sorted(target10(c) for c in open_codes)
    if picked == 0 or all_power == 0:
        return targets[0]
    best, best_gap = targets[0], -1
    for t in targets:
        gap = abs(t * all_power * picked - 810 * hand_power)
        if best_gap < 0 or gap < best_gap:
            best, best_gap = t, gap
    return best


def trick_estimates10(hands: Sequence[int], truth: int, in_play: int) -> list[int]:
    """Each hand's estimated tricks (×10) under the true trumps."""
    total = mask_power(in_play, 1 << truth)
    return [90 * mask_power(h, 1 << truth) // max(1, total) for h in hands]


def fit_distance(code: int, seat: int, hand: int, estimates: Sequence[int], key: Sequence[int], in_play: int) -> int:
    """How badly ``seat``'s hand fits goal ``code`` (0: perfectly), from the trick estimates of every hand."""
    kind, value = code >> 4, code & 15
    mine = estimates[seat]
    others = [e for q, e in enumerate(estimates) if q != seat]
    if kind == EXACT:
        return abs(mine - 10 * value)
    if kind == MOST:
        return max(0, max(others) - mine + 5)
    if kind == FEWEST:
        return max(0, mine - min(others) + 5)
    if kind == LAST:
        top = max((key[c] for c in range(36) if in_play >> c & 1), default=0)
        held = max((key[c] for c in range(36) if hand >> c & 1), default=0)
        return 5 if top and held == top else 20 if held else 40
    high = sum(1 for c in range(value * 9 + 6, value * 9 + 9) if hand >> c & 1)
    return abs(mine - 5) + 8 * high


def best_fit(
    seat: int, open_codes: Sequence[int], hand: int, estimates: Sequence[int], key: Sequence[int], in_play: int
) -> int:
    """The open goal ``seat``'s hand fits best (the first of equal fits)."""
    best, best_d = open_codes[0], -1
    for code in open_codes:
        d = fit_distance(code, seat, hand, estimates, key, in_play)
        if best_d < 0 or d < best_d:
            best, best_d = code, d
    return best


def start_aim(
    start: int, goals: Sequence[int], hands: Sequence[int], estimates: Sequence[int], key: Sequence[int], in_play: int
) -> int:
    """The revealed goal the start player's hand fits best, seats taken from its left (``NO_GOAL``: none)."""
    n = len(goals)
    best, best_d = NO_GOAL, -1
    for i in range(1, n):
        code = goals[(start + i) % n]
        if code == NO_GOAL:
            continue
        d = fit_distance(code, start, hands[start], estimates, key, in_play)
        if best_d < 0 or d < best_d:
            best, best_d = code, d
    return best


# ----- cards ----------------------------------------------------------------------------------------------------

WIN, LOSE, KEEP, CHEAP = 0, 1, 2, 3


def mode(code: int, won: int, tricks_done: int, trick: Sequence[int]) -> int:
    """Win or duck the current trick, for a goal and the tricks won so far (``heuristic._mode``)."""
    kind, value = code >> 4, code & 15
    if code == NO_GOAL or kind == FEWEST or (kind == EXACT and value == 0):
        return LOSE
    if kind == EXACT:
        return WIN if won < value else LOSE
    if kind == MOST:
        return WIN
    if kind == LAST:
        return WIN if tricks_done == 8 else KEEP
    mask = SUIT_MASKS[value]
    return LOSE if not trick or any(mask >> c & 1 for c in trick) else CHEAP


def avoid_suit(code: int) -> int:
    return code & 15 if code != NO_GOAL and code >> 4 == NO_SUIT_GOAL else -1


def play_card(legal: int, trick: Sequence[int], key: Sequence[int], how: int, avoid: int, players: int) -> int:
    """The card to play for ``how`` from the legal cards (``heuristic.choose_card``: the first of equals)."""
    cards = [c for c in range(36) if legal >> c & 1]

    def strength(c: int) -> int:
        return key[c] * 10 + c % 9 if key[c] else c % 9

    def lowest(pool: list[int]) -> int:
        return min(pool, key=strength)

    def highest(pool: list[int]) -> int:
        return max(pool, key=strength)

    if not trick:
        if how == WIN:
            return highest(cards)
        if avoid >= 0:
            return lowest([c for c in cards if c // 9 != avoid] or cards)
        return lowest(cards)
    winners: list[int] = []
    losers: list[int] = []
    for c in cards:
        (winners if trick_winner([*trick, c], key) == len(trick) else losers).append(c)
    if avoid >= 0:
        winners = [c for c in winners if c // 9 != avoid] or winners
    last = len(trick) == players - 1
    if how == WIN:
        if winners:
            return lowest(winners) if last else highest(winners)
        return lowest(cards)
    if how == CHEAP and last and winners and (avoid < 0 or winners[0] // 9 != avoid):
        return lowest(winners)
    if losers:
        if avoid >= 0:
            dump = [c for c in losers if c // 9 == avoid]
            if dump:
                return highest(dump)
        return lowest(losers) if how == KEEP else highest(losers)
    return highest(winners) if how != KEEP else lowest(winners)


@dataclass
class Play:
    """A round in play, every hand known: what ``playout`` needs."""

    hands: list[int]
    truth: int  #: the trumps' hypothesis index
    start: int
    goals: list[int]  #: per seat, its goal's code (``NO_GOAL`` for the start player)
    aim: int  #: the start player's aim (a code, or ``NO_GOAL``)
    leader: int
    trick: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    captured: list[int] = field(default_factory=list)
    tricks_done: int = 0


def playout(play: Play, rng: SplitMix64, noise: int) -> int:
    """Play the round out with the blueprint (a random legal card ``noise`` times in a thousand): the outcome."""
    n = len(play.hands)
    trumps = trumps_for(*hypothesis_of(play.truth))
    key = trumps.key
    hands = list(play.hands)
    won = list(play.won) or [0] * n
    captured = list(play.captured) or [0] * n
    trick = list(play.trick)
    leader = play.leader
    done = play.tricks_done
    goal_of = [play.aim if p == play.start else play.goals[p] for p in range(n)]
    avoid = [avoid_suit(g) for g in goal_of]
    last = leader
    while done < ROWS:
        while len(trick) < n:
            seat = (leader + len(trick)) % n
            legal = legal_mask(hands[seat], trick[0] if trick else None, trumps)
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            elif noise and rng.below(1000) < noise:
                card = kth_bit(legal, rng.below(legal.bit_count()))
            else:
                how = mode(goal_of[seat], won[seat], done, trick)
                card = play_card(legal, trick, key, how, avoid[seat], n)
            hands[seat] ^= 1 << card
            trick.append(card)
        last = (leader + trick_winner(trick, key)) % n
        won[last] += 1
        for c in trick:
            captured[last] |= 1 << c
        trick = []
        leader = last
        done += 1
    return outcome_of(play.goals, play.start, won, [suit_bits(c) for c in captured], last)


def stream_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th random stream of a search (``cplay.stream_seed``)."""
    return (seed + index * GOLDEN_GAMMA) & MASK64
