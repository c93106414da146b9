"""Tandem Trick property tests over random games: conservation, bids, trick counts, secrecy, records."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable
from tricktable.rules.tandem_trick import CARD_TEXT, TandemTrick, cards_text

CARD_TOKEN = re.compile(r"\b[RYBK](?:1[01]|[0-9])\b")
PUBLIC_CARD_EVENTS = ("card_played", "tandem_formed", "bid", "forced_bid")

params = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "players": st.sampled_from([3, 4]),
        "bid_bias": st.floats(0.0, 0.9),
        "misere_bonus": st.booleans(),
    }
)


def make_game(p: dict[str, Any]) -> TandemTrick:
    game = tricktable.new_game("tandem-trick", players=p["players"], seed=p["seed"], misere_bonus=p["misere_bonus"])
    assert isinstance(game, TandemTrick)
    return game


def choose(game: tricktable.Game, rng: random.Random, bid_bias: float) -> str:
    """Random legal moves; ``bid_bias`` delays bids, so forced bids and all-bid tricks come up too."""
    moves = [str(m) for m in game.legal_moves()]
    others = [m for m in moves if not m.startswith("bid ")]
    if others and rng.random() < bid_bias:
        return rng.choice(others)
    return rng.choice(moves)


def round_events(game: tricktable.Game) -> list[Any]:
    return game.events[game.round_log_start :]  # type: ignore[attr-defined]


def public_cards_this_round(game: tricktable.Game) -> set[str]:
    return {e.card for e in round_events(game) if e.kind in PUBLIC_CARD_EVENTS}


def check_state(game: TandemTrick) -> None:
    n = game.players
    deck = set(CARD_TEXT[: 12 * game.colours])
    held = [set(cards_text(game.hands[p])) for p in range(n)]
    public = public_cards_this_round(game)
    # Cards are conserved: every card is in exactly one hand or face up this round.
    union: set[str] = set()
    for h in held:
        assert not union & h
        union |= h
    assert not union & public
    assert union | public == deck
    # Hidden card values never leak: another seat's cards appear in no view (spectators see no hand).
    for seat in [None, *range(n)]:
        view = game.view(seat)
        # The last trick of the round before stays on view: its cards were played from that round's deal.
        if view["last_trick"] and view["last_trick"]["round"] != game.round_no:
            view["last_trick"] = None
        tokens = set(CARD_TOKEN.findall(json.dumps(view)))
        for other in range(n):
            if other != seat:
                assert not tokens & held[other], (seat, other, tokens & held[other])
        if seat is not None:
            assert set(game.view(seat)["hand"]) == held[seat]
    view = game.view(None)
    for p in range(n):
        hand = game.hands[p]
        backs = view["seats"][p]["backs"]
        for letter in "RYBK"[: game.colours]:
            assert backs[letter] == sum(1 for card in held[p] if card[0] == letter and int(card[1:]) >= 8)
        assert view["seats"][p]["unmarked"] + sum(backs.values()) == hand.bit_count()


def check_round(game: TandemTrick, events: list[Any], row: dict[str, Any]) -> int:
    """Check one finished round's events against its score-sheet row; return the final trick's lead player."""
    n = game.players
    bids = [e for e in events if e.kind in ("bid", "forced_bid")]
    assert sorted(e.seat for e in bids) == list(range(n))  # exactly one bid per player per round
    assert [e.bonus for e in bids] == [6, 3, 1, 0][:n]
    assert row["bids"] == [next(e.bid for e in bids if e.seat == p) for p in range(n)]
    skipped = sum(1 for e in events if e.kind == "all_bid_trick_skipped")
    won = [e for e in events if e.kind == "trick_won"]
    assert skipped <= 1 and len(won) + skipped == 12
    assert row["resolved"] == len(won) in (11, 12)
    tandem_wins = sum(1 for e in won if len(e.winners) == 2)
    assert row["tandem_wins"] == tandem_wins
    assert sum(row["tricks"]) == row["resolved"] + tandem_wins
    for p in range(n):
        assert row["tricks"][p] == sum(1 for e in won if p in e.winners) <= 11
    forced = [e for e in bids if e.kind == "forced_bid"]
    assert all(e.trick == 12 for e in forced)
    eleventh = next(e for e in events if e.kind in ("trick_won", "all_bid_trick_skipped") and e.trick == 11)
    return int(eleventh.next_lead if eleventh.kind == "trick_won" else eleventh.leader)


@settings(max_examples=60, deadline=None)
@given(params)
def test_random_games_keep_every_invariant(p: dict[str, Any]) -> None:
    game = make_game(p)
    rng = random.Random(p["seed"])
    rounds_seen = 0
    final_leaders: list[int] = []
    step = 0
    while not game.is_over:
        if step % 7 == 0:
            check_state(game)
        round_no = game.round_no
        start = game.round_log_start
        game.play(choose(game, rng, p["bid_bias"]))
        step += 1
        if game.round_no != round_no or game.is_over:
            end = next(i for i, e in enumerate(game.events) if i >= start and e.kind == "round_scored")
            final_leaders.append(check_round(game, game.events[start:end], game.score_sheet[rounds_seen]))
            rounds_seen += 1
    # Each round after the first is led by the lead player of the previous round's final trick.
    assert [row["leader"] for row in game.score_sheet[1:]] == final_leaders[:-1]
    result = game.result()
    assert result is not None and game.legal_moves() == [] and game.to_move is None
    assert max(result["scores"]) >= 24 and all(max(r["totals"]) < 24 for r in game.score_sheet[:-1])
    assert result["scores"] == [sum(r["points"][s] for r in game.score_sheet) for s in range(game.players)]


@settings(max_examples=40, deadline=None)
@given(params)
def test_records_round_trip(p: dict[str, Any]) -> None:
    game = make_game(p)
    rng = random.Random(p["seed"])
    stop = rng.randrange(20, 400)
    while not game.is_over and len(game.history) < stop:
        game.play(choose(game, rng, p["bid_bias"]))
    record = json.loads(json.dumps(tricktable.to_record(game)))
    twin = tricktable.from_record(record)
    assert json.dumps(twin.view(None)) == json.dumps(game.view(None))
    for seat in range(game.players):
        assert twin.view(seat) == game.view(seat)
