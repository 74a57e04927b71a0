"""Hex-grid helpers on a small hexagonal board of radius 2 (19 cells, rows A–E).

Row by row (axial q from left to right):  A: q 0..2   B: q -1..2   C: q -2..2   D: q -2..1
E: q -2..0. So A1 is the top-left corner, C3 the centre and E3 the bottom-right corner.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from engine.core.groups import components, flood
from engine.core.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex, HexBoard, HexGrid

CENTRE = Hex(0, 0)


def hexagon(radius: int) -> HexGrid:
    return HexGrid(
        Hex(q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    )


@pytest.fixture(scope="module")
def grid() -> HexGrid:
    return hexagon(2)


def cell_at(grid: HexGrid, name: str) -> Hex:
    cell = grid.parse(name)
    assert cell is not None, name
    return cell


def named(grid: HexGrid, *names: str) -> set[Hex]:
    return {cell_at(grid, name) for name in names}


# -- directions ---------------------------------------------------------------------------


def test_six_distinct_unit_directions_in_opposite_pairs() -> None:
    assert len(set(DIRECTIONS)) == 6
    assert all(CENTRE.distance(d) == 1 for d in DIRECTIONS)
    for i in range(3):
        assert DIRECTIONS[i] + DIRECTIONS[i + 3] == CENTRE


@pytest.mark.parametrize(
    ("name", "degrees"),
    [("e", 0), ("se", 60), ("sw", 120), ("w", 180), ("nw", 240), ("ne", 300)],
)
def test_direction_names_match_the_drawn_board(name: str, degrees: int) -> None:
    """Pixel y grows downwards, so 'se' lies at +60° and the names run clockwise."""
    x, y = HexGrid.centre(DIRECTIONS[DIRECTION_NAMES.index(name)], 1.0)
    assert math.degrees(math.atan2(y, x)) % 360 == pytest.approx(degrees)


# -- cells, names and parsing -------------------------------------------------------------


def test_cells_are_in_board_order_and_named_row_by_row(grid: HexGrid) -> None:
    assert len(grid) == 19
    assert list(grid) == sorted(grid, key=lambda h: (h.r, h.q))
    assert grid.names()[:3] == ["A1", "A2", "A3"]
    assert grid.names()[-3:] == ["E1", "E2", "E3"]
    assert grid.row_letters() == ["A", "B", "C", "D", "E"]
    assert grid.name(Hex(0, -2)) == "A1"
    assert grid.name(CENTRE) == "C3"
    assert grid.name(Hex(0, 2)) == "E3"


def test_names_count_from_the_left_even_when_rows_are_shifted(grid: HexGrid) -> None:
    for letter in grid.row_letters():
        row = [cell_at(grid, n) for n in grid.names() if n[0] == letter]
        xs = [HexGrid.centre(cell, 10.0)[0] for cell in row]
        assert xs == sorted(xs)


def test_every_name_parses_back_to_its_cell(grid: HexGrid) -> None:
    assert len(set(grid.names())) == len(grid)
    for cell in grid:
        assert grid.parse(grid.name(cell)) == cell


@pytest.mark.parametrize("text", ["C3", "c3", "C 3", " c  3 ", "C03", "\tc3\n"])
def test_parse_is_lenient_about_case_and_spaces(grid: HexGrid, text: str) -> None:
    assert grid.parse(text) == CENTRE


@pytest.mark.parametrize(
    "text", ["", "C", "3", "C6", "A4", "F1", "Z9", "C0", "3C", "CC3", "C-3", "C3x", "C 3 4", "C123"]
)
def test_parse_returns_none_for_anything_not_on_the_board(grid: HexGrid, text: str) -> None:
    assert grid.parse(text) is None


def test_contains_only_grid_cells(grid: HexGrid) -> None:
    assert CENTRE in grid
    assert Hex(3, 0) not in grid
    assert (0, 0) in grid  # a Hex is a tuple; plain coordinate pairs work too
    assert "C3" not in grid


def test_rows_need_not_start_at_zero() -> None:
    grid = HexGrid([Hex(5, 7), Hex(6, 7), Hex(5, 8)])
    assert grid.first_row == 7
    assert grid.names() == ["A1", "A2", "B1"]


# -- neighbours and the edge ---------------------------------------------------------------


def test_the_centre_has_all_six_neighbours(grid: HexGrid) -> None:
    assert set(grid.neighbours(CENTRE)) == {CENTRE + d for d in DIRECTIONS}


def test_a_corner_has_only_its_on_board_neighbours(grid: HexGrid) -> None:
    assert set(grid.neighbours(Hex(0, -2))) == named(grid, "A2", "B1", "B2")


def test_neighbourhood_is_symmetric_and_means_distance_one(grid: HexGrid) -> None:
    for cell in grid:
        for other in grid:
            adjacent = other in grid.neighbours(cell)
            assert adjacent == (cell in grid.neighbours(other))
            assert adjacent == (cell.distance(other) == 1)


def test_edge_cells_are_exactly_the_outer_ring(grid: HexGrid) -> None:
    for cell in grid:
        assert grid.is_edge(cell) == (cell.distance(CENTRE) == 2)
    assert sum(grid.is_edge(cell) for cell in grid) == 12


def test_a_single_cell_grid_is_all_edge() -> None:
    lonely = HexGrid([CENTRE])
    assert lonely.neighbours(CENTRE) == ()
    assert lonely.is_edge(CENTRE)


# -- straight lines -------------------------------------------------------------------------


def test_ray_runs_to_the_board_edge_and_stops(grid: HexGrid) -> None:
    east = DIRECTIONS[DIRECTION_NAMES.index("e")]
    assert [grid.name(c) for c in grid.ray(cell_at(grid, "C1"), east)] == [
        "C2",
        "C3",
        "C4",
        "C5",
    ]
    assert list(grid.ray(cell_at(grid, "C5"), east)) == []


def test_diagonal_ray_crosses_every_row(grid: HexGrid) -> None:
    south_east = DIRECTIONS[DIRECTION_NAMES.index("se")]
    ray = [grid.name(c) for c in grid.ray(Hex(0, -2), south_east)]
    assert ray == ["B2", "C3", "D3", "E3"]


def test_ray_cells_step_one_further_each(grid: HexGrid) -> None:
    for start in grid:
        for direction in DIRECTIONS:
            cells = list(grid.ray(start, direction))
            assert [start.distance(c) for c in cells] == list(range(1, len(cells) + 1))
            assert all(c in grid for c in cells)
            beyond = (cells[-1] if cells else start) + direction
            assert beyond not in grid


def test_ray_does_not_jump_a_gap() -> None:
    gapped = HexGrid([Hex(0, 0), Hex(1, 0), Hex(3, 0)])
    assert list(gapped.ray(Hex(0, 0), Hex(1, 0))) == [Hex(1, 0)]


# -- distance ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (Hex(0, 0), Hex(0, 0), 0),
        (Hex(0, -2), Hex(0, 2), 4),
        (Hex(2, -2), Hex(-2, 2), 4),
        (Hex(0, -2), Hex(2, 0), 4),
        (Hex(-2, 0), Hex(2, 0), 4),
        (Hex(0, 0), Hex(1, 1), 2),
        (Hex(0, 0), Hex(1, -1), 1),
    ],
)
def test_distance(a: Hex, b: Hex, expected: int) -> None:
    assert a.distance(b) == expected
    assert b.distance(a) == expected


# -- the core's groups on a hex grid ---------------------------------------------------------


def flood_fill(grid: HexGrid, start: Hex, passable: Callable[[Hex], bool]) -> set[Hex]:
    if not passable(start):
        return set()
    return flood(start, lambda cell: (n for n in grid.neighbours(cell) if passable(n)))


def grid_components(grid: HexGrid, passable: Callable[[Hex], bool]) -> list[set[Hex]]:
    return components(filter(passable, grid), grid.neighbours)


def test_flood_fill_reaches_the_whole_open_board(grid: HexGrid) -> None:
    assert flood_fill(grid, CENTRE, lambda _: True) == set(grid)


def test_flood_fill_from_a_blocked_cell_is_empty(grid: HexGrid) -> None:
    assert flood_fill(grid, CENTRE, lambda cell: cell != CENTRE) == set()


def test_flood_fill_stops_at_a_wall(grid: HexGrid) -> None:
    def open_cell(cell: Hex) -> bool:
        return cell.r != 0  # row C is a wall across the board

    above = flood_fill(grid, Hex(0, -2), open_cell)
    assert above == {cell for cell in grid if cell.r < 0}
    assert len(above) == 7


def test_flood_fill_does_not_leave_the_board() -> None:
    strip = HexGrid([Hex(0, 0), Hex(1, 0)])
    assert flood_fill(strip, Hex(0, 0), lambda _: True) == {Hex(0, 0), Hex(1, 0)}


def test_components_split_by_a_wall_in_board_order(grid: HexGrid) -> None:
    groups = grid_components(grid, lambda cell: cell.r != 0)
    assert groups == [
        {cell for cell in grid if cell.r < 0},
        {cell for cell in grid if cell.r > 0},
    ]


def test_components_of_scattered_cells(grid: HexGrid) -> None:
    corners = named(grid, "A1", "A3", "C1", "C5", "E1", "E3")
    groups = grid_components(grid, lambda cell: cell in corners)
    assert len(groups) == 6
    assert [grid.name(next(iter(g))) for g in groups] == ["A1", "A3", "C1", "C5", "E1", "E3"]


def test_components_of_everything_and_nothing(grid: HexGrid) -> None:
    assert grid_components(grid, lambda _: True) == [set(grid)]
    assert grid_components(grid, lambda _: False) == []


# -- pixel centres -----------------------------------------------------------------------------


def test_pixel_centres(grid: HexGrid) -> None:
    size = 10.0
    assert HexGrid.centre(CENTRE, size) == (0.0, 0.0)
    assert HexGrid.centre(Hex(1, 0), size) == pytest.approx((size * math.sqrt(3), 0.0))
    assert HexGrid.centre(Hex(0, 1), size) == pytest.approx((size * math.sqrt(3) / 2, 15.0))
    for cell in grid:
        x, y = HexGrid.centre(cell, size)
        for n in grid.neighbours(cell):
            nx, ny = HexGrid.centre(n, size)
            assert math.hypot(nx - x, ny - y) == pytest.approx(size * math.sqrt(3))


def test_a_hex_board_numbers_its_cells_in_board_order() -> None:
    board = HexBoard.of(hexagon(1))  # rows A (2 cells), B (3), C (2)
    assert board.names == ("A1", "A2", "B1", "B2", "B3", "C1", "C2")
    assert len(board) == 7
    assert board.hex(3) == CENTRE and board.index[CENTRE] == 3
    assert board.cell(" b 2") == 3 and board.cell("C3") is None
    assert board.neighbours[3] == (4, 6, 5, 2, 0, 1)  # clockwise from east
    assert board.neighbours[0] == (1, 3, 2)
