"""Bonus tiles, town tiles, round scoring tiles, the board's power actions and the first-game
set-ups, read from `data/tiles.txt` (which says where they come from)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from engine.core import Message, from_row, one_of, read_kinds, term

from .factions import Income, parse_income

PassScoring = Literal["house", "trading-post", "palace", "sailing"]
RoundKind = Literal["house", "trading-post", "palace", "town", "sailing", "shovel"]
TownKey = Literal["6money", "8power", "sail", "9vp"]

EXTRA_BONUS_TILES = 3
ROUNDS = 5
#: Personal power actions from palaces: the Fairies' shovel and the Inventors' trading post.
FAIRY_SHOVEL_COST = 2
INVENTOR_POST_COST = 6


@dataclass(frozen=True)
class BonusTile:
    key: str
    income: Income
    text: str
    sailing_bonus: int = 0
    special_shovel: bool = False
    pass_scoring: PassScoring | None = None
    pass_points: int = 0


@dataclass(frozen=True)
class TownTile:
    key: TownKey
    points: int
    money: int = 0
    power: int = 0
    sailing: int = 0


@dataclass(frozen=True)
class RoundTile:
    kind: RoundKind
    points: int
    text: str


@dataclass(frozen=True)
class FirstGame:
    """The fixed set-up for a first game with a given player count (seat order = list order)."""

    factions: tuple[str, ...]
    bonus_tiles: tuple[str, ...]
    chosen: tuple[str, ...]
    houses: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class PowerAction:
    key: str
    cost: int
    text: str


def _round_kind(text: str) -> RoundKind:
    return one_of(text, get_args(RoundKind), "round scoring")


def _first_game(players: str, tiles: str) -> FirstGame:
    seats = [seat for seat in _DATA["first seat"] if seat[0] == players]
    return FirstGame(
        factions=tuple(faction for _, faction, _, _ in seats),
        bonus_tiles=tuple(tiles.split()),
        chosen=tuple(bonus for _, _, bonus, _ in seats),
        houses=tuple(tuple(houses.split()) for *_, houses in seats),
    )


_DATA = read_kinds(__package__, "data/tiles.txt")
_BONUS = "key income sailing_bonus special_shovel pass_scoring pass_points text"
BONUS_TILES: tuple[BonusTile, ...] = tuple(
    from_row(BonusTile, row, _BONUS, {Income: parse_income}) for row in _DATA["bonus"]
)
BONUS_BY_KEY: dict[str, BonusTile] = {tile.key: tile for tile in BONUS_TILES}
TOWN_TILES: tuple[TownTile, ...] = tuple(
    from_row(TownTile, row, "key points money power sailing") for row in _DATA["town"]
)
TOWN_BY_KEY: dict[str, TownTile] = {tile.key: tile for tile in TOWN_TILES}
_ROUNDS = [(from_row(RoundTile, row, "kind points - text"), int(row[2])) for row in _DATA["round"]]
ROUND_KINDS: dict[RoundKind, RoundTile] = {tile.kind: tile for tile, _ in _ROUNDS}
#: The eight round scoring tiles in the box.
ROUND_TILES: tuple[RoundKind, ...] = tuple(
    tile.kind for tile, copies in _ROUNDS for _ in range(copies)
)
#: The round scoring tiles of a first game, rounds 1 to 5.
FIRST_GAME_ROUNDS: tuple[RoundKind, ...] = tuple(
    map(_round_kind, _DATA["first rounds"][0][0].split())
)
FIRST_GAMES: dict[int, FirstGame] = {
    int(players): _first_game(players, tiles) for players, tiles in _DATA["first tiles"]
}
#: The six power actions on the board, each usable once a round by the whole table.
POWER_ACTIONS: dict[str, PowerAction] = {
    row[0]: from_row(PowerAction, row, "key cost text") for row in _DATA["power"]
}


def bonus_text(key: str) -> Message:
    """What a bonus tile gives, in words of the game (`6 money`, `6 Geld`)."""
    return term(BONUS_BY_KEY[key].text, "bonus tile")


def round_text(kind: str) -> Message:
    """What a round scoring tile (`house`, …) scores, in words of the game."""
    return term(ROUND_KINDS[kind].text, "round tile")  # type: ignore[index]
