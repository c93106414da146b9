"""What one seat of Secret Trumps may know, as the JSON view of ``docs/protocol.md`` (the game's page,
sections 9 and "Views").

Hidden: the trumps during picking (only the start player sees them), a goal choice until all are
revealed together (each seat sees its own), the 3-player aside cards (nobody), and the start player's aim
(never declared, so never stored).  Beyond the protocol's keys the view has ``trumps`` (``None`` while
unknown to this seat), ``rows``, ``hints``, ``goals`` and ``goal_list``; the panels say them in words for
the terminal (goal sheet, round result, rows and hints, trumps, cards left), plus the toggled aid
"Aid: trump hypotheses".  The view reads a ``SecretTrumpsState``, never the game class.
"""

from __future__ import annotations

from typing import Any

from tricktable.core.cards import bit_list as bits
from tricktable.rules.secret_trumps.cards import (
    CARD_PRETTY,
    CARD_TEXT,
    NO_RANK,
    NO_SUIT,
    RANK_CHARS,
    ROWS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    mask_text,
    rank_number,
    rank_text,
    suit_letter,
    suit_text,
)
from tricktable.rules.secret_trumps.deduction import hypotheses_lines, trump_hypotheses
from tricktable.rules.secret_trumps.kernel import RoundTrumps
from tricktable.rules.secret_trumps.narrate import goal_words
from tricktable.rules.secret_trumps.scoring import score_row
from tricktable.rules.secret_trumps.state import SecretTrumpsState, open_goals, sees_choice, sees_trumps

AID_TITLE = "Aid: trump hypotheses"


def build_view(state: SecretTrumpsState, seat: int | None) -> dict[str, Any]:
    """The game-specific part of ``Game.view(seat)``; ``seat=None`` is a spectator."""
    n = state.players
    in_round = state.phase_name != "draft"
    trumps_known = in_round and sees_trumps(state, seat)
    trumps = None
    if trumps_known:
        t = state.trumps
        trumps = {"suit": suit_letter(t.suit), "rank": rank_number(t.rank)}
    chosen = [
        state.goals[g].slug if g is not None and sees_choice(state, p, seat) else None
        for p, g in enumerate(state.chosen)
    ]
    goals = [
        {
            "seat": p,
            "held": [state.goals[g].slug for g in state.held[p]],
            "crossed": [state.goals[g].slug for g in state.crossed[p]],
            "open": [state.goals[g].slug for g in open_goals(state, p)],
            "chosen": chosen[p],
        }
        for p in range(n)
    ]
    seats = [
        {
            "seat": p,
            "start": p == state.start,
            "cards": state.hands[p].bit_count(),
            "tricks": state.won[p],
            "crossed": f"{len(state.crossed[p])}/{state.goal_count}",
            "chosen": chosen[p] if p != state.start else None,
            "committed": state.chosen[p] is not None,
        }
        for p in range(n)
    ]
    up = 4 if n == 4 else 3
    rows = []
    if in_round:
        for r in range(len(state.rows)):
            left = state.row_left[r]
            rows.append(
                {
                    "row": r + 1,
                    "first": (state.start + 1 + r) % n,
                    # Face-up cards only: the 3-player aside card (index 3) is never shown.
                    "cards": [CARD_TEXT[c] for c in state.rows[r][:up] if left >> c & 1],
                    "picks": [{"seat": p, "card": CARD_TEXT[c]} for p, c in state.picks[r]],
                    "aside": n == 3,
                }
            )
    hints = [dict(h, seats=list(h["seats"]), cards=list(h["cards"])) for h in state.hints]
    view: dict[str, Any] = {
        "hand": mask_text(state.hands[seat]) if seat is not None else [],
        "seats": seats,
        "table": _table(state, trumps_known),
        "trumps": trumps,
        "rows": rows,
        "hints": hints,
        "goals": goals,
        "goal_list": [
            {"slug": g.slug, "name": g.name, "holders": [p for p in range(n) if i in state.held[p]]}
            for i, g in enumerate(state.goals)
        ],
        "trick": [{"seat": s, "card": CARD_TEXT[c]} for s, c in zip(state.trick_seats, state.trick)],
        "last_trick": state.last_trick,
        "score_sheet": [dict(entry) for entry in state.score_sheet],
        "card_colours": {"S": "bright_white", "C": "green", "H": "red", "D": "yellow"},
        "events": [e.to_dict() for e in state.events[state.round_log_start :] if e.visible(seat)],
    }
    view["panels"] = _panels(state, view, seat)
    return view


