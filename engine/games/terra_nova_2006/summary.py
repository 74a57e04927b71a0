"""What Terra Nova (2006) says at the table besides its rules: the turn in words (how many
actions are left), when the island shows something new, and its one forced action — `pass`
when every figure of the player is boxed in (engine/core's hooks).

Nothing in this game is hidden, and it has no tie-break: equal scores share a place.
"""

from __future__ import annotations

from engine.core import Automatic, Message, Param, comma_chain, msg, plural_msg

from . import rules
from .board import standard_board
from .state import ACTIONS_PER_TURN, TerraNova2006State

State = TerraNova2006State


def turn_line(state: State) -> Message | None:
    """Whose turn, and what is left of it: a placement, or so many of its three actions."""
    name = state.players[state.current]
    if state.phase == "over":
        return None
    if state.phase == "placement":
        return msg(
            "Placement, turn {turn}: {player} places a figure ({count} of theirs still to place).",
            turn=state.turn,
            player=name,
            count=state.to_place[state.current],
        )
    left = ACTIONS_PER_TURN - len(state.done)
    stones = plural_msg("{count} stones left", "{count} stones left", count=state.stones_left)
    if not state.done:
        return msg(
            "Turn {turn}: {player} has {count} actions, the first a move; {stones}.",
            turn=state.turn,
            player=name,
            count=left,
            stones=stones,
        )
    return msg(
        "Turn {turn}: {player} has {actions} left, each a move or a stone; {stones}.",
        turn=state.turn,
        player=name,
        actions=plural_msg("{count} action", "{count} actions", count=left),
        stones=stones,
    )


def own_line(state: State, seat: int) -> Message:
    parts: list[Param] = [
        plural_msg(
            "You: {points} points, {count} figure on the island",
            "You: {points} points, {count} figures on the island",
            points=state.scores[seat],
            count=state.board.count(seat),
        )
    ]
    if state.to_place[seat]:
        parts.append(msg("{count} still to place", count=state.to_place[seat]))
    if state.out[seat]:
        parts.append(msg("{count} out of the game", count=state.out[seat]))
    return msg("{parts}.", parts=comma_chain(parts))


class TerraNova2006TableTalk:
    """The core's table hooks for Terra Nova (2006) (mixed into the game class)."""

    def summary(self, state: State, viewer: int | None) -> list[Message]:
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
        return Automatic("pass", msg("none of their figures can move"))
