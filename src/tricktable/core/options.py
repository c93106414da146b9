"""Declared game options: names, types, defaults, and checking what a caller passed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.core.errors import InvalidOptions, excerpt

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


@dataclass(frozen=True)
class Option:
    """One option of a game.  An int option is bounded: ``choices`` (a set of values) or ``minimum`` and
    ``maximum`` (a game that takes any number a caller sends could be asked for an endless game)."""

    name: str
    default: bool | int
    help: str
    choices: tuple[int, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    @property
    def bounded(self) -> bool:
        """A flag, or a number limited to choices or to a range."""
        if isinstance(self.default, bool):
            return True
        return self.choices is not None or (self.minimum is not None and self.maximum is not None)

    def coerce(self, value: Any) -> bool | int:
        """Accept the value itself or its text (from a command line or a web form)."""
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            raise InvalidOptions(f"option {self.name} is true or false, not {excerpt(value)}")
        try:
            number = int(value) if not isinstance(value, bool) else None
        except (TypeError, ValueError):
            number = None
        if number is None:
            raise InvalidOptions(f"option {self.name} is a whole number, not {excerpt(value)}")
        if self.choices is not None and number not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOptions(f"option {self.name} must be one of {allowed}, not {number}")
        low = self.minimum if self.minimum is not None else number
        high = self.maximum if self.maximum is not None else number
        if not low <= number <= high:
            raise InvalidOptions(f"option {self.name} must be {low} to {high}")
        return number

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help}
        out["type"] = "bool" if isinstance(self.default, bool) else "int"
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


_RESOLVED: dict[tuple[Any, ...], dict[str, bool | int]] = {}


def resolve_options(game: str, specs: tuple[Option, ...], given: dict[str, Any]) -> dict[str, bool | int]:
    """Defaults overlaid with ``given``; unknown names and bad values raise ``InvalidOptions``.

    Returns a new dict each time.  Option sets already checked are remembered, keyed with each value's type
    (``True`` and ``1`` are equal keys but not equal options): ``new_game`` is on the hot path of benchmarks
    and searches that start thousands of games."""
    try:
        key = (id(specs), *[(k, v, v.__class__) for k, v in given.items()])
        cached = _RESOLVED.get(key)
    except TypeError:  # an unhashable value: check it the long way (which refuses it)
        return _resolve(game, specs, given)
    if cached is not None:
        return cached.copy()
    resolved = _resolve(game, specs, given)
    if len(_RESOLVED) < 4096:
        _RESOLVED[key] = resolved.copy()
    return resolved


def _resolve(game: str, specs: tuple[Option, ...], given: dict[str, Any]) -> dict[str, bool | int]:
    by_name = {o.name: o for o in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        shown = ", ".join(excerpt(str(name)) for name in unknown[:3]) + (", ..." if len(unknown) > 3 else "")
        raise InvalidOptions(f"{game} has no option {shown} (its options: {known})")
    return {name: spec.coerce(given[name]) if name in given else spec.default for name, spec in by_name.items()}
