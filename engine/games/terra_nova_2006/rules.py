"""Movement, stone placement and area detection on the board's cell codes (see state.py)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import takewhile

from engine.core import positions

from .board import Board
from .state import FREE, STONE, MovedFigure


def figures(cells: list[int], seat: int) -> list[int]:
    """The cells of the seat's figures, in board order."""
    return positions(cells, seat)


def figure_moves(
    board: Board, cells: Sequence[int], start: int, moved: Sequence[MovedFigure]
) -> list[int]:
    """The legal destinations of the figure on `start` this turn: straight on over free cells
    only. A figure already moved twice this turn may not end its third move where it began
    the turn."""
    forbidden = forbidden_end(start, moved)
    return [
        cell
        for ray in board.rays[start]
        for cell in takewhile(lambda cell: cells[cell] == FREE, ray)
        if cell != forbidden
    ]


def forbidden_end(start: int, moved: Sequence[MovedFigure]) -> int:
    """The cell the figure on `start` may not end its move on (where it began the turn, once
    it has moved twice this turn), or -1."""
    return next((m.start for m in moved if m.at == start and m.moves == 2), -1)


def is_blocked(board: Board, cells: Sequence[int], start: int) -> bool:
    """Whether no neighbouring cell of `start` is free."""
    return FREE not in map(cells.__getitem__, board.neighbours[start])


def movable_seats(board: Board, cells: Sequence[int], enough: int) -> set[int]:
    """Seats with a figure that has a free neighbouring cell, found in board order until
    `enough` of them are."""
    found: set[int] = set()
    for cell, code in enumerate(cells):
        if code >= 0 and code not in found and not is_blocked(board, cells, cell):
            found.add(code)
            if len(found) >= enough:
                break
    return found


def has_legal_move(board: Board, cells: list[int], seat: int, moved: Sequence[MovedFigure]) -> bool:
    return any(figure_moves(board, cells, cell, moved) for cell in figures(cells, seat))


def stone_cells(board: Board, cells: Sequence[int], moved: Sequence[MovedFigure]) -> list[int]:
    """Free cells next to where a figure moved this turn now stands, in board order."""
    found = {n for m in moved for n in board.neighbours[m.at] if cells[n] == FREE}
    return sorted(found)


def landscape_count(board: Board, cells: Sequence[int]) -> int:
    return len({board.landscape[cell] for cell in cells})


def new_areas(board: Board, cells: Sequence[int], stone: int) -> list[list[int]]:
    """The areas a stone just placed on `stone` closes, in board order.

    Only the stone-free components touching the new stone can have changed; every other
    component is either scored already or has four or more landscapes. A flood stops as soon
    as it meets a fourth landscape and marks the cells it saw as `large`: they all belong to a
    component that is no area, so a later flood that reaches one of them stops too.
    """
    large: set[int] = set()
    areas: list[list[int]] = []
    for origin in board.neighbours[stone]:
        if cells[origin] == STONE or origin in large or any(origin in a for a in areas):
            continue
        component = _flood_small(board, cells, origin, large)
        if component is not None:
            areas.append(sorted(component))
    areas.sort(key=lambda area: area[0])
    return areas


def _flood_small(
    board: Board, cells: Sequence[int], origin: int, large: set[int]
) -> set[int] | None:
    """The component of `origin` if it has at most 3 landscapes; else None, adding to `large`.

    (A depth-first flood, as engine.core.reach floods, written out: every stone placed
    floods up to six components.)"""
    neighbours, landscape = board.neighbours, board.landscape
    component = {origin}
    kinds = {landscape[origin]}
    stack = [origin]
    while stack:
        for cell in neighbours[stack.pop()]:
            if cell in component or cells[cell] == STONE:
                continue
            component.add(cell)
            kinds.add(landscape[cell])
            if cell in large or len(kinds) > 3:
                large |= component
                return None
            stack.append(cell)
    return component
