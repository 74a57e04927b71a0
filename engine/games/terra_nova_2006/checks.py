"""The checker: why an action of a kind the phase accepts is refused now (None if allowed).

Each function reads the state only and answers in one friendly sentence that says what would
be right. The phase table in game.py has already refused kinds the phase does not accept.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Message, msg

from . import rules
from .actions import Action
from .board import standard_board
from .state import FREE, TerraNova2006State

State = TerraNova2006State


def check(state: State, seat: int, action: Action) -> Message | None:
    return _CHECKS[action.kind](state, seat, action)


def _place(state: State, seat: int, action: Action) -> Message | None:
    (cell,) = action.cells
    if state.board[cell] != FREE:
        return msg("{cell} is not empty", cell=standard_board().names[cell])
    return None


def _pass(state: State, seat: int, action: Action) -> Message | None:
    if state.done:
        return msg(
            "passing is only for the start of a turn; you must take your remaining "
            "actions while any is possible"
        )
    if rules.has_legal_move(standard_board(), state.board, seat, state.moved):
        return msg("you can still move a figure, so you may not pass")
    return None


def _stone(state: State, seat: int, action: Action) -> Message | None:
    board, cells = standard_board(), state.board
    names, (cell,) = board.names, action.cells
    if not state.done:
        return msg("the first action of a turn must be a move")
    if cells[cell] != FREE:
        return msg(
            "{cell} already holds {what}; stones go on free cells",
            cell=names[cell],
            what=_holder(state, cell),
        )
    if cell not in rules.stone_cells(board, cells, state.moved):
        where = (
            msg(
                "moved figures stand on {cells}",
                cells=", ".join(names[m.at] for m in state.moved),
            )
            if state.moved
            else msg("the figure you moved has left the game")
        )
        return msg(
            "{cell} is not next to a figure you moved this turn ({where})",
            cell=names[cell],
            where=where,
        )
    return None


def _move(state: State, seat: int, action: Action) -> Message | None:
    board, cells = standard_board(), state.board
    names, (start, end) = board.names, action.cells
    if cells[start] != seat:
        if cells[start] >= 0:
            return msg(
                "the figure on {cell} is {player}'s, not yours",
                cell=names[start],
                player=state.players[cells[start]],
            )
        return msg("there is no figure of yours on {cell}", cell=names[start])
    if rules.is_blocked(board, cells, start):
        return msg(
            "the figure on {cell} is blocked (every neighbouring cell holds a "
            "figure or a stone); move another figure",
            cell=names[start],
        )
    if start == end:
        return msg("a move must go at least one cell")
    line = next((ray for ray in board.rays[start] if end in ray), None)
    if line is None:
        return msg(
            "{end} is not in a straight line from {start}", end=names[end], start=names[start]
        )
    for cell in line[: line.index(end) + 1]:
        if cells[cell] != FREE:
            what = _holder(state, cell)
            if cell == end:
                return msg("{cell} already holds {what}", cell=names[end], what=what)
            return msg(
                "{start} → {end} jumps over {what} on {cell}; "
                "a move stops at the latest before a figure or stone",
                start=names[start],
                end=names[end],
                what=what,
                cell=names[cell],
            )
    if end not in rules.figure_moves(board, cells, start, state.moved):
        return msg(
            "after three moves the figure would stand on {cell} again, where it began this turn",
            cell=names[end],
        )
    return None


def _holder(state: State, cell: int) -> Message:
    code = state.board[cell]
    if code < FREE:
        return msg("a stone")
    return msg("{player}'s figure", player=state.players[code])


_CHECKS: dict[str, Callable[[State, int, Action], Message | None]] = {
    "place": _place,
    "pass": _pass,
    "stone": _stone,
    "move": _move,
}
