"""The "search" Tricks Together bot: a team-mate that plans with the others' numbers.

Both decisions are made by sampling the hidden cards and playing the rest of the round out many times with a
fast cooperative policy (``coop_card``), counting how often the *whole team* hits its numbers:

* **Committing**: for every number it could choose, the bot deals the unseen cards to the others, lets them
  choose with a quick estimate (``quick_number``), gives the dealer the rest and plays the round out.  It
  picks the number under which the team succeeds most often — not simply its expected tricks.
* **Playing**: the hidden hands are dealt consistently with what the view shows (cards played, the trump
  card, cards left per seat, and voids shown by not following suit), each deal weighted by how well the
  seats' original hands fit the numbers they chose.  Every legal card is tried on the same deals and the one
  that lets the team succeed most often is played; ties go to the cooperative policy's own choice.

With secret numbers the others' numbers (and the dealer's own) are unknown: each sampled deal gives every
seat whose number is hidden the quick estimate of its sampled hand, and the dealer the rest.

Card sets are int bitmasks (``core.cards``); the hot loop uses only ints and lists.
"""

from __future__ import annotations

import math
import random
from typing import Any

from tricktable.core.cards import FULL_DECK, SUIT_MASKS, SUIT_NAMES, card_str, parse_card

#: Play-outs per decision.  The rollout cost grows with the cards left, so the budget is in card plays.
PLAY_BUDGET = 60_000
COMMIT_BUDGET = 60_000
MIN_SAMPLES = 24
MAX_SAMPLES = 400

# ``ABOVE[c]``: the cards of c's suit ranked above c.
ABOVE = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _lowest_by_rank(mask: int, trump: int) -> int:
    """The weakest card of ``mask``: the lowest rank among plain cards, a trump only if nothing else."""
    plain = mask & ~SUIT_MASKS[trump] if trump >= 0 else mask
    pool = plain or mask
    best = -1
    best_rank = 99
    for base in (0, 13, 26, 39):
        s = (pool >> base) & 0x1FFF
        if s:
            r = (s & -s).bit_length() - 1
            if r < best_rank:
                best, best_rank = base + r, r
    return best


def _highest_by_strength(mask: int, trump: int) -> int:
    if trump >= 0 and mask & SUIT_MASKS[trump]:
        return _top(mask & SUIT_MASKS[trump])
    best = -1
    best_rank = -1
    for base in (0, 13, 26, 39):
        s = (mask >> base) & 0x1FFF
        if s:
            r = s.bit_length() - 1
            if r > best_rank:
                best, best_rank = base + r, r
    return best


def _beaters(pool: int, best: int, led: int, trump: int) -> int:
    """The cards of ``pool`` (a legal set) that would beat the trick's best card ``best``."""
    bsuit = best // 13
    if bsuit == trump:
        return pool & ABOVE[best]
    out = pool & ABOVE[best] if bsuit == led else 0
    if trump >= 0:
        out |= pool & SUIT_MASKS[trump]
    return out


def _sure(card: int, unseen: int, trump: int) -> bool:
    """Can no card this seat has not seen beat ``card``?  (A plain card also fears any unseen trump.)"""
    if ABOVE[card] & unseen:
        return False
    return card // 13 == trump or trump < 0 or not unseen & SUIT_MASKS[trump]


