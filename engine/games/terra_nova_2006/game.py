"""Terra Nova (2006): move figures in straight lines, set boundary stones, close small areas.

The rules as implemented, with every house ruling, are in docs/games/terra-nova-2006.md.
This package is the worked example of the engine core (docs/architecture.md): the phase
table below, the checker (checks.py), the action type (actions.py), the copy-on-write turn
builder (turn.py) and the typed view (view.py).
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import BaseState, Game, GameInfo, Message, OptionValue, Phase, Rng, msg, read_info
from engine.core.playout import in_runs
from engine.core.turns import BuilderTurns

from . import rules
from .actions import LINES, MOVE, PASS, PLACE, STONE, Action
from .board import standard_board
from .checks import check
from .state import ACTIONS_PER_TURN, FIGURES_PER_PLAYER, FREE, STONE_SUPPLY, TerraNova2006State
from .summary import TerraNova2006TableTalk
from .turn import TurnBuilder
from .view import TerraNova2006View, build_view

State = TerraNova2006State
BOARD = standard_board()


def _placements(state: State, seat: int) -> list[Action]:
    return in_runs(
        ("place", [PLACE[cell] for cell, code in enumerate(state.board) if code == FREE])
    )


def _turn_actions(state: State, seat: int) -> list[Action]:
    """Moves of the seat's figures; after a move also stones; `pass` when nothing moves."""
    cells, moved = state.board, state.moved
    # Moved twice, a figure may not end its third move where it began the turn.
    barred = {m.at: MOVE[m.at].get(m.start) for m in moved if m.moves == 2}
    actions: list[Action] = []
    add = actions.append
    for cell in rules.figures(cells, seat):
        first = len(actions)
        for line in LINES[cell]:
            for end, move in line:
                if cells[end] != FREE:
                    break
                add(move)
        if cell in barred:  # (found by identity: the actions are the table's own)
            back = barred[cell]
            for index in range(first, len(actions)):
                if actions[index] is back:
                    del actions[index]
                    break
    if not state.done:
        return in_runs(("move", actions)) if actions else [PASS]
    stones = [STONE[cell] for cell in rules.stone_cells(BOARD, cells, moved)]
    return in_runs(("move", actions), ("stone", stones))


#: The phase table: what each phase (`state.phase`) accepts. Both candidate lists are exact.
#: (Once the game is over nobody is to act, so no phase is asked.)
PHASES: dict[str, Phase[State, Action]] = {
    "placement": Phase(
        kinds=frozenset({"place"}),
        candidates=_placements,
        refusal=msg("the game is still in the placement phase; place a figure, e.g. 'place E5'"),
        exact=True,
    ),
    "play": Phase(
        kinds=frozenset({"move", "stone", "pass"}),
        candidates=_turn_actions,
        refusal=msg("all figures are placed; a turn is made of moves and stones"),
        exact=True,
    ),
}


class TerraNova2006(TerraNova2006TableTalk, BuilderTurns[State, Action], Game[State, Action]):
    info: ClassVar[GameInfo] = read_info(__package__)
    state_model: ClassVar[type[BaseState]] = TerraNova2006State

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
            board=[FREE] * len(BOARD),
            stones_left=STONE_SUPPLY,
            open_cells=len(BOARD),
            scores=[0] * count,
            to_place=[FIGURES_PER_PLAYER[count]] * count,
            out=[0] * count,
            resigned=[False] * count,
        )

    # -- turns --------------------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.phase == "over" else frozenset((state.current,))

    def phase(self, state: State, seat: int) -> Phase[State, Action]:
        return PHASES[state.phase]

    def longest_action(self) -> int:
        """A move names two cells; the longest is one between the longest-named cells."""
        longest = max(BOARD.names, key=len)
        return len(f"move {longest} {longest}")

    def max_turn_parts(self) -> int:
        return ACTIONS_PER_TURN

    def parse(self, state: State, text: str) -> Action:
        return Action.parse(text)

    def check(self, state: State, seat: int, action: Action) -> Message | None:
        return check(state, seat, action)

    def builder(self, state: State) -> TurnBuilder:
        return TurnBuilder(state)

    # -- leaving the game ---------------------------------------------------------------

    def has_resigned(self, state: State, seat: int) -> bool:
        return state.resigned[seat]

    # -- the end ------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> list[int]:
        return list(state.scores)

    # -- views --------------------------------------------------------------------------

    def view_of(self, state: State, viewer: int | None) -> TerraNova2006View:
        return build_view(BOARD, state)
