"""Secret Trumps' per-seat views: exactly what a seat may know (SPEC 3.8).

Hidden: the trumps during picking (only the start player sees them), a goal choice until all are
revealed together (each seat sees its own), the 3-player aside cards (nobody), and the start player's aim
(never declared, so never stored).  Beyond the protocol's keys the view has ``trumps`` (``None`` while
unknown to this seat), ``rows``, ``hints``, ``goals`` and ``goal_list``; the panels repeat them as text
for the terminal, plus the toggled aid "Aid: trump hypotheses".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.games._secret_trumps_cards import (
    CARD_PRETTY,
    CARD_TEXT,
    NO_RANK,
    NO_SUIT,
    SUIT_LETTERS,
    mask_text,
    rank_text,
    suit_text,
)
from tricktable.games._secret_trumps_deduction import hypotheses_lines, trump_hypotheses

if TYPE_CHECKING:
    from tricktable.games.secret_trumps import SecretTrumps

AID_TITLE = "Aid: trump hypotheses"


def build_view(game: SecretTrumps, seat: int | None) -> dict[str, Any]:
    n = game.players
    in_round = game.phase_name != "draft"
    trumps_known = in_round and game.sees_trumps(seat)
    trumps = None
    if trumps_known:
        t = game.trumps
        trumps = {
            "suit": None if t.suit == NO_SUIT else SUIT_LETTERS[t.suit],
            "rank": None if t.rank == NO_RANK else t.rank,
        }
    chosen = [
        game.goals[g].slug if g is not None and game.sees_choice(p, seat) else None
        for p, g in enumerate(game.chosen)
    ]
    goals = [
        {
            "seat": p,
            "held": [game.goals[g].slug for g in game.held[p]],
            "crossed": [game.goals[g].slug for g in game.crossed[p]],
            "open": [game.goals[g].slug for g in game.open_goals(p)],
            "chosen": chosen[p],
        }
        for p in range(n)
    ]
    seats = [
        {
            "seat": p,
            "start": p == game.start,
            "cards": game.hands[p].bit_count(),
            "tricks": game.won[p],
            "crossed": f"{len(game.crossed[p])}/{game.goal_count}",
            "chosen": chosen[p] if p != game.start else None,
            "committed": game.chosen[p] is not None,
        }
        for p in range(n)
    ]
    up = 4 if n == 4 else 3
    rows = []
    if in_round:
        for r in range(len(game.rows)):
            left = game.row_left[r]
            rows.append(
                {
                    "row": r + 1,
                    "first": (game.start + 1 + r) % n,
                    # Face-up cards only: the 3-player aside card (index 3) is never shown.
                    "cards": [CARD_TEXT[c] for c in game.rows[r][:up] if left >> c & 1],
                    "picks": [{"seat": p, "card": CARD_TEXT[c]} for p, c in game.picks[r]],
                    "aside": n == 3,
                }
            )
    hints = [dict(h, seats=list(h["seats"]), cards=list(h["cards"])) for h in game.hints]
    view: dict[str, Any] = {
        "hand": mask_text(game.hands[seat]) if seat is not None else [],
        "seats": seats,
        "table": _table(game, trumps_known),
        "trumps": trumps,
        "rows": rows,
        "hints": hints,
        "goals": goals,
        "goal_list": [
            {"slug": g.slug, "name": g.name, "holders": [p for p in range(n) if i in game.held[p]]}
            for i, g in enumerate(game.goals)
        ],
        "trick": [{"seat": s, "card": CARD_TEXT[c]} for s, c in zip(game.trick_seats, game.trick)],
        "last_trick": game.last_trick,
        "score_sheet": [dict(entry) for entry in game.score_sheet],
        "card_colours": {"S": "bright_white", "C": "green", "H": "red", "D": "yellow"},
        "events": [e.to_dict() for e in game.events[game.round_log_start :] if e.visible(seat)],
    }
    view["panels"] = _panels(game, view, seat)
    return view


def _table(game: SecretTrumps, trumps_known: bool) -> dict[str, Any]:
    table: dict[str, Any] = {"phase": game.phase_name}
    if game.phase_name == "draft":
        table["draft"] = f"{game.draft_turns}/{game.players * game.goal_count} goals taken"
        table["start player"] = game.start
        return table
    table["round"] = game.round_no
    table["start player"] = game.start
    table["trump suit"] = suit_text(game.trumps.suit) if trumps_known else "?"
    table["trump rank"] = rank_text(game.trumps.rank) if trumps_known else "?"
    if game.phase_name == "pick":
        table["row"] = game.cur_row + 1
        table["first pick"] = (game.start + 1 + game.cur_row) % game.players
    return table


def _panels(game: SecretTrumps, view: dict[str, Any], seat: int | None) -> dict[str, list[str]]:
    panels: dict[str, list[str]] = {}
    sheet = []
    for entry in view["goals"]:
        p = entry["seat"]
        marks = [f"[x] {g}" if g in entry["crossed"] else g for g in entry["held"]]
        role = " (start)" if p == game.start and game.phase_name != "draft" else ""
        chosen = f"  -> {entry['chosen']}" if entry["chosen"] else ""
        sheet.append(f"seat {p}{role}: {', '.join(marks) or '-'}{chosen}")
    panels["Goal sheet"] = sheet
    if game.phase_name == "draft":
        panels["Goals"] = [
            f"{g['slug']}: {g['name']} (held by {', '.join(map(str, g['holders'])) or 'nobody'})"
            for g in view["goal_list"]
        ]
        return panels
    lines = []
    for row in view["rows"]:
        r = row["row"]
        picked = " ".join(f"{pk['seat']}:{CARD_PRETTY[CARD_TEXT.index(pk['card'])]}" for pk in row["picks"])
        lying = " ".join(CARD_PRETTY[CARD_TEXT.index(c)] for c in row["cards"])
        hint = next((h for h in view["hints"] if h["row"] == r), None)
        if hint is not None:
            lines.append(f"row {r}: seat {row['first']} first: {picked}  => seat {hint['winner']} would win")
        elif r == game.cur_row + 1 and game.phase_name == "pick":
            lines.append(f"row {r} (now, seat {row['first']} first): {lying}  picked: {picked or '-'}")
        else:
            lines.append(f"row {r}: {lying}")
    panels["Rows, picks and hints"] = lines
    second_deck = game.second_deck
    full = view | {"options": dict(game.options)}
    panels[AID_TITLE] = hypotheses_lines(trump_hypotheses(full), second_deck)
    if seat == game.start and not game.trumps_public:
        # The start player knows the truth; what matters to it is how much the others can infer.
        others = len(trump_hypotheses(full, public_only=True))
        panels[AID_TITLE].append(f"the others still consider {others} pairs possible")
    return panels
