"""Movement, stone placement and area detection on the board's cell codes (see state.py)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .board import Board
from .state import FREE, STONE, MovedFigure


def destinations(board: Board, cells: Sequence[int], start: int) -> Iterator[int]:
    """Every cell the figure on `start` may move to: straight on over free cells only."""
    for ray in board.rays[start]:
        for cell in ray:
            if cells[cell] != FREE:
                break
            yield cell


def figure_moves(
    board: Board, cells: Sequence[int], start: int, moved: Sequence[MovedFigure]
) -> Iterator[int]:
    """The legal destinations of the figure on `start` this turn.

    A figure already moved twice this turn may not end its third move where it began the turn.
    """
    forbidden = next((m.start for m in moved if m.at == start and m.moves == 2), None)
    for cell in destinations(board, cells, start):
        if cell != forbidden:
            yield cell


def is_blocked(board: Board, cells: Sequence[int], start: int) -> bool:
    return all(cells[n] != FREE for n in board.neighbours[start])


def can_move(board: Board, cells: Sequence[int], seat: int) -> bool:
    """Whether any figure of `seat` has a free neighbouring cell."""
    return any(
        code == seat and not is_blocked(board, cells, cell) for cell, code in enumerate(cells)
    )


def has_legal_move(
    board: Board, cells: Sequence[int], seat: int, moved: Sequence[MovedFigure]
) -> bool:
    return any(
        code == seat and next(figure_moves(board, cells, cell, moved), None) is not None
        for cell, code in enumerate(cells)
    )


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
    """The component of `origin` if it has at most 3 landscapes; else None, adding to `large`."""
    component = {origin}
    kinds = {board.landscape[origin]}
    stack = [origin]
    while stack:
        cell = stack.pop()
        for n in board.neighbours[cell]:
            if n in component or cells[n] == STONE:
                continue
            component.add(n)
            kinds.add(board.landscape[n])
            if n in large or len(kinds) > 3:
                large |= component
                return None
            stack.append(n)
    return component
