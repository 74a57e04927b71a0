"""Bonus tiles, town tiles, round scoring tiles and the first-game set-ups, as data.

Bonus tiles are numbered bonus1–bonus8 in the order the rulebook explains them (its
first-game letters A–H name the same tiles). The book describes six
kinds of round scoring; the box holds eight tiles, so house and trading post come twice (as the
most common actions). The first-game placements are Meeple Post's design (the book's picture
is lost); see docs/games/terra-nova.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .factions import Income

PassScoring = Literal["house", "trading-post", "palace", "sailing"]
RoundKind = Literal["house", "trading-post", "palace", "town", "sailing", "shovel"]
TownKey = Literal["6money", "8power", "sail", "9vp"]


@dataclass(frozen=True)
class BonusTile:
    key: str
    income: Income
    text: str
    sailing_bonus: int = 0
    special_shovel: bool = False
    pass_scoring: PassScoring | None = None
    pass_points: int = 0


BONUS_TILES: tuple[BonusTile, ...] = (
    BonusTile("bonus1", Income(money=6), "6 money"),
    BonusTile("bonus2", Income(money=3, power=3), "3 money and 3 power"),
    BonusTile("bonus3", Income(power=3), "3 power; reach +1 this round", sailing_bonus=1),
    BonusTile(
        "bonus4",
        Income(money=2),
        "2 money; special action: make habitable and build with 1 free shovel",
        special_shovel=True,
    ),
    BonusTile(
        "bonus5",
        Income(money=2),
        "2 money; on passing 1 point per house",
        pass_scoring="house",
        pass_points=1,
    ),
    BonusTile(
        "bonus6",
        Income(power=2),
        "2 power; on passing 2 points per trading post",
        pass_scoring="trading-post",
        pass_points=2,
    ),
    BonusTile(
        "bonus7",
        Income(power=4),
        "4 power; on passing 4 points per palace",
        pass_scoring="palace",
        pass_points=4,
    ),
    BonusTile(
        "bonus8",
        Income(power=3),
        "3 power; on passing 3 points per sailing step",
        pass_scoring="sailing",
        pass_points=3,
    ),
)
BONUS_BY_KEY: dict[str, BonusTile] = {tile.key: tile for tile in BONUS_TILES}
EXTRA_BONUS_TILES = 3


@dataclass(frozen=True)
class TownTile:
    key: TownKey
    points: int
    money: int = 0
    power: int = 0
    sailing: int = 0


TOWN_TILES: tuple[TownTile, ...] = (
    TownTile("6money", points=5, money=6),
    TownTile("8power", points=6, power=8),
    TownTile("sail", points=4, sailing=1),
    TownTile("9vp", points=9),
)
TOWN_BY_KEY: dict[str, TownTile] = {tile.key: tile for tile in TOWN_TILES}


@dataclass(frozen=True)
class RoundTile:
    kind: RoundKind
    points: int
    text: str


ROUND_KINDS: dict[RoundKind, RoundTile] = {
    "house": RoundTile("house", 2, "2 points per house built"),
    "trading-post": RoundTile("trading-post", 3, "3 points per house upgraded to a trading post"),
    "palace": RoundTile("palace", 5, "5 points per trading post upgraded to a palace"),
    "town": RoundTile("town", 5, "5 points per town founded"),
    "sailing": RoundTile("sailing", 2, "2 points per sailing step"),
    "shovel": RoundTile("shovel", 2, "2 points per shovel used"),
}
#: The eight round scoring tiles in the box.
ROUND_TILES: tuple[RoundKind, ...] = (
    "house",
    "house",
    "trading-post",
    "trading-post",
    "palace",
    "town",
    "sailing",
    "shovel",
)
ROUNDS = 5

#: The round scoring tiles of a first game, rounds 1 to 5.
FIRST_GAME_ROUNDS: tuple[RoundKind, ...] = ("house", "shovel", "trading-post", "town", "palace")


@dataclass(frozen=True)
class FirstGame:
    """The fixed set-up for a first game with a given player count (seat order = list order)."""

    factions: tuple[str, ...]
    bonus_tiles: tuple[str, ...]
    chosen: tuple[str, ...]
    houses: tuple[tuple[str, ...], ...]


FIRST_GAMES: dict[int, FirstGame] = {
    4: FirstGame(
        factions=("fairies", "water-sprites", "golems", "leprechauns"),
        bonus_tiles=("bonus1", "bonus2", "bonus3", "bonus4", "bonus5", "bonus6", "bonus7"),
        chosen=("bonus7", "bonus2", "bonus6", "bonus1"),
        houses=(("F5", "B5"), ("E4", "B8"), ("F7", "B11"), ("E7", "B9")),
    ),
    3: FirstGame(
        factions=("water-sprites", "golems", "sun-worshippers"),
        bonus_tiles=("bonus1", "bonus2", "bonus3", "bonus4", "bonus5", "bonus6"),
        chosen=("bonus3", "bonus1", "bonus4"),
        houses=(("E4", "B8"), ("E2", "B11"), ("E8", "C4", "G12")),
    ),
    2: FirstGame(
        factions=("fairies", "leprechauns"),
        bonus_tiles=("bonus1", "bonus2", "bonus3", "bonus4", "bonus5"),
        chosen=("bonus3", "bonus5"),
        houses=(("F5", "B3"), ("E7", "B4")),
    ),
}


@dataclass(frozen=True)
class PowerAction:
    key: str
    cost: int
    text: str


#: The six power actions on the board, each usable once a round by the whole table.
POWER_ACTIONS: dict[str, PowerAction] = {
    action.key: action
    for action in (
        PowerAction("bridge3", 3, "build a bridge"),
        PowerAction("bridge4", 4, "build a bridge"),
        PowerAction("sail", 4, "improve sailing by 1"),
        PowerAction("7money", 4, "take 7 money"),
        PowerAction("shovel", 4, "make habitable and build with 1 free shovel"),
        PowerAction("2shovels", 6, "make habitable with 2 free shovels, build on one hex"),
    )
}
#: Personal power actions from palaces: the Fairies' shovel and the Inventors' trading post.
FAIRY_SHOVEL_COST = 2
INVENTOR_POST_COST = 6
