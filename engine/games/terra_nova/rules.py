"""Questions the rules ask of a state: adjacency, reach, costs, income, towns. No changes here."""

from __future__ import annotations

from functools import cache

from engine.core import components, positions

from .board import Board
from .factions import (
    FACTIONS_BY_KEY,
    HOUSE_ROW,
    TOWN_AT_SIX,
    TOWN_BUILDINGS_NEEDED,
    TOWN_VALUE_NEEDED,
    TOWN_VALUE_WITH_PALACE,
    TRADING_POST_COST,
    TRADING_POST_COST_NEIGHBOURED,
    TRADING_POST_ROW,
    Faction,
    Income,
)
from .state import FREE, HOUSE, NO_BUILDING, TOWN_VALUES, TRADING_POST, TerraNovaState
from .terrain import TERRAIN_LETTERS, Terrain, shovels_between
from .tiles import BONUS_BY_KEY, FAIRY_SHOVEL_COST, INVENTOR_POST_COST, POWER_ACTIONS


def faction(state: TerraNovaState, seat: int) -> Faction:
    return FACTIONS_BY_KEY[state.seats[seat].faction]


def terrain_at(state: TerraNovaState, hex_: int) -> Terrain | None:
    letter = state.terrain[hex_]
    return TERRAIN_LETTERS.get(letter)


def adjacent(board: Board, state: TerraNovaState, hex_: int) -> set[int]:
    """Land hexes next to `hex_`: sharing a side, or joined to it by a bridge."""
    found = set(board.land_neighbours[hex_])
    for a, b, _ in state.bridges:
        if a == hex_:
            found.add(b)
        elif b == hex_:
            found.add(a)
    return found


def buildings_of(state: TerraNovaState, seat: int) -> list[int]:
    """The seat's buildings in board order."""
    return positions(state.owner, seat)


def count(state: TerraNovaState, seat: int, kind: str) -> int:
    building = state.building
    return sum(1 for h in buildings_of(state, seat) if building[h] == kind)


def sailing_reach(state: TerraNovaState, seat: int) -> int:
    """The seat's sailing value now: the track plus 1 from bonus tile 3 during actions."""
    bonus = BONUS_BY_KEY[state.seats[seat].bonus].sailing_bonus if state.seats[seat].bonus else 0
    return state.seats[seat].sailing + (bonus if state.phase == "actions" else 0)


def in_reach(
    board: Board, state: TerraNovaState, seat: int, buildings: list[int] | None = None
) -> set[int]:
    """Land hexes in reach of the seat's buildings (given, or looked up): adjacent or over at
    most `sailing` river."""
    owner, levels = state.owner, board.reachable
    reach = min(sailing_reach(state, seat), len(levels[0]) - 1)  # (as Board.within)
    found: set[int] = set()
    for home in buildings_of(state, seat) if buildings is None else buildings:
        found |= levels[home][reach]
    for a, b, _ in state.bridges:  # (a building's land neighbours are within any reach)
        if owner[a] == seat:
            found.add(b)
        if owner[b] == seat:
            found.add(a)
    return found


def other_faction_next_to(board: Board, state: TerraNovaState, seat: int, hex_: int) -> bool:
    return any(state.owner[n] not in (FREE, seat) for n in adjacent(board, state, hex_))


def trading_post_cost(board: Board, state: TerraNovaState, seat: int, hex_: int) -> int:
    neighboured = other_faction_next_to(board, state, seat, hex_)
    if has_palace_ability(state, seat, "cheap-trading-posts"):
        return 5 if neighboured else 7
    return TRADING_POST_COST_NEIGHBOURED if neighboured else TRADING_POST_COST


def shovels_needed(state: TerraNovaState, seat: int, hex_: int) -> int:
    """Shovels the seat needs to make the land hex `hex_` its home terrain."""
    one_shovel = has_palace_ability(state, seat, "one-shovel")
    return shovel_table(faction(state, seat).home, one_shovel)[state.terrain[hex_]]


@cache
def shovel_table(home: Terrain, one_shovel: bool) -> dict[str, int]:
    """Shovels from each terrain (by letter) to `home`; with the Golems' left palace
    (`one_shovel`) a terrain that needs 2 needs only 1."""
    needs = {letter: shovels_between(terrain, home) for letter, terrain in TERRAIN_LETTERS.items()}
    return {letter: 1 if need == 2 and one_shovel else need for letter, need in needs.items()}


