"""The learned blueprint: which card a team-mate plays, learnt from ``strong``'s choices, with no search.

From one seat's view (``Knowledge``: its hand, trumps, the numbers, the tricks won, the cards played this round
and by whom, the suits each seat has shown it lacks, the current trick) each legal card is described by a few
features (``encode``: what the seat still needs and what the others need, the trick so far, and the card: trump,
rank, whether nothing unseen can beat it, whether it takes the trick now, follows, ruffs or throws, whether it is
the blueprint's card, ...).  One small network (``policy.npz`` at 4 players: two hidden layers of 32, NumPy
arrays, a few KB) scores every legal card, the same network for each, and the seat plays the card with the
highest score: a softmax over the legal cards only, so that an illegal card is never chosen.  It was trained (``train.py
policy``) by imitation: on the positions of rounds a team of ``strong`` team-mates played, the label is the card
``strong`` chose after its search.  Each number of players has its own weights (``MODELS``), learnt from rounds
of that count: at 3 players the second turn, learnt from ``strong`` as it plays its worlds out with the 4-player
second turn (``search.Level.policy_playouts``); at 4 players the rounds of the second and third turns and at 5
those of the first and second, learnt half from ``strong``'s card and half from which cards keep the true deal
makeable with open hands (``train.py policy --keeps 0.5``: ``fast`` made more rounds with it, ``strong``'s
play-outs no fewer).  Each was then taken further by its own play (``reinforce.py``: the team of the policy plays
rounds against itself, and every card is pushed towards the plays that made their numbers): ``fast`` made two to
three rounds more in a hundred at every count, ``strong``'s play-outs no fewer.  At 4 players it was then taken
two legs further, each anchored to the weights it started from: ``fast`` again two to four rounds more in a
hundred of 5 to 7 cards, ``strong`` no fewer.

The numbers are not learnt here.  One-card rounds take the exact best policy, rounds of 2 to 5 cards with
trumps the shared table (``small_rounds``) that partners read exactly (``strong`` leaves it only for a number
its search beside it finds clearly better, ``Level.table_search``); the learned policy keeps both as they are,
since a copy could only be less exact.  In rounds of 6 and 7 cards,
where ``strong`` searches, ``number_reading``'s model is already a softmax over the legal numbers fitted to
``strong``'s choices on 5000 deals a setting (far more numbers than the rounds here hold); its likeliest number
is the imitation (see ``TeamMate.number``).

The forward pass is NumPy only (``belief.Network``, shared with the learned belief); the features are plain
integer arithmetic on the view's card masks, so that a card costs a fraction of a millisecond.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from tricktable.bots.tricks_together.belief import Network
from tricktable.bots.tricks_together.blueprint import ABOVE, _beaters, _highest_by_strength, _lowest_by_rank, _sure
from tricktable.bots.tricks_together.cteam import blueprint_card
from tricktable.core.cards import FULL_DECK, SUIT_MASKS
from tricktable.rules.tricks_together import Knowledge

MODEL = Path(__file__).with_name("policy.npz")
#: The shipped model for each number of players (3 to 5), each learnt from rounds of that count (the game's page).
MODELS = {3: MODEL.with_name("policy-3.npz"), 4: MODEL, 5: MODEL.with_name("policy-5.npz")}
#: What each of a legal card's features says, in order (``encode``): the position's first, then the card's.
POSITION_NAMES = (
    "needs tricks", "its need against the tricks left", "must take every trick left", "leads", "place in the trick",
    "plays last", "the trick's winner so far needs tricks", "seats after it that need tricks", "tricks left",
    "the others' need against the tricks left", "unseen trumps", "nothing unseen beats the trick's best card",
    "the trick was ruffed", "others that need tricks",
)  # fmt: skip
CARD_NAMES = (
    "trump", "rank", "nothing unseen beats it", "unseen cards above it", "its suit held", "its suit unseen",
    "takes the trick now", "takes the trick for sure", "follows", "ruffs", "throws", "highest held of its suit",
    "lowest held of its suit", "the blueprint's card", "seats after it that lack its suit",
    "no unseen card of its suit above it", "its suit played", "others that lack its suit", "others that led its suit",
    "others that led its suit and need tricks", "this seat led its suit", "strength among the legal cards",
    "the lowest legal card", "the strongest legal card",
)  # fmt: skip
NAMES = POSITION_NAMES + CARD_NAMES
FEATURES = len(NAMES)
#: Legal cards a position can have at most (a hand of Long climb's 10 cards), the width of the training arrays.
MAX_LEGAL = 10


def needs(k: Knowledge) -> list[int]:
    """Per seat, the tricks it still needs.  A number the seat cannot see (Secret numbers) is guessed as an even
    share of the tricks the numbers it sees leave over (the dealer takes what the others leave, when it can be
    worked out)."""
    n = k.players
    numbers = list(k.numbers)
    if numbers[k.dealer] is None and all(numbers[p] is not None for p in range(n) if p != k.dealer):
        numbers[k.dealer] = k.cards - sum(x for p, x in enumerate(numbers) if p != k.dealer and x is not None)
    hidden = [p for p in range(n) if numbers[p] is None]
    if hidden:
        spare = max(0, k.cards - sum(x for x in numbers if x is not None))
        for p in hidden:
            numbers[p] = round(spare / len(hidden))
    return [max(0, (numbers[p] or 0) - k.won[p]) for p in range(n)]


def trick_state(k: Knowledge) -> tuple[int, int, int]:
    """The current trick's led suit, best card and who plays it (-1, -1, the leader when nothing is played)."""
    n = k.players
    if not k.trick:
        return -1, -1, k.leader
    led = k.trick[0] // 13
    best, winner = k.trick[0], k.leader
    for i, c in enumerate(k.trick[1:], start=1):
        suit = c // 13
        if (suit == k.trump and (best // 13 != k.trump or c > best)) or (suit == led == best // 13 and c > best):
            best, winner = c, (k.leader + i) % n
    return led, best, winner


def encode(k: Knowledge, legal: list[int]) -> np.ndarray:
    """Legal cards x features (float32) for seat ``k.seat`` to move, in the order of ``NAMES``: counts are scaled
    to about 0..1, the rest are 0 or 1."""
    n, seat, trump = k.players, k.seat, k.trump
    need = needs(k)
    mine = need[seat]
    left = max(k.left, 1)
    unseen = FULL_DECK & ~(k.hand | k.gone)
    led, best, winner = trick_state(k)
    later_seats = [(seat + i) % n for i in range(1, n - len(k.trick))]
    later = len(later_seats)
    leading = not k.trick
    others = sum(need) - mine
    trumps_unseen = (unseen & SUIT_MASKS[trump]).bit_count() if trump >= 0 else 0
    legal_mask = 0
    for c in legal:
        legal_mask |= 1 << c
    beats = 0 if leading else _beaters(legal_mask, best, led, trump)
    chosen = blueprint_card(seat, k.hand, k.trick, best, winner, need, k.left, k.gone, trump, n)
    leads = [0] * 4  # per suit, the seats that led it this round (a bit a seat)
    for i in range(0, len(k.history), n):  # a trick's first card is every n-th: every trick has one card a seat
        player, card = k.history[i]
        leads[card // 13] |= 1 << player
    needing = sum(1 << p for p in range(n) if need[p] > 0 and p != seat)
    # Strength among the legal cards: trumps above plain cards, then rank.
    order = sorted(legal, key=lambda c: (c // 13 == trump, c % 13))
    low, high = _lowest_by_rank(legal_mask, trump), _highest_by_strength(legal_mask, trump)
    position = [
        float(mine > 0), min(mine / left, 1.0), float(mine >= k.left), float(leading), len(k.trick) / (n - 1),
        float(later == 0), float(not leading and need[winner] > 0),
        sum(need[p] > 0 for p in later_seats) / (n - 1), k.left / k.cards, min(others / left, 2.0),
        trumps_unseen / 13, float(not leading and _sure(best, unseen, trump)),
        float(not leading and best // 13 == trump != led), needing.bit_count() / (n - 1),
    ]  # fmt: skip
    assert len(position) == len(POSITION_NAMES)
    rows = []
    for c in legal:
        suit, rank = c // 13, c % 13
        held = k.hand & SUIT_MASKS[suit]
        wins = bool(beats >> c & 1) or leading
        sure = _sure(c, unseen, trump)
        follows = not leading and suit == led
        rows.append(
            [
                *position, float(suit == trump), rank / 12, float(sure), (ABOVE[c] & unseen).bit_count() / 12,
                held.bit_count() / k.cards, (unseen & SUIT_MASKS[suit]).bit_count() / 13,
                float(not leading and wins), float(wins and (sure or later == 0) and (leading or bool(beats >> c & 1))),
                float(follows), float(not leading and not follows and suit == trump),
                float(not leading and not follows and suit != trump),
                float(not held & ABOVE[c]), float(not held & ~ABOVE[c] & ~(1 << c)), float(c == chosen),
                sum(k.voids[p] >> suit & 1 for p in later_seats) / (n - 1),
                float(not ABOVE[c] & unseen), (k.gone & SUIT_MASKS[suit]).bit_count() / 13,
                sum(k.voids[p] >> suit & 1 for p in range(n) if p != seat) / (n - 1),
                (leads[suit] & ~(1 << seat)).bit_count() / (n - 1), (leads[suit] & needing).bit_count() / (n - 1),
                float(leads[suit] >> seat & 1), order.index(c) / max(1, len(legal) - 1), float(c == low),
                float(c == high),
            ]
        )  # fmt: skip
    return np.array(rows, dtype=np.float32)


class Policy(Network):
    """The network: a score for each legal card of a position."""

    def scores(self, k: Knowledge, legal: list[int]) -> np.ndarray:
        return self.forward(encode(k, legal))[:, 0]

    def card(self, k: Knowledge, legal: list[int]) -> int:
        """The legal card with the highest score (ties to the lower card)."""
        return legal[int(np.argmax(self.scores(k, legal)))]


@cache
def policy(path: str | None = None, players: int = 4) -> Policy:
    """The shipped model for ``players`` players, or the one in the file ``path`` (another turn, tried beside
    it, at any count); loaded once."""
    file = Path(path) if path is not None else MODELS[players]
    model = Policy.load(file)
    if model.inputs != FEATURES:
        raise ValueError(f"{path or file.name} takes {model.inputs} features, the encoding makes {FEATURES}")
    return model
