"""The designed data: terrain circle, both board sides, faction mats, tiles, first games."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.groups import flood
from engine.games.terra_nova.board import SIDES, Board, Side, board
from engine.games.terra_nova.factions import (
    FACTIONS,
    FACTIONS_BY_KEY,
    HOUSE_ROW,
    TRADING_POST_ROW,
)
from engine.games.terra_nova.terrain import TERRAINS, shovels_between
from engine.games.terra_nova.tiles import (
    BONUS_BY_KEY,
    BONUS_TILES,
    FIRST_GAME_ROUNDS,
    FIRST_GAMES,
    ROUND_KINDS,
    ROUND_TILES,
    TOWN_TILES,
)

PER_TERRAIN: dict[Side, int] = {"standard": 13, "duo": 11}


def land_of(b: Board, terrain: str) -> list[int]:
    return [i for i in b.land() if b.terrain[i] == terrain]


def test_terrain_circle_costs_one_or_two_shovels() -> None:
    assert shovels_between("lake", "lake") == 0
    assert shovels_between("lake", "swamp") == 1
    assert shovels_between("lake", "forest") == 1
    assert shovels_between("lake", "wasteland") == 2
    assert shovels_between("desert", "lake") == 2
    for a in TERRAINS:
        costs = Counter(shovels_between(a, b) for b in TERRAINS if b != a)
        assert costs == {1: 2, 2: 2}


@pytest.mark.parametrize("side", SIDES)
def test_every_terrain_has_the_same_number_of_hexes(side: Side) -> None:
    b = board(side)
    counts = Counter(b.terrain[i] for i in b.land())
    assert counts == {terrain: PER_TERRAIN[side] for terrain in TERRAINS}


@pytest.mark.parametrize("side", SIDES)
def test_no_two_neighbouring_hexes_share_a_terrain(side: Side) -> None:
    b = board(side)
    for i in b.land():
        assert all(b.terrain[n] != b.terrain[i] for n in b.neighbours[i]), b.names[i]


@pytest.mark.parametrize("side", SIDES)
def test_the_river_is_one_branching_water_that_splits_four_continents(side: Side) -> None:
    b = board(side)
    river = [i for i in range(len(b)) if not b.is_land(i)]
    reached = flood(river[0], lambda i: (n for n in b.neighbours[i] if not b.is_land(n)))
    assert len(reached) == len(river)
    branching = [i for i in river if sum(not b.is_land(n) for n in b.neighbours[i]) >= 3]
    assert branching
    assert sorted(set(b.continent) - {-1}) == [0, 1, 2, 3]


@pytest.mark.parametrize("side", SIDES)
def test_terrains_are_spread_fairly(side: Side) -> None:
    """Per terrain: edge hexes, river banks and hexes per continent differ by at most 2."""
    b = board(side)
    banks = {i for i in b.land() if any(not b.is_land(n) for n in b.neighbours[i])}
    for kind in (b.edge, banks):
        counts = [sum(1 for i in land_of(b, t) if i in kind) for t in TERRAINS]
        assert max(counts) - min(counts) <= 2, counts
    for continent in range(4):
        counts = [sum(1 for i in land_of(b, t) if b.continent[i] == continent) for t in TERRAINS]
        assert max(counts) - min(counts) <= 2, counts
        assert min(counts) >= 1


@pytest.mark.parametrize("side", SIDES)
def test_bridge_spots_are_land_hexes_straight_across_one_river_hex(side: Side) -> None:
    b = board(side)
    assert len(b.bridge_spots) >= 20
    assert len(set(b.bridge_spots)) == len(b.bridge_spots)
    for first, second in b.bridge_spots:
        assert b.is_land(first) and b.is_land(second)
        a, c = b.hex(first), b.hex(second)
        assert a.distance(c) == 2
        middle = b.grid.cells.index(type(a)((a.q + c.q) // 2, (a.r + c.r) // 2))
        assert (a.q + c.q) % 2 == 0 and (a.r + c.r) % 2 == 0
        assert not b.is_land(middle)
        assert b.river_distance[first][second] == 1


def test_every_straight_crossing_of_one_river_hex_is_a_bridge_spot() -> None:
    for side in SIDES:
        b = board(side)
        crossings = set()
        for i in b.land():
            for n in b.neighbours[i]:
                if b.is_land(n):
                    continue
                a, m = b.hex(i), b.hex(n)
                across = type(a)(2 * m.q - a.q, 2 * m.r - a.r)
                if across in b.grid and b.terrain[b.grid.cells.index(across)] is not None:
                    j = b.grid.cells.index(across)
                    crossings.add((min(i, j), max(i, j)))
        assert crossings == set(b.bridge_spots)


def test_duo_side_marks_four_spread_hexes_per_terrain() -> None:
    b = board("duo")
    for terrain in TERRAINS:
        marked = [i for i in b.marked if b.terrain[i] == terrain]
        assert len(marked) == 4
        assert len({b.continent[i] for i in marked}) >= 3
    assert not board("standard").marked


def test_river_distance_counts_river_hexes_between() -> None:
    b = board("standard")

    def at(name: str) -> int:
        index = b.cell(name)
        assert index is not None
        return index

    distances = b.river_distance[at("E4")]
    assert distances[at("E3")] == 0 and distances[at("F3")] == 0
    assert distances[at("C4")] == 1  # across C3/D3
    assert distances[at("F5")] == 1  # across F4
    assert at("A1") not in distances  # no river touches A1's side of the water
    assert b.river_distance[at("C11")][at("E12")] == 1


def test_names_are_row_letter_and_position() -> None:
    b = board("standard")
    assert b.names[0] == "A1" and b.cell("a1") == 0
    assert [b.names[i][0] for i in (0, len(b) - 1)] == ["A", "G"]
    assert b.cell("Z1") is None


def test_ten_factions_two_per_colour_one_per_mat_side() -> None:
    assert len(FACTIONS) == 10 and len(FACTIONS_BY_KEY) == 10
    for terrain in TERRAINS:
        mates = [f for f in FACTIONS if f.home == terrain]
        assert sorted(f.side for f in mates) == ["A", "B"]
    a_side = [f for f in FACTIONS if f.side == "A"]
    assert {f.right.ability for f in a_side} == {"town-at-6"}


def test_mats_follow_the_book() -> None:
    assert len(HOUSE_ROW) == 8 and len(TRADING_POST_ROW) == 4
    assert TRADING_POST_ROW[0].money == 3 and TRADING_POST_ROW[0].power == 1
    for faction in FACTIONS:
        assert faction.sailing_points[1] == 3
        assert 12 <= faction.start_money <= 15
    assert FACTIONS_BY_KEY["sun-worshippers"].start_houses == 3
    assert FACTIONS_BY_KEY["leprechauns"].left.income.money == 5
    assert FACTIONS_BY_KEY["fairies"].left.income.power == 3
    assert FACTIONS_BY_KEY["sea-dogs"].left.income.power == 4


def test_tiles() -> None:
    assert [t.key for t in BONUS_TILES] == [f"bonus{n}" for n in range(1, 9)]
    assert BONUS_BY_KEY["bonus3"].sailing_bonus == 1
    assert [t.points for t in TOWN_TILES] == [5, 6, 4, 9]
    assert len(ROUND_TILES) == 8 and set(ROUND_TILES) == set(ROUND_KINDS)
    assert ROUND_KINDS["shovel"].points == 2 and ROUND_KINDS["palace"].points == 5
    assert len(FIRST_GAME_ROUNDS) == 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_game_set_ups_are_legal(players: int) -> None:
    setup = FIRST_GAMES[players]
    b = board("standard")
    assert len(setup.factions) == players
    assert len(setup.bonus_tiles) == players + 3
    assert set(setup.chosen) <= set(setup.bonus_tiles) and len(set(setup.chosen)) == players
    placed: list[int] = []
    for key, houses in zip(setup.factions, setup.houses, strict=True):
        faction = FACTIONS_BY_KEY[key]
        assert len(houses) == faction.start_houses
        for name in houses:
            index = b.cell(name)
            assert index is not None and b.terrain[index] == faction.home, name
            placed.append(index)
    assert len(set(placed)) == len(placed)
    assert len({FACTIONS_BY_KEY[k].colour for k in setup.factions}) == players
