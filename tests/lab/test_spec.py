"""A playtest's spec: options checked up front, compared values, cells the rules refuse, chunks."""

from __future__ import annotations

import pytest

from tricktable.core.errors import InvalidOptions
from tricktable.lab.spec import Spec, cells, chunks, make_spec


def test_a_yes_no_option_is_compared_off_then_on() -> None:
    spec = make_spec("tricks-together", [4], compare="no-trumps", games=10)
    assert (spec.compare, spec.values) == ("no_trumps", (False, True))


def test_an_option_with_choices_compares_them_all_with_the_default_first() -> None:
    spec = make_spec("tricks-together", [4], compare="lives", games=10)
    assert spec.values == (3, 4)
    listed = make_spec("tandem-trick", [4], compare="target=48,24", games=10)
    assert listed.values == (24, 48)


def test_a_number_option_needs_its_values_to_compare() -> None:
    with pytest.raises(InvalidOptions, match="say which values of target"):
        make_spec("trumps", [4], compare="target")


def test_bad_requests_are_refused_with_the_reason() -> None:
    with pytest.raises(InvalidOptions, match="3-5 players, not 6"):
        make_spec("tricks-together", [3, 6])
    with pytest.raises(InvalidOptions, match="has no option colour"):
        make_spec("tricks-together", [4], {"colour": "red"})
    with pytest.raises(InvalidOptions, match="no 'grandmaster' bot"):
        make_spec("trumps", [4], bots="grandmaster")
    with pytest.raises(InvalidOptions, match="both set and compared"):
        make_spec("tricks-together", [4], {"lives": 4}, compare="lives")


def test_cells_the_rules_refuse_are_skipped_with_the_games_reason() -> None:
    grid, skipped = cells(make_spec("tricks-together", [4, 5], compare="long_climb", games=10))
    played = [(c.players, c.variant) for c in grid]
    assert played == [(4, "long_climb=off"), (4, "long_climb=on"), (5, "long_climb=off")]
    assert [(s.players, s.variant) for s in skipped] == [(5, "long_climb=on")]
    assert "3 or 4 players" in skipped[0].reason


def test_every_game_of_every_cell_is_in_exactly_one_chunk() -> None:
    spec = make_spec("tandem-trick", [3, 4], games=23, chunk=5)
    grid, _ = cells(spec)
    games = sorted((c.cell.index, g) for c in chunks(spec, grid) for g in range(c.start, c.stop))
    assert games == [(cell, g) for cell in range(2) for g in range(23)]


def test_a_spec_survives_its_json() -> None:
    spec = make_spec("trumps", [4, 6], {"target": "30"}, compare="teams", games=7, seed=5)
    assert Spec.from_json(spec.to_json()) == spec
    assert spec.options == {"target": 30}
