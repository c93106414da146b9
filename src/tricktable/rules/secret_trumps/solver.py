"""Open-hands search of a Secret Trumps round: how the tricks still to play end when everyone sees every card.

After the picking every hand is public and the trumps are turned over, so from the first card on the play is
a game of perfect information among players with different aims (the game's page, sections 6 and 7).  A
round ends in an **outcome**: a bitmask with bit ``p`` set when seat ``p`` crosses off a goal — a chooser that
met its chosen goal, or the start player that met, as that goal's holder, a goal its chooser missed (ruling
ST-R9).  Each seat values outcomes through a **utility table** ``util[seat][outcome]``, so one search covers:

* ``max_n`` — each seat maximises its own crossing off (less ``spite`` for every other seat's): the players
  as they are;
* ``cooperative(p)`` — everybody helps seat ``p``: could ``p`` still cross off at all?
* ``paranoid(p)`` — everybody else plays against ``p``: can ``p`` make sure of it?

``can_cross`` answers the cooperative question alone, faster: it stops at the first way it finds and drops a
line as soon as the seat's goal is out of reach (``hopeless``).

The seat to move picks the card whose outcome it values most; of equal values the lowest card wins, so the
answer is one exact, reproducible line of play.  Two things keep the search small without changing that
answer:

* **Equivalent cards.**  Two cards of one hand with the same printed suit, in the same group (the trumps, or
  the plain cards of that suit) and with no card of another hand or of the trick on the table ranked between
  them win, lose and count for goals alike; only the lowest is searched.
* **Memo at trick boundaries** on the hands, the leader, the tricks won and the suits each seat has captured
  (only the suits some chosen goal is about), and a cut once the seat to move has found the best outcome it
  could have.

This module is the readable reference; ``ckernel.pyx`` holds the same search in C (``compiled.CKERNEL``), and
``tests/rules/secret_trumps/test_solver.py`` checks that the two agree, and agree with plain enumeration.
Goals are the eleven of ``goals.py``, given to the search as codes (``goal_code``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tricktable.rules.secret_trumps.cards import SUIT_MASKS
from tricktable.rules.secret_trumps.compiled import CKERNEL
from tricktable.rules.secret_trumps.deduction import trumps_for
from tricktable.rules.secret_trumps.kernel import RoundTrumps, legal_mask, trick_winner

#: Goal codes: ``kind * 16 + parameter``.
EXACT, MOST, FEWEST, LAST, NO_SUIT_GOAL = 0, 1, 2, 3, 4
NO_GOAL = -1
_CODES = {
    "no-tricks": EXACT * 16,
    "exactly-1": EXACT * 16 + 1,
    "exactly-2": EXACT * 16 + 2,
    "exactly-3": EXACT * 16 + 3,
    "most": MOST * 16,
    "fewest": FEWEST * 16,
    "last": LAST * 16,
    "no-spades": NO_SUIT_GOAL * 16,
    "no-hearts": NO_SUIT_GOAL * 16 + 1,
    "no-diamonds": NO_SUIT_GOAL * 16 + 2,
    "no-clubs": NO_SUIT_GOAL * 16 + 3,
}

Table = list[list[float]]


def goal_code(slug: str) -> int:
    """The search's code for a goal of the game's list (section 2)."""
    code = _CODES.get(slug)
    if code is None:
        raise ValueError(f"the open-hands search knows the eleven goals of the game's page, not {slug!r}")
    return code


def goal_met(code: int, seat: int, won: Sequence[int], suits: Sequence[int], last: int) -> bool:
    """Whether ``seat`` meets goal ``code`` given the tricks won, the suits captured (a 4-bit mask per seat)
    and the winner of the last trick: the goals of ``goals.py`` on the search's numbers."""
    kind, value = code >> 4, code & 15
    if kind == EXACT:
        return won[seat] == value
    if kind == MOST:
        return all(won[seat] > w for q, w in enumerate(won) if q != seat)
    if kind == FEWEST:
        return all(won[seat] < w for q, w in enumerate(won) if q != seat)
    if kind == LAST:
        return last == seat
    return not suits[seat] >> value & 1


