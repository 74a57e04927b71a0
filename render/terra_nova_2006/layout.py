"""Where each cell of the board lies in the image."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.games.terra_nova_2006.view import TerraNova2006View
from render.hexmap import HexLayout, fit_hexes

from .style import BOARD_RIGHT, LEGEND_TOP


@dataclass(frozen=True)
class Cell:
    name: str
    q: int
    r: int
    landscape: str


BoardLayout = HexLayout[Cell]


def cells_of(view: TerraNova2006View | Mapping[str, Any]) -> tuple[Cell, ...]:
    """The board's cells from a view: hashable, so cached layers can be keyed by them."""
    cells = TerraNova2006View.of(view).cells
    return tuple(Cell(c.name, c.q, c.r, c.landscape) for c in cells)


def layout_for(cells: Sequence[Cell]) -> BoardLayout:
    """Fit the island into the board part of the image above the legend, leaving margins
    for the row letters."""
    label_margin, top_margin = 36, 14
    return fit_hexes(cells, (label_margin, top_margin, BOARD_RIGHT - label_margin, LEGEND_TOP))
