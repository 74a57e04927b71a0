"""Where each cell of the board lies in the image."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from engine.games.terra_nova_2006.view import TerraNova2006View
from render.hexmap import HexLayout, fit_hexes

from .style import BOARD_RIGHT, LEGEND_TOP


class Cell(NamedTuple):
    """A board cell as the cached layers are keyed by it: a named tuple, so that hashing and
    comparing a board's 168 cells runs in C (as frozen dataclasses they cost a Python call
    each, some 0.3 ms per new stone late in a game, when a kept board is grown)."""

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
