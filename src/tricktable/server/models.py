"""The API's request bodies: every field typed and bounded, so the schema says what is accepted (and a fuzzer
reading it tries exactly that) and a malformed request is refused before anything happens."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Header
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from tricktable.core.registry import game_names
from tricktable.server.names import MAX_NAME, NAME_CHARACTERS, clean_name

#: A game's name: the schema lists them (the server answers 400 for another, naming the games).
GameName = Annotated[
    str, StringConstraints(pattern=r"^[a-z][a-z-]{0,39}$"), Field(json_schema_extra={"enum": game_names()})
]
OptionName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z_]{0,39}$")]
#: Option values: flags and numbers (each game bounds its numbers; far larger ones are refused here).
OptionValue = bool | Annotated[int, Field(ge=-(10**9), le=10**9)]
BotLevel = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_-]{0,39}$")]
SeatNumber = Annotated[int, Field(ge=0, le=15)]
#: A player's name: the characters are checked here (422), what it looks like by the API (``names.name_problem``,
#: 400), since no schema can say which names look like the table's own labels.
Name = Annotated[str, StringConstraints(max_length=MAX_NAME, pattern=NAME_CHARACTERS)]


def _check_name(value: str | None) -> str | None:
    return None if value is None else clean_name(value) or None


class HumanSeat(BaseModel):
    """A person's seat, with the name they go by (none: "Player N")."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human"] = "human"
    name: Name | None = None

    _name = field_validator("name")(_check_name)


class BotSeat(BaseModel):
    """A bot's seat, of a level (none: the game's default).  It has no name field: the table names it ("Bot N
    (level)"), so that nobody takes a bot for a person."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["bot"]
    bot: BotLevel | None = None


SeatSpec = HumanSeat | BotSeat


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: GameName
    players: Annotated[int, Field(ge=1, le=12)] | None = None
    options: dict[OptionName, OptionValue] = Field(
        default_factory=dict, max_length=20, json_schema_extra={"additionalProperties": False}
    )
    seats: list[SeatSpec] | None = Field(default=None, max_length=12)
    #: The seat the creator takes at once (``None``: take none, e.g. to watch bots).
    seat: SeatNumber | None = 0
    name: Name | None = None
    #: Practice against bots only: a table with a seat for another person refuses a chosen seed or deal.
    #: At most 2**53 - 1: every JSON reader holds it exactly (a larger bound is rounded, and then broken).
    seed: Annotated[int, Field(ge=0, le=2**53 - 1)] | None = None
    deals: list[dict[str, object]] | None = Field(default=None, max_length=200)

    _name = field_validator("name")(_check_name)


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: SeatNumber | None = None
    name: Name | None = None

    _name = field_validator("name")(_check_name)


class MoveBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: SeatNumber
    move: Annotated[str, StringConstraints(min_length=1, max_length=80)]


class SeatBot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot: BotLevel | None = None


SeatToken = Annotated[str | None, Header(alias="X-Seat-Token", max_length=100)]
HostToken = Annotated[str | None, Header(alias="X-Host-Token", max_length=100)]