def power_cost(state: TerraNovaState, seat: int, key: str) -> int:
    """What the power action `key` costs the seat (see `board_power_costs`)."""
    if key == "fairy":
        return FAIRY_SHOVEL_COST
    if key == "tp":
        return INVENTOR_POST_COST
    return board_power_costs(state.seats[seat].faction)[key]


@cache
def board_power_costs(faction: str) -> dict[str, int]:
    """What each of the board's power actions costs a faction, in the board's order: the Fire
    Sprites pay 1 less."""
    discount = 1 if faction == "fire-sprites" else 0
    return {key: action.cost - discount for key, action in POWER_ACTIONS.items()}


def has_palace_ability(state: TerraNovaState, seat: int, ability: str) -> bool:
    palaces = state.seats[seat].palaces
    if not palaces:
        return False
    mine = faction(state, seat)
    return any(mine.palace(side).ability == ability for side in palaces)


def income(state: TerraNovaState, seat: int) -> Income:
    """Phase 1 income: uncovered scrolls, palaces, the Fairies' ability and the bonus tile."""
    player = state.seats[seat]
    mine = faction(state, seat)
    parts = list(HOUSE_ROW[: count(state, seat, HOUSE)])
    parts += TRADING_POST_ROW[: count(state, seat, TRADING_POST)]
    parts += [mine.palace(side).income for side in player.palaces]
    if mine.key == "fairies":
        parts.append(Income(power=2))
    if player.bonus:
        parts.append(BONUS_BY_KEY[player.bonus].income)
    return Income(sum(p.money for p in parts), sum(p.power for p in parts))


def town_value_needed(state: TerraNovaState, seat: int) -> int:
    if has_palace_ability(state, seat, TOWN_AT_SIX):
        return TOWN_VALUE_WITH_PALACE
    return TOWN_VALUE_NEEDED


def groups(board: Board, state: TerraNovaState, among: set[int]) -> list[set[int]]:
    """Connected groups (adjacency and bridges) of the hexes `among`."""
    return components(sorted(among), lambda hex_: adjacent(board, state, hex_))


def outside_towns(state: TerraNovaState, seat: int) -> set[int]:
    """The seat's buildings that belong to none of its towns."""
    in_towns = {h for town in state.towns if town.seat == seat for h in town.hexes}
    return {h for h in buildings_of(state, seat) if h not in in_towns}


def town_value(state: TerraNovaState, group: set[int]) -> int:
    return sum(TOWN_VALUES[state.building[h]] for h in group)


def is_town(state: TerraNovaState, seat: int, group: set[int]) -> bool:
    """At least 4 buildings whose town values add up to what the seat needs (7, or 6)."""
    return len(group) >= TOWN_BUILDINGS_NEEDED and town_value(state, group) >= (
        town_value_needed(state, seat)
    )


def new_towns(board: Board, state: TerraNovaState, seat: int) -> list[set[int]]:
    """Groups of the seat's buildings outside any town that now qualify as a town (founded
    automatically; the Sea Dogs' towns across the river are their choice, see `river_town`)."""
    outside = outside_towns(state, seat)
    if not is_town(state, seat, outside):  # (no part of them can be a town either)
        return []
    return [group for group in groups(board, state, outside) if is_town(state, seat, group)]


def banks_of(
    board: Board,
    state: TerraNovaState,
    seat: int,
    river: int,
    outside: list[set[int]] | None = None,
) -> list[set[int]]:
    """The groups of the seat's buildings outside towns (given, or found) that touch the river
    hex `river`. Two such groups lie across `river` from each other (on one bank they would
    be one group); the Sea Dogs may join them into one town (`town across <river hex>`)."""
    near = set(board.neighbours[river])
    found = groups(board, state, outside_towns(state, seat)) if outside is None else outside
    return [group for group in found if group & near]


def largest_network(board: Board, state: TerraNovaState, seat: int) -> int:
    """Buildings in the seat's largest group connected by reach (sailing without bonus tile)."""
    reach = state.seats[seat].sailing

    def near(hex_: int) -> set[int]:
        return adjacent(board, state, hex_) | board.within(hex_, reach)

    return max((len(g) for g in components(buildings_of(state, seat), near)), default=0)


def is_free_land(board: Board, state: TerraNovaState, hex_: int) -> bool:
    return board.is_land(hex_) and state.building[hex_] == NO_BUILDING
