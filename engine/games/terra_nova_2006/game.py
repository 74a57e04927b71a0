"""Terra Nova (2006): move figures in straight lines, set boundary stones, close small areas.

The rules as implemented, with every house ruling, are in docs/games/terra-nova-2006.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import (
    ActionText,
    BaseState,
    Game,
    GameInfo,
    GameOver,
    IllegalAction,
    NotYourTurn,
    OptionValue,
    Result,
    Rng,
    nearest,
)

from . import rules
from .board import Board, standard_board
from .notation import Action, action_text, move_text, parse_action
from .state import (
    ACTIONS_PER_TURN,
    FIGURES_PER_PLAYER,
    FREE,
    STONE_SUPPLY,
    TerraNova2006State,
)
from .turn import TurnBuilder
from .view import build_view, ranking

State = TerraNova2006State


class TerraNova2006(Game[TerraNova2006State]):
    info: ClassVar[GameInfo] = GameInfo(
        key="terra-nova-2006",
        name="Terra Nova (2006)",
        min_players=2,
        max_players=4,
        summary=(
            "Move your figures in straight lines and set boundary stones to close areas of "
            "at most three landscapes; whoever has most figures inside scores the area."
        ),
    )
    state_model: ClassVar[type[BaseState]] = TerraNova2006State

    @property
    def board(self) -> Board:
        return standard_board()

    # -- set-up -------------------------------------------------------------------------

    def setup(self, players: list[str], seed: int, options: dict[str, OptionValue]) -> State:
        count = len(players)
        return TerraNova2006State(
            players=players,
            options=options,
            rng=Rng(seed=seed),
            phase="placement",
            turn=1,
            current=0,
            board=[FREE] * len(self.board),
            stones_left=STONE_SUPPLY,
            open_cells=len(self.board),
            scores=[0] * count,
            to_place=[FIGURES_PER_PLAYER[count]] * count,
            out=[0] * count,
            resigned=[False] * count,
        )

    # -- turns --------------------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.phase == "over" else frozenset((state.current,))

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if state.phase == "over" or seat != state.current:
            return []
        board, names = self.board, self.board.names
        if state.phase == "placement":
            return [f"place {names[c]}" for c, code in enumerate(state.board) if code == FREE]
        actions = [
            move_text(board, cell, end)
            for cell, code in enumerate(state.board)
            if code == seat
            for end in rules.figure_moves(board, state.board, cell, state.moved)
        ]
        if not state.done:
            return actions or ["pass"]
        actions.extend(
            f"stone {names[c]}" for c in rules.stone_cells(board, state.board, state.moved)
        )
        return actions

    def longest_action(self) -> int:
        """A move names two cells; the longest is one between the longest-named cells."""
        longest = max(range(len(self.board)), key=lambda cell: len(self.board.names[cell]))
        return len(move_text(self.board, longest, longest))

    def max_turn_parts(self) -> int:
        return ACTIONS_PER_TURN

    def apply_action(self, state: State, seat: int, text: str) -> Result[State]:
        action = parse_action(self.board, text, lambda: self.legal_actions(state, seat))
        why = self._why_illegal(state, seat, action)
        if why is not None:
            raise IllegalAction(text, why, nearest(text, self.legal_actions(state, seat)))
        turn = TurnBuilder(self.board, state)
        if action.kind == "place":
            turn.place(action.cells[0])
        elif action.kind == "move":
            turn.move(action.cells[0], action.cells[1])
        elif action.kind == "stone":
            turn.stone(action.cells[0])
        else:
            turn.pass_turn()
        return Result(turn.finish(), turn.events)

    def describe_action(self, state: State, seat: int, text: str) -> ActionText:
        """Every action is public; `E5-E8` and `Move e5 → e8` read as `move E5 E8`."""
        action = parse_action(self.board, text, lambda: self.legal_actions(state, seat))
        written = action_text(self.board, action)
        return ActionText(written, written)

    def _why_illegal(self, state: State, seat: int, action: Action) -> str | None:
        """Why the rules forbid `action` now, or None if it is allowed."""
        board, cells, names = self.board, state.board, self.board.names
        if state.phase == "placement":
            if action.kind != "place":
                return "the game is still in the placement phase; place a figure, e.g. 'place E5'"
            if cells[action.cells[0]] != FREE:
                return f"{names[action.cells[0]]} is not empty"
            return None
        if action.kind == "place":
            return "all figures are placed; a turn is made of moves and stones"
        if action.kind == "pass":
            if state.done:
                return (
                    "passing is only for the start of a turn; you must take your remaining "
                    "actions while any is possible"
                )
            if rules.has_legal_move(board, cells, seat, state.moved):
                return "you can still move a figure, so you may not pass"
            return None
        if action.kind == "stone":
            return self._why_no_stone(state, action.cells[0])
        return self._why_no_move(state, seat, *action.cells)

    def _why_no_stone(self, state: State, cell: int) -> str | None:
        names, cells = self.board.names, state.board
        if not state.done:
            return "the first action of a turn must be a move"
        if cells[cell] != FREE:
            holds = "a stone" if cells[cell] < FREE else f"{state.players[cells[cell]]}'s figure"
            return f"{names[cell]} already holds {holds}; stones go on free cells"
        if cell not in rules.stone_cells(self.board, cells, state.moved):
            where = (
                f"moved figures stand on {', '.join(names[m.at] for m in state.moved)}"
                if state.moved
                else "the figure you moved has left the game"
            )
            return f"{names[cell]} is not next to a figure you moved this turn ({where})"
        return None

    def _why_no_move(self, state: State, seat: int, start: int, end: int) -> str | None:
        board, cells, names = self.board, state.board, self.board.names
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
                what = "a stone" if cells[cell] < FREE else f"{state.players[cells[cell]]}'s figure"
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

    # -- leaving the game ---------------------------------------------------------------

    def resign(self, state: State, seat: int) -> Result[State]:
        if state.phase == "over":
            raise GameOver("resign")
        if state.resigned[seat]:
            raise IllegalAction("resign", f"{state.players[seat]} has already resigned")
        turn = TurnBuilder(self.board, state)
        turn.resign(seat)
        return Result(turn.finish(), turn.events)

    def skip(self, state: State, seat: int) -> Result[State]:
        if state.phase == "over":
            raise GameOver("skip")
        if seat != state.current:
            raise NotYourTurn("skip", state.players[seat], [state.players[state.current]])
        turn = TurnBuilder(self.board, state)
        turn.skip()
        return Result(turn.finish(), turn.events)

    # -- the end ------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> list[int]:
        return list(state.scores)

    def ranking(self, state: State) -> list[list[int]]:
        return ranking(state)

    # -- views --------------------------------------------------------------------------

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return build_view(self.board, state)
