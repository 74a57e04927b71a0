"""Where everything lies in the image: the header, the cards on offer, one panel per town
(a 4×4 grid with its coordinates and a notes area) and, in a player's own image, the strip
with their monument cards below everything else."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from render.common import Box, Point

from .style import GAP, MARGIN, WIDTH

SIZE = 4  # a town is SIZE × SIZE squares
HEADER_BOTTOM = 104
OFFER_TOP, OFFER_HEIGHT = HEADER_BOTTOM + 6, 190
TOWNS_TOP = OFFER_TOP + OFFER_HEIGHT + GAP
PRIVATE_HEIGHT = 280

TOWN_HEADER = 66  # name, score and status above the grid
LABELS = 24  # the margin with the column letters (above) and row digits (left)
PAD = 10
LARGEST_CELL = 112
NOTES_BELOW = 96  # notes under the grid when the panel is too narrow for notes beside it
NARROWEST_NOTES = 200
#: Notes go beside the grid when the squares can still be this large; else below it.
SMALLEST_CELL_BESIDE = 96

#: How many towns share a row of the image, by player count: towns stay large enough to read
#: when Discord shows the image small.
COLUMNS = {1: 1, 2: 2, 3: 3, 4: 2, 5: 3, 6: 3}


@dataclass(frozen=True)
class TownPanel:
    box: Box
    grid: Point  # the top left corner of square A1
    cell: int
    notes: Box
    notes_beside: bool  # a tall column right of the grid, or a wide strip below it

    def square(self, column: int, row: int) -> Box:
        left = round(self.grid[0] + column * self.cell)
        top = round(self.grid[1] + row * self.cell)
        return (left, top, left + self.cell, top + self.cell)

    def centre(self, column: int, row: int) -> Point:
        return (
            self.grid[0] + (column + 0.5) * self.cell,
            self.grid[1] + (row + 0.5) * self.cell,
        )


@dataclass(frozen=True)
class Layout:
    width: int
    height: int  # of the public image; a private image adds PRIVATE_HEIGHT
    offer: tuple[Box, ...]
    towns: tuple[TownPanel, ...]

    @property
    def private(self) -> Box:
        return (MARGIN, self.height, self.width - MARGIN, self.height + PRIVATE_HEIGHT - MARGIN)


@cache
def layout_for(players: int, cards: int) -> Layout:
    """The layout for `players` towns and `cards` building cards on offer."""
    columns = COLUMNS.get(players, 3)
    rows = math.ceil(players / columns)
    inner = WIDTH - 2 * MARGIN
    panel_width = (inner - (columns - 1) * GAP) // columns
    cell_beside = (panel_width - 3 * PAD - LABELS - NARROWEST_NOTES) // SIZE
    notes_beside = cell_beside >= SMALLEST_CELL_BESIDE
    cell = min(
        LARGEST_CELL, cell_beside if notes_beside else (panel_width - 2 * PAD - LABELS) // SIZE
    )
    grid_width = LABELS + SIZE * cell
    panel_height = TOWN_HEADER + grid_width + PAD + (0 if notes_beside else NOTES_BELOW)
    towns: list[TownPanel] = []
    for seat in range(players):
        row, column = divmod(seat, columns)
        in_row = min(columns, players - row * columns)
        row_width = in_row * panel_width + (in_row - 1) * GAP
        left = MARGIN + (inner - row_width) // 2 + column * (panel_width + GAP)
        top = TOWNS_TOP + row * (panel_height + GAP)
        box = (left, top, left + panel_width, top + panel_height)
        grid = (left + PAD + LABELS, top + TOWN_HEADER + LABELS)
        grid_right = round(grid[0]) + SIZE * cell
        grid_bottom = round(grid[1]) + SIZE * cell
        if notes_beside:
            notes = (grid_right + 2 * PAD, top + TOWN_HEADER, box[2] - PAD, box[3] - PAD)
        else:
            notes = (left + PAD, grid_bottom + PAD, box[2] - PAD, box[3] - PAD)
        towns.append(TownPanel(box, grid, cell, notes, notes_beside))
    card_width = (inner - (cards - 1) * 8) // max(cards, 1)
    offer = tuple(
        (
            MARGIN + index * (card_width + 8),
            OFFER_TOP,
            MARGIN + index * (card_width + 8) + card_width,
            OFFER_TOP + OFFER_HEIGHT,
        )
        for index in range(cards)
    )
    height = TOWNS_TOP + rows * panel_height + (rows - 1) * GAP + MARGIN
    return Layout(WIDTH, height, offer, tuple(towns))
