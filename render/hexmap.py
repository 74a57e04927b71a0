"""Hex boards in an image: where each hex's centre lies and which hex is next to which.

Both Terra Nova renderers fit their board into a box of the image the same way; the cells
they keep per hex differ (a landscape, or whether it is river), so the layout is generic in
its cell type.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from engine.core.hexgrid import DIRECTIONS, Hex, HexGrid
from render.common import SQRT3, Box, Point


class AxialCell(Protocol):
    """A board hex as a renderer keeps it: its printed name and axial coordinates."""

    @property
    def name(self) -> str: ...
    @property
    def q(self) -> int: ...
    @property
    def r(self) -> int: ...


C = TypeVar("C", bound=AxialCell)


@dataclass(frozen=True)
class HexLayout(Generic[C]):
    """Hex centres in image pixels, the cells by name, and neighbours by direction."""

    radius: float  # circumradius of one hex
    centres: Mapping[str, Point]
    cells: Mapping[str, C]
    by_axial: Mapping[tuple[int, int], str]

    def centre(self, name: str) -> Point:
        return self.centres[name]

    def neighbour(self, name: str, direction: int) -> str | None:
        """The hex next to `name` towards DIRECTIONS[direction], or None off the board."""
        cell = self.cells[name]
        step = DIRECTIONS[direction]
        return self.by_axial.get((cell.q + step.q, cell.r + step.r))

    def edges_around(self, names: Sequence[str]) -> list[tuple[str, int]]:
        """The (hex, direction) edges of a group of hexes that face away from the group."""
        inside = set(names)
        return [
            (name, direction)
            for name in names
            for direction in range(6)
            if self.neighbour(name, direction) not in inside
        ]


def fit_hexes(cells: Sequence[C], box: Box) -> HexLayout[C]:
    """The largest pointy-top layout of `cells` that fits `box`, centred in it."""
    unit = {c.name: HexGrid.centre(Hex(c.q, c.r), 1.0) for c in cells}
    xs = [x for x, _ in unit.values()]
    ys = [y for _, y in unit.values()]
    span_x = max(xs) - min(xs) + SQRT3
    span_y = max(ys) - min(ys) + 2
    left, top, right, bottom = box
    radius = min((right - left) / span_x, (bottom - top) / span_y)
    x0 = (left + right - span_x * radius) / 2 + SQRT3 / 2 * radius - min(xs) * radius
    y0 = (top + bottom - span_y * radius) / 2 + radius - min(ys) * radius
    return HexLayout(
        radius=radius,
        centres={name: (x0 + x * radius, y0 + y * radius) for name, (x, y) in unit.items()},
        cells={c.name: c for c in cells},
        by_axial={(c.q, c.r): c.name for c in cells},
    )
