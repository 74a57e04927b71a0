"""The checker: why an action of a kind the phase accepts is refused now (None if allowed).

Each function reads the state only and answers in one friendly sentence that says what would
be right. The phase table in game.py has already refused kinds the phase does not accept.
"""

from __future__ import annotations

from collections.abc import Callable

from . import rules
from .actions import Action
from .board import standard_board
from .state import FREE, TerraNova2006State

State = TerraNova2006State


def check(state: State, seat: int, action: Action) -> str | None:
    return _CHECKS[action.kind](state, seat, action)


def _place(state: State, seat: int, action: Action) -> str | None:
    (cell,) = action.cells
    if state.board[cell] != FREE:
        return f"{standard_board().names[cell]} is not empty"
    return None


def _pass(state: State, seat: int, action: Action) -> str | None:
    if state.done:
        return (
            "passing is only for the start of a turn; you must take your remaining "
            "actions while any is possible"
        )
    if rules.has_legal_move(standard_board(), state.board, seat, state.moved):
        return "you can still move a figure, so you may not pass"
    return None


def _stone(state: State, seat: int, action: Action) -> str | None:
    board, cells = standard_board(), state.board
    names, (cell,) = board.names, action.cells
    if not state.done:
        return "the first action of a turn must be a move"
    if cells[cell] != FREE:
        return f"{names[cell]} already holds {_holder(state, cell)}; stones go on free cells"
    if cell not in rules.stone_cells(board, cells, state.moved):
        where = (
            f"moved figures stand on {', '.join(names[m.at] for m in state.moved)}"
            if state.moved
            else "the figure you moved has left the game"
        )
        return f"{names[cell]} is not next to a figure you moved this turn ({where})"
    return None


def _move(state: State, seat: int, action: Action) -> str | None:
    board, cells = standard_board(), state.board
    names, (start, end) = board.names, action.cells
    if cells[start] != seat:
        if cells[start] >= 0:
            return f"the figure on {names[start]} is {state.players[cells[start]]}'s, not yours"
        return f"there is no figure of yours on {names[start]}"
    if rules.is_blocked(board, cells, start):
        return (
            f"the figure on {names[start]} is blocked (every neighbouring cell holds a "
            "figure or a stone); move another figure"
        )
    if start == end:
        return "a move must go at least one cell"
    line = next((ray for ray in board.rays[start] if end in ray), None)
    if line is None:
        return f"{names[end]} is not in a straight line from {names[start]}"
    for cell in line[: line.index(end) + 1]:
        if cells[cell] != FREE:
            what = _holder(state, cell)
            if cell == end:
                return f"{names[end]} already holds {what}"
            return (
                f"{names[start]} → {names[end]} jumps over {what} on {names[cell]}; "
                "a move stops at the latest before a figure or stone"
            )
    if end not in rules.figure_moves(board, cells, start, state.moved):
        return (
            f"after three moves the figure would stand on {names[end]} again, "
            "where it began this turn"
        )
    return None


def _holder(state: State, cell: int) -> str:
    code = state.board[cell]
    return "a stone" if code < FREE else f"{state.players[code]}'s figure"


_CHECKS: dict[str, Callable[[State, int, Action], str | None]] = {
    "place": _place,
    "pass": _pass,
    "stone": _stone,
    "move": _move,
}
