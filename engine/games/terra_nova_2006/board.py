"""The Terra Nova (2006) island, loaded from `board.txt`, with per-cell lookups precomputed.

Cells are numbered 0..167 in board order (row by row, left to right); every rule works on
these indices. Neighbours and the straight lines in the six directions are computed once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.core import DIRECTIONS, Hex, HexGrid, read_board

#: Landscape letters on the board file and image, and their keys in views.
LANDSCAPES: dict[str, str] = {
    "F": "forest",
    "G": "grassland",
    "S": "steppe",
    "L": "lake",
    "H": "hills",
    "C": "cropland",
    "R": "rock",
    "M": "moor",
}
LANDSCAPE_KEYS: tuple[str, ...] = tuple(LANDSCAPES.values())


def parse_layout(text: str) -> dict[Hex, str]:
    """The landscape letter of every cell of a board file (format: engine/core/boardfile.py)."""
    return read_board(text, LANDSCAPES, what="landscape letter").letters


@dataclass(frozen=True)
class Board:
    """A board's cells with everything the rules look up per cell, by cell index."""

    grid: HexGrid
    names: tuple[str, ...]
    landscape: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    index: dict[Hex, int]

    @classmethod
    def from_layout(cls, layout: dict[Hex, str]) -> Board:
        grid = HexGrid(layout)
        index = {cell: i for i, cell in enumerate(grid.cells)}
        letters = list(LANDSCAPES)
        return cls(
            grid=grid,
            names=tuple(grid.name(cell) for cell in grid.cells),
            landscape=tuple(letters.index(layout[cell]) for cell in grid.cells),
            neighbours=tuple(tuple(index[n] for n in grid.neighbours(cell)) for cell in grid.cells),
            rays=tuple(
                tuple(tuple(index[c] for c in grid.ray(cell, d)) for d in DIRECTIONS)
                for cell in grid.cells
            ),
            index=index,
        )

    def __len__(self) -> int:
        return len(self.names)

    def cell(self, text: str) -> int | None:
        """The index of the cell named `text` (e.g. `e5`), or None."""
        cell = self.grid.parse(text)
        return None if cell is None else self.index[cell]

    def hex(self, index: int) -> Hex:
        return self.grid.cells[index]

    def landscape_key(self, index: int) -> str:
        return LANDSCAPE_KEYS[self.landscape[index]]


@cache
def standard_board() -> Board:
    """The island every game is played on."""
    text = resources.files(__package__).joinpath("board.txt").read_text(encoding="utf-8")
    return Board.from_layout(parse_layout(text))