def coop_card(
    seat: int,
    hand: int,
    trick: list[int],
    best: int,
    winner: int,
    need: list[int],
    left: int,
    gone: int,
    trump: int,
    players: int,
) -> int:
    """The cooperative policy: the card ``seat`` plays, from its hand, the trick so far and everyone's need.

    ``need[p]`` is the tricks seat ``p`` still has to take, ``left`` the tricks still to play (this one
    included), ``gone`` the cards this seat has seen leave play (played cards and the trump card).  Only
    what the seat could know is used, except ``need`` (which a secret-numbers sample fills in).
    """
    unseen = FULL_DECK & ~(hand | gone)
    mine = need[seat]
    if not trick:
        if mine > 0:
            # Take a trick: a card nothing unseen can beat, plain before trump; else the strongest card.
            sure = -1
            for base in (0, 13, 26, 39):
                s = (hand >> base) & 0x1FFF
                if s:
                    top = base + s.bit_length() - 1
                    if _sure(top, unseen, trump) and (sure < 0 or sure // 13 == trump):
                        sure = top
            return sure if sure >= 0 else _highest_by_strength(hand, trump)
        # Done: lead the weakest plain card so that a seat which still needs a trick can take it.
        return _lowest_by_rank(hand, trump)
    led = trick[0] // 13
    pool = hand & SUIT_MASKS[led] or hand
    win = _beaters(pool, best, led, trump)
    lose = pool & ~win
    later = players - 1 - len(trick)
    if mine > 0 and win:
        partner_needs = winner != seat and need[winner] > 0
        if not partner_needs or mine >= left:
            if later == 0:
                return _lowest_by_rank(win, trump)
            # Cheapest card nothing unseen can beat, else the strongest winner to hold off the later seats.
            w = win
            while w:
                c = (w & -w).bit_length() - 1
                if _sure(c, unseen, trump):
                    return c
                w &= w - 1
            return _highest_by_strength(win, trump)
        # A team-mate who needs it is winning: stay under with the weakest card.
        return _lowest_by_rank(lose, trump) if lose else _lowest_by_rank(win, trump)
    if lose:
        if mine > 0:
            return _lowest_by_rank(lose, trump)  # cannot win it: keep the strong cards
        # Done: throw the most dangerous card that still loses.
        return _highest_by_strength(lose, trump)
    # Forced to win: as low as possible, so that a later seat can still overtake.
    return _lowest_by_rank(win, trump)


def rollout(
    hands: list[int],
    trump: int,
    leader: int,
    trick: list[int],
    targets: list[int],
    won: list[int],
    left: int,
    gone: int,
    first: int = -1,
) -> bool:
    """Play the round out with ``coop_card`` for every seat; True if every seat hits its target exactly.

    ``trick`` holds the current trick's cards from ``leader`` on; ``left`` counts the tricks still to finish
    (the current one included); ``gone`` holds the cards out of play (and the trump card).  ``first`` (if >= 0) is
    the card the seat to move plays now.  Nothing passed in is changed.
    """
    n = len(hands)
    hands = hands[:]
    won = won[:]
    gone_all = gone
    need = [targets[p] - won[p] for p in range(n)]
    trick = trick[:]
    seat = (leader + len(trick)) % n
    best = -1
    winner = leader
    led = -1
    if trick:
        led = trick[0] // 13
        best = trick[0]
        for i in range(1, len(trick)):
            c = trick[i]
            cs = c // 13
            if (cs == trump and (best // 13 != trump or c > best)) or (cs == led == best // 13 and c > best):
                best, winner = c, (leader + i) % n
    while left > 0:
        while len(trick) < n:
            if first >= 0:
                card = first
                first = -1
            else:
                card = coop_card(seat, hands[seat], trick, best, winner, need, left, gone_all, trump, n)
            hands[seat] ^= 1 << card
            if not trick:
                led = card // 13
                best, winner = card, seat
            else:
                cs = card // 13
                if cs == trump:
                    if best // 13 != trump or card > best:
                        best, winner = card, seat
                elif cs == led and best // 13 == led and card > best:
                    best, winner = card, seat
            trick.append(card)
            seat = seat + 1 if seat + 1 < n else 0
        for c in trick:
            gone_all |= 1 << c
        need[winner] -= 1
        left -= 1
        if need[winner] < 0:
            return False
        for p in range(n):
            if need[p] > left:
                return False
        trick = []
        seat = leader = winner
    return not any(need)


def _raw_strength(hand: int, cards: int, players: int, trump: int, trump_card: int, leads: bool) -> float:
    """Sum over the cards of the chance that no other hand holds a higher card of the suit (a hypergeometric
    draw of the others' cards from the unseen ones); a plain card is discounted for ruffs, more in a long suit.
    With one card a plain card wins only if its suit is led: nearly never unless this seat ``leads``."""
    unseen = 51 - cards
    held = (players - 1) * cards
    total = 0.0
    for base in (0, 13, 26, 39):
        s = (hand >> base) & 0x1FFF
        suit_len = s.bit_count()
        plain = base // 13 != trump and trump >= 0
        while s:
            r = (s & -s).bit_length() - 1
            s &= s - 1
            card = base + r
            higher = (ABOVE[card] & ~hand & ~(1 << trump_card)).bit_count()
            p = 1.0
            for i in range(higher):
                p *= (unseen - held - i) / (unseen - i)
            if plain:
                p *= 0.85**suit_len
            if cards == 1 and not leads and base // 13 != trump:
                p *= 0.1
            total += p
    return total


_MEAN_RAW: dict[tuple[int, int, bool], float] = {}


def _mean_raw(cards: int, players: int, trumps: bool) -> float:
    """The average raw strength of a random hand (fixed seed, computed once per setting)."""
    key = (cards, players, trumps)
    if key not in _MEAN_RAW:
        rng = random.Random(cards * 10 + players)
        total = 0.0
        deals = 300
        for _ in range(deals):
            drawn = rng.sample(range(52), cards + 1)
            hand = 0
            for c in drawn[:cards]:
                hand |= 1 << c
            trump_card = drawn[cards]
            trump = trump_card // 13 if trumps else -1
            # Averaged over the seats: one in ``players`` leads.
            total += _raw_strength(hand, cards, players, trump, trump_card, True)
            total += (players - 1) * _raw_strength(hand, cards, players, trump, trump_card, False)
        _MEAN_RAW[key] = total / deals / players
    return _MEAN_RAW[key]


def quick_number(hand: int, cards: int, players: int, trump: int, trump_card: int, leads: bool) -> float:
    """A fast estimate of the tricks a hand takes, for the numbers of seats whose choice is not known.

    The raw strength, scaled so that an average hand is worth its share ``cards / players`` of the tricks.
    """
    raw = _raw_strength(hand, cards, players, trump, trump_card, leads)
    return raw * cards / players / _mean_raw(cards, players, trump >= 0)


def quick_choice(hand: int, cards: int, players: int, trump: int, trump_card: int, leads: bool) -> int:
    return min(cards, int(quick_number(hand, cards, players, trump, trump_card, leads) + 0.5))


# ----- reading the view ----------------------------------------------------------------------------


class Situation:
    """What the view tells about the round, as bitmasks and lists."""

    __slots__ = (
        "cards",
        "counts",
        "dealer",
        "gone",
        "hand",
        "leader",
        "left",
        "numbers",
        "played_by",
        "players",
        "seat",
        "secret",
        "trick",
        "trump",
        "trump_card",
        "voids",
        "won",
    )

    def __init__(self, view: dict[str, Any]) -> None:
        table = view["table"]
        self.seat: int = view["seat"]
        n = self.players = view["players"]
        self.cards: int = table["cards"]
        name = table["trumps"]
        self.trump = SUIT_NAMES.index(name) if name in SUIT_NAMES else -1
        self.trump_card = parse_card(table["trump card"])
        self.dealer: int = table["dealer"]
        self.secret = bool(view["options"].get("secret_numbers"))
        hand = 0
        for text in view["hand"]:
            hand |= 1 << parse_card(text)
        self.hand = hand
        seats = view["seats"]
        self.counts: list[int] = [s["cards"] for s in seats]
        self.won: list[int] = [s["tricks"] for s in seats]
        self.numbers: list[int | None] = [s["number"] for s in seats]
        self.played_by = [0] * n
        self.voids = [0] * n  # a bitmask of suits per seat
        led_of: dict[int, int] = {}
        gone = 1 << self.trump_card
        for e in view["events"]:
            if e["type"] != "card_played":
                continue
            card = parse_card(e["card"])
            p = e["seat"]
            gone |= 1 << card
            self.played_by[p] |= 1 << card
            t = e["trick"]
            if t not in led_of:
                led_of[t] = card // 13
            elif card // 13 != led_of[t]:
                self.voids[p] |= 1 << led_of[t]
        self.gone = gone
        self.trick = [parse_card(t["card"]) for t in view["trick"]]
        self.leader: int = view["trick"][0]["seat"] if view["trick"] else view["to_move"]
        self.left = self.cards - sum(self.won)

    def original(self, p: int, hand: int) -> int:
        return hand | self.played_by[p]


def sample_hands(sit: Situation, rng: random.Random, tries: int = 20) -> list[int]:
    """Deal the unseen cards to the other seats: the right number each, no card of a suit a seat showed void."""
    n = sit.players
    pool_mask = FULL_DECK & ~(sit.hand | sit.gone)
    pool = []
    m = pool_mask
    while m:
        low = m & -m
        pool.append(low.bit_length() - 1)
        m ^= low
    others = [p for p in range(n) if p != sit.seat]
    # Seats with more voids choose first: they are the hardest to fill.
    others.sort(key=lambda p: -sit.voids[p].bit_count())
    for attempt in range(tries):
        rng.shuffle(pool)
        hands = [0] * n
        hands[sit.seat] = sit.hand
        taken = 0
        ok = True
        for p in others:
            want = sit.counts[p]
            void = sit.voids[p] if attempt < tries - 1 else 0
            got = 0
            h = 0
            for c in pool:
                if got == want:
                    break
                if taken >> c & 1 or void >> (c // 13) & 1:
                    continue
                h |= 1 << c
                taken |= 1 << c
                got += 1
            if got < want:
                ok = False
                break
            hands[p] = h
        if ok:
            return hands
    raise RuntimeError("no deal of the unseen cards fits the view")  # pragma: no cover - the counts always fit


def _targets(sit: Situation, hands: list[int]) -> tuple[list[int], float]:
    """Every seat's number in a sampled deal, and the deal's weight (how well the hands fit the numbers).

    Known numbers are used; a hidden one is the quick estimate of the seat's sampled original hand; the
    dealer takes the rest.  The weight is a Gaussian of each known number's distance from the estimate.
    """
    n = sit.players
    targets = [0] * n
    weight = 1.0
    total = 0
    first = (sit.dealer + 1) % n
    for p in range(n):
        if p == sit.dealer:
            continue
        number = sit.numbers[p]
        orig = sit.original(p, hands[p])
        if number is None:
            number = quick_choice(orig, sit.cards, n, sit.trump, sit.trump_card, p == first)
        elif p != sit.seat:
            d = number - quick_number(orig, sit.cards, n, sit.trump, sit.trump_card, p == first)
            weight *= math.exp(-0.5 * d * d)
        targets[p] = number
        total += number
    dealer_number = sit.numbers[sit.dealer]
    targets[sit.dealer] = sit.cards - total if dealer_number is None else dealer_number
    return targets, weight


class TricksTogetherSearchBot:
    """Monte Carlo team-mate for Tricks Together (see the module's notes)."""

    name = "search"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        legal = view["legal_moves"]
        if view["phase"] == "commit":
            return f"bid {self.commit(Situation(view))}"
        if len(legal) == 1:
            return str(legal[0])
        return card_str(self.play(Situation(view), [parse_card(m) for m in legal]))

    # ----- committing ------------------------------------------------------------------------------

    def commit(self, sit: Situation) -> int:
        c = sit.cards
        n = sit.players
        leader = (sit.dealer + 1) % n
        estimate = quick_number(sit.hand, c, n, sit.trump, sit.trump_card, sit.seat == leader)
        # Only the two whole numbers around the estimate: the others choose that way too (their model
        # below), and a bolder best reply by everybody at once would overshoot the cards together.
        low = min(c, int(estimate))
        candidates = [low, low + 1] if low < c else [low]
        samples = max(MIN_SAMPLES, min(MAX_SAMPLES, COMMIT_BUDGET // (n * c * len(candidates))))
        score = [0.0] * len(candidates)
        gone = sit.gone
        for _ in range(samples):
            hands = sample_hands(sit, self.rng)
            others = 0
            targets = [0] * n
            for p in range(n):
                if p != sit.dealer and p != sit.seat:
                    targets[p] = quick_choice(hands[p], c, n, sit.trump, sit.trump_card, p == leader)
                    others += targets[p]
            for i, b in enumerate(candidates):
                total = others + b
                if total > c:
                    continue
                targets[sit.seat] = b
                targets[sit.dealer] = c - total
                if rollout(hands, sit.trump, leader, [], targets, [0] * n, c, gone):
                    score[i] += 1
        # Ties (and near ties) go to the number closest to the estimate.
        best = max(range(len(candidates)), key=lambda i: (score[i], -abs(candidates[i] - estimate)))
        return candidates[best]

    # ----- playing ---------------------------------------------------------------------------------

    def play(self, sit: Situation, legal: list[int]) -> int:
        n = sit.players
        mask_legal = 0
        for c in legal:
            mask_legal |= 1 << c
        samples = max(MIN_SAMPLES, min(MAX_SAMPLES, PLAY_BUDGET // (n * sit.left * len(legal))))
        score = {c: 0.0 for c in legal}
        votes = {c: 0.0 for c in legal}
        gone = sit.gone
        for _ in range(samples):
            hands = sample_hands(sit, self.rng)
            targets, weight = _targets(sit, hands)
            if weight < 1e-6:
                weight = 1e-6
            need = [targets[p] - sit.won[p] for p in range(n)]
            best, winner = self._trick_best(sit)
            default = coop_card(sit.seat, sit.hand, sit.trick, best, winner, need, sit.left, sit.gone, sit.trump, n)
            votes[default] += weight
            for c in legal:
                if rollout(hands, sit.trump, sit.leader, sit.trick, targets, sit.won, sit.left, gone, c):
                    score[c] += weight
        top = max(score.values())
        # Within a whisker of the best, prefer what the cooperative policy itself would play.
        close = [c for c in legal if score[c] >= top - 1e-9]
        return max(close, key=lambda c: (votes[c], -c))

    def _trick_best(self, sit: Situation) -> tuple[int, int]:
        trick = sit.trick
        if not trick:
            return -1, sit.seat
        led = trick[0] // 13
        best, winner = trick[0], sit.leader
        for i in range(1, len(trick)):
            c = trick[i]
            cs = c // 13
            if (cs == sit.trump and (best // 13 != sit.trump or c > best)) or (cs == led == best // 13 and c > best):
                best, winner = c, (sit.leader + i) % sit.players
        return best, winner


