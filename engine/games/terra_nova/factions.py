"""The ten factions' mats: start money, income per building scroll, palaces, sailing, read
from `data/factions.txt` (which says where the numbers come from), and the costs and pieces
every mat shares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from engine.core import Message, from_row, read_kinds, term

from .terrain import TERRAIN_COLOURS, Terrain

MatSide = Literal["A", "B"]
PalaceSide = Literal["left", "right"]
MAT_SIDES: tuple[MatSide, ...] = get_args(MatSide)

HOUSES = 8
TRADING_POSTS = 4
BRIDGES = 3
POWER_TOKENS = 8
START_BOWLS: tuple[int, int, int] = (2, 2, 4)

HOUSE_COST = 4
TRADING_POST_COST = 10
TRADING_POST_COST_NEIGHBOURED = 7
PALACE_COST = 14
SHOVEL_COST = 6
SAILING_COST = 8
BRIDGE_COST = 10
TOWN_VALUE_NEEDED = 7
TOWN_VALUE_WITH_PALACE = 6
TOWN_BUILDINGS_NEEDED = 4


@dataclass(frozen=True)
class Income:
    money: int = 0
    power: int = 0


#: Points for each step of the standard sailing track (step 1, 2, 3): step 2 scores 3.
SAILING_POINTS: tuple[int, ...] = (2, 3, 4)
#: The ability of every A-side faction's right palace: towns need a value of only 6.
TOWN_AT_SIX = "town-at-6"


@dataclass(frozen=True)
class Palace:
    """One of the two palaces: its income and its ability key (see docs for each key)."""

    income: Income
    ability: str
    text: str


@dataclass(frozen=True)
class Faction:
    key: str
    name: str
    german: str
    home: Terrain
    side: MatSide
    start_money: int
    ability: str
    left: Palace
    right: Palace
    sailing_points: tuple[int, ...] = SAILING_POINTS
    start_houses: int = 2

    @property
    def colour(self) -> str:
        return TERRAIN_COLOURS[self.home]

    @property
    def max_sailing(self) -> int:
        return len(self.sailing_points)

    def palace(self, which: PalaceSide) -> Palace:
        return self.left if which == "left" else self.right


def parse_income(text: str) -> Income:
    """`3 money 1 power`, `4 power`, or `-` for nothing."""
    words = [] if text == "-" else text.split()
    return Income(
        **{unit: int(amount) for amount, unit in zip(words[::2], words[1::2], strict=True)}
    )


_DATA = read_kinds(__package__, "data/factions.txt")
_SCROLLS = {row: tuple(map(parse_income, incomes)) for row, *incomes in _DATA["scrolls"]}
#: The house row: 8 scrolls; the trading post row: 4.
HOUSE_ROW: tuple[Income, ...] = _SCROLLS["house"]
TRADING_POST_ROW: tuple[Income, ...] = _SCROLLS["trading post"]
_PALACES = {
    row[0]: from_row(Palace, row, "ability income text", {Income: parse_income})
    for row in _DATA["palace"]
}
_MAT = "key name german home side start_money start_houses sailing_points left right ability"
FACTIONS: tuple[Faction, ...] = tuple(
    from_row(Faction, row, _MAT, {Palace: _PALACES.__getitem__}) for row in _DATA["faction"]
)
FACTIONS_BY_KEY: dict[str, Faction] = {faction.key: faction for faction in FACTIONS}


def faction_term(key: str) -> Message:
    """A faction's name as a word of the game (`Fairies`, `Feen`)."""
    return term(FACTIONS_BY_KEY[key].name, "faction")


def palace_text(ability: str) -> Message:
    """What a palace's ability does, in words of the game (`on building it: 6 power at once`)."""
    return term(_PALACES[ability].text, "palace")
