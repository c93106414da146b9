"""Players' names: short, plain, and never mistaken for what the table itself writes beside a name.

The table labels seats "(you)", "(bot)", "Bot 2 (normal)", "Player 3", "open seat": a name that looks like one
of those, or that turns text around with bidi controls, would let a player pass for somebody or something
else.  Names are compared by how they look: their confusable skeleton (Unicode TR39, from ``disarm``), which
folds case, compatibility forms (full-width, styled letters), and letters of other scripts that look alike
(Cyrillic ``В``, Greek ``Β``, small capitals ``ʙᴏᴛ``) to one key.
"""

from __future__ import annotations

import re
import unicodedata

from disarm import skeleton_key

MAX_NAME = 24
#: The characters a name may hold, as the API's schema says it: letters, marks, numbers, punctuation, symbols
#: and spaces; never control, format (bidi overrides, zero-width joiners), private, unassigned or surrogate code
#: points, nor line and paragraph separators.  ``name_problem`` checks the rest (labels, brackets).
#: The spaces (category Zs) are written out: a fuzzer reading ``\p{Zs}`` may take it for every kind of space.
NAME_CHARACTERS = "^[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S} \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]*$"

#: Words the table writes about seats: a name may not start with one that looks like them.
SYSTEM_WORDS = ("bot", "player", "seat", "open seat", "spectator", "you", "host", "nobody", "everybody")
#: Brackets of every kind: the table puts its labels in them ("(you)", "(bot)").
_BRACKETS = set("()[]{}<>⟨⟩（）［］｛｝＜＞«»‹›")
#: What separates words in a key: anything but letters and digits (``Bot_2`` and ``Bot-2`` read as ``Bot 2``).
_SEPARATORS = re.compile(r"[\W_]+")


def look(name: str, digits_as_letters: bool = False) -> str:
    """The key of how ``name`` looks: its TR39 skeleton, case folded, with words split by single spaces.

    ``digits_as_letters`` adds TR39's ``0 ≡ O`` and ``1 ≡ l`` (``B0t`` looks like ``Bot``); without it a digit
    stays a digit, so that ``Bot1`` still reads as a bot's label followed by its number."""
    key = skeleton_key(name, digit_policy="tr39" if digits_as_letters else "numeric")
    return " ".join(_SEPARATORS.split(key)).strip()


_WORDS = "|".join(re.escape(look(word)) for word in SYSTEM_WORDS)
#: A label word alone, or followed by another word or a number (``Bot 2``, ``Bot2``, ``Seat 1``).
_LABEL = re.compile(rf"^({_WORDS})( |\d|$)")
#: The same with digits read as the letters they look like: a label word followed by another word, or alone.
_LABEL_LOOK = re.compile(rf"^({_WORDS})( |$)")


def looks_like_a_label(name: str) -> bool:
    """Does ``name`` look like a label the table writes itself ("Bot 2", "Player 3", "you", "open seat")?"""
    return bool(_LABEL.match(look(name)) or _LABEL_LOOK.match(look(name, digits_as_letters=True)))


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
    if any(char in _BRACKETS for char in folded) or any(char in _BRACKETS for char in skeleton_key(name)):
        return "a name may not hold brackets: the table writes its own labels in them"
    if looks_like_a_label(name):
        return "a name may not look like a label of the table (bot, player, seat, you ...)"
    return None


def clean_name(name: str | None) -> str:
    """The name as stored: spaces at the ends dropped and runs of spaces made one."""
    return " ".join((name or "").split())