def _table(state: SecretTrumpsState, trumps_known: bool) -> dict[str, Any]:
    table: dict[str, Any] = {"phase": state.phase_name}
    if state.phase_name == "draft":
        table["draft"] = f"{state.draft_turns}/{state.players * state.goal_count} goals taken"
        table["start player"] = state.start
        return table
    table["round"] = state.round_no
    table["start player"] = state.start
    table["trump suit"] = suit_text(state.trumps.suit) if trumps_known else "?"
    table["trump rank"] = rank_text(state.trumps.rank) if trumps_known else "?"
    if state.phase_name == "pick":
        table["row"] = state.cur_row + 1
        table["first pick"] = (state.start + 1 + state.cur_row) % state.players
    elif state.phase_name == "play":
        table["trick"] = f"{state.tricks_played + 1} of {ROWS}"
    return table


def _panels(state: SecretTrumpsState, view: dict[str, Any], seat: int | None) -> dict[str, list[str]]:
    panels: dict[str, list[str]] = {}
    phase = state.phase_name
    sheet = []
    for entry in view["goals"]:
        p = entry["seat"]
        # A tick, not "[x]": the terminal reads square brackets as markup and would swallow them.
        marks = [f"{goal_words(g)} ✔" if g in entry["crossed"] else goal_words(g) for g in entry["held"]]
        role = " (start)" if p == state.start and phase != "draft" else ""
        chosen = f"; this round: “{goal_words(entry['chosen'])}”" if entry["chosen"] else ""
        sheet.append(f"seat {p}{role}: {', '.join(marks) or '-'}{chosen}")
    panels["Goal sheet"] = sheet
    if phase == "draft":
        panels["Goals"] = [f"{g['name']} (held by {_holders(g['holders'])})" for g in view["goal_list"]]
        return panels
    if phase in ("pick", "over") and state.score_sheet:
        # The round just finished stays in view while the next one is picked (and at the end).
        entry = state.score_sheet[-1]
        panels[f"Round {entry['round']} result"] = round_lines(state, entry)
    lines = []
    for row in view["rows"]:
        r = row["row"]
        picked = ", ".join(f"seat {pk['seat']} {CARD_PRETTY[CARD_TEXT.index(pk['card'])]}" for pk in row["picks"])
        lying = " ".join(CARD_PRETTY[CARD_TEXT.index(c)] for c in row["cards"])
        hint = next((h for h in view["hints"] if h["row"] == r), None)
        if hint is not None:
            lines.append(f"row {r}: {picked}; seat {hint['winner']} would win it")
        elif r == state.cur_row + 1 and phase == "pick":
            lines.append(f"row {r} (now, seat {row['first']} picks first): {lying}; picked: {picked or 'nothing yet'}")
        else:
            lines.append(f"row {r}: {lying}")
    panels["Rows, picks and hints"] = lines
    if view["trumps"] is not None:
        panels["Trumps"] = trumps_lines(state.trumps, state.hands[seat] if seat is not None else 0)
    if phase in ("choose", "play"):
        # Every pick was face up, so the cards each player still holds are public (ruling ST-R11: no memory needed).
        panels["Cards left"] = [
            f"seat {p}{' (start)' if p == state.start else ''}: {' '.join(_pretty(mask_text(state.hands[p]))) or '-'}"
            for p in range(state.players)
            if p != seat
        ]
    if phase == "cross":
        panels[f"Round {state.round_no} result"] = round_lines(state, score_row(state))
    if state.trumps_public:
        return panels  # nothing is left to deduce once the trumps are turned over
    second_deck = state.second_deck
    full = view | {"options": dict(state.options)}
    if seat == state.start:
        # The start player knows the truth; what matters to it is how much the others can infer from the hints.
        lines = hypotheses_lines(trump_hypotheses(full, public_only=True), second_deck)
        panels[AID_TITLE] = [*lines, "(you know the trumps: this is what the others can still infer)"]
    else:
        panels[AID_TITLE] = hypotheses_lines(trump_hypotheses(full), second_deck)
    return panels


