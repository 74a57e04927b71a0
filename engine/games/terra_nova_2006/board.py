"""The Terra Nova (2006) island, loaded from `board.txt`, with per-cell lookups precomputed.

Cells are numbered 0..167 in board order (row by row, left to right); every rule works on
these indices. Names, neighbours and the straight lines in the six directions are computed
once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core import DIRECTIONS, Hex, HexBoard, HexGrid, read_board, read_text

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
class Board(HexBoard):
    """The island's cells (engine.core.HexBoard) with their landscapes and straight lines."""

    landscape: tuple[int, ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]

    @classmethod
    def from_layout(cls, layout: dict[Hex, str]) -> Board:
        cells = HexBoard.of(HexGrid(layout))
        grid, index, letters = cells.grid, cells.index, list(LANDSCAPES)
        return cls(
            **vars(cells),
            landscape=tuple(letters.index(layout[cell]) for cell in grid.cells),
            rays=tuple(
                tuple(tuple(index[c] for c in grid.ray(cell, d)) for d in DIRECTIONS)
                for cell in grid.cells
            ),
        )

    def landscape_key(self, index: int) -> str:
        return LANDSCAPE_KEYS[self.landscape[index]]


@cache
def standard_board() -> Board:
    """The island every game is played on."""
    return Board.from_layout(parse_layout(read_text(__package__, "board.txt")))
