"""Where everything lies in the image: the map's hexes, the three tile strips under the map,
and one card per faction in the side panel."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.core.hexgrid import DIRECTIONS, Hex, HexGrid
from render.common import SQRT3, Box, Point

from .style import HEIGHT, MAP_BOTTOM, MAP_RIGHT, MAP_TOP, PANEL_LEFT, PANEL_RIGHT

#: Space beside the map for the row letters, and above and below it for the column numbers.
LETTER_MARGIN, NUMBER_MARGIN = 40, 26
STRIP_LEFT, STRIP_CAPTION = 14, 112  # the strips' captions sit left of their tiles
STRIP_HEIGHT, STRIP_GAP = 106, 6
PANEL_TOP = 14
CARD_TOP, CARD_GAP = 96, 8


@dataclass(frozen=True)
class Cell:
    """A hex of the board as far as the static layer cares: where it is and whether it is
    river (land changes its terrain during the game, the river never does)."""

    name: str
    q: int
    r: int
    river: bool


@dataclass(frozen=True)
class MapLayout:
    radius: float  # circumradius of one hex
    centres: Mapping[str, Point]
    cells: Mapping[str, Cell]
    by_axial: Mapping[tuple[int, int], str]

    def centre(self, name: str) -> Point:
        return self.centres[name]

    def neighbour(self, name: str, direction: int) -> str | None:
        """The hex next to `name` towards DIRECTIONS[direction], or None off the board."""
        cell = self.cells[name]
        step = DIRECTIONS[direction]
        return self.by_axial.get((cell.q + step.q, cell.r + step.r))


def cells_of(view: Mapping[str, Any]) -> tuple[Cell, ...]:
    """The board's hexes from a view: hashable, so the static layer is cached per board side."""
    return tuple(Cell(h["name"], h["q"], h["r"], h["terrain"] == "river") for h in view["hexes"])


@lru_cache(maxsize=4)
def map_layout(cells: tuple[Cell, ...]) -> MapLayout:
    """Fit the board into the map area, leaving the margins for its coordinates."""
    unit = {c.name: HexGrid.centre(Hex(c.q, c.r), 1.0) for c in cells}
    xs = [x for x, _ in unit.values()]
    ys = [y for _, y in unit.values()]
    span_x = max(xs) - min(xs) + SQRT3
    span_y = max(ys) - min(ys) + 2
    width, height = MAP_RIGHT - 2 * LETTER_MARGIN, MAP_BOTTOM - MAP_TOP - 2 * NUMBER_MARGIN
    radius = min(width / span_x, height / span_y)
    left = (MAP_RIGHT - span_x * radius) / 2 + SQRT3 / 2 * radius - min(xs) * radius
    top = MAP_TOP + (MAP_BOTTOM - MAP_TOP - span_y * radius) / 2 + radius - min(ys) * radius
    return MapLayout(
        radius=radius,
        centres={name: (left + x * radius, top + y * radius) for name, (x, y) in unit.items()},
        cells={c.name: c for c in cells},
        by_axial={(c.q, c.r): c.name for c in cells},
    )


def strip_box(index: int) -> Box:
    """The box of tile strip `index` under the map: 0 round scoring, 1 power actions,
    2 bonus tiles on offer."""
    top = MAP_BOTTOM + 4 + index * (STRIP_HEIGHT + STRIP_GAP)
    return (STRIP_LEFT, top, MAP_RIGHT - 8, top + STRIP_HEIGHT)


def tile_boxes(strip: Box, count: int, widest: int) -> list[Box]:
    """`count` tiles side by side in a strip, right of its caption, none wider than `widest`."""
    left, top, right, bottom = strip
    left += STRIP_CAPTION
    top += 8
    gap = 8
    width = min(widest, (right - left - gap * (count - 1)) // max(count, 1))
    return [
        (left + i * (width + gap), top, left + i * (width + gap) + width, bottom)
        for i in range(count)
    ]


def card_box(seat: int, seats: int) -> Box:
    """The box of a seat's card in the side panel; cards share the panel's height."""
    height = min(200, (HEIGHT - PANEL_TOP - 12 - CARD_TOP - CARD_GAP * (seats - 1)) // seats)
    top = CARD_TOP + seat * (height + CARD_GAP)
    return (PANEL_LEFT + 10, top, PANEL_RIGHT - 10, top + height)


def edges_around(layout: MapLayout, names: Sequence[str]) -> list[tuple[str, int]]:
    """The (hex, direction) edges of a group of hexes that face away from the group."""
    inside = set(names)
    return [
        (name, direction)
        for name in names
        for direction in range(6)
        if layout.neighbour(name, direction) not in inside
    ]
