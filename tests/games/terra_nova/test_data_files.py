"""Terra Nova's content as data: the faction mats and tiles that factions.py and tiles.py
read from data/*.txt equal, value for value and type for type, what the Python code defined
before they were moved there."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.terra_nova import factions, tiles
from engine.games.terra_nova.factions import TOWN_AT_SIX, Faction, Income, Palace
from engine.games.terra_nova.tiles import (
    BonusTile,
    FirstGame,
    PowerAction,
    RoundKind,
    RoundTile,
    TownTile,
)

EXPECTED_HOUSE_ROW: tuple[Income, ...] = (
    Income(money=2),
    Income(money=2),
    Income(money=2),
    Income(money=2),
    Income(money=3),
    Income(money=3),
    Income(money=3),
    Income(),
)

EXPECTED_TRADING_POST_ROW: tuple[Income, ...] = (
    Income(money=3, power=1),
    Income(money=3, power=1),
    Income(money=3, power=2),
    Income(money=4, power=2),
)

TOWN_AT_SIX_PALACE = Palace(
    Income(),
    TOWN_AT_SIX,
    "a town needs a value of only 6 (still at least 4 buildings); may found towns at once",
)

EXPECTED_FACTIONS: tuple[Faction, ...] = (
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
        right=TOWN_AT_SIX_PALACE,
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
        right=TOWN_AT_SIX_PALACE,
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
        right=TOWN_AT_SIX_PALACE,
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
        right=TOWN_AT_SIX_PALACE,
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
        right=TOWN_AT_SIX_PALACE,
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

EXPECTED_BONUS_TILES: tuple[BonusTile, ...] = (
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

EXPECTED_TOWN_TILES: tuple[TownTile, ...] = (
    TownTile("6money", points=5, money=6),
    TownTile("8power", points=6, power=8),
    TownTile("sail", points=4, sailing=1),
    TownTile("9vp", points=9),
)

EXPECTED_ROUND_KINDS: dict[RoundKind, RoundTile] = {
    "house": RoundTile("house", 2, "2 points per house built"),
    "trading-post": RoundTile("trading-post", 3, "3 points per house upgraded to a trading post"),
    "palace": RoundTile("palace", 5, "5 points per trading post upgraded to a palace"),
    "town": RoundTile("town", 5, "5 points per town founded"),
    "sailing": RoundTile("sailing", 2, "2 points per sailing step"),
    "shovel": RoundTile("shovel", 2, "2 points per shovel used"),
}

EXPECTED_ROUND_TILES: tuple[RoundKind, ...] = (
    "house",
    "house",
    "trading-post",
    "trading-post",
    "palace",
    "town",
    "sailing",
    "shovel",
)

EXPECTED_FIRST_GAME_ROUNDS: tuple[RoundKind, ...] = (
    "house",
    "shovel",
    "trading-post",
    "town",
    "palace",
)

EXPECTED_FIRST_GAMES: dict[int, FirstGame] = {
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

EXPECTED_POWER_ACTIONS: dict[str, PowerAction] = {
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


EXPECTED: dict[str, Any] = {
    "HOUSE_ROW": EXPECTED_HOUSE_ROW,
    "TRADING_POST_ROW": EXPECTED_TRADING_POST_ROW,
    "FACTIONS": EXPECTED_FACTIONS,
    "BONUS_TILES": EXPECTED_BONUS_TILES,
    "TOWN_TILES": EXPECTED_TOWN_TILES,
    "ROUND_KINDS": EXPECTED_ROUND_KINDS,
    "ROUND_TILES": EXPECTED_ROUND_TILES,
    "FIRST_GAME_ROUNDS": EXPECTED_FIRST_GAME_ROUNDS,
    "FIRST_GAMES": EXPECTED_FIRST_GAMES,
    "POWER_ACTIONS": EXPECTED_POWER_ACTIONS,
}


def loaded(name: str) -> Any:
    return getattr(factions if hasattr(factions, name) else tiles, name)


@pytest.mark.parametrize("name", EXPECTED)
def test_the_data_files_give_the_values_the_code_gave(name: str) -> None:
    """Equal, and written alike: `repr` tells a tuple from a list and an int from a bool."""
    assert loaded(name) == EXPECTED[name]
    assert repr(loaded(name)) == repr(EXPECTED[name])


def test_the_lookups_follow_the_data() -> None:
    assert {f.key: f for f in EXPECTED_FACTIONS} == factions.FACTIONS_BY_KEY
    assert {t.key: t for t in EXPECTED_BONUS_TILES} == tiles.BONUS_BY_KEY
    assert {t.key: t for t in EXPECTED_TOWN_TILES} == tiles.TOWN_BY_KEY
    assert list(factions.FACTIONS_BY_KEY) == [f.key for f in EXPECTED_FACTIONS]
