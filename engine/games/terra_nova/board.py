"""The two board sides, loaded from `data/<side>.txt`, with per-hex lookups precomputed.

Hexes are numbered in board order (row by row, left to right), rivers included; every rule
works on these indices. A land hex has a terrain; a river hex has none. Continents are the
land masses the river splits the board into. `river_distance[a][b]` is the fewest river hexes
a ship crosses from land hex `a` to land hex `b` (0 for neighbours), which is what sailing
reach is measured in; `within(a, d)` the land hexes at most `d` river hexes from `a` (reach
with sailing value `d`), precomputed.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Literal

from engine.core import BoardFile, HexBoard, HexGrid, components, read_board, read_text

from .terrain import TERRAIN_LETTERS, Terrain

Side = Literal["standard", "duo"]
SIDES: tuple[Side, ...] = ("standard", "duo")
RIVER = "~"
_BRIDGES = "bridges"


def parse_layout(text: str) -> BoardFile:
    """Read a board file (format: engine/core/boardfile.py; each `data/*.txt` explains its
    letters): terrain letters, lower case for marked hexes, `~` for river, and a `bridges:`
    line of bridge spots such as `A6-A8`."""
    letters = {RIVER, *TERRAIN_LETTERS, *(letter.lower() for letter in TERRAIN_LETTERS)}
    return read_board(text, letters, lists=(_BRIDGES,))


@dataclass(frozen=True)
class Board(HexBoard):
    """One board side's hexes (engine.core.HexBoard) with everything the rules look up per hex,
    by hex index."""

    side: Side
    terrain: tuple[Terrain | None, ...]
    edge: frozenset[int]
    continent: tuple[int, ...]
    bridge_spots: tuple[tuple[int, int], ...]
    #: Per hex, the bridge spots (as indices into `bridge_spots`) that touch it.
    bridge_spots_at: tuple[tuple[int, ...], ...]
    marked: frozenset[int]
    river_distance: tuple[dict[int, int], ...]
    land_hexes: tuple[int, ...]
    land_neighbours: tuple[tuple[int, ...], ...]
    #: Per hex, the land hexes at most 0, 1, 2, … river hexes away, up to the farthest.
    reachable: tuple[tuple[frozenset[int], ...], ...]

    @classmethod
    def from_layout(cls, side: Side, layout: BoardFile) -> Board:
        hexes = HexBoard.of(HexGrid(layout.letters))
        grid, names, neighbours = hexes.grid, hexes.names, hexes.neighbours
        letters = [layout.letters[cell] for cell in grid.cells]
        terrain = tuple(
            None if letter == RIVER else TERRAIN_LETTERS[letter.upper()] for letter in letters
        )
        distances = tuple(
            _river_distances(terrain, neighbours, start) for start in range(len(terrain))
        )
        farthest = max(d for far in distances for d in far.values())
        spots = [
            sorted(names.index(name) for name in spot.split("-"))
            for spot in layout.lists.get(_BRIDGES, [])
        ]
        return cls(
            **vars(hexes),
            side=side,
            terrain=terrain,
            edge=frozenset(i for i, cell in enumerate(grid.cells) if grid.is_edge(cell)),
            continent=_continents(terrain, neighbours),
            bridge_spots=tuple((a, b) for a, b in spots),
            bridge_spots_at=tuple(
                tuple(i for i, spot in enumerate(spots) if h in spot) for h in range(len(terrain))
            ),
            marked=frozenset(i for i, letter in enumerate(letters) if letter.islower()),
            river_distance=distances,
            land_hexes=tuple(i for i, kind in enumerate(terrain) if kind is not None),
            land_neighbours=tuple(
                tuple(n for n in around if terrain[n] is not None) for around in neighbours
            ),
            reachable=tuple(
                tuple(frozenset(h for h, d in far.items() if d <= r) for r in range(farthest + 1))
                for far in distances
            ),
        )

    def within(self, hex_: int, reach: int) -> frozenset[int]:
        """The land hexes at most `reach` river hexes from `hex_` (its land neighbours too)."""
        levels = self.reachable[hex_]
        return levels[min(reach, len(levels) - 1)]

    def is_land(self, index: int) -> bool:
        return self.terrain[index] is not None

    def land(self) -> tuple[int, ...]:
        return self.land_hexes


def _continents(
    terrain: tuple[Terrain | None, ...], neighbours: tuple[tuple[int, ...], ...]
) -> tuple[int, ...]:
    """Each land hex's continent number (0, 1, … in board order); -1 for river hexes."""
    found = [-1] * len(terrain)
    land = [h for h, kind in enumerate(terrain) if kind is not None]
    for number, continent in enumerate(components(land, neighbours.__getitem__)):
        for h in continent:
            found[h] = number
    return tuple(found)


def _river_distances(
    terrain: tuple[Terrain | None, ...], neighbours: tuple[tuple[int, ...], ...], start: int
) -> dict[int, int]:
    """River hexes to cross from land hex `start` to every other land hex reachable by water.

    Neighbouring land hexes lie 0 apart; a ship moves from river hex to river hex, so a land
    hex that borders a river hex `k` steps into the river lies `k` apart.
    """
    if terrain[start] is None:
        return {}
    result: dict[int, int] = {n: 0 for n in neighbours[start] if terrain[n] is not None}
    river: dict[int, int] = {n: 1 for n in neighbours[start] if terrain[n] is None}
    queue = deque(river)
    while queue:
        here = queue.popleft()
        for n in neighbours[here]:
            if terrain[n] is None:
                if n not in river:
                    river[n] = river[here] + 1
                    queue.append(n)
            elif n != start and river[here] < result.get(n, len(terrain)):
                result[n] = river[here]
    return result


@cache
def board(side: Side) -> Board:
    """The board side `side` ("standard" for 2–4 players, "duo" for the 2-player variants)."""
    return Board.from_layout(side, parse_layout(read_text(__package__, f"data/{side}.txt")))
