"""The components of Terra Nova (2022) that its guide words, read from the engine: the ten
factions, the tiles, the power actions, costs, incomes and the terrain circle."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.games.terra_nova import factions, power, state, terrain, tiles, turn

from ..book import Component


def context() -> dict[str, Any]:
    return {
        "factions": [_faction(faction) for faction in factions.FACTIONS],
        "bonus_tiles": [_bonus(tile) for tile in tiles.BONUS_TILES],
        "extra_bonus_tiles": tiles.EXTRA_BONUS_TILES,
        "town_tiles": tiles.TOWN_TILES,
        "round_tiles": [
            {"tile": tiles.ROUND_KINDS[kind], "copies": copies}
            for kind, copies in Counter(tiles.ROUND_TILES).items()
        ],
        "round_tile_count": len(tiles.ROUND_TILES),
        "first_game_rounds": [tiles.ROUND_KINDS[kind] for kind in tiles.FIRST_GAME_ROUNDS],
        "rounds": tiles.ROUNDS,
        "power_actions": list(tiles.POWER_ACTIONS.values()),
        "fairy_shovel_cost": tiles.FAIRY_SHOVEL_COST,
        "inventor_post_cost": tiles.INVENTOR_POST_COST,
        "terrains": [
            {"key": key, "letter": letter, "colour": terrain.TERRAIN_COLOURS[key]}
            for letter, key in terrain.TERRAIN_LETTERS.items()
        ],
        "circle": terrain.TERRAINS,
        "costs": {
            "house": factions.HOUSE_COST,
            "trading_post": factions.TRADING_POST_COST,
            "trading_post_neighboured": factions.TRADING_POST_COST_NEIGHBOURED,
            "palace": factions.PALACE_COST,
            "shovel": factions.SHOVEL_COST,
            "sailing": factions.SAILING_COST,
            "bridge": factions.BRIDGE_COST,
        },
        "pieces": {
            "houses": factions.HOUSES,
            "trading_posts": factions.TRADING_POSTS,
            "bridges": factions.BRIDGES,
            "power_tokens": factions.POWER_TOKENS,
            "bowls": factions.START_BOWLS,
        },
        "house_row": factions.HOUSE_ROW,
        "trading_post_row": factions.TRADING_POST_ROW,
        "sailing_points": factions.SAILING_POINTS,
        "town": {
            "value": factions.TOWN_VALUE_NEEDED,
            "value_with_palace": factions.TOWN_VALUE_WITH_PALACE,
            "buildings": factions.TOWN_BUILDINGS_NEEDED,
            "worth": {
                state.BUILDING_NAMES[code]: value for code, value in state.TOWN_VALUES.items()
            },
        },
        "network_points": turn.NETWORK_POINTS,
        "power_example": _power_example(gain=3),
    }


def _power_example(gain: int) -> dict[str, Any]:
    """What gaining `gain` power does to the starting bowls, by the engine's power cycle."""
    bowls = list(factions.START_BOWLS)
    power.gain(bowls, gain)
    return {"before": factions.START_BOWLS, "gain": gain, "after": bowls}


def _faction(faction: factions.Faction) -> Component:
    others = [t for t in terrain.TERRAINS if t != faction.home]
    return Component(
        key=faction.key,
        title=faction.name,
        aliases=(faction.german,) if faction.german != faction.name else (),
        term="faction",
        data={
            "faction": faction,
            "colour": faction.colour,
            "shovels": {t: terrain.shovels_between(t, faction.home) for t in others},
            "own_sailing": faction.sailing_points != factions.SAILING_POINTS,
        },
    )


def _bonus(tile: tiles.BonusTile) -> Component:
    number = tiles.BONUS_TILES.index(tile)
    return Component(
        key=tile.key,
        title=f"Bonus tile {number + 1}",
        aliases=(f"bonus tile {number + 1}", f"bonus {number + 1}"),
        data={"tile": tile, "letter": "ABCDEFGH"[number]},
    )
