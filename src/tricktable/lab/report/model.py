"""A designer's report as data: sections of text, tables and figures, and findings in plain words.

The generic part (``generic.py``) and each game's metrics module fill it; ``render.py`` writes it as one
self-contained HTML page and as Markdown.  Nothing here knows a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Text:
    text: str


@dataclass
class Table:
    title: str
    header: list[str]
    rows: list[list[str]]
    note: str = ""


@dataclass
class Figure:
    name: str  #: a file name stem, unique in the report
    title: str
    png: bytes
    caption: str = ""


Block = Text | Table | Figure


@dataclass
class Section:
    title: str
    blocks: list[Block] = field(default_factory=list)
    #: Notable results in plain words, each with its interval; the report gathers them under "Findings".
    findings: list[str] = field(default_factory=list)
    #: Findings of sections with a lower rank come first (the game's own questions before the generic facts).
    rank: int = 0


@dataclass
class Report:
    title: str
    facts: list[str]  #: what was played: game, cells, games, bots, seeds
    sections: list[Section] = field(default_factory=list)

    @property
    def findings(self) -> list[str]:
        return [f for s in sorted(self.sections, key=lambda s: s.rank) for f in s.findings]


def pct(rate: float, low: float | None = None, high: float | None = None) -> str:
    """``41.2%`` or ``41.2% (39.8–42.6%)``."""
    if low is None or high is None:
        return f"{100 * rate:.1f}%"
    return f"{100 * rate:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"


def p_text(p: float) -> str:
    """A p-value for people: three figures, and no pretence of precision below 0.0001."""
    return "< 0.0001" if p < 1e-4 else f"{p:.3g}"


def num(mean: float, low: float | None = None, high: float | None = None, digits: int = 2) -> str:
    """``3.14`` or ``3.14 (3.01–3.27)``."""
    if low is None or high is None:
        return f"{mean:.{digits}f}"
    return f"{mean:.{digits}f} ({low:.{digits}f}–{high:.{digits}f})"
