"""Hex-grid helpers shared by the hex games.

Cells use axial coordinates (q, r) of pointy-top hexes: `r` is the row (top to bottom), `q`
grows to the right along the row and to the lower right across rows. Printable names follow
the play-by-post convention of Terra Mystica maps: the row letter (A = top row) followed by
the cell's position in its row counted from the left, starting at 1 — `E5` is the fifth cell
of the fifth row.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from .echo import shorten
from .messages import Message, msg, term


class Hex(NamedTuple):
    q: int
    r: int

    def __add__(self, other: object) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def distance(self, other: Hex) -> int:
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


#: The six directions, clockwise from east, with the names a player may use.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
    Hex(0, -1),
    Hex(1, -1),
)
DIRECTION_NAMES: tuple[str, ...] = ("e", "se", "sw", "w", "nw", "ne")

_NAME = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$")


class HexGrid:
    """A finite set of cells with neighbours, straight lines, flood fill and printable names."""

    def __init__(self, cells: Iterable[Hex]) -> None:
        self.cells: tuple[Hex, ...] = tuple(sorted(set(cells), key=lambda h: (h.r, h.q)))
        self._cell_set = frozenset(self.cells)
        rows: dict[int, list[Hex]] = {}
        for cell in self.cells:
            rows.setdefault(cell.r, []).append(cell)
        self.first_row = min(rows) if rows else 0
        self._names: dict[Hex, str] = {}
        for r, row in rows.items():
            letter = chr(ord("A") + r - self.first_row)
            for index, cell in enumerate(sorted(row, key=lambda h: h.q), start=1):
                self._names[cell] = f"{letter}{index}"
        self._by_name = {name: cell for cell, name in self._names.items()}
        self._neighbours = {
            cell: tuple(n for n in (cell + d for d in DIRECTIONS) if n in self._cell_set)
            for cell in self.cells
        }

    def __contains__(self, cell: object) -> bool:
        return cell in self._cell_set

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.cells)

    def name(self, cell: Hex) -> str:
        return self._names[cell]

    def parse(self, text: str) -> Hex | None:
        """The cell a printable name such as `e5` or `E 5` denotes, or None."""
        match = _NAME.match(text)
        if not match:
            return None
        return self._by_name.get(f"{match.group(1).upper()}{int(match.group(2))}")

    def unknown(self, name: str, what: Message | None = None) -> Message:
        """Why `name` (which `parse` did not find) names no cell (or no `what`: a
        `term(..., "board")`), for an error message."""
        rows = self.row_letters()
        return msg(
            "{name} is not a {what} of the board (rows {first}–{last}, numbered from 1 at the "
            "left of each row)",
            name=shorten(name.upper()),
            what=what or term("cell", "board"),
            first=rows[0],
            last=rows[-1],
        )

    def names(self) -> list[str]:
        return [self._names[c] for c in self.cells]

    def neighbours(self, cell: Hex) -> tuple[Hex, ...]:
        return self._neighbours[cell]

    def is_edge(self, cell: Hex) -> bool:
        """A cell with fewer than six neighbours on the grid lies on the board edge."""
        return len(self._neighbours[cell]) < 6

    def ray(self, start: Hex, direction: Hex) -> Iterator[Hex]:
        """The cells in a straight line from `start` (excluded) until the board ends."""
        cell = start + direction
        while cell in self._cell_set:
            yield cell
            cell = cell + direction

    @staticmethod
    def centre(cell: Hex, size: float) -> tuple[float, float]:
        """Pixel centre of a pointy-top hex of circumradius `size` (origin at q = r = 0)."""
        return (size * math.sqrt(3) * (cell.q + cell.r / 2), size * 1.5 * cell.r)

    def row_letters(self) -> list[str]:
        return sorted({name[0] for name in self._names.values()})


@dataclass(frozen=True)
class HexBoard:
    """A hex board's cells numbered in board order (row by row, left to right), the indices
    the rules of the hex games work on, with each cell's name and neighbours by index. A
    game's board adds what its rules look up per cell: it is built with `**vars(HexBoard.of(
    grid))` and its own fields."""

    grid: HexGrid
    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    index: dict[Hex, int]

    @staticmethod
    def of(grid: HexGrid) -> HexBoard:
        index = {cell: i for i, cell in enumerate(grid.cells)}
        neighbours = tuple(tuple(index[n] for n in grid.neighbours(cell)) for cell in grid.cells)
        return HexBoard(grid, tuple(map(grid.name, grid.cells)), neighbours, index)

    def __len__(self) -> int:
        return len(self.names)

    def cell(self, text: str) -> int | None:
        """The index of the cell named `text` (e.g. `e5`), or None."""
        cell = self.grid.parse(text)
        return None if cell is None else self.index[cell]

    def hex(self, index: int) -> Hex:
        return self.grid.cells[index]
