"""The ten factions' mats as data: start money, income per building scroll, palaces, sailing.

The mats' pictures are lost, so the numbers are Meeple Post's design (documented with the
reasoning in docs/games/terra-nova.md); the abilities follow the rulebook's faction texts.
Income scrolls are listed left to right: a scroll pays once the building standing on it has
been built (buildings leave their row from the left and return to the rightmost free scroll).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .terrain import TERRAIN_COLOURS, Terrain

MatSide = Literal["A", "B"]
PalaceSide = Literal["left", "right"]

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


#: The house row: 8 scrolls; the last pays nothing (it is only uncovered by the 8th house).
HOUSE_ROW: tuple[Income, ...] = (
    Income(money=2),
    Income(money=2),
    Income(money=2),
    Income(money=2),
    Income(money=3),
    Income(money=3),
    Income(money=3),
    Income(),
)
#: The trading post row: 4 scrolls.
TRADING_POST_ROW: tuple[Income, ...] = (
    Income(money=3, power=1),
    Income(money=3, power=1),
    Income(money=3, power=2),
    Income(money=4, power=2),
)
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


_TOWN_AT_SIX = Palace(
    Income(),
    TOWN_AT_SIX,
    "a town needs a value of only 6 (still at least 4 buildings); may found towns at once",
)

FACTIONS: tuple[Faction, ...] = (
    Faction(
        key="water-sprites",
        name="Water Sprites",
        german="Flaschengeister",
        home="lake",
        side="A",
        start_money=15,
        ability="4 extra points for every town founded",
        left=Palace(
            Income(power=2),
            "lake-house",
            "special action once a round: a free house on any empty lake hex, reach ignored",
        ),
        right=_TOWN_AT_SIX,
    ),
    Faction(
        key="sea-dogs",
        name="Sea Dogs",
        german="Seebären",
        home="lake",
        side="B",
        start_money=15,
        ability="may found towns across one river hex without a bridge",
        left=Palace(
            Income(power=4),
            "free-sailing",
            "on building it: one free sailing step (with its points and round scoring)",
        ),
        right=Palace(
            Income(),
            "free-upgrade",
            "special action once a round: upgrade a house to a trading post for free",
        ),
        sailing_points=(2, 3, 4, 5),
    ),
    Faction(
        key="golems",
        name="Golems",
        german="Golems",
        home="wasteland",
        side="A",
        start_money=15,
        ability="on passing: 2 points for 1–2 trading posts, 3 for 3, 4 for 4",
        left=Palace(
            Income(power=4),
            "one-shovel",
            "a terrain that needs 2 shovels needs only 1",
        ),
        right=_TOWN_AT_SIX,
    ),
    Faction(
        key="fire-sprites",
        name="Fire Sprites",
        german="Ifrit",
        home="wasteland",
        side="B",
        start_money=14,
        ability="every power action costs 1 power less (not the power exchange)",
        left=Palace(
            Income(power=4),
            "edge-house",
            "on building it: a free house on any empty edge hex, made habitable for free",
        ),
        right=Palace(
            Income(),
            "edge-settlements",
            "on passing: 1 point per settlement with a building on the board edge",
        ),
    ),
    Faction(
        key="leprechauns",
        name="Leprechauns",
        german="Kobolde",
        home="swamp",
        side="A",
        start_money=15,
        ability="2 power for every shovel used, free shovels too",
        left=Palace(
            Income(money=5, power=2),
            "six-power",
            "on building it: 6 power at once",
        ),
        right=_TOWN_AT_SIX,
    ),
    Faction(
        key="inventors",
        name="Inventors",
        german="Erfinderinnen",
        home="swamp",
        side="B",
        start_money=14,
        ability="power whenever another faction builds a house: 2 with 2 players, else 1",
        left=Palace(
            Income(power=2),
            "trading-post-action",
            "action, as often as wanted: 6 power to make a hex in reach habitable and put a "
            "trading post on it (an upgrade to a trading post, not shovels)",
        ),
        right=Palace(Income(), "house-points", "2 points for every house built"),
    ),
    Faction(
        key="fairies",
        name="Fairies",
        german="Feen",
        home="forest",
        side="A",
        start_money=13,
        ability="2 extra power in every income phase",
        left=Palace(
            Income(money=2, power=3),
            "fairy-shovel",
            "personal power action once a round: 2 power to make habitable and build with "
            "1 free shovel",
        ),
        right=_TOWN_AT_SIX,
    ),
    Faction(
        key="druids",
        name="Druids",
        german="Druiden",
        home="forest",
        side="B",
        start_money=15,
        ability="at any power exchange: 3 power from bowl III for 2 points, as often as wanted",
        left=Palace(
            Income(power=4),
            "settlement-power",
            "on passing: 2 power per settlement",
        ),
        right=Palace(Income(), "trading-post-points", "3 points for every house upgraded"),
    ),
    Faction(
        key="sun-worshippers",
        name="Sun Worshippers",
        german="Wüstentöchter",
        home="desert",
        side="A",
        start_money=12,
        ability="start with 3 houses; the 3rd is set after everybody's two",
        left=Palace(
            Income(power=2),
            "continent-shovel",
            "special action once a round: make a neighbouring hex on the same continent "
            "habitable for free, then may build a house there at the usual cost",
        ),
        right=_TOWN_AT_SIX,
        start_houses=3,
    ),
    Faction(
        key="sand-cats",
        name="Sand Cats",
        german="Feline",
        home="desert",
        side="B",
        start_money=14,
        ability="money whenever another faction upgrades: 2 with 2 players, else 1",
        left=Palace(
            Income(power=2),
            "cheap-trading-posts",
            "trading posts cost 5 money next to another faction, else 7",
        ),
        right=Palace(
            Income(),
            "dry-points",
            "on passing: 1 point per own building not next to the river",
        ),
    ),
)

FACTIONS_BY_KEY: dict[str, Faction] = {faction.key: faction for faction in FACTIONS}
