"""A deal as a list of draws: what programs that draw the cards themselves need (OpenSpiel's chance nodes).

Every seeded deal of every game is read off ``core.shuffle`` as a series of uniform choices: ``k`` different
items of ``range(n)`` in order (cards to deal, a seat, a suit).  A game says which draws its next deal makes
(``Draw``), and how a deal is written from the items drawn; then a program may draw the items itself, one at a
time and each uniformly among those left, and give the deal to the game as an explicit deal.  Drawn in the
order ``DealRandom.sample`` draws them, the items of seed ``s`` are exactly the game's own seeded deal
(``seeded_items``), so both ways deal the same cards with the same odds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tricktable.core.shuffle import DealRandom


@dataclass(frozen=True, slots=True)
class Draw:
    """``count`` different items of ``range(population)``, drawn one at a time, each uniformly among those left.

    ``labels[item]`` names an item (a card's notation, ``seat 2``); ``roles[i]`` says what the ``i``-th item
    drawn is for (``to seat 3``, ``trump card``), so a drawn item reads ``trump card: 7C``.  ``classes[item]``
    groups items a player cannot tell apart before seeing them (Tandem Trick's card backs); by default every
    item looks the same from behind."""

    population: int
    count: int
    labels: tuple[str, ...]
    roles: tuple[str, ...]
    classes: tuple[int, ...] | None = None
    public: bool = False

    def __post_init__(self) -> None:
        if not 0 < self.count <= self.population or len(self.labels) != self.population:
            raise ValueError("a draw takes 1..population items and names every item")
        if len(self.roles) != self.count:
            raise ValueError("a draw names the role of every item it takes")

    def item_class(self, item: int) -> int:
        return 0 if self.classes is None else self.classes[item]


def seeded_items(seed: int, deal: int, draws: Sequence[Draw]) -> list[list[int]]:
    """The items ``draws`` take off deal number ``deal`` of seed ``seed``, as ``DealRandom`` reads them.

    A game whose seeded shuffle reads its draws some other way says so with a ``seeded_items`` of the same
    shape in its ``chance`` module, which callers prefer."""
    source = DealRandom(seed, deal)
    return [source.sample(d.population, d.count) for d in draws]
