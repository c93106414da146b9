"""Players' names: short, plain, and never mistaken for what the table itself writes beside a name.

The table labels seats "(you)", "(bot)", "Bot 2 (normal)", "Player 3", "open seat": a name that looks like one
of those, or that turns text around with bidi controls, would let a player pass for somebody or something
else.  Names are compared after NFKC folding, so full-width or styled look-alikes are caught too.
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 24

#: Words the table writes about seats: a name may not start with one of them (after folding).
SYSTEM_WORDS = ("bot", "player", "seat", "open seat", "spectator", "you", "host", "nobody", "everybody")
_SYSTEM = re.compile(rf"^({'|'.join(SYSTEM_WORDS)})(\b|\d|$)")
#: Brackets of every kind: the table puts its labels in them ("(you)", "(bot)").
_BRACKETS = set("()[]{}<>⟨⟩（）［］｛｝＜＞«»‹›")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or ``None`` if it can (``""`` means: use the seat's default)."""
    if len(name) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters"
    for char in name:
        category = unicodedata.category(char)
        # Cc: control characters; Cf: format characters (bidi overrides and isolates, zero-width joiners);
        # Co/Cn/Cs: private, unassigned and surrogate code points; Zl/Zp: line and paragraph separators.
        if category in ("Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"):
            return "a name may not hold control, format or invisible characters"
    folded = unicodedata.normalize("NFKC", name).casefold()
    if name and not folded.strip():
        return "a name needs a visible character"
    if any(char in _BRACKETS for char in folded):
        return "a name may not hold brackets: the table writes its own labels in them"
    plain = " ".join(folded.split())
    if _SYSTEM.match(plain):
        return "a name may not look like a label of the table (bot, player, seat, you ...)"
    return None


def clean_name(name: str | None) -> str:
    """The name as stored: spaces at the ends dropped and runs of spaces made one."""
    return " ".join((name or "").split())