def outcome_of(goals: Sequence[int], start: int, won: Sequence[int], suits: Sequence[int], last: int) -> int:
    """The round's outcome mask: who crosses off a goal (``scoring.judge_round`` on the search's numbers)."""
    mask = 0
    steal = False
    for p, code in enumerate(goals):
        if p == start or code == NO_GOAL:
            continue
        if goal_met(code, p, won, suits, last):
            mask |= 1 << p
        elif goal_met(code, start, won, suits, last):
            steal = True
    return mask | (1 << start) if steal else mask


def suit_bits(captured: int) -> int:
    """The 4-bit mask of the printed suits among ``captured`` cards."""
    return sum(1 << s for s in range(4) if captured & SUIT_MASKS[s])


# ----- utility tables ---------------------------------------------------------------------------------------


def max_n(players: int, spite: float = 0.0, weights: Sequence[float] | None = None) -> Table:
    """Each seat values its own crossing off (``weights[p]``, default 1) less ``spite`` times every other's."""
    w = list(weights) if weights is not None else [1.0] * players
    return [
        [sum(w[q] * (1.0 if q == s else -spite) for q in range(players) if m >> q & 1) for m in range(1 << players)]
        for s in range(players)
    ]


def cooperative(players: int, seat: int) -> Table:
    """Everybody values seat ``seat`` crossing off."""
    return [[float(m >> seat & 1) for m in range(1 << players)] for _ in range(players)]


def paranoid(players: int, seat: int) -> Table:
    """Seat ``seat`` values its crossing off; everybody else values its missing."""
    return [[float(m >> seat & 1) * (1.0 if s == seat else -1.0) for m in range(1 << players)] for s in range(players)]


# ----- the position and the search --------------------------------------------------------------------------


@dataclass
class Position:
    """A round in play with open hands: what the search needs, as ints."""

    hands: list[int]  #: the cards each seat still holds
    trumps: tuple[int, int]  #: (suit, rank) as in ``deduction``
    leader: int  #: who led the current trick (or leads next)
    goals: list[int]  #: per seat, its chosen goal's code (``NO_GOAL`` for the start player)
    start: int
    trick: list[int] = field(default_factory=list)  #: the cards on the table, from ``leader`` on
    won: list[int] = field(default_factory=list)  #: default: nobody has won a trick
    captured: list[int] = field(default_factory=list)  #: cards of the tricks each seat won (default none)

    def __post_init__(self) -> None:
        n = len(self.hands)
        self.won = list(self.won) or [0] * n
        self.captured = list(self.captured) or [0] * n

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    def relevant_suits(self) -> int:
        """The suits some chosen goal is about: the only captured suits the outcome can depend on."""
        mask = 0
        for code in self.goals:
            if code != NO_GOAL and code >> 4 == NO_SUIT_GOAL:
                mask |= 1 << (code & 15)
        return mask


def equivalent_runs(hand: int, legal: int, live: int, trumps: RoundTrumps) -> list[list[int]]:
    """The ``legal`` cards in runs of equivalent cards (see the module's notes), each run ascending, the runs
    by their lowest card.  ``live`` holds every card still in play: the hands and the trick on the table."""
    key = trumps.key
    others = live & ~hand
    runs: list[list[int]] = []
    for suit in range(4):
        cards = [c for c in range(suit * 9, suit * 9 + 9) if legal >> c & 1]
        for trump_group in (False, True):
            members = sorted((c for c in cards if bool(key[c]) == trump_group), key=lambda c: _strength(c, key))
            for i, c in enumerate(members):
                if i == 0 or _separated(members[i - 1], c, others, key):
                    runs.append([c])
                else:
                    runs[-1].append(c)
    return sorted((sorted(run) for run in runs), key=lambda run: run[0])


