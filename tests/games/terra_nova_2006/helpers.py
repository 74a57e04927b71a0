"""Building Terra Nova (2006) positions directly, and playing actions on them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.core import Event
from engine.games.terra_nova_2006 import TerraNova2006, TerraNova2006State, standard_board
from engine.games.terra_nova_2006.state import (
    FREE,
    STONE,
    STONE_SUPPLY,
    MovedFigure,
    Phase,
    ScoredArea,
)

GAME = TerraNova2006()
BOARD = standard_board()
NAMES = ("alice", "bob", "carol", "dave")


def cell(name: str) -> int:
    index = BOARD.cell(name)
    assert index is not None, name
    return index


def cells(names: Iterable[str]) -> list[int]:
    return [cell(name) for name in names]


def names(indices: Iterable[int]) -> list[str]:
    return [BOARD.names[i] for i in sorted(indices)]


def boundary(area: Iterable[str]) -> list[str]:
    """The cells next to `area` outside it: stones there (and the edge) enclose it."""
    inside = set(cells(area))
    return names({n for c in inside for n in BOARD.neighbours[c] if n not in inside})


def landscapes(area: Iterable[str]) -> set[str]:
    return {BOARD.landscape_key(c) for c in cells(area)}


def position(
    players: int = 2,
    figures: Mapping[str, int] | None = None,
    stones: Iterable[str] = (),
    current: int = 0,
    done: str = "",
    moved: Iterable[tuple[str, str, int]] = (),
    stones_left: int = STONE_SUPPLY - 10,
    closed: Iterable[str] = (),
    scores: list[int] | None = None,
    phase: Phase = "play",
) -> TerraNova2006State:
    """A play-phase position: figures by cell name, stones, and cells already scored.

    `moved` lists (start, now, moves) of figures moved earlier in the current turn; `closed`
    cells form one area scored earlier with nobody in it.
    """
    state = GAME.new_game(NAMES[:players], seed=1)
    stone_list = list(stones)
    board = [FREE] * len(BOARD)
    for name, seat in (figures or {}).items():
        board[cell(name)] = seat
    for name in stone_list:
        board[cell(name)] = STONE
    closed_cells = cells(closed)
    areas = [
        ScoredArea(cells=sorted(closed_cells), landscapes=3, points=0, winners=[], share=0, turn=1)
    ]
    open_cells = len(BOARD) - len(stone_list) - len(closed_cells)
    return state.model_copy(
        update={
            "phase": phase,
            "turn": 30,
            "current": current,
            "board": board,
            "stones_left": stones_left,
            "open_cells": open_cells,
            "scores": scores or [0] * players,
            "to_place": [0] * players,
            "done": done,
            "moved": [MovedFigure(start=cell(a), at=cell(b), moves=n) for a, b, n in moved],
            "areas": areas if closed_cells else [],
        }
    )


def play(
    state: TerraNova2006State, seat: int, *texts: str
) -> tuple[TerraNova2006State, list[Event]]:
    """Apply each text in turn for `seat`; return the final state and all events."""
    events: list[Event] = []
    for text in texts:
        state, new = GAME.apply(state, seat, text)
        events.extend(new)
    return state, events


def texts(events: Iterable[Event]) -> list[str]:
    return [event.text for event in events]
