"""The state of a Terra Nova (2006) game: a compact, serialisable pydantic model.

Cells are board indices (see board.py). `board` holds one code per cell: FREE, STONE or the
seat of the figure standing there. Scored areas keep no figures and can never be entered
again, so they need no mark on `board`; they are listed in `areas`.

States are treated as immutable: `apply` builds new lists for what changes and shares the rest.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import BaseState

FREE = -1
STONE = -2

STONE_SUPPLY = 80
ACTIONS_PER_TURN = 3
FIGURES_PER_PLAYER: dict[int, int] = {2: 13, 3: 10, 4: 8}
COLOURS: tuple[str, ...] = ("yellow", "red", "blue", "green")

Phase = Literal["placement", "play", "over"]


class MovedFigure(BaseModel):
    """A figure moved during the current turn: where it began the turn and where it stands."""

    start: int
    at: int
    moves: int


class ScoredArea(BaseModel):
    """An area that was closed and scored. Each winner received `share` points."""

    cells: list[int]
    landscapes: int
    points: int
    winners: list[int]
    share: int
    turn: int


class TurnRecord(BaseModel):
    """What one seat did in one turn (the view's `last_turn`)."""

    turn: int
    seat: int
    moves: list[tuple[int, int]] = Field(default_factory=list)
    stones: list[int] = Field(default_factory=list)
    placed: int | None = None
    passed: bool = False
    areas: list[int] = Field(default_factory=list)


class TerraNova2006State(BaseState):
    phase: Phase
    turn: int
    current: int
    board: list[int]
    stones_left: int
    open_cells: int
    scores: list[int]
    to_place: list[int]
    out: list[int]
    resigned: list[bool]
    done: str = ""
    moved: list[MovedFigure] = Field(default_factory=list)
    areas: list[ScoredArea] = Field(default_factory=list)
    last_turn: TurnRecord | None = None
    end_reason: str | None = None