def equivalent_choices(hand: int, legal: int, live: int, trumps: RoundTrumps) -> list[int]:
    """The lowest card of each run of equivalent ``legal`` cards, ascending: the cards the search tries."""
    return [run[0] for run in equivalent_runs(hand, legal, live, trumps)]


def _strength(card: int, key: Sequence[int]) -> int:
    return key[card] if key[card] else card % 9


def _separated(low: int, high: int, others: int, key: Sequence[int]) -> bool:
    """Does a card of ``others`` in the group of ``low`` and ``high`` rank strictly between them?"""
    a, b = _strength(low, key), _strength(high, key)
    trump = bool(key[low])
    pool = others
    while pool:
        o = (pool & -pool).bit_length() - 1
        pool &= pool - 1
        if bool(key[o]) != trump or (not trump and o // 9 != low // 9):
            continue
        if a < _strength(o, key) < b:
            return True
    return False


def _live(hands: Sequence[int], trick: Sequence[int]) -> int:
    live = 0
    for h in hands:
        live |= h
    for c in trick:
        live |= 1 << c
    return live


def move_values_reference(position: Position, util: Table) -> list[tuple[int, int]]:
    """For every legal card of the seat to move, the outcome when it is played and everyone then plays best."""
    p = position
    n = len(p.hands)
    trumps = trumps_for(*p.trumps)
    key = trumps.key
    relevant = p.relevant_suits()
    best_util = [max(row) for row in util]
    memo: dict[tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]], int] = {}

    def after_card(hands: list[int], leader: int, trick: list[int], won: list[int], suits: list[int]) -> int:
        if len(trick) < n:
            return to_move(hands, leader, trick, won, suits)
        winner = (leader + trick_winner(trick, key)) % n
        won = list(won)
        won[winner] += 1
        suits = list(suits)
        for c in trick:
            suits[winner] |= (1 << (c // 9)) & relevant
        if not any(hands):
            return outcome_of(p.goals, p.start, won, suits, winner)
        return to_move(hands, winner, [], won, suits)

    def to_move(hands: list[int], leader: int, trick: list[int], won: list[int], suits: list[int]) -> int:
        memo_key = (tuple(hands), leader, tuple(won), tuple(suits))
        if not trick and memo_key in memo:
            return memo[memo_key]
        best = -1
        for _, outcome in choices(hands, leader, trick, won, suits):
            if best < 0 or util[mover(leader, trick)][outcome] > util[mover(leader, trick)][best]:
                best = outcome
                if util[mover(leader, trick)][best] >= best_util[mover(leader, trick)]:
                    break
        if not trick:
            memo[memo_key] = best
        return best

    def mover(leader: int, trick: list[int]) -> int:
        return (leader + len(trick)) % n

    def choices(
        hands: list[int], leader: int, trick: list[int], won: list[int], suits: list[int]
    ) -> list[tuple[int, int]]:
        seat = mover(leader, trick)
        hand = hands[seat]
        legal = legal_mask(hand, trick[0] if trick else None, trumps)
        out = []
        for card in equivalent_choices(hand, legal, _live(hands, trick), trumps):
            rest = list(hands)
            rest[seat] = hand ^ (1 << card)
            out.append((card, after_card(rest, leader, [*trick, card], won, suits)))
        return out

    suits = [suit_bits(c) & relevant for c in p.captured]
    found = dict(choices(list(p.hands), p.leader, list(p.trick), list(p.won), suits))
    return _spread(found, p, trumps)


def _spread(found: dict[int, int], p: Position, trumps: RoundTrumps) -> list[tuple[int, int]]:
    """Every legal card, ascending, with the outcome of the searched card of its run."""
    hand = p.hands[p.to_move]
    legal = legal_mask(hand, p.trick[0] if p.trick else None, trumps)
    out = [
        (card, found[run[0]]) for run in equivalent_runs(hand, legal, _live(p.hands, p.trick), trumps) for card in run
    ]
    return sorted(out)


def hopeless(code: int, seat: int, won: Sequence[int], suits: Sequence[int], left: int) -> bool:
    """Can ``seat`` no longer meet goal ``code`` however the ``left`` tricks still to play go?  (A quick
    test: ``True`` is always right, ``False`` only means "not obviously".)"""
    kind, value = code >> 4, code & 15
    mine = won[seat]
    others = [w for q, w in enumerate(won) if q != seat]
    if kind == EXACT:
        return mine > value or mine + left < value
    if kind == MOST:
        return mine + left <= max(others)
    if kind == FEWEST:
        return any(mine >= w + left for w in others)
    if kind == NO_SUIT_GOAL:
        return bool(suits[seat] >> value & 1)
    return False


def _cross_hopeless(p: Position, seat: int, won: Sequence[int], suits: Sequence[int], left: int) -> bool:
    if seat != p.start:
        return hopeless(p.goals[seat], seat, won, suits, left)
    # The start player crosses off only by meeting, as its holder, a goal another player chose.
    return all(hopeless(code, seat, won, suits, left) for q, code in enumerate(p.goals) if q != seat and code >= 0)


def can_cross_reference(position: Position, seat: int) -> bool:
    """Could ``seat`` still cross off a goal this round if every player helped it?  (Open hands.)"""
    p = position
    n = len(p.hands)
    trumps = trumps_for(*p.trumps)
    key = trumps.key
    relevant = p.relevant_suits()
    memo: dict[tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]], bool] = {}

    def search(hands: list[int], leader: int, trick: list[int], won: list[int], suits: list[int]) -> bool:
        if not trick:
            left = hands[leader].bit_count()
            if _cross_hopeless(p, seat, won, suits, left):
                return False
            memo_key = (tuple(hands), leader, tuple(won), tuple(suits))
            if memo_key in memo:
                return memo[memo_key]
        mover = (leader + len(trick)) % n
        hand = hands[mover]
        legal = legal_mask(hand, trick[0] if trick else None, trumps)
        answer = False
        for card in equivalent_choices(hand, legal, _live(hands, trick), trumps):
            rest = list(hands)
            rest[mover] = hand ^ (1 << card)
            table = [*trick, card]
            if len(table) < n:
                answer = search(rest, leader, table, won, suits)
            else:
                winner = (leader + trick_winner(table, key)) % n
                won2 = list(won)
                won2[winner] += 1
                suits2 = list(suits)
                for c in table:
                    suits2[winner] |= (1 << (c // 9)) & relevant
                if any(rest):
                    answer = search(rest, winner, [], won2, suits2)
                else:
                    answer = bool(outcome_of(p.goals, p.start, won2, suits2, winner) >> seat & 1)
            if answer:
                break
        if not trick:
            memo[memo_key] = answer
        return answer

    suits = [suit_bits(c) & relevant for c in p.captured]
    return search(list(p.hands), p.leader, list(p.trick), list(p.won), suits)


def can_cross(position: Position, seat: int, node_limit: int = 0) -> bool | None:
    """``can_cross_reference`` by the compiled search when it is built; ``None`` when ``node_limit`` positions
    (0: no limit) were not enough to tell."""
    if CKERNEL is None:
        return can_cross_reference(position, seat)
    p = position
    found: bool | None = CKERNEL.can_cross(
        list(p.hands), p.trumps[0], p.trumps[1], p.leader, list(p.trick), list(p.won), list(p.captured),
        list(p.goals), p.start, seat, node_limit,
    )  # fmt: skip
    return found


def move_values(position: Position, util: Table, node_limit: int = 0) -> list[tuple[int, int]] | None:
    """``move_values_reference`` by the compiled search when it is built.  With ``node_limit`` the compiled
    search gives up (``None``) after visiting that many positions; the reference never gives up."""
    if CKERNEL is None:
        return move_values_reference(position, util)
    p = position
    found: list[tuple[int, int]] | None = CKERNEL.move_values(
        list(p.hands), p.trumps[0], p.trumps[1], p.leader, list(p.trick), list(p.won), list(p.captured),
        list(p.goals), p.start, util, node_limit,
    )  # fmt: skip
    return found
