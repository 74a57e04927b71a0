"""Where each cell of the board lies in the image."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.hexgrid import DIRECTIONS, Hex, HexGrid
from render.common import SQRT3, Point

from .style import BOARD_RIGHT, HEIGHT


@dataclass(frozen=True)
class Cell:
    name: str
    q: int
    r: int
    landscape: str


@dataclass(frozen=True)
class BoardLayout:
    """Cell centres in image pixels, and the neighbours of each cell by direction."""

    radius: float  # circumradius of one hex
    centres: Mapping[str, Point]
    cells: Mapping[str, Cell]
    by_axial: Mapping[tuple[int, int], str]

    def centre(self, name: str) -> Point:
        return self.centres[name]

    def neighbour(self, name: str, direction: int) -> str | None:
        """The cell next to `name` towards DIRECTIONS[direction], or None off the board."""
        cell = self.cells[name]
        step = DIRECTIONS[direction]
        return self.by_axial.get((cell.q + step.q, cell.r + step.r))


def cells_of(view: Mapping[str, Any]) -> tuple[Cell, ...]:
    """The board's cells from a view: hashable, so cached layers can be keyed by them."""
    return tuple(Cell(c["name"], c["q"], c["r"], c["landscape"]) for c in view["cells"])


def layout_for(cells: Sequence[Cell]) -> BoardLayout:
    """Fit the island into the board part of the image, leaving margins for row letters."""
    unit = {c.name: HexGrid.centre(Hex(c.q, c.r), 1.0) for c in cells}
    xs = [x for x, _ in unit.values()]
    ys = [y for _, y in unit.values()]
    span_x = max(xs) - min(xs) + SQRT3
    span_y = max(ys) - min(ys) + 2
    label_margin, top_margin = 46, 24
    radius = min((BOARD_RIGHT - 2 * label_margin) / span_x, (HEIGHT - 2 * top_margin) / span_y)
    left = (BOARD_RIGHT - span_x * radius) / 2 + SQRT3 / 2 * radius - min(xs) * radius
    top = (HEIGHT - span_y * radius) / 2 + radius - min(ys) * radius
    centres = {name: (left + x * radius, top + y * radius) for name, (x, y) in unit.items()}
    return BoardLayout(
        radius=radius,
        centres=centres,
        cells={c.name: c for c in cells},
        by_axial={(c.q, c.r): c.name for c in cells},
    )
