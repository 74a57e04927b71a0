"""The island's shape and landscape layout (see docs/games/terra-nova-2006.md)."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from engine.core import Hex
from engine.games.terra_nova_2006.board import (
    LANDSCAPE_KEYS,
    Board,
    parse_layout,
    standard_board,
)


def patches(board: Board) -> dict[str, list[list[int]]]:
    """The connected same-landscape groups of cells, per landscape key."""
    found: dict[str, list[list[int]]] = {key: [] for key in LANDSCAPE_KEYS}
    seen: set[int] = set()
    for cell in range(len(board)):
        if cell in seen:
            continue
        kind = board.landscape[cell]
        group, stack = [cell], [cell]
        seen.add(cell)
        while stack:
            for n in board.neighbours[stack.pop()]:
                if n not in seen and board.landscape[n] == kind:
                    seen.add(n)
                    group.append(n)
                    stack.append(n)
        found[LANDSCAPE_KEYS[kind]].append(group)
    return found


def test_board_has_168_cells_and_21_of_each_landscape() -> None:
    board = standard_board()
    assert len(board) == 168
    counts = Counter(board.landscape_key(i) for i in range(len(board)))
    assert counts == dict.fromkeys(LANDSCAPE_KEYS, 21)
    assert len(LANDSCAPE_KEYS) == 8


def test_every_landscape_lies_in_three_patches_of_five_to_nine_cells() -> None:
    # Patches are maximal connected groups, so two patches of one landscape never touch.
    for key, groups in patches(standard_board()).items():
        assert len(groups) == 3, key
        assert all(5 <= len(group) <= 9 for group in groups), (key, [len(g) for g in groups])


def test_island_is_round_not_a_hexagon() -> None:
    board = standard_board()
    centres = [board.grid.centre(board.hex(i), 1.0) for i in range(len(board))]
    cx = sum(x for x, _ in centres) / len(centres)
    cy = sum(y for _, y in centres) / len(centres)
    # A circle with the island's area (a unit hex covers 3√3/2) holds every cell centre;
    # the corners of a hexagonal island of that size would stick out by about 3%.
    radius = math.sqrt(len(board) * 3 * math.sqrt(3) / 2 / math.pi)
    assert max(math.dist(c, (cx, cy)) for c in centres) < radius
    rows = Counter(cell.r for cell in board.grid.cells)
    assert rows[min(rows)] < 7 and rows[max(rows)] < 7


def test_every_landscape_reaches_the_coast_and_the_interior() -> None:
    board = standard_board()
    for key, groups in patches(board).items():
        cells = [c for group in groups for c in group]
        coast = sum(board.grid.is_edge(board.hex(c)) for c in cells)
        inland = sum(
            len(board.neighbours[c]) == 6
            and all(len(board.neighbours[n]) == 6 for n in board.neighbours[c])
            for c in cells
        )
        assert 4 <= coast <= 7, key
        assert inland >= 7, key


def test_cell_names_follow_rows_and_positions() -> None:
    board = standard_board()
    assert board.names[0] == "A1"
    assert board.cell("a1") == 0
    assert board.cell(" O 6 ") == len(board) - 1
    assert board.cell("A7") is None
    assert board.cell("P1") is None


def test_layout_format_rejects_bad_letters_and_off_grid_columns() -> None:
    assert parse_layout("# comment\nF G\n G") == {Hex(0, 0): "F", Hex(1, 0): "G", Hex(0, 1): "G"}
    with pytest.raises(ValueError, match="unknown landscape"):
        parse_layout("F X")
    with pytest.raises(ValueError, match="off the hex grid"):
        parse_layout("FG")
