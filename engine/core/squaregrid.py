"""Square-grid helpers for games on a board of squares (as `hexgrid.py` is for hex boards).

Squares are indexed row by row from the top left. A square's name is its column letter (`A`
from the left) followed by its row number (`1` at the top): on a 4×4 grid index 6 is `C2`.
"""

from __future__ import annotations

from collections.abc import Iterable

#: A pattern as rows of cells, top to bottom (None: no square there).
Shape = tuple[tuple[str | None, ...], ...]
#: A pattern laid on squares: (row, column, what lies there), sorted.
Pattern = tuple[tuple[int, int, str], ...]


class SquareGrid:
    """A `width` × `height` grid: square names, neighbourhoods, rows and columns (per square,
    as tuples of square indices)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.size = width * height
        squares = range(self.size)
        self.names: tuple[str, ...] = tuple(
            f"{chr(65 + i % width)}{i // width + 1}" for i in squares
        )
        self._index = {name.lower(): i for i, name in enumerate(self.names)}
        #: Orthogonal neighbours, and all (up to) eight surrounding squares.
        self.adjacent = tuple(self.around(i, diagonal=False) for i in squares)
        self.surrounding = tuple(self.around(i, diagonal=True) for i in squares)
        #: The other squares of a square's row, and of its column.
        self.row = tuple(
            tuple(i - i % width + c for c in range(width) if c != i % width) for i in squares
        )
        self.column = tuple(
            tuple(r * width + i % width for r in range(height) if r != i // width) for i in squares
        )

    def square(self, text: str) -> int | None:
        """The index of a square name such as `b2` or `B 2`, or None."""
        return self._index.get("".join(text.split()).lower())

    def names_of(self, squares: Iterable[int]) -> str:
        """Square names in alphabetical order, spaced (`A1 A2 B2`)."""
        return " ".join(sorted(self.names[i] for i in squares))

    def placements(self, shape: Shape) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
        """Every way a pattern (rows of cells, None: no square) lies on the grid, turned and
        mirrored as it may be: its squares in index order and what each must hold, aligned;
        sorted, each once (a symmetric pattern lies the same way more than once)."""
        found: set[tuple[tuple[int, ...], tuple[str, ...]]] = set()
        for pattern in orientations(shape):
            height = 1 + max(r for r, _, _ in pattern)
            width = 1 + max(c for _, c, _ in pattern)
            for top in range(self.height - height + 1):
                for left in range(self.width - width + 1):
                    laid = sorted(((top + r) * self.width + left + c, x) for r, c, x in pattern)
                    found.add((tuple(i for i, _ in laid), tuple(x for _, x in laid)))
        return sorted(found)

    def around(self, index: int, diagonal: bool) -> tuple[int, ...]:
        """The orthogonal neighbours of a square, or all surrounding squares if `diagonal`."""
        row, col = divmod(index, self.width)
        found = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                    continue
                r, c = row + dr, col + dc
                if 0 <= r < self.height and 0 <= c < self.width:
                    found.append(r * self.width + c)
        return tuple(found)


def orientations(shape: Shape) -> set[Pattern]:
    """The distinct rotations and mirror images of a pattern given as rows of cells (None: no
    square), each as its sorted (row, column, cell), moved to the top left."""
    cells = [(r, c, x) for r, row in enumerate(shape) for c, x in enumerate(row) if x]
    found = set()
    for mirror in (False, True):
        current = [(r, -c if mirror else c, x) for r, c, x in cells]
        for _ in range(4):
            current = [(c, -r, x) for r, c, x in current]  # a quarter turn
            top = min(r for r, _, _ in current)
            left = min(c for _, c, _ in current)
            found.add(tuple(sorted((r - top, c - left, x) for r, c, x in current)))
    return found