def trumps_lines(trumps: RoundTrumps, hand: int) -> list[str]:
    """The round's trumps from the top, in words, and which of ``hand`` are trumps (strongest first)."""
    suit, rank = trumps.suit, trumps.rank
    symbol = SUIT_SYMBOLS[suit] if suit != NO_SUIT else ""
    rank_char = RANK_CHARS[rank - 1] if rank != NO_RANK else ""
    # Described by rank and suit, never as card texts: with 3 players a named card might lie aside.
    if suit != NO_SUIT and rank != NO_RANK:
        lines = [
            f"super trump: the {rank_char} of {symbol}; then the other {rank_char}s (no suit, all equal: the first"
            f" played wins); then {symbol} 9 high to A low",
        ]
    elif rank != NO_RANK:
        lines = [
            f"no trump suit; trump rank {rank_char}: every {rank_char} is a trump with no suit, all equal"
            " (the first played wins)"
        ]
    elif suit != NO_SUIT:
        lines = [f"trump suit {symbol} 9 high to A low; no trump rank"]
    else:
        lines = ["no trumps this round: the highest card of the suit led wins"]
    if trumps.trump_mask:
        lines.append("a trump led calls for a trump of either kind; a trump-rank card never counts as its printed suit")
    mine = sorted(bits(hand & trumps.trump_mask), key=lambda c: -trumps.key[c])
    if mine or hand:
        lines.append(f"your trumps: {' '.join(CARD_PRETTY[c] for c in mine) or 'none'}")
    return lines


def round_lines(state: SecretTrumpsState, entry: dict[str, Any]) -> list[str]:
    """A finished round in words: the trumps, and each seat's goal, tricks and cross-off."""
    suit, rank = entry["trump_suit"], entry["trump_rank"]
    suit_words = "no trump suit" if suit == "none" else f"{SUIT_SYMBOLS[SUIT_NAMES.index(suit)]} trump suit"
    rank_words = "no trump rank" if rank == "none" else f"trump rank {rank}"
    lines = [f"trumps: {suit_words}, {rank_words}"]
    for p in range(state.players):
        tricks = entry["tricks"][p]
        took = f"took {tricks} trick{'' if tricks == 1 else 's'}"
        crossed = entry["crossed"][p]
        if p == entry["start"]:
            if crossed is not None:
                what = f"crossed off “{goal_words(crossed)}” (met a goal another player missed)"
            elif entry["start_crossed"]:
                what = "met a goal another player missed: crosses off one own goal now"
            else:
                what = "crossed off nothing"
            lines.append(f"seat {p} (start): {took}; {what}")
        else:
            outcome = "met, crossed off" if entry["met"][p] else "missed"
            lines.append(f"seat {p}: played for “{goal_words(entry['chosen'][p])}”, {took}: {outcome}")
    return lines


def _holders(seats: list[int]) -> str:
    """``seat 2``, ``seats 0 and 3`` (named by the face) or ``nobody``."""
    if not seats:
        return "nobody"
    return f"seat{'s' if len(seats) > 1 else ''} {' and '.join(map(str, seats))}"


def _pretty(cards: list[str]) -> list[str]:
    return [CARD_PRETTY[CARD_TEXT.index(c)] for c in cards]
