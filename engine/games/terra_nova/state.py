"""The state of a Terra Nova game: a compact, serialisable pydantic model.

Hexes are board indices (see board.py). `terrain` holds one letter per hex (`~` for river),
changing as hexes are made habitable; `owner` holds per hex FREE, a seat, or NEUTRAL_BASE +
the terrain index of a neutral house (2-player variants); `building` one letter per hex: `.`
none, `h` house, `t` trading post, `p` palace. Income and buildings left follow from what
stands on the board, because buildings always leave their mat row from the left and return to
the rightmost free scroll.

States are treated as immutable: the turn builder (turn.py) builds a new state that shares
everything an action did not change.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import BaseState

from .factions import PalaceSide

FREE = -1
NEUTRAL_BASE = 100
NO_BUILDING = "."
HOUSE = "h"
TRADING_POST = "t"
PALACE = "p"
BUILDING_NAMES: dict[str, str] = {HOUSE: "house", TRADING_POST: "trading post", PALACE: "palace"}
TOWN_VALUES: dict[str, int] = {HOUSE: 1, TRADING_POST: 2, PALACE: 3}

#: neutral: setting neutral houses (2-player variants); factions: choosing factions in turn
#: order; houses: setting starting houses; bonus: taking the first bonus tiles in reverse order;
#: actions: phase 2 of a round; round-end: after the last pass of rounds 1–4, the players with
#: power in bowl III may exchange it for money (all at once) until each says `done`;
#: over: final scoring done.
Phase = Literal["neutral", "factions", "houses", "bonus", "actions", "round-end", "over"]


class Player(BaseModel):
    faction: str = ""
    money: int = 0
    bowls: list[int] = Field(default_factory=lambda: [2, 2, 4])
    score: int = 0
    sailing: int = 0
    palaces: list[PalaceSide] = Field(default_factory=list)
    bonus: str = ""
    towns_left: list[str] = Field(default_factory=lambda: ["6money", "8power", "sail", "9vp"])
    #: Once-a-round actions of this player used this round (special and personal power actions).
    used: list[str] = Field(default_factory=list)
    passed: bool = False
    #: Towns founded whose tile is still to be chosen (`town <tile>`).
    towns_to_choose: int = 0
    resigned: bool = False


class Town(BaseModel):
    seat: int
    tile: str
    hexes: list[int]
    #: A Sea Dogs' town across the river: the river hex its tile lies on.
    river: int | None = None


class LastTurn(BaseModel):
    """What the latest turn changed on the map: the hexes whose terrain or building changed
    and the bridges built (the view's `last_turn`). `open` while the seat's turn goes on
    (an exchange sent alone, a town tile still to choose), so its next part adds to it."""

    seat: int
    hexes: list[int] = Field(default_factory=list)
    bridges: list[tuple[int, int]] = Field(default_factory=list)
    open: bool = False


class TerraNovaState(BaseState):
    phase: Phase
    side: Literal["standard", "duo"] = "standard"
    round: int = 0
    #: The round scoring tile of rounds 1–5.
    round_tiles: list[str]
    #: Bonus tiles on offer (not held by anybody), with the money lying on each.
    offer: dict[str, int]
    #: Seats in the order they act in the current phase or round.
    order: list[int]
    #: Seats still to act in a set-up phase, first one next.
    queue: list[int] = Field(default_factory=list)
    #: In the neutral phase: the terrain (colour) of the neutral house each queued seat sets.
    neutral: list[str] = Field(default_factory=list)
    #: The Planner variant's neutral colour, as its terrain ("" otherwise).
    planner: str = ""
    current: int = 0
    #: The current seat has taken its action this turn (only exchanges may follow).
    acted: bool = False
    #: Seats in the order they passed this round (the first becomes start player).
    passed_order: list[int] = Field(default_factory=list)
    #: In the round-end phase: the seats still exchanging power (each finishes with `done`).
    exchanging: list[int] = Field(default_factory=list)
    terrain: str
    owner: list[int]
    building: str
    bridges: list[tuple[int, int, int]] = Field(default_factory=list)
    towns: list[Town] = Field(default_factory=list)
    #: The board's power actions used this round.
    power_used: list[str] = Field(default_factory=list)
    seats: list[Player]
    #: The latest turn's changes on the map (None before the first; states stored before it
    #: existed load without it).
    last_turn: LastTurn | None = None
    end_reason: str | None = None

    def acting(self) -> list[int]:
        """The seats to act now: everybody still exchanging at a round end, else `current`."""
        if self.phase == "over":
            return []
        if self.phase == "round-end":
            return sorted(self.exchanging)
        return [self.current]
