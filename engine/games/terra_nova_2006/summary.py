"""What Terra Nova (2006) says at the table besides its rules: the turn in words (how many
actions are left), when the island shows something new, and its one forced action — `pass`
when every figure of the player is boxed in (engine/core's hooks).

Nothing in this game is hidden, and it has no tie-break: equal scores share a place.
"""

from __future__ import annotations

from engine.core import Automatic

from . import rules
from .board import standard_board
from .state import ACTIONS_PER_TURN, TerraNova2006State

State = TerraNova2006State


def turn_line(state: State) -> str | None:
    """Whose turn, and what is left of it: a placement, or so many of its three actions."""
    name = state.players[state.current]
    if state.phase == "over":
        return None
    if state.phase == "placement":
        left = state.to_place[state.current]
        return (
            f"Placement, turn {state.turn}: {name} places a figure ({left} of theirs still "
            "to place)."
        )
    left = ACTIONS_PER_TURN - len(state.done)
    stones = f"{state.stones_left} stones left"
    if not state.done:
        return f"Turn {state.turn}: {name} has {left} actions, the first a move; {stones}."
    actions = "1 action" if left == 1 else f"{left} actions"
    return f"Turn {state.turn}: {name} has {actions} left, each a move or a stone; {stones}."


def own_line(state: State, seat: int) -> str:
    on_board = state.board.count(seat)
    figures = "1 figure" if on_board == 1 else f"{on_board} figures"
    line = f"You: {state.scores[seat]} points, {figures} on the island"
    if state.to_place[seat]:
        line += f", {state.to_place[seat]} still to place"
    if state.out[seat]:
        line += f", {state.out[seat]} out of the game"
    return line + "."


class TerraNova2006TableTalk:
    """The core's table hooks for Terra Nova (2006) (mixed into the game class)."""

    def summary(self, state: State, viewer: int | None) -> list[str]:
        line = turn_line(state)
        lines = [] if line is None else [line]
        if viewer is not None and not state.resigned[viewer]:
            lines.append(own_line(state, viewer))
        return lines

    def board_news(self, before: State, after: State) -> bool:
        """The island changed — a figure placed or moved, a stone set, an area scored — or
        the game ended; a pass or a skip shows nothing new."""
        return before.board != after.board or before.phase != after.phase

    def forced(self, state: State, seat: int) -> Automatic | None:
        """`pass`, when it is the seat's turn, no action of it is taken yet and no figure of
        the seat can move: then it is the only legal action."""
        if state.phase != "play" or seat != state.current or state.done:
            return None
        if rules.has_legal_move(standard_board(), state.board, seat, state.moved):
            return None
        return Automatic("pass", "none of their figures can move")
