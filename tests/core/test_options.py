"""Game options: every number a caller may set is bounded, so no option can ask for an endless game."""

from __future__ import annotations

import pytest

import tricktable
from tricktable.core.errors import InvalidOptions
from tricktable.core.registry import game_class, game_names


def test_every_numeric_option_of_every_game_is_bounded() -> None:
    for name in game_names():
        for option in game_class(name).option_specs:
            assert option.bounded, f"{name}: option {option.name} takes any number"


def test_a_number_out_of_its_bounds_is_refused_without_repeating_it() -> None:
    with pytest.raises(InvalidOptions, match="target must be 1 to 1000") as refused:
        tricktable.new_game("tandem-trick", target=10**9)
    assert str(10**9) not in str(refused.value)
    assert tricktable.new_game("trumps", target=1000).options["target"] == 1000
